"""Goods (traders-builders.md §4.3): a completed city's goods tokens go to the player who placed
the completing tile, whoever occupies it; at the end each kind gives its points to every player
holding the most tokens of it (at least one).

The marks are city attributes (``wine=1`` on a tile's city segment), so a city's goods are
``state.feature_attr(city, kind)``. The tokens are counters in front of the players:
``state.ext["traders-builders"]`` is one ``(wine, grain, cloth)`` tuple per player, absent until
the first city with goods is completed (a game without goods keeps no data).
"""

from __future__ import annotations

from carcassonne import Attribute, Award, GameState, PieceKind, ScoreItem
from carcassonne_traders_builders.common import NAME, OPT_GOODS_POINTS, count_option

KINDS = ("wine", "grain", "cloth")

ATTRIBUTES = (
    Attribute("wine", "wine", glyph="w", marker="dot", provider=NAME),
    Attribute("grain", "grain", glyph="g", marker="dot", provider=NAME),
    Attribute("cloth", "cloth", glyph="l", marker="dot", provider=NAME),
)

PIECES = (
    PieceKind("wine", "wine token", glyph="w", mark="disc", colour="#7b1f3a", provider=NAME),
    PieceKind("grain", "grain token", glyph="g", mark="square", colour="#c9a227", provider=NAME),
    PieceKind("cloth", "cloth token", glyph="l", mark="diamond", colour="#3f6fb5", provider=NAME),
)

Held = tuple[tuple[int, int, int], ...]


def held(state: GameState) -> Held:
    """The tokens each player holds, ``(wine, grain, cloth)`` per player."""
    data = state.ext.get(NAME)
    if data is None:
        return ((0, 0, 0),) * state.players
    assert isinstance(data, tuple)
    return data


def held_pieces(state: GameState) -> dict[str, tuple[int, ...]]:
    tokens = held(state)
    return {kind: tuple(p[k] for p in tokens) for k, kind in enumerate(KINDS)}


def take(state: GameState, completed: list[int]) -> None:
    """The active player takes the goods of every city completed in this part of the turn
    (the abbey's owner for cities the abbey closed: the abbey is the tile just placed)."""
    if not completed:
        return
    gained = [0, 0, 0]
    for feature in completed:
        if state.feature_kind(feature) != "city":
            continue
        for k, kind in enumerate(KINDS):
            gained[k] += state.feature_attr(feature, kind)
    if not any(gained):
        return
    tokens = list(held(state))
    mine = tokens[state.player]
    tokens[state.player] = (mine[0] + gained[0], mine[1] + gained[1], mine[2] + gained[2])
    state.ext[NAME] = tuple(tokens)


def held_points(state: GameState) -> list[int]:
    """What each player's tokens would score if the game ended now (for the greedy bot)."""
    if state.ext.get(NAME) is None:
        return [0] * state.players
    out = [0] * state.players
    for award in final_awards(state):
        if isinstance(award, Award):
            out[award.player] += award.points
    return out


def final_awards(state: GameState) -> list[ScoreItem]:
    """Per kind, the points to every player at the maximum (ties all score; 0 never does)."""
    points = count_option(state.config, OPT_GOODS_POINTS)
    tokens = held(state)
    items: list[ScoreItem] = []
    for k, kind in enumerate(KINDS):
        best = max(p[k] for p in tokens)
        if best == 0 or points == 0:
            continue
        for player, mine in enumerate(tokens):
            if mine[k] == best:
                items.append(Award(player, points, None, "goods", f"most {kind}"))
    return items
