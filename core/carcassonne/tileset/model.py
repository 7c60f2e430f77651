"""The in-memory form of a tile set: what the loader produces and the engine consumes.

Everything here is immutable and computed once per tile set, then shared by every game and every
state: the engine's hot path only indexes these tuples, it never parses or rotates a tile.

A tile type holds its features (segments) in reference orientation and, derived from them, one
:class:`Rotated` view per rotation with the edge signature and per-side / per-half / per-corner
lookup tables in board orientation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal

from carcassonne.geometry import (
    CORNER_HALVES,
    CORNERS,
    HALVES,
    ROTATIONS,
    SIDES,
    rotate_half,
    rotate_side,
)

#: The edge type of a side that no edge-carrying feature covers.
FIELD_EDGE = "field"

Placement = Literal["sides", "halves", "center"]


@dataclass(frozen=True)
class Attribute:
    """An integer attribute a feature kind's segments may carry (``shields``, an ``inn``), and
    how pictures and text show it. Declared by the plugin that registers the kind, or added to
    another plugin's kind with a ``KindExtension``.
    """

    name: str
    #: Words for it in text and legends (``"shield"``); empty: the name.
    label: str = ""
    #: One character for it in text pictures; empty: not drawn in text.
    glyph: str = ""
    #: The marker pictures draw for it: ``shield``, ``inn``, ``cathedral``, ``dot`` (any other
    #: name is drawn as a labelled dot).
    marker: str = "dot"
    #: Who declared it: ``"core"`` or a plugin name; used in error messages.
    provider: str = "core"

    @property
    def title(self) -> str:
        return self.label or self.name


@dataclass(frozen=True)
class FeatureKind:
    """A kind of feature a tile may show, registered by the core or by a plugin.

    The grammar knows no kinds: the loader checks every feature against the registered kinds, so
    an expansion (or a fan's plugin) adds a kind without touching the grammar.
    """

    name: str
    #: How its segments are located on a tile: by sides (city, road, river), by half-edges and
    #: inner pockets (field) or at the centre (monastery, garden).
    placement: Placement
    #: For ``placement == "sides"``: the edge type of the sides it covers (placement matching
    #: compares edge types).
    edge: str | None = None
    #: For side kinds: fields run along both halves of its sides (road, river). A city has no
    #: banks: no field half-edge may lie on a city side.
    banks: bool = False
    #: Its edges match any edge and close whatever touches them (the abbey).
    wildcard: bool = False
    #: How the feature completes: by closing all its open edges (city, road), by being surrounded
    #: by 8 tiles (monastery, garden), or never (field, river).
    completion: Literal["edges", "surround", "never"] = "never"
    #: Figures may stand on it (a river and an abbey's edges are not features for figures).
    occupiable: bool = True
    #: Integer attributes a segment of this kind may carry, e.g. ``shields`` on a city.
    attributes: frozenset[str] = frozenset()
    #: How the attributes are named and drawn (one entry per name in ``attributes`` that has a
    #: declaration; see :meth:`attribute`).
    attribute_info: tuple[Attribute, ...] = ()
    #: Followers (meeples and any follower figure kind) may stand on it when ``occupiable``.
    #: False for kinds with figures of their own (the abbot's garden).
    followers: bool = True
    #: Whether segments of this kind list the cities (or other side features) they border.
    borders: bool = False
    #: Who registered it: ``"core"`` or an expansion name; used in error messages.
    provider: str = "core"
    #: One character that draws the kind in text pictures (tile and board views); empty: the
    #: kind's initial (centre kinds) or the picture's default for its shape.
    glyph: str = ""
    #: How pictures draw it (``carcassonne.svg``): ``(key, value)`` pairs among ``shape``
    #: (``area``, ``path``, ``walls``, ``building``, ``bush``, ``marker``, ``ground``), ``fill``,
    #: ``stroke``, ``width``, ``label``; empty: a default look from its shape (docs/pictures.md).
    svg_style: tuple[tuple[str, str | float], ...] = ()

    def attribute(self, name: str) -> Attribute:
        """The declaration of attribute ``name`` (a plain one if none was declared)."""
        for info in self.attribute_info:
            if info.name == name:
                return info
        return Attribute(name, provider=self.provider)

    def extended(self, attributes: tuple[Attribute, ...]) -> FeatureKind:
        """This kind with more attributes (what a ``KindExtension`` does to it)."""
        return replace(
            self,
            attributes=self.attributes | {a.name for a in attributes},
            attribute_info=self.attribute_info + attributes,
        )


@dataclass(frozen=True)
class FeatureDef:
    """One segment on a tile, in reference orientation."""

    kind: str
    sides: tuple[int, ...] = ()
    halves: tuple[int, ...] = ()
    #: Inner field pockets that touch no edge, by name (``I``, ``II``).
    inner: tuple[str, ...] = ()
    #: Sides this segment reaches without owning them (``shares N``): another segment of the
    #: tile covers the side (its edge type and its location name), and both join whatever
    #: meets that side (Hills & Sheep's ``HS/CC!.v``: two cities on one north edge).
    shared: tuple[int, ...] = ()
    #: Integer attributes, e.g. ``{"shields": 1}``.
    attrs: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    #: Indices (into the tile's feature tuple) of the segments this one borders (fields -> cities).
    borders: tuple[int, ...] = ()
    #: Source position in the tile file, for messages: (line, column).
    pos: tuple[int, int] = (0, 0)
    #: A kind listed in the set's ``inert_kinds`` that no active plugin registers: kept as
    #: decoration (shown, written back), carries no edges and is never a figure target.
    inert: bool = False

    @property
    def center(self) -> bool:
        return not self.sides and not self.halves and not self.inner

    def attr(self, name: str) -> int:
        return self.attrs.get(name, 0)


@dataclass(frozen=True)
class RotatedFeature:
    """A segment in board orientation for one rotation of its tile."""

    index: int  # position in TileType.features
    kind: str
    sides: tuple[int, ...]
    halves: tuple[int, ...]
    inner: tuple[str, ...]
    #: Sides shared with the segment that covers them (see :attr:`FeatureDef.shared`).
    shared: tuple[int, ...]
    corners: tuple[int, ...]  # corners whose two half-edges both belong to this (field) segment
    attrs: Mapping[str, int]
    borders: tuple[int, ...]
    #: A side feature with a single side ends on this tile (crossing, gate, monastery, house);
    #: with two or more it runs through or branches (the A&M well).
    ends: bool
    #: Every name that addresses this segment in board orientation, canonical one first.
    locations: tuple[str, ...]

    @property
    def location(self) -> str:
        return self.locations[0]

    @property
    def center(self) -> bool:
        """A single-square feature in the middle of its tile (monastery, garden)."""
        return not self.sides and not self.halves and not self.inner


@dataclass(frozen=True)
class Rotated:
    """One rotation of a tile type: everything the engine needs, precomputed."""

    rotation: int
    #: Edge type per side (N, E, S, W) in board orientation.
    edges: tuple[str, str, str, str]
    features: tuple[RotatedFeature, ...]
    #: Feature index covering each side, or -1 (a field side).
    side_feature: tuple[int, int, int, int]
    #: Per side: a second feature index that shares it (``shares``), or -1 (nearly always).
    side_shared: tuple[int, int, int, int]
    #: Feature index of the field on each half-edge, or -1.
    half_feature: tuple[int, ...]
    #: Feature index of the field owning each corner (both halves in one field), or -1.
    corner_feature: tuple[int, int, int, int]
    #: Location name -> feature index.
    by_location: Mapping[str, int]


@dataclass(frozen=True)
class TileType:
    """A tile as printed: id, count and features, plus its four rotations."""

    id: str
    count: int
    features: tuple[FeatureDef, ...]
    description: str = ""
    alias: str | None = None
    #: Edition in which this tile exists as a variant (e.g. ``"C2"`` for a garden tile).
    edition: str | None = None
    #: In other editions each copy of this tile is a copy of that tile instead.
    replaces: str | None = None
    #: Free-form tags read by plugins: ``start``, ``spring``, ``lake``, ``abbey`` ...
    tags: frozenset[str] = frozenset()
    #: Name of the tile set the tile comes from.
    set_name: str = ""
    #: Source position of the tile's table in its file: (line, column).
    pos: tuple[int, int] = (0, 0)
    rotations: tuple[Rotated, ...] = ()
    #: Free-form remark kept with the data (the ``note`` key), e.g. how a tile is dealt out.
    note: str = ""

    def rotated(self, rotation: int) -> Rotated:
        return self.rotations[rotation // 90]

    @property
    def edges(self) -> tuple[str, str, str, str]:
        return self.rotations[0].edges

    def has(self, kind: str) -> bool:
        return any(f.kind == kind for f in self.features)


@dataclass(frozen=True)
class TileSet:
    """The tiles of one TOML file."""

    name: str
    tiles: tuple[TileType, ...]
    description: str = ""
    path: str = ""
    #: Kinds that are inert decoration when no active plugin registers them (``garden``).
    inert_kinds: frozenset[str] = frozenset()
    #: Edition the set was loaded for (``"C1"``, ``"C2"``), or None: as written, variants kept.
    edition: str | None = "C2"
    #: Free-form remark kept with the data (the ``note`` key of the header).
    note: str = ""

    def by_id(self) -> dict[str, TileType]:
        return {t.id: t for t in self.tiles}


# --------------------------------------------------------------------------------------------
# Derivation of the rotated views. Called by the loader once per tile type.


def side_edges(features: tuple[FeatureDef, ...], kinds: Mapping[str, FeatureKind]) -> list[str]:
    edges = [FIELD_EDGE] * 4
    for f in features:
        kind = kinds.get(f.kind)
        if kind is not None and kind.placement == "sides" and kind.edge:
            for s in f.sides:
                edges[s] = kind.edge
    return edges


def rotate_tile(
    features: tuple[FeatureDef, ...], kinds: Mapping[str, FeatureKind]
) -> tuple[Rotated, ...]:
    """The four rotated views of a tile whose features are given in reference orientation.

    Features of kinds missing from ``kinds`` (inert decoration) are kept but carry no edges.
    """
    base_edges = side_edges(features, kinds)
    out = []
    for rotation in ROTATIONS:
        edges = [FIELD_EDGE] * 4
        for s, e in enumerate(base_edges):
            edges[rotate_side(s, rotation)] = e
        side_feature = [-1] * 4
        side_shared = [-1] * 4
        half_feature = [-1] * 8
        corner_feature = [-1] * 4
        rfeatures = []
        by_location: dict[str, int] = {}
        for i, f in enumerate(features):
            sides = tuple(sorted(rotate_side(s, rotation) for s in f.sides))
            halves = tuple(sorted(rotate_half(h, rotation) for h in f.halves))
            shared = tuple(sorted(rotate_side(s, rotation) for s in f.shared))
            for s in sides:
                side_feature[s] = i
            for s in shared:
                side_shared[s] = i
            for h in halves:
                half_feature[h] = i
            corners = tuple(
                c for c, (a, b) in enumerate(CORNER_HALVES) if a in halves and b in halves
            )
            for c in corners:
                corner_feature[c] = i
            names = [SIDES[s] for s in sides] + [HALVES[h] for h in halves]
            names += list(f.inner) + [CORNERS[c] for c in corners]
            if f.center:
                names.append(f.kind)
            rf = RotatedFeature(
                index=i,
                kind=f.kind,
                sides=sides,
                halves=halves,
                inner=f.inner,
                shared=shared,
                corners=corners,
                attrs=f.attrs,
                borders=f.borders,
                ends=len(sides) == 1,
                locations=tuple(names),
            )
            rfeatures.append(rf)
            for name in names:
                by_location.setdefault(name, i)
        out.append(
            Rotated(
                rotation=rotation,
                edges=tuple(edges),  # type: ignore[arg-type]
                features=tuple(rfeatures),
                side_feature=tuple(side_feature),  # type: ignore[arg-type]
                side_shared=tuple(side_shared),  # type: ignore[arg-type]
                half_feature=tuple(half_feature),
                corner_feature=tuple(corner_feature),  # type: ignore[arg-type]
                by_location=MappingProxyType(by_location),
            )
        )
    return tuple(out)
