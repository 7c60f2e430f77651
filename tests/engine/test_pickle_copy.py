"""``pickle``, ``copy.copy`` and ``copy.deepcopy`` of configurations and states: equal,
independent, and a state sent to another process finishes the game identically."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random

import pytest

from carcassonne import GameConfig, GameState, testing
from carcassonne.plugins import installed_expansions

MIXES = [(), ("river",), ("abbot",), ("abbey-mayor",), ("river", "abbot", "abbey-mayor")]


def installed(mix: tuple[str, ...]) -> tuple[str, ...]:
    missing = set(mix) - set(installed_expansions())
    if missing:
        pytest.skip(f"not installed: {sorted(missing)}")
    return mix


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m) or "base")
def test_config_round_trips(mix):
    config = GameConfig(players=3, expansions=installed(mix), seed=4, options={"farmers": False})
    again = pickle.loads(pickle.dumps(config))
    assert again == config and again.options == config.options
    assert copy.copy(config) == config and copy.deepcopy(config) == config
    assert again.tile_types.keys() == config.tile_types.keys()


def test_an_unpickled_config_in_a_fresh_process_is_rebuilt_equal():
    config = GameConfig(players=2, expansions=installed(("abbot",)), seed=11)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        described = pool.apply(GameConfig.describe, (config,))
    assert described == config.describe()


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m) or "base")
def test_states_round_trip_at_every_point_of_a_game(mix):
    config = GameConfig(players=2, expansions=installed(mix), seed=2)
    rng = random.Random(7)
    state = GameState.new(config, seed=7)
    while True:
        for other in (
            pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)),
            copy.copy(state),
            copy.deepcopy(state),
        ):
            assert other == state
            assert other.legal_actions() == state.legal_actions()
            assert other.log == state.log and other.last_events == state.last_events
            if not state.is_over:
                # independent: playing on the copy leaves the original as it was
                before = state.clone()
                other.apply(other.legal_actions()[-1])
                assert state == before
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m) or "base")
def test_unpickled_states_undo_exactly(mix):
    config = GameConfig(players=2, expansions=installed(mix), seed=2)
    state = GameState.new(config, seed=3)
    rng = random.Random(3)
    for _ in range(25):
        state.apply(rng.choice(state.legal_actions()))
    other = pickle.loads(pickle.dumps(state))
    other.undo(25)
    assert other == GameState.new(config, seed=3)


@pytest.mark.parametrize("mix", MIXES[::4], ids=lambda m: "+".join(m) or "base")
def test_a_state_sent_to_another_process_continues_identically(mix):
    config = GameConfig(players=3, expansions=installed(mix), seed=5)
    state = GameState.new(config, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    local = testing.play_out(state.clone(), 99)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        remote = pool.apply(testing.play_out, (state, 99))
    assert remote == local
