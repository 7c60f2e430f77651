"""Benchmark: random games with one expansion alone and with every installed expansion, each as
a ratio to the base game measured in the same run (so a busy machine shifts all three alike).

    python benchmarks/expansion_ratio.py --expansion traders-builders --games 100 --repeat 3

Per game and per placed tile: an expansion with more tiles makes longer games, so both ratios
are printed. Times are CPU seconds of this process, the median of --repeat runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from carcassonne import GameConfig, GameState
from carcassonne.plugins import installed_expansions


def play(config: GameConfig, seed: int, rng: random.Random) -> int:
    """One uniform random game; returns how many tiles were placed."""
    state = GameState.new(config, seed=seed)
    tiles = 0
    while not state.is_over:
        if state.pending.kind == "tile":
            tiles += 1
        state.apply(rng.choice(state.legal_actions()))
    return tiles


def measure(config: GameConfig, games: int, seed: int) -> tuple[float, float]:
    """CPU seconds per game and per placed tile."""
    rng = random.Random(seed)
    tiles = 0
    start = time.process_time()
    for game in range(games):
        tiles += play(config, seed + game, rng)
    elapsed = time.process_time() - start
    return elapsed / games, elapsed / tiles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansion", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is reported")
    args = parser.parse_args(argv)
    mixes = {
        "base": [],
        args.expansion: [args.expansion],
        "all": sorted(installed_expansions()),
    }
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in mixes}
    for _ in range(args.repeat):
        for name, expansions in mixes.items():  # interleaved: the runs share the machine alike
            config = GameConfig(players=args.players, expansions=expansions, seed=args.seed)
            results[name].append(measure(config, args.games, args.seed))
    base_game = statistics.median(r[0] for r in results["base"])
    base_tile = statistics.median(r[1] for r in results["base"])
    print(f"{args.games} games x {args.repeat}, {args.players} players, seed {args.seed}")
    for name in mixes:
        per_game = statistics.median(r[0] for r in results[name])
        per_tile = statistics.median(r[1] for r in results[name])
        print(
            f"{name:>20}: {per_game * 1e3:8.2f} ms/game ({per_game / base_game:4.2f}x base), "
            f"{per_tile * 1e6:7.1f} µs/tile ({per_tile / base_tile:4.2f}x base)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
