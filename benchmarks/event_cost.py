"""Benchmark: what the engine's events cost in random games played by ids, measured as the same
games played with them and without them (``apply_id(..., events=False)``).

    python benchmarks/event_cost.py                  # 2 players, base game
    python benchmarks/event_cost.py --players 5
    python benchmarks/event_cost.py --expansions river abbot abbey_mayor

Issue 34 asks for events built only for callers that read them: searches, probes and random
playouts pass ``events=False`` and the engine builds none of its own. This counts both ways of
playing the same games (the same seeds and picks: the states reached are the same, which
``tests/engine/test_events_off.py`` checks) and the events the games returned the first way.
Each count runs under ``valgrind --tool=callgrind`` (only the measured call, ``--toggle-collect``
on ``operator.call``, after a warm-up on other seeds, hash seed fixed), so the machine's load
does not change it. Measure here, never in timed tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
from concurrent.futures import ThreadPoolExecutor

import callgrind

# Run inside valgrind: warm-up games on other seeds, then the measured games through
# operator.call, with the engine's events (``kept``) or without (``off``).
_RUNNER = """
import operator, random
from carcassonne import GameConfig, GameState
config = GameConfig(players={players}, expansions={expansions!r}, seed=1)
def play(first, count, keep):
    rng, built = random.Random(1), 0
    for seed in range(first, first + count):
        state = GameState.new(config, seed=seed)
        while not state.is_over:
            built += len(state.apply_id(rng.choice(state.legal_action_ids()), events=keep))
    return built
play(1000, {warm}, True)
print("events", operator.call(play, 0, {games}, {keep}))
"""


def count(
    keep: bool, players: int, expansions: list[str], games: int, warm: int
) -> tuple[int, int]:
    """Instructions of the measured games and the number of events they returned."""
    code = _RUNNER.format(players=players, expansions=expansions, games=games, warm=warm, keep=keep)
    done = callgrind.run(code, {**os.environ, "PYTHONHASHSEED": "0"})
    done.check_returncode()
    events = int(done.stdout.split("events", 1)[1])
    counts = callgrind.collected(done.stderr)
    if counts:
        return counts[0], events
    raise SystemExit(f"no instruction count in callgrind's output:\n{done.stderr}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansions", nargs="*", default=[])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--warm", type=int, default=10, help="warm-up games on other seeds")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install -y valgrind)")
    with ThreadPoolExecutor(max_workers=2) as pool:
        kept, off = pool.map(
            lambda keep: count(keep, args.players, args.expansions, args.games, args.warm),
            (True, False),
        )
    mix = " + ".join(args.expansions) or "base"
    print(f"{args.games} random games, {args.players} players, {mix}, by ids (callgrind)")
    print(f"  with events:    {kept[0] / args.games / 1e6:.3f} M a game, {kept[1]} events in all")
    print(f"  events=False:   {off[0] / args.games / 1e6:.3f} M a game, {off[1]} events in all")
    saved = kept[0] - off[0]
    print(
        f"  the events cost {saved / args.games / 1e6:.3f} M a game,"
        f" {saved / max(kept[1] - off[1], 1):.0f} an event,"
        f" {100 * saved / kept[0]:.1f} % of playing with them ({kept[0] / off[0]:.3f}x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
