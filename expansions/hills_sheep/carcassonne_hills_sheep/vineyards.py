"""Vineyards (hills-sheep.md §5): a completed monastery (an abbey too: it is a monastery
segment) gets 3 more points for each vineyard tile among its 8 neighbours.

An award change rather than a second award, so that the monastery keeps one line. Incomplete
monasteries (at the end, or the abbot's early return, which is not an award) get nothing.
"""

from __future__ import annotations

from carcassonne import Award, GameState
from carcassonne.geometry import RING_OFFSETS
from carcassonne_hills_sheep.common import VINEYARD, tile_has

POINTS = 3


def vineyards_around(state: GameState, x: int, y: int) -> int:
    return sum(1 for dx, dy in RING_OFFSETS if tile_has(state, x + dx, y + dy, VINEYARD))


def adjust(state: GameState, awards: list[Award]) -> list[Award] | None:
    """The awards with the vineyard bonus; None (unchanged) when no monastery is scored, as
    in most steps."""
    if not any(a.kind == "monastery" for a in awards):
        return None
    out = []
    for award in awards:
        if award.feature is not None and award.kind == "monastery":
            if state.is_complete(award.feature):
                (x, y), *_ = state.feature_tiles(award.feature)
                bonus = POINTS * vineyards_around(state, x, y)
                if bonus:
                    award = award._replace(points=award.points + bonus, reason="vineyards")
        out.append(award)
    return out
