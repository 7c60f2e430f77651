"""Benchmark: how strong the mcts bot is against greedy, and how many iterations it runs.

    python benchmarks/mcts_strength.py --games 200 --seconds 1 --jobs 2    # the target setting
    python benchmarks/mcts_strength.py --games 20 --iterations 200         # a quick look

2-player base games (``--expansions`` for others): half with mcts first, half with greedy
first (the same seeds both ways, so the first player's advantage cancels). Prints mcts's win
rate (a shared victory counts half) with a 95% Wilson interval and the mean score margin, then
the search speed: iterations per second over the first moves of a few games (one process).

The games run through ``carcassonne.simulation.simulate`` on ``--jobs`` worker processes. With
``--seconds`` every decision gets that much wall-clock time, so use no more jobs than idle
cores, or each search gets less CPU than its budget says.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from carcassonne import GameConfig, GameState
from carcassonne.bots import MctsBot, bot_from_spec, make_bot
from carcassonne.simulation import cpu_count, simulate
from carcassonne.simulation.stats import WIN_UNIT


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a win rate (Wilson score interval)."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def iterations_per_second(
    spec: str, expansions: list[str], games: int, moves: int
) -> tuple[float, float]:
    """Iterations per wall-clock second and per CPU second of the search over the first
    ``moves`` decisions of the mcts seat."""
    config = GameConfig(players=2, expansions=expansions, seed=0)
    done, spent, cpu = 0, 0.0, 0.0
    for seed in range(games):
        state = GameState.new(config, seed=1000 + seed)
        bot = bot_from_spec(spec, seed)
        other = make_bot("greedy", seed)
        assert isinstance(bot, MctsBot)
        decided = 0
        while not state.is_over and decided < moves:
            if state.pending.player == 0:
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bot.choose(state)
                spent += time.perf_counter() - start
                cpu += time.process_time() - start_cpu
                done += bot.last_iterations
                decided += 1
            else:
                action = other.choose(state)
            state.apply(action)
    return done / spent, done / cpu


def match(spec: str, args: argparse.Namespace) -> None:
    """mcts against greedy, both seatings of the same seeds, on ``args.jobs`` processes."""
    config = GameConfig(players=2, expansions=args.expansions, seed=args.seed).describe()
    half = max(1, args.games // 2)
    # both seatings share one pool of workers (a thread each submits its batches)
    with ProcessPoolExecutor(args.jobs) as pool, ThreadPoolExecutor(2) as threads:
        runs = [
            threads.submit(
                simulate, config, seats, half, first_seed=args.seed, executor=pool, jobs=args.jobs
            )
            for seats in ([spec, "greedy"], ["greedy", spec])
        ]
        first, second = (run.result() for run in runs)
    games = first.stats.games + second.stats.games
    wins = (first.stats.seats[0].wins + second.stats.seats[1].wins) / WIN_UNIT
    mcts_points = first.stats.seats[0].total + second.stats.seats[1].total
    greedy_points = first.stats.seats[1].total + second.stats.seats[0].total
    low, high = wilson(wins, games)
    seconds = max(first.seconds, second.seconds)
    print(
        f"{spec} against greedy: {games} games (seats alternate, seeds {args.seed}.."
        f"{args.seed + half - 1}), {args.jobs} jobs, {seconds:.0f} s"
    )
    print(f"  win rate {wins / games:.1%}  (95% interval {low:.1%} to {high:.1%})")
    print(f"  mean score margin {(mcts_points - greedy_points) / games:+.1f} points a game")
    print(f"  mcts mean score {mcts_points / games:.1f}, greedy {greedy_points / games:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=20, help="games in all (even; default 20; 0: speed only)"
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, help="iterations per decision")
    budget.add_argument("--seconds", type=float, help="seconds per decision")
    parser.add_argument(
        "--options", default="", help="more mcts options: horizon=8:exploration=0.7"
    )
    parser.add_argument("--expansions", nargs="*", default=[])
    parser.add_argument("--jobs", type=int, default=cpu_count())
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument("--speed-runs", type=int, default=3, help="runs for iterations/s")
    args = parser.parse_args(argv)

    budget_text = (
        f"seconds={args.seconds}" if args.seconds else f"iterations={args.iterations or 200}"
    )
    spec = "mcts:" + budget_text + (f":{args.options}" if args.options else "")
    print(f"python {sys.version.split()[0]}, 2 players, expansions: "
          f"{' '.join(args.expansions) or 'none'}")  # fmt: skip
    if args.games > 0:
        match(spec, args)
    speed_spec = "mcts:iterations=200" + (f":{args.options}" if args.options else "")
    rates = [
        iterations_per_second(speed_spec, args.expansions, 1, 10) for _ in range(args.speed_runs)
    ]
    wall = [r[0] for r in rates]
    cpu = [r[1] for r in rates]
    print(
        f"search speed ({speed_spec}, the first 10 decisions of a game, median of "
        f"{args.speed_runs} runs): {statistics.median(wall):.0f} iterations/s, "
        f"{statistics.median(cpu):.0f} per CPU-second (runs: {' '.join(f'{r:.0f}' for r in wall)})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
