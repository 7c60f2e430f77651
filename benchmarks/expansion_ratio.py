"""Benchmark: the cost of one expansion as a ratio to the base game, measured in the same run:
random games with the base game, with the expansion alone and with every installed expansion.

    python benchmarks/expansion_ratio.py hills-sheep --games 40 --players 2

Prints CPU ms per game and µs per turn of each mix and their ratios to the base game (the
median of --repeat runs). Random games: uniformly random legal actions, chance draws seeded by
the game. Measure here, never in timed tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from carcassonne import GameConfig, GameState
from carcassonne.plugins import installed_expansions


def run(config: GameConfig, games: int, seed: int) -> tuple[float, float]:
    """CPU seconds per game and per turn over ``games`` seeded random games."""
    rng = random.Random(seed)
    turns = 0
    start = time.process_time()
    for game in range(games):
        state = GameState.new(config, seed=seed + game)
        while not state.is_over:
            if state.pending.kind == "tile":
                turns += 1
            state.apply(rng.choice(state.legal_actions()))
    elapsed = time.process_time() - start
    return elapsed / games, elapsed / max(turns, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("expansion")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is reported")
    args = parser.parse_args(argv)
    if args.expansion not in installed_expansions():
        parser.error(f"{args.expansion!r} is not installed ({', '.join(installed_expansions())})")
    mixes = {
        "base": [],
        f"{args.expansion} alone": [args.expansion],
        "all expansions": sorted(installed_expansions()),
    }
    results: dict[str, tuple[float, float]] = {}
    for name, expansions in mixes.items():
        config = GameConfig(players=args.players, expansions=expansions, seed=args.seed)
        runs = [run(config, args.games, args.seed) for _ in range(args.repeat)]
        results[name] = (
            statistics.median(r[0] for r in runs),
            statistics.median(r[1] for r in runs),
        )
    base_game, base_turn = results["base"]
    print(f"{args.games} games x {args.repeat} runs, {args.players} players (CPU time, median)")
    for name, (per_game, per_turn) in results.items():
        print(
            f"{name:>24}: {per_game * 1e3:8.1f} ms/game ({per_game / base_game:4.2f}x)"
            f"  {per_turn * 1e6:8.1f} µs/turn ({per_turn / base_turn:4.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
