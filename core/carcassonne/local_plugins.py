"""Plugins that are not installed: try an expansion before packaging it.

A plugin is given as a dotted module path (``my_expansion.plugin``, importable from the current
folder or ``sys.path``), a ``.py`` file, or a folder: every ``.py`` file in it not starting with
``_``, in name order. Each module becomes one ``(name, module)`` pair for
``GameConfig(plugins=...)``; its name is the module's ``PLUGIN_NAME`` (or ``NAME``) if it has one,
else the module's own name. The command line's ``--plugin`` and ``carcassonne.testing`` use this.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from carcassonne.errors import CarcassonneError


class PluginLoadError(CarcassonneError):
    """A ``--plugin`` names no module or file, or the module fails to import."""


def load_plugins(specs: Iterable[str], base: Path | None = None) -> list[tuple[str, object]]:
    """``(name, module)`` for each spec (see the module docstring); relative paths from ``base``."""
    out: list[tuple[str, object]] = []
    for spec in specs:
        for module in _modules(spec, base or Path.cwd()):
            out.append((plugin_name(module), module))
    names = [name for name, _ in out]
    for name in names:
        if names.count(name) > 1:
            raise PluginLoadError(f"two plugins are named {name!r}: give one a PLUGIN_NAME")
    return out


def plugin_name(module: ModuleType) -> str:
    for attribute in ("PLUGIN_NAME", "NAME"):
        value = getattr(module, attribute, None)
        if isinstance(value, str) and value:
            return value
    return module.__name__.rpartition(".")[2]


def _modules(spec: str, base: Path) -> list[ModuleType]:
    path = Path(spec)
    if not path.is_absolute():
        path = base / path
    if spec.endswith(".py") or path.is_dir() or "/" in spec or "\\" in spec:
        if path.is_dir():
            files = sorted(p for p in path.glob("*.py") if not p.name.startswith("_"))
            if not files:
                raise PluginLoadError(f"{spec}: the folder holds no plugin module (*.py)")
            return [_from_file(p) for p in files]
        if not path.is_file():
            raise PluginLoadError(f"{spec}: no such file")
        return [_from_file(path)]
    try:
        return [importlib.import_module(spec)]
    except ImportError as exc:
        raise PluginLoadError(
            f"{spec}: cannot import the module ({exc}); give a dotted module path importable "
            "from here, a .py file or a folder"
        ) from None
    except Exception as exc:
        raise PluginLoadError(f"{spec}: importing it failed: {type(exc).__name__}: {exc}") from None


def _from_file(path: Path) -> ModuleType:
    """Import a file as a module named after it (the folder goes on ``sys.path`` so that the
    plugin's sibling modules import)."""
    name = f"carcassonne_local_{path.stem}"
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
        return sys.modules[name]
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise PluginLoadError(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise PluginLoadError(f"{path}: importing it failed: {type(exc).__name__}: {exc}") from None
    return module
