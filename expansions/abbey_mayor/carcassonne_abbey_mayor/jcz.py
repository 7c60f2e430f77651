"""Abbey & Mayor's JCloisterZone names: the set, the abbey/mayor/wagon/barn elements and
rules, the figures (the barn with JCZ's corner pointers), the abbey's PLACE_TILE, the wagon's
moves and the phases JCZ names (``AbbeyPhase``, ``WagonPhase``, ``AbbeyEndGamePhase``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from carcassonne import Action, OptionValue, Pass, PlaceFigure, PlaceTile
from carcassonne.jcz.names import (
    JczAction,
    JczConfig,
    JczElement,
    JczFigure,
    JczGame,
    JczMessage,
    JczName,
    JczPhase,
    JczReadContext,
    JczSet,
    JczWriteContext,
    JczWriter,
    Json,
    Message,
    Step,
    count_value,
    is_on,
    jcz_edition,
    option_rule,
)
from carcassonne_abbey_mayor.common import (
    BARN,
    MAYOR,
    OPT_ABBEY,
    OPT_ABBEY_ENDGAME,
    OPT_BARN,
    OPT_BARN_PLACEMENT,
    OPT_COUNTS,
    OPT_MAYOR,
    OPT_WAGON,
    OPT_WAGON_MOVE,
    WAGON,
)
from carcassonne_abbey_mayor.wagon import DECISION

ABBEY_TILE = "AM/A"

#: Our barn corner of the tile just placed -> the tile whose north-west corner it is (offset).
_CORNER_TILE = {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}
_TILE_CORNER = {offset: corner for corner, offset in _CORNER_TILE.items()}


def _figure_element(figure: str, switch: str) -> JczElement:
    """``mayor: n`` (and wagon, barn): n figures each, the figure off when absent or 0."""

    def read(value: Json) -> Mapping[str, OptionValue]:
        count = count_value(value, figure) if value is not None else 0
        return {switch: count > 0, OPT_COUNTS[figure]: max(count, 1)}

    def write(config: JczConfig) -> Json:
        return config.options[OPT_COUNTS[figure]] if config.options[switch] else None

    return JczElement(figure, read, write)


def _abbey_element() -> JczElement:
    return JczElement(
        "abbey",
        lambda v: {OPT_ABBEY: is_on(v)},
        lambda c: 1 if c.options[OPT_ABBEY] else None,
    )


# -- the barn's pointers -------------------------------------------------------------------------


def read_barn(ctx: JczReadContext, pointer: Json) -> tuple[int, int, str]:
    """JCZ names the corner by the tile whose north-west corner it is; ours by the corner of
    the tile just placed."""
    px, py, _location = ctx.place(pointer)
    last = ctx.state.last_tile
    if last is None:
        ctx.fail("a barn is placed only after a tile")
    corner = _TILE_CORNER.get((px - last[0], py - last[1]))
    if corner is None:
        ctx.fail(f"a barn at the corner of {px},{py} is not at a corner of the tile just placed")
    return last[0], last[1], corner


def write_barn(ctx: JczWriteContext, x: int, y: int, location: str) -> dict[str, Json]:
    dx, dy = _CORNER_TILE[location]
    return ctx.pointer(x + dx, y + dy, "NW")


# -- the abbey and the wagon ---------------------------------------------------------------------


def read_abbey(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """JCZ records any rotation of the abbey; it looks the same in all four, ours takes 0."""
    x, y = ctx.position(payload.get("position"))
    ctx.rotation(payload.get("rotation"))  # checked, then dropped
    return [PlaceTile(ABBEY_TILE, x, y, 0)]


def write_wagon_move(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    """A wagon's move: DEPLOY_MEEPLE by its owner, then COMMIT once that owner has no other
    wagon waiting."""
    if ctx.before.pending.kind != DECISION:
        return None
    assert isinstance(action, PlaceFigure)
    owner = ctx.before.pending.player
    payload: dict[str, Json] = {
        "pointer": ctx.figure_pointer(action.figure, action.x, action.y, action.location),
        "meepleId": ctx.meeple_id(owner, action.figure, action.x, action.y, action.location),
    }
    after = ctx.after.pending
    if after.kind == DECISION and after.player == owner:
        return [("DEPLOY_MEEPLE", payload)]
    return [("DEPLOY_MEEPLE", payload), ("COMMIT", {"random": ctx.random()})]


def write_wagon_pass(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    if ctx.before.pending.kind != DECISION:
        return None
    return [("PASS", {})]


def _abbey_offered(state: JczGame) -> bool:
    return any(type(a) is PlaceTile and a.tile == ABBEY_TILE for a in state.legal_actions())


def _is_abbey(state: JczGame, action: Action) -> bool:
    return type(action) is PlaceTile and action.tile == ABBEY_TILE


NAMES: list[JczName] = [
    JczSet(
        "abbey-and-mayor",
        lambda c: f"abbey-and-mayor:{jcz_edition(c)}",
        lambda edition: {OPT_ABBEY_ENDGAME: True},
    ),
    _abbey_element(),
    _figure_element(MAYOR, OPT_MAYOR),
    _figure_element(WAGON, OPT_WAGON),
    _figure_element(BARN, OPT_BARN),
    option_rule("wagon-move", OPT_WAGON_MOVE, "C2", {"C2": "C2", "C1": "C1"}),
    option_rule(
        "barn-placement",
        OPT_BARN_PLACEMENT,
        "not-occupied",
        {"not-occupied": "not-occupied", "occupied": "occupied"},
    ),
    JczFigure("mayor", MAYOR),
    JczFigure("wagon", WAGON),
    JczFigure("barn", BARN, read_pointer=read_barn, write_pointer=write_barn),
    JczMessage("PLACE_TILE", read_abbey, when={"tileId": ABBEY_TILE}),
    JczWriter(PlaceFigure, write_wagon_move),
    JczWriter(Pass, write_wagon_pass),
    JczPhase("draw", "AbbeyEndGamePhase", when=lambda s: s.in_extra_turns()),
    JczPhase("draw", "AbbeyPhase", when=_abbey_offered),
    JczPhase(DECISION, "WagonPhase"),
    JczAction("AbbeyPlacementAction", _is_abbey),
]
