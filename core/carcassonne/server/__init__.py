"""The online game server (``carcassonne serve --http``): REST + WebSocket, persistent games.

Optional: it needs the ``server`` extra (``pip install 'carcassonne-engine[server]'``) and, for
PostgreSQL storage, the ``postgres`` extra. Nothing in this package is imported by the engine;
:func:`require` turns a missing third-party module into a :class:`ServerExtraMissing` error that
names the extra to install. See ``docs/server.md``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from carcassonne.errors import CarcassonneError


class ServerExtraMissing(CarcassonneError):
    """A module of an optional extra is not installed."""


def require(module: str, extra: str) -> ModuleType:
    """Import ``module`` or say which extra of carcassonne-engine provides it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ServerExtraMissing(
            f"the HTTP server needs the Python package {module!r}: "
            f"install carcassonne-engine[{extra}] (pip install 'carcassonne-engine[{extra}]')"
        ) from None
