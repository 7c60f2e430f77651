"""The princess (princess-dragon.md §6).

Placing a princess tile whose princess city (the city segment with ``princess=1``, only on the
tile just placed) holds figures lets the player, instead of placing a figure, send one of them
home, whoever owns it. Option ``princess_action = must``: while one can be removed, removing
one is the only action of the figure phase.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import Action, GameState, Pass, TypedAction
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


def removals(state: GameState, x: int, y: int) -> list[Action]:
    """A removal for each figure in the princess city of the tile just placed at ``(x, y)``."""
    placed = state.tile_at(x, y)
    if placed is None or not any(f.attrs.get(PRINCESS) for f in placed.tile.features):
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
