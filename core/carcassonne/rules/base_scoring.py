"""Base game scoring: roads, cities and monasteries during play; everything at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.hookspecs import hookimpl
from carcassonne.values import Award, ScoreItem

if TYPE_CHECKING:
    # the protocol of the queries used here: carcassonne.state imports this module's importers
    from carcassonne.values import StateView


def feature_points(state: StateView, feature: int, final: bool) -> int | None:
    """What a base-game feature is worth now, or None for kinds the base game does not score."""
    kind = state.feature_kind(feature)
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
        (x, y) = min(state.feature_tiles(feature))
        return 1 + state.neighbours_present(x, y)
    if kind == "field" and final:
        return 3 * state.completed_cities(feature)
    return None


@hookimpl
def carcassonne_score(state: StateView, completed: list[int], final: bool) -> list[ScoreItem]:
    awards: list[ScoreItem] = []
    for feature in completed:
        points = feature_points(state, feature, final)
        if not points:
            continue
        kind = state.feature_kind(feature)
        for player in state.majority(feature):
            awards.append(Award(player, points, feature, kind, "final" if final else "completed"))
    return awards
