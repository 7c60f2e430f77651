"""The abbot's early return (rules.md 3.4).

In the figure phase, instead of placing any figure, a player may take back an abbot of theirs
and score at once what its monastery or garden is worth (1 + neighbours present). It is allowed
with an empty supply, and not when the feature is complete: a feature the tile just placed
completed scores 9 in this turn's scoring phase instead (a feature completed earlier was scored
and emptied then). The points come in the figure phase, before the scoring phase.
"""

from __future__ import annotations

from carcassonne import Action, ErrorCode, GameState, PlaceFigure, Refusal
from carcassonne.events import Event
from carcassonne_abbot.actions import ReturnAbbot
from carcassonne_abbot.figures import ABBOT, ABBOT_KINDS

ABBOT_KINDS_ONLY = "abbot-monastery-or-garden"
NOT_THERE = "abbot-not-there"
COMPLETE = "abbot-feature-complete"

ERROR_CODES = (
    ErrorCode(ABBOT_KINDS_ONLY, "the abbot stands only on a monastery or a garden", "abbot"),
    ErrorCode(NOT_THERE, "no abbot of the player stands there to return", "abbot"),
    ErrorCode(
        COMPLETE,
        "an abbot cannot return from a complete monastery or garden (it scores 9 in the "
        "scoring phase instead)",
        "abbot",
    ),
)


def returns(state: GameState, player: int) -> list[Action]:
    """A return for each of ``player``'s abbots that stands on an incomplete feature."""
    placed = state.config.figure_kinds[ABBOT].count - state.supply[player].get(ABBOT, 0)
    if placed <= 0:  # the usual case: no board scan
        return []
    options: list[Action] = []
    for feature, figure in state.figures():
        if figure.player == player and figure.kind == ABBOT and not state.is_complete(feature):
            options.append(ReturnAbbot(figure.x, figure.y, figure.location))
    return options


def apply_return(state: GameState, action: ReturnAbbot) -> list[Event]:
    """Score the abbot's feature for its owner, then send the abbot home (already checked legal)."""
    events: list[Event] = []
    feature = state.feature_at(action.x, action.y, action.location)
    points = 1 + state.neighbours_present(action.x, action.y)
    state.award(
        state.player, points, feature, state.feature_kind(feature), "abbot returned", events
    )
    state.return_figures(feature, events, kinds=(ABBOT,))
    return events


def explain(state: GameState, action: Action) -> Refusal | None:
    """Why the figure phase refuses an abbot placement or an abbot's return (edges, supply and
    occupancy are the core's to explain)."""
    if state.pending.kind != "figure":
        return None
    if type(action) is PlaceFigure and action.figure == ABBOT:
        placed = state.tile_at(action.x, action.y)
        if placed is None or action.location not in placed.rot.by_location:
            return None
        feature = state.feature_at(action.x, action.y, action.location)
        kind = state.feature_kind(feature)
        if kind not in ABBOT_KINDS and not state.figures_on(feature):
            return Refusal(
                ABBOT_KINDS_ONLY,
                f"the abbot stands only on a monastery or a garden, not on a {kind}",
                {"feature_kind": kind},
            )
        return None
    if type(action) is not ReturnAbbot:
        return None
    where = {"x": action.x, "y": action.y, "location": action.location}
    placed = state.tile_at(action.x, action.y)
    if placed is None or action.location not in placed.rot.by_location:
        return Refusal(NOT_THERE, f"no abbot at {action.x},{action.y} {action.location}", where)
    feature = state.feature_at(action.x, action.y, action.location)
    mine = [f for f in state.figures_on(feature) if f.kind == ABBOT and f.player == state.player]
    if not mine:
        return Refusal(
            NOT_THERE,
            f"no abbot of {state.config.names[state.player]} at {action.x},{action.y} "
            f"{action.location}",
            where,
        )
    if state.is_complete(feature):
        return Refusal(
            COMPLETE,
            f"the {state.feature_kind(feature)} at {action.x},{action.y} is complete: "
            "it scores in this turn's scoring phase",
            where,
        )
    return None
