"""Why Hills & Sheep refuses an action (called only when one is refused or a front end asks).

A shepherd into a field that already holds one is the core's ``feature-occupied``; what the
core cannot say is that a shepherd never stands on anything but a field.
"""

from __future__ import annotations

from carcassonne import Action, ErrorCode, GameState, PlaceFigure, Refusal
from carcassonne_hills_sheep.common import NAME, SHEPHERD

NOT_ON_FIELD = "shepherd-not-on-field"

ERROR_CODES = (
    ErrorCode(NOT_ON_FIELD, "a shepherd stands only on a field; details: feature_kind", NAME),
)


def explain(state: GameState, action: Action) -> Refusal | None:
    if type(action) is not PlaceFigure or action.figure != SHEPHERD:
        return None
    placed = state.tile_at(action.x, action.y)
    if placed is None or action.location not in placed.rot.by_location:
        return None
    kind = state.feature_kind(state.feature_at(action.x, action.y, action.location))
    if kind == "field":
        return None
    return Refusal(
        NOT_ON_FIELD,
        f"a shepherd stands only on a field, not on the {kind} at "
        f"{action.x},{action.y} {action.location}",
        {"feature_kind": kind},
    )
