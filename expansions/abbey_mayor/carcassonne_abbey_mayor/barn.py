"""The barn: placed on a corner where four field corners meet; it scores fields, never farmers.

Barns have strength 0, so the base game's field majority ignores them. This module adds:
placement on corners, the veto on farmers in a barn's field, the immediate scoring when a barn
joins farmers (3 per completed city) or a tile joins farmers to a barn (1 per completed city),
and the final 4 per completed city for every barn owner.
"""

from __future__ import annotations

from carcassonne import Action, Award, GameState, PlaceFigure, ReturnFigures, ScoreItem
from carcassonne.geometry import CORNER_MEETING, CORNERS
from carcassonne_abbey_mayor.common import BARN, OPT_BARN_PLACEMENT

#: Scored after the roads, cities and monasteries of the turn (rules.md §4.5).
STAGE = 1


def has_barn(state: GameState, feature: int) -> bool:
    return any(fig.kind == BARN for fig in state.figures_on(feature))


def on_board(state: GameState) -> bool:
    """Whether a barn may stand on the board: False only when every player's supply still holds
    all their barns (a supply never holds more than its player's barns off the board).

    Lets the per-turn veto and scoring skip their work in the many turns before the first barn.
    """
    count = state.config.figure_kinds[BARN].count
    for supply in state.supply:  # a plain loop: any() over a generator costs more per turn
        if supply.get(BARN, 0) < count:
            return True
    return False


def farmers(state: GameState, feature: int) -> frozenset[str]:
    """Kinds of the farmers in a field: its followers (meeples, large meeples). Other figures
    a plugin lets into fields (a shepherd) are no farmers: barn scoring leaves them alone."""
    followers = state.config.followers
    return frozenset(fig.kind for fig in state.figures_on(feature) if fig.kind in followers)


#: Per corner, the three other tiles meeting there as ``(dx, dy, their corner)``, the diagonal
#: one first: it is the one most often missing, and a missing tile ends the check.
_OTHERS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(sorted(meeting[1:], key=lambda t: not (t[0] and t[1]))) for meeting in CORNER_MEETING
)


def options(state: GameState, x: int, y: int) -> list[Action]:
    """The barn on each corner of the tile just placed where four field corners meet."""
    board = state.board
    placed = board[(x, y)]
    allow_second: bool | None = None
    out: list[Action] = []
    corner_feature = placed.rot.corner_feature
    for corner, others in enumerate(_OTHERS):
        if corner_feature[corner] < 0:
            continue
        for dx, dy, c in others:
            other = board.get((x + dx, y + dy))
            if other is None or other.rot.corner_feature[c] < 0:
                break
        else:
            if allow_second is None:
                allow_second = state.config.options[OPT_BARN_PLACEMENT] == "occupied"
            if not allow_second and has_barn(state, state.feature_at(x, y, CORNERS[corner])):
                continue
            out.append(PlaceFigure(BARN, x, y, CORNERS[corner]))
    return out


def keeps_out(state: GameState, figure: str) -> bool:
    """Whether a barn's field is closed to a figure kind: to farmers, the figures that count
    in the field's majority. A kind whose strength is the number 0 (the barn itself, another
    expansion's pig) scores no field and is left to its own rules."""
    kind = state.config.figure_kinds.get(figure)
    return kind is not None and kind.strength != 0


def veto(state: GameState, options: list[Action]) -> list[Action]:
    """No farmer may go into a field that holds a barn; other figures a plugin lets into
    fields (a shepherd, a pig) may (:func:`keeps_out`)."""
    if not on_board(state):
        return []
    board = state.board
    out: list[Action] = []
    for option in options:
        if type(option) is not PlaceFigure or not keeps_out(state, option.figure):
            continue
        # the segment's kind is its feature's: only fields need their feature looked up
        placed = board.get((option.x, option.y))
        if placed is not None:
            index = placed.rot.by_location.get(option.location)
            if index is not None and placed.rot.features[index].kind != "field":
                continue
        feature = state.feature_at(option.x, option.y, option.location)
        if state.feature_kind(feature) == "field" and has_barn(state, feature):
            out.append(option)
    return out


def score_turn(state: GameState) -> list[ScoreItem]:
    """Fields of the tile just placed that hold barns and farmers: a barn placed into farmers
    (3 per city) or a tile joining farmers to a barn (1 per city); the farmers go home."""
    if state.last_tile is None or not on_board(state):
        return []
    x, y = state.last_tile
    figures_on = state.figures_on
    # a field scores here only with a barn and a farmer in it: two figures at least
    fields = sorted(
        {
            feature
            for feature, seg in state.segments(x, y)
            if seg.kind == "field" and len(figures_on(feature)) >= 2
        }
    )
    if not fields:
        return []
    placed_barn = None
    for action in state.turn_actions:
        if type(action) is PlaceFigure and action.figure == BARN:
            placed_barn = state.feature_at(action.x, action.y, action.location)
    items: list[ScoreItem] = []
    for field in fields:
        kinds = farmers(state, field)
        if not kinds or not has_barn(state, field):
            continue
        per_city, reason = (3, "barn-placement") if field == placed_barn else (1, "barn-connection")
        points = per_city * state.completed_cities(field)
        if points:
            items.extend(
                Award(p, points, field, "field", reason, STAGE) for p in state.majority(field)
            )
        items.append(ReturnFigures(field, kinds, STAGE))
    return items


def score_final(state: GameState, features: list[int]) -> list[ScoreItem]:
    """Every player with a barn in a field scores 4 per completed city it borders (once)."""
    items: list[ScoreItem] = []
    for field in features:
        if state.feature_kind(field) != "field":
            continue
        owners = sorted({fig.player for fig in state.figures_on(field) if fig.kind == BARN})
        if not owners:
            continue
        points = 4 * state.completed_cities(field)
        if points:
            items.extend(Award(p, points, field, "field", "barn", STAGE) for p in owners)
    return items
