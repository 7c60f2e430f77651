"""The Abbot's hook implementations (entry point ``abbot``); the rules live in sibling modules."""

from __future__ import annotations

from carcassonne import (
    Action,
    ConfigError,
    ErrorCode,
    FeatureKind,
    FigureKind,
    GameConfig,
    GameState,
    Option,
    Refusal,
    ScoreItem,
    TypedAction,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.jcz.names import JczName
from carcassonne_abbot import early_return, figures, scoring
from carcassonne_abbot.actions import ReturnAbbot

NAME = "abbot"
COUNT_OPTION = "abbot.count"

#: A garden completes like a monastery; it is the abbot's alone, so followers may not stand on it.
GARDEN_KIND = FeatureKind(
    figures.GARDEN, "center", completion="surround", provider=NAME, glyph="*", followers=False
)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return [Option(COUNT_OPTION, 1, doc="abbots per player (any count from 1)")]


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [GARDEN_KIND]


@hookimpl
def carcassonne_figure_kinds(config: GameConfig) -> list[FigureKind]:
    count = config.options[COUNT_OPTION]
    assert isinstance(count, int)
    if count < 1:
        raise ConfigError(f"option {COUNT_OPTION!r} must be at least 1, not {count}")
    return [FigureKind(figures.ABBOT, count, provider=NAME, shape="abbot")]


@hookimpl
def carcassonne_action_types() -> list[type[TypedAction]]:
    return [ReturnAbbot]


@hookimpl
def carcassonne_figure_actions(state: GameState, x: int, y: int, player: int) -> list[Action]:
    placements = figures.placements(state, x, y, player)
    returns = early_return.returns(state, player)
    return placements + returns if returns else placements  # no new list in most turns


@hookimpl
def carcassonne_veto_figure_actions(state: GameState, actions: list[Action]) -> list[Action]:
    return figures.garden_intruders(state, actions)


@hookimpl
def carcassonne_apply_action(state: GameState, action: Action) -> list[Event] | None:
    if type(action) is ReturnAbbot:
        return early_return.apply_return(state, action)
    return None


@hookimpl
def carcassonne_score(state: GameState, completed: list[int], final: bool) -> list[ScoreItem]:
    if not completed:  # most turns complete nothing
        return []
    return scoring.garden_awards(state, completed, final)


@hookimpl
def carcassonne_error_codes() -> list[ErrorCode]:
    return list(early_return.ERROR_CODES)


@hookimpl
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    return early_return.explain(state, action)


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_abbot.jcz import NAMES

    return list(NAMES)
