"""The base-game cases of shared/rules/examples.md, with exact points."""

from __future__ import annotations

import pytest

from carcassonne import PlaceFigure
from carcassonne.testing import BLUE, RED, YELLOW, board, place, points


def test_b01_two_tile_city_scores_4():
    state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=BLUE)
    events = place(state, "BA/C @(0,-1) r180")
    assert points(events) == {RED: 4}
    assert state.supply[RED]["meeple"] == 7
    assert state.scores == [4, 0]


def test_b01_option_tiny_city_2():
    state = board(
        ["BA/RCr @(0,0) r0"],
        [(RED, "meeple", 0, 0, "N")],
        player=BLUE,
        tiny_city=2,
    )
    assert points(place(state, "BA/C @(0,-1) r180")) == {RED: 2}


def test_b02_city_with_shield():
    state = board(["BA/RCr @(0,0) r0", "BA/CFc+ @(0,-1) r90"], [(RED, "meeple", 0, 0, "N")])
    assert points(place(state, "BA/C @(0,-2) r180")) == {RED: 8}


def test_b03_road_ends_at_monastery_and_crossing():
    state = board(["BA/RCr @(0,0) r0", "BA/LR @(-1,0) r270"], [(BLUE, "meeple", 0, 0, "W")])
    events = place(state, "BA/RRR @(1,0) r0")
    assert points(events) == {BLUE: 3}
    # the crossing's S and E roads are separate, still open
    assert not state.is_complete(state.feature_at(1, 0, "S"))
    assert not state.is_complete(state.feature_at(1, 0, "E"))
    assert state.feature_at(1, 0, "S") != state.feature_at(1, 0, "E")


def test_b04_road_loop():
    state = board(
        ["BA/Rr @(0,0) r270", "BA/Rr @(1,0) r0", "BA/Rr @(0,1) r180"],
        [(RED, "meeple", 0, 0, "E")],
    )
    events = place(state, "BA/Rr @(1,1) r90")
    assert points(events) == {RED: 4}
    inner = state.feature_at(0, 0, "SE")
    assert state.feature_tiles(inner) == {(0, 0), (1, 0), (0, 1), (1, 1)}


def test_b05_one_tile_completes_loop_and_monastery():
    tiles = [
        "BA/L @(0,0) r0",
        "BA/RFr @(0,-1) r0",
        "BA/Rr @(1,-1) r0",
        "BA/RFr @(1,0) r90",
        "BA/Rr @(1,1) r90",
        "BA/RFr @(0,1) r0",
        "BA/Rr @(-1,1) r180",
        "BA/RFr @(-1,0) r90",
    ]
    state = board(
        tiles,
        [(RED, "meeple", 0, 0, "monastery"), (BLUE, "meeple", 0, -1, "W")],
        player=YELLOW,
        players=3,
    )
    events = place(state, "BA/Rr @(-1,-1) r270")
    assert points(events) == {RED: 9, BLUE: 8}
    assert state.scores == [9, 8, 0]
    assert [e.figure for e in events if e.type == "figure-returned"] == ["meeple", "meeple"]


def test_b09_tie_in_shared_city_and_occupancy():
    state = board(
        ["BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0", "BA/C @(1,-1) r270"],
        [(RED, "meeple", 0, 0, "N"), (BLUE, "meeple", 1, -1, "W")],
    )
    state.force_draw("BA/Cc.1")
    from carcassonne import PlaceTile

    state.apply(PlaceTile("BA/Cc.1", 0, -1, 180))
    options = state.legal_actions()
    # the joined city is occupied: no meeple on it; the farmer on the N/W field is allowed
    assert PlaceFigure("meeple", 0, -1, "S") not in options
    assert PlaceFigure("meeple", 0, -1, "NL") in options
    from carcassonne import Pass

    assert points(state.apply(Pass())) == {RED: 6, BLUE: 6}


def test_b13_farmer_two_completed_cities_one_open():
    state = board(
        ["BA/CFC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(0,1) r0", "BA/C @(1,0) r90"],
        [(RED, "meeple", 0, 0, "EL")],
        pile=[],
    )
    assert state.is_over
    assert points(state.last_events) == {RED: 6}


@pytest.mark.parametrize("farmer, expected", [("EL", {RED: 3, BLUE: 3}), ("SL", {BLUE: 3})])
def test_b14_one_city_two_fields(farmer, expected):
    state = board(
        ["BA/RCr @(0,0) r0", "BA/C @(0,-1) r180"],
        [(RED, "meeple", 0, 0, farmer), (BLUE, "meeple", 0, -1, "NL")],
        pile=[],
    )
    assert points(state.last_events) == expected
