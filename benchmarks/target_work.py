"""One workload of ``targets.py``, run once in a fresh process on the engine first on the path:

    python benchmarks/target_work.py WORKLOAD [--scale X] [--expect-root TREE]

prints ``{"value": ..., "engine": FOLDER, "compiled": BOOL, "path": "ids" | "actions"}`` (the
value in the unit of ``WORKLOADS``; CPU time of this process; ``path``: how the random games and
leaves played, by integer ids where the engine has them, see ``workloads.path``). With
``--expect-root`` it refuses to print (exit status 1, the reason on standard error) when a
``carcassonne*`` module it ran is not from that tree. A revision that lacks what a workload
needs (no stdio protocol, no mcts bot) fails with its own error,
which ``targets.py`` reports as "n/a".

Module-level imports are only what the interpreter has loaded anyway: the ``import`` workload
times ``import carcassonne`` before anything else is imported.
"""

import sys
import time

#: name -> (unit, higher is better)
WORKLOADS: dict[str, tuple[str, bool]] = {
    "random_base": ("games/CPU-s", True),
    "random_mix": ("games/CPU-s", True),
    "random_5p": ("games/CPU-s", True),
    "leaf_2ply": ("µs/leaf", False),
    "mcts": ("iterations/CPU-s", True),
    "stdio_apply": ("µs CPU/apply", False),
    "import": ("ms CPU", False),
    "help": ("ms CPU", False),
    "memory": ("KiB", False),
}

#: name -> (size, warm-up size): the warm-up runs first, on other seeds (from 1000), so that
#: the caches a long run keeps warm (fit and placement tables, join plans) are warm
SIZES: dict[str, tuple[int, int]] = {
    "random_base": (150, 10),
    "random_mix": (50, 4),
    "random_5p": (60, 4),
    "leaf_2ply": (8, 1),
    "mcts": (6, 1),
    "stdio_apply": (4, 1),
    "help": (1, 0),
    "memory": (3, 0),
}
MIX = ["river", "abbot", "abbey-mayor"]


def time_import() -> float:
    """CPU ms of ``import carcassonne`` in this fresh interpreter."""
    start = time.process_time()
    import carcassonne  # noqa: F401

    return (time.process_time() - start) * 1e3


def run(name: str, scale: float) -> float:
    """The value of one run of ``name`` (its size times ``scale``), after its warm-up."""
    import workloads

    work = {
        "random_base": lambda size, first=0: workloads.random_games([], size, first),
        "random_mix": lambda size, first=0: workloads.random_games(MIX, size, first),
        "random_5p": lambda size, first=0: workloads.random_games([], size, first, players=5),
        "leaf_2ply": workloads.leaf_2ply,
        "mcts": workloads.mcts,
        "stdio_apply": workloads.stdio_apply,
        "help": workloads.help_ms,
        "memory": workloads.memory_kib,
    }[name]
    size, warm = SIZES[name]
    if warm:
        work(warm, 1000)
    return float(work(max(1, round(size * scale))))


def main(argv: list[str], imported_ms: float | None = None) -> int:
    import argparse
    import json
    from pathlib import Path

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("workload", choices=list(WORKLOADS))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--expect-root", default=None)
    args = parser.parse_args(argv)
    if args.workload == "import":
        value = time_import() if imported_ms is None else imported_ms
    else:
        value = run(args.workload, args.scale)
    import revisions

    import carcassonne

    if args.expect_root:
        revisions.check_imports(args.expect_root)
    files = [getattr(m, "__file__", None) or "" for m in list(sys.modules.values())]
    compiled = any(f.endswith((".so", ".pyd")) for f in files if "carcassonne" in f)
    engine = str(Path(carcassonne.__file__).parent)
    import workloads

    path = workloads.path()
    print(json.dumps({"value": value, "engine": engine, "compiled": compiled, "path": path}))
    return 0


if __name__ == "__main__":
    first = time_import() if sys.argv[1:2] == ["import"] else None
    raise SystemExit(main(sys.argv[1:], first))
