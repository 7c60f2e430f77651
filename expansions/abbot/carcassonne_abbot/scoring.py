"""Garden scoring: like a monastery (rules.md 3.3).

A garden surrounded by 8 tiles scores 9 for its abbot in the scoring phase (the core then sends
the abbot home); at the end an incomplete one scores 1 + the neighbouring tiles present.
Monasteries, abbots on them included, are the base game's to score.
"""

from __future__ import annotations

from carcassonne import Award, GameState, ScoreItem
from carcassonne_abbot.figures import GARDEN

COMPLETED_POINTS = 9


def garden_points(state: GameState, garden: int, final: bool) -> int:
    if not final:
        return COMPLETED_POINTS
    x, y = min(state.feature_tiles(garden))
    return 1 + state.neighbours_present(x, y)


def garden_awards(state: GameState, features: list[int], final: bool) -> list[ScoreItem]:
    awards: list[ScoreItem] = []
    reason = "final" if final else "completed"
    for feature in features:
        if state.feature_kind(feature) != GARDEN:
            continue
        points = garden_points(state, feature, final)
        for player in state.majority(feature):
            awards.append(Award(player, points, feature, GARDEN, reason))
    return awards
