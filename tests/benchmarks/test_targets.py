"""benchmarks/targets.py: the table's ratios, verdicts and "n/a" reasons from given values
(nothing is run or timed here)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def targets() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))
    try:
        yield importlib.import_module("targets")
    finally:
        sys.path.remove(str(BENCH))


def _side(targets: ModuleType, name: str, **values: list[float]) -> Any:
    """A column of given values (a ``targets.Side``: its type is the loaded module's)."""
    return targets.Side(name, sys.executable, None, {}, values=dict(values))


def test_higher_is_better_ratio_is_the_median_of_paired_runs(targets: ModuleType) -> None:
    target = targets.Target("random_base", "random", ratio=1.5)
    mine = _side(targets, "this tree", random_base=[300.0, 200.0, 330.0])
    base = _side(targets, "bfb8ecb", random_base=[200.0, 200.0, 100.0])
    # pairs: 1.5, 1.0, 3.3 -> median 1.5 (met, exactly the target)
    assert targets.ratio(target, mine, base) == 1.5
    assert targets.row(target, mine, base, "cmd") == (
        "| random | >= 1.5x | `cmd` | 1.50x | 300 / 200 games/CPU-s | met |"
    )


def test_lower_is_better_inverts_and_memory_shows_three_decimals(targets: ModuleType) -> None:
    target = targets.Target("memory", "memory", ratio=1)
    mine = _side(targets, "this tree", memory=[100.5])
    base = _side(targets, "bfb8ecb", memory=[100.0])
    assert targets.row(target, mine, base, "cmd") == (
        "| memory | not larger (>= 1x) | `cmd` | 0.9950x | 100.5 / 100 KiB | not met |"
    )


def test_an_absolute_limit_decides_on_this_trees_value(targets: ModuleType) -> None:
    target = targets.Target("import", "import", limit=60)
    mine = _side(targets, "this tree", **{"import": [59.0]})
    base = _side(targets, "bfb8ecb", **{"import": [130.0]})
    assert targets.row(target, mine, base, "cmd") == (
        "| import | <= 60 ms CPU | `cmd` | 2.20x | 59 / 130 ms CPU | met |"
    )


def test_a_workload_a_revision_cannot_run_is_na_with_the_reason(targets: ModuleType) -> None:
    target = targets.Target("stdio_apply", "stdio", ratio=5)
    mine = _side(targets, "this tree", stdio_apply=[200.0])
    base = _side(targets, "89ea5ce")
    base.missing["stdio_apply"] = "ModuleNotFoundError: No module named 'carcassonne.protocol'"
    assert targets.ratio(target, mine, base) is None
    assert targets.row(target, mine, base, "cmd") == (
        "| stdio | >= 5x | `cmd` | n/a: 89ea5ce: ModuleNotFoundError: No module named "
        "'carcassonne.protocol' |  | n/a |"
    )
