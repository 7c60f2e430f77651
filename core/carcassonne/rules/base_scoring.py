"""Base game scoring: roads, cities and monasteries during play; everything at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.hookspecs import hookimpl
from carcassonne.values import Award, ScoreItem

if TYPE_CHECKING:
    # the protocol of the queries used here: carcassonne.state imports this module's importers
    from carcassonne.values import StateView

#: ``tuple.__new__``: an :class:`Award` with every field given, without the named tuple's
#: Python-level ``__new__`` (the final scoring of every search playout builds a dozen).
_new = tuple.__new__


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
    if final:
        return _final_awards(state, completed)
    awards: list[ScoreItem] = []
    for feature in completed:
        points = feature_points(state, feature, final)
        if not points:
            continue
        kind = state.feature_kind(feature)
        for player in state.majority(feature):
            awards.append(Award(player, points, feature, kind, "completed"))
    return awards


def _final_awards(state: StateView, features: list[int]) -> list[ScoreItem]:
    """The final scoring's awards: what :func:`feature_points` values at the end, computed in
    one pass. Every search playout ends here (a dozen features with figures, half of them
    fields), so each feature's kind is asked once and each city's completion once for all the
    fields that border it, not once per field as ``completed_cities`` would."""
    awards: list[ScoreItem] = []
    complete: dict[int, int] = {}  # city (root id) -> 1 when completed, shared by its fields
    for feature in features:
        kind = state.feature_kind(feature)
        if kind == "road":
            points = len(state.feature_tiles(feature))
        elif kind == "city":
            points = len(state.feature_tiles(feature)) + state.feature_attr(feature, "shields")
        elif kind == "monastery":
            (x, y) = min(state.feature_tiles(feature))
            points = 1 + state.neighbours_present(x, y)
        elif kind == "field":
            cities = 0
            for city in state.bordering(feature):
                done = complete.get(city)
                if done is None:
                    done = complete[city] = int(
                        state.feature_kind(city) == "city" and state.is_complete(city)
                    )
                cities += done
            points = 3 * cities
        else:
            continue
        if points:
            for player in state.majority(feature):
                awards.append(_new(Award, (player, points, feature, kind, "final", 0)))
    return awards
