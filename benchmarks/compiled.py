"""Benchmark: the compiled build (docs/compiled.md) against pure Python and a git revision.

    python3 -m venv /tmp/cv && CARCASSONNE_COMPILE=1 /tmp/cv/bin/pip install .   # once
    python benchmarks/compiled.py --venv /tmp/cv --against bfb8ecb --instructions
    python benchmarks/compiled.py --venv /tmp/cv --against bfb8ecb --runs 5

Three contestants play ``workloads.py``'s random 2-player base games and 2-ply leaves, the
workloads of ``instructions.py`` and ``targets.py``: by integer ids (``legal_action_ids`` /
``apply_id``) where the engine has them, by action objects where it does not (revisions before
issue 34; the same games), and the table says which each one used:

* ``compiled``: the interpreter of ``--venv``, where the compiled build is installed, started
  outside the source tree so that the installed package is the one imported (checked: it must
  say ``carcassonne.COMPILED`` and not come from this tree);
* ``pure``: this tree, on this interpreter, in pure Python (checked: not compiled, and every
  ``carcassonne*`` module from this tree);
* ``--against REV``: the revision's engine from a temporary git worktree, located as
  ``instructions.py`` locates it (``revisions.py``), on this interpreter (checked the same way).

Each child process first plays a few games on other seeds (configurations built, caches
filled, as in a long run), then the measured ones. Three ways to measure:

* ``--instructions``: instructions under callgrind, once per contestant and workload, only the
  measured call (3 games after 20 warm-up, 1 position after 1, as ``instructions.py``: its
  count of this tree is the ``pure`` one here); the load of the machine does not change it;
* ``--cycles``: callgrind's estimated cycles instead (instructions plus 10 per first-level and
  100 per last-level cache miss, as ``instructions.py --cycles``);
* otherwise CPU time (``time.process_time``): one run of each contestant in turn, in fresh
  processes, so that all see the same moments of a machine whose speed drifts; the ratio is
  the median of the runs' ratios.

A separate script from ``instructions.py`` because the compiled contestant runs another
interpreter (the build's venv), which that script does not take.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import callgrind
from revisions import RevisionError, checkout, tree_env

ROOT = Path(__file__).resolve().parent.parent

#: name -> (label, CPU-time unit, higher is better, counted unit, counted size, warm-up)
WORKLOADS: dict[str, tuple[str, str, bool, str, int, int]] = {
    "random_base": ("random games, 2p base", "games/s", True, "game", 3, 20),
    "leaf_2ply": ("2-ply leaves, base", "µs a leaf", False, "position", 1, 1),
}

# Run in each contestant's process. ``counted``: the one workload callgrind counts (only the
# call through operator.call), else None: every workload timed. The checks run after the work
# (every module it imported is known then) and exit with the reason instead of reporting.
_CHILD = """
import json, operator, os, sys
sys.path.insert(0, {bench!r})
import carcassonne, workloads
real, cache = carcassonne.GameConfig, {{}}
def config(**kw):
    key = repr(sorted(kw.items()))
    if key not in cache:
        cache[key] = real(**kw)
    return cache[key]
carcassonne.GameConfig = config
work = {{
    "random_base": lambda n, first=0: workloads.random_games([], n, first),
    "leaf_2ply": workloads.leaf_2ply,
}}
counted = {counted!r}
values = {{}}
if counted is not None:
    work[counted]({warm!r}[counted], first=1000)
    operator.call(work[counted], {size!r}[counted])
else:
    work["random_base"](5, first=1000)
    work["leaf_2ply"](1, first=1000)
    values = {{
        "random_base": work["random_base"]({games}),
        "leaf_2ply": work["leaf_2ply"]({positions}),
    }}
compiled = bool(getattr(carcassonne, "COMPILED", False))
if compiled != {compiled!r}:
    sys.exit(f"refusing to report: carcassonne.COMPILED is {{compiled}} ({{carcassonne.__file__}})")
if {tree!r} is not None:
    import revisions
    revisions.check_imports({tree!r})
elif os.path.realpath(carcassonne.__file__).startswith({root!r} + os.sep):
    sys.exit(f"refusing to report: the compiled contestant imported {{carcassonne.__file__}}")
print(json.dumps({{"path": workloads.path(), "values": values}}))
"""


@dataclass(frozen=True, eq=False)
class Contestant:
    """One engine to measure: the interpreter, its environment, and the tree its modules must
    come from (None for the compiled build, which must come from its venv instead)."""

    name: str
    python: str
    env: dict[str, str]
    tree: Path | None


def _code(contestant: Contestant, counted: str | None, games: int = 0, positions: int = 0) -> str:
    return _CHILD.format(
        bench=str(ROOT / "benchmarks"),
        counted=counted,
        warm={name: w[5] for name, w in WORKLOADS.items()},
        size={name: w[4] for name, w in WORKLOADS.items()},
        games=games,
        positions=positions,
        compiled=contestant.tree is None,
        tree=None if contestant.tree is None else str(contestant.tree),
        root=str(ROOT),
    )


def _answer(contestant: Contestant, done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    """The child's JSON line, or exit with its own message (a refusal, an API it lacks)."""
    if done.returncode != 0:
        tail = "\n".join(line for line in done.stderr.splitlines() if not line.startswith("=="))
        raise RevisionError(f"{contestant.name} failed (exit status {done.returncode}):\n{tail}")
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def timed(contestant: Contestant, cwd: str, games: int, positions: int) -> dict[str, object]:
    """One CPU-time run of every workload in a fresh process."""
    code = _code(contestant, None, games, positions)
    done = subprocess.run(
        [contestant.python, "-c", code], env=contestant.env, cwd=cwd, capture_output=True,
        text=True,
    )  # fmt: skip
    return _answer(contestant, done)


def counted(contestant: Contestant, cwd: str, work: str, cycles: bool) -> tuple[float, str]:
    """Millions of instructions (or estimated cycles) per unit of ``work``, and how it played."""
    code = _code(contestant, work)
    env = {**contestant.env, "PYTHONHASHSEED": "0"}  # set and dict orders fixed (instructions.py)
    done = callgrind.run(code, env, cycles=cycles, python=contestant.python, cwd=cwd)
    path = str(_answer(contestant, done)["path"])
    events = callgrind.collected(done.stderr)
    if not events:
        raise SystemExit(f"no count in callgrind's output:\n{done.stderr}")
    total = events[0]
    if cycles:  # Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        total += 10 * sum(events[3:6]) + 100 * sum(events[6:9])
    return total / WORKLOADS[work][4] / 1e6, path


@contextlib.contextmanager
def contestants(venv: Path, against: str | None) -> Iterator[list[Contestant]]:
    """The compiled build, this tree, and ``against``'s engine (checked out meanwhile)."""
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = [
        Contestant("compiled", str(venv / "bin" / "python"), plain, None),
        Contestant("pure", sys.executable, dict(os.environ), ROOT),
    ]
    if against is None:
        yield found
        return
    with checkout(against) as tree:
        yield [*found, Contestant(against, sys.executable, tree_env(tree), tree)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--venv", type=Path, required=True, help="the compiled build's venv")
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--runs", type=int, default=5, help="CPU-time runs of each contestant")
    parser.add_argument("--games", type=int, default=60, help="games per run (random_base)")
    parser.add_argument("--positions", type=int, default=2, help="positions per run (leaf)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--instructions", action="store_true", help="callgrind's instructions")
    how.add_argument("--cycles", action="store_true", help="callgrind's estimated cycles")
    args = parser.parse_args(argv)
    if not (args.venv / "bin" / "python").is_file():
        sys.exit(f"compiled.py: no interpreter at {args.venv / 'bin' / 'python'} (--venv)")
    count = args.instructions or args.cycles
    if count and shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install -y valgrind)")

    try:
        with contestants(args.venv, args.against) as players, tempfile.TemporaryDirectory() as cwd:
            if count:
                jobs = [(c, work) for c in players for work in WORKLOADS]
                with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
                    results = list(pool.map(lambda j: counted(j[0], cwd, j[1], args.cycles), jobs))
                _print_counts(players, dict(zip(jobs, results, strict=True)), args.cycles)
                return 0
            runs: dict[str, list[dict[str, object]]] = {c.name: [] for c in players}
            for _ in range(args.runs):
                for contestant in players:
                    answer = timed(contestant, cwd, args.games, args.positions)
                    runs[contestant.name].append(answer)
    except RevisionError as exc:
        sys.exit(f"compiled.py: {exc}")
    _print_times(players, runs, args)
    return 0


def _print_counts(
    players: list[Contestant],
    found: dict[tuple[Contestant, str], tuple[float, str]],
    cycles: bool,
) -> None:
    what = "estimated cycles (callgrind, cache simulation)" if cycles else "instructions"
    names = [c.name[:10] for c in players]
    print(f"{what}, millions per unit; ratio = other / compiled (>1: compiled faster)")
    print(f"{'workload':<22} {'unit':>8} " + " ".join(f"{n:>10}" for n in names)
          + "  ratios; played by")  # fmt: skip
    for work, (label, *_rest) in WORKLOADS.items():
        unit = WORKLOADS[work][3]
        values = [found[c, work][0] for c in players]
        others = zip(players[1:], values[1:], strict=True)
        ratios = ", ".join(f"{c.name[:10]} {v / values[0]:.2f}x" for c, v in others)
        paths = ", ".join(found[c, work][1] for c in players)
        print(f"{label:<22} {unit:>8} " + " ".join(f"{v:>10.2f}" for v in values)
              + f"  {ratios}; {paths}")  # fmt: skip


def _print_times(
    players: list[Contestant], runs: dict[str, list[dict[str, object]]], args: argparse.Namespace
) -> None:
    print(f"{args.runs} interleaved runs, CPU time, {args.games} games / {args.positions} "
          f"positions a run; ratio = median of the runs' ratios (>1: compiled faster)")  # fmt: skip
    mine = [_values(r) for r in runs["compiled"]]
    for work, (label, unit, higher, *_rest) in WORKLOADS.items():
        line = [f"{label}: compiled {statistics.median(v[work] for v in mine):.1f}"]
        for contestant in players[1:]:
            theirs = [_values(r) for r in runs[contestant.name]]
            ratios = [
                (m[work] / t[work]) if higher else (t[work] / m[work])
                for m, t in zip(mine, theirs, strict=True)
            ]
            value = statistics.median(t[work] for t in theirs)
            line.append(f"{contestant.name} {value:.1f} ({statistics.median(ratios):.2f}x)")
        paths = ", ".join(str(runs[c.name][0]["path"]) for c in players)
        print(", ".join(line) + f" [{unit}; played by {paths}]")


def _values(answer: dict[str, object]) -> dict[str, float]:
    values = answer["values"]
    assert isinstance(values, dict)
    return {str(k): float(v) for k, v in values.items()}


if __name__ == "__main__":
    sys.exit(main())
