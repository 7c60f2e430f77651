"""Why The Tower refuses an action: the codes its refusals carry and their explanations.

Called only when an action is refused (or a front end asks why), never during normal play.
"""

from __future__ import annotations

from carcassonne import Action, ErrorCode, GameState, PlaceFigure, Refusal
from carcassonne_tower import ransom
from carcassonne_tower.common import (
    NAME,
    RANSOM_POINTS,
    TOWER,
    AddFloor,
    Ransom,
    height,
    pieces_left,
    towers,
)

NO_FOUNDATION = "tower-no-foundation"
TOWER_CLOSED = "tower-closed"
NO_PIECE = "tower-no-piece-left"
BARE_FOUNDATION = "tower-bare-foundation"
RANSOM_REFUSED = "tower-ransom-refused"

ERROR_CODES = (
    ErrorCode(NO_FOUNDATION, "there is no tower foundation on that square", NAME),
    ErrorCode(TOWER_CLOSED, "a follower stands on top of that tower: it cannot grow", NAME),
    ErrorCode(NO_PIECE, "the player has no tower piece left", NAME),
    ErrorCode(
        BARE_FOUNDATION,
        "only a meeple or a large meeple, and only on a tower of height 1 or more, stands on "
        "top of a tower",
        NAME,
    ),
    ErrorCode(
        RANSOM_REFUSED,
        "a ransom is paid once a turn, in your own turn, with 3 points, for one of your own "
        "followers held by that player (option ransom_timing); details: captor, figure",
        NAME,
    ),
)


def _foundation(state: GameState, x: int, y: int) -> int | None:
    return next((f for tx, ty, f in towers(state) if (tx, ty) == (x, y)), None)


def explain(state: GameState, action: Action) -> Refusal | None:
    if type(action) is AddFloor:
        feature = _foundation(state, action.x, action.y)
        if feature is None:
            return Refusal(NO_FOUNDATION, f"no tower foundation at {action.x},{action.y}",
                           {"x": action.x, "y": action.y})  # fmt: skip
        if state.figures_on(feature):
            return Refusal(TOWER_CLOSED, f"the tower at {action.x},{action.y} is closed",
                           {"x": action.x, "y": action.y})  # fmt: skip
        if pieces_left(state, state.player) <= 0:
            name = state.config.names[state.player]
            return Refusal(NO_PIECE, f"{name} has no tower piece left", {"player": state.player})
        return None
    if type(action) is PlaceFigure and action.location == TOWER:
        if _foundation(state, action.x, action.y) is None:
            return None
        h = height(state, action.x, action.y)
        return Refusal(
            BARE_FOUNDATION,
            f"no {action.figure} may go on top of the tower at {action.x},{action.y} "
            f"(height {h}): only a meeple or a large meeple, on a tower of height 1 or more",
            {"x": action.x, "y": action.y, "height": h},
        )
    if type(action) is Ransom:
        details = {"captor": action.captor, "figure": action.figure}
        return Refusal(RANSOM_REFUSED, _ransom_reason(state, action), details)
    return None


def _ransom_reason(state: GameState, action: Ransom) -> str:
    player = state.player
    if ransom.paid_this_turn(state):
        return "a ransom was paid this turn already (once a turn)"
    if state.scores[player] < RANSOM_POINTS:
        return f"a ransom costs {RANSOM_POINTS} points; {state.config.names[player]} has " + str(
            state.scores[player]
        )
    if ransom.too_late(state):
        return "a ransom is paid only at the start of the turn (ransom_timing = turn_start)"
    names = state.config.names
    if not 0 <= action.captor < len(names):
        return f"no player {action.captor}"
    return f"{names[action.captor]} holds no {action.figure} of {names[player]}"
