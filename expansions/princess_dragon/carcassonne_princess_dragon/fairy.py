"""The fairy (princess-dragon.md §7).

Instead of placing a figure, a player moves the fairy next to one of their followers (any figure
on the board but a barn; a different one than it is next to now). The fairy piece stands on that
figure's tile and location; ``Data.fairy_for`` says whose figure of which kind it is. It gives
the figure's owner 1 point at the start of their turn and 3 each time a feature holding the
figure is scored (whoever wins it, even for 0 points), and no dragon may enter its tile. When
the figure leaves the board the fairy stays where it is, assigned to nobody.

Option ``fairy_placement = on_tile`` (C1): the fairy goes onto a tile holding a follower of the
player and belongs to the tile: 1 point per follower of the player on it at the start of their
turn, 3 to the owner of the first follower on it found in a scored feature.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import NEUTRAL, Action, Award, Figure, GameState, Piece, ScoreItem, TypedAction
from carcassonne.events import Event
from carcassonne_princess_dragon.common import (
    BARN,
    FAIRY,
    OPT_FAIRY_ABBOT_RETURN,
    OPT_FAIRY_PLACEMENT,
    fairy_for,
    set_fairy_for,
)
from carcassonne_princess_dragon.figures import figures_of, held, placed

#: The verb of the Abbot's early return (that expansion is not imported: only its action's verb
#: and fields ``x, y, location`` are read, as any front end reads them).
ABBOT_RETURN = "abbot-return"
ABBOT = "abbot"
KIND = "fairy"


class _MoveFields(NamedTuple):
    x: int
    y: int
    location: str


class MoveFairy(TypedAction, _MoveFields):
    """Move the fairy next to the figure at ``location`` of the tile at ``(x, y)``; with
    ``fairy_placement = on_tile`` onto that tile (``location`` names a follower of the player
    on it, the fairy belongs to the tile)."""

    __slots__ = ()
    verb: ClassVar[str] = "fairy"


def on_tile(state: GameState) -> bool:
    return state.config.options[OPT_FAIRY_PLACEMENT] == "on_tile"


#: The last answer of :func:`figure` per configuration: ``(config, fairy piece, fairy_for,
#: owner's supply, owner's prisoners, figure)``. The owner's figures change only with their
#: supply object or their prisoners (:mod:`carcassonne_princess_dragon.figures`), so with the
#: same piece, owner and those two the answer is the same, without a lookup on the board.
_FOUND: dict[int, tuple[object, Piece, tuple[int, str], object, int, Figure | None]] = {}


def figure(state: GameState) -> Figure | None:
    """The figure the fairy is next to, if it is still on the board (next_follower mode)."""
    owner = fairy_for(state)
    if not owner:
        return None
    fairy = state.pieces(FAIRY)
    return _figure(state, fairy[0], owner) if fairy else None


def _figure(state: GameState, piece: Piece, owner: tuple[int, str]) -> Figure | None:
    """:func:`figure` of the fairy ``piece`` assigned to ``owner``: the last answer while they
    and the owner's supply and prisoners are the same, else looked up on the board."""
    config = state.config
    supply = state.supply[owner[0]]
    count = held(state, owner[0])
    known = _FOUND.get(id(config))
    if (
        known is not None
        and known[0] is config
        and known[3] is supply
        and known[1] == piece
        and known[2] == owner
        and known[4] == count
    ):
        return known[5]
    found = _next_to(state, piece, owner)
    if len(_FOUND) >= 64:
        _FOUND.clear()
    _FOUND[id(config)] = (config, piece, owner, supply, count, found)
    return found


def _next_to(state: GameState, piece: Piece, owner: tuple[int, str]) -> Figure | None:
    """The figure of ``owner`` (player, kind) on the fairy's tile and segment, looked up."""
    placed = state.tile_at(piece.x, piece.y)
    if piece.location is None or placed is None:
        return None
    where = placed.rot.by_location.get(piece.location)
    # the figures of the feature at the fairy's spot: a lookup, not a scan of the board
    for fig in state.figures_on(state.feature_at(piece.x, piece.y, piece.location)):
        if (fig.player, fig.kind, fig.x, fig.y) == (owner[0], owner[1], piece.x, piece.y):
            if placed.rot.by_location.get(fig.location) == where:
                return fig
    return None


def forget_if_gone(state: GameState) -> Figure | None:
    """The fairy's figure, or None: if it left the board (scored, sent home) the fairy belongs
    to nobody from now on."""
    owner = fairy_for(state)
    if not owner:
        return None
    fairy = state.pieces(FAIRY)
    fig = _figure(state, fairy[0], owner) if fairy else None
    if fig is None:
        set_fairy_for(state, ())
    return fig


def tile_placed(state: GameState) -> None:
    """When a tile is placed: the fairy's figure may have left the board since the last look
    (the fairy then belongs to nobody). Nothing is looked up while the fairy has no figure."""
    owner = fairy_for(state)
    if not owner:
        return
    fairy = state.pieces(FAIRY)
    if fairy and _figure(state, fairy[0], owner) is None:
        set_fairy_for(state, ())


#: The last moves built per (configuration, player): ``(config, figures, here, moves)``, reused
#: while :func:`placed` answers the very same tuple (the same figures) and the fairy stands at
#: the same spot (a new list each time: the core may change it).
_MOVES: dict[tuple[int, int], tuple[object, tuple[Figure, ...], object, tuple[Action, ...]]] = {}


def moves(state: GameState, player: int) -> list[Action]:
    """Where ``player`` may move the fairy instead of placing a figure."""
    if on_tile(state):
        return _tile_moves(state, player)
    mine = placed(state, player)
    if not mine:
        return []
    here = None
    owner = fairy_for(state)
    if owner:
        fairy = state.pieces(FAIRY)
        if fairy:
            piece = fairy[0]
            here = (piece.x, piece.y, piece.location)
    config = state.config
    key = (id(config), player)
    known = _MOVES.get(key)
    if known is not None and known[1] is mine and known[0] is config and known[2] == here:
        return list(known[3])
    new = tuple.__new__  # MoveFairy's fields are exact here: no NamedTuple __new__ per move
    out: list[Action] = [
        new(MoveFairy, (fig.x, fig.y, fig.location))
        for fig in mine
        if fig.kind != BARN and (fig.x, fig.y, fig.location) != here
    ]
    if len(_MOVES) >= 256:
        _MOVES.clear()
    _MOVES[key] = (config, mine, here, tuple(out))
    return out


def _tile_moves(state: GameState, player: int) -> list[Action]:
    """on_tile mode: one move per tile holding a follower of the player, the fairy's own tile
    excepted, naming the first of their followers there in the order of ``state.figures()``."""
    mine = figures_of(state, player)
    if not mine:
        return []
    fairy = state.pieces(FAIRY)
    squares: dict[tuple[int, int], str] = {}
    if fairy:
        squares[(fairy[0].x, fairy[0].y)] = ""
    for _feature, fig in mine:
        if fig.kind != BARN and (fig.x, fig.y) not in squares:
            squares[(fig.x, fig.y)] = fig.location
    return [MoveFairy(x, y, loc) for (x, y), loc in squares.items() if loc]


def move(state: GameState, action: MoveFairy) -> list[Event]:
    events: list[Event] = []
    fairy = state.pieces(FAIRY)
    tile_mode = on_tile(state)
    location = None if tile_mode else action.location
    if fairy:
        state.move_piece(fairy[0], action.x, action.y, location, events)
    else:
        state.put_piece(FAIRY, NEUTRAL, action.x, action.y, location, events)
    if tile_mode:
        return events
    x, y, at = action
    for fig in state.figures_on(state.feature_at(x, y, at)):
        if fig.x == x and fig.y == y and fig.location == at:
            set_fairy_for(state, (fig.player, fig.kind))
            return events
    raise AssertionError(f"no figure at {x},{y} {at} for the fairy")  # offered: one is there


def _tile_followers(state: GameState) -> list[tuple[int, Figure]]:
    """``(feature, figure)`` for the followers on the fairy's tile (on_tile mode), read from
    that tile's segments, in the order of ``state.figures()``."""
    fairy = state.pieces(FAIRY)
    if not fairy:
        return []
    x, y = fairy[0].x, fairy[0].y
    found: dict[int, None] = {}
    for feature, _segment in state.segments(x, y):
        found[feature] = None
    return [
        (feature, f)
        for feature in sorted(found)
        for f in state.figures_on(feature)
        if f.x == x and f.y == y and f.kind != BARN
    ]


def turn_started(state: GameState) -> list[Event]:
    """1 point to the active player whose figure the fairy is next to (on_tile: 1 per follower
    of theirs on the fairy's tile)."""
    if on_tile(state):
        points = sum(1 for _, f in _tile_followers(state) if f.player == state.player)
    else:
        owner = fairy_for(state)
        if not owner or owner[0] != state.player:
            return []  # not this player's fairy: nothing to look up (tile_placed forgets)
        fig = forget_if_gone(state)
        points = 1 if fig is not None else 0
    if not points:
        return []
    events: list[Event] = []
    state.award(state.player, points, None, KIND, "the fairy at the start of the turn", events)
    return events


def _bonus(player: int) -> Award:
    return Award(player, 3, None, KIND, "the fairy's figure was scored")


def may_score(state: GameState) -> bool:
    """Whether a scoring may give the fairy's bonus: the fairy has a figure (next_follower; an
    ext read) or is on the board (on_tile), asked before anything is looked up."""
    if on_tile(state):
        return bool(state.pieces(FAIRY))
    return bool(fairy_for(state))


def score(state: GameState, features: set[int]) -> list[ScoreItem]:
    """The fairy's 3 points when a feature holding its figure is among ``features``."""
    if on_tile(state):
        for feat, fig in _tile_followers(state):
            if feat in features:
                return [_bonus(fig.player)]
        return []
    assigned = figure(state)
    if (
        assigned is None
        or state.feature_at(assigned.x, assigned.y, assigned.location) not in features
    ):
        return []
    return [_bonus(assigned.player)]


def adjust(state: GameState, awards: list[Award]) -> list[Award]:
    """Scorings that are not a turn's completed features (a barn's field): the fairy's 3 too,
    once per scoring step."""
    if any(a.kind == KIND for a in awards):
        return awards
    scored = {a.feature for a in awards if a.feature is not None}
    if not scored:
        return awards
    extra = [a for a in score(state, scored) if isinstance(a, Award)]
    return awards + extra if extra else awards


def abbot_returned(state: GameState, events: list[Event]) -> None:
    """The fairy's abbot returned early this turn: 3 points (option ``fairy_abbot_return_bonus``),
    as the return scores its monastery or garden."""
    if ABBOT not in state.config.figure_kinds:
        return  # no abbot in this game: nothing to look up each turn
    owner = fairy_for(state)
    fairy = state.pieces(FAIRY)
    if not owner or not fairy or on_tile(state):
        return
    piece = fairy[0]
    for action in state.turn_actions:
        if getattr(action, "verb", None) != ABBOT_RETURN:
            continue
        if (action.x, action.y, action.location) == (piece.x, piece.y, piece.location):  # type: ignore[attr-defined]
            if state.config.options[OPT_FAIRY_ABBOT_RETURN]:
                state.award(owner[0], 3, None, KIND, "the fairy's abbot returned early", events)
            set_fairy_for(state, ())
            return
