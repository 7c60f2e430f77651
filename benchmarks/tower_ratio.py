"""Benchmark: random games with The Tower alone and with every installed expansion, as a ratio
to the base game measured in the same run (CPU time of this process), per game and per turn.

    python benchmarks/tower_ratio.py --games 30 --players 3

The Tower alone should cost at most 1.5 base games per game. Measure here, never in timed tests.
"""

from __future__ import annotations

import argparse
import random
import time

from carcassonne import GameConfig, GameState
from carcassonne.plugins import installed_expansions


def run(config: GameConfig, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and tile turns of ``games`` uniformly random games."""
    rng = random.Random(seed)
    turns = 0
    start = time.process_time()
    for game in range(games):
        state = GameState.new(config, seed=seed + game)
        while not state.is_over:
            if state.pending.kind == "tile":
                turns += 1
            state.apply(rng.choice(state.legal_actions()))
    return time.process_time() - start, turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    mixes = {
        "base": [],
        "tower": ["tower"],
        "all": sorted(installed_expansions()),
    }
    results = {}
    for name, expansions in mixes.items():
        config = GameConfig(players=args.players, expansions=expansions, seed=args.seed)
        results[name] = run(config, args.games, args.seed)
    base_s, base_turns = results["base"]
    print(f"{args.games} random games, {args.players} players each")
    for name, (seconds, turns) in results.items():
        per_game = seconds / base_s
        per_turn = (seconds / turns) / (base_s / base_turns)
        names = ", ".join(mixes[name]) or "-"
        print(
            f"{name:6} {seconds / args.games * 1000:8.1f} ms/game {seconds / turns * 1e6:8.0f} "
            f"us/turn  x{per_game:.2f} per game  x{per_turn:.2f} per turn  ({names})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
