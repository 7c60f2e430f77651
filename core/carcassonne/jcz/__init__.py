"""JCloisterZone saved games (``.jcz``): import, export, and check their test assertions.

The JCZ names of sets, elements, rules, figures and messages come from the plugins
(``carcassonne_jcz_names``, :mod:`carcassonne.jcz.names`); this package knows none of them.
Its modules load on first use (``from carcassonne.jcz import load_jcz``): plugins import
:mod:`carcassonne.jcz.names` while the engine itself is still being imported.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carcassonne.jcz.check import check_jcz
    from carcassonne.jcz.dump import dump_jcz, save_jcz
    from carcassonne.jcz.errors import JczError
    from carcassonne.jcz.load import load_jcz, load_jcz_state, replay_jcz

_WHERE = {
    "check_jcz": "carcassonne.jcz.check",
    "dump_jcz": "carcassonne.jcz.dump",
    "save_jcz": "carcassonne.jcz.dump",
    "JczError": "carcassonne.jcz.errors",
    "load_jcz": "carcassonne.jcz.load",
    "load_jcz_state": "carcassonne.jcz.load",
    "replay_jcz": "carcassonne.jcz.load",
}

__all__ = [
    "JczError",
    "check_jcz",
    "dump_jcz",
    "load_jcz",
    "load_jcz_state",
    "replay_jcz",
    "save_jcz",
]


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'carcassonne.jcz' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
