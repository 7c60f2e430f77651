"""The abbot's early return (rules.md 3.4).

In the figure phase, instead of placing any figure, a player may take back an abbot of theirs
and score at once what its monastery or garden is worth (1 + neighbours present). It is allowed
with an empty supply, and not when the feature is complete: a feature the tile just placed
completed scores 9 in this turn's scoring phase instead (a feature completed earlier was scored
and emptied then). The points come in the figure phase, before the scoring phase.
"""

from __future__ import annotations

from carcassonne import GameState
from carcassonne.events import Event
from carcassonne_abbot.actions import ReturnAbbot
from carcassonne_abbot.figures import ABBOT


def returns(state: GameState, player: int) -> list[ReturnAbbot]:
    """A return for each of ``player``'s abbots that stands on an incomplete feature."""
    placed = state.config.figure_kinds[ABBOT].count - state.supply[player].get(ABBOT, 0)
    if placed <= 0:  # the usual case: no board scan
        return []
    options = []
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
