"""The River's tile data against tiles.md §2, and the fields and roads it makes (rules.md §2.3)."""

from __future__ import annotations

import pytest

from carcassonne import IllegalActionError, Pass, PlaceFigure
from carcassonne.testing import RED, board, config, place, points

RIVER = ("river",)
SPRING = "RI/s"
LAKE = "RI.1/I.e"


def river_tiles(cfg) -> dict[str, int]:
    return {t.id: t.count for t in cfg.tile_types.values() if t.set_name == "river"}


def test_c2_set_has_twelve_tiles_with_one_garden_curve():
    assert river_tiles(config(expansions=RIVER)) == {
        "RI/s": 1,
        "RI.1/I.e": 1,
        "RI.1/CICI": 1,
        "RI.1/CIRI": 1,
        "RI.1/LIRI": 1,
        "RI.1/RIrI": 1,
        "RI.1/IFI": 2,
        "RI.1/CcII": 1,
        "RI.1/RrII": 1,
        "RI.1/II": 1,
        "RI.1/IIG": 1,
    }


def test_c1_edition_has_two_plain_curves_and_no_garden():
    tiles = river_tiles(config(expansions=RIVER, edition="C1"))
    assert tiles["RI.1/II"] == 2
    assert "RI.1/IIG" not in tiles
    assert sum(tiles.values()) == 12


def test_edges_match_tiles_md_quick_table():
    letter = {"city": "C", "road": "R", "field": "F", "river": "I"}
    types = config(expansions=RIVER).tile_types
    edges = {
        tid: "".join(letter[e] for e in types[tid].rotations[0].edges)
        for tid in river_tiles(config(expansions=RIVER))
    }
    assert edges == {
        "RI/s": "FIFF",
        "RI.1/I.e": "FFFI",
        "RI.1/CICI": "CICI",
        "RI.1/CIRI": "CIRI",
        "RI.1/LIRI": "FIRI",
        "RI.1/RIrI": "IRIR",
        "RI.1/IFI": "FIFI",
        "RI.1/CcII": "CIIC",
        "RI.1/RrII": "RRII",
        "RI.1/II": "FFII",
        "RI.1/IIG": "FFII",
    }


def test_rv05_the_spring_does_not_split_the_field():
    """RV-05: the spring's one field joins both banks of the first river tile."""
    state = board([f"{SPRING} @(0,0) r0", "RI.1/II @(1,0) r0"], expansions=RIVER)
    spring_field = state.feature_at(0, 0, "NL")
    assert state.feature_at(0, 0, "SR") == spring_field
    assert state.feature_at(1, 0, "NL") == spring_field  # outer bank
    assert state.feature_at(1, 0, "WL") == spring_field  # inner corner
    assert state.feature_at(1, 0, "SR") == spring_field


def test_the_lake_does_not_split_the_field():
    state = board([f"{SPRING} @(0,0) r0", f"{LAKE} @(1,0) r0"], expansions=RIVER)
    assert {state.feature_at(1, 0, h) for h in ("NL", "EL", "SL", "WL", "WR")} == {
        state.feature_at(0, 0, "NL")
    }


def test_fields_do_not_pass_under_a_bridge_and_the_road_is_one():
    """RIrI turned so the river runs west-east: the two downstream fields stay apart from each
    other and from the spring's; the two upstream ones meet through the spring's field."""
    state = board([f"{SPRING} @(0,0) r0", "RI.1/RIrI @(1,0) r90"], expansions=RIVER)
    spring_field = state.feature_at(0, 0, "NL")
    north_east = state.feature_at(1, 0, "NR")
    south_east = state.feature_at(1, 0, "SL")
    assert state.feature_at(1, 0, "EL") == north_east
    assert state.feature_at(1, 0, "ER") == south_east
    assert state.feature_at(1, 0, "WR") == spring_field
    assert state.feature_at(1, 0, "WL") == spring_field
    assert len({spring_field, north_east, south_east}) == 3
    assert state.feature_at(1, 0, "N") == state.feature_at(1, 0, "S")
    assert state.feature_kind(state.feature_at(1, 0, "N")) == "road"


def test_a_road_over_a_bridge_scores_as_one_road():
    state = board(
        [f"{SPRING} @(0,0) r0", "RI.1/RIrI @(1,0) r90", "BA/LR @(1,-1) r0"],
        figures=[(RED, "meeple", 1, 0, "N")],
        expansions=RIVER,
    )
    assert points(place(state, "BA/LR @(1,1) r180")) == {RED: 3}


def test_the_river_is_never_offered_to_a_figure():
    state = board([f"{SPRING} @(0,0) r0"], expansions=RIVER, pile=["RI.1/CICI", "BA/L"])
    place_events = state.apply(state.legal_actions()[0])
    assert [e.type for e in place_events] == ["tile-placed"]
    assert state.legal_actions() == [
        PlaceFigure("meeple", 1, 0, "N"),
        PlaceFigure("meeple", 1, 0, "S"),
        PlaceFigure("meeple", 1, 0, "EL"),
        PlaceFigure("meeple", 1, 0, "ER"),
        Pass(),
    ]
    with pytest.raises(IllegalActionError, match="no meeple may stand on a river"):
        state.apply(PlaceFigure("meeple", 1, 0, "E"))


def test_the_river_is_no_feature_for_scoring():
    state = board([f"{SPRING} @(0,0) r0", LAKE + " @(1,0) r0"], expansions=RIVER, pile=[])
    assert state.is_over
    assert state.scores == [0, 0]
    river = state.feature_at(0, 0, "E")
    assert state.feature_kind(river) == "river"
    assert not state.is_complete(river)
