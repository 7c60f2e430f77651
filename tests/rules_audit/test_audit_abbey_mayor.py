"""Rules audit, Abbey & Mayor (rules.md §4): abbey, mayor, wagon and barn edge cases."""

from __future__ import annotations

import pytest

from carcassonne.plugins import installed_expansions

if "abbey-mayor" not in installed_expansions():
    pytest.skip("expansion not installed: abbey-mayor", allow_module_level=True)

from carcassonne import Draw, Pass, PlaceFigure, PlaceTile  # noqa: E402
from carcassonne.testing import BLUE, RED, YELLOW, board, place, points  # noqa: E402

AM = ("abbey-mayor",)
ABBEY = "AM/A"


def awards(events) -> list[tuple[int, str, int, str]]:
    return sorted((e.player, e.kind, e.points, e.reason) for e in events if e.type == "points")


def completed(events) -> list[tuple[str, int]]:
    return sorted((e.kind, e.tiles) for e in events if e.type == "feature-completed")


def options_of(state, kind: str) -> set:
    return {a for a in state.legal_actions() if getattr(a, "figure", None) == kind}


# -- abbey (§4.1) -------------------------------------------------------------------------------

#: A road ring round the hole (0,0), open at (-1,-1); the hole sees field edges only.
ROAD_RING = [
    "BA/RFr @(0,-1) r0", "BA/Rr @(1,-1) r0", "BA/RFr @(1,0) r90", "BA/Rr @(1,1) r90",
    "BA/RFr @(0,1) r0", "BA/Rr @(-1,1) r180", "BA/RFr @(-1,0) r90",
]  # fmt: skip


def test_the_abbey_is_chosen_before_drawing_never_after():
    state = board(ROAD_RING, expansions=AM, pile=["BA/L", "BA/L"])
    assert state.legal_actions() == [Draw(), PlaceTile(ABBEY, 0, 0, 0)]
    state.apply(Draw())
    assert state.pending.kind == "tile"
    assert all(a.tile == "BA/L" for a in state.legal_actions())
    with pytest.raises(Exception, match="the drawn tile is BA/L, not AM/A"):
        state.apply(PlaceTile(ABBEY, 0, 0, 0))


def test_a_monk_on_an_abbey_scores_one_plus_neighbours_at_the_end():
    state = board(ROAD_RING + ["AM/A @(0,0) r0"], [(RED, "meeple", 0, 0, "monastery")],
                  expansions=AM, pile=[])  # fmt: skip
    assert state.is_over
    assert awards(state.last_events) == [(RED, "monastery", 8, "final")]


#: Eight city tiles round the empty square (0,0), each showing city towards it: 2 shields.
CITY_RING = [
    "BA/Ccc @(0,-1) r180", "BA/Cc.1 @(1,-1) r270", "BA/Ccc+ @(1,0) r270", "BA/Cc.1 @(1,1) r0",
    "BA/CccG @(0,1) r0", "BA/Cc+ @(-1,1) r90", "BA/Ccc @(-1,0) r90", "BA/CcG @(-1,-1) r180",
]  # fmt: skip


def test_an_abbey_closes_a_city_ring_without_counting_itself():
    state = board(CITY_RING, [(RED, "meeple", 0, -1, "S")], player=BLUE, expansions=AM)
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    events = state.apply(Pass())
    assert completed(events) == [("city", 8), ("monastery", 1)]  # the abbey is surrounded too
    assert awards(events) == [(RED, "city", 2 * 8 + 2 * 2, "completed")]


def test_end_game_abbey_completes_a_wagon_road_the_wagon_moves_then_final_scoring():
    # monasteries and city caps round the hole (0,0); a road runs south from the hole
    ring = [
        "BA/L @(0,-1) r0", "BA/L @(1,-1) r0", "BA/L @(1,0) r0", "BA/L @(1,1) r0",
        "BA/RFr @(0,1) r90", "BA/C @(-1,1) r270", "BA/C @(-1,0) r270",
    ]  # fmt: skip
    state = board(ring, [(RED, "wagon", 0, 1, "N")], player=BLUE, expansions=AM,
                  pile=["BA/RRR"])  # fmt: skip
    state.apply(Draw())
    state.apply(PlaceTile("BA/RRR", 0, 2, 180))  # the last tile: the road's south end
    state.apply(Pass())
    assert (state.pending.kind, state.pending.player) == ("draw", RED)
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    events = state.apply(Pass())
    assert awards(events) == [(RED, "road", 2, "completed")]
    assert state.pending.kind == "wagon" and state.pending.player == RED
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "W"),
        PlaceFigure("wagon", -1, 1, "W"),
        PlaceFigure("wagon", 0, 0, "monastery"),  # the abbey: 7 of 8 neighbours
        PlaceFigure("wagon", 0, 2, "E"),
        PlaceFigure("wagon", 0, 2, "W"),
        PlaceFigure("wagon", 1, 0, "monastery"),
        PlaceFigure("wagon", 1, 1, "monastery"),
        Pass(),
    ]
    events = state.apply(PlaceFigure("wagon", 1, 0, "monastery"))
    # Blue still holds an abbey but no hole is left: final scoring; the wagon stays put
    assert state.is_over
    assert awards(events) == [(RED, "monastery", 6, "final")]
    assert state.legal_actions() == []


# -- mayor (§4.2) -------------------------------------------------------------------------------


def test_a_city_holding_a_wagon_takes_no_mayor():
    state = board(["BA/RCr @(0,0) r0"], [(BLUE, "wagon", 0, 0, "N")], player=RED, expansions=AM)
    state.force_draw("BA/CFc.1")
    state.apply(PlaceTile("BA/CFc.1", 0, -1, 90))  # city band N-S joins the wagon's city
    assert state.legal_actions() == [
        PlaceFigure("meeple", 0, -1, "EL"),
        PlaceFigure("meeple", 0, -1, "WL"),
        Pass(),
    ]


#: AM-09's board with a shield-less closing tile: four tiles, no shield.
MAYOR_CITY = [
    "BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0", "BA/C @(1,-1) r270", "BA/RFr @(-1,0) r0",
    "BA/C @(-1,-1) r90",
]  # fmt: skip


def test_mayor_of_strength_zero_adds_nothing_to_its_owners_meeple():
    figures = [
        (RED, "mayor", 0, 0, "N"),
        (RED, "meeple", -1, -1, "E"),
        (BLUE, "meeple", 1, -1, "W"),
    ]
    state = board(MAYOR_CITY, figures, player=BLUE, expansions=AM)
    events = place(state, "BA/Ccc @(0,-1) r180")  # city S, W, E: joins and closes all three
    assert completed(events) == [("city", 4)]
    assert points(events) == {RED: 8, BLUE: 8}  # 1 against 1
    assert state.supply[RED] == {"meeple": 7, "mayor": 1, "wagon": 1, "barn": 1}


def test_mayor_with_shields_at_the_end_ties_two_meeples():
    figures = [
        (RED, "mayor", 0, 0, "N"),
        (BLUE, "meeple", -1, -1, "E"),
        (BLUE, "meeple", 1, -1, "W"),
    ]
    # AM/C++ joins the three caps; its north side stays open: 4 tiles + 2 shields, strength 2
    state = board(MAYOR_CITY + ["AM/C++ @(0,-1) r0"], figures, expansions=AM, pile=[])
    assert awards(state.last_events) == [(RED, "city", 6, "final"), (BLUE, "city", 6, "final")]


def test_mayor_never_on_a_road_field_or_monastery():
    state = board(["BA/RCr @(0,0) r0"], expansions=AM, pile=["BA/LR", "BA/L"])
    state.apply(PlaceTile("BA/LR", -1, 0, 270))  # monastery, road east
    assert options_of(state, "mayor") == set()
    assert options_of(state, "wagon") == {
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", -1, 0, "E"),
    }


# -- wagon (§4.3) -------------------------------------------------------------------------------


def test_wagon_range_is_its_tile_and_the_eight_around_it():
    tiles = [
        "BA/LR @(-1,0) r270",
        "BA/RCr @(0,0) r0",
        "BA/CFc.1 @(0,-1) r90",  # the start city runs north, open
        "BA/C @(1,-1) r0",  # a city cap diagonal to the wagon's tile
        "BA/C @(2,-1) r0",  # a city cap two tiles away
    ]
    state = board(tiles, [(RED, "wagon", 0, 0, "W")], player=BLUE, expansions=AM)
    events = place(state, "BA/RRR @(1,0) r0")
    assert points(events) == {RED: 3}
    assert state.legal_actions() == [
        PlaceFigure("wagon", -1, 0, "monastery"),
        PlaceFigure("wagon", 0, -1, "N"),
        PlaceFigure("wagon", 0, 0, "N"),
        PlaceFigure("wagon", 1, -1, "N"),
        PlaceFigure("wagon", 1, 0, "E"),
        PlaceFigure("wagon", 1, 0, "S"),
        Pass(),
    ]


def test_a_feature_completed_this_turn_is_no_target():
    # B-05: Yellow's tile completes the ring road (Blue's wagon) and the monastery (Red's monk)
    tiles = [
        "BA/L @(0,0) r0", "BA/RFr @(0,-1) r0", "BA/Rr @(1,-1) r0", "BA/RFr @(1,0) r90",
        "BA/Rr @(1,1) r90", "BA/RFr @(0,1) r0", "BA/Rr @(-1,1) r180", "BA/RFr @(-1,0) r90",
        "BA/C @(0,-2) r0",  # an open city north of the wagon's tile
    ]  # fmt: skip
    figures = [(RED, "meeple", 0, 0, "monastery"), (BLUE, "wagon", 0, -1, "W")]
    state = board(tiles, figures, player=YELLOW, players=3, expansions=AM)
    events = place(state, "BA/Rr @(-1,-1) r270")
    assert points(events) == {RED: 9, BLUE: 8}
    assert state.pending.kind == "wagon" and state.pending.player == BLUE
    # the monastery is free again but complete; the ring road is complete: only the city
    assert state.legal_actions() == [PlaceFigure("wagon", 0, -2, "N"), Pass()]


@pytest.mark.parametrize("active, order", [(RED, [RED, YELLOW]), (YELLOW, [YELLOW, RED])])
def test_wagons_decide_clockwise_from_the_active_player_who_comes_first(active, order):
    tiles = ["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(1,-1) r180"]
    figures = [(YELLOW, "wagon", 0, 0, "E"), (RED, "wagon", 1, -1, "S")]
    state = board(tiles, figures, player=active, players=3, expansions=AM)
    place(state, "BA/CRRR @(1,0) r0")  # completes the road (Yellow) and the city (Red)
    seen = []
    while state.pending.kind == "wagon":
        seen.append(state.pending.player)
        state.apply(Pass())
    assert seen == order


# -- barn (§4.4) --------------------------------------------------------------------------------


def test_no_barn_where_only_three_tiles_meet():
    state = board(["BA/L @(0,0) r0", "BA/L @(1,0) r0"], expansions=AM, pile=["BA/L", "BA/C"])
    state.apply(PlaceTile("BA/L", 1, 1, 0))  # (0,1) is empty: the NW corner has three tiles
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 1, 1, "monastery"),
        PlaceFigure("meeple", 1, 1, "NL"),
        PlaceFigure("wagon", 1, 1, "monastery"),
        Pass(),
    }


def test_barn_placement_scoring_counts_a_city_the_same_tile_completes():
    # BA/CC.2 at (0,0): city A (north, closed by (0,-1)) and city B (west, open); Blue's farmer
    # in the field south-east of them, which runs round through monasteries to (-1,0)
    tiles = [
        "BA/CC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/L @(0,1) r0", "BA/L @(-1,1) r0",
        "BA/L @(-2,1) r0", "BA/L @(-2,0) r0",
    ]  # fmt: skip
    state = board(tiles, [(BLUE, "meeple", 0, 1, "NL")], player=RED, expansions=AM)
    state.force_draw("BA/C")
    state.apply(PlaceTile("BA/C", -1, 0, 90))  # closes city B; its field joins Blue's
    assert PlaceFigure("meeple", -1, 0, "NL") not in state.legal_actions()  # occupied field
    assert options_of(state, "barn") == {PlaceFigure("barn", -1, 0, "SW")}
    events = state.apply(PlaceFigure("barn", -1, 0, "SW"))
    assert completed(events) == [("city", 2)]
    assert awards(events) == [(BLUE, "field", 6, "barn-placement")]
    assert state.supply[BLUE]["meeple"] == 7


def test_the_barn_owner_scores_the_placement_when_it_has_the_farmer_majority():
    am19 = [
        "BA/CC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(-1,0) r90", "BA/RFr @(1,0) r90",
        "BA/RFr @(0,1) r0",
    ]  # fmt: skip
    state = board(am19, [(RED, "meeple", 0, 1, "NL")], player=RED, expansions=AM)
    events = place(state, "BA/Rr @(1,1) r90", figure=("barn", "NW"))
    assert points(events) == {RED: 6}
    assert state.supply[RED]["meeple"] == 7 and state.supply[RED]["barn"] == 0


def test_one_players_two_barns_in_a_field_score_once():
    am19 = [
        "BA/CC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(-1,0) r90", "BA/RFr @(1,0) r90",
        "BA/RFr @(0,1) r0", "BA/Rr @(1,1) r90",
    ]  # fmt: skip
    figures = [(RED, "barn", 1, 1, "NW"), (RED, "barn", 0, 0, "SE")]
    state = board(am19, figures, expansions=AM, pile=[], **{"abbey-mayor.barns": 2})
    assert points(state.last_events) == {RED: 8}


# -- fields of the A&M tiles (§4.6) -------------------------------------------------------------


def test_a_farmer_in_an_inner_pocket_scores_both_crossing_cities():
    tiles = [
        "AM/CCcc+ @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(0,1) r0", "BA/C @(-1,0) r90",
        "BA/C @(1,0) r270",
    ]  # fmt: skip
    figures = [(RED, "meeple", 0, 0, "I"), (BLUE, "meeple", 0, -1, "NL")]
    state = board(tiles, figures, expansions=AM, pile=[])
    # Red's pocket touches both completed cities; Blue's field only the north-south one
    assert points(state.last_events) == {RED: 6, BLUE: 3}


def test_the_three_fields_round_the_walled_city_each_score_it():
    tiles = ["AM/C!+ @(0,0) r0", "BA/C @(-1,0) r90", "BA/L @(1,0) r0", "BA/L @(0,1) r0"]
    figures = [
        (RED, "meeple", 0, 0, "NL"),
        (BLUE, "meeple", 1, 0, "NL"),  # joins the east field
        (YELLOW, "meeple", 0, 1, "NL"),  # joins the south field
    ]
    state = board(tiles, figures, players=3, expansions=AM, pile=[])
    assert len({state.feature_at(0, 0, h) for h in ("NL", "EL", "SL")}) == 3
    assert points(state.last_events) == {RED: 3, BLUE: 3, YELLOW: 3}
