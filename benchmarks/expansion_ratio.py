"""Benchmark: the cost of one expansion as a ratio to the base game, measured in the same run:
random games with the base game, with the expansion alone and with every installed expansion.

    python benchmarks/expansion_ratio.py hills-sheep --games 40 --players 2
    python benchmarks/expansion_ratio.py hills-sheep --instructions   # callgrind counts

Prints CPU ms per game and µs per turn of each mix and their ratios to the base game (the
median of --repeat runs). Random games: uniformly random legal actions, played by the integer
path as random bots play them (``legal_action_ids``/``apply_id``: the same games as picking from
``legal_actions()``, without building an action per placement), chance draws seeded by the
game. Measure here, never in timed tests.

With ``--instructions`` each mix runs once under ``valgrind --tool=callgrind`` instead and the
ratios are of instructions executed, which the machine's load does not change (CPU time on a
shared machine moves by ±20 % between runs). As in ``instructions.py``, only the measured call
is counted (``--toggle-collect`` on ``operator.call``), after a warm-up of a few games on other
seeds that builds the configuration and fills the caches a long run keeps warm; the hash seed
is fixed so that set and dict orders, and so the count, repeat exactly.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import callgrind

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
            state.apply_id(rng.randrange(len(state.legal_action_ids())))
    elapsed = time.process_time() - start
    return elapsed / games, elapsed / max(turns, 1)


# Run inside valgrind: the warm-up on other seeds, then the measured games through operator.call
# (callgrind collects inside it only); prints the number of turns of the measured games.
_RUNNER = """
import operator, random, sys
from carcassonne import GameConfig, GameState
config = GameConfig(players={players}, expansions={expansions!r}, seed={seed})
def games(first, count):
    rng, turns = random.Random({seed}), 0
    for game in range(first, first + count):
        state = GameState.new(config, seed=game)
        while not state.is_over:
            if state.pending.kind == "tile":
                turns += 1
            state.apply_id(rng.randrange(len(state.legal_action_ids())))
    return turns
games({seed} + 1000, {warm})
print("turns", operator.call(games, {seed}, {games}))
"""


def instructions(config: tuple[int, list[str], int], games: int, warm: int) -> tuple[int, int]:
    """Instructions executed by ``games`` seeded random games of ``(players, expansions, seed)``
    under callgrind, and their number of turns."""
    players, expansions, seed = config
    root = Path(__file__).resolve().parent.parent
    paths = [root / "core"] + sorted(p for p in (root / "expansions").iterdir() if p.is_dir())
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths)), "PYTHONHASHSEED": "0"}
    code = _RUNNER.format(players=players, expansions=expansions, seed=seed, games=games, warm=warm)
    done = callgrind.run(code, env)
    done.check_returncode()
    turns = int(done.stdout.split("turns", 1)[1])
    counts = callgrind.collected(done.stderr)
    if counts:
        return counts[0], turns
    raise SystemExit(f"no instruction count in callgrind's output:\n{done.stderr}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("expansion")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is reported")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with callgrind (one run per mix, in parallel) instead of CPU time",
    )
    parser.add_argument("--warm", type=int, default=3, help="warm-up games (--instructions)")
    args = parser.parse_args(argv)
    if args.expansion not in installed_expansions():
        parser.error(f"{args.expansion!r} is not installed ({', '.join(installed_expansions())})")
    mixes = {
        "base": [],
        f"{args.expansion} alone": [args.expansion],
        "all expansions": sorted(installed_expansions()),
    }
    if args.instructions:
        if shutil.which("valgrind") is None:
            parser.error("valgrind is not installed (apt-get install -y valgrind)")
        with ThreadPoolExecutor(max_workers=len(mixes)) as pool:
            found = list(
                pool.map(
                    lambda e: instructions((args.players, e, args.seed), args.games, args.warm),
                    mixes.values(),
                )
            )
        counted = dict(zip(mixes, found, strict=True))
        base_count, base_turns = counted["base"]
        print(f"{args.games} games, {args.players} players (instructions, callgrind)")
        for name, (count, turns) in counted.items():
            per_game, per_turn = count / args.games, count / turns
            print(
                f"{name:>24}: {per_game / 1e6:8.1f} M/game ({count / base_count:4.2f}x)"
                f"  {per_turn / 1e3:8.1f} k/turn ({per_turn * base_turns / base_count:4.2f}x)"
            )
        return 0
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
