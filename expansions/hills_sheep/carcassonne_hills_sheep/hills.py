"""Hills (hills-sheep.md §2, §4): a tile goes under each hill tile placed, and of the players
tied for a majority those with followers on hill tiles of the feature win.

Only the players already tied are compared, so hills never beat a real majority. "Followers"
are the figures that can count for a majority: the shepherd (never in a majority) and figure
kinds of constant strength 0 (the barn) do not count; a mayor does, even with no shields.
"""

from __future__ import annotations

from carcassonne import GameState
from carcassonne.events import Event
from carcassonne_hills_sheep.common import HILL, OPT_HIDDEN, OPT_TIEBREAK, SHEPHERD, tile_has


def hide_tile(state: GameState, x: int, y: int) -> None:
    """The next tile of the pile (option ``hidden_tile = next``) or its last one (``bottom``),
    unseen, under the hill tile just placed at ``(x, y)`` (none if the pile is empty, or with
    ``none``). The hook calls this for hill tiles only."""
    where = state.config.options[OPT_HIDDEN]
    if where != "none":
        events: list[Event] = []
        state.put_under(x, y, "a hill", events, "top" if where == "next" else "bottom")
        state.emit(events)


def break_tie(state: GameState, feature: int, players: list[int]) -> list[int] | None:
    """The tied players who win on hills, or None when hills decide nothing."""
    kinds = state.config.figure_kinds
    counts = dict.fromkeys(players, 0)
    for fig in state.figures_on(feature):
        if fig.player not in counts or fig.kind == SHEPHERD:
            continue
        strength = kinds[fig.kind].strength if fig.kind in kinds else 1
        if strength == 0:
            continue
        if tile_has(state, fig.x, fig.y, HILL):
            counts[fig.player] += 1
    best = max(counts.values())
    if best == 0:
        return None
    if state.config.options[OPT_TIEBREAK] == "count":
        return sorted(p for p, n in counts.items() if n == best)
    return sorted(p for p, n in counts.items() if n > 0)
