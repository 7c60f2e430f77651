"""The princess (princess-dragon.md §6).

Placing a princess tile whose princess city (the city segment with ``princess=1``, only on the
tile just placed) holds figures lets the player, instead of placing a figure, send one of them
home, whoever owns it. Option ``princess_action = must``: while one can be removed, removing
one is the only action of the figure phase.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import Action, GameState, Pass, TileType, TypedAction
from carcassonne.events import Event
from carcassonne_princess_dragon.common import OPT_PRINCESS_ACTION, PRINCESS


class _RemoveFields(NamedTuple):
    x: int
    y: int
    location: str


class RemoveKnight(TypedAction, _RemoveFields):
    """Send home the figure at ``location`` of the tile at ``(x, y)``, in the princess city."""

    __slots__ = ()
    verb: ClassVar[str] = "princess"


#: id(tile type) -> (the tile type, whether a city of it has the princess): asked of every tile
#: placed, answered once per tile type (the type is held, so that its id names it).
_HAS_PRINCESS: dict[int, tuple[TileType, bool]] = {}


def has_princess(tile: TileType) -> bool:
    known = _HAS_PRINCESS.get(id(tile))
    if known is not None and known[0] is tile:
        return known[1]
    found = any(f.attrs.get(PRINCESS) for f in tile.features)
    if len(_HAS_PRINCESS) >= 4096:
        _HAS_PRINCESS.clear()
    _HAS_PRINCESS[id(tile)] = (tile, found)
    return found


def removals(state: GameState, x: int, y: int) -> list[Action]:
    """A removal for each figure in the princess city of the tile just placed at ``(x, y)``."""
    placed = state.tile_at(x, y)
    if placed is None or not has_princess(placed.tile):
        return []  # most tiles have no princess: their segments are not looked up
    out: list[Action] = []
    for feature, seg in state.segments(x, y):
        if seg.kind != "city" or not seg.attrs.get(PRINCESS):
            continue
        for fig in state.figures_on(feature):
            out.append(RemoveKnight(fig.x, fig.y, fig.location))
    return out


def remove(state: GameState, action: RemoveKnight) -> list[Event]:
    events: list[Event] = []
    here = state.figures_on(state.feature_at(action.x, action.y, action.location))
    fig = next(f for f in here if (f.x, f.y, f.location) == tuple(action))
    state.remove_figure(fig, "sent home by the princess", events)
    return events


def vetoes(state: GameState, actions: list[Action]) -> list[Action]:
    """With ``princess_action = must``: every other action (and passing) while a removal is
    offered."""
    if state.config.options[OPT_PRINCESS_ACTION] != "must":
        return []
    if not any(type(a) is RemoveKnight for a in actions):
        return []
    return [a for a in actions if type(a) is not RemoveKnight] + [Pass()]
