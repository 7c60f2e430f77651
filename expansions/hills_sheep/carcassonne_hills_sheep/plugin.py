"""The hook implementations of Hills & Sheep (entry point ``hills-sheep``).

* 18 land tiles, with ``hill`` and ``vineyard`` tags: ``carcassonne_tile_sets``, drawn
  with ``carcassonne_tile_marks``;
* the shepherd (not a follower: its own placements) and the sheep tokens:
  ``carcassonne_figure_kinds``, ``carcassonne_piece_kinds``, ``carcassonne_figure_actions``;
* the bag draws, the grow-or-score choice and flock scoring: ``carcassonne_before_scoring``,
  ``carcassonne_decision_actions``, ``carcassonne_apply_action`` (:mod:`.flock`);
* a flock left without a shepherd (the dragon ate it) back into the bag:
  ``carcassonne_turn_started``, ``carcassonne_extra_turns``;
* what flocks are worth to the greedy bot: ``carcassonne_held_points``;
* hills: ``carcassonne_tile_placed`` (the hidden tile) and ``carcassonne_break_tie``;
* vineyards: ``carcassonne_adjust_awards``;
* options: ``carcassonne_rule_options``; refusals: ``carcassonne_explain_illegal``;
* JCloisterZone's names and bag draws: ``carcassonne_jcz_names`` (:mod:`.jcz`).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import (
    Action,
    Award,
    ConfigError,
    Decision,
    ErrorCode,
    FigureKind,
    GameConfig,
    GameState,
    Option,
    PieceKind,
    Refusal,
    TileMark,
    TileType,
    TypedAction,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.jcz.names import JczName
from carcassonne_hills_sheep import explain, flock, hills, vineyards
from carcassonne_hills_sheep.common import (
    HILL,
    NAME,
    OPT_SHEPHERDS,
    OPTIONS,
    SHEEP_VALUES,
    SHEPHERD,
    VINEYARD,
)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return list(OPTIONS)


@hookimpl
def carcassonne_figure_kinds(config: GameConfig) -> list[FigureKind]:
    count = config.options[OPT_SHEPHERDS]
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ConfigError(f"option {OPT_SHEPHERDS!r} must be a whole number from 0, not {count!r}")
    return [FigureKind(SHEPHERD, count, strength=0, provider=NAME, shape="shepherd")]


@hookimpl
def carcassonne_piece_kinds(config: GameConfig) -> list[PieceKind]:
    return [
        PieceKind(kind, f"{sheep} sheep", glyph=str(sheep), mark="disc", colour="#fbfbf5",
                  neutral=True, provider=NAME, shape="sheep", badge=str(sheep))
        for kind, sheep in SHEEP_VALUES.items()
    ]  # fmt: skip


@hookimpl
def carcassonne_action_types() -> list[type[TypedAction]]:
    return [flock.Flock]


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_hills_sheep.tiles") / "hills_sheep.toml"]


@hookimpl
def carcassonne_tile_marks() -> list[TileMark]:
    """Hills and vineyards drawn on their tiles (pictures, the terminal, the web page)."""
    return [
        TileMark(HILL, "hill: a tile lies under it; ties go to followers here", "h", "triangle",
                 "#6d7d2c", NAME),
        TileMark(VINEYARD, "vineyard: +3 to a completed monastery beside it", "v", "disc",
                 "#7b2d8e", NAME),
    ]  # fmt: skip


@hookimpl
def carcassonne_tile_placed(
    state: GameState, x: int, y: int, tile: TileType, rotation: int
) -> None:
    """Every argument of the hook taken, in its order: the core then calls this without
    picking arguments (this runs every turn); most tiles have no hill, no call further."""
    if HILL in tile.tags:
        hills.hide_tile(state, x, y)


@hookimpl
def carcassonne_turn_started(state: GameState) -> list[Event] | None:
    config = state.config
    if len(config.expansions) == 1 and not config.extra_plugins:
        return None  # H&S alone: no other rule takes a shepherd off the board
    return flock.return_strays(state)


@hookimpl
def carcassonne_extra_turns(state: GameState) -> list[int]:
    state.emit(flock.return_strays(state))  # before final scoring (no turn starts after it)
    return []


@hookimpl
def carcassonne_decision_actions(state: GameState, decision: Decision) -> list[Action] | None:
    if decision.kind != flock.DECISION:
        return None
    return flock.decision_actions(state, decision)


@hookimpl
def carcassonne_held_points(state: GameState) -> list[int] | None:
    return flock.held_points(state)


@hookimpl
def carcassonne_break_tie(state: GameState, feature: int, players: list[int]) -> list[int] | None:
    return hills.break_tie(state, feature, players)


@hookimpl
def carcassonne_adjust_awards(
    state: GameState, awards: list[Award], final: bool
) -> list[Award] | None:
    if not awards:
        return None  # most scoring steps award nothing: no call further
    return vineyards.adjust(state, awards)


# The hooks asked at every step of every turn are the rule functions themselves: no wrapper,
# one call less each time.
carcassonne_figure_actions = hookimpl(flock.figure_actions)
carcassonne_before_scoring = hookimpl(flock.before_scoring)
carcassonne_apply_action = hookimpl(flock.apply)


@hookimpl
def carcassonne_error_codes() -> list[ErrorCode]:
    return list(explain.ERROR_CODES)


@hookimpl
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    return explain.explain(state, action)


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_hills_sheep.jcz import NAMES

    return list(NAMES)
