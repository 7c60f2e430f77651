"""carcassonne: a rules engine for the tile-laying game Carcassonne.

Start with :class:`GameConfig` (players, expansions, options, seed) and :meth:`GameState.new`;
drive a game with ``state.legal_actions()`` and ``state.apply(action)``.

This package's namespace is also the plugin API: an expansion imports what it needs from
``carcassonne`` (and the modules ``carcassonne.actions``, ``carcassonne.events``,
``carcassonne.geometry``; ``carcassonne.testing`` in tests) and nothing else. ``docs/hooks.md``
documents every name; CI's import contracts hold expansions to it.
"""

# ``typing`` is not imported for its TYPE_CHECKING alone (type checkers read this spelling too):
# ``carcassonne --help`` would pay for it and need nothing else from it
TYPE_CHECKING = False
if TYPE_CHECKING:  # what __getattr__ imports on first use (exported: the names of __all__)
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

#: Each public name -> the module that defines it, imported on the name's first use (PEP 562)
_WHERE: dict[str, str] = {
    "COMPILED": "carcassonne._build",
    "Action": "carcassonne.actions",
    "ChanceOutcome": "carcassonne.actions",
    "Draw": "carcassonne.actions",
    "Pass": "carcassonne.actions",
    "PlaceFigure": "carcassonne.actions",
    "PlaceTile": "carcassonne.actions",
    "TypedAction": "carcassonne.actions",
    "ErrorCode": "carcassonne.codes",
    "Refusal": "carcassonne.codes",
    "GameConfig": "carcassonne.config",
    "TileSource": "carcassonne.config",
    "CarcassonneError": "carcassonne.errors",
    "ConfigError": "carcassonne.errors",
    "IllegalActionError": "carcassonne.errors",
    "NothingToUndoError": "carcassonne.errors",
    "PluginError": "carcassonne.errors",
    "UnknownExpansionError": "carcassonne.errors",
    "hookimpl": "carcassonne.hookspecs",
    "GameState": "carcassonne.state",
    "Attribute": "carcassonne.tileset.model",
    "FeatureKind": "carcassonne.tileset.model",
    "Rotated": "carcassonne.tileset.model",
    "RotatedFeature": "carcassonne.tileset.model",
    "TileType": "carcassonne.tileset.model",
    "CHANCE": "carcassonne.values",
    "NEUTRAL": "carcassonne.values",
    "Award": "carcassonne.values",
    "ChanceSpec": "carcassonne.values",
    "Decision": "carcassonne.values",
    "Figure": "carcassonne.values",
    "FigureKind": "carcassonne.values",
    "ForcedChance": "carcassonne.values",
    "ForcedDraw": "carcassonne.values",
    "KindExtension": "carcassonne.values",
    "Option": "carcassonne.values",
    "OptionValue": "carcassonne.values",
    "Outcome": "carcassonne.values",
    "Piece": "carcassonne.values",
    "PieceKind": "carcassonne.values",
    "Placed": "carcassonne.values",
    "Pos": "carcassonne.values",
    "Prisoner": "carcassonne.values",
    "ReturnedFigure": "carcassonne.values",
    "ReturnFigures": "carcassonne.values",
    "ScoreItem": "carcassonne.values",
    "Setup": "carcassonne.values",
    "TileMark": "carcassonne.values",
}

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


def _lazy(name: str) -> object:
    """A public name on its first use (imported from its module, then kept in the package's
    namespace, so that this runs once a name), or submodule ``name``: ``import carcassonne``
    alone imports none of the engine, so that ``carcassonne --help``, ``__version__`` and the
    command line's other light paths do not pay for it (issue 34)."""
    from importlib import import_module

    where = _WHERE.get(name)
    if where is not None:
        value = getattr(import_module(where), name)
        globals()[name] = value
        return value
    if not name.startswith("__"):
        # ``carcassonne.state`` and the others were attributes after a bare import before
        try:
            return import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if not TYPE_CHECKING:  # type checkers see the imports above, and no catch-all attribute
    __getattr__ = _lazy


def __dir__() -> list[str]:
    """The public API only (``__all__``): submodules and imported helpers stay out of ``dir()``."""
    return sorted(__all__)
