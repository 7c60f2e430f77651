"""The wagon: stands on a road, city or monastery; after its feature is scored it may move on.

The core returns a scored wagon to its owner's supply with the other figures and then asks the
decisions ``carcassonne_after_scoring`` returns, clockwise from the active player. A move is a
``PlaceFigure("wagon", ...)`` answer to the ``wagon`` decision; ``Pass`` leaves the wagon home.
Targets are computed when the decision becomes pending, so an earlier wagon's move can take a
target a later one wanted.
"""

from __future__ import annotations

from typing import Any

from carcassonne import Decision, PlaceFigure
from carcassonne.geometry import RING_OFFSETS, SIDE_OFFSETS
from carcassonne_abbey_mayor.common import OPT_WAGON_MOVE, WAGON

#: Feature kinds a wagon may stand on (an abbey is a monastery segment of the abbey tile).
WAGON_KINDS = frozenset({"road", "city", "monastery"})
DECISION = "wagon"


def options(state: Any, x: int, y: int) -> list[Any]:
    """The wagon on any unoccupied road, city or monastery of the tile just placed."""
    return [
        PlaceFigure(WAGON, x, y, seg.location)
        for node, seg in state.segments(x, y)
        if seg.kind in WAGON_KINDS and not state.figures_on(node)
    ]


def decisions(state: Any, returned: list[Any]) -> list[Decision]:
    """A ``wagon`` decision for each wagon that came back from a scored feature and has a target.

    ``data`` is ``(x, y, location, feature)``: where the wagon stood and the feature scored.
    """
    out = []
    for fig in returned:
        if fig.figure != WAGON:
            continue
        data = (fig.x, fig.y, fig.location, fig.feature)
        decision = Decision(DECISION, fig.player, data)
        if targets(state, decision):
            out.append(decision)
    return out


def targets(state: Any, decision: Decision) -> list[Any]:
    """Where the wagon of ``decision`` may move now (incomplete, unoccupied, in range)."""
    x, y, _location, feature = decision.data
    if state.config.options[OPT_WAGON_MOVE] == "C1":
        candidates = connected_segments(state, feature)
    else:
        candidates = [
            (x + dx, y + dy, node, seg)
            for dx, dy in ((0, 0),) + RING_OFFSETS
            for node, seg in state.segments(x + dx, y + dy)
        ]
    out = []
    for tx, ty, node, seg in candidates:
        if seg.kind not in WAGON_KINDS:
            continue
        if state.figures_on(node) or state.is_complete(node):
            continue
        out.append(PlaceFigure(WAGON, tx, ty, seg.location))
    return sorted(set(out))


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


def _gate_cities(rot: Any, side: int) -> set[int]:
    """Feature indices of the cities both bank fields of ``side`` border (a city gate)."""
    common: set[int] | None = None
    for half in (2 * side, 2 * side + 1):
        index = rot.half_feature[half]
        if index < 0:
            return set()
        borders = set(rot.features[index].borders)
        common = borders if common is None else common & borders
    return {i for i in common or () if rot.features[i].kind == "city"}


def _tile_links(placed: Any) -> set[tuple[int, int]]:
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


def connected_segments(state: Any, feature: int) -> list[tuple[int, int, int, Any]]:
    """``(x, y, node, segment)`` of every segment C1 connects to ``feature``."""
    root = state.find(feature)
    wild = state.config.wildcard_edges
    out = []
    for x, y in sorted(state.feature_tiles(root)):
        placed = state.tile_at(x, y)
        base = placed.base
        mine = [f for f in placed.rot.features if state.find(base + f.index) == root]
        links = _tile_links(placed)
        own = {f.index for f in mine}
        for f in placed.rot.features:
            if f.index not in own and any((m, f.index) in links for m in own):
                out.append((x, y, base + f.index, f))
        out.extend(_across_abbey_edges(state, x, y, placed, mine, wild))
    return out


def _across_abbey_edges(
    state: Any, x: int, y: int, placed: Any, mine: list[Any], wild: frozenset[str]
) -> list[tuple[int, int, int, Any]]:
    """Segments across a wildcard (abbey) edge from ``mine``, or touching the abbey ``mine`` is."""
    out = []
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
                    out.append((x + dx, y + dy, other.base + index, seg))
            continue
        for side in f.sides:
            dx, dy = SIDE_OFFSETS[side]
            other = state.tile_at(x + dx, y + dy)
            if other is None or other.rot.edges[(side + 2) & 3] not in wild:
                continue
            out.extend(
                (x + dx, y + dy, other.base + seg.index, seg)
                for seg in other.rot.features
                if seg.kind == "monastery"
            )
    return out
