"""Benchmark: complete random games (uniform random tile placement, then uniform random figure
option), fixed seed. Prints games/s, µs per turn, clone() cost and peak memory.

    python benchmarks/random_games.py --games 200 --players 2 [--expansions river abbot]

Measure here, never in timed tests. Quote the median of --repeat runs with the command line.
Times are CPU seconds of this process (``time.process_time``): other work on a shared machine
does not count.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
import tracemalloc

from carcassonne import GameConfig, GameState


def play(config: GameConfig, seed: int, rng: random.Random) -> tuple[GameState, int]:
    state = GameState.new(config, seed=seed)
    turns = 0
    choice = rng.choice
    while not state.is_over:
        if state.pending.kind == "tile":
            turns += 1
        state.apply(choice(state.legal_actions()))
    return state, turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansions", nargs="*", default=[])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is reported")
    args = parser.parse_args(argv)

    # one configuration serves every game; each game has its own seed
    config = GameConfig(players=args.players, expansions=args.expansions, seed=args.seed)
    rates, per_turn = [], []
    for _ in range(args.repeat):
        rng = random.Random(args.seed)
        turns = 0
        start = time.process_time()
        for game in range(args.games):
            _, t = play(config, args.seed + game, rng)
            turns += t
        elapsed = time.process_time() - start
        rates.append(args.games / elapsed)
        per_turn.append(elapsed / turns * 1e6)

    # clone cost on a mid-game state
    rng = random.Random(args.seed)
    state = GameState.new(config)
    while not state.is_over and state.tiles_left() > 35:
        state.apply(rng.choice(state.legal_actions()))
    n = 20000
    start = time.process_time()
    for _ in range(n):
        state.clone()
    clone_us = (time.process_time() - start) / n * 1e6
    # pickling cost of the same state (multiprocessing, distributed simulation)
    n = 2000
    start = time.process_time()
    for _ in range(n):
        data = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
    dump_us = (time.process_time() - start) / n * 1e6
    start = time.process_time()
    for _ in range(n):
        pickle.loads(data)
    load_us = (time.process_time() - start) / n * 1e6

    tracemalloc.start()
    play(config, args.seed, random.Random(args.seed))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(
        f"python {sys.version.split()[0]}, {args.games} games x {args.repeat} runs, "
        f"{args.players} players, expansions: {' '.join(args.expansions) or 'none'}"
    )
    print(
        f"games/s (median): {statistics.median(rates):.1f}   runs: "
        + " ".join(f"{r:.1f}" for r in rates)
    )
    print(f"µs per turn (median): {statistics.median(per_turn):.1f}")
    print(f"clone() mid-game: {clone_us:.1f} µs")
    print(f"pickle mid-game: dumps {dump_us:.0f} µs, loads {load_us:.0f} µs, {len(data)} bytes")
    print(f"peak memory of one game: {peak / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
