"""Why Abbey & Mayor refuses an action: the codes its refusals carry and their explanations.

Called only when an action is refused (or a front end asks why), never during normal play.
"""

from __future__ import annotations

from carcassonne import Action, ErrorCode, GameState, PlaceFigure, PlaceTile, Refusal
from carcassonne_abbey_mayor import abbey, barn, wagon
from carcassonne_abbey_mayor.common import NAME, OPT_WAGON_MOVE, WAGON

BARN_FIELD = "barn-field"
ABBEY_NOT_IN_HOLE = "abbey-not-in-hole"
NO_ABBEY = "no-abbey-left"
WAGON_TARGET = "wagon-not-a-target"

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
    if type(action) is PlaceTile and action.tile in abbey.abbey_tiles(state.config):
        if not abbey.held(state, state.player):
            return Refusal(NO_ABBEY, f"{state.config.names[state.player]} holds no abbey", {})
        holes = state.holes()
        if (action.x, action.y) not in holes:
            return Refusal(
                ABBEY_NOT_IN_HOLE,
                f"{action.x},{action.y} is not a hole (an empty square with a tile on each side)",
                {"x": action.x, "y": action.y, "holes": [[x, y] for x, y in holes]},
            )
    return None
