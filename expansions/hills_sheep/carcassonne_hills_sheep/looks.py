"""How pictures show the Hills & Sheep tiles: the marks of the ``hill`` and ``vineyard`` tags
(``carcassonne_tile_marks``), named in the legend. Registered through :mod:`.plugin`."""

from __future__ import annotations

from carcassonne import TileMark, hookimpl
from carcassonne_hills_sheep.common import HILL, NAME, VINEYARD


@hookimpl
def carcassonne_tile_marks() -> list[TileMark]:
    return [
        TileMark(HILL, "hill: wins ties; a tile lies under it", "h", "triangle", "#8a6d3b",
                 NAME),
        TileMark(VINEYARD, "vineyard: +3 to a finished monastery by it", "v", "disc", "#6a2c70",
                 NAME),
    ]
