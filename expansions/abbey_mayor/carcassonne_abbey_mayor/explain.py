"""Why Abbey & Mayor refuses an action: the codes its refusals carry and their explanations.

Called only when an action is refused (or a front end asks why), never during normal play.
"""

from __future__ import annotations

from carcassonne import Action, ErrorCode, GameState, PlaceFigure, PlaceTile, Refusal
from carcassonne_abbey_mayor import abbey, barn, wagon
from carcassonne_abbey_mayor.common import BARN, NAME, OPT_WAGON_MOVE, WAGON

BARN_FIELD = "barn-field"
ABBEY_NOT_IN_HOLE = "abbey-not-in-hole"
NO_ABBEY = "no-abbey-left"
WAGON_TARGET = "wagon-not-a-target"
ABBEY_ROTATION = "abbey-rotation"
ABBEY_RIVER = "abbey-before-land"
BARN_CORNER = "barn-not-on-field-corner"

ERROR_CODES = (
    ErrorCode(
        BARN_FIELD,
        "no farmer (a figure that counts in a majority) may go into a field that holds a barn",
        NAME,
    ),
    ErrorCode(
        ABBEY_NOT_IN_HOLE,
        "an abbey goes only on an empty square surrounded on all four sides; details: holes",
        NAME,
    ),
    ErrorCode(NO_ABBEY, "the player holds no abbey any more", NAME),
    ErrorCode(
        ABBEY_ROTATION, "an abbey is placed with rotation 0 (it looks the same every way)", NAME
    ),
    ErrorCode(
        ABBEY_RIVER,
        "an abbey replaces the draw of a land tile: not while the River's tiles are drawn",
        NAME,
    ),
    ErrorCode(
        BARN_CORNER,
        "a barn goes only on a corner of the tile just placed where four tiles meet and all "
        "four corners are field; details: corners (the ones that are)",
        NAME,
    ),
    ErrorCode(
        WAGON_TARGET,
        "a scored wagon moves only to an unoccupied, incomplete road, city or monastery in "
        "reach (option wagon_move); details: targets",
        NAME,
    ),
)


def explain(state: GameState, action: Action) -> Refusal | None:
    if state.pending.kind == wagon.DECISION:
        if type(action) is not PlaceFigure or action.figure != WAGON:
            return None
        targets = sorted(
            (a for a in wagon.targets(state, state.pending) if type(a) is PlaceFigure),
            key=lambda a: (a.x, a.y, a.location),
        )
        mode = state.config.options[OPT_WAGON_MOVE]
        shown = ", ".join(f"{t.x},{t.y} {t.location}" for t in targets)
        return Refusal(
            WAGON_TARGET,
            f"the wagon cannot move to {action.x},{action.y} {action.location} "
            f"(wagon_move = {mode}; targets: {shown})",
            {"targets": [[t.x, t.y, t.location] for t in targets]},
        )
    if (
        type(action) is PlaceFigure
        and state.pending.kind == "figure"
        and barn.keeps_out(state, action.figure)
    ):
        placed = state.tile_at(action.x, action.y)
        if placed is None or action.location not in placed.rot.by_location:
            return None
        feature = state.feature_at(action.x, action.y, action.location)
        if state.feature_kind(feature) == "field" and barn.has_barn(state, feature):
            return Refusal(
                BARN_FIELD,
                f"the field at {action.x},{action.y} {action.location} holds a barn",
                {"x": action.x, "y": action.y, "location": action.location},
            )
        return None
    if (
        type(action) is PlaceFigure
        and action.figure == BARN
        and state.pending.kind == "figure"
        and (action.x, action.y) == state.last_tile
        and BARN in state.config.figure_kinds
    ):
        offered = barn.options(state, action.x, action.y)
        corners = [a.location for a in offered if type(a) is PlaceFigure]
        if action.location not in corners:
            shown = ", ".join(corners) or "none"
            return Refusal(
                BARN_CORNER,
                f"{action.x},{action.y} {action.location} is not a corner where four field "
                f"corners meet (or its field holds a barn); corners: {shown}",
                {"x": action.x, "y": action.y, "corners": corners},
            )
        return None
    if type(action) is PlaceTile and action.tile in abbey.abbey_tiles(state.config):
        return _abbey_refusal(state, action)
    return None


def _abbey_refusal(state: GameState, action: PlaceTile) -> Refusal | None:
    if not abbey.held(state, state.player):
        return Refusal(NO_ABBEY, f"{state.config.names[state.player]} holds no abbey", {})
    if abbey.before_land(state):
        return Refusal(
            ABBEY_RIVER, "the River's tiles are still drawn: an abbey replaces a land tile", {}
        )
    holes = state.holes()
    if (action.x, action.y) not in holes:
        return Refusal(
            ABBEY_NOT_IN_HOLE,
            f"{action.x},{action.y} is not a hole (an empty square with a tile on each side)",
            {"x": action.x, "y": action.y, "holes": [[x, y] for x, y in holes]},
        )
    if action.rotation != 0:
        return Refusal(
            ABBEY_ROTATION, f"an abbey is placed with rotation 0, not {action.rotation}", {}
        )
    return None
