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
    built,
    floor_offers,
    height,
    pieces_left,
)

#: id(config) -> (that config, its follower kinds in name order): asked in every figure phase.
_FOLLOWERS: dict[int, tuple[object, tuple[str, ...]]] = {}


def _followers(config: GameConfig) -> tuple[str, ...]:
    cached = _FOLLOWERS.get(id(config))
    if cached is not None and cached[0] is config:
        return cached[1]
    if len(_FOLLOWERS) >= 64:
        _FOLLOWERS.clear()
    kinds = tuple(sorted(config.followers))
    _FOLLOWERS[id(config)] = (config, kinds)
    return kinds


def top_kinds(state: GameState, player: int) -> list[str]:
    """The figure kinds ``player`` may put on top of a tower now: the meeple and every follower
    kind (the large meeple), not the abbot, mayor, wagon or barn (tower.md §8.1)."""
    supply = state.supply[player]
    return [name for name in _followers(state.config) if supply.get(name, 0) > 0]


def options(state: GameState, player: int) -> list[Action]:
    """Every tower action of ``player`` in the figure phase: a piece on each open foundation
    or tower while they have one, a follower on each open tower of height 1 or more.

    In random play about half the figure phases come after the player's pieces are gone, and
    a tower closed by a follower stays closed most of the game: so the open towers are looked
    for only among those that could take something."""
    offers = floor_offers(state)
    if not offers:
        return []
    tops = top_kinds(state, player)
    figures_on = state.figures_on
    new = tuple.__new__  # builds actions without their Python-level __new__ (every turn)
    if pieces_left(state, player) > 0:
        floors = [action for feature, action in offers if not figures_on(feature)]
        out: list[Action] = list(floors)
        if tops:
            grown = built(state)
            out += [
                new(PlaceFigure, (kind, a.x, a.y, TOWER))
                for a in floors
                if (a.x, a.y) in grown
                for kind in tops
            ]
        return out
    if not tops:
        return []
    grown = built(state)
    return [
        new(PlaceFigure, (kind, x, y, TOWER))
        for feature, (x, y) in offers
        if (x, y) in grown and not figures_on(feature)
        for kind in tops
    ]


def veto(state: GameState, actions: list[Action]) -> list[Action]:
    """Figures offered on the foundation of the tile just placed by other rules (the base game
    offers followers on every free feature of that tile): none on a bare foundation, and only
    the kinds that may stand on a tower. Elsewhere only :func:`options` offers them."""
    last = state.last_tile
    if last is None or TOWER not in state.board[last].rot.by_location:
        return []
    x, y = last
    bare = height(state, x, y) == 0
    allowed = top_kinds(state, state.player)
    return [
        a
        for a in actions
        if type(a) is PlaceFigure
        and a.location == TOWER
        and (a.x, a.y) == last
        and (bare or a.figure not in allowed)
    ]


def add_floor(state: GameState, action: AddFloor) -> list[Event]:
    """One piece from the player's supply onto the tower; then the capture decision, when
    the tower sees a follower."""
    events: list[Event] = []
    player = state.player
    left = [pieces_left(state, p) for p in range(state.players)]
    left[player] -= 1
    state.ext[NAME] = tuple(left)
    state.put_piece(FLOOR, NEUTRAL_OWNER, action.x, action.y, TOWER, events)
    if capture.any_target(state, action.x, action.y):
        # nothing in sight, no decision: not even one that only a ransom would keep open
        state.ask(Decision(CAPTURE_DECISION, player, (action.x, action.y)))
    return events
