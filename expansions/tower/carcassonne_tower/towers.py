"""The turn's tower actions (tower.md §3): a piece on any foundation or open tower of the board,
or a follower from the supply on top of an open tower (height 1 or more), which closes it.

Both replace the figure on the tile just placed, so they are offered with the figure actions.
A follower on top of a tower is an ordinary figure on the tile's ``tower`` feature (so that it
can be captured, shown and saved like any figure); the plugin keeps it off bare foundations.
"""

from __future__ import annotations

from carcassonne import Action, Decision, GameState, PlaceFigure
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
    height,
    pieces_left,
    towers,
)


def top_kinds(state: GameState, player: int) -> list[str]:
    """The figure kinds ``player`` may put on top of a tower now: the meeple and every follower
    kind (the large meeple), not the abbot, mayor, wagon or barn (tower.md §8.1)."""
    supply = state.supply[player]
    return sorted(name for name in state.config.followers if supply.get(name, 0) > 0)


def options(state: GameState, player: int) -> list[Action]:
    """Every tower action of ``player`` in the figure phase."""
    found = towers(state)
    if not found:
        return []
    floors = pieces_left(state, player) > 0
    tops = top_kinds(state, player)
    if not floors and not tops:
        return []
    grown = built(state) if tops else ()
    figures_on = state.figures_on
    new = tuple.__new__  # builds actions without their Python-level __new__ (every turn)
    out: list[Action] = []
    for x, y, feature in found:
        if figures_on(feature):
            continue  # closed: no piece and no second follower
        if floors:
            out.append(new(AddFloor, (x, y)))
        if (x, y) in grown:
            out.extend(new(PlaceFigure, (kind, x, y, TOWER)) for kind in tops)
    return out


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
    if capture.targets(state, action.x, action.y):
        # nothing in sight, no decision: not even one that only a ransom would keep open
        state.ask(Decision(CAPTURE_DECISION, player, (action.x, action.y)))
    return events
