"""Board geometry shared by tiles, the engine and every plugin.

Conventions (tiles.md §0): x grows east, y grows **south**; the start tile stands at (0, 0).
Sides are indexed clockwise from north, half-edges clockwise from the north-west corner and
corners clockwise from north-west, so that a clockwise quarter turn adds 1 to a side or corner
index and 2 to a half-edge index. Everything here is plain ints and tuples so the hot path never
pays for an object.
"""

from __future__ import annotations

from typing import Final

# The names below are ``Final``: the compiled build (docs/compiled.md) keeps them in C statics
# instead of looking them up in the module's dict at each read; Python is unchanged.
SIDES: Final[tuple[str, ...]] = ("N", "E", "S", "W")
HALVES: Final[tuple[str, ...]] = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
CORNERS: Final[tuple[str, ...]] = ("NW", "NE", "SE", "SW")
ROTATIONS: Final[tuple[int, ...]] = (0, 90, 180, 270)

SIDE_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(SIDES)}
HALF_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(HALVES)}
CORNER_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CORNERS)}

#: (dx, dy) of the neighbour across each side.
SIDE_OFFSETS: Final[tuple[tuple[int, int], ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))

#: The 8 squares around a tile (orthogonal and diagonal), in a fixed order.
RING_OFFSETS: Final[tuple[tuple[int, int], ...]] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
)

#: The two half-edges that make up each corner (NW = WR + NL, NE = NR + EL, ...).
CORNER_HALVES: Final[tuple[tuple[int, int], ...]] = ((7, 0), (1, 2), (3, 4), (5, 6))

#: Offsets of the four tiles meeting at each corner of a tile, with the corner index each of
#: those tiles contributes to the meeting point. Used for barns.
CORNER_MEETING: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = (
    ((0, 0, 0), (-1, 0, 1), (-1, -1, 2), (0, -1, 3)),  # NW of (0,0)
    ((0, 0, 1), (0, -1, 2), (1, -1, 3), (1, 0, 0)),  # NE
    ((0, 0, 2), (1, 0, 3), (1, 1, 0), (0, 1, 1)),  # SE
    ((0, 0, 3), (0, 1, 0), (-1, 1, 1), (-1, 0, 2)),  # SW
)


def opposite(side: int) -> int:
    """The side of the neighbour that faces ``side``."""
    return (side + 2) & 3


def facing_half(half: int) -> int:
    """The neighbour's half-edge that touches ``half`` (NL <-> SR, NR <-> SL, EL <-> WR, ...)."""
    other_side = ((half >> 1) + 2) & 3
    return 2 * other_side + (1 - (half & 1))


def rotate_side(side: int, rotation: int) -> int:
    """Where ``side`` ends up after turning the tile ``rotation`` degrees clockwise."""
    return (side + rotation // 90) & 3


def rotate_half(half: int, rotation: int) -> int:
    return (half + 2 * (rotation // 90)) & 7


def neighbour(x: int, y: int, side: int) -> tuple[int, int]:
    dx, dy = SIDE_OFFSETS[side]
    return x + dx, y + dy
