"""A project written by `carcassonne new expansion` type-checks with `mypy --strict` against
the engine of this environment, seen as installed (through its py.typed; CI does the same in
a fresh environment: .ci/run, "fan authoring kit")."""

from __future__ import annotations

import sys
from pathlib import Path

from carcassonne.scaffold import create_expansion

sys.path.insert(0, str(Path(__file__).parent))
from typecheck import mypy_strict  # noqa: E402


def test_a_scaffolded_project_passes_mypy_strict(tmp_path: Path):
    project = tmp_path / "ci-wells"
    create_expansion("ci-wells", project)
    result = mypy_strict(project, "carcassonne_ci_wells", "tests")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "Success: no issues found in 4 source files\n"
