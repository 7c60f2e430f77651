"""Running a simulation: in this process, on local worker processes or on any executor.

:func:`simulate` splits the seeds into batches (:class:`~carcassonne.simulation.tasks.Task`),
hands them to a ``concurrent.futures``-style executor — anything with ``submit(fn, *args)``
returning a ``concurrent.futures.Future``: a ``ProcessPoolExecutor``, Dask's
``client.get_executor()``, :class:`~carcassonne.simulation.clusters.RayExecutor` — and merges
the statistics as batches finish. The merge is exact (integer sums), so the summary is the
same for any number of jobs and any batch size.

Ctrl-C stops the run and returns what was played: the batches already merged, plus, from
worker processes (which receive the interrupt too when it comes from a terminal), the games
their current batch finished. A batch that raises anything else fails the run.
"""

from __future__ import annotations

import math
import os
import queue
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carcassonne.bots import check_spec
from carcassonne.simulation.stats import Stats
from carcassonne.simulation.tasks import (
    Task,
    TaskResult,
    config_for,
    play_game,
    report_games_to,
    run_task,
    save_game,
)

#: ``progress(games_done, games_total, seconds_so_far)``
Progress = Callable[[int, int, float], None]

#: The most games in one batch by default: small enough for a progress bar that moves and a
#: quick Ctrl-C, large enough that a batch's overhead (a pickled task, a result) is negligible.
MAX_BATCH = 50
#: How often (seconds) the parent looks at the games its local workers reported while it waits
#: for batches: what it reads does not depend on it, only how soon the bar moves.
TICK_WAIT = 0.1
#: How long an interrupted run waits for worker processes to hand back their partial batches.
INTERRUPT_GRACE = 10.0

__all__ = ["Outcome", "Progress", "cpu_count", "default_batch", "simulate"]


@dataclass
class Outcome:
    """What a simulation played: the merged statistics, the time it took, whether it was cut
    short, and what it was asked for."""

    stats: Stats
    seconds: float
    interrupted: bool
    config: dict[str, Any]
    seats: tuple[str, ...]
    requested: int
    #: CPU time spent playing, summed over the workers (not in the summary: it varies)
    cpu_seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        """The summary as plain JSON-able data (what ``carcassonne simulate --json`` prints)."""
        stats = self.stats
        seats = []
        for p, bot in enumerate(self.seats):
            seats.append(
                {"seat": p, "name": self.config["names"][p], "bot": bot, **stats.seat_summary(p)}
            )
        kinds = sorted(set(stats.kind_points) | set(stats.completed))
        seconds = self.seconds
        return {
            "games": stats.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "players": self.config["players"],
            "expansions": list(self.config["expansions"]),
            "options": dict(self.config["options"]),
            "seconds": round(seconds, 3),
            "games_per_second": round(stats.games / seconds, 2) if seconds > 0 else None,
            "actions": stats.actions,
            "seats": seats,
            "features": {
                kind: {
                    "completed": stats.completed[kind],
                    "scorings": stats.kind_scorings[kind],
                    "points": stats.kind_points[kind],
                }
                for kind in kinds
            },
        }


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_batch(games: int, workers: int) -> int:
    """About four batches per worker (so that the last ones balance), at most MAX_BATCH."""
    return max(1, min(MAX_BATCH, math.ceil(games / (4 * max(workers, 1)))))


def simulate(
    config: dict[str, Any],
    seats: Sequence[str],
    games: int,
    *,
    first_seed: int = 0,
    jobs: int = 1,
    executor: Executor | None = None,
    batch: int | None = None,
    save_dir: str | None = None,
    progress: Progress | None = None,
) -> Outcome:
    """Play ``games`` bot games with seeds ``first_seed``, ``first_seed + 1``, ... and merge
    their statistics.

    ``config`` holds ``GameConfig`` keywords (``GameConfig.describe()``), ``seats`` a bot spec
    per seat (``"greedy"``, ``"mcts:iterations=200"``). With ``executor`` the batches run
    there (``jobs`` is then only the number of workers to size batches for); otherwise
    ``jobs`` worker processes are started, or none for ``jobs=1``. Bad specs raise before
    anything runs: ``ConfigError``, ``BotError``.
    """
    if games < 1:
        raise ValueError("a simulation needs at least one game")
    seats = tuple(seats)
    local = config_for(config)  # checks the configuration here, before any task is sent
    spec = {**config, **local.describe()}  # plugin_specs (from --plugin) kept
    if len(seats) != local.players:
        raise ValueError(f"{local.players} players but {len(seats)} seats")
    for seat in seats:
        check_spec(seat)
    size = batch or default_batch(games, jobs)
    tasks = [
        Task(spec, seats, start, min(size, first_seed + games - start), save_dir)
        for start in range(first_seed, first_seed + games, size)
    ]
    started = time.perf_counter()
    if executor is not None:
        ran = _run_on(executor, tasks, local.players, games, progress, started)
    elif jobs <= 1:
        ran = _run_here(tasks, local.players, games, progress, started)
    else:
        from multiprocessing.managers import SyncManager  # only a run with workers needs it

        # the manager ignores Ctrl-C, so that interrupted workers can still report to it
        manager = SyncManager()
        manager.start(_ignore_interrupts)
        try:
            ticks = manager.Queue()
            with ProcessPoolExecutor(jobs, initializer=report_games_to, initargs=(ticks,)) as pool:
                ran = _run_on(pool, tasks, local.players, games, progress, started, ticks)
        finally:
            manager.shutdown()
    seconds = time.perf_counter() - started
    return Outcome(ran.stats, seconds, ran.interrupted, spec, seats, games, ran.cpu_seconds)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_here(
    tasks: list[Task], players: int, games: int, progress: Progress | None, started: float
) -> TaskResult:
    """One game after the other in this process (progress after every game)."""
    stats = Stats.empty(players)
    cpu = time.process_time()
    try:
        for task in tasks:
            config = config_for(task.config)
            for seed in range(task.first_seed, task.first_seed + task.games):
                played = Stats.empty(players)
                state = play_game(config, task.seats, seed, played)
                if task.save_dir is not None:
                    save_game(state, Path(task.save_dir), seed)
                stats.merge(played)
                if progress is not None:
                    progress(stats.games, games, time.perf_counter() - started)
    except KeyboardInterrupt:
        return TaskResult(stats, True, time.process_time() - cpu)
    return TaskResult(stats, False, time.process_time() - cpu)


def _run_on(
    executor: Executor,
    tasks: list[Task],
    players: int,
    games: int,
    progress: Progress | None,
    started: float,
    ticks: Any = None,
) -> TaskResult:
    """The tasks on ``executor``, merged as they finish. With ``ticks`` (the queue local
    workers put the first seed of their task in after each game) progress moves per game:
    ``done`` counts the merged games and the games reported by batches not merged yet."""
    total = TaskResult(Stats.empty(players))
    stats = total.stats
    pending: set[Future[TaskResult]] = set()
    seeds: dict[Future[TaskResult], int] = {}
    reported: dict[int, int] = {}  # first seed of a batch not merged yet: its games reported
    shown = 0

    def show() -> None:
        nonlocal shown
        done = stats.games + sum(reported.values())
        if progress is not None and done != shown:
            progress(done, games, time.perf_counter() - started)
        shown = done

    def drain() -> None:
        while ticks is not None:
            try:
                seed = ticks.get_nowait()
            except queue.Empty:
                return
            if seed in reported:  # a batch already merged reports nothing more
                reported[seed] += 1
                show()

    def take(future: Future[TaskResult]) -> None:
        result = future.result()
        reported.pop(seeds[future], None)
        stats.merge(result.stats)
        total.interrupted = total.interrupted or result.interrupted
        total.cpu_seconds += result.cpu_seconds
        show()

    try:
        for task in tasks:
            future = executor.submit(run_task, task)
            seeds[future] = task.first_seed
            reported[task.first_seed] = 0
            pending.add(future)
        timeout = TICK_WAIT if ticks is not None else None
        while pending:
            done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            drain()  # every game of a finished batch was reported before its result
            for future in done:
                take(future)
    except KeyboardInterrupt:
        total.interrupted = True
        for future in pending:
            future.cancel()
        running = {f for f in pending if not f.cancelled()}
        try:
            done, _ = wait(running, timeout=INTERRUPT_GRACE)
        except KeyboardInterrupt:  # a second Ctrl-C: stop waiting
            done = set()
        for future in done:
            if not future.cancelled() and future.exception() is None:
                take(future)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return total
