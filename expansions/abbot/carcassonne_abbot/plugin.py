"""The Abbot's hook implementations (entry point ``abbot``); the rules live in sibling modules."""

from __future__ import annotations

from typing import Any

from carcassonne import hookimpl
from carcassonne.config import FigureKind, Option
from carcassonne.errors import ConfigError
from carcassonne.tileset.model import FeatureKind
from carcassonne_abbot import early_return, figures, scoring
from carcassonne_abbot.actions import ReturnAbbot

NAME = "abbot"
COUNT_OPTION = "abbot.count"

GARDEN_KIND = FeatureKind(figures.GARDEN, "center", completion="surround", provider=NAME, glyph="*")


@hookimpl
def carcassonne_options() -> list[Option]:
    return [Option(COUNT_OPTION, 1, doc="abbots per player (any count from 1)")]


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [GARDEN_KIND]


@hookimpl
def carcassonne_figure_kinds(config: Any) -> list[FigureKind]:
    count = config.options[COUNT_OPTION]
    if count < 1:
        raise ConfigError(f"option {COUNT_OPTION!r} must be at least 1, not {count}")
    return [FigureKind(figures.ABBOT, count, provider=NAME)]


@hookimpl
def carcassonne_action_types() -> list[type]:
    return [ReturnAbbot]


@hookimpl
def carcassonne_figure_options(state: Any, x: int, y: int, player: int) -> list[Any]:
    return figures.placements(state, x, y, player) + early_return.returns(state, player)


@hookimpl
def carcassonne_veto_figure_options(state: Any, options: list[Any]) -> list[Any]:
    return figures.garden_intruders(state, options)


@hookimpl
def carcassonne_apply_action(state: Any, action: Any) -> list[Any] | None:
    if type(action) is ReturnAbbot:
        return early_return.apply_return(state, action)
    return None


@hookimpl
def carcassonne_score(state: Any, completed: list[int], final: bool) -> list[Any]:
    return scoring.garden_awards(state, completed, final)
