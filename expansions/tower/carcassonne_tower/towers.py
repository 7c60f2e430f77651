"""The turn's tower actions (tower.md §3): a piece on any foundation or open tower of the board,
or a follower from the supply on top of an open tower (height 1 or more), which closes it.

Both replace the figure on the tile just placed, so they are offered with the figure actions.
A follower on top of a tower is an ordinary figure on the tile's ``tower`` feature (so that it
can be captured, shown and saved like any figure); the plugin keeps it off bare foundations.
"""

from __future__ import annotations

from carcassonne import Action, Decision, GameConfig, GameState, PlaceFigure
from carcassonne.events import Event
from carcassonne_tower import capture
from carcassonne_tower.common import (
    CAPTURE_DECISION,
    FLOOR,
    NAME,
    NEUTRAL_OWNER,
    TOWER,
    AddFloor,
    board_index,
    grown,
)

#: id(supply) -> (that supply, the config, the follower kinds in it, in name order). A supply is
#: never changed (the engine makes a new one for every change, and clones share them), so the
#: answer for one is kept: asked in every figure phase, where it is the same most turns.
_TOPS: dict[int, tuple[object, GameConfig, tuple[str, ...]]] = {}


def top_kinds(state: GameState, player: int) -> tuple[str, ...]:
    """The figure kinds ``player`` may put on top of a tower now: the meeple and every follower
    kind (the large meeple), not the abbot, mayor, wagon or barn (tower.md §8.1)."""
    supply, config = state.supply[player], state.config
    cached = _TOPS.get(id(supply))
    if cached is not None and cached[0] is supply and cached[1] is config:
        return cached[2]
    kinds = tuple(name for name in sorted(config.followers) if supply.get(name, 0) > 0)
    if len(_TOPS) >= 256:
        _TOPS.clear()
    _TOPS[id(supply)] = (supply, config, kinds)
    return kinds


def options(state: GameState, player: int) -> list[Action]:
    """Every tower action of ``player`` in the figure phase: a piece on each open foundation
    or tower while they have one, a follower on each open tower of height 1 or more.

    The hook itself (``carcassonne_figure_actions``), asked in every figure phase. In random
    play about half the figure phases come after the player's pieces are gone, and a tower
    closed by a follower stays closed most of the game: so the open towers are looked for
    only among those that could take something."""
    index = board_index(state)
    offers = index.offers
    if not offers:
        return []
    tops = top_kinds(state, player)
    left = state.ext.get(NAME)
    figures_on = state.figures_on
    new = tuple.__new__  # builds actions without their Python-level __new__ (every turn)
    if left and left[player] > 0:  # type: ignore[index]
        floors = [action for feature, action in offers if not figures_on(feature)]
        if not tops:
            return list(floors)
        squares = grown(state, index)
        out: list[Action] = list(floors)
        out += [
            new(PlaceFigure, (kind, a.x, a.y, TOWER))
            for a in floors
            if (a.x, a.y) in squares
            for kind in tops
        ]
        return out
    if not tops:
        return []
    squares = grown(state, index)
    return [
        new(PlaceFigure, (kind, x, y, TOWER))
        for feature, (x, y) in offers
        if (x, y) in squares and not figures_on(feature)
        for kind in tops
    ]


def veto(state: GameState, actions: list[Action]) -> list[Action]:
    """Followers other rules offer on a foundation: the base game on every free feature of the
    tile just placed, the Princess & the Dragon's portal on every free feature of the board.
    None goes on a bare foundation (no tower piece on it yet), and only the kinds that may
    stand on a tower go on top of one (tower.md §8.1). The offers of :func:`options` pass: they
    are exactly those.

    The hook itself (``carcassonne_veto_figure_actions``)."""
    on_towers = [a for a in actions if type(a) is PlaceFigure and a.location == TOWER]
    if not on_towers:
        return []
    squares = grown(state, board_index(state))
    allowed = top_kinds(state, state.player)
    return [a for a in on_towers if (a.x, a.y) not in squares or a.figure not in allowed]


def add_floor(state: GameState, action: AddFloor) -> list[Event]:
    """One piece from the player's supply onto the tower; then the capture decision, when
    the tower sees a follower."""
    events: list[Event] = []
    player = state.player
    left = list(state.ext[NAME])  # type: ignore[call-overload]
    left[player] -= 1
    state.ext[NAME] = tuple(left)
    state.put_piece(FLOOR, NEUTRAL_OWNER, action.x, action.y, TOWER, events)
    if capture.targets(state, action.x, action.y):
        # nothing in sight, no decision: not even one that only a ransom would keep open; the
        # targets found are kept for the decision (capture.targets)
        state.ask(Decision(CAPTURE_DECISION, player, (action.x, action.y)))
    return events
