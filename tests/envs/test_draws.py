"""Draws as chance events: the real probabilities, forced outcomes, a returned tile draws again."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.envs.draws import ChanceGame
from carcassonne.events import TileReturned


def test_first_draw_of_a_base_game_is_uniform_over_the_copies():
    game = ChanceGame(GameState.new(GameConfig(players=2), seed=4))
    assert game.chance and game.drawn is None
    copies = Counter([game.state.drawn, *game.state.draw_pile()])
    assert sum(copies.values()) == 71
    assert game.outcomes() == [(tile, copies[tile] / 71) for tile in sorted(copies)]
    assert game.remaining() == copies


def test_choosing_a_tile_draws_it_and_puts_the_engines_pick_back():
    game = ChanceGame(GameState.new(GameConfig(players=2), seed=4))
    before = game.remaining()
    engine_pick = game.state.drawn
    wanted = next(tile for tile, _ in game.outcomes() if tile != engine_pick)
    assert game.choose(wanted) is True
    assert not game.chance and game.drawn == wanted == game.state.drawn
    after = game.remaining()
    assert before - after == Counter({wanted: 1})
    assert after[engine_pick] == before[engine_pick]
    assert all(a.tile == wanted for a in game.state.legal_actions())


def test_river_tiles_come_first_and_the_lake_last():
    game = ChanceGame(GameState.new(GameConfig(players=2, expansions=["river"]), seed=2))
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


def test_a_tile_that_fits_nowhere_goes_back_to_the_box_and_another_draw_follows():
    # seed 0, random moves from Random(0), the engine's own picks kept: after 6 moves the
    # all-city tile fits nowhere on the board
    game = ChanceGame(GameState.new(GameConfig(players=2), seed=0))
    rng = random.Random(0)
    moves = 0
    while moves < 6:
        if game.chance:
            game.choose(game.state.drawn)
        else:
            game.apply(rng.choice(game.state.legal_actions()))
            moves += 1
    assert game.chance
    before = game.remaining()
    engine_pick = game.state.drawn
    assert game.choose("BA/Cccc+") is False
    assert game.chance and game.state.drawn == engine_pick
    assert before - game.remaining() == Counter({"BA/Cccc+": 1})
    assert "BA/Cccc+" not in dict(game.outcomes())
    assert TileReturned(1, "BA/Cccc+") in game.state.last_events  # player 1 is drawing
    assert sum(p for _, p in game.outcomes()) == pytest.approx(1.0)


def test_misuse_is_refused():
    game = ChanceGame(GameState.new(GameConfig(players=2), seed=4))
    with pytest.raises(ValueError, match="a draw is pending"):
        game.apply(game.state.legal_actions()[0])
    with pytest.raises(ValueError, match="tile RI.1/I.e cannot be drawn now"):
        game.choose("RI.1/I.e")
    game.choose(game.state.drawn)
    with pytest.raises(ValueError, match="no draw is pending"):
        game.choose(game.state.drawn)
