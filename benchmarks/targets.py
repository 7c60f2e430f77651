"""Benchmark: every target of issue 34 as a ratio to a base revision, in one interleaved run,
printed as a Markdown table.

    python benchmarks/targets.py                          # against bfb8ecb, 5 runs
    python benchmarks/targets.py --base bfb8ecb --runs 7 --compiled /path/to/venv/bin/python
    python benchmarks/targets.py --only random_base leaf_2ply --runs 3 --scale 0.5

The random games and 2-ply leaves play by integer ids where a tree has them and by action
objects where it does not (the same games; the table's footer says which each side used).
Each workload (``target_work.py``) runs in a fresh process, once per run, on this tree and on
the base revision in turn (the order swapped every other run, so that neither side always runs
first on a machine whose speed drifts); CPU time of the child, never wall time. A ratio is the
median of the runs' ratios (> 1: this tree is better), the values shown the medians. The base
revision is checked out in a temporary git worktree and located as ``revisions.py`` says; every
child checks that the ``carcassonne*`` modules it ran are its tree's. A workload that a revision
cannot run (no stdio protocol, an API it lacks, the server's extras not installed) is reported
as "n/a" with the reason. ``--compiled PYTHON`` also runs this tree's workloads with another
interpreter (the compiled build's environment), for the targets of the compiled build.

HTTP: ``benchmarks/server_load.py`` (SQLite, ``--think 0``: a saturated server) on each side;
the value is accepted moves per CPU-second of the server process (its ``server CPU/move``),
which is the moves per second one core would serve; ``http_web`` with the web page's kind of
client (``--web --changes``: each revision's page, as its server answers it). The
instruction counts of the engine workloads (load-independent) are
``benchmarks/instructions.py --against REV``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from revisions import ROOT, RevisionError, checkout, run_child, tree_env
from target_work import WORKLOADS

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Target:
    """One row of the table: ``ratio`` the least ratio to the base that meets it, or
    ``limit`` an absolute bound on this tree's value (in the workload's unit)."""

    workload: str
    label: str
    ratio: float | None = None
    limit: float | None = None
    compiled: bool = False

    def wanted(self) -> str:
        if self.limit is not None:
            return f"<= {self.limit:g} {WORKLOADS[self.workload][0]}"
        return f">= {self.ratio:g}x" if self.ratio != 1 else "not larger (>= 1x)"


TARGETS = [
    Target("random_base", "random games, 2p base", ratio=1.5),
    Target("random_mix", "random games, 2p, River + Abbot + Abbey & Mayor", ratio=1.5),
    Target("random_5p", "random games, 5p base", ratio=1.5),
    Target("leaf_2ply", "2-ply leaf, base", ratio=1.5),
    Target("mcts", "mcts iterations per CPU-second, mid-game", ratio=2),
    Target("stdio_apply", "stdio `apply` CPU", ratio=5),
    Target("http", "HTTP moves per server CPU-second (server_load.py)", ratio=4),
    Target(
        "http_changes", "HTTP moves per server CPU-second, clients taking changes", ratio=4
    ),
    Target(
        "http_web", "HTTP moves per server CPU-second, web page clients (--web --changes)", ratio=4
    ),
    Target("import", "`import carcassonne` (quiet machine)", limit=60),
    Target("help", "`carcassonne --help` (quiet machine)", limit=120),
    Target("memory", "a finished 2p base state's memory", ratio=1),
    Target("random_base", "compiled: random games, 2p base", ratio=2.5, compiled=True),
    Target("leaf_2ply", "compiled: 2-ply leaf, base", ratio=2.5, compiled=True),
]
#: the server's workloads (server_load.py, not target_work.py), with their extra options:
#: WebSocket clients that take the state; clients that take the changes (a revision without
#: them sends the state, its clients' best); the web page's kind of client, which asks for
#: changes, fetches the picture of each seq and the history when an update brings no log
#: entry (a server that does not know changes sends states and no entries: that revision's
#: page, which fetched both after every update)
SERVER = {"http": [], "http_changes": ["--changes"], "http_web": ["--web", "--changes"]}
HIGHER = {
    **{name: higher for name, (_unit, higher) in WORKLOADS.items()},
    **dict.fromkeys(SERVER, True),
}
UNITS = {
    **{name: unit for name, (unit, _higher) in WORKLOADS.items()},
    **dict.fromkeys(SERVER, "moves/CPU-s"),
}


@dataclass
class Side:
    """One column of measurements: an interpreter on a tree (``None``: the interpreter's own
    installed engine, not checked against a tree)."""

    name: str
    python: str
    tree: Path | None
    env: dict[str, str]
    values: dict[str, list[float]] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)
    engines: set[str] = field(default_factory=set)
    #: how its random games and leaves played: "ids" (legal_action_ids) or "actions"
    paths: set[str] = field(default_factory=set)

    def warm(self, args: argparse.Namespace, cwd: Path) -> None:
        """Import once, untimed, what the timed imports load (``import carcassonne``, the
        command line), so that no run pays for writing a fresh checkout's bytecode."""
        for workload in ("import", "help"):
            with contextlib.suppress(RevisionError):
                self._work(workload, args, cwd)

    def measure(self, workload: str, args: argparse.Namespace, cwd: Path) -> None:
        if workload in self.missing:
            return
        try:
            if workload in SERVER:
                value = self._http(args, cwd, SERVER[workload])
            else:
                value = self._work(workload, args, cwd)
        except RevisionError as exc:
            lines = [line for line in str(exc).splitlines() if line.strip()]
            self.missing[workload] = lines[-1] if lines else str(exc)
            return
        self.values.setdefault(workload, []).append(value)

    def _work(self, workload: str, args: argparse.Namespace, cwd: Path) -> float:
        argv = [self.python, str(HERE / "target_work.py"), workload, "--scale", str(args.scale)]
        if self.tree is not None:
            argv += ["--expect-root", str(self.tree)]
        out = run_child(argv, self.env, f"{workload} on {self.name}", cwd=cwd)
        result = json.loads(out.strip().splitlines()[-1])
        self.engines.add(f"{result['engine']}{' (compiled)' if result['compiled'] else ''}")
        self.paths.add(result.get("path", "actions"))
        return float(result["value"])

    def _http(self, args: argparse.Namespace, cwd: Path, extra: list[str]) -> float:
        argv = [
            self.python, str(HERE / "server_load.py"), "--store", "sqlite", "--think", "0",
            "--games", str(args.http_games), "--seconds", str(args.http_seconds),
            "--warmup", str(args.http_warmup), *extra,
        ]  # fmt: skip
        out = run_child(argv, self.env, f"server_load.py on {self.name}", cwd=cwd)
        for line in out.splitlines():
            if line.startswith("{"):
                per_move = json.loads(line).get("server_cpu_ms_per_move")
                if per_move:
                    return 1000 / float(per_move)
        raise RevisionError(f"server_load.py on {self.name}: no moves measured:\n{out[-500:]}")


def ratio(target: Target, mine: Side, base: Side) -> float | None:
    """The median of the runs' ratios (this side over the base, inverted where lower is
    better), pairing run i with run i; None when either side has no value."""
    ours, theirs = mine.values.get(target.workload), base.values.get(target.workload)
    if not ours or not theirs or target.workload in mine.missing or target.workload in base.missing:
        return None
    higher = HIGHER[target.workload]
    pairs = zip(ours, theirs, strict=False)
    return statistics.median(m / t if higher else t / m for m, t in pairs)


def row(target: Target, mine: Side, base: Side, command: str) -> str:
    name = target.workload
    unit = UNITS[name]
    why = mine.missing.get(name) or base.missing.get(name)
    measured = ratio(target, mine, base)
    if measured is None:
        side = mine.name if name in mine.missing else base.name
        cells = [f"n/a: {side}: {why}", "", "n/a"]
    else:
        ours = statistics.median(mine.values[name])
        theirs = statistics.median(base.values[name])
        values = f"{ours:.4g} / {theirs:.4g} {unit}"
        if target.limit is not None:
            met = "met" if ours <= target.limit else "not met"
        else:
            met = "met" if target.ratio is not None and measured >= target.ratio else "not met"
        # four decimals near 1: "1.00x, not met" would hide what is not met
        shown = f"{measured:.4f}x" if 0.99 <= measured < 1.01 else f"{measured:.2f}x"
        cells = [shown, values, met]
    return f"| {target.label} | {target.wanted()} | `{command}` | " + " | ".join(cells) + " |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", default="bfb8ecb", help="the revision of the ratios")
    parser.add_argument("--runs", type=int, default=5, help="runs per workload and side")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload size")
    names = sorted({t.workload for t in TARGETS})
    parser.add_argument("--only", nargs="+", choices=names, help="only these workloads")
    parser.add_argument("--compiled", metavar="PYTHON", help="interpreter of the compiled build")
    # a warm-up long enough for one-time costs (imports, each prefilled game's history replayed
    # once) to leave the measured window: with 5 s the window held mostly those, which both
    # revisions pay alike, and the web client's ratio read 1.05x for a measured 4x
    parser.add_argument("--http-games", type=int, default=10)
    parser.add_argument("--http-seconds", type=float, default=30)
    parser.add_argument("--http-warmup", type=float, default=20)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.compiled and not os.access(args.compiled, os.X_OK):
        parser.error(f"--compiled {args.compiled}: not an executable interpreter")
    chosen = args.only or names
    targets = [t for t in TARGETS if t.workload in chosen and (args.compiled or not t.compiled)]
    workloads = list(dict.fromkeys(t.workload for t in targets))

    try:
        with checkout(args.base) as tree:
            # one hash seed: set and dict layouts (and so sizes and counts) do not vary by run;
            # bytecode written (what the warm-up is for): under a PYTHONDONTWRITEBYTECODE of the
            # caller's, every timed import would parse and compile its sources again
            inherited = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            seeded = {**inherited, "PYTHONHASHSEED": "0"}
            here = Side("this tree", sys.executable, ROOT, seeded)
            base = Side(args.base, sys.executable, tree, tree_env(tree, seeded))
            sides = [here, base]
            compiled: Side | None = None
            compiled_only = {t.workload for t in targets if t.compiled}
            if args.compiled:
                # the interpreter's own installed engine: no PYTHONPATH, no virtualenv of ours
                plain = {
                    k: v for k, v in inherited.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")
                }
                compiled = Side("compiled", args.compiled, None, plain)
            for side in [*sides, *([compiled] if compiled is not None else [])]:
                side.warm(args, tree.parent)
            for run in range(args.runs):
                order = sides if run % 2 == 0 else sides[::-1]
                for workload in workloads:
                    for side in order:
                        side.measure(workload, args, tree.parent)
                    if compiled is not None and workload in compiled_only:
                        compiled.measure(workload, args, tree.parent)
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
    except RevisionError as exc:
        sys.exit(f"targets.py --base {args.base}: {exc}")

    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    day = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    given = " ".join(["python benchmarks/targets.py", *(sys.argv[1:] if argv is None else argv)])
    print(
        f"`{given}`: this tree `{head}`{' (uncommitted changes)' if dirty else ''} against "
        f"`{args.base}`, {day}, Python {sys.version.split()[0]}, {args.runs} runs, CPU time, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print()
    print("| target | wanted | command | ratio | this tree / base | met |")
    print("|---|---|---|---|---|---|")
    for target in targets:
        mine = compiled if target.compiled and compiled is not None else here
        command = f"python benchmarks/targets.py --base {args.base} --only {target.workload}"
        command += " --compiled PYTHON" if target.compiled else ""
        print(row(target, mine, base, command))
    print()
    for side in [here, base, *([compiled] if compiled is not None else [])]:
        played = {"ids": "by ids (legal_action_ids/apply_id)", "actions": "by legal_actions/apply"}
        how = " and ".join(played[p] for p in sorted(side.paths)) or "n/a"
        print(
            f"- {side.name}: engine from {', '.join(sorted(side.engines)) or 'n/a'}; "
            f"random games and leaves played {how}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
