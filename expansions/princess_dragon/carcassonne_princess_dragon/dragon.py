"""The volcano and the dragon (princess-dragon.md §2-§4).

A volcano calls the dragon onto it (from beside the board the first time, which also shuffles
the dragon tiles set aside so far back into the pile). A dragon tile, placed while the dragon
is in play, makes it take up to six steps, one per player in seat order from the active one:
each step goes to a neighbouring placed tile not visited in this move and not the fairy's, and
eats every figure there but a barn. A player with a step left must take it (a forced decision);
with no square left the move ends, as the core skips a forced decision with no action.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import (
    NEUTRAL,
    Action,
    Decision,
    Figure,
    GameState,
    Piece,
    PlaceFigure,
    TileType,
    TypedAction,
)
from carcassonne.events import Event
from carcassonne.geometry import SIDE_OFFSETS
from carcassonne_princess_dragon.common import (
    BARN,
    DRAGON,
    DRAGON_TAG,
    FAIRY,
    OPT_DRAGON_TILE_BLOCKS,
    STEP,
    STEPS,
    VOLCANO,
    set_visited,
    tagged,
    visited,
)


class _StepFields(NamedTuple):
    x: int
    y: int


class DragonStep(TypedAction, _StepFields):
    """Move the dragon one square, onto the placed tile at ``(x, y)`` (a ``dragon`` decision)."""

    __slots__ = ()
    verb: ClassVar[str] = "dragon"


NO_VOLCANO = "no volcano yet: the dragon is not in play"


def the_dragon(state: GameState) -> Piece | None:
    pieces = state.pieces(DRAGON)
    return pieces[0] if pieces else None


def set_aside(state: GameState, tile: TileType) -> str | None:
    """A dragon tile drawn while the dragon is not in play is set aside (drawn again)."""
    if DRAGON_TAG in tile.tags and not state.pieces(DRAGON):
        return NO_VOLCANO
    return None


def tile_placed(state: GameState, x: int, y: int, tile: TileType) -> None:
    """A volcano: the dragon flies onto it; the first one shuffles the dragon tiles back in."""
    if not tagged(tile, VOLCANO):
        return
    events: list[Event] = []
    dragon = the_dragon(state)
    if dragon is None:
        state.put_piece(DRAGON, NEUTRAL, x, y, None, events)
        types = state.config.tile_types
        aside = [t for t in state.set_aside_tiles() if tagged(types[t], DRAGON_TAG)]
        if aside:
            state.shuffle_in("the first volcano", events, tiles=aside)
    else:
        state.move_piece(dragon, x, y, None, events)
    state.emit(events)


def steps(state: GameState) -> list[Decision]:
    """The six steps of a dragon move, if the tile just placed is a dragon tile and the dragon
    is in play: step ``k`` is the player ``k`` seats on from the active one."""
    if state.last_tile is None:
        return []
    placed = state.tile_at(*state.last_tile)
    if placed is None or DRAGON_TAG not in placed.tile.tags:
        return []  # most turns: no dragon tile, nothing else read
    dragon = the_dragon(state)
    if dragon is None:
        return []
    set_visited(state, ((dragon.x, dragon.y),))
    seats = state.seats_from()
    return [Decision(STEP, seats[k % len(seats)], k, passable=False) for k in range(STEPS)]


def options(state: GameState) -> list[Action]:
    """The squares the dragon may step onto now."""
    dragon = fairy = None
    for piece in state.pieces():  # one look for both neutral figures
        if piece.kind == DRAGON and dragon is None:
            dragon = piece
        elif piece.kind == FAIRY and fairy is None:
            fairy = piece
    if dragon is None:
        return []
    barred = set(visited(state))
    if fairy is not None:
        barred.add((fairy.x, fairy.y))
    out: list[Action] = []
    for dx, dy in SIDE_OFFSETS:
        square = (dragon.x + dx, dragon.y + dy)
        if square in state.board and square not in barred:
            out.append(DragonStep(*square))
    return out


def step(state: GameState, action: DragonStep) -> list[Event]:
    """One step: the dragon enters the square and eats every figure on it but a barn."""
    events: list[Event] = []
    dragon = the_dragon(state)
    assert dragon is not None
    state.move_piece(dragon, action.x, action.y, None, events)
    set_visited(state, (*visited(state), (action.x, action.y)))
    for figure in figures_at(state, action.x, action.y):
        if figure.kind != BARN:
            state.remove_figure(figure, "eaten by the dragon", events)
    return events


def figures_at(state: GameState, x: int, y: int) -> list[Figure]:
    """The figures standing on the tile at ``(x, y)``, in the order of ``state.figures()``
    (by feature): read from the tile's own segments, not from a scan of the whole board."""
    found: dict[int, list[Figure]] = {}
    for feature, _segment in state.segments(x, y):
        if feature not in found:
            found[feature] = [f for f in state.figures_on(feature) if f.x == x and f.y == y]
    return [figure for feature in sorted(found) for figure in found[feature]]


def vetoes(state: GameState, actions: list[Action]) -> list[Action]:
    """No figure (a barn on a corner excepted) onto the square the dragon stands on; with
    ``dragon_tile_blocks = False`` only onto the volcano placed this turn."""
    dragon = the_dragon(state)
    if dragon is None:
        return []
    square = (dragon.x, dragon.y)
    if not state.config.options[OPT_DRAGON_TILE_BLOCKS] and square != state.last_tile:
        return []
    return [
        a for a in actions if type(a) is PlaceFigure and (a.x, a.y) == square and a.figure != BARN
    ]


def blocked(state: GameState, action: Action) -> bool:
    """Whether :func:`vetoes` forbids ``action`` (for the refusal's explanation)."""
    return bool(vetoes(state, [action]))
