"""Benchmark: what building events costs in random games played by ids, as a share of the games.

    python benchmarks/event_cost.py                  # 2 players, base game
    python benchmarks/event_cost.py --players 5

Issue 34 asks for events built only for callers that read them. Before making ``apply_id`` skip
them, this measures what there is to gain: the games are played once (counted), then every
event they returned is built again, once as the engine builds most of them (``tuple.__new__``
on the event type) and once through each type's own constructor (the engine's slower way),
less the same loop that builds nothing. Each count runs under ``valgrind --tool=callgrind``
(only the measured call, ``--toggle-collect`` on ``operator.call``, after a warm-up on other
seeds, hash seed fixed), so the machine's load does not change it. Measure here, never in
timed tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
from concurrent.futures import ThreadPoolExecutor

import callgrind

# Run inside valgrind: warm-up games on other seeds, the measured games (kept events), then
# the measured call: playing (``play``) or rebuilding the kept events (``none``: the loop
# alone, ``new``: tuple.__new__, ``own``: the type's constructor).
_RUNNER = """
import operator, random
from carcassonne import GameConfig, GameState
config = GameConfig(players={players}, seed=1)
def play(first, count):
    rng, kept = random.Random(1), []
    for seed in range(first, first + count):
        state = GameState.new(config, seed=seed)
        while not state.is_over:
            kept.append(state.apply_id(rng.choice(state.legal_action_ids())))
    return kept
def rebuild(kept, how):
    new = tuple.__new__
    for events in kept:
        out = []
        for e in events:
            out.append(e if how == "none" else new(type(e), e) if how == "new" else type(e)(*e))
play(1000, {warm})
if {mode!r} == "play":
    operator.call(play, 0, {games})
else:
    kept = play(0, {games})
    print("events", sum(map(len, kept)))
    operator.call(rebuild, kept, {mode!r})
"""


def count(mode: str, players: int, games: int, warm: int) -> tuple[int, int]:
    """Instructions of one measured call and the number of events the games returned."""
    code = _RUNNER.format(players=players, games=games, warm=warm, mode=mode)
    done = callgrind.run(code, {**os.environ, "PYTHONHASHSEED": "0"})
    done.check_returncode()
    events = int(done.stdout.split("events", 1)[1]) if "events" in done.stdout else 0
    counts = callgrind.collected(done.stderr)
    if counts:
        return counts[0], events
    raise SystemExit(f"no instruction count in callgrind's output:\n{done.stderr}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--warm", type=int, default=10, help="warm-up games on other seeds")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install -y valgrind)")
    modes = ["play", "none", "new", "own"]
    with ThreadPoolExecutor(max_workers=len(modes)) as pool:
        found = dict(
            zip(
                modes,
                pool.map(lambda m: count(m, args.players, args.games, args.warm), modes),
                strict=True,
            )
        )
    played = found["play"][0]
    events = found["new"][1]
    print(f"{args.games} random games, {args.players} players, by ids (instructions, callgrind)")
    print(f"  playing them: {played / args.games / 1e6:.2f} M a game, {events} events in all")
    for mode, label in (("new", "tuple.__new__"), ("own", "own constructor")):
        built = found[mode][0] - found["none"][0]
        print(
            f"  building their events ({label}): {built / args.games / 1e6:.3f} M a game,"
            f" {built / max(events, 1):.0f} an event, {100 * built / played:.1f} % of playing"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
