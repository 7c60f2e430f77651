"""Abbey & Mayor cases of shared/rules/examples.md (AM-02, AM-09, AM-13, AM-19): exact points."""

from __future__ import annotations

from carcassonne import Pass, PlaceFigure, PlaceTile
from carcassonne.testing import BLUE, GREEN, RED, board, place, points

AM = ("abbey-mayor",)


def test_am02_one_abbey_completes_several_features():
    tiles = [
        "BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0", "BA/RFr @(-1,0) r0", "BA/C @(1,-1) r270",
        "BA/RRR @(-1,-1) r180", "BA/L @(1,-2) r0", "BA/Rr @(-1,-2) r0", "BA/LR @(0,-2) r0",
        "BA/L @(0,-3) r0", "BA/L @(1,-3) r0", "BA/C @(-1,-3) r0",
    ]  # fmt: skip
    figures = [
        (RED, "meeple", 0, 0, "N"),
        (BLUE, "meeple", 1, -1, "W"),
        (GREEN, "meeple", -1, -1, "E"),
        (RED, "meeple", 0, -2, "monastery"),
    ]
    state = board(tiles, figures, player=BLUE, players=4, expansions=AM)
    assert state.pending.kind == "draw"
    abbey = PlaceTile("AM/A", 0, -1, 0)
    assert abbey in state.legal_actions()
    events = state.apply(abbey)
    events += state.apply(PlaceFigure("meeple", 0, -1, "monastery"))
    assert points(events) == {RED: 11, BLUE: 11, GREEN: 1}
    completed = sorted((e.kind, e.tiles) for e in events if e.type == "feature-completed")
    # two 1-tile cities, two 1-tile roads (LR road is empty), two monasteries: abbey not counted
    assert completed == [
        ("city", 1), ("city", 1), ("monastery", 1), ("monastery", 1), ("road", 1), ("road", 1),
    ]  # fmt: skip
    assert not state.is_complete(state.feature_at(1, -2, "monastery"))
    assert state.ext["abbey-mayor"] == (1, 0, 1, 1)


def test_am09_mayor_with_three_shields_beats_two_meeples():
    tiles = [
        "BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0", "BA/C @(1,-1) r270", "BA/RFr @(-1,0) r0",
        "BA/C @(-1,-1) r90", "AM/C++ @(0,-1) r0", "BA/CFc+ @(0,-2) r90",
    ]  # fmt: skip
    figures = [
        (RED, "mayor", 0, 0, "N"),
        (BLUE, "meeple", 1, -1, "W"),
        (BLUE, "meeple", -1, -1, "E"),
    ]
    state = board(tiles, figures, player=BLUE, expansions=AM)
    events = place(state, "BA/C @(0,-3) r180")
    assert points(events) == {RED: 18}
    assert state.supply[RED]["mayor"] == 1
    assert state.supply[BLUE]["meeple"] == 7


def am13_state(**options):
    tiles = ["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0"]
    state = board(tiles, [(RED, "wagon", 0, 0, "W")], player=BLUE, expansions=AM, **options)
    events = place(state, "BA/RRR @(1,0) r0")
    return state, events


def test_am13_wagon_moves_within_c2_range():
    state, events = am13_state()
    assert points(events) == {RED: 3}
    assert state.pending.kind == "wagon" and state.pending.player == RED
    assert [(e.type, e.player) for e in events if e.type == "decision"] == [("decision", RED)]
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", 0, 0, "N"),
        PlaceFigure("wagon", 1, 0, "E"),
        PlaceFigure("wagon", 1, 0, "S"),
        Pass(),
    ]
    state.apply(PlaceFigure("wagon", 0, 0, "N"))
    assert state.figures_on(state.feature_at(0, 0, "N"))[0][:2] == (RED, "wagon")
    assert state.supply[RED]["wagon"] == 0
    assert state.pending.kind == "draw" or state.pending.kind == "tile"
    assert state.player == RED  # Blue's turn is over


def test_am13_occupied_city_is_no_target():
    tiles = ["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0"]
    # a Blue knight in the city (it stood on another tile of that city: (0,-1))
    state = board(
        tiles + ["BA/CFc.1 @(0,-1) r90"],
        [(RED, "wagon", 0, 0, "W"), (BLUE, "meeple", 0, -1, "N")],
        player=BLUE,
        expansions=AM,
    )
    place(state, "BA/RRR @(1,0) r0")
    assert PlaceFigure("wagon", 0, 0, "N") not in state.legal_actions()
    assert PlaceFigure("wagon", -1, 0, "monastery") in state.legal_actions()


def test_am13_c1_connected_features_only():
    state, events = am13_state(**{"abbey-mayor.wagon_move": "C1"})
    assert points(events) == {RED: 3}
    assert set(state.legal_actions()) == {
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", 1, 0, "E"),
        PlaceFigure("wagon", 1, 0, "S"),
        Pass(),
    }


def test_am13_pass_returns_the_wagon():
    state, _ = am13_state()
    state.apply(Pass())
    assert state.supply[RED]["wagon"] == 1
    assert all(fig.kind != "wagon" for _, fig in state.figures())


def test_am19_barn_into_a_field_with_a_farmer():
    tiles = [
        "BA/CC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(-1,0) r90", "BA/RFr @(1,0) r90",
        "BA/RFr @(0,1) r0",
    ]  # fmt: skip
    state = board(tiles, [(BLUE, "meeple", 0, 1, "NL")], player=RED, expansions=AM)
    state.force_draw("BA/Rr")
    state.apply(PlaceTile("BA/Rr", 1, 1, 90))
    barn = PlaceFigure("barn", 1, 1, "NW")
    assert barn in state.legal_actions()
    events = state.apply(barn)
    assert points(events) == {BLUE: 6}
    assert [(e.player, e.figure) for e in events if e.type == "figure-returned"] == [
        (BLUE, "meeple")
    ]
    field = state.feature_at(0, 0, "SE")
    assert [(f.player, f.kind) for f in state.figures_on(field)] == [(RED, "barn")]
