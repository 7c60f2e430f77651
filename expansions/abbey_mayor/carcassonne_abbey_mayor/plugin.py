"""Hook implementations of Abbey & Mayor; each delegates to the module of one figure or tile."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import (
    Action,
    Decision,
    ErrorCode,
    FeatureKind,
    FigureKind,
    GameConfig,
    GameState,
    Option,
    Refusal,
    ReturnedFigure,
    ScoreItem,
    Setup,
    TileType,
    hookimpl,
)
from carcassonne.jcz.names import JczName
from carcassonne_abbey_mayor import abbey, barn, explain, mayor, wagon
from carcassonne_abbey_mayor.common import (
    BARN,
    MAYOR,
    NAME,
    OPT_BARN,
    OPT_MAYOR,
    OPT_WAGON,
    OPTIONS,
    WAGON,
    figure_count,
    free_segments,
)

#: The abbey's edges: they fit any edge and close whatever touches them.
ABBEY_KIND = FeatureKind(
    "abbey", "sides", edge="abbey", wildcard=True, occupiable=False, provider=NAME, glyph="%"
)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return list(OPTIONS)


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [ABBEY_KIND]


@hookimpl
def carcassonne_figure_kinds(config: GameConfig) -> list[FigureKind]:
    kinds = []
    if config.options[OPT_MAYOR]:
        kinds.append(
            FigureKind(MAYOR, figure_count(config, MAYOR), mayor.strength, NAME, shape="mayor")
        )
    if config.options[OPT_WAGON]:
        kinds.append(FigureKind(WAGON, figure_count(config, WAGON), 1, NAME, shape="wagon"))
    if config.options[OPT_BARN] and config.options["farmers"]:
        # with farmers off no figure goes on fields (rules README), so there is no barn;
        # a barn never counts in a majority; several barns of one player in a field score once
        kinds.append(FigureKind(BARN, figure_count(config, BARN), 0, NAME, shape="barn"))
    return kinds


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_abbey_mayor.tiles") / "abbey_mayor.toml"]


@hookimpl
def carcassonne_setup(setup: Setup) -> None:
    abbey.setup(setup)


@hookimpl
def carcassonne_turn_actions(state: GameState) -> list[Action]:
    return abbey.turn_actions(state)


@hookimpl
def carcassonne_vetoes_tile(tile: TileType) -> bool:
    return abbey.ABBEY_TAG in tile.tags


@hookimpl
def carcassonne_veto_placements(
    state: GameState, tile: TileType, candidates: list[tuple[int, int, int]]
) -> list[tuple[int, int, int]] | None:
    """The abbey's placements are its own action's (``placements_of``, ``placement_refusal``
    answer as ``apply`` does): into a hole, rotation 0, and not while an earlier stack (the
    River's) is drawn."""
    return abbey.vetoes(state, tile, candidates)


@hookimpl
def carcassonne_tile_placed(
    state: GameState, x: int, y: int, tile: TileType, rotation: int
) -> None:
    abbey.tile_placed(state, tile)


@hookimpl
def carcassonne_extra_turns(state: GameState) -> list[int]:
    return abbey.extra_turns(state)


#: (mayor in the supply, wagon in the supply) -> the kinds of segment they may stand on.
_STANDS: dict[tuple[bool, bool], frozenset[str]] = {
    (True, True): frozenset({"city"}) | wagon.WAGON_KINDS,
    (True, False): frozenset({"city"}),
    (False, True): wagon.WAGON_KINDS,
}


@hookimpl
def carcassonne_figure_actions(state: GameState, x: int, y: int, player: int) -> list[Action]:
    supply = state.supply[player]
    out: list[Action] = []
    mayors = supply.get(MAYOR, 0) > 0
    wagons = supply.get(WAGON, 0) > 0
    if mayors or wagons:
        kinds = _STANDS[mayors, wagons]
        free = free_segments(state, x, y, kinds)
        if free:
            if mayors:
                out += mayor.options(x, y, free)
            if wagons:
                out += wagon.options(x, y, free)
    if supply.get(BARN, 0) > 0:
        out += barn.options(state, x, y)
    return out


@hookimpl
def carcassonne_veto_figure_actions(state: GameState, actions: list[Action]) -> list[Action]:
    if BARN not in state.config.figure_kinds:
        return []
    return barn.veto(state, actions)


@hookimpl
def carcassonne_score(state: GameState, completed: list[int], final: bool) -> list[ScoreItem]:
    if BARN not in state.config.figure_kinds:
        return []
    return barn.score_final(state, completed) if final else barn.score_turn(state)


@hookimpl
def carcassonne_after_scoring(state: GameState, returned: list[ReturnedFigure]) -> list[Decision]:
    if not returned or WAGON not in state.config.figure_kinds:  # most turns return nobody
        return []
    return wagon.decisions(state, returned)


@hookimpl
def carcassonne_decision_actions(state: GameState, decision: Decision) -> list[Action] | None:
    if decision.kind != wagon.DECISION:
        return None
    return wagon.targets(state, decision)


@hookimpl
def carcassonne_error_codes() -> list[ErrorCode]:
    return list(explain.ERROR_CODES)


@hookimpl
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    return explain.explain(state, action)


@hookimpl
def carcassonne_held_pieces(state: GameState) -> dict[str, tuple[int, ...]]:
    return {"abbey": tuple(abbey.held(state, p) for p in range(state.players))}


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_abbey_mayor.jcz import NAMES

    return list(NAMES)
