"""Benchmark: the compiled build (docs/compiled.md) against pure Python and a git revision.

    python3 -m venv /tmp/cv && CARCASSONNE_COMPILE=1 /tmp/cv/bin/pip install .   # once
    python benchmarks/compiled.py --venv /tmp/cv --against bfb8ecb --runs 5

Three contestants play ``speed.py``'s workloads (random 2-player base games, 2-ply leaves),
each run in a fresh process, one run of each in turn so that all three see the same moments of
a machine whose speed drifts; CPU time (``time.process_time``), the ratio is the median of the
runs' ratios:

* ``compiled``: the interpreter of ``--venv``, where the compiled build is installed, started
  outside the source tree so that the installed package is the one imported (checked: it must
  say ``carcassonne.COMPILED``);
* ``pure``: this tree's sources (``core`` and the expansions on ``PYTHONPATH``), on this
  interpreter, in pure Python (checked);
* ``--against REV``: the revision's sources from a temporary git worktree, on this interpreter.

Each process first plays a few games on other seeds (configurations built, caches filled, as
in a long run), then the measured ones. ``--cycles`` counts instead, once per contestant and
workload, callgrind's estimated cycles of the measured call (instructions plus 10 per
first-level and 100 per last-level cache miss, as ``instructions.py --cycles``: a count the
machine's load does not change; 3 games, 1 position; slow).

A separate script from ``speed.py`` so that the two can change independently; it imports
only ``speed.py``'s workload functions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: name -> (label, unit, higher is better)
WORKLOADS: dict[str, tuple[str, str, bool]] = {
    "random_base": ("random games, 2p base", "games/s", True),
    "leaf_2ply": ("2-ply leaf, base", "µs", False),
}

# Run in each contestant's process: speed.py from this tree, configurations built once.
_RUNNER = """
import json, sys
sys.path.insert(0, {bench!r})
import carcassonne, speed
real, cache = carcassonne.GameConfig, {{}}
def config(**kw):
    key = repr(sorted(kw.items()))
    if key not in cache:
        cache[key] = real(**kw)
    return cache[key]
carcassonne.GameConfig = config
speed.random_games([], 5, first=1000)
speed.leaf_2ply(1, first=1000)
print(json.dumps({{
    "compiled": bool(getattr(carcassonne, "COMPILED", False)),
    "file": carcassonne.__file__,
    "random_base": speed.random_games([], {games}),
    "leaf_2ply": speed.leaf_2ply({positions}),
}}))
"""


# The same under callgrind: only the call made through operator.call is counted.
_COUNTER = """
import operator, sys
sys.path.insert(0, {bench!r})
import carcassonne, speed
real, cache = carcassonne.GameConfig, {{}}
def config(**kw):
    key = repr(sorted(kw.items()))
    if key not in cache:
        cache[key] = real(**kw)
    return cache[key]
carcassonne.GameConfig = config
assert bool(getattr(carcassonne, "COMPILED", False)) == {compiled!r}, carcassonne.__file__
if {work!r} == "random_base":
    speed.random_games([], 20, first=1000)
    operator.call(speed.random_games, [], 3)
else:
    speed.leaf_2ply(1, first=1000)
    operator.call(speed.leaf_2ply, 1)
"""
#: units per measured call of _COUNTER: 3 games, and the leaves of 1 position (counted below)
_COUNT_UNITS = {"random_base": 3}


def _cycles(python: str, env: dict[str, str], cwd: str, work: str, compiled: bool) -> float:
    """Estimated cycles per game (random_base) or per position (leaf_2ply), in millions."""
    code = _COUNTER.format(bench=str(ROOT / "benchmarks"), work=work, compiled=compiled)
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--toggle-collect=_operator_call",
         "--callgrind-out-file=/dev/null", "--cache-sim=yes", python, "-c", code],
        env={**env, "PYTHONHASHSEED": "0"}, cwd=cwd, check=True, capture_output=True, text=True,
    ).stderr  # fmt: skip
    for line in out.splitlines():
        if "Collected :" in line:
            ev = [int(v) for v in line.split(":", 1)[1].split()]  # Ir Dr Dw I1mr D1mr D1mw ...
            cycles = ev[0] + 10 * sum(ev[3:6]) + 100 * sum(ev[6:9])
            return cycles / _COUNT_UNITS.get(work, 1) / 1e6
    raise SystemExit(f"no count in callgrind's output:\n{out}")


def _sources_env(tree: Path) -> dict[str, str]:
    paths = [tree / "core"] + sorted(p for p in (tree / "expansions").iterdir() if p.is_dir())
    return {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}


def _run(python: str, env: dict[str, str], cwd: str, games: int, positions: int) -> dict:
    code = _RUNNER.format(bench=str(ROOT / "benchmarks"), games=games, positions=positions)
    out = subprocess.run(
        [python, "-c", code], env=env, cwd=cwd, check=True, capture_output=True, text=True
    )
    result: dict = json.loads(out.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--venv", type=Path, required=True, help="the compiled build's venv")
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=60, help="games per run (random_base)")
    parser.add_argument("--positions", type=int, default=2, help="positions per run (leaf)")
    parser.add_argument("--cycles", action="store_true", help="callgrind's estimated cycles")
    args = parser.parse_args(argv)

    compiled_python = str(args.venv / "bin" / "python")
    plain_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with tempfile.TemporaryDirectory() as scratch:
        contestants: dict[str, tuple[str, dict[str, str], Path | None]] = {
            "compiled": (compiled_python, plain_env, None),
            "pure": (sys.executable, _sources_env(ROOT), ROOT / "core"),
        }
        tree = Path(scratch) / "rev"
        if args.against:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree),
                 args.against],
                check=True,
            )  # fmt: skip
            contestants[args.against] = (sys.executable, _sources_env(tree), tree / "core")
        results: dict[str, list[dict]] = {name: [] for name in contestants}
        try:
            if args.cycles:
                jobs = {
                    (name, work): (python, env, work, name == "compiled")
                    for name, (python, env, _) in contestants.items()
                    for work in WORKLOADS
                }
                with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
                    counted = dict(
                        zip(jobs, pool.map(lambda j: _cycles(j[0], j[1], scratch, *j[2:]),
                                           jobs.values()), strict=True)
                    )  # fmt: skip
            for _ in range(0 if args.cycles else args.runs):
                for name, (python, env, sources) in contestants.items():
                    result = _run(python, env, scratch, args.games, args.positions)
                    if result["compiled"] != (name == "compiled"):
                        raise SystemExit(f"{name}: carcassonne.COMPILED is {result['compiled']}")
                    if sources and not Path(result["file"]).is_relative_to(sources):
                        raise SystemExit(f"{name}: imported {result['file']}, not {sources}")
                    results[name].append(result)
        finally:
            if args.against:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                    check=True,
                )

    others = [name for name in contestants if name != "compiled"]
    if args.cycles:
        print("callgrind's estimated cycles, millions a game / a position (>1: compiled faster)")
        for work, (label, _unit, _higher) in WORKLOADS.items():
            mine = counted["compiled", work]
            line = [f"{label}: compiled {mine:.1f}"]
            line += [f"{n} {counted[n, work]:.1f} ({counted[n, work] / mine:.2f}x)" for n in others]
            print(", ".join(line))
        return 0
    print(f"{args.runs} interleaved runs, CPU time, {args.games} games / {args.positions} "
          f"positions a run; ratio = median of the runs' ratios (>1: compiled faster)")  # fmt: skip
    for work, (label, unit, higher) in WORKLOADS.items():
        line = [f"{label}: compiled {statistics.median(r[work] for r in results['compiled']):.1f}"]
        for name in others:
            value = statistics.median(r[work] for r in results[name])
            ratios = [
                (c[work] / o[work]) if higher else (o[work] / c[work])
                for c, o in zip(results["compiled"], results[name], strict=True)
            ]
            line.append(f"{name} {value:.1f} ({statistics.median(ratios):.2f}x)")
        print(", ".join(line) + f" [{unit}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
