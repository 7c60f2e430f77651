"""Benchmark: instructions executed by the workloads of ``speed.py``, counted by callgrind, so
that a loaded machine does not change the measurement (CPU time on a shared machine varies by
±20% between runs; instruction counts by well under 1%).

    python benchmarks/instructions.py                      # this tree
    python benchmarks/instructions.py --against 019dbac    # and a revision, with the ratio
    python benchmarks/instructions.py --cycles             # estimated cycles (cache misses)

Each workload runs once under ``valgrind --tool=callgrind`` (installed with apt:
``apt-get install -y valgrind``); only the measured call is counted (``--toggle-collect`` on
``operator.call``, which wraps it), after a warm-up on other seeds that builds the configuration
and fills the caches a long run keeps warm (fit and placement tables, join plans): a count of a
few games from cold caches would charge a long simulation for filling them. Games are identical
on both revisions (the same seeds and legal actions), so the ratio is the speed-up in
instructions. Random games and leaves play by integer ids (``legal_action_ids``/``apply_id``)
where a tree has them and by ``legal_actions``/``apply`` where it does not (``workloads.py``;
the same games), as a search would; the table says which each side used. The mcts workload is
two searches of 200 iterations from mid-game positions (``workloads.mcts``), per iteration.
Slow: a few minutes per workload under valgrind; the workloads run in parallel.

``--against REV`` locates REV's engine as ``speed.py`` does (``revisions.py``: the package, its
tiles and grammar as REV's ``pyproject.toml`` maps them, for the layouts before and after the
src-style one); each count checks that every ``carcassonne*`` module it ran came from REV's
tree and refuses otherwise, with the child's message.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import callgrind
from revisions import RevisionError, checkout, tree_env

ROOT = Path(__file__).resolve().parent.parent

#: name -> (label, size, unit, warm-up): the size is passed to the speed.py function of that
#: name; the warm-up runs first, on other seeds (from 1000), so that the caches a long run
#: keeps warm (fit and placement tables, join plans) are as warm as in one.
WORKLOADS: dict[str, tuple[str, int, str, int]] = {
    "random_base": ("random games, 2p base", 3, "game", 20),
    "random_all": ("random games, 2p, 3 expansions", 2, "game", 10),
    "random_5p": ("random games, 5p base", 2, "game", 10),
    "leaf_2ply": ("2-ply leaves, base (1 position)", 1, "position", 1),
    "mcts": ("mcts iterations, mid-game (2 x 200)", 400, "iteration", 200),
    "greedy": ("greedy vs greedy, 2p base", 1, "game", 1),
}

#: the workloads that play by integer ids where the tree has them (``workloads.py``); greedy
#: and mcts play as those bots do on each tree ("as the bot plays")
_BY_IDS = {"random_base", "random_all", "random_5p", "leaf_2ply"}

# Run inside valgrind: configurations are built once (outside the count), the warm-up on other
# seeds, then the measured call through operator.call (callgrind collects inside it only).
_RUNNER = """
import operator, sys
sys.path.insert(0, {bench!r})
import carcassonne, speed, workloads
real, cache = carcassonne.GameConfig, {{}}
def config(**kw):
    key = repr(sorted(kw.items()))
    if key not in cache:
        cache[key] = real(**kw)
    return cache[key]
carcassonne.GameConfig = config
work = {{
    "random_base": lambda n, first=0: workloads.random_games([], n, first),
    "random_all": lambda n, first=0: workloads.random_games(speed.ALL_EXPANSIONS, n, first),
    "random_5p": lambda n, first=0: workloads.random_games([], n, first, players=5),
    "leaf_2ply": workloads.leaf_2ply,
    "mcts": lambda n, first=0: workloads.mcts_searches(n // 200, first),
    "greedy": speed.greedy_games,
}}[{name!r}]
work({warm}, first=1000)
operator.call(work, {size})
import revisions
revisions.check_imports({tree!r})  # refuse to report another tree's count
print("path:", workloads.path())
"""


def count(tree: Path, name: str, cycles: bool = False) -> tuple[int, str]:
    """Instructions of one workload on the engine in ``tree`` and how it played (``"ids"`` or
    ``"actions"``, :func:`workloads.path`); with ``cycles``, callgrind's
    cycle estimate instead: it simulates the caches (``--cache-sim=yes``, twice as slow) and
    charges each miss as kcachegrind's cycle estimate does (without branch simulation):
    instructions + 10 per first-level miss + 100 per last-level miss. A change that executes
    fewer instructions but touches more memory (a large cache of objects, say) shows here and
    not in the plain count."""
    _label, size, _unit, warm = WORKLOADS[name]
    # one hash seed for every run: with Python's random one, set and dict orders (and so the
    # count) move by about 0.5 % from run to run of the same revision
    env = {**(dict(os.environ) if tree == ROOT else tree_env(tree)), "PYTHONHASHSEED": "0"}
    code = _RUNNER.format(
        bench=str(ROOT / "benchmarks"), name=name, size=size, warm=warm, tree=str(tree)
    )
    done = callgrind.run(code, env, cycles=cycles)
    out = done.stderr
    path = done.stdout.split("path:", 1)[-1].strip() or "?"
    if done.returncode != 0:  # the child's own message (a refusal, an API the revision lacks)
        tail = "\n".join(line for line in out.splitlines() if not line.startswith("=="))
        raise RevisionError(f"{name} on {tree} failed (exit status {done.returncode}):\n{tail}")
    events = callgrind.collected(out)
    if events:
        if not cycles:
            return events[0], path
        # Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        return events[0] + 10 * sum(events[3:6]) + 100 * sum(events[6:9]), path
    raise SystemExit(f"no instruction count in callgrind's output:\n{out}")


def counts(tree: Path, names: list[str], cycles: bool = False) -> dict[str, tuple[int, str]]:
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        found = pool.map(lambda n: count(tree, n, cycles), names)
        return dict(zip(names, found, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="also count this git revision")
    parser.add_argument("--workloads", nargs="+", choices=list(WORKLOADS), default=list(WORKLOADS))
    parser.add_argument(
        "--cycles", action="store_true", help="estimated cycles (cache simulation) instead"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install -y valgrind)")

    try:
        here = counts(ROOT, args.workloads, args.cycles)
    except RevisionError as exc:
        sys.exit(f"instructions.py: {exc}")
    other: dict[str, tuple[int, str]] | None = None
    if args.against:
        try:
            with checkout(args.against) as tree:
                other = counts(tree, args.workloads, args.cycles)
        except RevisionError as exc:
            sys.exit(f"instructions.py --against {args.against}: {exc}")
    what = "estimated cycles (callgrind, cache simulation)" if args.cycles else "instructions"
    print(f"python {sys.version.split()[0]}, {what}, millions per unit")
    head = f"{'workload':<36} {'unit':>9} {'this tree':>10}"
    if other is not None:
        head += f" {args.against[:10]:>10} {'ratio':>7}"
    print(head + "  played by (this tree, other)")
    for name in args.workloads:
        label, size, unit, _warm = WORKLOADS[name]
        mine, how = here[name]
        line = f"{label:<36} {unit:>9} {mine / size / 1e6:>10.2f}"
        paths = how
        if other is not None:
            theirs, their_how = other[name]
            line += f" {theirs / size / 1e6:>10.2f} {theirs / mine:>6.2f}x"
            paths += f", {their_how}"
        print(f"{line}  {paths if name in _BY_IDS else 'as the bot plays'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
