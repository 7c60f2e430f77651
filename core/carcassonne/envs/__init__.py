"""Environments for reinforcement-learning and game-theory libraries (OpenSpiel, PettingZoo).

Both environments share one fixed action encoding (:mod:`carcassonne.envs.actions`, pure Python)
and one observation layout (:mod:`carcassonne.envs.observation`, numpy). The libraries are
optional extras: ``pip install carcassonne-engine[openspiel]`` or ``[pettingzoo]``. Nothing here
imports them at module level, so ``import carcassonne.envs`` works without them; the modules that
need them raise :class:`MissingExtraError` naming the extra to install.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from carcassonne.errors import CarcassonneError


class MissingExtraError(CarcassonneError):
    """A library of an optional extra is not installed."""


def require(module: str, *extras: str) -> ModuleType:
    """Import ``module`` or say which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        names = " or ".join(f"carcassonne-engine[{extra}]" for extra in extras)
        raise MissingExtraError(f"{module} is not installed: install {names}") from None
