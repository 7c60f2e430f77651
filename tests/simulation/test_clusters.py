"""Dask and Ray: a local cluster gives the summary of one job for the same seeds.

These need the extras (carcassonne-engine[dask], [ray]). Without them the tests are skipped —
unless ``CARCASSONNE_REQUIRE_EXTRAS`` names the extra (``.ci/run`` sets ``dask,ray`` in the
extras' own environment), where a missing extra is a failure, not a skip.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from carcassonne import GameConfig
from carcassonne.simulation import simulate
from carcassonne.simulation.clusters import dask_executor, ray_executor

CONFIG = GameConfig(players=2, seed=0).describe()
SEATS = ["random", "mcts:iterations=2:horizon=2"]


def require(extra: str, module: str) -> None:
    if importlib.util.find_spec(module) is not None:
        return
    required = os.environ.get("CARCASSONNE_REQUIRE_EXTRAS", "").split(",")
    message = f"{module} is not installed (carcassonne-engine[{extra}])"
    if extra in required:
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def one_job(played):
    return played(simulate(CONFIG, SEATS, 6, first_seed=70, jobs=1))


def test_a_local_dask_cluster_gives_the_summary_of_one_job(one_job, played):
    require("dask", "distributed")
    with dask_executor(None, 2) as executor:
        outcome = simulate(CONFIG, SEATS, 6, first_seed=70, executor=executor, batch=2)
    assert played(outcome) == one_job
    assert one_job["games"] == 6


def test_a_local_ray_cluster_runs_a_simulation(one_job, played):
    require("ray", "ray")
    with ray_executor(None, 2) as executor:
        outcome = simulate(CONFIG, SEATS, 6, first_seed=70, executor=executor, batch=3)
    assert played(outcome) == one_job
