"""Features that grow as tiles join: a union-find over tile segments, with aggregates per root.

Every segment of every placed tile is a node (its id is the tile's ``Placed.order`` plus the
segment's index). Joined segments share a root, and the root's entries describe the whole
feature: open edges, squares, figures, bordering features (fields) and attributes (shields, a
plugin's inn). A road or city is complete when its open-edge count reaches zero, a monastery
when its eight neighbours are present: no flood fill, ever.

The graph is private to the state: plugins read it through ``GameState``'s queries, where a
feature is the int id of its root (the smallest node of the feature, so ids are canonical).
Each aggregate list holds immutable values, so :meth:`copy` is a handful of list copies.
"""

from __future__ import annotations

from typing import NamedTuple

from carcassonne.geometry import RING_OFFSETS, facing_half
from carcassonne.values import Figure, Placed, Pos

_EMPTY: frozenset[int] = frozenset()
_FACING = tuple(facing_half(h) for h in range(8))


class Segments(NamedTuple):
    """The segments of one rotated tile, column by column, as :meth:`FeatureGraph.place` adds
    them: built once per configuration, tile and rotation (``GameConfig.segment_data``), so that
    placing a tile extends each aggregate list once instead of appending segment by segment.
    Indices are the segments' (``RotatedFeature.index``)."""

    #: Feature kind per segment.
    kinds: tuple[str, ...]
    #: Open edges per segment (0 for kinds that do not complete by edges).
    opens: tuple[int, ...]
    #: Per segment: whether its feature's squares are tracked (it completes by edges or by
    #: being surrounded).
    tracked: tuple[bool, ...]
    #: Segments with open edges (checked for completion after joining).
    open_nodes: tuple[int, ...]
    #: Segments that complete by being surrounded (monasteries, gardens).
    surround: tuple[int, ...]
    #: ``(segment, bordering segments)`` for segments that border others (fields).
    borders: tuple[tuple[int, tuple[int, ...]], ...]
    #: Attributes per segment (shields, a plugin's inn), or None; never mutated (merges copy).
    attrs: tuple[dict[str, int] | None, ...]
    #: ``()`` per segment: no figures yet.
    no_figs: tuple[tuple[()], ...]
    #: ``frozenset()`` per segment: no borders yet.
    no_borders: tuple[frozenset[int], ...]
    #: Per side (N, E, S, W): the tile's edge code on that side, shifted to where the empty
    #: square beyond that side keeps it in its frontier pattern (its side facing the tile).
    shown: tuple[int, int, int, int]


def segments_of(
    rows: list[tuple[str, int, bool, tuple[int, ...], dict[str, int] | None]],
    codes: tuple[int, int, int, int],
) -> Segments:
    """Columns from one row per segment: (kind, open edges, surround?, borders, attrs), and
    the tile's edge ``codes`` (N, E, S, W)."""
    n = len(rows)
    shown = tuple(codes[side] << (4 * ((side + 2) & 3)) for side in range(4))
    return Segments(
        kinds=tuple(kind for kind, _, _, _, _ in rows),
        opens=tuple(opened for _, opened, _, _, _ in rows),
        tracked=tuple(bool(opened) or is_surround for _, opened, is_surround, _, _ in rows),
        open_nodes=tuple(i for i, row in enumerate(rows) if row[1]),
        surround=tuple(i for i, row in enumerate(rows) if not row[1] and row[2]),
        borders=tuple((i, row[3]) for i, row in enumerate(rows) if row[3]),
        attrs=tuple(row[4] for row in rows),
        no_figs=((),) * n,
        no_borders=(_EMPTY,) * n,
        shown=(shown[0], shown[1], shown[2], shown[3]),
    )


class FeatureGraph:
    """The segments of the board's tiles joined into features (see the module docstring)."""

    __slots__ = ("parent", "kind", "pos", "open", "tiles", "figs", "borders", "attrs", "surround")

    parent: list[int]
    kind: list[str]
    pos: list[Pos]
    open: list[int]
    #: Squares of features that can complete; None for fields and rivers (derived on demand).
    tiles: list[frozenset[Pos] | None]
    figs: list[tuple[Figure, ...]]
    borders: list[frozenset[int]]
    attrs: list[dict[str, int] | None]
    #: Square -> nodes completed by being surrounded (monasteries, gardens).
    surround: dict[Pos, tuple[int, ...]]

    def __init__(self) -> None:
        self.parent = []
        self.kind = []
        self.pos = []
        self.open = []
        self.tiles = []
        self.figs = []
        self.borders = []
        self.attrs = []
        self.surround = {}

    def copy(self) -> FeatureGraph:
        other = FeatureGraph.__new__(FeatureGraph)
        other.parent = self.parent.copy()
        other.kind = self.kind.copy()
        other.pos = self.pos.copy()
        other.open = self.open.copy()
        other.tiles = self.tiles.copy()
        other.figs = self.figs.copy()
        other.borders = self.borders.copy()
        other.attrs = self.attrs.copy()
        other.surround = self.surround.copy()
        return other

    def __getstate__(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            setattr(self, name, value)

    def __len__(self) -> int:
        return len(self.parent)

    # -- queries --------------------------------------------------------------------------------

    def find(self, node: int) -> int:
        """The feature (root node id) a segment belongs to."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def roots(self) -> list[int]:
        """Every feature, in node order."""
        parent = self.parent
        return [n for n in range(len(parent)) if parent[n] == n]

    def squares(self, feature: int) -> frozenset[Pos]:
        """The squares a feature covers (each tile once)."""
        root = self.find(feature)
        tiles = self.tiles[root]
        if tiles is None:  # not tracked during play (fields, rivers): derive it
            find = self.find
            pos = self.pos
            tiles = frozenset(pos[n] for n in range(len(self.parent)) if find(n) == root)
        return tiles

    # -- changes --------------------------------------------------------------------------------

    def add_figure(self, node: int, figure: Figure) -> None:
        root = self.find(node)
        self.figs[root] = self.figs[root] + (figure,)

    def union(self, a: int, b: int) -> int:
        parent = self.parent
        # most nodes joined are roots already (a tile's new segments): skip the call to find
        ra = a if parent[a] == a else self.find(a)
        rb = b if parent[b] == b else self.find(b)
        if ra == rb:
            return ra
        if rb < ra:
            ra, rb = rb, ra
        parent[rb] = ra
        self.open[ra] += self.open[rb]
        tiles_a, tiles_b = self.tiles[ra], self.tiles[rb]
        if tiles_a is not None and tiles_b is not None:
            self.tiles[ra] = tiles_a | tiles_b
        if self.figs[rb]:
            self.figs[ra] = self.figs[ra] + self.figs[rb]
            self.figs[rb] = ()
        if self.borders[rb]:
            self.borders[ra] = self.borders[ra] | self.borders[rb]
        attrs_b = self.attrs[rb]
        if attrs_b:
            merged = dict(self.attrs[ra] or {})
            for key, value in attrs_b.items():
                merged[key] = merged.get(key, 0) + value
            self.attrs[ra] = merged
        return ra

    def place(
        self,
        placed: Placed,
        pos: Pos,
        segments: Segments,
        board: dict[Pos, Placed],
        wild: frozenset[str],
        neighbours: tuple[Placed | None, Placed | None, Placed | None, Placed | None],
    ) -> tuple[int, ...]:
        """Add the segments of a tile just put on ``board`` and join them to the neighbours'
        (``neighbours``: the tiles on its N, E, S and W sides, looked up once by the caller).

        Returns the nodes that this completed (edge features at zero open edges, surrounded
        monasteries and gardens), without duplicates.
        """
        parent = self.parent
        nopen = self.open
        ntiles = self.tiles
        find = self.find
        union = self.union
        base = placed.order
        if base != len(parent):
            raise AssertionError("a tile's order must be the next node id")
        count = len(segments.kinds)
        parent.extend(range(base, base + count))
        self.kind.extend(segments.kinds)
        self.pos.extend((pos,) * count)
        nopen.extend(segments.opens)
        # tiles are tracked for features that complete; fields and rivers never do, and their
        # (large) tile sets are derived on demand by squares()
        tiles = frozenset((pos,))
        ntiles.extend([tiles if tracked else None for tracked in segments.tracked])
        self.figs.extend(segments.no_figs)
        nborders = self.borders
        nborders.extend(segments.no_borders)
        for index, others in segments.borders:
            nborders[base + index] = frozenset([base + b for b in others])
        self.attrs.extend(segments.attrs)
        touched = [base + i for i in segments.open_nodes]
        if segments.surround:
            self.surround[pos] = tuple([base + i for i in segments.surround])
        rot = placed.rot
        side_feature = rot.side_feature
        half_feature = rot.half_feature
        edges = rot.edges
        x, y = pos
        for side in range(4):
            other = neighbours[side]
            if other is None:
                continue
            oside = (side + 2) & 3
            mine = side_feature[side]
            theirs = other.rot.side_feature[oside]
            my_edge = edges[side]
            their_edge = other.rot.edges[oside]
            other_base = other.order
            if wild and (my_edge in wild or their_edge in wild):
                # a wildcard edge (the abbey) closes whatever touches it and joins nothing
                if mine >= 0 and my_edge not in wild:
                    nopen[find(base + mine)] -= 1
                if theirs >= 0 and their_edge not in wild:
                    root = find(other_base + theirs)
                    nopen[root] -= 1
                    touched.append(root)
                continue
            if mine >= 0 and theirs >= 0:
                nopen[union(base + mine, other_base + theirs)] -= 2
            other_halves = other.rot.half_feature
            half = 2 * side
            a = half_feature[half]
            if a >= 0:
                b = other_halves[_FACING[half]]
                if b >= 0:
                    union(base + a, other_base + b)
            a = half_feature[half + 1]
            if a >= 0:
                b = other_halves[_FACING[half + 1]]
                if b >= 0:
                    union(base + a, other_base + b)
        completed = []
        for node in touched:
            root = find(node)
            if nopen[root] == 0 and ntiles[root] is not None:
                completed.append(root)
        # monasteries and gardens on this square or around it (a few on the whole board: their
        # squares are scanned rather than the nine around this one)
        for (sx, sy), nodes in self.surround.items():
            if -1 <= sx - x <= 1 and -1 <= sy - y <= 1 and surrounded(board, sx, sy):
                completed.extend(nodes)
        return tuple(dict.fromkeys(completed)) if completed else ()


def neighbours_present(board: dict[Pos, Placed], x: int, y: int) -> int:
    """How many of the 8 squares around ``(x, y)`` hold a tile."""
    return sum(1 for dx, dy in RING_OFFSETS if (x + dx, y + dy) in board)


def surrounded(board: dict[Pos, Placed], x: int, y: int) -> bool:
    for dx, dy in RING_OFFSETS:
        if (x + dx, y + dy) not in board:
            return False
    return True
