"""carcassonne: a rules engine for the tile-laying game Carcassonne.

Start with :class:`GameConfig` (players, expansions, options, seed) and :meth:`GameState.new`;
drive a game with ``state.legal_actions()`` and ``state.apply(action)``.

This package's namespace is also the plugin API: an expansion imports what it needs from
``carcassonne`` (and the modules ``carcassonne.actions``, ``carcassonne.events``,
``carcassonne.geometry``; ``carcassonne.testing`` in tests) and nothing else. ``docs/hooks.md``
documents every name; CI's import contracts hold expansions to it.
"""

from carcassonne._build import COMPILED as COMPILED  # which build runs (docs/compiled.md)
from carcassonne.actions import (
    Action,
    ChanceOutcome,
    Draw,
    Pass,
    PlaceFigure,
    PlaceTile,
    TypedAction,
)
from carcassonne.codes import ErrorCode, Refusal
from carcassonne.config import GameConfig, TileSource
from carcassonne.errors import (
    CarcassonneError,
    ConfigError,
    IllegalActionError,
    NothingToUndoError,
    PluginError,
    UnknownExpansionError,
)
from carcassonne.hookspecs import hookimpl
from carcassonne.state import GameState
from carcassonne.tileset.model import Attribute, FeatureKind, Rotated, RotatedFeature, TileType
from carcassonne.values import (
    CHANCE,
    NEUTRAL,
    Award,
    ChanceSpec,
    Decision,
    Figure,
    FigureKind,
    ForcedChance,
    ForcedDraw,
    KindExtension,
    Option,
    OptionValue,
    Outcome,
    Piece,
    PieceKind,
    Placed,
    Pos,
    Prisoner,
    ReturnedFigure,
    ReturnFigures,
    ScoreItem,
    Setup,
    TileMark,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "NEUTRAL",
    "Action",
    "Attribute",
    "Award",
    "CarcassonneError",
    "ChanceOutcome",
    "ChanceSpec",
    "ConfigError",
    "ErrorCode",
    "Decision",
    "Draw",
    "FeatureKind",
    "Figure",
    "FigureKind",
    "ForcedChance",
    "ForcedDraw",
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "KindExtension",
    "NothingToUndoError",
    "Option",
    "OptionValue",
    "Outcome",
    "Pass",
    "Piece",
    "PieceKind",
    "TileMark",
    "PlaceFigure",
    "PlaceTile",
    "Placed",
    "PluginError",
    "Prisoner",
    "Refusal",
    "Pos",
    "ReturnFigures",
    "ReturnedFigure",
    "Rotated",
    "RotatedFeature",
    "ScoreItem",
    "Setup",
    "TileSource",
    "TileType",
    "TypedAction",
    "UnknownExpansionError",
    "hookimpl",
    "__version__",
]


def __dir__() -> list[str]:
    """The public API only (``__all__``): submodules and imported helpers stay out of ``dir()``."""
    return sorted(__all__)
