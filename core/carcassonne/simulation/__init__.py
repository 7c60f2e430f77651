"""Simulations: many bot games, on every core or on a cluster, with statistics merged exactly.

    from carcassonne.simulation import simulate

    outcome = simulate({"players": 2}, ["greedy", "random"], games=1000, jobs=4)
    print(outcome.summary()["seats"][0]["win_rate"])

``simulate(..., executor=ex)`` runs the batches on any ``concurrent.futures``-style executor;
:mod:`carcassonne.simulation.clusters` makes one for Dask and for Ray (optional extras).
See docs/simulation.md.
"""

from carcassonne.simulation.runner import Outcome, Progress, cpu_count, default_batch, simulate
from carcassonne.simulation.stats import SeatStats, Stats
from carcassonne.simulation.tasks import Task, TaskResult, run_task

__all__ = [
    "Outcome",
    "Progress",
    "SeatStats",
    "Stats",
    "Task",
    "TaskResult",
    "cpu_count",
    "default_batch",
    "run_task",
    "simulate",
]
