"""Draws as chance events: the real probabilities, forced outcomes, a returned tile draws again."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Draw, GameConfig, GameState
from carcassonne.envs.draws import ChanceGame
from carcassonne.events import TileDrawn, TileReturned

from .mixes import MIXES

ALL_CITY = "BA/Cccc+"


def chance_game(seed: int = 0, expansions: tuple[str, ...] = (), players: int = 2) -> ChanceGame:
    config = GameConfig(
        players=players, expansions=list(expansions), options={"explicit_draws": True}
    )
    return ChanceGame(GameState.new(config, seed=seed))


def expected_outcomes(config: GameConfig, pile: list[str]) -> dict[str, float]:
    """The next draw's distribution, derived from which stack each tile id belongs to: the
    lowest stack that still has tiles, its bottom tiles only when nothing else of it is left."""
    stack_of = {tile: key for key, stack in config.stacks.items() for tile in stack}
    first = min(stack_of[tile] for tile in pile)
    current = [tile for tile in pile if stack_of[tile] == first]
    regular = [tile for tile in current if tile not in config.bottom]
    counts = Counter(regular or current)
    return {tile: n / sum(counts.values()) for tile, n in counts.items()}


def test_the_turn_waits_at_a_draw_and_the_first_draw_is_uniform_over_the_copies():
    game = chance_game(seed=4)
    state = game.state
    assert game.chance and game.drawn is None
    assert (state.pending.kind, state.legal_actions(), state.drawn) == ("draw", [Draw()], None)
    copies = Counter(state.draw_pile())
    assert sum(copies.values()) == 71
    assert game.outcomes() == [(tile, copies[tile] / 71) for tile in sorted(copies)]
    assert game.remaining() == copies


def test_choosing_a_tile_draws_it():
    game = chance_game(seed=4)
    before = game.remaining()
    top = game.state.draw_pile()[0]
    wanted = next(tile for tile, _ in game.outcomes() if tile != top)
    assert game.choose(wanted) is True
    assert not game.chance and game.drawn == wanted == game.state.drawn
    assert before - game.remaining() == Counter({wanted: 1})
    assert game.state.last_events == [TileDrawn(0, wanted)]
    assert all(a.tile == wanted for a in game.state.legal_actions())


def test_river_tiles_come_first_and_the_lake_last():
    game = chance_game(seed=2, expansions=("river",))
    rng = random.Random(2)
    seen = []
    while True:
        if game.chance:
            tiles = [t for t, _ in game.outcomes()]
            seen.append(tiles)
            if not all(t.startswith("RI.") for t in tiles):
                break
            game.choose(rng.choice(tiles))
        else:
            game.apply(rng.choice(game.state.legal_actions()))
    lake = "RI.1/I.e"
    assert all(lake not in tiles for tiles in seen[:-2])
    assert seen[-2] == [lake]  # the lake alone closes the river
    assert not any(t.startswith("RI.") for t in seen[-1])


def board_where_the_all_city_tile_fits_nowhere() -> ChanceGame:
    """Seed 0 in the engine's own draw order, moves from Random(0): after six moves (player 1
    to draw) the all-city tile has no place on the board."""
    game = chance_game(seed=0)
    rng = random.Random(0)
    moves = 0
    while moves < 6:
        if game.chance:
            game.choose(game.state.draw_pile()[0])
        else:
            game.apply(rng.choice(game.state.legal_actions()))
            moves += 1
    assert game.chance and game.state.player == 1
    assert not game.state.placements_of(ALL_CITY)
    return game


def test_a_top_tile_that_fits_nowhere_keeps_its_probability():
    # the case the engine used to settle by itself: its own top tile fits nowhere at the start
    # of the turn; the chance node still has every copy in the pile, that one included
    game = board_where_the_all_city_tile_fits_nowhere()
    pile = [tile for tile in game.state.draw_pile() if tile != ALL_CITY]
    game.state.set_draw_pile([ALL_CITY, *pile])  # next first
    assert game.state.draw_pile()[0] == ALL_CITY
    assert not any(isinstance(e, TileReturned) for e in game.state.last_events)
    copies = Counter([ALL_CITY, *pile])
    total = len(pile) + 1
    assert dict(game.outcomes()) == {tile: n / total for tile, n in copies.items()}
    assert dict(game.outcomes())[ALL_CITY] == 1 / total


def test_a_tile_that_fits_nowhere_goes_back_to_the_box_and_another_draw_follows():
    game = board_where_the_all_city_tile_fits_nowhere()
    before = game.remaining()
    total = sum(before.values())
    assert game.choose(ALL_CITY) is False
    assert game.state.last_events == [TileDrawn(1, ALL_CITY), TileReturned(1, ALL_CITY)]
    assert game.chance and game.state.drawn is None and game.state.player == 1
    assert game.state.legal_actions() == [Draw()]
    after = game.remaining()
    assert before - after == Counter({ALL_CITY: 1})
    assert ALL_CITY not in dict(game.outcomes())
    assert dict(game.outcomes()) == {tile: n / (total - 1) for tile, n in after.items()}
    assert game.choose("BA/CRRR") is True
    assert game.state.player == 1 and game.drawn == "BA/CRRR"


def test_an_abbey_holder_chooses_to_draw_and_then_chance_picks_the_tile():
    game = chance_game(seed=1, expansions=("abbey-mayor",))
    rng = random.Random(1)
    while not (not game.chance and game.state.pending.kind == "draw"):
        if game.chance:
            game.choose(rng.choice(game.outcomes())[0])
        else:
            game.apply(rng.choice(game.state.legal_actions()))
    legal = game.state.legal_actions()
    assert legal[0] == Draw() and len(legal) > 1  # the abbey into a hole, or a draw
    game.apply(Draw())
    assert game.chance and game.state.pending.kind == "draw"
    tile = game.outcomes()[0][0]
    game.choose(tile)
    assert game.drawn == tile


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), mix=st.sampled_from(MIXES), players=st.integers(2, 4))
def test_every_chance_node_gives_the_piles_counts(seed, mix, players):
    game = chance_game(seed, mix, players)
    rng = random.Random(seed)
    config = game.state.config
    in_pile = len(game.state.draw_pile())
    draws = returned = 0
    while not game.state.is_over:
        if not game.chance:
            game.apply(rng.choice(game.state.legal_actions()))
            continue
        outcomes = game.outcomes()
        if not game.drawing:
            # a chance draw inside a turn (a sheep from the bag): its odds are the state's
            odds = {o.outcome: p for o, p in game.state.chance_odds() if p > 0}
            assert dict(outcomes) == pytest.approx(odds)
            game.choose(rng.choices(*zip(*outcomes, strict=True))[0])
            continue
        pile = game.state.draw_pile()
        assert dict(outcomes) == pytest.approx(expected_outcomes(config, pile))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        # the engine's own shuffle is one of the orders the chance node allows
        assert pile[0] in dict(outcomes)
        tiles, probs = zip(*outcomes, strict=True)
        tile = rng.choices(tiles, probs)[0]
        placed = game.choose(tile)
        assert Counter(pile) - game.remaining() == Counter({tile: 1})
        draws += 1
        returned += not placed
        assert (TileReturned(game.state.player, tile) in game.state.last_events) is not placed
    # every tile of the pile was a chance outcome once, and is on the board or back in the box
    stacked = {tile for stack in config.stacks.values() for tile in stack}
    board = [game.state.tile_at(x, y) for x, y in game.state.placement_order()]
    from_pile = sum(1 for p in board if p is not None and p.player >= 0 and p.tile.id in stacked)
    # tiles a plugin put under others (a hill's) left the pile without a draw
    under = sum(game.state.tiles_under(x, y) for x, y in game.state.placement_order())
    assert draws + under == in_pile == from_pile + returned + under


def test_misuse_is_refused():
    with pytest.raises(ValueError, match="needs a configuration with the option explicit_draws"):
        ChanceGame(GameState.new(GameConfig(players=2), seed=4))
    game = chance_game(seed=4)
    with pytest.raises(ValueError, match="a draw is pending"):
        game.apply(Draw())
    with pytest.raises(ValueError, match="tile RI.1/I.e cannot be drawn now"):
        game.choose("RI.1/I.e")
    game.choose("BA/CRRR")
    with pytest.raises(ValueError, match="no draw or chance draw is pending"):
        game.choose("BA/CRRR")
