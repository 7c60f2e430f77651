"""Where everything on one tile is drawn, computed from the tile's topology alone.

A tile is a 100 x 100 box (y grows south, like the board), laid out in its reference orientation;
a picture turns it as a whole. The layout knows no colours: it says which shapes each feature
gets, and :mod:`carcassonne.svg.draw` paints them by kind.

The model: every boundary between regions runs from the centre of the tile to a point of its
edge (a side's middle or a corner), so any tile the notation can describe has a consistent
picture.

* Areas (cities) cover their sides: a cap for one side, a corner piece for two adjacent sides, a
  band for two opposite sides, everything but a cap for three, the whole tile for four. A cap
  (or a three-sided area) whose flanking fields differ reaches the centre, so that it separates
  them as the tile data say it does.
* Paths (roads, rivers) run from the middle of their sides: straight through, curved round a
  corner, to a junction, or to where they end (a centre feature, a city's gate, a junction of
  several ends, or a small marker).
* Fields are the ground. Where two different fields meet at a corner or at the middle of a
  field side with nothing between them, a hedge runs from there to the centre.
* Centre features (monastery, garden) take the centre, or the nearest free spot when a path
  runs through it; inner field pockets go where the areas leave room.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from carcassonne.geometry import CORNER_HALVES, CORNERS, HALVES, SIDES
from carcassonne.svg.style import KindStyle, kind_style
from carcassonne.tileset.model import FeatureKind, RotatedFeature, TileType

Point = tuple[float, float]

CENTRE: Point = (50.0, 50.0)
CORNER_POINTS: tuple[Point, ...] = ((0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0))
SIDE_MIDDLES: tuple[Point, ...] = ((50.0, 0.0), (100.0, 50.0), (50.0, 100.0), (0.0, 50.0))
#: Unit vectors pointing into the tile from each side.
INWARD: tuple[Point, ...] = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))

CAP_DEPTH = 28.0
SHALLOW_CAP_DEPTH = 14.0  # caps on tiles with inner pockets leave room for them
BAND_INSET = 25.0
POCKET_BAND_INSET = 32.0
#: How far from the tile's edge a figure standing on a field half-edge is drawn.
HALF_SPOT_DEPTH = 15.0
CURVE_STEPS = 12


def rotate_point(p: Point, rotation: int) -> Point:
    """``p`` turned ``rotation`` degrees clockwise about the tile's centre."""
    x, y = p
    for _ in range((rotation // 90) % 4):
        x, y = 100.0 - y, x
    return (x, y)


def _quad(a: Point, c: Point, b: Point, steps: int = CURVE_STEPS) -> list[Point]:
    """A quadratic Bézier curve from ``a`` to ``b`` with control ``c``, as points (``a``
    excluded, ``b`` included). Curves are flattened so that every shape is a plain polygon."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
                u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
            )
        )
    return out


def _along(side: int, t: float, depth: float = 0.0) -> Point:
    """The point ``t`` of the way along ``side`` (clockwise), ``depth`` units inside."""
    a = CORNER_POINTS[side]
    b = CORNER_POINTS[(side + 1) % 4]
    n = INWARD[side]
    return (a[0] + t * (b[0] - a[0]) + depth * n[0], a[1] + t * (b[1] - a[1]) + depth * n[1])


def half_point(half: int, depth: float) -> Point:
    """The middle of half-edge ``half``, ``depth`` units inside the tile."""
    return _along(half // 2, 0.25 + 0.5 * (half % 2), depth)


def _toward(a: Point, b: Point, f: float) -> Point:
    return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))


@dataclass(frozen=True)
class Area:
    """A walled area (a city) covering some sides."""

    index: int
    kind: str
    polygon: tuple[Point, ...]
    #: The walls: the polygon's boundary inside the tile (not along the tile's edge).
    walls: tuple[tuple[Point, ...], ...]
    #: Where a figure on it (or a marker of it) is drawn.
    spot: Point


@dataclass(frozen=True)
class Path:
    """A path feature (road, river): lines from its sides."""

    index: int
    kind: str
    lines: tuple[tuple[Point, ...], ...]
    #: Where the path ends on this tile when it ends at nothing (a dead end, a spring).
    end: Point | None
    spot: Point


@dataclass(frozen=True)
class Wall:
    """A wildcard side kind (the abbey's edges): a strip along each of its sides."""

    index: int
    kind: str
    strips: tuple[tuple[Point, ...], ...]
    spot: Point


@dataclass(frozen=True)
class Centre:
    """A feature in the middle (monastery, garden, a fan's centre kind)."""

    index: int
    kind: str
    point: Point
    radius: float


@dataclass(frozen=True)
class Ground:
    """A half-edge kind that is not the plain field (a fan's): sectors of the tile."""

    index: int
    kind: str
    sectors: tuple[tuple[Point, ...], ...]


@dataclass(frozen=True)
class Pocket:
    """An inner field pocket (``I``, ``II``): touches no edge of the tile."""

    index: int
    name: str
    point: Point
    radius: float


@dataclass(frozen=True)
class Badge:
    """An attribute of a feature (shields, a fan's inn): drawn as a marker near the feature."""

    index: int
    name: str
    value: int
    point: Point


@dataclass
class TileLayout:
    """Everything drawn on one tile, in reference orientation, in drawing order by layer."""

    grounds: list[Ground] = field(default_factory=list)
    hedges: list[tuple[Point, Point]] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    walls: list[Wall] = field(default_factory=list)
    centres: list[Centre] = field(default_factory=list)
    pockets: list[Pocket] = field(default_factory=list)
    junctions: list[Point] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
    #: Location name (reference orientation) -> where a figure there stands.
    spots: dict[str, Point] = field(default_factory=dict)
    #: Feature index -> its kind's style (inert decoration included).
    styles: dict[int, KindStyle] = field(default_factory=dict)


def _style(tile: TileType, f: RotatedFeature, kinds: Mapping[str, FeatureKind]) -> KindStyle:
    return kind_style(kinds.get(f.kind), f.kind)


def _runs(sides: Sequence[int]) -> list[list[int]]:
    """Maximal runs of clockwise-consecutive sides (``N E`` is one run, ``N S`` two)."""
    chosen = set(sides)
    if len(chosen) == 4:
        return [[0, 1, 2, 3]]
    runs = []
    for s in sorted(chosen):
        if (s - 1) % 4 in chosen:
            continue
        run = [s]
        while (run[-1] + 1) % 4 in chosen:
            run.append((run[-1] + 1) % 4)
        runs.append(run)
    return runs


def _flank(view_halves: Sequence[int], start_half: int, step: int) -> int:
    """The first field met walking along the edge from ``start_half`` (step -1 or +1 halves),
    skipping half-edges no field covers (other cities); -1 when there is none."""
    h = start_half
    for _ in range(8):
        if view_halves[h] >= 0:
            return view_halves[h]
        h = (h + step) % 8
    return -1


def _area_shape(
    run: list[int], deep: bool, tip_depth: float, cap_depth: float
) -> tuple[list[Point], list[tuple[Point, ...]], Point]:
    """Polygon, walls and spot of an area over one run of consecutive sides."""
    first, last = run[0], run[-1]
    start = CORNER_POINTS[first]
    end = CORNER_POINTS[(last + 1) % 4]
    edge = [start] + [CORNER_POINTS[(s + 1) % 4] for s in run]
    n = len(run)
    if n == 1:
        side = first
        if deep:
            tip = _along(side, 0.5, tip_depth)
            to_tip = _quad(end, _toward(_toward(end, tip, 0.5), SIDE_MIDDLES[side], 0.3), tip)
            back = _quad(tip, _toward(_toward(tip, start, 0.5), SIDE_MIDDLES[side], 0.3), start)
            wall = [end, *to_tip, *back]
            spot = _along(side, 0.5, min(tip_depth * 0.42, 20.0))
        else:
            control = _along(side, 0.5, 2 * cap_depth)
            wall = [end, *_quad(end, control, start)]
            spot = _along(side, 0.5, cap_depth * 0.48)
        return edge + wall[1:-1], [tuple(wall)], spot
    if n == 2:
        # A corner piece: the wall runs from the free end of one side to the free end of the
        # other, bulging a little toward the open corner.
        open_corner = CORNER_POINTS[(last + 2) % 4]
        control = _toward(CENTRE, open_corner, 0.3)
        wall = [end, *_quad(end, control, start)]
        inner_corner = CORNER_POINTS[(first + 1) % 4]
        spot = _toward(inner_corner, CENTRE, 0.55)
        return edge + wall[1:-1], [tuple(wall)], spot
    if n == 3:
        missing = (last + 1) % 4
        if deep:
            tip = _along(missing, 0.5, tip_depth)
            to_tip = _quad(end, _toward(_toward(end, tip, 0.5), CENTRE, 0.25), tip)
            back = _quad(tip, _toward(_toward(tip, start, 0.5), CENTRE, 0.25), start)
            wall = [end, *to_tip, *back]
        else:
            control = _along(missing, 0.5, 2 * CAP_DEPTH)
            wall = [end, *_quad(end, control, start)]
        spot = _along(missing, 0.5, 72.0)
        return edge + wall[1:-1], [tuple(wall)], spot
    return list(CORNER_POINTS), [], CENTRE


def _band_shape(
    sides: tuple[int, int], inset: float
) -> tuple[list[Point], list[tuple[Point, ...]]]:
    """A band over two opposite sides: its two open sides curve inward."""
    a, b = sides
    polygon: list[Point] = []
    walls: list[tuple[Point, ...]] = []
    for covered in (a, b):
        open_side = (covered + 1) % 4
        start = CORNER_POINTS[covered]
        corner = CORNER_POINTS[open_side]
        after = CORNER_POINTS[(open_side + 1) % 4]
        control = _along(open_side, 0.5, 2 * inset)
        curve = _quad(corner, control, after)
        polygon += [start, corner, *curve[:-1]]
        walls.append((corner, *curve))
    return polygon, walls


def _point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    x, y = p
    inside = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def near(p: Point, line: Sequence[Point], reach: float) -> bool:
    """Whether ``p`` lies closer than ``reach`` to the polyline ``line``."""
    px, py = p
    reach2 = reach * reach
    ax, ay = line[0]
    for bx, by in line[1:]:
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else ((px - ax) * dx + (py - ay) * dy) / length2
        t = 0.0 if t < 0 else 1.0 if t > 1 else t
        ex, ey = px - ax - t * dx, py - ay - t * dy
        if ex * ex + ey * ey < reach2:
            return True
        ax, ay = bx, by
    return False


#: Where centre features may stand, best first: the centre, then toward each side, then the
#: diagonals, then close to each side (a field left below a three-sided city).
CENTRE_CANDIDATES: tuple[Point, ...] = (
    CENTRE,
    (50.0, 25.0),
    (75.0, 50.0),
    (50.0, 75.0),
    (25.0, 50.0),
    (28.0, 28.0),
    (72.0, 28.0),
    (72.0, 72.0),
    (28.0, 72.0),
    (50.0, 84.0),
    (84.0, 50.0),
    (50.0, 16.0),
    (16.0, 50.0),
)
POCKET_CANDIDATES: tuple[Point, ...] = (
    (50.0, 23.0),
    (77.0, 50.0),
    (50.0, 77.0),
    (23.0, 50.0),
)
POCKET_FALLBACK: tuple[Point, ...] = ((73.0, 27.0), (27.0, 73.0), (27.0, 27.0), (73.0, 73.0))


#: Layouts by (tile object, kinds): tile types are loaded once and shared, so their identity is
#: a cheap key; the tile is kept in the entry so that its id cannot be reused while cached.
_CACHE: dict[tuple[int, tuple[tuple[str, FeatureKind], ...]], tuple[TileType, TileLayout]] = {}
_CACHE_LIMIT = 4096


def layout_tile(tile: TileType, kinds: Mapping[str, FeatureKind]) -> TileLayout:
    """The layout of ``tile`` in reference orientation (computed once per tile and kinds)."""
    key = (id(tile), tuple(sorted(kinds.items(), key=lambda item: item[0])))
    entry = _CACHE.get(key)
    if entry is not None and entry[0] is tile:
        return entry[1]
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    layout = _compute_layout(tile, kinds)
    _CACHE[key] = (tile, layout)
    return layout


def _by_edge_field(side: int, halves: Sequence[int]) -> bool:
    """Whether the side ``side`` (N, E, S, W: the pocket candidates' order) has a field
    half-edge."""
    return halves[2 * side] >= 0 or halves[2 * side + 1] >= 0


def _compute_layout(tile: TileType, kinds: Mapping[str, FeatureKind]) -> TileLayout:
    view = tile.rotated(0)
    out = TileLayout()
    features = view.features
    for f in features:
        out.styles[f.index] = _style(tile, f, kinds)
    shape = {f.index: out.styles[f.index].shape for f in features}
    has_pockets = any(f.inner for f in features)
    area_feats = [f for f in features if f.sides and shape[f.index] == "area"]
    path_feats = [f for f in features if f.sides and shape[f.index] == "path"]
    through = [f for f in path_feats if len(f.sides) >= 2]

    # Grounds: half-edge kinds other than the plain field.
    for f in features:
        if shape[f.index] == "ground" and f.kind != "field" and f.halves:
            sectors = []
            for h in f.halves:
                start = CORNER_POINTS[h // 2] if h % 2 == 0 else SIDE_MIDDLES[h // 2]
                stop = SIDE_MIDDLES[h // 2] if h % 2 == 0 else CORNER_POINTS[(h // 2 + 1) % 4]
                sectors.append((CENTRE, start, stop))
            out.grounds.append(Ground(f.index, f.kind, tuple(sectors)))

    # Hedges between different fields that meet with nothing between them.
    halves = view.half_feature
    for c, (a, b) in enumerate(CORNER_HALVES):
        if halves[a] >= 0 and halves[b] >= 0 and halves[a] != halves[b]:
            out.hedges.append((CORNER_POINTS[c], CENTRE))
    for s in range(4):
        left, right = halves[2 * s], halves[2 * s + 1]
        if view.side_feature[s] < 0 and left >= 0 and right >= 0 and left != right:
            out.hedges.append((SIDE_MIDDLES[s], CENTRE))

    # Areas.
    tip_depth = 40.0 if through else 50.0
    cap_depth = SHALLOW_CAP_DEPTH if has_pockets else CAP_DEPTH
    deep_tips: list[Point] = []
    for f in area_feats:
        sides = tuple(sorted(f.sides))
        if len(sides) == 2 and (sides[1] - sides[0]) == 2:
            inset = POCKET_BAND_INSET if has_pockets else BAND_INSET
            polygon, walls = _band_shape((sides[0], sides[1]), inset)
            out.areas.append(Area(f.index, f.kind, tuple(polygon), tuple(walls), CENTRE))
            for s in sides:
                out.spots[SIDES[s]] = _along(s, 0.5, 14.0)
            continue
        run = _runs(sides)[0]
        left = _flank(halves, (2 * run[0] - 1) % 8, -1)
        right = _flank(halves, (2 * (run[-1] + 1)) % 8, +1)
        deep = len(run) in (1, 3) and left != right
        polygon, walls, spot = _area_shape(run, deep, tip_depth, cap_depth)
        if deep:
            deep_tips.append(_along(run[0] if len(run) == 1 else (run[-1] + 1) % 4, 0.5, tip_depth))
        out.areas.append(Area(f.index, f.kind, tuple(polygon), tuple(walls), spot))
        for s in sides:
            out.spots[SIDES[s]] = spot

    # Walls of wildcard kinds.
    for f in features:
        if f.sides and shape[f.index] == "walls":
            strips = [
                (
                    CORNER_POINTS[s],
                    CORNER_POINTS[(s + 1) % 4],
                    _along(s, 0.9, 11.0),
                    _along(s, 0.1, 11.0),
                )
                for s in f.sides
            ]
            spot = _along(f.sides[0], 0.5, 6.0)
            out.walls.append(Wall(f.index, f.kind, tuple(strips), spot))
            for s in f.sides:
                out.spots[SIDES[s]] = _along(s, 0.5, 6.0)

    # Centre features: the centre unless a through path or an area occupies it.
    def blocked(p: Point, radius: float) -> bool:
        if min(p[0], p[1], 100 - p[0], 100 - p[1]) < radius + 3:  # keep off the tile's edge
            return True
        for f in through:
            for line in _through_lines(f):
                if near(p, line, radius + out.styles[f.index].width / 2 + 3):
                    return True
        for area in out.areas:
            if _point_in_polygon(p, area.polygon) or any(near(p, w, radius) for w in area.walls):
                return True
        return any(math.dist(p, c.point) < radius + c.radius for c in out.centres)

    for f in sorted(
        (f for f in features if f.center), key=lambda f: (shape[f.index] != "building", f.index)
    ):
        radius = 14.0 if shape[f.index] == "building" else 10.0
        point = next((p for p in CENTRE_CANDIDATES if not blocked(p, radius)), CENTRE)
        out.centres.append(Centre(f.index, f.kind, point, radius))
        out.spots[f.kind] = point

    # Paths.
    ends_by_kind: dict[str, int] = {}
    for f in path_feats:
        if len(f.sides) == 1:
            ends_by_kind[f.kind] = ends_by_kind.get(f.kind, 0) + 1
    for f in path_feats:
        if len(f.sides) >= 2:
            lines = _through_lines(f)
            end = None
        else:
            side = f.sides[0]
            target, end = _path_end(side, f.kind, out, ends_by_kind[f.kind], deep_tips)
            lines = [(SIDE_MIDDLES[side], target)]
        spot = _toward(SIDE_MIDDLES[f.sides[0]], CENTRE, 0.5 if f.kind != "road" else 0.48)
        if len(f.sides) == 2 and (f.sides[1] - f.sides[0]) % 2 == 1:
            spot = lines[0][len(lines[0]) // 4]
        out.paths.append(Path(f.index, f.kind, tuple(tuple(line) for line in lines), end, spot))
        for s in f.sides:
            out.spots.setdefault(SIDES[s], spot)
        if end is None and len(f.sides) == 1 and ends_by_kind[f.kind] >= 2:
            if CENTRE not in out.junctions and not out.centres:
                out.junctions.append(CENTRE)

    # Inner pockets: where no area covers, else on the diagonals (walled meadows). A pocket
    # touches no edge: a candidate by a side with field half-edges lies in that edge field
    # (TB/CCc.c: the meadow north of the band), so the others come first.
    used: list[Point] = []
    for f in features:
        for name in f.inner:
            free = [
                p
                for p in POCKET_CANDIDATES
                if p not in used and not any(_point_in_polygon(p, a.polygon) for a in out.areas)
            ]
            free.sort(key=lambda p: _by_edge_field(POCKET_CANDIDATES.index(p), halves))
            point = free[0] if free else next(p for p in POCKET_FALLBACK if p not in used)
            used.append(point)
            out.pockets.append(Pocket(f.index, name, point, 9.0))
            out.spots[name] = point

    # Field half-edges and corners.
    def clear(p: Point) -> bool:
        """Whether a figure's foot at ``p`` stands on open ground (no area, wall or path)."""
        for area in out.areas:
            if _point_in_polygon(p, area.polygon):
                return False
            if any(near(p, w, 6) for w in area.walls):
                return False
        for path in out.paths:
            reach = out.styles[path.index].width / 2 + 5
            if any(near(p, line, reach) for line in path.lines):
                return False
        return all(math.dist(p, c.point) >= c.radius + 4 for c in out.centres)

    for h, name in enumerate(HALVES):
        if halves[h] >= 0:
            side, second = divmod(h, 2)
            candidates = [
                _along(side, t if second else 1 - t, depth)
                for depth in (HALF_SPOT_DEPTH, 10.0, 7.0)
                for t in (0.75, 0.82, 0.68, 0.88)
            ]
            out.spots[name] = next((p for p in candidates if clear(p)), candidates[0])
    for c, name in enumerate(CORNERS):
        if view.corner_feature[c] >= 0:
            out.spots[name] = _toward(CORNER_POINTS[c], CENTRE, 0.22)

    # Attributes as badges next to their feature's spot.
    for f in features:
        for name, value in sorted(f.attrs.items()):
            if value:
                anchor = out.spots.get(f.location, CENTRE)
                out.badges.append(Badge(f.index, name, value, _badge_point(anchor, name)))
    return out


#: How far a badge's centre keeps from the tile's edge (a badge is about 14 units wide): a
#: spot by the edge (a shallow city cap's) would put it half off the tile.
BADGE_MARGIN = 9.0


def _badge_point(anchor: Point, name: str) -> Point:
    """Attributes sit beside the feature's figure spot, toward the centre: shields on the side
    of the centre, other attributes on the other; always inside the tile."""
    dx = 12.0 if anchor[0] <= 50 else -12.0
    toward = 1.0 if anchor[1] <= 50 else -1.0
    if name == "shields":
        x, y = anchor[0] + dx, anchor[1] + 8.0 * toward
    else:
        x, y = anchor[0] + dx, anchor[1] - 12.0 * toward
    low, high = BADGE_MARGIN, 100.0 - BADGE_MARGIN
    return (min(max(x, low), high), min(max(y, low), high))


def _through_lines(f: RotatedFeature) -> list[tuple[Point, ...]]:
    """Lines of a path feature with two or more sides."""
    sides = f.sides
    if len(sides) == 2:
        a, b = SIDE_MIDDLES[sides[0]], SIDE_MIDDLES[sides[1]]
        if (sides[1] - sides[0]) % 2 == 0:
            return [(a, b)]
        return [(a, *_quad(a, CENTRE, b))]
    return [(SIDE_MIDDLES[s], CENTRE) for s in sides]


def _path_end(
    side: int, kind: str, out: TileLayout, ends: int, deep_tips: list[Point]
) -> tuple[Point, Point | None]:
    """Where a path with one side on this tile ends, and whether that is a dead end (a spring,
    a lone road's end) that needs a marker."""
    if out.centres:
        return out.centres[0].point, None
    if ends >= 2:
        return CENTRE, None
    if len(deep_tips) == 1:
        return deep_tips[0], None
    if any(_point_in_polygon(CENTRE, a.polygon) for a in out.areas):
        return CENTRE, None
    end = CENTRE if kind != "road" else _toward(SIDE_MIDDLES[side], CENTRE, 0.85)
    return end, end


# ---------------------------------------------------------------------------------------------
# Pieces (a dragon, tower floors, sheep): where several of them stand on one tile

#: Where a piece may stand on a tile, in the tile's 100 x 100 box of the board orientation.
PIECE_GRID: tuple[Point, ...] = tuple(
    (float(x), float(y)) for y in (12, 27, 42, 58, 73, 88) for x in (12, 27, 42, 58, 73, 88)
)
#: How far a piece's point keeps from a figure's (figures are about 24 units tall).
FIGURE_CLEARANCE = 20.0
#: How far two pieces' points keep from each other (a mark is about 14 units wide).
PIECE_CLEARANCE = 15.0
#: Where a piece that stands on the tile as a whole (no location) is drawn, nearest first.
TILE_ANCHOR: Point = (12.0, 88.0)


def piece_slots(
    anchors: Sequence[Point], blocked: Sequence[tuple[Point, float]] = ()
) -> list[Point]:
    """A point for each anchor, in order: the anchor itself when it is free and within the
    grid's square (a tower floor on its foundation), else the free point of
    :data:`PIECE_GRID` nearest the anchor, free meaning at least the given distance from each
    ``(point, distance)`` of ``blocked`` (figures, a badge) and :data:`PIECE_CLEARANCE` from
    the points chosen before; when no point is free, the grid's point farthest from
    everything (ties: the grid's order)."""
    chosen: list[Point] = []
    for anchor in anchors:
        keep = list(blocked) + [(p, PIECE_CLEARANCE) for p in chosen]

        def room(p: Point, keep: list[tuple[Point, float]] = keep) -> float:
            return min((math.dist(p, q) - d for q, d in keep), default=math.inf)

        inside = all(PIECE_GRID[0][0] <= c <= PIECE_GRID[-1][0] for c in anchor)
        own = (anchor,) if inside else ()  # a spot by the edge: the grid keeps pieces inside
        free = [p for p in (*own, *PIECE_GRID) if room(p) >= 0]
        if free:
            best = min(free, key=lambda p: math.dist(p, anchor))
        else:
            best = max(PIECE_GRID, key=room)
        chosen.append(best)
    return chosen
