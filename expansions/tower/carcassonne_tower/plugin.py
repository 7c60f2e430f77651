"""The hook implementations of The Tower (entry point ``tower``).

* 18 land tiles, each with a foundation (the centre feature ``tower``): ``carcassonne_tile_sets``
  and ``carcassonne_feature_kinds``;
* tower pieces per player (``state.ext["tower"]``): ``carcassonne_setup``,
  ``carcassonne_held_pieces``, and their look: ``carcassonne_piece_kinds``;
* the figure phase's tower actions (:mod:`.towers`): ``carcassonne_figure_actions`` and
  ``carcassonne_veto_figure_actions``;
* the capture and the exchange (:mod:`.capture`): decisions asked by the piece;
* the ransom at any time of your turn (:mod:`.ransom`): ``carcassonne_anytime_actions``, and
  what prisoners are worth to the bots: ``carcassonne_held_points``;
* why an action is refused (:mod:`.explain`);
* JCloisterZone's names (:mod:`.jcz`).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import (
    Action,
    Decision,
    ErrorCode,
    FeatureKind,
    GameConfig,
    GameState,
    Option,
    PieceKind,
    Refusal,
    Setup,
    TypedAction,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.jcz.names import JczName
from carcassonne_tower import capture, explain, ransom, towers
from carcassonne_tower.common import (
    CAPTURE_DECISION,
    EXCHANGE_DECISION,
    FLOOR,
    NAME,
    OPTIONS,
    TOWER_KIND,
    AddFloor,
    Capture,
    Exchange,
    Ransom,
    height,
    initial_pieces,
)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return list(OPTIONS)


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [TOWER_KIND]


@hookimpl
def carcassonne_piece_kinds(config: GameConfig) -> list[PieceKind]:
    return [
        PieceKind(FLOOR, "tower floor", glyph="T", mark="square", colour="#8d6e63",
                  neutral=True, provider=NAME, shape="tower")
    ]  # fmt: skip


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_tower.tiles") / "tower.toml"]


@hookimpl
def carcassonne_setup(setup: Setup) -> None:
    config = setup.config
    setup.ext[NAME] = (initial_pieces(config),) * config.players  # type: ignore[arg-type]


@hookimpl
def carcassonne_held_pieces(state: GameState) -> dict[str, tuple[int, ...]]:
    data = state.ext.get(NAME)
    return {FLOOR: data if isinstance(data, tuple) else (0,) * state.players}


@hookimpl
def carcassonne_held_points(state: GameState) -> list[int] | None:
    return ransom.held_points(state)


@hookimpl
def carcassonne_action_types() -> list[type[TypedAction]]:
    return [AddFloor, Capture, Exchange, Ransom]


# The hooks asked in every figure phase and at every decision are the rule functions
# themselves: no wrapper, one call less each time.
carcassonne_figure_actions = hookimpl(towers.options)
carcassonne_veto_figure_actions = hookimpl(towers.veto)
carcassonne_anytime_actions = hookimpl(ransom.options)


@hookimpl
def carcassonne_decision_actions(state: GameState, decision: Decision) -> list[Action] | None:
    if decision.kind == CAPTURE_DECISION:
        assert isinstance(decision.data, tuple)
        return capture.targets(state, *decision.data)
    if decision.kind == EXCHANGE_DECISION:
        return capture.exchange_choices(state, decision)
    return None


@hookimpl
def carcassonne_decision_area(state: GameState, decision: Decision) -> list[tuple[int, int]] | None:
    if decision.kind != CAPTURE_DECISION:
        return None
    assert isinstance(decision.data, tuple)
    x, y = decision.data
    return capture.in_sight(x, y, height(state, x, y))


@hookimpl
def carcassonne_apply_action(state: GameState, action: Action) -> list[Event] | None:
    kind = type(action)
    if kind is AddFloor:
        return towers.add_floor(state, action)  # type: ignore[arg-type]
    if kind is Capture:
        return capture.capture(state, action)  # type: ignore[arg-type]
    if kind is Exchange:
        return capture.exchange(state, action)  # type: ignore[arg-type]
    if kind is Ransom:
        return ransom.pay(state, action)  # type: ignore[arg-type]
    return None


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only by ``carcassonne.jcz`` (import, export, check): loaded on demand."""
    from carcassonne_tower.jcz import NAMES

    return NAMES


@hookimpl
def carcassonne_error_codes() -> list[ErrorCode]:
    return list(explain.ERROR_CODES)


@hookimpl
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    return explain.explain(state, action)
