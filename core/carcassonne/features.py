"""Features that grow as tiles join: a union-find over tile segments, with aggregates per root.

Every segment of every placed tile is a node (its id is the tile's ``Placed.order`` plus the
segment's index). Joined segments share a root, and the root's entries describe the whole
feature: open edges, squares, figures, bordering features (fields) and attributes (shields, a
plugin's inn). A road or city is complete when its open-edge count reaches zero, a monastery
when its eight neighbours are present: no flood fill, ever.

The graph is private to the state: plugins read it through ``GameState``'s queries, where a
feature is the int id of its root (the smallest node of the feature, so ids are canonical).
Each root's aggregates are one immutable tuple (:data:`Record`), so :meth:`copy` is two list
copies and a dict copy.
"""

from __future__ import annotations

from typing import Final

from carcassonne.geometry import RING_OFFSETS, facing_half
from carcassonne.tileset.model import Rotated
from carcassonne.values import Figure, Placed, Pos

# Module constants are ``Final``: the compiled build (docs/compiled.md) keeps them in C statics
# instead of looking them up in the module's dict at each read (the hot paths read them).
_EMPTY: Final[frozenset[int]] = frozenset()
_FACING: Final[tuple[int, ...]] = tuple(facing_half(h) for h in range(8))
_EMPTY_SQUARES: Final[frozenset[Pos]] = frozenset()
#: A square and the 8 around it, as offsets.
_NINE: Final[tuple[tuple[int, int], ...]] = ((0, 0), *RING_OFFSETS)


#: A feature's aggregates, kept at its root node as one immutable tuple, replaced (never
#: mutated) when the feature changes, so that copying the graph copies one list of them:
#: ``(kind, open edges, squares or None, figures, bordering nodes, attributes or None)``.
#: Squares are tracked only for kinds that complete (None for fields and rivers); the
#: attributes dict is never mutated (merges build a new one). The hot paths index these
#: tuples with literal positions (``rec[1]`` is the open count): see the names below.
Record = tuple[
    str, int, frozenset[Pos] | None, tuple[Figure, ...], frozenset[int], dict[str, int] | None
]
#: What a node that is no longer a root keeps as its record (its own is not read again).
_STALE: Final[Record] = ("", 0, None, (), frozenset(), None)

KIND: Final = 0
OPEN: Final = 1
TILES: Final = 2
FIGS: Final = 3
BORDERS: Final = 4
ATTRS: Final = 5

#: A segment of a rotated tile as :class:`Segments` keeps it: ``(kind, open edges, squares
#: tracked?, attributes, bordering segments)``.
Row = tuple[str, int, bool, dict[str, int] | None, tuple[int, ...]]

#: One step of joining a tile to a neighbour across one side: ``(mine, theirs, closed)``.
#: Both >= 0: join segment ``mine`` of the new tile with segment ``theirs`` of the neighbour,
#: the joined feature losing ``closed`` open edges (2 where an edge feature meets itself, 0
#: for fields). ``theirs`` = -1: a wildcard edge closes one open edge of ``mine``; ``mine`` =
#: -1: it closes one of the neighbour's ``theirs`` (which may complete it).
Join = tuple[int, int, int]

#: The tiles on the N, E, S and W sides of a square (None: empty), four of them. Typed as a
#: tuple of any length: the compiled build keeps a fixed-length tuple unboxed, as a C struct,
#: and builds a new tuple object each time one is indexed by a variable (``neighbours[side]``).
Neighbours = tuple[Placed | None, ...]


class Segments:
    """The segments of one rotated tile, as :meth:`FeatureGraph.place` adds them: built once
    per configuration, tile and rotation (``GameConfig.segment_data``), so that placing a tile
    looks nothing else up. Indices are the segments' (``RotatedFeature.index``).

    A plain class with typed slots rather than a named tuple: the compiled build
    (docs/compiled.md) reads a native class's attributes as C struct fields, and a named
    tuple's through Python attribute lookup; in Python a slot reads as fast as a field."""

    __slots__ = ("rows", "open_nodes", "may_close", "surround", "shown", "plans", "rot", "wild")

    #: Per segment: (kind, open edges, squares tracked?, attributes, bordering segments). Open
    #: edges are 0 for kinds that do not complete by edges; squares are tracked for kinds
    #: that complete (by edges or by being surrounded).
    rows: tuple[Row, ...]
    #: Segments with open edges (checked for completion after joining).
    open_nodes: tuple[int, ...]
    #: Per set of sides with a neighbour tile (one bit a side: N 1, E 2, S 4, W 8): whether
    #: placing the tile there may close a road or city. It may not when each segment with
    #: open edges has a side towards an empty square (it stays open whatever it joins), unless
    #: the tile has a wildcard edge (the abbey's), which closes its neighbours' edges.
    may_close: tuple[bool, ...]
    #: Segments that complete by being surrounded (monasteries, gardens).
    surround: tuple[int, ...]
    #: Per side (N, E, S, W): the tile's edge code on that side, shifted to where the empty
    #: square beyond that side keeps it in its frontier pattern (its side facing the tile).
    #: Four of them, typed as any length (indexed by a variable: see :data:`Neighbours`).
    shown: tuple[int, ...]
    #: Per side: the joins with each neighbour tile's rotation found there so far, keyed by
    #: ``id()`` of that neighbour's :class:`~carcassonne.tileset.model.Rotated` (which lives
    #: as long as the configuration that owns this cache): see :func:`join_plan`.
    plans: tuple[dict[int, tuple[Join, ...]], ...]
    #: The tile's rotation these segments are of.
    rot: Rotated
    #: Wildcard edge types of the configuration (the abbey's): they join nothing.
    wild: frozenset[str]

    def __init__(
        self,
        rows: tuple[Row, ...],
        open_nodes: tuple[int, ...],
        may_close: tuple[bool, ...],
        surround: tuple[int, ...],
        shown: tuple[int, ...],
        plans: tuple[dict[int, tuple[Join, ...]], ...],
        rot: Rotated,
        wild: frozenset[str],
    ) -> None:
        self.rows = rows
        self.open_nodes = open_nodes
        self.may_close = may_close
        self.surround = surround
        self.shown = shown
        self.plans = plans
        self.rot = rot
        self.wild = wild


def segments_of(
    rows: list[tuple[str, int, bool, tuple[int, ...], dict[str, int] | None]],
    codes: tuple[int, int, int, int],
    rot: Rotated,
    wild: frozenset[str],
) -> Segments:
    """The segments from one row per segment: (kind, open edges, surround?, borders, attrs),
    the tile's edge ``codes`` (N, E, S, W), its rotation and the wildcard edge types."""
    shown = tuple(codes[side] << (4 * ((side + 2) & 3)) for side in range(4))
    # the sets of neighbours around which a segment with open edges has a tile on each side
    may_close = [any(edge in wild for edge in rot.edges)] * 16
    for i, row in enumerate(rows):
        if row[1]:
            sides = sum(
                1 << side
                for side in range(4)
                if rot.side_feature[side] == i or rot.side_shared[side] == i
            )
            for covered in range(16):
                if covered & sides == sides:
                    may_close[covered] = True
    return Segments(
        rows=tuple(
            (kind, opened, bool(opened) or is_surround, attrs, borders)
            for kind, opened, is_surround, borders, attrs in rows
        ),
        open_nodes=tuple(i for i, row in enumerate(rows) if row[1]),
        may_close=tuple(may_close),
        surround=tuple(i for i, row in enumerate(rows) if not row[1] and row[2]),
        shown=shown,
        plans=({}, {}, {}, {}),
        rot=rot,
        wild=wild,
    )


def join_plan(rot: Rotated, side: int, other: Rotated, wild: frozenset[str]) -> tuple[Join, ...]:
    """How a tile turned ``rot`` joins ``other``, its neighbour across ``side``: the edge
    features first, then the two half-edges' fields, a join that repeats an earlier one
    dropped (it would change nothing).

    A side two segments share (``side_shared``, the tile format's ``shares``) counts one open
    edge in each: every segment on either side of the edge joins the others, and each loses
    its edge there; a wildcard edge closes it for each without joining them."""
    oside = (side + 2) & 3
    mine = [rot.side_feature[side]] if rot.side_feature[side] >= 0 else []
    theirs = [other.side_feature[oside]] if other.side_feature[oside] >= 0 else []
    if rot.side_shared[side] >= 0:  # rare (shared sides): the lists stay short otherwise
        mine.append(rot.side_shared[side])
    if other.side_shared[oside] >= 0:
        theirs.append(other.side_shared[oside])
    my_edge, their_edge = rot.edges[side], other.edges[oside]
    if wild and (my_edge in wild or their_edge in wild):
        # a wildcard edge (the abbey) closes whatever touches it and joins nothing
        steps: list[Join] = []
        if my_edge not in wild:
            steps.extend((m, -1, 1) for m in mine)
        if their_edge not in wild:
            steps.extend((-1, t, 1) for t in theirs)
        return tuple(steps)
    joins: list[Join] = []
    if mine and theirs:
        # the first pair closes both their edges; each further segment joins the first one
        # of the other tile and closes its own
        joins.append((mine[0], theirs[0], 2))
        if len(mine) > 1:
            joins.append((mine[1], theirs[0], 1))
        if len(theirs) > 1:
            joins.append((mine[0], theirs[1], 1))
    for half in (2 * side, 2 * side + 1):
        a = rot.half_feature[half]
        b = other.half_feature[_FACING[half]]
        if a >= 0 and b >= 0 and (a, b, 0) not in joins:
            joins.append((a, b, 0))
    return tuple(joins)


class FeatureGraph:
    """The segments of the board's tiles joined into features (see the module docstring)."""

    __slots__ = ("parent", "feats", "surround", "_near")

    #: Union-find parent per node (a root is its own parent).
    parent: list[int]
    #: The :data:`Record` of each root (entries of other nodes are stale: read through find).
    feats: list[Record]
    #: Square -> nodes completed by being surrounded (monasteries, gardens).
    surround: dict[Pos, tuple[int, ...]]
    #: The squares of :attr:`surround` and those around them: where a placement may complete
    #: a monastery or garden (immutable, so copies share it; it changes with each of them).
    _near: frozenset[Pos]

    def __init__(self) -> None:
        self.parent = []
        self.feats = []
        self.surround = {}
        self._near = _EMPTY_SQUARES

    def copy(self) -> FeatureGraph:
        other = FeatureGraph.__new__(FeatureGraph)
        other.parent = self.parent.copy()
        other.feats = self.feats.copy()
        other.surround = self.surround.copy()
        other._near = self._near
        return other

    def __getstate__(self) -> tuple[object, ...]:
        return (self.parent, self.feats, self.surround)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        self.parent, self.feats, self.surround = state  # type: ignore[assignment]
        self._near = _near(self.surround)

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

    def record(self, node: int) -> Record:
        """The aggregates of the feature ``node`` belongs to."""
        return self.feats[self.find(node)]

    def roots(self) -> list[int]:
        """Every feature, in node order."""
        parent = self.parent
        return [n for n in range(len(parent)) if parent[n] == n]

    def squares(self, feature: int, board: dict[Pos, Placed]) -> frozenset[Pos]:
        """The squares a feature covers (each tile once)."""
        root = self.find(feature)
        tiles = self.feats[root][TILES]
        if tiles is None:  # not tracked during play (fields, rivers): derive it
            find = self.find
            tiles = frozenset(
                pos
                for pos, placed in board.items()
                for i in range(len(placed.rot.features))
                if find(placed.order + i) == root
            )
        return tiles

    def square_of(self, node: int, board: dict[Pos, Placed]) -> Pos:
        """The square of the tile ``node`` is a segment of."""
        for pos, nodes in self.surround.items():
            if node in nodes:
                return pos
        for pos, placed in board.items():
            if placed.order <= node < placed.order + len(placed.rot.features):
                return pos
        raise KeyError(node)

    # -- changes --------------------------------------------------------------------------------

    def add_figure(self, node: int, figure: Figure) -> None:
        root = self.find(node)
        kind, opened, tiles, figs, borders, attrs = self.feats[root]
        self.feats[root] = (kind, opened, tiles, figs + (figure,), borders, attrs)

    def close(self, root: int, edges: int) -> None:
        """``edges`` fewer open edges for the feature at ``root`` (a wildcard edge touched it,
        or it met itself: a loop)."""
        kind, opened, tiles, figs, borders, attrs = self.feats[root]
        self.feats[root] = (kind, opened - edges, tiles, figs, borders, attrs)

    def set_figures(self, root: int, figures: tuple[Figure, ...]) -> None:
        kind, opened, tiles, _figs, borders, attrs = self.feats[root]
        self.feats[root] = (kind, opened, tiles, figures, borders, attrs)

    def union(self, a: int, b: int, closed: int = 0) -> int:
        """Join the features of nodes ``a`` and ``b``, which then have ``closed`` fewer open
        edges between them; the root is the smaller one (canonical ids)."""
        parent = self.parent
        # most nodes joined are roots already (a tile's new segments): skip the call to find
        ra = a if parent[a] == a else self.find(a)
        rb = b if parent[b] == b else self.find(b)
        feats = self.feats
        if ra == rb:
            if closed:
                self.close(ra, closed)
            return ra
        if rb < ra:
            ra, rb = rb, ra
        parent[rb] = ra
        kind, opened, tiles, figs, borders, attrs = feats[ra]
        _kind, open_b, tiles_b, figs_b, borders_b, attrs_b = feats[rb]
        if tiles is not None and tiles_b is not None:
            tiles = tiles | tiles_b
        if figs_b:
            figs = figs + figs_b
        if borders_b:
            borders = borders | borders_b
        if attrs_b:
            attrs = _summed(attrs, attrs_b)
        feats[ra] = (kind, opened + open_b - closed, tiles, figs, borders, attrs)
        feats[rb] = _STALE  # no longer a root: its record is not read again
        return ra

    def place(
        self,
        placed: Placed,
        pos: Pos,
        segments: Segments,
        board: dict[Pos, Placed],
        neighbours: Neighbours,
    ) -> tuple[int, ...]:
        """Add the segments of a tile just put on ``board`` and join them to the neighbours'
        (``neighbours``: the tiles on its N, E, S and W sides, looked up once by the caller).

        Returns the nodes that this completed (edge features at zero open edges, surrounded
        monasteries and gardens), without duplicates.
        """
        parent = self.parent
        feats = self.feats
        base = placed.order
        if base != len(parent):
            raise AssertionError("a tile's order must be the next node id")
        rows = segments.rows
        parent.extend(range(base, base + len(rows)))
        # squares are tracked for features that complete; fields and rivers never do, and
        # their (large) square sets are derived on demand by squares()
        square = frozenset((pos,))
        feats.extend(
            [
                (
                    kind,
                    opened,
                    square if tracked else None,
                    (),
                    frozenset([base + b for b in borders]) if borders else _EMPTY,
                    attrs,
                )
                for kind, opened, tracked, attrs, borders in rows
            ]
        )
        touched = [base + i for i in segments.open_nodes] if segments.open_nodes else []
        if segments.surround:
            self.surround[pos] = tuple([base + i for i in segments.surround])
            self._near = self._near | _near({pos: ()})
        plans = segments.plans
        # self.find(...) rather than a local bound method: the compiled build calls a method
        # directly, a bound method through Python's generic call (a node is rarely not a root)
        for side in range(4):  # what _side_plans gives, without its list (the hot path)
            other = neighbours[side]
            if other is None:
                continue
            plan = plans[side].get(id(other.rot))
            if plan is None:
                plan = _plan(segments, side, other.rot)
            other_base = other.order
            for mine, theirs, closed in plan:
                if theirs < 0:  # a wildcard edge closes one of this tile's open edges
                    self.close(self.find(base + mine), 1)
                    continue
                if mine < 0:  # ... or one of the neighbour's, which may complete it
                    root = self.find(other_base + theirs)
                    self.close(root, 1)
                    touched.append(root)
                    continue
                # union(), inlined (the hot path: two or three joins a placement): a change to
                # one is a change to both
                ra = base + mine
                if parent[ra] != ra:
                    ra = self.find(ra)
                rb = other_base + theirs
                if parent[rb] != rb:
                    rb = self.find(rb)
                if ra == rb:
                    if closed:
                        kind, opened, tiles, figs, borders, attrs = feats[ra]
                        feats[ra] = (kind, opened - closed, tiles, figs, borders, attrs)
                    continue
                if rb < ra:
                    ra, rb = rb, ra
                parent[rb] = ra
                kind, opened, tiles, figs, borders, attrs = feats[ra]
                _kind, open_b, tiles_b, figs_b, borders_b, attrs_b = feats[rb]
                feats[rb] = _STALE
                if tiles is not None and tiles_b is not None:
                    tiles = tiles | tiles_b
                if figs_b:
                    figs = figs + figs_b
                if borders_b:
                    borders = borders | borders_b
                if attrs_b:
                    attrs = _summed(attrs, attrs_b)
                feats[ra] = (kind, opened + open_b - closed, tiles, figs, borders, attrs)
        completed = []
        for node in touched:
            root = self.find(node)
            rec = feats[root]
            if rec[1] == 0 and rec[2] is not None:  # no open edge left, and it completes
                completed.append(root)
        # monasteries and gardens on this square or around it (a few on the whole board: their
        # squares are scanned rather than the nine around this one)
        if pos in self._near:
            x, y = pos
            for (sx, sy), nodes in self.surround.items():
                if -1 <= sx - x <= 1 and -1 <= sy - y <= 1 and surrounded(board, sx, sy):
                    completed.extend(nodes)
        return tuple(dict.fromkeys(completed)) if completed else ()

    def completes(
        self,
        pos: Pos,
        segments: Segments,
        board: dict[Pos, Placed],
        neighbours: Neighbours,
    ) -> bool:
        """Whether :meth:`place` with these arguments (the tile not on ``board`` yet) would
        complete a feature, found without changing the graph (a search asks this of every
        placement it would otherwise play out on a copy)."""
        covered = (
            (neighbours[0] is not None)
            | (neighbours[1] is not None) << 1
            | (neighbours[2] is not None) << 2
            | (neighbours[3] is not None) << 3
        )
        if segments.may_close[covered] and self._closes(segments, neighbours):
            return True
        # a monastery or garden surrounded: this tile's own, or one whose ring this tile fills
        if segments.surround and surrounded(board, *pos):
            return True
        if pos in self._near:
            x, y = pos
            for sx, sy in self.surround:
                if -1 <= sx - x <= 1 and -1 <= sy - y <= 1 and surrounded(board, sx, sy, pos):
                    return True
        return False

    def _closes(
        self,
        segments: Segments,
        neighbours: Neighbours,
    ) -> bool:
        """Whether placing the tile would leave a feature with open edges at none: the joins
        of :meth:`place`, replayed on the open-edge counts of the few features involved."""
        feats = self.feats
        rows = segments.rows
        # local keys: -1 - i for the new tile's segment i, the root id for a placed feature;
        # ``into`` links a merged key to the one it joined, ``opens`` holds each key's open
        # edges (a placed feature's read from its record when first met). Only features with
        # open edges are followed: the others (fields, rivers) never complete by joining.
        into: dict[int, int] = {}
        opens = {-1 - i: rows[i][1] for i in segments.open_nodes}
        touched = list(opens)
        for other_base, plan in _side_plans(segments, neighbours):
            for mine, theirs, closed in plan:
                if mine < 0:  # a wildcard edge closes one of the neighbour's open edges
                    b = root = self.find(other_base + theirs)
                    while b in into:
                        b = into[b]
                    opens[b] = (opens[b] if b in opens else feats[b][OPEN]) - 1
                    touched.append(root)
                    continue
                if not rows[mine][1]:
                    continue  # a field's join
                a = -1 - mine
                while a in into:
                    a = into[a]
                if theirs < 0:  # ... or one of this tile's
                    opens[a] -= 1
                    continue
                b = self.find(other_base + theirs)
                while b in into:
                    b = into[b]
                if a != b:
                    into[b] = a
                    opens[a] += opens.pop(b) if b in opens else feats[b][OPEN]
                opens[a] -= closed
        for key in touched:  # each has open edges, so it completes at zero (is tracked)
            while key in into:
                key = into[key]
            if opens[key] == 0:
                return True
        return False


def _plan(segments: Segments, side: int, other: Rotated) -> tuple[Join, ...]:
    """The join plan of ``segments`` with ``other`` across ``side``, worked out and kept."""
    plan = segments.plans[side][id(other)] = join_plan(segments.rot, side, other, segments.wild)
    return plan


def _side_plans(
    segments: Segments,
    neighbours: Neighbours,
) -> list[tuple[int, tuple[Join, ...]]]:
    """Per neighbour of a tile about to be placed: its first node and the join plan across
    that side (kept in ``segments.plans``)."""
    found = []
    for side, other in enumerate(neighbours):
        if other is not None:
            plan = segments.plans[side].get(id(other.rot))
            found.append((other.order, _plan(segments, side, other.rot) if plan is None else plan))
    return found


def _summed(attrs: dict[str, int] | None, more: dict[str, int]) -> dict[str, int]:
    """Two features' attributes added up, in a new dict (records never change in place)."""
    merged = dict(attrs or {})
    for key, value in more.items():
        merged[key] = merged.get(key, 0) + value
    return merged


def _near(surround: dict[Pos, tuple[int, ...]]) -> frozenset[Pos]:
    """The squares of ``surround`` and the 8 around each."""
    return frozenset((x + dx, y + dy) for x, y in surround for dx, dy in _NINE)


def neighbours_present(board: dict[Pos, Placed], x: int, y: int) -> int:
    """How many of the 8 squares around ``(x, y)`` hold a tile."""
    return sum(1 for dx, dy in RING_OFFSETS if (x + dx, y + dy) in board)


def surrounded(board: dict[Pos, Placed], x: int, y: int, filled: Pos | None = None) -> bool:
    """Whether the 8 squares around ``(x, y)`` hold a tile (``filled`` counting as one)."""
    for dx, dy in RING_OFFSETS:
        if (x + dx, y + dy) not in board and (x + dx, y + dy) != filled:
            return False
    return True
