"""A fan's ``mypy --strict`` sees the engine's types (``py.typed``) and ``@hookimpl``, bare
or with options, keeps the decorated function's type; at run time it is pluggy's marker."""

from __future__ import annotations

import sys
from pathlib import Path

import pluggy

from carcassonne import hookimpl
from carcassonne.hookspecs import PROJECT

sys.path.insert(0, str(Path(__file__).parent))
from typecheck import mypy_strict  # noqa: E402

FAN = """\
from typing import Callable

from carcassonne import FeatureKind, GameState, hookimpl


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [FeatureKind("vineyard", "center", completion="surround", provider="fan")]


@hookimpl(tryfirst=True)
def carcassonne_extra_turns(state: GameState) -> list[int]:
    return []


class Plugin:
    @hookimpl(trylast=True)
    def carcassonne_tile_placed(self, state: GameState, x: int, y: int) -> None:
        return None


kinds: Callable[[], list[FeatureKind]] = carcassonne_feature_kinds
extra: Callable[[GameState], list[int]] = carcassonne_extra_turns
placed: Callable[[GameState, int, int], None] = Plugin().carcassonne_tile_placed
"""


def test_hookimpl_is_pluggys_marker_at_run_time():
    assert isinstance(hookimpl, pluggy.HookimplMarker)
    assert hookimpl.project_name == PROJECT


def test_a_fan_module_type_checks_strictly_with_the_engines_types(tmp_path: Path):
    folder = tmp_path / "fan"
    folder.mkdir()
    (folder / "fan_plugin.py").write_text(FAN, encoding="utf-8")
    bad = FAN + "wrong: Callable[[], list[int]] = carcassonne_extra_turns\n"
    (folder / "fan_wrong.py").write_text(bad, encoding="utf-8")
    result = mypy_strict(folder, "fan_plugin.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found in 1 source file" in result.stdout
    # the types are real, not Any: a wrong one is caught
    wrong = mypy_strict(folder, "fan_wrong.py")
    assert wrong.returncode == 1, wrong.stdout
    assert (
        "fan_wrong.py:25: error: Incompatible types in assignment (expression has type "
        '"Callable[[GameState], list[int]]", variable has type "Callable[[], list[int]]")'
    ) in wrong.stdout, wrong.stdout
