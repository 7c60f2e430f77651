"""Hook implementations of Abbey & Mayor; each delegates to the module of one figure or tile."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from carcassonne import FigureKind, hookimpl
from carcassonne.tileset.model import FeatureKind
from carcassonne_abbey_mayor import abbey, barn, mayor, wagon
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
)

#: The abbey's edges: they fit any edge and close whatever touches them.
ABBEY_KIND = FeatureKind(
    "abbey", "sides", edge="abbey", wildcard=True, occupiable=False, provider=NAME, glyph="%"
)


@hookimpl
def carcassonne_options() -> list[Any]:
    return list(OPTIONS)


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [ABBEY_KIND]


@hookimpl
def carcassonne_figure_kinds(config: Any) -> list[FigureKind]:
    kinds = []
    if config.options[OPT_MAYOR]:
        kinds.append(FigureKind(MAYOR, figure_count(config, MAYOR), mayor.strength, NAME))
    if config.options[OPT_WAGON]:
        kinds.append(FigureKind(WAGON, figure_count(config, WAGON), 1, NAME))
    if config.options[OPT_BARN]:
        # a barn never counts in a majority; several barns of one player in a field score once
        kinds.append(FigureKind(BARN, figure_count(config, BARN), 0, NAME))
    return kinds


@hookimpl
def carcassonne_tile_sets(config: Any = None) -> list[Any]:
    return [files("carcassonne_abbey_mayor.tiles") / "abbey_mayor.toml"]


@hookimpl
def carcassonne_setup(setup: Any) -> None:
    abbey.setup(setup)


@hookimpl
def carcassonne_turn_options(state: Any) -> list[Any]:
    return abbey.turn_options(state)


@hookimpl
def carcassonne_tile_placed(state: Any, x: int, y: int, tile: Any, rotation: int) -> None:
    abbey.tile_placed(state, tile)


@hookimpl
def carcassonne_extra_turns(state: Any) -> list[int]:
    return abbey.extra_turns(state)


@hookimpl
def carcassonne_figure_options(state: Any, x: int, y: int, player: int) -> list[Any]:
    supply = state.supply[player]
    out: list[Any] = []
    if supply.get(MAYOR, 0) > 0:
        out += mayor.options(state, x, y)
    if supply.get(WAGON, 0) > 0:
        out += wagon.options(state, x, y)
    if supply.get(BARN, 0) > 0:
        out += barn.options(state, x, y)
    return out


@hookimpl
def carcassonne_veto_figure_options(state: Any, options: list[Any]) -> list[Any]:
    if BARN not in state.config.figure_kinds:
        return []
    return barn.veto(state, options)


@hookimpl
def carcassonne_score(state: Any, completed: list[int], final: bool) -> list[Any]:
    if BARN not in state.config.figure_kinds:
        return []
    return barn.score_final(state, completed) if final else barn.score_turn(state)


@hookimpl
def carcassonne_after_scoring(state: Any, returned: list[Any]) -> list[Any]:
    if WAGON not in state.config.figure_kinds:
        return []
    return wagon.decisions(state, returned)


@hookimpl
def carcassonne_decision_actions(state: Any, decision: Any) -> list[Any] | None:
    if decision.kind != wagon.DECISION:
        return None
    return wagon.targets(state, decision)
