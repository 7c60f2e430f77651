"""The barn: four-field corners only, no farmers after it, and its three ways of scoring."""

from __future__ import annotations

from carcassonne import Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.testing import BLUE, RED, board, place, points

AM = ("abbey-mayor",)
OCCUPIED = {"abbey-mayor.barn_placement": "occupied"}


def after_tile(tiles, tile, figures=(), **options):
    """Board, then Red places ``tile`` (``"ID @(x,y) rR"``): the figure phase is pending."""
    tid, at, rot = tile.split()
    x, y = (int(v) for v in at.strip("@()").split(","))
    state = board(tiles, figures, expansions=AM, pile=[tid, "BA/C"], **options)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile(tid, x, y, int(rot.lstrip("r"))))
    return state


def test_barn_on_the_corner_where_four_field_corners_meet():
    tiles = ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"]
    state = after_tile(tiles, "BA/L @(1,1) r0")
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 1, 1, "monastery"),
        PlaceFigure("meeple", 1, 1, "NL"),
        PlaceFigure("wagon", 1, 1, "monastery"),
        PlaceFigure("barn", 1, 1, "NW"),
        Pass(),
    }


def test_barn_blocked_by_a_city_corner():
    tiles = ["BA/C @(0,0) r180", "BA/C @(0,1) r0", "BA/L @(1,0) r0"]
    state = after_tile(tiles, "BA/L @(1,1) r0")
    assert not any(getattr(a, "figure", None) == "barn" for a in state.legal_actions())


def test_barn_blocked_by_an_abbey_corner():
    # (the rest of the board around the abbey's hole does not matter here)
    with_abbey = after_tile(
        ["AM/A @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"], "BA/L @(1,1) r0"
    )
    assert not any(getattr(a, "figure", None) == "barn" for a in with_abbey.legal_actions())
    # the same corner with a field tile instead of the abbey takes a barn
    with_field = after_tile(
        ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"], "BA/L @(1,1) r0"
    )
    assert PlaceFigure("barn", 1, 1, "NW") in with_field.legal_actions()


def test_no_barn_into_a_barn_field_unless_the_option_allows_it():
    tiles = ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"]
    barn = [(BLUE, "barn", 0, 0, "SE")]
    state = after_tile(tiles, "BA/L @(1,1) r0", barn)
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 1, 1, "monastery"),  # no farmer: the field holds a barn
        PlaceFigure("wagon", 1, 1, "monastery"),
        Pass(),
    }
    state = after_tile(tiles, "BA/L @(1,1) r0", barn, **OCCUPIED)
    assert PlaceFigure("barn", 1, 1, "NW") in state.legal_actions()
    assert PlaceFigure("meeple", 1, 1, "NL") not in state.legal_actions()


#: rules example AM-19: a field touching the completed cities A and B.
AM19 = [
    "BA/CC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(-1,0) r90", "BA/RFr @(1,0) r90",
    "BA/RFr @(0,1) r0",
]  # fmt: skip


def test_tile_joining_farmers_to_a_barn_scores_one_per_city():
    figures = [(RED, "barn", 1, 1, "NW"), (BLUE, "meeple", 1, 0, "EL")]
    state = board(AM19 + ["BA/Rr @(1,1) r90"], figures, expansions=AM)
    barn_field = state.feature_at(1, 1, "NW")
    assert state.feature_at(1, 0, "EL") != barn_field
    state.force_draw("BA/LR")
    state.apply(PlaceTile("BA/LR", 1, -1, 0))  # its field wraps round the road end
    assert PlaceFigure("meeple", 1, -1, "NL") not in state.legal_actions()
    events = state.apply(Pass())
    assert points(events) == {BLUE: 2}
    assert [(e.player, e.figure) for e in events if e.type == "figure-returned"] == [
        (BLUE, "meeple")
    ]
    assert [(f.player, f.kind) for f in state.figures_on(barn_field)] == [(RED, "barn")]
    assert [e.reason for e in events if e.type == "points"] == ["barn-connection"]


def test_final_scoring_four_per_city_for_the_barn_three_for_farmers():
    figures = [(RED, "barn", 1, 1, "NW"), (BLUE, "meeple", 0, 1, "SL")]
    state = board(AM19 + ["BA/Rr @(1,1) r90"], figures, expansions=AM, pile=[])
    # Blue's field south of the road touches no city: 0; Red's barn field touches A and B
    assert points(state.last_events) == {RED: 8}
    assert state.is_over


def test_final_scoring_every_barn_owner_scores():
    figures = [(RED, "barn", 1, 1, "NW"), (BLUE, "barn", 0, 0, "SE")]
    state = board(AM19 + ["BA/Rr @(1,1) r90"], figures, expansions=AM, pile=[])
    assert points(state.last_events) == {RED: 8, BLUE: 8}


def test_barn_placement_without_farmers_scores_nothing_now():
    state = after_tile(AM19, "BA/Rr @(1,1) r90")
    events = state.apply(PlaceFigure("barn", 1, 1, "NW"))
    assert points(events) == {}
    assert state.supply[RED]["barn"] == 0


def test_barn_option_off():
    tiles = ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"]
    state = after_tile(tiles, "BA/L @(1,1) r0", **{"abbey-mayor.barn": False})
    assert "barn" not in state.supply[RED]
    assert PlaceFigure("barn", 1, 1, "NW") not in state.legal_actions()


def test_place_helper_with_a_barn_corner():
    # the corner location also works through the generic test helper
    state = board(AM19, [(BLUE, "meeple", 0, 1, "NL")], expansions=AM)
    assert points(place(state, "BA/Rr @(1,1) r90", figure=("barn", "NW"))) == {BLUE: 6}
