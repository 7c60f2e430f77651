"""Pictures of tiles, tile sets and boards as SVG (standard library only), PNG through the
``png`` extra. See docs/pictures.md.

    import carcassonne.svg
    carcassonne.svg.tile("BA/RCr", rotation=90)       # displays itself in Jupyter
    carcassonne.svg.board(state).save("board.svg")    # or "board.png" with the png extra
"""

from __future__ import annotations

from carcassonne.svg.board import board, location_point, reference_location
from carcassonne.svg.image import MissingExtraError, SvgImage, svg_to_png
from carcassonne.svg.style import DEFAULT_COLORS, KindStyle, kind_style, player_color
from carcassonne.svg.tiles import UnknownTileError, find_tile, load_set, tile, tile_sheet

__all__ = [
    "DEFAULT_COLORS",
    "KindStyle",
    "MissingExtraError",
    "SvgImage",
    "UnknownTileError",
    "board",
    "find_tile",
    "kind_style",
    "load_set",
    "location_point",
    "player_color",
    "reference_location",
    "svg_to_png",
    "tile",
    "tile_sheet",
]
