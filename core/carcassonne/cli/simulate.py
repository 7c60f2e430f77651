"""``carcassonne simulate --games N``: bot games in a row, then a summary.

Game ``i`` uses the seed ``--seed + i`` and bots seeded from it, so a simulation is reproducible.
The summary gives the speed, the mean and spread of every seat's score, win rates (a shared
victory counts as a fraction of a win for each winner) and the points scored by feature kind.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import IO, Any

from carcassonne import events as ev
from carcassonne.bots import BOTS, make_bot
from carcassonne.cli.game_args import (
    UserError,
    add_game_arguments,
    build_config,
    parse_names,
    user_errors,
)
from carcassonne.config import GameConfig
from carcassonne.state import GameState


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play many bot games and summarise the results",
        description="Play bot games and print a summary: speed, scores, win rates, points by "
        "feature kind.",
    )
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    add_game_arguments(parser, players_default=None)
    parser.add_argument(
        "--bot",
        default="greedy",
        metavar="NAME[,NAME...]",
        help=f"bot for every seat, or one per seat ({', '.join(sorted(BOTS))}; default greedy)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--save-dir", metavar="DIR", help="save every game's record in DIR")
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar even when not on a terminal"
    )
    parser.set_defaults(handler=run)


def seat_bots(text: str, players: int | None) -> list[str]:
    names = parse_names(text)
    for name in names:
        if name not in BOTS:
            raise UserError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
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
    seats = seat_bots(args.bot, args.players)
    config = build_config(args, len(seats))
    if args.save_dir is not None and not args.save_dir.strip():
        raise UserError("--save-dir needs a folder name")
    save_dir = Path(args.save_dir) if args.save_dir is not None else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
        from carcassonne.record import save_record
    progress = args.progress or sys.stderr.isatty()
    summary = Summary(config, seats)
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        # a record names the configuration's seed: give a saved game its own configuration
        game_config = config if save_dir is None else build_config(args, len(seats), seed)
        state = play_game(game_config, seats, seed, summary)
        if save_dir is not None:
            save_record(state, save_dir / f"game-{seed}.txt")
        if progress:
            progress_bar(i + 1, args.games, time.perf_counter() - started, sys.stderr)
    if progress:
        print(file=sys.stderr)
    result = summary.result(time.perf_counter() - started)
    if args.json:
        print(json.dumps(result, sort_keys=True, indent=2))
    else:
        print(format_summary(result))
    return 0


def play_game(config: GameConfig, seats: list[str], seed: int, summary: Summary) -> GameState:
    """One bot game with the given seed; its events go into ``summary``."""
    state = GameState.new(config, seed=seed)
    bots = [make_bot(name, seed * 31 + p + 1) for p, name in enumerate(seats)]
    summary.events(state.last_events)
    while not state.is_over:
        summary.events(state.apply(bots[state.pending.player].choose(state)))
    summary.game(state)
    return state


class Summary:
    """Running totals over the games of a simulation."""

    def __init__(self, config: GameConfig, seats: list[str]) -> None:
        self.config = config
        self.seats = seats
        self.scores: list[list[int]] = [[] for _ in seats]
        self.wins = [0.0] * len(seats)
        self.outright = [0] * len(seats)
        self.kind_points: dict[str, int] = defaultdict(int)
        self.kind_scorings: dict[str, int] = defaultdict(int)
        self.completed: dict[str, int] = defaultdict(int)
        self.actions = 0

    def events(self, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, ev.PointsScored):
                self.kind_points[event.kind] += event.points
                self.kind_scorings[event.kind] += 1
            elif isinstance(event, ev.FeatureCompleted):
                self.completed[event.kind] += 1

    def game(self, state: GameState) -> None:
        self.actions += len(state.log)
        for p, score in enumerate(state.scores):
            self.scores[p].append(score)
        winners = state.winners()
        for p in winners:
            self.wins[p] += 1 / len(winners)
            if len(winners) == 1:
                self.outright[p] += 1

    def result(self, seconds: float) -> dict[str, Any]:
        games = len(self.scores[0])
        seats = []
        for p, bot in enumerate(self.seats):
            scores = self.scores[p]
            seats.append(
                {
                    "seat": p,
                    "name": self.config.names[p],
                    "bot": bot,
                    "mean": round(statistics.fmean(scores), 2),
                    "stdev": round(statistics.pstdev(scores), 2),
                    "min": min(scores),
                    "max": max(scores),
                    "wins": round(self.wins[p], 3),
                    "outright_wins": self.outright[p],
                    "win_rate": round(self.wins[p] / games, 3),
                }
            )
        kinds = sorted(set(self.kind_points) | set(self.completed))
        return {
            "games": games,
            "players": self.config.players,
            "expansions": list(self.config.expansions),
            "options": dict(self.config.options),
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
            "actions": self.actions,
            "seats": seats,
            "features": {
                kind: {
                    "completed": self.completed.get(kind, 0),
                    "scorings": self.kind_scorings.get(kind, 0),
                    "points": self.kind_points.get(kind, 0),
                }
                for kind in kinds
            },
        }


def format_summary(result: dict[str, Any]) -> str:
    speed = result["games_per_second"]
    lines = [
        f"{result['games']} games, {result['players']} players"
        + (f", expansions: {', '.join(result['expansions'])}" if result["expansions"] else "")
        + f" in {result['seconds']:.2f} s"
        + (f" ({speed:.1f} games/s)" if speed else ""),
        "",
        "seat  bot     mean   stdev  min  max  wins    win rate",
    ]
    for seat in result["seats"]:
        lines.append(
            f"{seat['seat']:<4}  {seat['bot']:<6} {seat['mean']:>6.1f} {seat['stdev']:>6.1f}"
            f" {seat['min']:>4} {seat['max']:>4}  {seat['wins']:<6g}  {seat['win_rate']:>7.1%}"
        )
    lines += ["", "feature     completed  scorings   points"]
    for kind, row in result["features"].items():
        lines.append(f"{kind:<10} {row['completed']:>10} {row['scorings']:>9} {row['points']:>8}")
    return "\n".join(lines)


def progress_bar(done: int, total: int, seconds: float, out: IO[str], width: int = 30) -> None:
    filled = width * done // total
    rate = done / seconds if seconds > 0 else 0.0
    bar = "#" * filled + "-" * (width - filled)
    out.write(f"\r[{bar}] {done}/{total} games  {rate:.1f} games/s")
    out.flush()
