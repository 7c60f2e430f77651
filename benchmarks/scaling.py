"""Benchmark: how ``carcassonne simulate`` scales with worker processes.

    python benchmarks/scaling.py --games 200 --jobs 1 2          # this machine: 2 cores
    python benchmarks/scaling.py --games 2000 --jobs 1 2 4 8 16  # a bigger one

Plays the same games (same seeds, greedy against random by default) once per ``--jobs`` value
and prints wall-clock seconds, games per second, the speed-up over the first value and the
efficiency (speed-up per job), and the CPU seconds the workers spent: "cores busy" (CPU
seconds per wall-clock second) shows how much of the machine the run actually got, which on
a shared machine explains a poor speed-up. It also checks that every run gave the same
summary. Beyond one
machine the same batches go to Dask or Ray workers (``--cluster``); expect the same shape,
plus the scheduler's round trip per batch (milliseconds against seconds of games per batch).
"""

from __future__ import annotations

import argparse
import os
import sys

from carcassonne import GameConfig
from carcassonne.simulation import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--bot", default="greedy,random", help="bot spec per seat")
    parser.add_argument("--expansions", nargs="*", default=[])
    args = parser.parse_args(argv)

    seats = args.bot.split(",")
    config = GameConfig(players=len(seats), expansions=args.expansions).describe()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"python {sys.version.split()[0]}, {args.games} games, seats {','.join(seats)}, "
        f"{os.cpu_count()} cores, load average before {load}"
    )
    print(
        f"{'jobs':>4} {'seconds':>8} {'games/s':>8} {'speed-up':>9} {'efficiency':>11}"
        f" {'CPU-s':>7} {'cores busy':>11} {'games/CPU-s':>12}"
    )
    base = None
    reference = None
    for jobs in args.jobs:
        outcome = simulate(config, seats, args.games, jobs=jobs)
        summary = outcome.summary()
        rate = summary.pop("games_per_second")
        summary.pop("seconds")
        if reference is None:
            reference = summary
        elif summary != reference:
            print(f"different summary with {jobs} jobs", file=sys.stderr)
            return 1
        base = base or rate
        cpu = outcome.cpu_seconds
        print(
            f"{jobs:>4} {outcome.seconds:>8.1f} {rate:>8.1f} {rate / base:>8.2f}x"
            f" {rate / base / jobs:>10.0%} {cpu:>7.1f} {cpu / outcome.seconds:>11.2f}"
            f" {args.games / cpu:>12.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
