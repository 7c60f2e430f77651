"""Benchmark: what one expansion costs, as a ratio to the base game measured in the same run.

Random games (uniformly random legal actions, fixed seeds) of the base game, of the expansion
alone and of every installed expansion together; prints CPU ms per game and µs per turn (a
turn = a tile placed) of each and their ratios to the base game. A game with an expansion has
more tiles, so the per-turn ratio is the one that says what its rules cost.

    python benchmarks/expansion_ratio.py --expansion princess-dragon --games 40 --players 3

Measure here, never in timed tests. Times are CPU seconds of this process
(``time.process_time``): other work on a shared machine does not count; the median of
--repeat runs is reported.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from carcassonne import GameConfig, GameState
from carcassonne.plugins import installed_expansions


def play(config: GameConfig, seed: int) -> int:
    """A random game; returns the tiles placed."""
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    turns = 0
    while not state.is_over:
        if state.pending.kind == "tile":
            turns += 1
        state.apply(rng.choice(state.legal_actions()))
    return turns


def measure(config: GameConfig, games: int, seed: int, repeat: int) -> tuple[float, float]:
    """Median CPU ms per game and µs per turn over ``repeat`` runs of ``games`` games."""
    per_game, per_turn = [], []
    for _ in range(repeat):
        turns = 0
        start = time.process_time()
        for game in range(games):
            turns += play(config, seed + game)
        elapsed = time.process_time() - start
        per_game.append(elapsed / games * 1e3)
        per_turn.append(elapsed / turns * 1e6)
    return statistics.median(per_game), statistics.median(per_turn)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansion", default="princess-dragon")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is reported")
    args = parser.parse_args(argv)
    installed = installed_expansions()
    if args.expansion not in installed:
        print(f"expansion {args.expansion!r} is not installed", file=sys.stderr)
        return 2
    mixes = {"base": [], args.expansion: [args.expansion], "all": sorted(installed)}
    results = {}
    for label, expansions in mixes.items():
        config = GameConfig(players=args.players, expansions=expansions, seed=args.seed)
        results[label] = measure(config, args.games, args.seed, args.repeat)
    base_game, base_turn = results["base"]
    print(f"{args.games} random games x {args.repeat} runs, {args.players} players (CPU time)")
    for label, (game_ms, turn_us) in results.items():
        print(
            f"{label:>18}: {game_ms:8.1f} ms/game ({game_ms / base_game:4.2f}x)  "
            f"{turn_us:7.1f} µs/turn ({turn_us / base_turn:4.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
