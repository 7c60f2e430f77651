"""Base game scoring: roads, cities and monasteries during play; everything at the end."""

from __future__ import annotations

from typing import Any

from carcassonne.hookspecs import hookimpl
from carcassonne.state import Award


def completed_cities(state: Any, field: int) -> int:
    """How many completed cities a field borders (each city once)."""
    return sum(
        1
        for city in state.bordering(field)
        if state.nkind[city] == "city" and state.is_complete(city)
    )


def feature_points(state: Any, feature: int, final: bool) -> int | None:
    """What a base-game feature is worth now, or None for kinds the base game does not score."""
    kind = state.nkind[feature]
    if kind == "road":
        return len(state.feature_tiles(feature))
    if kind == "city":
        tiles = len(state.feature_tiles(feature))
        shields = state.feature_attr(feature, "shields")
        if final or (tiles == 2 and state.config.options["tiny_city"] == 2):
            return tiles + shields
        return 2 * tiles + 2 * shields
    if kind == "monastery":
        if not final:
            return 9
        x, y = state.npos[feature]
        return 1 + state.neighbours_present(x, y)
    if kind == "field" and final:
        return 3 * completed_cities(state, feature)
    return None


@hookimpl
def carcassonne_score(state: Any, completed: list[int], final: bool) -> list[Any]:
    awards = []
    for feature in completed:
        points = feature_points(state, feature, final)
        if not points:
            continue
        kind = state.nkind[feature]
        for player in state.majority(feature):
            awards.append(Award(player, points, feature, kind, "final" if final else "completed"))
    return awards
