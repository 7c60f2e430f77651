"""Fuzz every input surface for a time budget: tile files, notation, records, positions and the
stdio protocol (the targets of tests/hardening/test_fuzz.py, run round after round).

    python fuzz/fuzz_inputs.py --seconds 600 [--target records --target protocol]

Each target asserts that only its documented error type comes out (TileSetError, NotationError,
RecordError, PositionError; no ``internal`` answer from the protocol) and that what loads
round-trips. Hypothesis draws new examples every round; a failure prints the falsifying input
and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

from hypothesis import HealthCheck, given, settings

ROOT = Path(__file__).resolve().parents[1]


def targets_module() -> ModuleType:
    path = ROOT / "tests" / "hardening" / "test_fuzz.py"
    spec = importlib.util.spec_from_file_location("fuzz_targets", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60, help="time budget (default 60)")
    parser.add_argument("--target", action="append", help="only these targets (repeatable)")
    parser.add_argument("--batch", type=int, default=50, help="examples per target per round")
    args = parser.parse_args()
    module = targets_module()
    chosen = args.target or sorted(module.TARGETS)
    unknown = sorted(set(chosen) - set(module.TARGETS))
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)} (known: {', '.join(module.TARGETS)})")
    batch = settings(
        max_examples=args.batch,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    runs = dict.fromkeys(chosen, 0)
    started = time.monotonic()
    while time.monotonic() - started < args.seconds:
        for name in chosen:
            check, strategy = module.TARGETS[name]
            try:
                batch(given(strategy)(check))()
            except Exception as exc:  # noqa: BLE001 - report the failing target, then stop
                print(f"FAILED {name} after {runs[name]} examples: {type(exc).__name__}: {exc}")
                return 1
            runs[name] += args.batch
            if time.monotonic() - started >= args.seconds:
                break
    elapsed = time.monotonic() - started
    summary = ", ".join(f"{name} {count}" for name, count in runs.items())
    print(f"ok: {sum(runs.values())} inputs in {elapsed:.0f} s ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
