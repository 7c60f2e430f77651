"""Which build of the engine is running: pure Python or the compiled build (docs/compiled.md).

This module is itself first on the compiled build's list (``[tool.carcassonne.compiled]`` in
pyproject.toml), so it knows from its own file which build it belongs to.
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES

#: True in the compiled build (``CARCASSONNE_COMPILE=1 pip install .``), False in pure Python.
COMPILED: bool = __file__.endswith(tuple(EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The engine's modules imported so far that run compiled (loaded from an extension file),
    sorted; empty in pure Python."""
    found = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if name.startswith("carcassonne.") and path and path.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return sorted(found)
