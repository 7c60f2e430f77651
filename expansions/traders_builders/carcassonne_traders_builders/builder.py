"""The builder (traders-builders.md §3.1, §4.1): placed instead of a meeple on a road or city of
the tile just placed that holds one of its owner's followers; a later drawn tile of its owner
that extends that road or city gives a second part of the turn, at most one a turn.
"""

from __future__ import annotations

from carcassonne import Decision, Figure, GameState
from carcassonne_traders_builders.common import (
    BUILDER,
    BUILDER_KINDS,
    OPT_DOUBLE_TURN,
    OPT_LAST_TILE,
    OPT_TRIGGER,
    holds_follower,
    segments_of,
)

KINDS = BUILDER_KINDS
#: The decision of ``double_turn = optional``: take the second part (``second-part``) or pass.
DECISION = "second-part"
REASON = "builder"


def fits(state: GameState, feature: int, figures: tuple[Figure, ...], player: int) -> bool:
    """Whether the player's builder may go on this road or city of the tile just placed
    (``figures``: those on it): still open, holding one of the player's followers and none of
    the player's builders."""
    if not holds_follower(state, figures, player):
        return False
    for figure in figures:
        if figure.kind == BUILDER and figure.player == player:
            return False
    return not state.is_complete(feature)


def triggered(state: GameState, x: int, y: int) -> bool:
    """Whether the tile just placed extends (or, with the C1 wording, completes) a road or city
    holding the active player's builder. An abbey has no road or city segment of its own, so it
    extends nothing; with ``complete-or-extend`` the features it completed count too."""
    player = state.player
    placed = state.board[x, y]
    base = placed.order
    figures_on = state.figures_on
    for index, _location in segments_of(placed.rot)[0]:  # its roads and cities
        figures = figures_on(base + index)
        if figures and _holds_builder(figures, player):
            return True
    if state.config.options[OPT_TRIGGER] == "complete-or-extend":
        for feature in state.completions():
            if state.feature_kind(feature) in KINDS:
                if _holds_builder(state.figures_on(feature), player):
                    return True
    return False


def _holds_builder(figures: tuple[Figure, ...], player: int) -> bool:
    for figure in figures:
        if figure.kind == BUILDER and figure.player == player:
            return True
    return False


def tile_placed(state: GameState, x: int, y: int) -> None:
    """Give (or offer) the second part: only in the first part of a regular turn, so never a
    third part and never in the end-of-game abbey round. Called only when one of the
    player's builders is on the board (the hook tests the supply first). The trigger first:
    it is seldom met, and the part of the turn costs more to read than one road's figures."""
    if not triggered(state, x, y):
        return
    if state.turn_part or state.in_extra_turns():
        return
    if not state.tiles_left() and state.config.options[OPT_LAST_TILE] == "none":
        return  # the last tile: with "abbey", the core makes the part an end-of-game turn
    if state.config.options[OPT_DOUBLE_TURN] == "optional":
        state.ask(Decision(DECISION, state.player))
    else:
        state.another_turn_part(REASON)
