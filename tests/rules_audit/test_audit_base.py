"""Rules audit, base game (rules.md §1): edge cases not pinned down elsewhere, black-box.

Every board follows tiles.md §0 (y grows south, rotations clockwise) and the tile counts of
the C2 set; the comments give the edges that meet.
"""

from __future__ import annotations

import random

import pytest

from carcassonne import Draw, GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.geometry import SIDE_OFFSETS
from carcassonne.testing import BLUE, RED, YELLOW, board, place, points


def awards(events) -> list[tuple[int, str, int, bool]]:
    """``(player, kind, points, final)`` of every points event, sorted."""
    return sorted((e.player, e.kind, e.points, e.final) for e in events if e.type == "points")


def completed(events) -> list[tuple[str, int]]:
    return sorted((e.kind, e.tiles) for e in events if e.type == "feature-completed")


def draw(state, tile: str) -> None:
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())


# -- §1.4 legal tile placement --------------------------------------------------------------


def reference_placements(state, tile_id: str) -> list[tuple[int, int, int]]:
    """Legal placements by the rule's words: an empty square sharing at least one full edge
    with a placed tile, in a rotation where every touching edge shows the same type."""
    tile = state.config.tile_types[tile_id]
    squares = {
        (x + dx, y + dy)
        for x, y in state.board
        for dx, dy in SIDE_OFFSETS
        if (x + dx, y + dy) not in state.board
    }
    out = []
    for x, y in squares:
        for rotation in (0, 90, 180, 270):
            edges = tile.rotations[rotation // 90].edges
            ok = True
            for side, (dx, dy) in enumerate(SIDE_OFFSETS):
                other = state.tile_at(x + dx, y + dy)
                if other is not None and other.rot.edges[(side + 2) % 4] != edges[side]:
                    ok = False
            if ok:
                out.append((x, y, rotation))
    return sorted(out)


@pytest.mark.parametrize("seed", [3, 11])
def test_legal_placements_equal_the_rule_on_random_boards(seed):
    """Corner contact is not enough, every touching edge must match, all four rotations."""
    state = GameState.new(GameConfig(players=3, seed=seed))
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        if state.pending.kind == "tile" and state.turn % 4 == 0:
            assert state.legal_tile_placements() == reference_placements(state, state.drawn)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 10


def test_a_square_touching_only_a_corner_is_not_offered():
    # BA/L fits any field edge; (1,1) touches (0,0) only at a corner
    state = board(["BA/L @(0,0) r0"], pile=["BA/L", "BA/L"])
    squares = {(x, y) for x, y, _ in state.legal_tile_placements()}
    assert squares == {(0, -1), (1, 0), (0, 1), (-1, 0)}


def test_one_matching_edge_is_not_enough():
    # the square (1,1) sees a road edge from (1,0) (north) and a field edge from (0,1) (west)
    tiles = ["BA/L @(0,0) r0", "BA/LR @(1,0) r0", "BA/L @(0,1) r0"]
    state = board(tiles, pile=["BA/RFr", "BA/L"])
    at_11 = [r for x, y, r in state.legal_tile_placements() if (x, y) == (1, 1)]
    assert at_11 == [90, 270]  # road N-S: north road, west field
    # BA/Rr r90 (roads N, W) matches the road to the north but not the field to the west
    state = board(tiles, pile=["BA/Rr", "BA/L"])
    at_11 = [r for x, y, r in state.legal_tile_placements() if (x, y) == (1, 1)]
    assert at_11 == [180]  # roads N, E; fields S, W


def test_monasteries_may_touch_each_other_and_score_their_own_monk_only():
    state = board(["BA/L @(0,0) r0"], pile=["BA/L", "BA/L", "BA/L"])
    assert state.legal_tile_placements() == [
        (x, y, r) for x, y in [(-1, 0), (0, -1), (0, 1), (1, 0)] for r in (0, 90, 180, 270)
    ]
    state = board(
        ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(1,1) r0", "BA/L @(0,1) r0"],
        [
            (RED, "meeple", 0, 0, "monastery"),
            (BLUE, "meeple", 1, 0, "monastery"),
            (RED, "meeple", 1, 1, "monastery"),
        ],
        pile=[],
    )
    # each monastery: itself + the 3 others of the 2x2 block
    assert awards(state.last_events) == [
        (RED, "monastery", 4, True),
        (RED, "monastery", 4, True),
        (BLUE, "monastery", 4, True),
    ]


# -- §1.10 corners never connect --------------------------------------------------------------


def test_cities_touching_at_a_corner_stay_separate_until_a_tile_joins_them():
    # (0,0) city facing east, (1,1) city facing north: both face the empty square (1,0)
    tiles = ["BA/C @(0,0) r90", "BA/L @(0,1) r0", "BA/C @(1,1) r0"]
    state = board(tiles, [(RED, "meeple", 0, 0, "E")], player=BLUE)
    assert state.feature_at(0, 0, "E") != state.feature_at(1, 1, "N")
    events = place(state, "BA/Cc.1 @(1,0) r270")  # city W and S: joins and closes both caps
    assert completed(events) == [("city", 3)]
    assert points(events) == {RED: 6}


def test_roads_touching_at_a_corner_stay_separate():
    # (0,0) road W-E and (1,1) road N-S both end at the empty square (1,0), at its corner
    tiles = ["BA/RFr @(0,0) r0", "BA/L @(0,1) r0", "BA/RFr @(1,1) r90"]
    state = board(tiles, [(RED, "meeple", 0, 0, "E")], player=BLUE)
    assert state.feature_at(0, 0, "E") != state.feature_at(1, 1, "N")
    place(state, "BA/Rr @(1,0) r0")  # roads W and S join them
    assert state.feature_at(0, 0, "E") == state.feature_at(1, 1, "N")
    assert len(state.feature_tiles(state.feature_at(0, 0, "E"))) == 3


# -- §1.6 occupancy ---------------------------------------------------------------------------


def test_own_meeple_also_blocks_the_feature():
    state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "W")], player=RED)
    draw(state, "BA/RFr")
    state.apply(PlaceTile("BA/RFr", 1, 0, 0))
    assert state.legal_actions() == [
        PlaceFigure("meeple", 1, 0, "NL"),
        PlaceFigure("meeple", 1, 0, "ER"),
        Pass(),
    ]


# -- §1.7 a tile counts once per feature ------------------------------------------------------


def test_a_tile_with_two_segments_of_one_city_counts_once():
    # BA/CC.2 has separate caps N and W; three corner tiles lead the N cap round to the W cap
    tiles = ["BA/CC.2 @(0,0) r0", "BA/Cc.1 @(0,-1) r270", "BA/Cc.1 @(-1,-1) r180"]
    state = board(tiles, [(RED, "meeple", 0, 0, "N")], player=BLUE)
    assert state.feature_at(0, 0, "N") != state.feature_at(0, 0, "W")
    events = place(state, "BA/Cc+ @(-1,0) r90")  # city N and E: joins both caps of (0,0)
    assert completed(events) == [("city", 4)]
    assert points(events) == {RED: 2 * 4 + 2 * 1}


def test_a_road_entering_a_tile_twice_counts_it_once():
    # from the crossing's east road round three curves back into its south road
    tiles = ["BA/RRR @(0,0) r0", "BA/Rr @(1,0) r0", "BA/Rr @(1,1) r90"]
    state = board(tiles, [(RED, "meeple", 0, 0, "E")], player=BLUE)
    assert state.feature_at(0, 0, "E") != state.feature_at(0, 0, "S")
    events = place(state, "BA/Rr @(0,1) r180")  # roads N and E
    assert completed(events) == [("road", 4)]
    assert points(events) == {RED: 4}


# -- §1.10 a city ring around an empty square -------------------------------------------------

#: Eight city tiles around the empty square (0,0), each showing city towards it: 2 shields.
CITY_RING = [
    "BA/Ccc @(0,-1) r180",  # city S, W, E
    "BA/Cc.1 @(1,-1) r270",  # city W, S
    "BA/Ccc+ @(1,0) r270",  # city N, W, S (shield)
    "BA/Cc.1 @(1,1) r0",  # city N, W
    "BA/CccG @(0,1) r0",  # city N, E, W (inert garden)
    "BA/Cc+ @(-1,1) r90",  # city N, E (shield)
    "BA/Ccc @(-1,0) r90",  # city E, N, S
    "BA/CcG @(-1,-1) r180",  # city S, E
]


def test_a_city_ring_around_an_empty_square_is_not_complete():
    state = board(CITY_RING, [(RED, "meeple", 0, -1, "S")], pile=[])
    city = state.feature_at(0, -1, "S")
    assert len(state.feature_tiles(city)) == 8
    assert state.feature_open(city) == 4
    assert not state.is_complete(city)
    assert awards(state.last_events) == [(RED, "city", 8 + 2, True)]


def test_filling_the_ring_completes_the_city():
    state = board(CITY_RING, [(RED, "meeple", 0, -1, "S")], player=BLUE)
    events = place(state, "BA/Cccc+ @(0,0) r0")
    assert completed(events) == [("city", 9)]
    assert points(events) == {RED: 2 * 9 + 2 * 3}


# -- §1.6 / §1.7 completion by the tile just placed ---------------------------------------------

#: B-05's ring road round (0,0), already closed.
ROAD_RING = [
    "BA/RFr @(0,-1) r0", "BA/Rr @(1,-1) r0", "BA/RFr @(1,0) r90", "BA/Rr @(1,1) r90",
    "BA/RFr @(0,1) r0", "BA/Rr @(-1,1) r180", "BA/RFr @(-1,0) r90", "BA/Rr @(-1,-1) r270",
]  # fmt: skip


def test_a_monastery_placed_into_a_full_ring_completes_at_once_with_its_monk():
    state = board(ROAD_RING, player=RED)
    events = place(state, "BA/L @(0,0) r0", ("meeple", "monastery"))
    assert completed(events) == [("monastery", 1)]
    assert points(events) == {RED: 9}
    assert state.supply[RED]["meeple"] == 7


def test_road_ending_at_a_city_gate_and_a_monastery_completes_with_the_placed_meeple():
    state = board(["BA/CccR+ @(0,0) r0"], player=RED)
    events = place(state, "BA/LR @(0,1) r180", ("meeple", "N"))  # monastery road runs north
    assert completed(events) == [("road", 2)]
    assert points(events) == {RED: 2}
    assert state.supply[RED]["meeple"] == 7


# -- §1.10 fields -------------------------------------------------------------------------------


def test_farmer_in_the_enclosed_field_inside_a_road_loop():
    state = board(
        ["BA/Rr @(0,0) r270", "BA/Rr @(1,0) r0", "BA/Rr @(0,1) r180"],
        [(BLUE, "meeple", 0, 0, "E")],
        player=RED,
        pile=["BA/Rr"],
    )
    state.apply(PlaceTile("BA/Rr", 1, 1, 90))
    inner = state.feature_at(0, 0, "SE")
    assert inner == state.feature_at(1, 1, "NW")
    # the enclosed field is free: a farmer may go there (the road is Blue's)
    assert state.legal_actions() == [
        PlaceFigure("meeple", 1, 1, "NL"),  # the enclosed one
        PlaceFigure("meeple", 1, 1, "NR"),  # the outer field
        Pass(),
    ]
    assert state.feature_at(1, 1, "NL") == inner
    events = state.apply(PlaceFigure("meeple", 1, 1, "NL"))
    # the loop scores; the enclosed field never completes; it touches no city at the end
    assert completed(events) == [("road", 4)]
    assert points(events) == {BLUE: 4}
    assert state.is_over


CITY_FOUR_TILES = [
    "BA/RCr @(0,0) r0",
    "BA/RCr @(1,0) r0",
    "BA/Cc.1 @(0,-1) r180",  # city S, E
    "BA/Cc.1 @(1,-1) r270",  # city W, S
]


def test_one_city_counts_once_within_a_field_and_once_per_field():
    # the thin field between the road and the city runs along both start-type tiles and
    # touches the city on two tiles: 3 once; the field north-west of the city also scores it
    state = board(
        CITY_FOUR_TILES,
        [(RED, "meeple", 0, 0, "EL"), (BLUE, "meeple", 0, -1, "NL")],
        pile=[],
    )
    city = state.feature_at(0, 0, "N")
    assert state.is_complete(city) and len(state.feature_tiles(city)) == 4
    assert state.feature_at(0, 0, "EL") == state.feature_at(1, 0, "WR")
    assert awards(state.last_events) == [(RED, "field", 3, True), (BLUE, "field", 3, True)]


@pytest.mark.parametrize(
    "blue_farmers, expected",
    [
        (1, [(RED, "field", 3, True)]),  # 2 against 1
        (2, [(RED, "field", 3, True), (BLUE, "field", 3, True)]),  # 2 against 2: both
    ],
)
def test_field_majority_and_ties(blue_farmers, expected):
    tiles = [
        "BA/RCr @(0,0) r0",
        "BA/C @(0,-1) r180",  # closes the start city; its field runs N, E, W
        "BA/L @(1,-1) r0",
        "BA/L @(-1,-1) r0",
        "BA/L @(-1,-2) r0",
        "BA/L @(1,-2) r0",
    ]
    figures = [
        (RED, "meeple", 0, -1, "NL"),
        (RED, "meeple", 1, -1, "NL"),
        (BLUE, "meeple", -1, -1, "NL"),
    ]
    if blue_farmers == 2:
        figures.append((BLUE, "meeple", -1, -2, "NL"))
    state = board(tiles, figures, pile=[])
    assert awards(state.last_events) == expected


# -- §1.5 unplaceable tiles and the end ---------------------------------------------------------


def test_unplaceable_last_tile_ends_the_game():
    state = board(["BA/RRRR @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], pile=["BA/Cccc+"])
    types = [e.type for e in state.last_events]
    assert types == ["turn", "tile-drawn", "tile-returned", "points", "game-over"]
    assert state.is_over
    assert awards(state.last_events) == [(RED, "road", 1, True)]


def test_several_unplaceable_tiles_in_a_row():
    # only tiles with a road edge fit round a four-way crossing
    state = board(["BA/RRRR @(0,0) r0"], pile=["BA/Cccc+", "BA/L", "BA/RFr"])
    assert [(e.type, e.tile) for e in state.last_events if hasattr(e, "tile")] == [
        ("tile-drawn", "BA/Cccc+"),
        ("tile-returned", "BA/Cccc+"),
        ("tile-drawn", "BA/L"),
        ("tile-returned", "BA/L"),
        ("tile-drawn", "BA/RFr"),
    ]
    assert state.player == RED and state.draw_pile() == []


# -- §1.1 players -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_each_with_seven_meeples_in_turn(players):
    state = GameState.new(GameConfig(players=players, seed=2))
    assert state.supply == [{"meeple": 7}] * players
    seen = []
    while len(seen) < players + 1:
        seen.append(state.player)
        state.apply(state.legal_actions()[0])
        if state.pending.kind == "figure":
            state.apply(Pass())
    assert seen == [*range(players), 0]


def test_completing_another_players_city_scores_nothing_for_the_active_player():
    state = board(["BA/RCr @(0,0) r0"], [(YELLOW, "meeple", 0, 0, "N")], player=RED, players=3)
    assert points(place(state, "BA/C @(0,-1) r180")) == {YELLOW: 4}
