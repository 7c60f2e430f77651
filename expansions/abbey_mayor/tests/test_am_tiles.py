"""The 12 land tiles behave as the official clarifications say (rules.md §4.6, tiles.md §3)."""

from __future__ import annotations

from carcassonne import GameConfig
from carcassonne.testing import RED, board, place, points

AM = ("abbey-mayor",)


def test_land_tiles_are_shuffled_in_c2_and_c1():
    c2 = GameConfig(players=2, expansions=AM, seed=1)
    land = sorted(t for t in c2.shuffled_pile() if t.startswith("AM/"))
    assert land == sorted(
        ["AM/C++", "AM/CCcc+", "AM/CCc+", "AM/CCRR", "AM/LRRRR", "AM/RC", "AM/CRr", "AM/RrC",
         "AM/C!+", "AM/RG", "AM/Rrr", "AM/CRcr+"]
    )  # fmt: skip
    c1 = GameConfig(players=2, expansions=AM, options={"edition": "C1"}, seed=1)
    assert "AM/R" in c1.shuffled_pile() and "AM/RG" not in c1.shuffled_pile()


def test_well_road_does_not_end():
    state = board(["AM/Rrr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=1, expansions=AM)
    road = state.feature_at(0, 0, "N")
    assert state.feature_at(0, 0, "E") == road == state.feature_at(0, 0, "W")
    assert state.feature_open(road) == 3
    assert points(place(state, "BA/RRR @(0,-1) r0")) == {}  # N branch closed
    assert points(place(state, "BA/RRR @(1,0) r0")) == {}  # E branch closed
    # the last branch completes the road: 4 tiles
    assert points(place(state, "BA/RRR @(-1,0) r0")) == {RED: 4}


def test_tunnel_tile_has_one_road_and_splits_only_the_north_field():
    state = board(["AM/CRcr+ @(0,0) r0"], expansions=AM)
    assert state.feature_at(0, 0, "N") == state.feature_at(0, 0, "S")
    assert state.feature_at(0, 0, "E") == state.feature_at(0, 0, "W")
    assert state.feature_at(0, 0, "N") != state.feature_at(0, 0, "E")
    assert state.feature_at(0, 0, "NL") != state.feature_at(0, 0, "NR")
    assert state.feature_at(0, 0, "SL") == state.feature_at(0, 0, "SR")
    city = state.feature_at(0, 0, "E")
    for half in ("NL", "NR", "SL"):
        assert state.bordering(state.feature_at(0, 0, half)) == {city}


def test_bridge_city_fields_touch_both_cities():
    state = board(["AM/CCc+ @(0,0) r0"], expansions=AM)
    north, band = state.feature_at(0, 0, "N"), state.feature_at(0, 0, "E")
    assert north != band
    assert state.bordering(state.feature_at(0, 0, "SL")) == {north, band}
    assert state.bordering(state.feature_at(0, 0, "I")) == {north, band}


def test_crossing_cities_tile_has_two_cities_and_two_inner_fields():
    state = board(["AM/CCcc+ @(0,0) r0"], expansions=AM)
    ns, we = state.feature_at(0, 0, "N"), state.feature_at(0, 0, "W")
    assert ns == state.feature_at(0, 0, "S") and we == state.feature_at(0, 0, "E") and ns != we
    first, second = state.feature_at(0, 0, "I"), state.feature_at(0, 0, "II")
    assert first != second
    assert state.bordering(first) == state.bordering(second) == {ns, we}
    assert state.feature_attr(ns, "shields") == 1 and state.feature_attr(we, "shields") == 0


def test_road_touching_the_city_makes_three_fields():
    state = board(["AM/CRr @(0,0) r0"], expansions=AM)
    fields = {state.feature_at(0, 0, h) for h in ("WL", "EL", "SL")}
    assert len(fields) == 3


def test_house_road_ends_on_its_tile():
    state = board(["AM/RG @(0,0) r0"], [(RED, "meeple", 0, 0, "S")], player=1, expansions=AM)
    assert points(place(state, "AM/RC @(0,1) r90")) == {RED: 2}  # house to city gate


def test_abbey_tile_data():
    config = GameConfig(players=2, expansions=AM, seed=1)
    abbey = config.tile_types["AM/A"]
    assert abbey.edges == ("abbey",) * 4
    assert "abbey" in abbey.tags
    assert abbey.rotations[0].corner_feature == (-1, -1, -1, -1)
    assert config.kinds["abbey"].wildcard and not config.kinds["abbey"].occupiable
