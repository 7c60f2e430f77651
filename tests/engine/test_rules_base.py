"""Base-game rules beyond the worked examples: majorities, final scoring, unplaceable tiles."""

from __future__ import annotations

import pytest

from carcassonne import Draw, IllegalActionError, Pass, PlaceFigure, PlaceTile
from carcassonne.testing import BLUE, RED, board, place, points


def test_majority_two_against_one_scores_alone():
    state = board(
        ["BA/LR @(-1,0) r270", "BA/RFr @(0,0) r0", "BA/RFr @(1,0) r0"],
        [(RED, "meeple", 0, 0, "W"), (RED, "meeple", 1, 0, "E"), (BLUE, "meeple", -1, 0, "E")],
    )
    events = place(state, "BA/RRR @(2,0) r0")
    assert points(events) == {RED: 4}
    assert state.supply[RED]["meeple"] == 7 and state.supply[BLUE]["meeple"] == 7


def test_completed_feature_without_figures_scores_nobody_and_stays_empty():
    state = board(["BA/RCr @(0,0) r0"])
    events = place(state, "BA/C @(0,-1) r180")
    assert points(events) == {}
    assert [e.kind for e in events if e.type == "feature-completed"] == ["city"]


def test_meeple_on_feature_the_tile_completes_scores_at_once():
    state = board(["BA/RCr @(0,0) r0"])
    events = place(state, "BA/C @(0,-1) r180", ("meeple", "S"))
    assert points(events) == {RED: 4}
    assert state.supply[RED]["meeple"] == 7


def test_figure_options_are_exact():
    state = board(["BA/RCr @(0,0) r0"], [(BLUE, "meeple", 0, 0, "W")], pile=["BA/RFr", "BA/L"])
    state.apply(PlaceTile("BA/RFr", 1, 0, 0))  # the road continues Blue's road: occupied
    assert state.legal_actions() == [
        PlaceFigure("meeple", 1, 0, "NL"),  # north field (joins the start tile's thin field)
        PlaceFigure("meeple", 1, 0, "ER"),  # south field
        Pass(),
    ]


def test_unplaceable_tile_returns_to_box_and_same_player_draws_again():
    state = board(["BA/RRRR @(0,0) r0"], pile=["BA/Cccc+", "BA/RFr", "BA/L"])
    kinds = [(e.type, getattr(e, "tile", None)) for e in state.last_events]
    assert kinds[-3:] == [
        ("tile-drawn", "BA/Cccc+"),
        ("tile-returned", "BA/Cccc+"),
        ("tile-drawn", "BA/RFr"),
    ]
    assert state.pending.kind == "tile" and state.pending.player == RED
    assert state.drawn == "BA/RFr"
    assert state.draw_pile() == ["BA/L"]


def test_illegal_placements_have_reasons_and_change_nothing():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    before = state.clone()
    cases = {
        PlaceTile("BA/C", 0, 0, 0): ("square-taken", "0,0 is already taken"),
        PlaceTile("BA/C", 5, 5, 0): ("not-adjacent", "5,5 does not touch any tile along an edge"),
        PlaceTile("BA/C", 0, 1, 0): (
            "edges-mismatch",
            "its edges do not match its neighbours at 0,1: N (city against field)",
        ),
        PlaceTile("BA/C", 0, -1, 45): (
            "bad-rotation",
            "rotation must be 0, 90, 180 or 270, not 45",
        ),
        PlaceTile("BA/L", 0, 1, 0): ("wrong-tile", "the drawn tile is BA/C, not BA/L"),
        Pass(): ("wrong-decision", "a tile placement is expected (the drawn tile is BA/C)"),
    }
    for action, (code, reason) in cases.items():
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert (info.value.code, info.value.reason) == (code, reason)
        assert state == before


def test_exact_legal_placements_of_a_city_cap_next_to_the_start_tile():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    # west and east of the start tile need a road edge; south a field edge; north a city edge
    assert state.legal_tile_placements() == [(0, -1, 180), (0, 1, 90), (0, 1, 180), (0, 1, 270)]


def test_no_meeple_left_means_only_pass():
    state = board(["BA/RCr @(0,0) r0"], meeples=1, pile=["BA/L", "BA/L", "BA/L", "BA/L"])
    state.apply(PlaceTile("BA/L", 0, 1, 0))
    state.apply(PlaceFigure("meeple", 0, 1, "monastery"))
    state.apply(state.legal_actions()[0])  # Blue places a monastery
    state.apply(Pass())
    state.apply(state.legal_actions()[0])  # Red places one: no meeple left
    assert state.supply[RED]["meeple"] == 0
    assert state.legal_actions() == [Pass()]


def test_farmers_option_off_offers_no_field():
    state = board(["BA/RCr @(0,0) r0"], farmers=False, pile=["BA/C", "BA/L"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    assert state.legal_actions() == [PlaceFigure("meeple", 0, -1, "S"), Pass()]


# -- final scoring of each kind -----------------------------------------------------------------


def test_final_incomplete_road_city_monastery_and_field():
    state = board(
        [
            "BA/RCr @(0,0) r0",  # city N (open), road W-E
            "BA/CFc+ @(0,-1) r90",  # city band N-S with shield, joins the start city
            "BA/L @(0,1) r0",  # monastery south of the start tile, at the edge of the board
            "BA/C @(1,1) r0",  # city facing north (open), its field joins the monastery's
        ],
        [
            (RED, "meeple", 0, 0, "W"),  # road, 1 tile
            (BLUE, "meeple", 0, -1, "N"),  # city: 2 tiles + 1 shield
            (RED, "meeple", 0, 1, "monastery"),  # 1 + 2 neighbours ((0,0) and (1,1))
            (BLUE, "meeple", 1, 1, "EL"),  # field of (1,1): borders only its own open city
        ],
        pile=[],
    )
    assert state.is_over
    got = sorted((e.player, e.kind, e.points) for e in state.last_events if e.type == "points")
    assert got == [(RED, "monastery", 3), (RED, "road", 1), (BLUE, "city", 3)]
    assert state.scores == [4, 3]
    game_over = state.last_events[-1]
    assert game_over.type == "game-over" and game_over.ranking == (1, 2)


def test_last_tile_scores_in_play_before_final_scoring():
    state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], pile=["BA/C"])
    events = state.apply(PlaceTile("BA/C", 0, -1, 180))
    events = state.apply(PlaceFigure("meeple", 0, -1, "NL"))
    kinds = [(e.type, getattr(e, "final", None)) for e in events]
    completed_at = kinds.index(("feature-completed", None))
    final_points = kinds.index(("points", True))
    assert kinds.index(("points", False)) < final_points
    assert completed_at < final_points
    assert kinds[-1] == ("game-over", None)
    assert state.scores == [4 + 3, 0]  # city 4 in play; the farmer's field borders it: 3


def test_tied_final_scores_share_first_place():
    state = board(["BA/RCr @(0,0) r0"], pile=[])
    assert state.last_events[-1].ranking == (1, 1)
    assert state.winners() == [RED, BLUE]


def test_draw_is_not_offered_without_alternatives():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    assert Draw() not in state.legal_actions()


def test_combined_actions_pair_each_placement_with_its_figure_options():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    pairs = state.combined_actions()
    placements = state.legal_actions()
    assert [p for p, _ in pairs if _ == Pass()] == placements  # every placement can pass
    assert (PlaceTile("BA/C", 0, -1, 180), PlaceFigure("meeple", 0, -1, "S")) in pairs
    assert (PlaceTile("BA/C", 0, -1, 180), PlaceFigure("meeple", 0, -1, "NL")) in pairs
    assert len(pairs) == sum(1 + 2 for _ in placements)  # a city and a field each, or pass


def test_force_draw_errors_leave_the_state_alone():
    from carcassonne import CarcassonneError

    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    before = state.clone()
    with pytest.raises(CarcassonneError, match="tile BA/Cccc\\+ is not in the draw pile"):
        state.force_draw("BA/Cccc+")
    with pytest.raises(CarcassonneError, match="unknown tile 'ZZ'"):
        state.force_draw("ZZ")
    assert state == before
    state.force_draw("B")  # aliases work
    assert state.drawn == "BA/L" and state.draw_pile() == ["BA/C"]
