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


def farmers(state: GameState, feature: int) -> frozenset[str]:
    """Kinds of the non-barn figures in a field."""
    return frozenset(fig.kind for fig in state.figures_on(feature) if fig.kind != BARN)


def options(state: GameState, x: int, y: int) -> list[Action]:
    """The barn on each corner of the tile just placed where four field corners meet."""
    placed = state.tile_at(x, y)
    assert placed is not None
    allow_second = state.config.options[OPT_BARN_PLACEMENT] == "occupied"
    out: list[Action] = []
    for corner, meeting in enumerate(CORNER_MEETING):
        index = placed.rot.corner_feature[corner]
        if index < 0:
            continue
        if not all(_field_corner(state, x + dx, y + dy, c) for dx, dy, c in meeting):
            continue
        if not allow_second and has_barn(state, state.feature_at(x, y, CORNERS[corner])):
            continue
        out.append(PlaceFigure(BARN, x, y, CORNERS[corner]))
    return out


def _field_corner(state: GameState, x: int, y: int, corner: int) -> bool:
    placed = state.tile_at(x, y)
    return placed is not None and placed.rot.corner_feature[corner] >= 0


def veto(state: GameState, options: list[Action]) -> list[Action]:
    """No figure but a barn may go into a field that holds a barn."""
    out: list[Action] = []
    for option in options:
        if type(option) is not PlaceFigure or option.figure == BARN:
            continue
        feature = state.feature_at(option.x, option.y, option.location)
        if state.feature_kind(feature) == "field" and has_barn(state, feature):
            out.append(option)
    return out


def score_turn(state: GameState) -> list[ScoreItem]:
    """Fields of the tile just placed that hold barns and farmers: a barn placed into farmers
    (3 per city) or a tile joining farmers to a barn (1 per city); the farmers go home."""
    if state.last_tile is None:
        return []
    x, y = state.last_tile
    placed_barn = None
    for action in state.turn_actions:
        if type(action) is PlaceFigure and action.figure == BARN:
            placed_barn = state.feature_at(action.x, action.y, action.location)
    fields = sorted({feature for feature, seg in state.segments(x, y) if seg.kind == "field"})
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
