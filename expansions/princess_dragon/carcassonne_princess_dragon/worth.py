"""What the dragon and the fairy put at stake, for bots that look one move ahead
(``carcassonne_held_points``): never read during play.

While the dragon is on the board every figure may be eaten, so each player's figures count
with what their features would score if the game ended now (to the players with the most
strength there, as final scoring gives them): a dragon step onto another player's knight then
costs that player its points, and a greedy bot steers the dragon there rather than onto an
empty tile or its own figures. The fairy's figure counts 3 more for its owner (the bonus final
scoring would give), so moving the fairy next to a figure is worth something too.
"""

from __future__ import annotations

from carcassonne import GameState
from carcassonne_princess_dragon import fairy
from carcassonne_princess_dragon.common import BARN, DRAGON, FAIRY


def final_points(state: GameState, feature: int) -> int:
    """Roughly what ``feature`` would give at final scoring, as the base game counts it (a
    bot's estimate: other expansions' scoring is not asked; 0 for kinds it does not know)."""
    kind = state.feature_kind(feature)
    if kind == "road":
        return len(state.feature_tiles(feature))
    if kind == "city":
        return len(state.feature_tiles(feature)) + state.feature_attr(feature, "shields")
    if kind == "monastery":
        (x, y) = min(state.feature_tiles(feature))
        return 1 + state.neighbours_present(x, y)
    if kind == "field":
        return 3 * state.completed_cities(feature)
    return 0


def held_points(state: GameState) -> list[int] | None:
    points = [0] * state.config.players
    dragon = bool(state.pieces(DRAGON))
    if dragon:
        seen: set[int] = set()
        for feature, figure in state.figures():
            if feature in seen or figure.kind == BARN:
                continue
            seen.add(feature)
            value = final_points(state, feature)
            if value:
                for player in state.majority(feature):
                    points[player] += value
    if state.pieces(FAIRY) and not fairy.on_tile(state):
        assigned = fairy.figure(state)
        if assigned is not None:
            points[assigned.player] += 3
    return points if any(points) else None
