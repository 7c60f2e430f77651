"""JCZ locations (``NW``, ``_S``, ``NL.NR.EL.WR``, ``I``) and this engine's segments.

A JCZ location is a set of sides (edge features) or of half-edges (fields) in board
orientation, the same numbering as ours: sides 0-3 = N E S W, halves 0-7 = NL NR EL ER SL SR
WL WR. Two-side names are **not** corners (``NW`` is the west and north sides), and a three-side
name names the side left out (``_S`` = N E W). A field joins its halves with ``.`` in that order.
"""

from __future__ import annotations

from carcassonne.geometry import HALVES, SIDES
from carcassonne.tileset.model import RotatedFeature

#: Every set of sides with its JCZ name.
_SIDE_SETS: dict[frozenset[int], str] = {
    **{frozenset({i}): name for i, name in enumerate(SIDES)},
    frozenset({0, 1}): "NE",
    frozenset({1, 2}): "SE",
    frozenset({2, 3}): "SW",
    frozenset({3, 0}): "NW",
    frozenset({0, 2}): "NS",
    frozenset({1, 3}): "WE",
    **{frozenset({0, 1, 2, 3} - {i}): f"_{name}" for i, name in enumerate(SIDES)},
    frozenset({0, 1, 2, 3}): "NWSE",
}
_SIDE_NAMES = {name: sides for sides, name in _SIDE_SETS.items()}
_HALF_INDEX = {name: i for i, name in enumerate(HALVES)}


class Location:
    """A parsed JCZ location: sides, halves, or an inner name (``I``)."""

    __slots__ = ("halves", "inner", "sides")

    def __init__(self, sides: frozenset[int], halves: frozenset[int], inner: str | None) -> None:
        self.sides = sides
        self.halves = halves
        self.inner = inner


def parse_location(text: str) -> Location | None:
    """The location a JCZ name stands for (its parts joined by ``.``), or None if unknown."""
    sides: set[int] = set()
    halves: set[int] = set()
    inner: str | None = None
    for part in text.split("."):
        if part in _SIDE_NAMES:
            sides |= _SIDE_NAMES[part]
        elif part in _HALF_INDEX:
            halves.add(_HALF_INDEX[part])
        elif part in ("I", "II", "III", "IV") and inner is None and len(text.split(".")) == 1:
            inner = part
        else:
            return None
    return Location(frozenset(sides), frozenset(halves), inner)


def location_name(segment: RotatedFeature, centre: str) -> str:
    """The canonical JCZ name of a segment: its sides (edge feature), its halves (field), its
    inner name (a field inside the tile, touching no edge: ``I``, ``II``), or ``centre``."""
    if segment.sides:
        return _SIDE_SETS[frozenset(segment.sides)]
    if segment.halves:
        return ".".join(HALVES[i] for i in sorted(segment.halves))
    if segment.inner:
        return segment.inner[0]
    return centre


def matches(segment: RotatedFeature, location: Location, centre: str) -> bool:
    """Whether a JCZ location names exactly this segment (``centre``: the location JCZ gives
    the segment's kind when it sits in the middle of its tile)."""
    if segment.center:
        return location.inner == centre
    if not segment.sides and not segment.halves:
        return location.inner in segment.inner
    if segment.sides:
        return location.sides == frozenset(segment.sides) and not location.halves
    return location.halves == frozenset(segment.halves) and not location.sides
