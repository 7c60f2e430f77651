"""Rules audit, the River (rules.md §2): fields round the spring, the switch to land tiles."""

from __future__ import annotations

import pytest

from carcassonne.plugins import installed_expansions

if "river" not in installed_expansions():
    pytest.skip("expansion not installed: " + "river", allow_module_level=True)

from carcassonne import Draw, Pass, PlaceFigure, PlaceTile  # noqa: E402
from carcassonne.testing import BLUE, RED, board, place, points  # noqa: E402

RIVER = ("river",)
SPRING = "RI/s @(0,0) r0"


def test_a_farmer_round_the_spring_scores_the_cities_on_both_banks():
    # RI.1/CICI: river W-E between two separate city caps; its north bank touches the north
    # city, its south bank the south one; both banks meet round the spring: one field
    tiles = [SPRING, "RI.1/CICI @(1,0) r0", "BA/C @(1,-1) r180", "BA/C @(1,1) r0"]
    state = board(tiles, [(RED, "meeple", 0, 0, "NL")], expansions=RIVER, pile=[])
    assert state.feature_at(1, 0, "EL") == state.feature_at(1, 0, "ER")
    assert points(state.last_events) == {RED: 6}


def test_after_the_lake_the_next_player_draws_land_tiles():
    state = board([SPRING, "RI.1/IFI @(1,0) r0"], expansions=RIVER, pile=["RI.1/I.e", "BA/L"])
    assert state.player == RED and state.drawn == "RI.1/I.e"
    assert state.legal_tile_placements() == [(2, 0, 0)]
    place(state, "RI.1/I.e @(2,0) r0")
    assert state.player == BLUE and state.drawn == "BA/L"
    # the lake's field edges take the monastery on three sides
    assert {(x, y) for x, y, _ in state.legal_tile_placements()} >= {(3, 0), (2, -1), (2, 1)}


def test_meeples_on_the_road_city_and_monastery_of_river_tiles():
    state = board([SPRING], expansions=RIVER, pile=["RI.1/LIRI", "BA/L"])
    assert state.legal_tile_placements() == [(1, 0, 0), (1, 0, 180)]
    state.apply(PlaceTile("RI.1/LIRI", 1, 0, 0))  # monastery north, road from it south
    assert state.legal_actions() == [
        PlaceFigure("meeple", 1, 0, "S"),  # the road from the monastery over the bridge
        PlaceFigure("meeple", 1, 0, "NL"),  # the north bank ...
        PlaceFigure("meeple", 1, 0, "ER"),  # the south-east field, cut off by the road
        PlaceFigure("meeple", 1, 0, "SR"),  # the south-west field ...
        PlaceFigure("meeple", 1, 0, "monastery"),
        Pass(),
    ]
    # ... which meets the north bank round the spring: one field offered through two segments
    assert state.feature_at(1, 0, "NL") == state.feature_at(1, 0, "SR")
    assert state.feature_at(1, 0, "ER") != state.feature_at(1, 0, "SR")


def test_river_u_turn_right_after_the_first_curve_from_the_spring():
    # RV-01 with the C2 plain curve first, both orders: the second right turn is refused,
    # whatever the option (the immediate case is certain)
    for uturn in ("strict", "immediate"):
        state = board(
            [SPRING, "RI.1/IIG @(1,0) r0"],
            expansions=RIVER,
            pile=["RI.1/II", "BA/L"],
            options={"river.uturn": uturn},
        )
        assert state.legal_tile_placements() == [(1, 1, 180)]


def test_the_river_stack_comes_before_land_tiles_even_with_a_drawable_land_tile():
    state = board([SPRING], expansions=RIVER, pile=["RI.1/IFI", "BA/L"])
    assert state.pending.kind == "tile" and state.drawn == "RI.1/IFI"
    assert Draw() not in state.legal_actions()
