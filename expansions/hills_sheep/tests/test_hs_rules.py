"""Hills & Sheep rules that the worked examples do not pin down: the bag's exact contents and
odds, the hidden tile, the shepherd beside barns and with farmers switched off, several
shepherds per player, and the figure phase's exact offers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from carcassonne import (
    NEUTRAL,
    ChanceOutcome,
    ConfigError,
    Draw,
    GameConfig,
    GameState,
    Pass,
    PlaceFigure,
    PlaceTile,
)
from carcassonne.bots import make_bot
from carcassonne.testing import BLUE, RED, board, place, points
from carcassonne_hills_sheep.flock import Flock, bag, is_closed

HS = ("hills-sheep",)


def with_sheep(state: GameState, pieces: list[str]) -> GameState:
    """``state`` with sheep tokens (``"sheep-3 0,1 NL"``) put on the board."""
    for text in pieces:
        kind, at, location = text.split()
        x, y = (int(v) for v in at.split(","))
        state.put_piece(kind, NEUTRAL, x, y, location, [])
    return state


def start(state: GameState, tile: str, x: int, y: int, rotation: int = 0) -> None:
    """Draw ``tile`` (forced) and place it: the figure phase is pending."""
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile(tile, x, y, rotation))


def odds(state: GameState) -> dict[str, Fraction]:
    return {a.outcome: Fraction(p).limit_denominator(100) for a, p in state.chance_odds()}


def test_the_bag_holds_18_tokens_and_the_placement_draw_has_their_odds():
    state = board(["BA/RCr @(0,0) r0"], expansions=HS, pile=["BA/RFr", "BA/C"])
    assert bag(state) == [("1", 4), ("2", 5), ("3", 5), ("4", 2), ("wolf", 2)]
    state.auto_chance = False
    place(state, "BA/RFr @(0,1) r0", ("shepherd", "NL"))
    assert state.pending.kind == "chance"
    assert odds(state) == {
        "1": Fraction(4, 18),
        "2": Fraction(5, 18),
        "3": Fraction(5, 18),
        "4": Fraction(2, 18),
        "wolf": Fraction(2, 18),
    }
    state.apply(ChanceOutcome("hills-sheep.bag", "4"))
    assert [p.kind for p in state.pieces()] == ["sheep-4"]
    assert bag(state) == [("1", 4), ("2", 5), ("3", 5), ("4", 1), ("wolf", 2)]


def test_when_only_wolves_are_left_the_draw_is_a_wolf():
    pieces = [f"sheep-{n} 0,1 NL" for n, k in ((1, 4), (2, 5), (3, 5), (4, 2)) for _ in range(k)]
    tiles = ["BA/RCr @(0,0) r0", "BA/RFr @(0,1) r0"]
    state = board(tiles, [(RED, "shepherd", 0, 1, "NL")], expansions=HS, pile=["BA/RFr", "BA/C"])
    state = with_sheep(state, pieces)
    assert bag(state) == [("wolf", 2)]
    state.auto_chance = False
    place(state, "BA/RFr @(-1,0) r0")
    state.apply(Flock(0, 1, "NL", "grow"))
    assert odds(state) == {"wolf": Fraction(1)}
    state.apply(ChanceOutcome("hills-sheep.bag", "wolf"))
    assert state.pieces() == [] and state.supply[RED]["shepherd"] == 1


def test_undo_puts_the_token_back_into_the_bag():
    state = board(["BA/RCr @(0,0) r0"], expansions=HS, pile=["BA/RFr", "BA/RFr", "BA/C"])
    place(state, "BA/RFr @(0,1) r0")
    before = state.clone()
    state.force_chance("2")
    place(state, "BA/RFr @(1,1) r0", ("shepherd", "NL"))
    assert len(state.pieces()) == 1
    state.undo(2)  # the shepherd with its draw, then the tile
    assert state == before and state.pieces() == [] and len(bag(state)) == 5


def test_a_hill_hides_the_next_tile_of_the_pile_and_nothing_when_it_is_empty():
    state = board(
        ["BA/RCr @(0,0) r0"], expansions=HS, pile=["HS/CFC.h", "BA/C", "BA/L", "HS/Cc.h.1"]
    )
    place(state, "HS/CFC.h @(0,-1) r0")
    assert state.tiles_under(0, -1) == 1
    assert state.drawn == "BA/L" and state.draw_pile() == ["HS/Cc.h.1"]  # BA/C went under
    place(state, "BA/L @(1,-1) r0")
    place(state, "HS/Cc.h.1 @(0,1) r180")  # the last tile: nothing left to hide
    assert state.tiles_under(0, 1) == 0 and state.is_over


def test_a_plain_tile_hides_nothing():
    state = board(["BA/RCr @(0,0) r0"], expansions=HS, pile=["HS/Cc.v", "BA/C", "BA/L"])
    place(state, "HS/Cc.v @(0,-1) r180")
    assert state.tiles_under(0, -1) == 0 and state.drawn == "BA/C"


def test_shepherd_offers_with_farmers_off_and_a_shepherd_already_in_the_field():
    state = board(["BA/RCr @(0,0) r0", "BA/RFr @(0,1) r0"], [(BLUE, "shepherd", 0, 1, "NL")],
                  expansions=HS, options={"farmers": False}, pile=["BA/RFr", "BA/C"])  # fmt: skip
    start(state, "BA/RFr", -1, 0)
    # the south field joins Blue's shepherd's field: no second shepherd there; farmers are off
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", -1, 0, "E"),
        PlaceFigure("shepherd", -1, 0, "NL"),
        Pass(),
    }


def test_shepherds_option_gives_each_player_that_many():
    config = GameConfig(expansions={"hills-sheep": {"shepherds": 3}})
    assert config.figure_kinds["shepherd"].count == 3
    with pytest.raises(ConfigError, match="hills-sheep.shepherds"):
        GameConfig(expansions={"hills-sheep": {"shepherds": -1}})


def test_two_shepherds_of_one_player_in_one_field_score_the_flock_once():
    tiles = ["BA/RFr @(0,0) r0", "BA/RFr @(0,1) r0", "BA/RFr @(1,1) r0", "BA/RFr @(2,1) r0",
             "BA/RFr @(2,0) r0"]  # fmt: skip
    shepherds = [(RED, "shepherd", 0, 0, "NL"), (RED, "shepherd", 2, 0, "NL")]
    state = with_sheep(board(tiles, shepherds, expansions=HS, options={"hills-sheep.shepherds": 2},
                  pile=["BA/RFr", "BA/C"]), ["sheep-3 0,0 NL", "sheep-2 2,0 NL"])  # fmt: skip
    events = place(state, "BA/RFr @(1,0) r0")
    assert state.pending.kind == "flock"  # one choice for the one field
    events += state.apply(Flock(0, 0, "NL", "score"))
    assert points(events) == {RED: 5}
    assert state.supply[RED]["shepherd"] == 2


def test_shepherd_beside_a_barn_and_barn_scoring_leaves_it_alone():
    am = ("hills-sheep", "abbey-mayor")
    tiles = ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"]
    figures = [(RED, "meeple", 0, 1, "NL"), (BLUE, "shepherd", 1, 0, "NL")]
    state = board(tiles, figures, expansions=am, pile=["BA/L", "BA/C"])
    state = with_sheep(state, ["sheep-2 1,0 NL"])
    start(state, "BA/L", 1, 1)
    assert PlaceFigure("barn", 1, 1, "NW") in state.legal_actions()
    events = state.apply(PlaceFigure("barn", 1, 1, "NW"))
    returned = [(e.player, e.figure) for e in events if e.type == "figure-returned"]
    assert returned == [(RED, "meeple")]  # the farmer goes home, the shepherd stays
    assert [f.kind for _, f in state.figures()].count("shepherd") == 1
    # and a shepherd may still join the barn's field
    state2 = board(tiles, [(RED, "barn", 0, 0, "SE")], expansions=am, pile=["BA/L", "BA/C"],
                   player=BLUE)  # fmt: skip
    start(state2, "BA/L", 1, 1)
    assert PlaceFigure("shepherd", 1, 1, "NL") in state2.legal_actions()
    assert PlaceFigure("meeple", 1, 1, "NL") not in state2.legal_actions()


def test_closed_field_check():
    open_ring = board(["BA/Rr @(0,0) r270", "BA/Rr @(1,0) r0", "BA/Rr @(0,1) r180"],
                      expansions=HS)  # fmt: skip
    assert not is_closed(open_ring, 1, 0, "SR")
    closed = board(["BA/Rr @(0,0) r270", "BA/Rr @(1,0) r0", "BA/Rr @(0,1) r180",
                    "BA/Rr @(1,1) r90"], expansions=HS)  # fmt: skip
    assert is_closed(closed, 1, 0, "SR")
    assert not is_closed(closed, 1, 0, "NL")


def test_refusals_of_shepherd_placements_say_why():
    tiles = ["BA/RCr @(0,0) r0", "BA/RFr @(0,1) r0"]
    state = board(tiles, [(RED, "shepherd", 0, 1, "NL")], expansions=HS, player=BLUE,
                  pile=["BA/RFr", "BA/C"])  # fmt: skip
    start(state, "BA/RFr", -1, 0)
    on_road = state.why_illegal(PlaceFigure("shepherd", -1, 0, "E"))
    assert on_road is not None and on_road.code == "shepherd-not-on-field"
    assert on_road.reason == "a shepherd stands only on a field, not on the road at -1,0 E"
    taken = state.why_illegal(PlaceFigure("shepherd", -1, 0, "SL"))
    assert taken is not None and taken.code == "feature-occupied"


def test_a_flock_whose_last_shepherd_is_taken_off_by_another_rule_goes_back_into_the_bag():
    """The dragon eats a shepherd (any rule's ``remove_figure``): its field has no shepherd
    left, so its sheep go back into the bag by the end of that turn; a field that keeps
    another shepherd keeps its flock."""
    tiles = ["BA/RCr @(0,0) r0", "BA/RFr @(0,1) r0"]
    shepherds = [(RED, "shepherd", 0, 1, "NL"), (BLUE, "shepherd", 0, 1, "SL")]
    with_dragon = ("hills-sheep", "princess-dragon")
    state = board(tiles, shepherds, expansions=with_dragon, pile=["BA/C", "BA/C", "BA/C"])
    state = with_sheep(state, ["sheep-3 0,1 NL", "sheep-1 0,1 NL", "sheep-4 0,1 SL"])
    start(state, "BA/C", 0, -1, 180)
    eaten = next(f for _, f in state.figures() if f.player == RED)
    events: list = []
    state.remove_figure(eaten, "eaten by the dragon", events)
    assert len(state.pieces()) == 3  # nothing yet: the turn goes on
    events = state.apply(Pass())
    removed = [(e.kind, e.x, e.y, e.reason) for e in events if e.type == "piece-removed"]
    assert removed == [
        ("sheep-3", 0, 1, "no shepherd left in the field"),
        ("sheep-1", 0, 1, "no shepherd left in the field"),
    ]
    assert [p.kind for p in state.pieces()] == ["sheep-4"]
    assert bag(state) == [("1", 4), ("2", 5), ("3", 5), ("4", 1), ("wolf", 2)]
    assert points(events) == {} and state.supply[RED]["shepherd"] == 1


@pytest.mark.parametrize("seed", range(5))
def test_greedy_places_the_shepherd_for_the_sheep_it_draws(seed):
    """A monastery tile: a meeple on the monastery or the field gains nothing this turn, the
    shepherd gains the 3 sheep it draws (``carcassonne_held_points``): greedy takes it
    (without the hook all three tie and the bot picks at random)."""
    state = board(["BA/RCr @(0,0) r0"], expansions=HS, pile=["BA/L", "BA/RFr", "BA/C"])
    start(state, "BA/L", 0, 1)
    state.force_chance("3")  # every clone the bot plays the shepherd out on draws 3
    bot = make_bot("greedy", seed)
    choice = bot.pick(state, state.legal_actions())
    assert choice == PlaceFigure("shepherd", 0, 1, "NL")
