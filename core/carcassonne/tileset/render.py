"""A terminal picture of one tile (``carcassonne tiles show``): 9 x 9 cells, 2 characters each.

Cities are caps, bands and diagonals of ``##``; roads ``==``/``||`` run from the middle of their
sides to the centre (``()`` where a road ends or branches); fields are painted outward from their
half-edges with one pattern per field segment, so the picture shows which half-edges belong
together; inner pockets take the cells no half-edge reaches. ``MM`` is a monastery, ``<>`` a
shield. Kinds that plugins register are drawn from their shape with their glyph doubled: a
banked side kind like a path (the river ``~~``, ``@@`` where it ends), a wildcard side kind as
walls (the abbey's ``%%``), a centre kind in a quiet field cell (a garden ``**``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from carcassonne.geometry import HALVES, SIDES
from carcassonne.tileset.model import FeatureKind, RotatedFeature, TileType

SIZE = 9
MID = SIZE // 2
FIELD_PATTERNS = ("..", "''", ",,", "::", "--", "``")
CITY = "##"
SHIELD = "<>"


def _dist(side: int, r: int, c: int) -> int:
    return (r, SIZE - 1 - c, SIZE - 1 - r, c)[side]


def _cap(side: int, r: int, c: int, depth: int) -> bool:
    d = _dist(side, r, c)
    along = (c, r, c, r)[side]
    return d <= depth and d <= along <= SIZE - 1 - d


def _city_cell(sides: tuple[int, ...], r: int, c: int, depth: int = 2) -> bool:
    """Whether cell (r, c) shows a city covering ``sides``; caps are ``depth`` + 1 cells deep
    (0: a band without caps, for two crossing cities)."""
    if depth and any(_cap(s, r, c, depth) for s in sides):
        return True
    n = len(sides)
    if n >= 4:
        return True
    if n == 3:
        missing = ({0, 1, 2, 3} - set(sides)).pop()
        return _dist(missing, r, c) >= 3
    if n == 2:
        a, b = sides
        if (a - b) % 2 == 0:  # opposite sides: a band through the middle
            other = (a + 1) % 4
            return _dist(other, r, c) >= 3 and _dist((other + 2) % 4, r, c) >= 3
        return _dist(a, r, c) + _dist(b, r, c) <= SIZE - 2  # a diagonal city
    return False


def _half_cells(half: int) -> list[tuple[int, int]]:
    side, right = divmod(half, 2)
    # Along each side from its left end (as seen from the centre) to its right end.
    span = range(1, MID) if not right else range(MID + 1, SIZE - 1)
    cells = []
    for k in span:
        if side == 0:
            cells.append((0, k))
        elif side == 1:
            cells.append((k, SIZE - 1))
        elif side == 2:
            cells.append((SIZE - 1, SIZE - 1 - k))
        else:
            cells.append((SIZE - 1 - k, 0))
    return cells


def _arm(side: int) -> list[tuple[int, int]]:
    """Cells from the middle of ``side`` to the centre, edge first (centre excluded)."""
    out = []
    for d in range(MID):
        out.append(((d, MID), (MID, SIZE - 1 - d), (SIZE - 1 - d, MID), (MID, d))[side])
    return out


def render_tile(tile: TileType, kinds: Mapping[str, FeatureKind], rotation: int = 0) -> list[str]:
    """The picture of ``tile`` turned ``rotation`` degrees clockwise, as lines of text,
    followed by a legend and the features in board orientation."""
    view = tile.rotated(rotation)
    grid: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
    used: dict[str, str] = {}

    def kind_of(f: RotatedFeature) -> FeatureKind | None:
        if tile.features[f.index].inert:
            return None
        return kinds.get(f.kind)

    def banked_or_unknown(f: RotatedFeature) -> bool:
        k = kind_of(f)
        return k is None or k.banks

    # Cities and other side kinds without banks. Several cities on a tile get shallower caps
    # (room for the fields between them); two crossing bands get no caps at all.
    def city_like(f: RotatedFeature) -> bool:
        k = kind_of(f)
        return (
            bool(f.sides)
            and k is not None
            and k.placement == "sides"
            and not k.banks
            and (not k.wildcard)
        )

    cities = [f for f in view.features if city_like(f)]
    bands = [f for f in cities if len(f.sides) == 2 and (f.sides[0] - f.sides[1]) % 2 == 0]
    depth = 2 if len(cities) < 2 else 1
    depths = {f.index: 0 if len(bands) >= 2 and f in bands else depth for f in cities}
    for f in cities:
        for r in range(SIZE):
            for c in range(SIZE):
                if _city_cell(f.sides, r, c, depths[f.index]):
                    grid[r][c] = CITY
        used[CITY] = f.kind
    # Wildcard sides (the abbey's walls).
    for f in view.features:
        k = kind_of(f)
        if k is not None and k.wildcard:
            wall = (k.glyph or "%") * 2
            for s in f.sides:
                for r in range(SIZE):
                    for c in range(SIZE):
                        if _dist(s, r, c) == 0:
                            grid[r][c] = wall
            used[wall] = f"{k.name} edge (matches any edge)"
    # The monastery fills the centre; other centre kinds go into a quiet field cell below.
    for f in view.features:
        if f.kind == "monastery" and f.center:
            for r in range(MID - 1, MID + 2):
                for c in range(MID - 1, MID + 2):
                    grid[r][c] = "MM"
            used["MM"] = "monastery"
    # Other banked kinds first, then roads (a road crosses a river on a bridge).
    banked = [f for f in view.features if f.sides and banked_or_unknown(f)]
    banked.sort(key=lambda f: f.kind == "road")
    for f in banked:
        road = f.kind == "road"
        k = kind_of(f)
        glyph = (k.glyph if k is not None else "") or f.kind[:1].lower()
        mark_v, mark_h = ("||", "==") if road else (glyph * 2, glyph * 2)
        used[mark_h] = f.kind + ("" if k is not None else " (inert)")
        reached = False
        for s in f.sides:
            for r, c in _arm(s):
                if grid[r][c] in (CITY, "MM"):
                    break
                grid[r][c] = mark_v if s in (0, 2) else mark_h
            else:
                reached = True
        if reached and grid[MID][MID] not in ("MM",):
            sides = set(f.sides)
            if sides == {0, 2}:
                grid[MID][MID] = mark_v
            elif sides == {1, 3}:
                grid[MID][MID] = mark_h
            elif not road:
                grid[MID][MID] = "@@" if len(sides) == 1 else mark_v
                if len(sides) == 1:
                    used["@@"] = f"{f.kind} source / end"
            else:
                grid[MID][MID] = "()"
                used["()"] = "road end / junction"
    # Fields: painted outward from their half-edges; inner pockets take what is left.
    fields = [f for f in view.features if f.halves or f.inner]
    pattern = {f.index: FIELD_PATTERNS[i % len(FIELD_PATTERNS)] for i, f in enumerate(fields)}
    queue: deque[tuple[int, int, str]] = deque()
    for f in fields:
        for h in f.halves:
            for r, c in _half_cells(h):
                if grid[r][c] is None:
                    grid[r][c] = pattern[f.index]
                    queue.append((r, c, pattern[f.index]))
    _flood(grid, queue)
    pockets = _components(grid)
    inner = [(f, name) for f in fields for name in f.inner]
    for i, cells in enumerate(pockets):
        if not inner:
            break
        f, _name = inner[min(i * len(inner) // len(pockets), len(inner) - 1)]
        for r, c in cells:
            grid[r][c] = pattern[f.index]
    # Other centre kinds (a garden) in a quiet field cell, shields on the city.
    for f in view.features:
        if f.center and f.kind != "monastery":
            spots = [(6, 6), (6, 2), (2, 6), (2, 2), (7, 4), (4, 7), (1, 4), (4, 1)]
            field_marks = set(pattern.values())
            spot = next((p for p in spots if grid[p[0]][p[1]] in field_marks), (MID, MID))
            if grid[spot[0]][spot[1]] == "MM":
                spot = (MID + 2, MID + 2)
            k = kind_of(f)
            mark = ((k.glyph if k is not None else "") or f.kind[:1].upper()) * 2
            grid[spot[0]][spot[1]] = mark
            used[mark] = f.kind + (" (inert)" if k is None else "")
    for f in view.features:
        shields = f.attrs.get("shields", 0)
        if not shields:
            continue
        cells = [(r, c) for r in range(SIZE) for c in range(SIZE) if grid[r][c] == CITY]
        cells = [p for p in cells if _city_cell(f.sides, *p, depths.get(f.index, 2))]
        if not cells:
            continue
        cr = sum(r for r, _ in cells) / len(cells)
        cc = sum(c for _, c in cells) / len(cells)
        cells.sort(key=lambda p: ((p[0] - cr) ** 2 + (p[1] - cc) ** 2, p))
        for r, c in cells[:shields]:
            grid[r][c] = SHIELD
        used[SHIELD] = "shield"

    # attributes a plugin declared with a glyph (an inn on a road), on the feature's first arm
    for f in view.features:
        k = kind_of(f)
        if k is None:
            continue
        for name in sorted(f.attrs):
            info = k.attribute(name)
            if name == "shields" or not info.glyph or not f.attrs[name]:
                continue
            arm = _arm(f.sides[0]) if f.sides else [(MID + 1, MID)]
            r, c = arm[-1]
            grid[r][c] = info.glyph * 2
            used[info.glyph * 2] = info.title

    edges = view.edges
    width = 2 * SIZE
    lines = [" " * 3 + f"{'N: ' + edges[0]:^{width + 2}}"]
    lines.append("   +" + "-" * width + "+")
    for r in range(SIZE):
        left = "W  " if r == MID else "   "
        row = "".join(cell or "  " for cell in grid[r])
        right = "  E" if r == MID else ""
        lines.append(f"{left}|{row}|{right}")
    lines.append("   +" + "-" * width + "+")
    lines.append(" " * 3 + f"{'S: ' + edges[2]:^{width + 2}}")
    lines[0 + 1 + MID + 1] += f"   W: {edges[3]}, E: {edges[1]}"
    legend = []
    if CITY in used:
        legend.append(f"{CITY} city")
    for mark, name in used.items():
        if mark != CITY:
            legend.append(f"{mark} {name}")
    for f in fields:
        where = " ".join([HALVES[h] for h in f.halves] + list(f.inner))
        legend.append(f"{pattern[f.index]} {f.kind} {where}")
    lines.append("")
    lines.append("legend: " + "   ".join(legend))
    lines.append("features (board orientation):")
    for f in view.features:
        lines.append("  " + describe(tile, f, rotation))
    return lines


def describe(tile: TileType, f: RotatedFeature, rotation: int = 0) -> str:
    """One rotated feature in the notation (board orientation)."""
    view = tile.rotated(rotation)
    parts = [f.kind, *(SIDES[s] for s in f.sides), *(HALVES[h] for h in f.halves), *f.inner]
    if f.shared:
        parts += ["shares", *(SIDES[s] for s in f.shared)]
    parts += [f"{k}={v}" for k, v in sorted(f.attrs.items())]
    if f.borders:
        parts += ["->", *(view.features[j].location for j in f.borders)]
    if tile.features[f.index].inert:
        parts.append("(inert)")
    return " ".join(parts)


def _flood(grid: list[list[str | None]], queue: deque[tuple[int, int, str]]) -> None:
    while queue:
        r, c, mark = queue.popleft()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < SIZE and 0 <= nc < SIZE and grid[nr][nc] is None:
                grid[nr][nc] = mark
                queue.append((nr, nc, mark))


def _components(grid: list[list[str | None]]) -> list[list[tuple[int, int]]]:
    seen: set[tuple[int, int]] = set()
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            if grid[r][c] is not None or (r, c) in seen:
                continue
            cells = []
            todo = [(r, c)]
            seen.add((r, c))
            while todo:
                p = todo.pop()
                cells.append(p)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    q = (p[0] + dr, p[1] + dc)
                    if 0 <= q[0] < SIZE and 0 <= q[1] < SIZE and grid[q[0]][q[1]] is None:
                        if q not in seen:
                            seen.add(q)
                            todo.append(q)
            out.append(sorted(cells))
    out.sort(key=lambda cells: cells[0])
    return out
