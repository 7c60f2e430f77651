"""The mayor: stands in a city instead of a meeple; its strength is the city's shields."""

from __future__ import annotations

from typing import Any

from carcassonne import PlaceFigure
from carcassonne_abbey_mayor.common import MAYOR


def strength(state: Any, feature: int, figure: Any) -> int:
    """Shields in the whole city when it is scored (0 without shields: it counts for nothing)."""
    return state.feature_attr(feature, "shields")


def options(state: Any, x: int, y: int) -> list[Any]:
    """The mayor on any unoccupied city of the tile just placed."""
    return [
        PlaceFigure(MAYOR, x, y, seg.location)
        for node, seg in state.segments(x, y)
        if seg.kind == "city" and not state.figures_on(node)
    ]
