"""Placing river tiles (rules.md §2.3): continue the open end, no U-turn, unplaceable tiles.

Turns are named relative to the flow from the spring (y grows south, so clockwise is right).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from carcassonne import GameConfig, IllegalActionError, Pass, PlaceTile, hookimpl
from carcassonne.plugins import installed_expansions
from carcassonne.position import Position, build_state
from carcassonne.testing import board, parse_tile
from carcassonne.tileset.model import FeatureKind
from carcassonne_river.course import (
    RIGHT,
    STRAIGHT,
    U_TURN_CURVES,
    river_ends,
    upstream_turns,
)

RIVER = ("river",)
SPRING = "RI/s @(0,0) r0"


def placements(state) -> list[tuple[int, int, int]]:
    assert state.pending.kind == "tile"
    return [(a.x, a.y, a.rotation) for a in state.legal_actions()]


def river_board(tiles, pile, uturn="strict", **kwargs):
    return board(tiles, expansions=RIVER, pile=pile, options={"river.uturn": uturn}, **kwargs)


# -- continuing the open end ----------------------------------------------------------------


@pytest.mark.parametrize(
    "tile, expected",
    [
        ("RI.1/IFI", [(1, 0, 0), (1, 0, 180)]),  # straight, either way round
        ("RI.1/II", [(1, 0, 0), (1, 0, 90)]),  # curve right (to the south) or left (north)
        ("RI.1/RIrI", [(1, 0, 90), (1, 0, 270)]),  # bridge
        ("RI.1/CcII", [(1, 0, 90), (1, 0, 180)]),  # curve with its city north or south
        ("RI.1/I.e", [(1, 0, 0)]),  # the lake
    ],
)
def test_a_river_tile_goes_only_on_the_open_end(tile, expected):
    state = river_board([SPRING], pile=[tile, "BA/L"])
    assert state.drawn == tile
    assert placements(state) == expected


def test_fitting_next_to_the_river_is_not_continuing_it():
    """IFI at (0,-1) r0 matches the spring's field edge, but does not join the river."""
    state = river_board([SPRING], pile=["RI.1/IFI", "BA/L"])
    before = state.clone()
    with pytest.raises(IllegalActionError, match="a river tile must continue the river at "):
        state.apply(PlaceTile("RI.1/IFI", 0, -1, 0))
    assert state == before


def test_the_open_end_moves_with_the_river():
    state = river_board(
        [SPRING, "RI.1/II @(1,0) r0", "RI.1/IFI @(1,1) r90"], pile=["RI.1/CICI", "BA/L"]
    )
    assert placements(state) == [(1, 2, 90), (1, 2, 270)]


def test_other_edges_of_a_river_tile_must_match_normally():
    """The open end (1,0) has a city edge above it: only tiles with a city north fit."""
    tiles = [SPRING, "BA/C @(0,-1) r0", "BA/C @(1,-1) r180"]
    state = river_board(tiles, pile=["RI.1/CcII", "BA/L"])
    assert placements(state) == [(1, 0, 90)]  # city north+east, river west+south
    state = river_board(tiles, pile=["RI.1/CICI", "BA/L"])
    assert placements(state) == [(1, 0, 0), (1, 0, 180)]


def test_land_tiles_are_not_restricted():
    state = river_board([SPRING], pile=["BA/L", "RI.1/IFI"])
    assert placements(state) == [
        (-1, 0, 0), (-1, 0, 90), (-1, 0, 180), (-1, 0, 270),
        (0, -1, 0), (0, -1, 90), (0, -1, 180), (0, -1, 270),
        (0, 1, 0), (0, 1, 90), (0, 1, 180), (0, 1, 270),
    ]  # fmt: skip


# -- no U-turn ------------------------------------------------------------------------------


@pytest.mark.parametrize("uturn", ["strict", "immediate"])
def test_rv01_two_curves_the_same_way_in_a_row_are_illegal(uturn):
    """RV-01: after a right turn at (1,0), a second right turn at (1,1) is illegal."""
    state = river_board([SPRING, "RI.1/II @(1,0) r0"], pile=["RI.1/IIG", "BA/L"], uturn=uturn)
    assert placements(state) == [(1, 1, 180)]  # N->E: a left turn
    before = state.clone()
    with pytest.raises(IllegalActionError, match="the river would make a U-turn at 1,1"):
        state.apply(PlaceTile("RI.1/IIG", 1, 1, 90))  # N->W: right again
    assert state == before


@pytest.mark.parametrize("uturn", ["strict", "immediate"])
def test_two_left_turns_in_a_row_are_illegal(uturn):
    # (1,0): W->N, a left turn; at (1,-1) a tile entered from the south
    state = river_board([SPRING, "RI.1/II @(1,0) r90"], pile=["RI.1/RrII", "BA/L"], uturn=uturn)
    # RrII r0 enters S, leaves W (left again: vetoed); r270 enters S, leaves E (right)
    assert placements(state) == [(1, -1, 270)]


#: Right at (1,0), straight down at (1,1), right at (1,2), straight west at (0,2).
RIGHT_STRAIGHT_RIGHT_STRAIGHT = [
    SPRING,
    "RI.1/II @(1,0) r0",
    "RI.1/IFI @(1,1) r90",
    "RI.1/RrII @(1,2) r90",
    "RI.1/IFI @(0,2) r0",
]


def test_strict_forbids_a_third_turn_the_same_way_with_straights_between():
    state = river_board(RIGHT_STRAIGHT_RIGHT_STRAIGHT, pile=["RI.1/CcII", "BA/L"])
    assert placements(state) == [(-1, 2, 0)]  # r0 turns left (to the south); r270 right: vetoed


def test_the_upstream_walk_stops_after_the_curves_asked_for():
    """The veto walks back only to the second curve: the rest of the river cannot matter."""
    state = river_board(RIGHT_STRAIGHT_RIGHT_STRAIGHT, pile=["RI.1/CcII", "BA/L"])
    assert river_ends(state) == {(-1, 2): 1}  # entered from the east
    full = upstream_turns(state, -1, 2, 1)
    assert full == [STRAIGHT, RIGHT, STRAIGHT, RIGHT]  # nearest first, the spring not counted
    assert upstream_turns(state, -1, 2, 1, curves=1) == full[:2]
    assert upstream_turns(state, -1, 2, 1, curves=U_TURN_CURVES) == full


def test_immediate_allows_a_third_turn_the_same_way_with_straights_between():
    state = river_board(
        RIGHT_STRAIGHT_RIGHT_STRAIGHT, pile=["RI.1/CcII", "BA/L"], uturn="immediate"
    )
    assert placements(state) == [(-1, 2, 0), (-1, 2, 270)]


@pytest.mark.parametrize("uturn", ["strict", "immediate"])
def test_two_turns_the_same_way_with_a_straight_between_are_legal(uturn):
    tiles = [SPRING, "RI.1/II @(1,0) r0", "RI.1/IFI @(1,1) r90"]
    state = river_board(tiles, pile=["RI.1/RrII", "BA/L"], uturn=uturn)
    assert placements(state) == [(1, 2, 90), (1, 2, 180)]  # right (to the west), left (east)


def test_an_opposite_turn_between_resets_the_count():
    """Right, straight, left, straight, right: legal under strict (only two rights)."""
    tiles = [
        SPRING,
        "RI.1/II @(1,0) r0",  # right: heading south
        "RI.1/IFI @(1,1) r90",
        "RI.1/RrII @(1,2) r180",  # left: heading east
        "RI.1/IFI @(2,2) r0",
    ]
    state = river_board(tiles, pile=["RI.1/CcII", "BA/L"])
    # CcII at (3,2) entered from the west: r90 leaves south (right), r180 leaves north (left)
    assert placements(state) == [(3, 2, 90), (3, 2, 180)]


# -- tiles that cannot be placed --------------------------------------------------------------

#: The open end (1,0) lies under a city edge: a tile without a city on that side fits nowhere.
BOXED_IN = [SPRING, "BA/C @(0,-1) r0", "BA/C @(1,-1) r180"]


def test_an_unplaceable_river_tile_goes_back_to_the_box_and_the_next_is_drawn():
    state = river_board(BOXED_IN, pile=["RI.1/IFI", "RI.1/CICI", "BA/L"])
    assert [(e.type, e.tile) for e in state.last_events if hasattr(e, "tile")] == [
        ("tile-drawn", "RI.1/IFI"),
        ("tile-returned", "RI.1/IFI"),
        ("tile-drawn", "RI.1/CICI"),
    ]
    assert state.player == 0
    assert placements(state) == [(1, 0, 0), (1, 0, 180)]
    assert state.draw_pile() == ["BA/L"]


def test_an_unplaceable_lake_is_discarded_and_the_river_stays_open():
    state = river_board(BOXED_IN, pile=["RI.1/I.e", "BA/L", "BA/L"])
    assert [(e.type, e.tile) for e in state.last_events if hasattr(e, "tile")] == [
        ("tile-drawn", "RI.1/I.e"),
        ("tile-returned", "RI.1/I.e"),
        ("tile-drawn", "BA/L"),
    ]
    assert (1, 0, 0) not in placements(state)  # no land tile fits the river's open end


# -- an abbey-like wildcard tile closing the river ----------------------------------------------

#: Tiles around the river's open end (1,0), leaving it a hole.
HOLE_AT_THE_OPEN_END = [
    "BA/C @(0,-1) r0",
    "BA/C @(1,-1) r180",
    "BA/L @(0,1) r0",
    "BA/L @(1,1) r0",
    "BA/L @(2,1) r0",
    "BA/C @(2,0) r0",
]

WILD_SET = """
[set]
name = "wildtest"

[[tile]]
id = "WT/A"
count = 1
features = \"\"\"
wild N E S W
monastery
\"\"\"
"""


def wild_plugin(path):
    """A test plugin with a wildcard kind like Abbey & Mayor's abbey (matches any edge)."""

    @hookimpl
    def carcassonne_feature_kinds():
        return [FeatureKind("wild", "sides", edge="wild", wildcard=True, occupiable=False,
                            provider="wildtest")]  # fmt: skip

    @hookimpl
    def carcassonne_tile_sets():
        return [path]

    return SimpleNamespace(
        carcassonne_feature_kinds=carcassonne_feature_kinds,
        carcassonne_tile_sets=carcassonne_tile_sets,
    )


def test_a_wildcard_tile_on_the_open_end_closes_the_river(tmp_path):
    """With no open end left, every remaining river tile is returned to the box."""
    path = tmp_path / "wild.toml"
    path.write_text(WILD_SET)
    config = GameConfig(players=2, expansions=["river"], plugins=[("wildtest", wild_plugin(path))])
    tiles = [parse_tile(t) for t in [SPRING, *HOLE_AT_THE_OPEN_END, "WT/A @(1,0) r0"]]
    state = build_state(config, Position(tiles=tiles, pile=["RI.1/IFI", "RI.1/I.e", "BA/L"]))
    assert [(e.type, e.tile) for e in state.last_events if hasattr(e, "tile")] == [
        ("tile-drawn", "RI.1/IFI"),
        ("tile-returned", "RI.1/IFI"),
        ("tile-drawn", "RI.1/I.e"),
        ("tile-returned", "RI.1/I.e"),
        ("tile-drawn", "BA/L"),
    ]
    assert state.pending.kind == "tile"


def test_an_abbey_placed_on_the_open_end_closes_the_river():
    """Abbey & Mayor: an abbey replaces the draw of a land tile (rules.md §4.1), so it is not
    offered while river tiles are still to be drawn; once they are gone it fits the hole at
    the river's open end, and the river ends there (rules README: abbey next to a river edge)."""
    if "abbey-mayor" not in installed_expansions():
        pytest.skip("the Abbey & Mayor expansion is not installed")
    during = board(
        [SPRING, *HOLE_AT_THE_OPEN_END],
        expansions=("river", "abbey-mayor"),
        pile=["RI.1/IFI", "RI.1/I.e", "BA/L"],
    )
    # no abbey at the start of the turn: the river tiles were drawn (and went back to the box:
    # the hole left them nowhere to go), then the land tile
    assert during.drawn == "BA/L"
    assert PlaceTile("AM/A", 1, 0, 0) not in during.legal_actions()
    state = board(
        [SPRING, *HOLE_AT_THE_OPEN_END],
        expansions=("river", "abbey-mayor"),
        pile=["BA/L"],
    )
    assert state.pending.kind == "draw"
    assert PlaceTile("AM/A", 1, 0, 0) in state.legal_actions()
    state.apply(PlaceTile("AM/A", 1, 0, 0))
    events = state.apply(Pass())
    assert [(e.type, e.tile) for e in events if hasattr(e, "tile")] == [("tile-drawn", "BA/L")]
    assert state.player == 1
