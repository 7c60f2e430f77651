"""Why The Princess & the Dragon refuses an action: its codes and their explanations.

Called only when an action is refused (or a front end asks why), never during normal play.
"""

from __future__ import annotations

from carcassonne import Action, ErrorCode, GameState, Refusal
from carcassonne_princess_dragon import dragon, princess
from carcassonne_princess_dragon.common import NAME

DRAGON_SQUARE = "dragon-square"
DRAGON_STEP = "dragon-step"
PRINCESS_MUST = "princess-must"

ERROR_CODES = (
    ErrorCode(DRAGON_SQUARE, "no figure may go onto the tile the dragon stands on", NAME),
    ErrorCode(
        DRAGON_STEP,
        "the dragon steps onto a neighbouring placed tile it has not visited in this move and "
        "that the fairy does not stand on; details: options",
        NAME,
    ),
    ErrorCode(
        PRINCESS_MUST,
        "princess_action = must: while the princess city holds a figure, removing one is the "
        "only action",
        NAME,
    ),
)


def explain(state: GameState, action: Action) -> Refusal | None:
    if state.pending.kind == "figure":
        if dragon.blocked(state, action):
            d = dragon.the_dragon(state)
            assert d is not None
            return Refusal(
                DRAGON_SQUARE,
                f"the dragon stands on {d.x},{d.y}: no figure may go there",
                {"x": d.x, "y": d.y},
            )
        if state.last_tile is not None and type(action) is not princess.RemoveKnight:
            offered = princess.removals(state, *state.last_tile)
            if offered and princess.vetoes(state, [*offered, action]):
                return Refusal(
                    PRINCESS_MUST,
                    "the princess city holds a figure: remove one (princess_action = must)",
                    {"removals": [str(a) for a in offered]},
                )
        return None
    if state.pending.kind == dragon.STEP and type(action) is dragon.DragonStep:
        options = dragon.options(state)
        return Refusal(
            DRAGON_STEP,
            f"the dragon cannot step onto {action.x},{action.y} (options: "
            + ", ".join(f"{a.x},{a.y}" for a in options if type(a) is dragon.DragonStep)
            + ")",
            {"options": [[a.x, a.y] for a in options if type(a) is dragon.DragonStep]},
        )
    return None
