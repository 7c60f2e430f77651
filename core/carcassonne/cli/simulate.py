"""``carcassonne simulate --games N``: bot games on every core (or a cluster), then a summary.

Game ``i`` uses the seed ``--seed + i`` and bots seeded from it, so a simulation is reproducible
and its summary is the same for any ``--jobs``, ``--batch`` or ``--cluster`` (the statistics
are integer sums merged exactly; see :mod:`carcassonne.simulation`). The summary gives the
speed, the mean and spread of every seat's score, win rates (a shared victory counts as a
fraction of a win for each winner) and the points scored by feature kind. Ctrl-C stops the run
and prints the summary of the games finished so far.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import IO, Any

from carcassonne.bots import BotError, check_spec, known_bots
from carcassonne.cli.game_args import (
    FAILURE,
    UserError,
    add_game_arguments,
    build_config,
    parse_names,
    user_errors,
)
from carcassonne.cli.report import format_report, report_result
from carcassonne.simulation import cpu_count, simulate
from carcassonne.simulation.clusters import (
    CLUSTERS,
    MissingExtraError,
    cluster_executor,
    cluster_workers,
)

INTERRUPTED = 130


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play many bot games and summarise the results",
        description="Play bot games and print a summary: speed, scores, win rates, points by "
        "feature kind. Runs on every core by default, or on a Dask or Ray cluster.",
    )
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    add_game_arguments(parser, players_default=None)
    parser.add_argument(
        "--bot",
        default="greedy",
        metavar="SPEC[,SPEC...]",
        help=f"bot for every seat, or one per seat ({', '.join(known_bots())}, or your own as "
        "package.module.Class; default greedy); a spec may add options: mcts:iterations=200, "
        "mcts:seconds=1",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help=f"worker processes (default: every core, {cpu_count()} here; 1: this process only)"
        "; with --cluster: the workers of the local cluster, or with --scheduler the number "
        "to size batches for (default: the cluster's)",
    )
    parser.add_argument(
        "--batch", type=int, metavar="N", help="games per task (default: about 4 tasks a worker)"
    )
    parser.add_argument(
        "--cluster",
        choices=CLUSTERS,
        help="run the games on Dask or Ray (extras carcassonne-engine[dask] / [ray])",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="the cluster to use: a Dask scheduler (tcp://host:8786) or a Ray address "
        "(host:6379); default a local cluster",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--report",
        action="store_true",
        help="add the balance report: points by source, win rate by seat, figure use, tiles "
        "returned, game length (carcassonne.cli.report)",
    )
    parser.add_argument("--save-dir", metavar="DIR", help="save every game's record in DIR")
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar even when not on a terminal"
    )
    parser.set_defaults(handler=run)


def seat_bots(text: str, players: int | None) -> list[str]:
    names = parse_names(text)
    for name in names:
        try:
            check_spec(name)
        except BotError as exc:
            raise UserError(str(exc)) from None
    if not names:
        raise UserError("--bot needs at least one bot name")
    if len(names) == 1:
        return names * (players if players is not None else 2)
    if players is not None and players != len(names):
        raise UserError(f"--players {players} but {len(names)} bots given")
    return names


@user_errors
def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    if args.batch is not None and args.batch < 1:
        raise UserError("--batch must be at least 1")
    if args.save_dir and Path(args.save_dir).exists() and not Path(args.save_dir).is_dir():
        raise UserError(f"--save-dir {args.save_dir}: not a folder", status=FAILURE)
    if args.scheduler and not args.cluster:
        raise UserError("--scheduler needs --cluster dask or --cluster ray")
    if args.save_dir is not None and not args.save_dir.strip():
        raise UserError("--save-dir needs a folder name")
    seats = seat_bots(args.bot, args.players)
    config = build_config(args, len(seats))
    jobs = args.jobs if args.jobs is not None else cpu_count()
    show = args.progress or sys.stderr.isatty()
    progress = (lambda done, total, seconds: progress_bar(done, total, seconds, sys.stderr)) if (
        show
    ) else None  # fmt: skip
    try:
        with executor_for(args.cluster, args.scheduler, jobs) as executor:
            if args.cluster and args.scheduler and args.jobs is None:
                jobs = cluster_workers(args.cluster) or jobs  # size batches for the cluster
            spec = config.describe()
            if args.plugin:  # plugins travel to the workers as their specs
                spec["plugin_specs"] = list(args.plugin)
            outcome = simulate(
                spec,
                seats,
                args.games,
                first_seed=args.seed,
                jobs=jobs,
                executor=executor,
                batch=args.batch,
                save_dir=args.save_dir,
                progress=progress,
            )
    except MissingExtraError as exc:
        raise UserError(str(exc), FAILURE) from None
    if show:
        print(file=sys.stderr)
    if outcome.stats.games == 0:
        print("carcassonne: interrupted before any game finished", file=sys.stderr)
        return INTERRUPTED
    result = outcome.summary()
    if args.report:
        win_rates = [
            {"seat": seat["seat"], "bot": seat["bot"], "win_rate": seat["win_rate"]}
            for seat in result["seats"]
        ]
        result["report"] = report_result(outcome.stats.balance, config, win_rates)
    if args.json:
        print(json.dumps(result, sort_keys=True, indent=2))
    else:
        print(format_summary(result))
        if args.report:
            print()
            print(format_report(result["report"]))
    return INTERRUPTED if outcome.interrupted else 0


@contextlib.contextmanager
def executor_for(cluster: str | None, address: str | None, jobs: int) -> Iterator[Executor | None]:
    """The cluster's executor, or ``None``: ``simulate`` then starts its own worker processes."""
    if cluster is None:
        yield None
    else:
        with cluster_executor(cluster, address, jobs) as executor:
            yield executor


def format_summary(result: dict[str, Any]) -> str:
    speed = result["games_per_second"]
    lines = [
        f"{result['games']} games, {result['players']} players"
        + (f", expansions: {', '.join(result['expansions'])}" if result["expansions"] else "")
        + f" in {result['seconds']:.2f} s"
        + (f" ({speed:.1f} games/s)" if speed else ""),
    ]
    if result["interrupted"]:
        lines.append(f"interrupted: {result['games']} of {result['requested']} games played")
    width = max(6, *(len(seat["bot"]) for seat in result["seats"]))
    lines += ["", f"seat  {'bot':<{width}}   mean  stdev  min  max  wins    win rate"]
    for seat in result["seats"]:
        lines.append(
            f"{seat['seat']:<4}  {seat['bot']:<{width}} {seat['mean']:>6.1f} {seat['stdev']:>6.1f}"
            f" {seat['min']:>4} {seat['max']:>4}  {seat['wins']:<6g}  {seat['win_rate']:>7.1%}"
        )
    lines += ["", "feature     completed  scorings   points"]
    for kind, row in result["features"].items():
        lines.append(f"{kind:<10} {row['completed']:>10} {row['scorings']:>9} {row['points']:>8}")
    return "\n".join(lines)


def progress_bar(done: int, total: int, seconds: float, out: IO[str], width: int = 30) -> None:
    """``[####------] 40/100 games  12.3 games/s  ETA 0:00:05`` on one line, redrawn."""
    filled = width * done // total
    rate = done / seconds if seconds > 0 else 0.0
    eta = clock((total - done) / rate) if rate > 0 else "?"
    bar = "#" * filled + "-" * (width - filled)
    out.write(f"\r[{bar}] {done}/{total} games  {rate:.1f} games/s  ETA {eta}   ")
    out.flush()


def clock(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}"
