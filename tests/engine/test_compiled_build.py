"""The compiled build (docs/compiled.md): which build runs, and that it is the one expected.

In the ordinary (pure-Python) environment every module is Python and ``carcassonne.COMPILED``
is False. CI's compiled section installs with ``CARCASSONNE_COMPILE=1 pip install .`` and sets
``CARCASSONNE_COMPILED=required``: there every module on pyproject.toml's list must be loaded
from its extension file, so a build that silently fell back to Python fails instead of passing
as the same games played by the same code. That the games are the same is the fingerprint test's
part (tests/engine/test_fingerprints.py), run on both builds.
"""

from __future__ import annotations

import importlib
import os
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import carcassonne
from carcassonne._build import compiled_modules

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = os.environ.get("CARCASSONNE_COMPILED") == "required"


def listed() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        modules: list[str] = tomllib.load(file)["tool"]["carcassonne"]["compiled"]["modules"]
    return modules


def test_the_list_names_modules_of_the_source_tree_with_the_flag_module_first() -> None:
    modules = listed()
    assert modules[0] == "carcassonne._build"  # COMPILED reads its own file
    assert len(set(modules)) == len(modules)
    for name in modules:
        assert (ROOT / "core" / (name.replace(".", "/") + ".py")).is_file(), name


def test_the_build_in_use_is_the_one_expected() -> None:
    for name in listed():
        importlib.import_module(name)
    if REQUIRED:
        assert carcassonne.COMPILED is True
        assert compiled_modules() == sorted(listed())
        for name in listed():
            module = importlib.import_module(name)
            assert module.__file__ is not None
            assert module.__file__.endswith(tuple(EXTENSION_SUFFIXES)), module.__file__
        # the installed package, not the sources beside the tests
        assert not Path(carcassonne.__file__).is_relative_to(ROOT / "core")
    else:
        assert carcassonne.COMPILED is False
        assert compiled_modules() == []
