"""Garden scoring: like a monastery (rules.md 3.3).

A garden surrounded by 8 tiles scores 9 for its abbot in the scoring phase (the core then sends
the abbot home); at the end an incomplete one scores 1 + the neighbouring tiles present.
Monasteries, abbots on them included, are the base game's to score.
"""

from __future__ import annotations

from typing import Any

from carcassonne.state import Award
from carcassonne_abbot.figures import GARDEN

COMPLETED_POINTS = 9


def garden_points(state: Any, garden: int, final: bool) -> int:
    if not final:
        return COMPLETED_POINTS
    x, y = state.npos[garden]
    return 1 + state.neighbours_present(x, y)


def garden_awards(state: Any, features: list[int], final: bool) -> list[Award]:
    awards = []
    reason = "final" if final else "completed"
    for feature in features:
        if state.nkind[feature] != GARDEN:
            continue
        points = garden_points(state, feature, final)
        for player in state.majority(feature):
            awards.append(Award(player, points, feature, GARDEN, reason))
    return awards
