"""Base game figure phase: one meeple on an unoccupied feature of the tile just placed."""

from __future__ import annotations

from typing import Any

from carcassonne.actions import PlaceFigure
from carcassonne.hookspecs import hookimpl
from carcassonne.rules.base_setup import MEEPLE

#: Feature kinds a meeple may stand on (a garden is the abbot's alone).
MEEPLE_KINDS = frozenset({"road", "city", "monastery", "field"})


@hookimpl
def carcassonne_figure_options(state: Any, x: int, y: int, player: int) -> list[Any]:
    if state.supply[player].get(MEEPLE, 0) <= 0:
        return []
    allowed = MEEPLE_KINDS if state.config.options["farmers"] else MEEPLE_KINDS - {"field"}
    return [
        PlaceFigure(MEEPLE, x, y, seg.location)
        for node, seg in state.segments(x, y)
        if seg.kind in allowed and not state.figures_on(node)
    ]
