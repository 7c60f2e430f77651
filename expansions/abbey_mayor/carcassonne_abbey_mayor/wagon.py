"""The wagon: stands on a road, city or monastery; after its feature is scored it may move on.

The core returns a scored wagon to its owner's supply with the other figures and then asks the
decisions ``carcassonne_after_scoring`` returns, clockwise from the active player. A move is a
``PlaceFigure("wagon", ...)`` answer to the ``wagon`` decision; ``Pass`` leaves the wagon home.
Targets are computed when the decision becomes pending, so an earlier wagon's move can take a
target a later one wanted.
"""

from __future__ import annotations

from typing import NamedTuple

from carcassonne import (
    Action,
    Decision,
    GameState,
    Placed,
    PlaceFigure,
    ReturnedFigure,
    Rotated,
    RotatedFeature,
)
from carcassonne.geometry import RING_OFFSETS, SIDE_OFFSETS
from carcassonne_abbey_mayor.common import OPT_WAGON_MOVE, WAGON

#: Feature kinds a wagon may stand on (an abbey is a monastery segment of the abbey tile).
WAGON_KINDS = frozenset({"road", "city", "monastery"})
DECISION = "wagon"


class WagonFrom(NamedTuple):
    """The data of a ``wagon`` decision: where the wagon stood and the feature scored."""

    x: int
    y: int
    location: str
    feature: int


#: A place a wagon might go: ``(x, y, feature, segment)``.
Target = tuple[int, int, int, RotatedFeature]


def options(x: int, y: int, free: list[RotatedFeature]) -> list[Action]:
    """The wagon on any unoccupied road, city or monastery of the tile just placed (``free``:
    its unoccupied segments, see :func:`carcassonne_abbey_mayor.common.free_segments`)."""
    return [PlaceFigure(WAGON, x, y, seg.location) for seg in free if seg.kind in WAGON_KINDS]


def decisions(state: GameState, returned: list[ReturnedFigure]) -> list[Decision]:
    """A ``wagon`` decision for each wagon that came back from a scored feature and has a target.

    ``data`` is a :class:`WagonFrom`: where the wagon stood and the feature scored.
    """
    out = []
    for fig in returned:
        if fig.figure != WAGON:
            continue
        data = WagonFrom(fig.x, fig.y, fig.location, fig.feature)
        decision = Decision(DECISION, fig.player, data)
        if targets(state, decision):
            out.append(decision)
    return out


def targets(state: GameState, decision: Decision) -> list[Action]:
    """Where the wagon of ``decision`` may move now (incomplete, unoccupied, in range)."""
    data = decision.data
    assert isinstance(data, WagonFrom)
    x, y = data.x, data.y
    if state.config.options[OPT_WAGON_MOVE] == "C1":
        candidates = connected_segments(state, data.feature)
    else:
        candidates = [
            (x + dx, y + dy, feature, seg)
            for dx, dy in ((0, 0),) + RING_OFFSETS
            for feature, seg in state.segments(x + dx, y + dy)
        ]
    out: set[Action] = set()
    for tx, ty, feature, seg in candidates:
        if seg.kind not in WAGON_KINDS:
            continue
        if state.figures_on(feature) or state.is_complete(feature):
            continue
        out.add(PlaceFigure(WAGON, tx, ty, seg.location))
    return list(out)


# -- C1: features connected to the scored one ---------------------------------------------------
#
# The tile data says which segments lie on a tile, which sides they cover and which cities a
# field borders, but not what a road "leads into". C1 connections are derived from that:
#
# * a road that ends on a tile leads into the monastery on that tile, else into the city both of
#   its bank fields border (a city gate), else into the other gate-less roads that end there (a
#   crossing);
# * a road or city side that faces an abbey (a tile with wildcard edges) leads into the abbey;
# * a monastery on a tile of a city lies inside it.
# Connections are symmetric and one step long: two cities never connect, nor does a field.


def _gate_cities(rot: Rotated, side: int) -> set[int]:
    """Feature indices of the cities both bank fields of ``side`` border (a city gate)."""
    common: set[int] | None = None
    for half in (2 * side, 2 * side + 1):
        index = rot.half_feature[half]
        if index < 0:
            return set()
        borders = set(rot.features[index].borders)
        common = borders if common is None else common & borders
    return {i for i in common or () if rot.features[i].kind == "city"}


def _tile_links(placed: Placed) -> set[tuple[int, int]]:
    """Pairs of feature indices on one tile that C1 connects (both orders)."""
    rot = placed.rot
    features = rot.features
    monasteries = [f.index for f in features if f.kind == "monastery"]
    cities = [f.index for f in features if f.kind == "city"]
    links: set[tuple[int, int]] = set()
    crossing = []
    for f in features:
        if f.kind != "road" or not f.ends:
            continue
        if monasteries:
            links.update((f.index, m) for m in monasteries)
            continue
        gates = _gate_cities(rot, f.sides[0])
        if gates:
            links.update((f.index, c) for c in gates)
        else:
            crossing.append(f.index)
    if len(crossing) > 1:
        links.update((a, b) for a in crossing for b in crossing if a != b)
    links.update((c, m) for c in cities for m in monasteries)
    return links | {(b, a) for a, b in links}


def connected_segments(state: GameState, feature: int) -> list[Target]:
    """``(x, y, feature, segment)`` of every segment C1 connects to ``feature``."""
    wild = state.config.wildcard_edges
    out: list[Target] = []
    for x, y in sorted(state.feature_tiles(feature)):
        placed = state.tile_at(x, y)
        assert placed is not None
        segments = state.segments(x, y)
        mine = [f for other, f in segments if state.same_feature(other, feature)]
        links = _tile_links(placed)
        own = {f.index for f in mine}
        for other, f in segments:
            if f.index not in own and any((m, f.index) in links for m in own):
                out.append((x, y, other, f))
        out.extend(_across_abbey_edges(state, x, y, placed, mine, wild))
    return out


def _across_abbey_edges(
    state: GameState,
    x: int,
    y: int,
    placed: Placed,
    mine: list[RotatedFeature],
    wild: frozenset[str],
) -> list[Target]:
    """Segments across a wildcard (abbey) edge from ``mine``, or touching the abbey ``mine`` is."""
    out: list[Target] = []
    rot = placed.rot
    for f in mine:
        if f.kind == "monastery" and all(edge in wild for edge in rot.edges):
            # an abbey: the roads and cities that run into its edges
            for side, (dx, dy) in enumerate(SIDE_OFFSETS):
                other = state.tile_at(x + dx, y + dy)
                if other is None:
                    continue
                index = other.rot.side_feature[(side + 2) & 3]
                if index >= 0:
                    seg = other.rot.features[index]
                    there = state.feature_at(x + dx, y + dy, seg.location)
                    out.append((x + dx, y + dy, there, seg))
            continue
        for side in f.sides:
            dx, dy = SIDE_OFFSETS[side]
            other = state.tile_at(x + dx, y + dy)
            if other is None or other.rot.edges[(side + 2) & 3] not in wild:
                continue
            out.extend(
                (x + dx, y + dy, state.feature_at(x + dx, y + dy, seg.location), seg)
                for seg in other.rot.features
                if seg.kind == "monastery"
            )
    return out
