"""The build backend: setuptools', plus the optional compiled build (docs/compiled.md).

``CARCASSONNE_COMPILE=1 pip install .`` builds the modules listed under
``[tool.carcassonne.compiled]`` in pyproject.toml with mypyc (setup.py does the compiling).
The compiler is then a build requirement, asked for here only when the variable is set, so
that the ordinary (pure-Python) install, editable or not, needs neither mypy nor a C compiler.
A PEP 517 in-tree backend is the one place where build requirements can depend on the
environment; everything else is setuptools' own backend unchanged.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's hooks, re-exported)

#: What the compiled build needs besides setuptools: mypyc (shipped with mypy) and the engine's
#: own dependencies, whose types mypyc reads while it compiles.
COMPILE_REQUIRES = ["mypy>=1.10", "pluggy>=1.3", "lark>=1.1.9", "tomli-w>=1.0"]


def compiling() -> bool:
    """True when ``CARCASSONNE_COMPILE`` asks for the compiled build (any value but 0 / empty)."""
    return os.environ.get("CARCASSONNE_COMPILE", "").strip() not in ("", "0")


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    if not compiling():
        return _setuptools.get_requires_for_build_wheel(config_settings)
    # setuptools runs setup.py to list its requirements; mypyc is not installed yet then
    os.environ["CARCASSONNE_COMPILE"] = "0"
    try:
        requires = _setuptools.get_requires_for_build_wheel(config_settings)
    finally:
        os.environ["CARCASSONNE_COMPILE"] = "1"
    return requires + COMPILE_REQUIRES


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    if compiling():  # compiled modules next to the sources would shadow them for the editor
        raise RuntimeError(
            "CARCASSONNE_COMPILE=1 builds a wheel, not an editable install: "
            "use `CARCASSONNE_COMPILE=1 pip install .` (without -e)"
        )
    return _setuptools.get_requires_for_build_editable(config_settings)
