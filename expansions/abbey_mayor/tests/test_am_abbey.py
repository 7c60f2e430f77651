"""The abbey: offered instead of drawing into holes only, closes what it touches, end-game turns."""

from __future__ import annotations

import pytest

from carcassonne import Draw, GameConfig, Pass, PlaceFigure, PlaceTile
from carcassonne.plugins import installed_expansions
from carcassonne.testing import BLUE, RED, YELLOW, board, place, points

AM = ("abbey-mayor",)
ABBEY = "AM/A"
#: A road running round the hole (0, 0), open at (-1,-1); the hole sees field edges only.
RING = [
    "BA/RFr @(0,-1) r0", "BA/Rr @(1,-1) r0", "BA/RFr @(1,0) r90", "BA/Rr @(1,1) r90",
    "BA/RFr @(0,1) r0", "BA/Rr @(-1,1) r180", "BA/RFr @(-1,0) r90",
]  # fmt: skip


def test_abbey_offered_per_hole_before_drawing():
    state = board(RING, expansions=AM)
    assert state.pending.kind == "draw"
    assert state.legal_actions() == [Draw(), PlaceTile(ABBEY, 0, 0, 0)]


def test_no_hole_no_choice_the_tile_is_drawn_at_once():
    state = board(["BA/L @(0,0) r0"], expansions=AM)
    assert state.pending.kind == "tile"


def test_abbey_is_not_drawn_and_each_player_holds_one():
    config = GameConfig(players=5, expansions=AM, seed=4)
    assert ABBEY not in config.shuffled_pile()
    assert config.initial_ext["abbey-mayor"] == (1, 1, 1, 1, 1)
    assert len(config.shuffled_pile()) == 71 + 12


def test_abbey_option_off():
    state = board(RING, expansions=AM, **{"abbey-mayor.abbey": False})
    assert state.pending.kind == "tile"
    assert state.ext["abbey-mayor"] == (0, 0)


def test_placing_the_abbey_uses_it_up():
    state = board(RING, expansions=AM)
    events = state.apply(PlaceTile(ABBEY, 0, 0, 0))
    assert [e.type for e in events] == ["tile-placed"]
    # a monastery: monk or wagon; no field, no city, no road
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 0, 0, "monastery"),
        PlaceFigure("wagon", 0, 0, "monastery"),
        Pass(),
    }
    events = state.apply(PlaceFigure("meeple", 0, 0, "monastery"))
    assert points(events) == {}  # 7 of 8 neighbours
    assert state.ext["abbey-mayor"] == (0, 1)
    # Blue still holds one: a hole at (-1,-1)? no: (-1,-1) has only 2 neighbours; Blue draws
    assert state.player == BLUE and state.pending.kind == "tile"


def test_abbey_closes_a_road_without_counting_itself():
    # a crossing at (-1,0) whose east road runs into the hole
    tiles = RING[:6] + ["BA/RRR @(-1,0) r0"]
    state = board(tiles, [(RED, "meeple", -1, 0, "E")], expansions=AM)
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    events = state.apply(Pass())
    assert points(events) == {RED: 1}
    assert [(e.kind, e.tiles) for e in events if e.type == "feature-completed"] == [("road", 1)]


def test_abbey_fits_a_hole_between_cities_and_roads():
    # the hole shows city (N), city (E), road (S) and field (W) edges: the abbey fits them all
    tiles = [
        "BA/C @(0,-1) r180", "BA/Cc.1 @(1,-1) r180", "BA/Ccc @(1,0) r270", "BA/RCr @(1,1) r0",
        "BA/Rr @(0,1) r180", "BA/L @(-1,1) r0", "BA/L @(-1,0) r0",
    ]  # fmt: skip
    state = board(tiles, expansions=AM)
    assert PlaceTile(ABBEY, 0, 0, 0) in state.legal_actions()
    city = state.feature_at(0, -1, "S")
    big_city = state.feature_at(1, 0, "W")
    road = state.feature_at(0, 1, "N")
    assert state.feature_open(city) == 1
    assert state.feature_open(road) == 2
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    assert state.feature_open(city) == 0
    assert state.feature_tiles(city) == {(0, -1)}
    assert state.feature_open(road) == 1
    assert state.feature_tiles(big_city) == {(1, -1), (1, 0), (1, 1)}
    assert state.feature_open(big_city) == 1  # only the east side of (1,-1) is left


def end_game_state(**options):
    state = board(RING, player=BLUE, players=3, pile=["BA/Rr"], expansions=AM, **options)
    state.apply(Draw())
    state.apply(PlaceTile("BA/Rr", -1, -1, 270))  # closes the road loop (nobody on it)
    return state


def test_abbeys_after_the_last_tile_clockwise_from_the_next_player():
    state = end_game_state()
    events = state.apply(Pass())
    assert state.pending.kind == "draw" and state.pending.player == YELLOW
    assert [e.player for e in events if e.type == "turn"] == [YELLOW]
    assert state.legal_actions() == [PlaceTile(ABBEY, 0, 0, 0), Pass()]
    state.apply(Pass())
    assert state.pending.player == RED
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    events = state.apply(PlaceFigure("meeple", 0, 0, "monastery"))
    # Red's abbey completes at once (8 neighbours); Blue has no hole left: the game ends
    assert points(events) == {RED: 9}
    assert state.is_over
    assert events[-1].type == "game-over"
    assert state.scores == [9, 0, 0]


def test_players_without_an_abbey_are_skipped_at_the_end():
    state = end_game_state()
    state.ext["abbey-mayor"] = (1, 1, 0)
    state.apply(Pass())
    assert state.pending.player == RED
    state.apply(Pass())
    assert state.pending.player == BLUE  # the last tile-placer comes last
    state.apply(Pass())
    assert state.is_over


def test_no_abbeys_after_the_last_tile_with_the_option_off():
    state = end_game_state(**{"abbey-mayor.abbey_endgame": False})
    state.apply(Pass())
    assert state.is_over


def test_abbot_on_an_abbey():
    if "abbot" not in installed_expansions():
        pytest.skip("the Abbot expansion is not installed")
    state = board(RING, expansions=AM + ("abbot",))
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    assert PlaceFigure("abbot", 0, 0, "monastery") in state.legal_actions()


def test_abbey_next_to_a_river_edge():
    if "river" not in installed_expansions():
        pytest.skip("the River expansion is not installed")
    config = GameConfig(players=2, expansions=AM + ("river",), seed=0)
    assert config.tile_types["RI.1/IFI"].edges == ("field", "river", "field", "river")
    tiles = [
        "RI.1/IFI @(-1,0) r0", "BA/L @(-1,-1) r0", "BA/L @(0,-1) r0",
        "BA/L @(1,-1) r0", "BA/L @(1,0) r0", "BA/RFr @(1,1) r0", "BA/RFr @(0,1) r0",
    ]  # fmt: skip
    state = board(tiles, expansions=AM + ("river",), pile=["BA/C"])
    assert PlaceTile(ABBEY, 0, 0, 0) in state.legal_actions()
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    assert state.tile_at(0, 0).tile.id == ABBEY
    # the river simply ends at the abbey; the field banks are bounded, not joined
    assert state.feature_tiles(state.feature_at(-1, 0, "ER")) == {(-1, 0)}


def test_abbey_place_then_undo_gives_it_back():
    state = board(RING, expansions=AM)
    before = state.clone()
    state.apply(PlaceTile(ABBEY, 0, 0, 0))
    state.undo()
    assert state == before
    assert state.ext["abbey-mayor"] == (1, 1)


def test_abbey_not_offered_into_a_non_hole():
    state = board(RING, expansions=AM)
    from carcassonne import IllegalActionError

    with pytest.raises(IllegalActionError):
        state.apply(PlaceTile(ABBEY, 2, 0, 0))
    assert state.pending.kind == "draw"
    state.apply(Draw())
    assert place is not None  # the helper stays importable for other tests


def test_end_game_order_starts_after_the_last_player_who_placed_a_tile():
    # Blue places the last placeable tile; Yellow draws the last tile, which fits nowhere
    state = board(RING, player=BLUE, players=3, pile=["BA/Rr", "BA/Cccc+"], expansions=AM)
    state.apply(Draw())
    state.apply(PlaceTile("BA/Rr", -1, -1, 270))
    state.apply(Pass())
    events = state.apply(Draw())  # Yellow
    assert [(e.type, e.tile) for e in events if e.type.startswith("tile-")] == [
        ("tile-drawn", "BA/Cccc+"),
        ("tile-returned", "BA/Cccc+"),
    ]
    assert state.pending.kind == "draw" and state.pending.player == YELLOW
    state.apply(Pass())
    assert state.pending.player == RED
    state.apply(Pass())
    assert state.pending.player == BLUE
