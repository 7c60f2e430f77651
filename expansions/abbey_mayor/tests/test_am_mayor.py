"""The mayor: strength = shields of its city; 0 shields count for nothing."""

from __future__ import annotations

from carcassonne import PlaceFigure, PlaceTile
from carcassonne.testing import BLUE, RED, board, place, points

AM = ("abbey-mayor",)


def test_lone_mayor_without_shields_scores_nothing_and_returns():
    state = board(["BA/RCr @(0,0) r0"], [(RED, "mayor", 0, 0, "N")], player=BLUE, expansions=AM)
    events = place(state, "BA/C @(0,-1) r180")
    assert points(events) == {}
    assert [(e.player, e.figure) for e in events if e.type == "figure-returned"] == [(RED, "mayor")]
    assert state.supply[RED]["mayor"] == 1


def three_tile_city(last: str):
    """Red mayor on (0,0), Blue meeple on (1,-1); ``last`` at (0,-1) closes the city."""
    tiles = ["BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0", "BA/C @(1,-1) r270"]
    figures = [(RED, "mayor", 0, 0, "N"), (BLUE, "meeple", 1, -1, "W")]
    state = board(tiles, figures, player=BLUE, expansions=AM)
    return state, place(state, f"{last} @(0,-1) r180")


def test_mayor_with_one_shield_ties_a_meeple():
    state, events = three_tile_city("BA/Cc+")  # 3 tiles, 1 shield: 8 points each
    assert points(events) == {RED: 8, BLUE: 8}


def test_mayor_without_shields_loses_to_a_meeple():
    state, events = three_tile_city("BA/Cc.1")
    assert points(events) == {BLUE: 6}
    assert state.supply[RED]["mayor"] == 1


def test_mayor_at_final_scoring_counts_shields_then():
    tiles = ["BA/RCr @(0,0) r0", "AM/C++ @(0,-1) r0"]
    state = board(tiles, [(RED, "mayor", 0, 0, "N")], expansions=AM, pile=[])
    # incomplete city: 2 tiles + 2 shields = 4, mayor strength 2
    assert points(state.last_events) == {RED: 4}
    assert state.is_over


def test_mayor_options_every_unoccupied_city_of_the_tile():
    state = board(["BA/RCr @(0,0) r0"], [(BLUE, "meeple", 0, 0, "N")], expansions=AM)
    state.force_draw("AM/CCRR")
    # r90: its two cities face N and E, its W road continues the road of (0,0)
    state.apply(PlaceTile("AM/CCRR", 1, 0, 90))
    mayors = {a for a in state.legal_actions() if getattr(a, "figure", None) == "mayor"}
    assert mayors == {PlaceFigure("mayor", 1, 0, "E"), PlaceFigure("mayor", 1, 0, "N")}


def test_no_mayor_on_an_occupied_city():
    state = board(["BA/RCr @(0,0) r0"], [(BLUE, "meeple", 0, 0, "N")], expansions=AM)
    state.force_draw("BA/CFc.1")
    state.apply(PlaceTile("BA/CFc.1", 0, -1, 90))  # joins Blue's city
    assert not any(getattr(a, "figure", None) == "mayor" for a in state.legal_actions())


def test_no_mayor_left_in_supply():
    state = board(["BA/RCr @(0,0) r0"], [(RED, "mayor", 0, 0, "N")], expansions=AM)
    state.force_draw("BA/C")
    state.apply(PlaceTile("BA/C", 0, 1, 180))  # a separate city, not occupied
    assert PlaceFigure("meeple", 0, 1, "S") in state.legal_actions()
    assert not any(getattr(a, "figure", None) == "mayor" for a in state.legal_actions())


def test_mayor_option_off():
    state = board(["BA/RCr @(0,0) r0"], expansions=AM, **{"abbey-mayor.mayor": False})
    assert "mayor" not in state.supply[0]
    state.force_draw("BA/C")
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    assert not any(getattr(a, "figure", None) == "mayor" for a in state.legal_actions())
