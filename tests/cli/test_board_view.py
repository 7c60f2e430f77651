"""The ASCII board of ``carcassonne play``: tiles, figures, placement spots, the window."""

from __future__ import annotations

from carcassonne import GameConfig
from carcassonne.cli.board_view import render_board, render_tile_rotations, tile_cells
from carcassonne.testing import BLUE, RED, board


def cells(tile_id: str, rotation: int, expansions=()) -> list[str]:
    config = GameConfig(players=2, expansions=expansions)
    tile = config.tile_types[tile_id]

    class Placed:
        rot = tile.rotated(rotation)

    return ["".join(row) for row in tile_cells(Placed, config.kinds)]


def test_tiles_show_cities_roads_fields_and_centres():
    assert cells("BA/RCr", 0) == [".###.", "-----", "....."]
    assert cells("BA/RCr", 90) == ["..|..", "..|.#", "..|.."]
    assert cells("BA/LR", 0) == [".....", "..M..", "..|.."]
    assert cells("BA/Cccc+", 0) == ["##$##", "#####", "#####"]
    assert cells("BA/CRRR", 0) == [".###.", "--+--", "..|.."]
    assert cells("BA/CFC.2", 90) == [".....", "#...#", "....."]


def test_plugin_kinds_are_drawn_by_their_shape_and_glyph():
    assert cells("BA/RFrG", 0) == [".....", "-----", "....."]  # an inert garden is not drawn
    assert cells("BA/RFrG", 0, ("abbot",)) == [".....", "--*--", "....."]
    assert cells("RI.1/RIrI", 0, ("river",)) == ["..~..", "--~--", "..~.."]
    assert cells("AM/A", 0, ("abbey-mayor",)) == [".%%%.", "%.M.%", ".%%%."]


def test_board_with_figures_and_spots():
    state = board(
        ["BA/RCr @(0,0) r0", "BA/LR @(1,0) r90"],
        [
            (RED, "meeple", 0, 0, "N"),
            (BLUE, "meeple", 1, 0, "monastery"),
            (RED, "meeple", 0, 0, "ER"),
        ],
        pile=["BA/C"],
    )
    assert render_board(state, spots={(0, -1)}).splitlines() == [
        "     0     1",
        "    ...",
        "-1 0,-1",
        "    ...",
        "   .#A#. .....",
        " 0 ----- --B..",
        "   ....A .....",
    ]


def test_the_window_follows_the_focus():
    tiles = ["BA/RCr @(0,0) r0"] + [f"BA/RFr @({x},0) r0" for x in range(1, 7)]
    state = board(tiles, pile=["BA/C"])
    header = render_board(state, focus=(6, 0), columns=3, rows=1).splitlines()[0]
    assert header.split() == ["4", "5", "6"]
    header = render_board(state, focus=(0, 0), columns=3, rows=1).splitlines()[0]
    assert header.split() == ["0", "1", "2"]


def test_drawn_tile_in_four_rotations():
    config = GameConfig(players=2)
    assert render_tile_rotations(config.tile_types["BA/C"], config.kinds).splitlines() == [
        " r0    r90  r180  r270",
        ".###. ..... ..... .....",
        "..... ....# ..... #....",
        "..... ..... .###. .....",
    ]
