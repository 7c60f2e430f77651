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
    height,
    heights,
    pieces_left,
    towers,
)


def top_kinds(state: GameState, player: int) -> list[str]:
    """The figure kinds ``player`` may put on top of a tower now: the meeple and every follower
    kind (the large meeple), not the abbot, mayor, wagon or barn (tower.md §8.1)."""
    supply = state.supply[player]
    kinds = state.config.figure_kinds
    return sorted(
        name
        for name, kind in kinds.items()
        if (name == "meeple" or kind.follower) and supply.get(name, 0) > 0
    )


def options(state: GameState, player: int) -> list[Action]:
    """Every tower action of ``player`` in the figure phase."""
    out: list[Action] = []
    floors = pieces_left(state, player) > 0
    tops = top_kinds(state, player)
    if not floors and not tops:
        return out
    built = heights(state) if tops else None
    for x, y, feature in towers(state):
        if state.figures_on(feature):
            continue  # closed: no piece and no second follower
        if floors:
            out.append(AddFloor(x, y))
        if built and built[x, y]:
            out.extend(PlaceFigure(kind, x, y, TOWER) for kind in tops)
    return out


def veto(state: GameState, actions: list[Action]) -> list[Action]:
    """Figures offered on a foundation by other rules (the base game offers followers on every
    free feature of the tile just placed): none on a bare foundation, and only the kinds that
    may stand on a tower."""
    out: list[Action] = []
    for action in actions:
        if type(action) is not PlaceFigure or action.location != TOWER:
            continue
        allowed = top_kinds(state, state.player)
        if action.figure not in allowed or height(state, action.x, action.y) == 0:
            out.append(action)
    return out


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
