"""The wagon: where it may stand, where it may move after scoring, and in which order."""

from __future__ import annotations

import pytest

from carcassonne import Pass, PlaceFigure, PlaceTile
from carcassonne.plugins import installed_expansions
from carcassonne.testing import BLUE, RED, YELLOW, board, place, points

AM = ("abbey-mayor",)


def figure_options(state, kind):
    return {a for a in state.legal_actions() if getattr(a, "figure", None) == kind}


def test_wagon_never_on_a_field_or_garden():
    state = board(["BA/RCr @(0,0) r0"], expansions=AM)
    state.force_draw("AM/RG")
    state.apply(PlaceTile("AM/RG", 0, 1, 0))  # garden tile, its road leaves south
    assert figure_options(state, "wagon") == {PlaceFigure("wagon", 0, 1, "S")}
    assert figure_options(state, "meeple") == {
        PlaceFigure("meeple", 0, 1, "S"),
        PlaceFigure("meeple", 0, 1, "NL"),
    }


def test_wagon_not_on_a_garden_with_the_abbot():
    if "abbot" not in installed_expansions():
        pytest.skip("the Abbot expansion is not installed")
    state = board(["BA/RCr @(0,0) r0"], expansions=AM + ("abbot",))
    state.force_draw("AM/RG")
    state.apply(PlaceTile("AM/RG", 0, 1, 0))
    assert PlaceFigure("abbot", 0, 1, "garden") in state.legal_actions()
    assert figure_options(state, "wagon") == {PlaceFigure("wagon", 0, 1, "S")}


def two_wagons_state():
    """Yellow's wagon on a road and Red's on a city; Blue's tile completes both."""
    tiles = ["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(1,-1) r180"]
    figures = [(YELLOW, "wagon", 0, 0, "E"), (RED, "wagon", 1, -1, "S")]
    state = board(tiles, figures, player=BLUE, players=3, expansions=AM)
    events = place(state, "BA/CRRR @(1,0) r0")
    return state, events


def test_several_wagons_decide_clockwise_from_the_active_player():
    state, events = two_wagons_state()
    assert points(events) == {YELLOW: 3, RED: 4}
    assert [e.player for e in events if e.type == "decision"] == [YELLOW]
    assert state.pending.player == YELLOW
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", 1, 0, "E"),
        PlaceFigure("wagon", 1, 0, "S"),
        Pass(),
    ]
    events = state.apply(PlaceFigure("wagon", 1, 0, "E"))
    assert [(e.type, e.player) for e in events] == [
        ("figure-placed", YELLOW),
        ("decision", RED),
    ]
    # Yellow took the east road: Red may only take the south road
    assert state.legal_actions() == [PlaceFigure("wagon", 1, 0, "S"), Pass()]
    state.apply(PlaceFigure("wagon", 1, 0, "S"))
    assert state.player == YELLOW and state.pending.kind in ("draw", "tile")
    assert state.supply[RED]["wagon"] == 0 and state.supply[YELLOW]["wagon"] == 0


def test_a_wagon_without_target_simply_returns():
    state = board(["BA/C @(0,0) r0"], [(RED, "wagon", 0, 0, "N")], player=BLUE, expansions=AM)
    events = place(state, "BA/C @(0,-1) r180")
    assert points(events) == {RED: 4}
    assert not any(e.type == "decision" for e in events)
    assert state.player == RED and state.supply[RED]["wagon"] == 1


def test_no_wagon_move_after_final_scoring():
    tiles = ["BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0"]
    state = board(tiles, [(RED, "wagon", 0, 0, "E")], expansions=AM, pile=[])
    assert points(state.last_events) == {RED: 2}
    assert state.is_over and state.legal_actions() == []


def test_wagon_may_move_onto_an_abbey():
    state = abbey_road_state()
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", -1, 1, "monastery"),
        PlaceFigure("wagon", 0, 0, "monastery"),  # the abbey (7 of 8 neighbours)
        PlaceFigure("wagon", 0, 2, "E"),
        PlaceFigure("wagon", 0, 2, "W"),
        PlaceFigure("wagon", 1, 0, "monastery"),
        PlaceFigure("wagon", 1, 1, "monastery"),
        Pass(),
    ]


C1 = {"abbey-mayor.wagon_move": "C1"}
#: Around the hole (0,0): monasteries, and a road running south from the hole at (0,1).
RING = [
    "BA/L @(0,-1) r0", "BA/L @(1,-1) r0", "BA/L @(1,0) r0", "BA/L @(1,1) r0",
    "BA/RFr @(0,1) r90", "BA/L @(-1,1) r0", "BA/L @(-1,0) r0",
]  # fmt: skip


def abbey_road_state(**options):
    """Red's wagon on the road south of the hole; Red's abbey closes its north end, then Blue
    closes its south end with a crossing: the 2-tile road scores."""
    state = board(RING, [(RED, "wagon", 0, 1, "N")], expansions=AM, **options)
    state.apply(PlaceTile("AM/A", 0, 0, 0))
    state.apply(Pass())
    events = place(state, "BA/RRR @(0,2) r180")
    assert points(events) == {RED: 2}
    return state


def test_c1_city_connects_to_the_road_from_its_gate_only():
    # AM/RC: city N with a gate, road W from it; the closing tile is north of it
    tiles = ["AM/RC @(0,0) r0", "BA/RFr @(-1,0) r0", "BA/RCr @(1,0) r90"]
    state = board(tiles, [(RED, "wagon", 0, 0, "N")], player=BLUE, expansions=AM, **C1)
    events = place(state, "BA/C @(0,-1) r180")
    assert points(events) == {RED: 4}
    # the gate road (0,0)W-(-1,0) is connected; the city and road of (1,0) are not
    assert state.legal_actions() == [PlaceFigure("wagon", 0, 0, "W"), Pass()]


def test_c2_same_board_reaches_everything_around():
    tiles = ["AM/RC @(0,0) r0", "BA/RFr @(-1,0) r0", "BA/RCr @(1,0) r90"]
    state = board(tiles, [(RED, "wagon", 0, 0, "N")], player=BLUE, expansions=AM)
    place(state, "BA/C @(0,-1) r180")
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "E"),
        PlaceFigure("wagon", 0, 0, "W"),
        PlaceFigure("wagon", 1, 0, "N"),
        PlaceFigure("wagon", 1, 0, "E"),
        Pass(),
    ]


def test_c1_reaches_any_distance_along_the_connection():
    # a long road ending at a monastery far from the wagon's tile
    tiles = [
        "BA/LR @(-3,0) r270", "BA/RFr @(-2,0) r0", "BA/RFr @(-1,0) r0", "BA/RCr @(0,0) r0",
    ]  # fmt: skip
    state = board(tiles, [(RED, "wagon", 0, 0, "E")], player=BLUE, expansions=AM, **C1)
    events = place(state, "BA/RRR @(1,0) r0")
    assert points(events) == {RED: 5}
    assert state.legal_actions() == [
        PlaceFigure("wagon", -3, 0, "monastery"),
        PlaceFigure("wagon", 1, 0, "E"),
        PlaceFigure("wagon", 1, 0, "S"),
        Pass(),
    ]


def test_c1_road_into_an_abbey_connects_to_it():
    state = abbey_road_state(**C1)
    assert state.legal_actions() == [
        PlaceFigure("wagon", 0, 0, "monastery"),
        PlaceFigure("wagon", 0, 2, "E"),
        PlaceFigure("wagon", 0, 2, "W"),
        Pass(),
    ]


def test_wagon_option_off():
    state = board(["BA/RCr @(0,0) r0"], expansions=AM, **{"abbey-mayor.wagon": False})
    assert "wagon" not in state.supply[0]
    state.force_draw("BA/C")
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    assert figure_options(state, "wagon") == set()


def test_a_wagon_whose_targets_were_all_taken_is_not_asked():
    tiles = ["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(1,-1) r180"]
    figures = [(YELLOW, "wagon", 0, 0, "E"), (RED, "wagon", 1, -1, "S")]
    state = board(tiles, figures, player=BLUE, players=3, expansions=AM)
    place(state, "BA/CRRR @(1,0) r0", ("meeple", "S"))  # Blue takes the south road
    assert state.pending.player == YELLOW
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", 1, 0, "E"),
        Pass(),
    ]
    events = state.apply(PlaceFigure("wagon", 1, 0, "E"))  # Red's only target
    assert not any(e.type == "decision" for e in events)
    assert state.player == YELLOW and state.pending.kind in ("draw", "tile")
    assert state.supply[RED]["wagon"] == 1
