"""benchmarks/compiled.py: each contestant's child refuses to report when it did not run the
engine it stands for, and the counted table reads as the ratios say (nothing here is timed)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load() -> ModuleType:
    sys.path.insert(0, str(BENCH))  # compiled.py imports callgrind and revisions beside it
    try:
        spec = importlib.util.spec_from_file_location("bench_compiled", BENCH / "compiled.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module


compiled = _load()


def test_a_pure_engine_standing_for_the_compiled_build_is_refused(tmp_path: Path) -> None:
    # tree None: the child expects carcassonne.COMPILED, which this (pure) engine is not
    impostor = compiled.Contestant("compiled", sys.executable, dict(os.environ), None)
    with pytest.raises(compiled.RevisionError) as caught:
        compiled.timed(impostor, str(tmp_path), 1, 1)
    assert "compiled failed (exit status 1)" in str(caught.value)
    assert "refusing to report: carcassonne.COMPILED is False" in str(caught.value)


def test_the_child_answers_how_it_played_and_its_values(tmp_path: Path) -> None:
    pure = compiled.Contestant("pure", sys.executable, dict(os.environ), compiled.ROOT)
    answer = compiled.timed(pure, str(tmp_path), 1, 1)
    assert answer["path"] == "ids"
    assert sorted(answer["values"]) == ["leaf_2ply", "random_base"]


def test_the_counted_table_divides_each_count_by_the_compiled_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    players = [
        compiled.Contestant("compiled", "python", {}, None),
        compiled.Contestant("pure", "python", {}, compiled.ROOT),
        compiled.Contestant("bfb8ecb", "python", {}, compiled.ROOT),
    ]
    found = {
        (players[0], "random_base"): (10.0, "ids"),
        (players[1], "random_base"): (15.0, "ids"),
        (players[2], "random_base"): (25.0, "actions"),
        (players[0], "leaf_2ply"): (100.0, "ids"),
        (players[1], "leaf_2ply"): (150.0, "ids"),
        (players[2], "leaf_2ply"): (300.0, "actions"),
    }
    compiled._print_counts(players, found, False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("instructions, millions per unit")
    assert lines[2].split() == [
        "random", "games,", "2p", "base", "game", "10.00", "15.00", "25.00",
        "pure", "1.50x,", "bfb8ecb", "2.50x;", "ids,", "ids,", "actions",
    ]  # fmt: skip
    assert lines[3].split() == [
        "2-ply", "leaves,", "base", "position", "100.00", "150.00", "300.00",
        "pure", "1.50x,", "bfb8ecb", "3.00x;", "ids,", "ids,", "actions",
    ]  # fmt: skip


def test_a_venv_without_an_interpreter_is_named(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "compiled.py"), "--venv", str(tmp_path / "none")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    where = tmp_path / "none" / "bin" / "python"
    assert done.stderr.strip() == f"compiled.py: no interpreter at {where} (--venv)"
