"""``simulate``: one job, two worker processes, other batch sizes and any executor give the same
summary for the same seeds; an interrupted run returns the games it finished."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from carcassonne import ConfigError, GameConfig, GameState
from carcassonne.bots import BotError, bot_from_spec
from carcassonne.simulation import default_batch, simulate
from carcassonne.simulation.tasks import bot_seed

CONFIG = GameConfig(players=2, expansions=["river"], seed=0).describe()
SEATS = ["random", "mcts:iterations=3:horizon=2"]


@pytest.fixture(scope="module")
def one_job(played):
    return played(simulate(CONFIG, SEATS, 4, first_seed=40, jobs=1))


def test_one_job_is_the_games_played_one_by_one(one_job, played):
    scores = [[], []]
    config = GameConfig(**CONFIG)
    for seed in range(40, 44):
        state = GameState.new(config, seed=seed)
        bots = [bot_from_spec(spec, bot_seed(seed, p)) for p, spec in enumerate(SEATS)]
        while not state.is_over:
            state.apply(bots[state.pending.player].choose(state))
        for p in range(2):
            scores[p].append(state.scores[p])
    assert one_job["games"] == 4 and one_job["interrupted"] is False
    for p, seat in enumerate(one_job["seats"]):
        assert (seat["min"], seat["max"]) == (min(scores[p]), max(scores[p]))
        assert seat["mean"] == round(sum(scores[p]) / 4, 2)
        assert seat["bot"] == SEATS[p]


def test_two_worker_processes_give_the_same_summary(one_job, played):
    assert played(simulate(CONFIG, SEATS, 4, first_seed=40, jobs=2, batch=2)) == one_job


def test_any_executor_and_batch_size_give_the_same_summary(one_job, played):
    with ThreadPoolExecutor(max_workers=3) as pool:
        outcome = simulate(CONFIG, SEATS, 4, first_seed=40, executor=pool, batch=4)
    assert played(outcome) == one_job


def test_progress_reports_every_game_in_one_job_and_ctrl_c_keeps_the_finished_ones(played):
    seen = []

    def progress(done, total, seconds):
        seen.append((done, total))
        if done == 3:
            raise KeyboardInterrupt

    outcome = simulate(CONFIG, ["random", "random"], 10, jobs=1, progress=progress)
    assert seen == [(1, 10), (2, 10), (3, 10)]
    assert outcome.interrupted and outcome.stats.games == 3
    summary = outcome.summary()
    assert (summary["games"], summary["requested"], summary["interrupted"]) == (3, 10, True)
    assert played(outcome)["seats"] == played(simulate(CONFIG, ["random"] * 2, 3))["seats"]


def test_bad_specs_fail_before_anything_runs():
    with pytest.raises(BotError, match="unknown bot 'clever'"):
        simulate(CONFIG, ["greedy", "clever"], 2)
    with pytest.raises(ConfigError):
        simulate({**CONFIG, "expansions": ["dragons"]}, ["greedy"] * 2, 2)
    with pytest.raises(ValueError, match="2 players but 3 seats"):
        simulate(CONFIG, ["greedy"] * 3, 2)


def test_default_batches():
    assert default_batch(10, 2) == 2
    assert default_batch(1, 8) == 1
    assert default_batch(1_000_000, 16) == 50


def test_worker_processes_report_progress_after_every_game_not_every_batch(one_job, played):
    seen = []
    outcome = simulate(
        CONFIG, SEATS, 4, first_seed=40, jobs=2, batch=2,
        progress=lambda done, total, seconds: seen.append((done, total)),
    )  # fmt: skip
    # two batches of two games: one update per game, whichever order the workers finish in
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert played(outcome) == one_job
