"""The mayor: stands in a city instead of a meeple; its strength is the city's shields."""

from __future__ import annotations

from carcassonne import Action, Figure, GameState, PlaceFigure, RotatedFeature
from carcassonne_abbey_mayor.common import MAYOR


def strength(state: GameState, feature: int, figure: Figure) -> int:
    """Shields in the whole city when it is scored (0 without shields: it counts for nothing)."""
    return state.feature_attr(feature, "shields")


def options(x: int, y: int, free: list[RotatedFeature]) -> list[Action]:
    """The mayor on any unoccupied city of the tile just placed (``free``: its unoccupied
    segments, see :func:`carcassonne_abbey_mayor.common.free_segments`)."""
    return [PlaceFigure(MAYOR, x, y, seg.location) for seg in free if seg.kind == "city"]
