"""The PettingZoo AEC environment: PettingZoo's api_test and seed_test, rewards, masks."""

from __future__ import annotations

from pathlib import Path

import pytest

from .extras import need

need("pettingzoo", "pettingzoo")
np = need("numpy", "pettingzoo")
pz_test = need("pettingzoo.test", "pettingzoo")

from carcassonne import GameState  # noqa: E402
from carcassonne.envs.pettingzoo import env  # noqa: E402
from carcassonne.values import ForcedChance  # noqa: E402

ALL = ("river", "abbot", "abbey-mayor", "inns-cathedrals")
MIXES = [(), ("abbot",), ALL]
#: A smaller board window for PettingZoo's checks, which compare whole observations (their size
#: grows with the window's area); random games stay within it (docs/ai.md).
TEST_RADIUS = 16


@pytest.mark.parametrize("expansions", MIXES)
def test_pettingzoos_api_test(expansions):
    pz_test.api_test(env(expansions=expansions, radius=TEST_RADIUS), num_cycles=1000)


@pytest.mark.parametrize("expansions", [(), ALL])
def test_pettingzoos_seed_test(expansions):
    pz_test.seed_test(lambda: env(expansions=expansions, radius=TEST_RADIUS), num_cycles=500)


def _play(game, seed, ends=None):
    """A whole game of uniformly random legal moves; the summed rewards per agent.

    ``ends`` collects each agent's (terminated, truncated, info) at its end."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in game.possible_agents}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            if ends is not None:
                ends[agent] = (terminated, truncated, game.infos[agent])
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        game.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_score_rewards_add_up_to_the_final_scores():
    game = env(players=3, expansions=("abbot",))
    totals = _play(game, 5)
    assert game.state.is_over
    assert [totals[a] for a in game.possible_agents] == [float(s) for s in game.state.scores]
    assert game.agents == []


def test_win_rewards_come_at_the_end():
    game = env(players=2, rewards="win")
    totals = _play(game, 7)
    a, b = game.state.scores
    expected = (a > b) - (a < b)
    assert [totals["player_0"], totals["player_1"]] == [float(expected), float(-expected)]


def test_only_the_agent_to_act_gets_a_mask_and_reset_seeds_the_draws():
    game = env()
    game.reset(seed=11)
    first = game.state.drawn
    assert game.agent_selection == "player_0"
    assert game.observe("player_1")["action_mask"].sum() == 0
    mask = game.observe("player_0")["action_mask"]
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(game.codec.legal_ids(game.state))
    game.reset(seed=11)
    assert game.state.drawn == first
    with pytest.raises(ValueError, match="action 0 is not legal for player_0 now"):
        game.step(0)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="rewards must be 'score' or 'win', not 'points'"):
        env(rewards="points")


def test_a_board_outgrowing_the_window_truncates_the_game():
    game = env(radius=1)
    ends = {}
    _play(game, 3, ends)
    assert not game.state.is_over and game.agents == []
    assert {agent: end[:2] for agent, end in ends.items()} == {
        "player_0": (False, True),
        "player_1": (False, True),
    }
    assert "outside the board window of radius 1" in ends["player_0"][2]["truncated"]
    assert any(abs(a.x) > 1 or abs(a.y) > 1 for a in game.state.legal_actions())


#: The sheep bag of tests/mechanics/plugins.py as a plugin file: chance draws inside turns.
SHEEP = str(Path(__file__).parents[1] / "mechanics" / "sheep_plugin.py")
SHEPHERD = "figure figure=shepherd"


def test_chance_inside_turns_is_drawn_inside_and_never_reaches_an_agent():
    game = env(players=3, plugins=[SHEEP], radius=TEST_RADIUS)
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    codec = game.codec
    for _agent in game.agent_iter(max_iter=2000):
        observation, _, terminated, truncated, _ = game.last()
        assert game.state.pending.kind != "chance"
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        shepherds = [a for a in legal if codec.describe(int(a)).startswith(SHEPHERD)]
        game.step(int(shepherds[0] if shepherds else rng.choice(legal)))
    state = game.state
    assert state.is_over
    drawn = [entry.outcome for entry in state.log if type(entry) is ForcedChance]
    assert "sheep" in drawn and "wolf" in drawn
    # the draws are the engine's, from the game's seed: the moves alone replay them
    again = GameState.new(game.config, seed=state.seed)
    for action in state.log:
        if type(action) is not ForcedChance:
            again.apply(action)
    assert again.key() == state.key() and again.log == state.log


def test_pettingzoos_api_test_with_chance_inside_turns():
    pz_test.api_test(env(plugins=[SHEEP], radius=TEST_RADIUS), num_cycles=1000)
