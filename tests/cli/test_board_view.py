"""The ASCII board of ``carcassonne play``: tiles, figures, placement spots, the window."""

from __future__ import annotations

from carcassonne import GameConfig
from carcassonne.cli.board_view import (
    COMPACT,
    FULL,
    Marks,
    board_pages,
    choose_view,
    draw_board,
    draw_zoomed,
    render_board,
    render_tile_rotations,
    tile_cells,
)
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
        "   :   :",
        "-1 0,-1",
        "   :   :",
        "   .#A#. .....",
        " 0 ----- --B..",
        "   ....A .....",
    ]


def row_of_seven():
    tiles = ["BA/RCr @(0,0) r0"] + [f"BA/RFr @({x},0) r0" for x in range(1, 7)]
    return board(tiles, pile=["BA/C"])


def test_the_view_is_the_whole_board_when_it_fits_at_full_scale():
    view = choose_view(row_of_seven(), {(7, 0)}, 80, 10)
    assert (view.x0, view.x1, view.y0, view.y1, view.scale) == (0, 7, 0, 0, FULL)


def test_a_narrow_view_still_holds_every_square_it_must():
    # 30 columns hold 4 squares at full scale (3 + 4 x 6 - 1 = 26 characters)
    view = choose_view(row_of_seven(), {(6, -1), (7, 0)}, 30, 10)
    assert (view.x0, view.x1, view.y0, view.y1, view.scale) == (4, 7, -1, 0, FULL)
    # too far apart for full scale: the compact scale (3 characters per square)
    view = choose_view(row_of_seven(), {(-1, 0), (7, 0)}, 30, 10)
    assert (view.x0, view.x1, view.scale) == (-1, 7, COMPACT)
    # x labels over every other column (even x), the keys in the squares' middle
    assert draw_board(row_of_seven(), view, Marks(keys={(-1, 0): "a", (7, 0): "b"})).text() == (
        "       0     2     4     6\n 0  a --------------------- b"
    )


def test_board_pages_cut_the_whole_board_to_the_width():
    pages = board_pages(row_of_seven(), 30, 20)
    assert len(pages) == 2
    assert all(len(line) <= 30 for page in pages for line in page.splitlines())
    assert pages[0].splitlines()[0].split() == ["0", "1", "2", "3"]
    assert pages[1].splitlines()[0].split() == ["4", "5", "6"]


def test_zoomed_tile_shows_figure_spots_by_key():
    state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], pile=["BA/C"])
    lines = draw_zoomed(state, (0, 0), {"E": "a", "WL": "b", "SR": "c"}).text().splitlines()
    assert lines == [
        "...####A####...",
        "...#########...",
        "...#########...",
        "...............",
        "--------------a",
        "...............",
        "...............",
        "b..............",
        "....c..........",
    ]


def test_drawn_tile_in_four_rotations():
    config = GameConfig(players=2)
    assert render_tile_rotations(config.tile_types["BA/C"], config.kinds).splitlines() == [
        " r0    r90  r180  r270",
        ".###. ..... ..... .....",
        "..... ....# ..... #....",
        "..... ..... .###. .....",
    ]
