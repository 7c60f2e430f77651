"""Final returns shared by both environments."""

from __future__ import annotations

from collections.abc import Sequence


def rank_returns(scores: Sequence[int]) -> list[float]:
    """Each player's rank against every other: +1 per opponent beaten, -1 per opponent ahead,
    divided by players - 1 (zero-sum; a two-player game gives +1 / -1, a tie 0 / 0)."""
    players = len(scores)
    return [sum((s > o) - (s < o) for o in scores) / (players - 1) for s in scores]
