"""The pig (traders-builders.md §3.2, §4.2, §7.3): placed instead of a meeple on a field of the
tile just placed that holds one of its owner's farmers; a winner of the field with a pig there
scores 1 more per completed city it borders (4 instead of 3 at the end; with Abbey & Mayor's
barn during play, 4 and 2 instead of 3 and 1, as an option). It never counts in the majority.
"""

from __future__ import annotations

from carcassonne import Award, Figure, GameState
from carcassonne_traders_builders.common import (
    BARN,
    OPT_PIG_BARN_BONUS,
    OPT_PIG_INTO_BARN,
    PIG,
    holds_follower,
)


def fits(state: GameState, figures: tuple[Figure, ...], player: int) -> bool:
    """Whether the player's pig may go on this field of the tile just placed (``figures``:
    those on it): it holds one of the player's farmers, and a barn only as the option says."""
    if not holds_follower(state, figures, player):
        return False
    for figure in figures:
        if figure.kind == BARN:
            return bool(state.config.options[OPT_PIG_INTO_BARN])
    return True


def adjust(state: GameState, awards: list[Award], final: bool) -> list[Award]:
    """Field awards of players with a pig in the field: +1 per completed city it borders.

    A field holding a barn at the end holds no pig (farmers and pigs leave a field that a barn
    joins), so the barn's own final award never gets the bonus."""
    if not awards or (not final and not state.config.options[OPT_PIG_BARN_BONUS]):
        return awards
    out = []
    for award in awards:
        if award.kind == "field" and award.feature is not None and award.points > 0:
            if any(f.kind == PIG and f.player == award.player
                   for f in state.figures_on(award.feature)):  # fmt: skip
                bonus = state.completed_cities(award.feature)
                award = award._replace(
                    points=award.points + bonus, reason=f"{award.reason} with a pig"
                )
        out.append(award)
    return out
