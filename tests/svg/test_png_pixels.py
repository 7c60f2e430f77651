"""PNG pictures through the ``png`` extra: the pixels under each edge middle and half-edge of
every tile of every installed set, in every rotation, have the colour of the kind the tile data
have there; figures are painted in their player's colour where they stand.

Skipped where the extra is not installed (the core's own test run); ``.ci/run`` runs this file
in a fresh environment with the extra and sets ``CARCASSONNE_PNG_TESTS=required``, which turns
a missing extra into a failure instead of a skip.
"""

from __future__ import annotations

import io
import os

import pytest

try:
    import cairosvg  # noqa: F401
    from PIL import Image
except (ImportError, OSError):
    if os.environ.get("CARCASSONNE_PNG_TESTS") == "required":
        raise
    pytest.skip("the png extra is not installed", allow_module_level=True)

import carcassonne.svg as svg

from .test_board_pictures import played
from .test_tile_pictures import ALL_TILES, expected_colours

TOLERANCE = 6


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b, strict=True))


def pixels(picture: svg.SvgImage) -> Image.Image:
    return Image.open(io.BytesIO(picture.to_png())).convert("RGB")


def test_png_is_a_png_of_the_requested_size():
    data = svg.tile("BA/C", size=150).to_png()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(data)).size == (150, 150)


@pytest.mark.parametrize("tile", ALL_TILES, ids=[t.id for t in ALL_TILES])
def test_pixels_under_each_edge_show_the_kind_of_the_tile_data(tile):
    for rotation in (0, 90, 180, 270):
        image = pixels(svg.tile(tile, rotation, size=100))  # one pixel per unit
        for what, (x, y), colour in expected_colours(tile, rotation):
            got = image.getpixel((int(x), int(y)))
            assert close(got, rgb(colour)), f"{tile.id} r{rotation} {what}: {got} != {colour}"


def test_figures_are_painted_in_their_players_colours_where_they_stand():
    state = played(40)
    picture = svg.board(state, highlight=None, last_move=False, coordinates=False, size=100)
    image = pixels(picture)
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    left, top = min(xs) * 100 - 6, min(ys) * 100 - 6  # the picture's margin without coordinates
    assert image.size == ((max(xs) - min(xs) + 1) * 100 + 12, (max(ys) - min(ys) + 1) * 100 + 12)
    figures = state.figures()
    assert len(figures) > 5
    for _, fig in figures:
        px, py = svg.location_point(state, fig.x, fig.y, fig.location)
        colour = svg.player_color(fig.player, state.config.names[fig.player])
        got = image.getpixel((round(px - left), round(py - top)))
        assert close(got, rgb(colour)), (fig, got, colour)
