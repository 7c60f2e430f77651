"""The river's course, read from the board: open ends, turns, and the no-U-turn rule.

Nothing here is stored in the game state. The open end of the river is any empty square next
to a river edge (the core lets a river edge touch only another river edge, or an abbey's
wildcard edge which closes it), and the turns so far are found by walking upstream from that
end. This keeps ``clone()`` and ``undo()`` exact without plugin data, works on boards built
directly from a position, and costs, per drawn river tile, one look at each placed tile (few
while river tiles are drawn: the river stack comes first) and a walk upstream that stops at the
second curve (all the U-turn rule needs).

Turns are quarter turns clockwise, relative to the flow from the spring: a tile entered
through side ``inlet`` and left through side ``outlet`` heads ``opposite(inlet)`` on the way in
and ``outlet`` on the way out. With y growing south, a clockwise turn is a right turn.
"""

from __future__ import annotations

from carcassonne import GameState, Rotated, TileType
from carcassonne.geometry import SIDE_OFFSETS, opposite

#: The river's feature kind and the edge type of its sides.
RIVER = "river"

STRAIGHT = 0
RIGHT = 1
LEFT = 3

Pos = tuple[int, int]


#: Edges (N, E, S, W) -> the sides showing a river edge: few distinct edge tuples exist, and
#: the walks below ask for the same ones on every drawn river tile. Bounded all the same, as
#: tile sets may bring any edge types.
_RIVER_SIDES: dict[tuple[str, ...], tuple[int, ...]] = {}
_RIVER_SIDES_MAX = 4096


def river_sides(rot: Rotated) -> tuple[int, ...]:
    """Sides (board orientation) on which one rotation of a tile shows a river edge."""
    sides = _RIVER_SIDES.get(rot.edges)
    if sides is None:
        sides = tuple(side for side, edge in enumerate(rot.edges) if edge == RIVER)
        if len(_RIVER_SIDES) < _RIVER_SIDES_MAX:
            _RIVER_SIDES[rot.edges] = sides
    return sides


def is_river_tile(tile: TileType) -> bool:
    """Whether a tile type carries a river (then the River's placement rules apply to it)."""
    return RIVER in tile.rotations[0].edges


def turn(inlet: int, outlet: int) -> int:
    """The turn of the flow through a tile: STRAIGHT, RIGHT or LEFT (2 would be a U-turn)."""
    return (outlet - opposite(inlet)) % 4


def tile_turn(rot: Rotated, inlet: int) -> int | None:
    """The turn of a river tile entered through ``inlet``; None if it has no single outlet
    (the lake ends the river; a fork would have two outlets)."""
    outlets = [side for side in river_sides(rot) if side != inlet]
    if len(outlets) != 1:
        return None
    return turn(inlet, outlets[0])


def river_ends(state: GameState) -> dict[Pos, int]:
    """Every empty square next to a placed river edge, with the side of it that faces the river
    (the first such side, in the order N, E, S, W, should two river edges touch it).

    Found from the placed river tiles, which are few while river tiles are drawn (the river
    stack comes first), rather than by looking around each of the drawn tile's squares.
    """
    board = state.board
    ends: dict[Pos, int] = {}
    for (x, y), placed in board.items():
        if RIVER not in placed.rot.edges:
            continue
        for side in river_sides(placed.rot):
            dx, dy = SIDE_OFFSETS[side]
            end = (x + dx, y + dy)
            if end in board:
                continue
            inlet = opposite(side)
            if ends.get(end, 4) > inlet:
                ends[end] = inlet
    return ends


def open_ends(state: GameState) -> list[Pos]:
    """The empty squares next to a placed river edge, sorted: where the river goes on."""
    ends = set()
    for x, y in state.placement_order():
        placed = state.tile_at(x, y)
        assert placed is not None
        for side in river_sides(placed.rot):
            dx, dy = SIDE_OFFSETS[side]
            if state.tile_at(x + dx, y + dy) is None:
                ends.add((x + dx, y + dy))
    return sorted(ends)


def upstream_turns(
    state: GameState, x: int, y: int, inlet: int, curves: int | None = None
) -> list[int]:
    """The turns of the river tiles upstream of the open end ``(x, y)``, nearest first.

    ``inlet`` is the side of ``(x, y)`` facing the river. The walk stops at the spring (a tile
    with no other river side), at a fork, or where the river is not continued by a tile; and,
    when ``curves`` is given, after that many curves (the U-turn rule looks at two at most).
    """
    turns: list[int] = []
    found = 0
    dx, dy = SIDE_OFFSETS[inlet]
    px, py, outlet = x + dx, y + dy, opposite(inlet)
    seen: set[Pos] = set()
    board = state.board
    while (px, py) not in seen:
        seen.add((px, py))
        placed = board.get((px, py))
        if placed is None or placed.rot.edges[outlet] != RIVER:
            break
        inlets = [side for side in river_sides(placed.rot) if side != outlet]
        if len(inlets) != 1:
            break
        turned = turn(inlets[0], outlet)
        turns.append(turned)
        if turned != STRAIGHT and curves is not None:
            found += 1
            if found >= curves:
                break
        dx, dy = SIDE_OFFSETS[inlets[0]]
        px, py, outlet = px + dx, py + dy, opposite(inlets[0])
    return turns


def is_u_turn(new: int | None, upstream: list[int], mode: str) -> bool:
    """Whether a tile turning ``new`` after the ``upstream`` turns (nearest first) makes a U-turn.

    ``"immediate"``: the new curve turns the same way as the river tile just before it.
    ``"strict"`` (publisher FAQ) also forbids a third curve the same way when only straight
    tiles lie between the three.
    """
    if new is None or new == STRAIGHT:
        return False
    return _curve_u_turn(new, upstream, mode)


#: How many curves upstream of a new curve the U-turn rule looks at (see :func:`is_u_turn`).
U_TURN_CURVES = 2


def _curve_u_turn(new: int, upstream: list[int], mode: str) -> bool:
    """:func:`is_u_turn` for a ``new`` curve (RIGHT or LEFT)."""
    if upstream and upstream[0] == new:
        return True
    if mode == "strict":
        curves = [t for t in upstream if t != STRAIGHT][:2]
        return curves == [new, new]
    return False


#: Why a river placement is vetoed (the codes the River declares).
NOT_CONTINUED = "river-not-continued"
U_TURN = "river-u-turn"


def veto_reasons(
    state: GameState, tile: TileType, candidates: list[tuple[int, int, int]], mode: str
) -> dict[tuple[int, int, int], str]:
    """The candidates of a river tile that do not continue an open end (``NOT_CONTINUED``) or
    make a U-turn (``U_TURN``), each with its reason.

    When the river has no open end (the lake is down, or an abbey closed it) every candidate is
    vetoed and the core returns the tile to the box.
    """
    ends = river_ends(state)
    upstream: dict[Pos, list[int]] = {}  # per open end, walked when a curve is placed there
    vetoes = {}
    for spot in candidates:  # most are not at an open end: the triple itself is the key
        x, y, rotation = spot
        inlet = ends.get((x, y))
        if inlet is None:
            vetoes[spot] = NOT_CONTINUED
            continue
        if mode == "jcz":
            if not _free_beyond(state, x, y, tile.rotations[rotation // 90], inlet):
                vetoes[spot] = U_TURN
            continue
        new = tile_turn(tile.rotations[rotation // 90], inlet)
        if new is None or new == STRAIGHT:
            continue
        turns = upstream.get((x, y))
        if turns is None:
            turns = upstream[(x, y)] = upstream_turns(state, x, y, inlet, U_TURN_CURVES)
        if _curve_u_turn(new, turns, mode):
            vetoes[spot] = U_TURN
    return vetoes


def _free_beyond(state: GameState, x: int, y: int, rot: Rotated, inlet: int) -> bool:
    """JCloisterZone's rule (mode ``"jcz"``): a river tile may go where the squares beyond its
    outlet are free: the next square, the two beside it, the square after it and the two
    beside that. A tile without a single outlet (the lake) always may."""
    outlets = [side for side in river_sides(rot) if side != inlet]
    if len(outlets) != 1:
        return True
    fx, fy = SIDE_OFFSETS[outlets[0]]
    sx, sy = -fy, fx  # a quarter turn of the flow: beside it
    board = state.board
    for step in (1, 2):
        cx, cy = x + step * fx, y + step * fy
        for k in (-1, 0, 1):
            if (cx + k * sx, cy + k * sy) in board:
                return False
    return True


def vetoed_placements(
    state: GameState, tile: TileType, candidates: list[tuple[int, int, int]], mode: str
) -> list[tuple[int, int, int]]:
    """The candidates of a river tile that the River's rules forbid (see :func:`veto_reasons`)."""
    return list(veto_reasons(state, tile, candidates, mode))
