"""carcassonne: a rules engine for the tile-laying game Carcassonne.

Start with :class:`GameConfig` (players, expansions, options, seed) and :meth:`GameState.new`;
drive a game with ``state.legal_actions()`` and ``state.apply(action)``. Expansions and fans
write plugins with :data:`hookimpl` on the hooks in :mod:`carcassonne.hookspecs`.
"""

from carcassonne.actions import Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.config import FigureKind, GameConfig, Option, Setup
from carcassonne.errors import (
    CarcassonneError,
    ConfigError,
    IllegalActionError,
    NothingToUndoError,
    PluginError,
    UnknownExpansionError,
)
from carcassonne.hookspecs import hookimpl
from carcassonne.state import Award, Decision, GameState, ReturnedFigure, ReturnFigures

__version__ = "0.1.0"

__all__ = [
    "Award",
    "CarcassonneError",
    "ConfigError",
    "Decision",
    "Draw",
    "FigureKind",
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "NothingToUndoError",
    "Option",
    "Pass",
    "PlaceFigure",
    "PlaceTile",
    "PluginError",
    "ReturnFigures",
    "ReturnedFigure",
    "Setup",
    "UnknownExpansionError",
    "hookimpl",
    "__version__",
]
