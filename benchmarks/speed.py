"""Benchmark: the speed targets of search and simulation, optionally side by side with a git
revision.

    python benchmarks/speed.py                      # this tree
    python benchmarks/speed.py --against HEAD~1     # and HEAD~1, with the ratio

Four workloads, each the median of ``--runs`` runs, timed in CPU seconds of this process
(``time.process_time``) so that other work on a shared machine does not count:

* random games, 2 players, base game: games per second (target >= 400);
* random games, 2 players, River + Abbot + Abbey & Mayor: games per second (target >= 150);
* a 2-ply leaf, base game: from mid-game positions, every tile placement of the drawn tile
  (figure passed), then every placement of the next player's tile (figure passed); a leaf is
  one clone + placement + pass at the second ply, which draws the tile after it (target <= 15
  µs);
* greedy against greedy, 2 players, base game: games per CPU-second (target >= 12).

``--against REV`` checks REV out into a temporary git worktree and runs this same script on both
trees, one run at a time in turn, each in a fresh process (the engine, its tiles and grammar,
and the expansions of that tree first on ``sys.path``, located as that revision's
``pyproject.toml`` maps them: see ``revisions.py``), then deletes the worktree; the ratio is the
median of the runs' ratios. Each child checks that every ``carcassonne*`` module it measured
came from its tree and refuses otherwise; a failing child's message is shown. The script uses
only the public API, so it runs on older revisions too (or says why not).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from revisions import RevisionError, check_imports, checkout, run_child, tree_env

ROOT = Path(__file__).resolve().parent.parent
ALL_EXPANSIONS = ["river", "abbot", "abbey-mayor"]

#: name -> (label, unit, target, higher is better)
TARGETS: dict[str, tuple[str, str, float, bool]] = {
    "random_base": ("random games, 2p base", "games/s", 400, True),
    "random_all": ("random games, 2p, 3 expansions", "games/s", 150, True),
    "leaf_2ply": ("2-ply leaf, base", "µs", 15, False),
    "greedy": ("greedy vs greedy, 2p base", "games/CPU-s", 12, True),
}


def random_games(expansions: list[str], games: int, first: int = 0, players: int = 2) -> float:
    from carcassonne import GameConfig, GameState

    config = GameConfig(players=players, expansions=expansions, seed=1)
    rng = random.Random(1)
    start = time.process_time()
    for seed in range(first, first + games):
        state = GameState.new(config, seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return games / (time.process_time() - start)


def leaf_2ply(positions: int, first: int = 0) -> float:
    """Microseconds per second-ply leaf (see the module docstring)."""
    from carcassonne import GameConfig, GameState, Pass

    config = GameConfig(players=2, seed=3)
    rng = random.Random(3)
    leaves = 0
    spent = 0.0
    for seed in range(first, first + positions):
        state = GameState.new(config, seed=seed)
        while state.tiles_left() > 40:  # mid-game
            state.apply(rng.choice(state.legal_actions()))
        while state.pending.kind != "tile" and not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        start = time.process_time()
        for first in state.legal_actions():
            ply1 = state.clone()
            ply1.apply(first)
            ply1.apply(Pass())
            if ply1.pending.kind != "tile":
                continue
            for second in ply1.legal_actions():
                leaf = ply1.clone()
                leaf.apply(second)
                leaf.apply(Pass())
                leaf.scores  # noqa: B018 - what a search reads at a leaf
                leaves += 1
        spent += time.process_time() - start
    return spent / leaves * 1e6


def greedy_games(games: int, first: int = 0) -> float:
    from carcassonne import GameConfig, GameState
    from carcassonne.bots import GreedyBot

    config = GameConfig(players=2, seed=5)
    start = time.process_time()
    for seed in range(first, first + games):
        state = GameState.new(config, seed=seed)
        bots = [GreedyBot(seed * 2), GreedyBot(seed * 2 + 1)]
        while not state.is_over:
            state.apply(bots[state.pending.player].choose(state))
    return games / (time.process_time() - start)


def measure(runs: int, scale: float) -> dict[str, list[float]]:
    def n(count: int) -> int:
        return max(1, round(count * scale))

    work: dict[str, Callable[[], float]] = {
        "random_base": lambda: random_games([], n(100)),
        "random_all": lambda: random_games(ALL_EXPANSIONS, n(40)),
        "leaf_2ply": lambda: leaf_2ply(n(4)),
        "greedy": lambda: greedy_games(n(6)),
    }
    return {name: [fn() for _ in range(runs)] for name, fn in work.items()}


def _measure_in(tree: Path, runs: int, scale: float, cwd: str) -> dict[str, list[float]]:
    """This script's measurements of the engine in ``tree``, in a fresh process (this tree's
    from the installed environment, another's first on the path); the child refuses to report
    when a module it measured is not ``tree``'s, and its message is shown."""
    env = dict(os.environ) if tree == ROOT else tree_env(tree)
    out = run_child(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--runs",
            str(runs),
            "--scale",
            str(scale),
            "--raw",
            "--expect-root",
            str(tree),
        ],  # fmt: skip
        env,
        f"speed.py on {tree}",
        cwd=cwd,
    )
    result: dict[str, list[float]] = json.loads(out)
    return result


def measure_against(
    rev: str, runs: int, scale: float
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """This tree's and ``rev``'s measurements, run by run in turn (this tree, then ``rev``, in
    fresh processes), so that both see the same moments of a machine whose speed drifts: on a
    shared machine one revision measured after the other can differ by a third for no reason
    of its own. ``rev`` runs from a temporary git worktree."""
    here: dict[str, list[float]] = {name: [] for name in TARGETS}
    other: dict[str, list[float]] = {name: [] for name in TARGETS}
    with checkout(rev) as tree:
        for _ in range(runs):
            for into, where in ((here, ROOT), (other, tree)):
                for name, values in _measure_in(where, 1, scale, str(tree.parent)).items():
                    into[name].extend(values)
    return here, other


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per workload; median shown")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload size")
    parser.add_argument("--against", metavar="REV", help="also measure this git revision")
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--expect-root", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    other: dict[str, list[float]] | None = None
    if args.against and not args.raw:
        try:
            here, other = measure_against(args.against, args.runs, args.scale)
        except RevisionError as exc:
            sys.exit(f"speed.py --against {args.against}: {exc}")
    else:
        here = measure(args.runs, args.scale)
    if args.expect_root:  # a child: only the engine of that tree may have been measured
        check_imports(args.expect_root)
    if args.raw:
        print(json.dumps(here))
        return 0

    print(f"python {sys.version.split()[0]}, {args.runs} runs each (median), CPU time of one core")
    head = f"{'workload':<32} {'target':>14} {'this tree':>10}"
    if other is not None:
        head += f" {args.against[:10]:>10} {'ratio':>7}"
    print(head)
    for name, (label, unit, target, higher) in TARGETS.items():
        mine = statistics.median(here[name])
        sign = ">=" if higher else "<="
        met = (mine >= target) if higher else (mine <= target)
        line = f"{label:<32} {sign + ' ' + format(target, 'g') + ' ' + unit:>14} {mine:>10.1f}"
        if other is not None:
            theirs = statistics.median(other[name])
            # the median of the runs' ratios (each pair ran side by side); > 1: this tree is faster
            pairs = zip(here[name], other[name], strict=True)
            ratio = statistics.median(m / t if higher else t / m for m, t in pairs)
            line += f" {theirs:>10.1f} {ratio:>6.2f}x"
        print(line + ("" if met else "   (target not met)"))
    print(
        "runs: " + "; ".join(f"{n} " + " ".join(f"{v:.1f}" for v in vs) for n, vs in here.items())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
