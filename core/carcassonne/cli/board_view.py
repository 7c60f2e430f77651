"""A compact ASCII picture of the board for the terminal game (``carcassonne play``).

Each tile is 5 characters wide and 3 lines high, tiles separated by one space::

    #####   cities are ``#``, roads ``|`` and ``-`` with ``+`` where they end or branch,
    ..+--   fields ``.``, a monastery ``M``, a shield ``$``; kinds that plugins register are
    ..|..   drawn by their shape with their glyph (the river ``~``, a garden ``*``, the
            abbey's walls ``%``).

A figure replaces the character at its location with its owner's letter (``A`` for the first
player, ``B`` for the second, ...): upper case for a meeple, lower case for any other figure
kind. A piece a plugin put on the board (a neutral figure such as a dragon, a tower floor, a
sheep) shows the glyph its ``PieceKind`` declares, at its location or in a corner of the tile,
followed by a count when several of the same stand together (``T3``); a digit in the top left
corner counts the tiles lying face down under a tile. Empty squares where the drawn tile fits
show their coordinates. The picture is a window around the most recent placements, so it stays
readable however large the board grows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from carcassonne.cli.canvas import LAST_PREFIX, Canvas
from carcassonne.geometry import CORNERS, HALVES, SIDES
from carcassonne.tileset.model import FeatureKind
from carcassonne.values import NEUTRAL, PieceKind

Pos = tuple[int, int]

WIDTH = 5
HEIGHT = 3
GAP = " "

#: Cells (row, column) of each side's middle, half-edges, corners and the centre.
SIDE_CELLS = {
    "N": [(0, 1), (0, 2), (0, 3)],
    "E": [(1, 4)],
    "S": [(2, 1), (2, 2), (2, 3)],
    "W": [(1, 0)],
}
SIDE_MID = {"N": (0, 2), "E": (1, 4), "S": (2, 2), "W": (1, 0)}
ARM = {"N": [(0, 2)], "E": [(1, 3), (1, 4)], "S": [(2, 2)], "W": [(1, 0), (1, 1)]}
HALF_CELL = {
    "NL": (0, 1),
    "NR": (0, 3),
    "EL": (0, 4),
    "ER": (2, 4),
    "SL": (2, 3),
    "SR": (2, 1),
    "WL": (2, 0),
    "WR": (0, 0),
}
CORNER_CELL = {"NW": (0, 0), "NE": (0, 4), "SE": (2, 4), "SW": (2, 0)}
#: The corners touching each pair of sides a city joins.
CORNER_SIDES = {"NW": ("N", "W"), "NE": ("N", "E"), "SE": ("S", "E"), "SW": ("S", "W")}
CENTRE = (1, 2)
INNER_CELLS = {"I": (1, 1), "II": (1, 3)}

#: How a path kind without a glyph (the road) is drawn: vertical, horizontal, junction.
PATH_CHARS = ("|", "-", "+")
#: Sides of a wildcard kind without a glyph.
WALL = "%"
#: Where the board shows a key-able hole of an abbey (``@   @``, compact `` @ ``).
HOLE = "@"
#: What the board shows on a tile with tiles face down under it (a hill): ``=`` in its top
#: left corner.
UNDER = "="
#: Characters the terminal itself gives a meaning: lower-case letters are keys (and, at full
#: scale inside a tile, figures other than meeples), upper-case ``A``-``F`` players' figures,
#: and the board's own marks.
RESERVED = set("abcdefghijklmnopqrstuvwxyzABCDEF.:?") | {HOLE, UNDER}
#: Free characters given, in order, to a plugin's glyph that clashes with another meaning.
SPARE_GLYPHS = "!;<>[]{}()'\"_`,/"


def glyph_table(
    kinds: Mapping[str, FeatureKind], piece_kinds: Mapping[str, PieceKind] | None = None
) -> dict[tuple[str, str], str]:
    """The character of each drawn thing of a game, so that no character means two things.

    Keys are ``("kind", name)``, ``("attribute", name)`` and ``("piece", name)``. A plugin's
    glyph is kept unless it is reserved (a lower-case letter would read as a key) or another
    thing already has it (the tower and the fairy both declared ``^``); then its upper-case
    letter stands in for it when that is free (``i`` inn: ``I``), else the next free
    character of :data:`SPARE_GLYPHS`; the legend lists what each stands for. An attribute
    and a piece of the same name (wine on a tile, a wine token) are one thing: one glyph.
    """
    table: dict[tuple[str, str], str] = {}
    taken = {"#", "$", *PATH_CHARS, WALL, "*", HOLE}

    def give(key: tuple[str, str], wanted: str) -> None:
        same = table.get(("attribute", key[1])) if key[0] == "piece" else None
        if same is not None and wanted == next(
            (k.attribute(key[1]).glyph for k in kinds.values() if key[1] in k.attributes), ""
        ):
            table[key] = same
            return
        for char in (wanted, wanted.upper(), *SPARE_GLYPHS):
            if char and char not in RESERVED and char not in taken:
                table[key] = char
                break
        else:
            table[key] = "?"
        taken.add(table[key])

    for kind in kinds.values():
        if kind.name == "field" or kind.banks and not kind.glyph:
            continue
        if kind.wildcard:
            wanted = kind.glyph or WALL
        elif kind.placement == "center" or not kind.edge:
            wanted = kind.glyph or kind.name[:1].upper()
        else:
            wanted = kind.glyph or "#"
        table[("kind", kind.name)] = wanted
        taken.add(wanted)
    for kind in kinds.values():
        for name in sorted(kind.attributes - {"shields"}):
            glyph = kind.attribute(name).glyph
            if glyph and ("attribute", name) not in table:
                give(("attribute", name), glyph)
    for name, look in sorted((piece_kinds or {}).items()):
        give(("piece", name), (look.glyph or "*")[:1])
    _TABLES[id(kinds)] = (kinds, piece_kinds, table)
    return table


#: The latest table per kinds mapping (a game's kinds are built once; drawing asks per tile).
_TABLES: dict[int, tuple[object, object, dict[tuple[str, str], str]]] = {}


def player_letter(player: int) -> str:
    return chr(ord("A") + player)


def tile_cells(placed: Any, kinds: Mapping[str, FeatureKind]) -> list[list[str]]:
    """The 3 x 5 characters of one placed tile (no figures).

    Everything is drawn from the kinds' shapes, so an expansion's kind needs no code here:
    side kinds with banks are paths (the road's ``|``/``-``, otherwise the kind's glyph), other
    side kinds are walled areas like cities (``#`` or the glyph), wildcard sides are walls, and
    centre kinds show their glyph or initial. Inert decoration is not drawn.
    """
    grid = [["."] * WIDTH for _ in range(HEIGHT)]
    rot = placed.rot
    paths: list[tuple[FeatureKind, tuple[str, ...]]] = []
    for f in rot.features:
        kind = kinds.get(f.kind)
        sides = tuple(SIDES[s] for s in f.sides)
        if kind is None or not sides:
            continue
        if kind.banks:
            paths.append((kind, sides))
            continue
        if kind.wildcard:
            for side in sides:
                for r, c in SIDE_CELLS[side]:
                    grid[r][c] = kind.glyph or WALL
            continue
        char = kind.glyph or "#"
        for side in sides:
            for r, c in SIDE_CELLS[side]:
                grid[r][c] = char
        for corner, (a, b) in CORNER_SIDES.items():
            if a in sides and b in sides:
                r, c = CORNER_CELL[corner]
                grid[r][c] = char
                grid[1][1 if "W" in corner else 3] = char
        if "E" in sides and "W" in sides:
            grid[1] = [char] * WIDTH
        if "N" in sides and "S" in sides or len(sides) >= 3:
            grid[1][1:4] = [char] * 3
        if f.attrs and f.attrs.get("shields"):
            r, c = SIDE_MID[sides[0]]
            grid[r][c] = "$"
    for kind, sides in paths:
        vertical, horizontal, junction = (kind.glyph,) * 3 if kind.glyph else PATH_CHARS
        for side in sides:
            for r, c in ARM[side]:
                grid[r][c] = vertical if side in ("N", "S") else horizontal
        if len(sides) == 2 and _opposite(sides):
            grid[1][2] = vertical if "N" in sides else horizontal
        elif grid[1][2] == "." or len(sides) > 1:
            grid[1][2] = junction
    for f in rot.features:
        kind = kinds.get(f.kind)
        if kind is not None and not f.sides and not f.halves and not f.inner:
            grid[1][2] = kind.glyph or f.kind[:1].upper()
    # attributes a plugin declared with a glyph (an inn on a road) beside the feature's side
    table = glyph_table(kinds)
    for f in rot.features:
        kind = kinds.get(f.kind)
        if kind is None or not f.sides:
            continue
        for name in sorted(f.attrs):
            glyph = table.get(("attribute", name), "") if kind.attribute(name).glyph else ""
            if glyph and name != "shields" and f.attrs[name]:
                r, c = ARM[SIDES[f.sides[0]]][-1]
                grid[r][c] = glyph
    return grid


def _opposite(sides: tuple[str, ...]) -> bool:
    return ("N" in sides and "S" in sides) or ("E" in sides and "W" in sides)


def figure_cell(location: str) -> tuple[int, int]:
    """Where on a tile's 3 x 5 cells a figure at ``location`` is drawn."""
    if location in SIDE_MID:
        return SIDE_MID[location]
    if location in HALF_CELL:
        return HALF_CELL[location]
    if location in CORNER_CELL:
        return CORNER_CELL[location]
    return INNER_CELLS.get(location, CENTRE)


def compact_cells(grid: list[list[str]]) -> str:
    """A tile's 3 x 5 cells in 3 characters (the compact scale): its west side, its middle
    and its east side. A side is the first thing on it that is not field; the middle is the
    centre, else the middle of the north side, else of the south side, so that a city on
    the north side or a road running north still shows (the middle row alone is field)."""
    west = next((char for char in grid[1][:2] if char != "."), ".")
    middle = next((grid[r][2] for r in (1, 0, 2) if grid[r][2] != "."), ".")
    east = next((char for char in grid[1][:2:-1] if char != "."), ".")
    return west + middle + east


#: Square sizes of the two scales: (characters per square, gap, rows per square).
FULL = (WIDTH, 1, HEIGHT)
COMPACT = (3, 0, 1)


@dataclass(frozen=True)
class View:
    """The squares a board picture shows (``x0..x1``, ``y0..y1`` inclusive) and its scale."""

    x0: int
    x1: int
    y0: int
    y1: int
    scale: tuple[int, int, int] = FULL
    #: Coordinates around the picture (the x header and the y column).
    labels: bool = True

    @property
    def label_width(self) -> int:
        return max(len(str(self.y0)), len(str(self.y1)), 2) + 1 if self.labels else 0

    @property
    def size(self) -> tuple[int, int]:
        """(columns, rows) of characters the picture takes."""
        step, gap, high = self.scale
        cols = self.x1 - self.x0 + 1
        header = 1 if self.labels else 0
        return self.label_width + cols * (step + gap) - gap, header + (self.y1 - self.y0 + 1) * high

    def shows(self, square: Pos) -> bool:
        x, y = square
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


@dataclass
class Marks:
    """What a board picture shows beyond tiles and figures: keys on empty squares, holes, the
    latest tile of each player, and one square to highlight (a tile being tried)."""

    keys: dict[Pos, str] = field(default_factory=dict)
    holes: set[Pos] = field(default_factory=set)
    last: dict[Pos, int] = field(default_factory=dict)
    highlight: Pos | None = None


def player_style(state: Any, player: int) -> str:
    names = state.config.names
    return names[player] if 0 <= player < len(names) else ""


def choose_view(
    state: Any, must: set[Pos], width: int, height: int, wish: frozenset[Pos] = frozenset()
) -> View:
    """The largest useful view within ``width`` x ``height`` characters: the whole board at
    full scale if it fits, else a window at full scale holding every square of ``must`` (and
    of ``wish``, the latest placement, when they fit together), else the same at the compact
    scale (one line per square); if even that cannot hold ``must``, the compact window that
    holds most of it, nearest to ``wish`` (the squares that matter this turn stay in view)."""
    squares = set(state.board) | must | wish
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    bounds = (min(xs), max(xs), min(ys), max(ys))
    tries = [must | wish, must] if wish - must and must else [must or set(state.board) | wish]
    for inner in tries:
        ixs = [x for x, _ in inner]
        iys = [y for _, y in inner]
        need = (min(ixs), max(ixs), min(iys), max(iys))
        for scale in (FULL, COMPACT):
            view = _window(bounds, need, scale, width, height)
            if view is not None:
                return view
    cols, rows = _fit(COMPACT, width, height, bounds)
    best: tuple[int, int, View] | None = None
    middle = ((bounds[0] + bounds[1]) // 2, (bounds[2] + bounds[3]) // 2)
    for cx, cy in sorted(must | wish) or [middle]:
        x0, y0 = cx - cols // 2, cy - rows // 2
        view = View(x0, x0 + cols - 1, y0, y0 + rows - 1, COMPACT)
        score = (sum(view.shows(sq) for sq in must), sum(view.shows(sq) for sq in wish))
        if best is None or score > best[:2]:
            best = (*score, view)
    assert best is not None
    return best[2]


def _fit(
    scale: tuple[int, int, int], width: int, height: int, bounds: tuple[int, int, int, int]
) -> tuple[int, int]:
    step, gap, high = scale
    label = View(bounds[0], bounds[1], bounds[2], bounds[3], scale).label_width
    header = 1  # the x labels
    return max((width - label + gap) // (step + gap), 1), max((height - header) // high, 1)


def _window(
    bounds: tuple[int, int, int, int],
    need: tuple[int, int, int, int],
    scale: tuple[int, int, int],
    width: int,
    height: int,
) -> View | None:
    cols, rows = _fit(scale, width, height, bounds)
    if need[1] - need[0] + 1 > cols or need[3] - need[2] + 1 > rows:
        return None
    x0, x1 = _grow(need[0], need[1], bounds[0], bounds[1], cols)
    y0, y1 = _grow(need[2], need[3], bounds[2], bounds[3], rows)
    return View(x0, x1, y0, y1, scale)


def _grow(low: int, high: int, lo_bound: int, hi_bound: int, size: int) -> tuple[int, int]:
    """Widen ``low..high`` to at most ``size`` squares within the bounds, evenly both ways."""
    while high - low + 1 < size and (low > lo_bound or high < hi_bound):
        if low > lo_bound:
            low -= 1
        if high - low + 1 < size and high < hi_bound:
            high += 1
    return low, high


def draw_board(state: Any, view: View, marks: Marks | None = None) -> Canvas:
    """The board within ``view`` on a canvas: coordinates, tiles, figures in their owners'
    colours, keys on empty squares, holes, and each player's latest tile underlined."""
    marks = marks or Marks()
    width, height = view.size
    canvas = Canvas(width, height)
    step, gap, high = view.scale
    full = view.scale == FULL
    label = view.label_width
    top = 1 if view.labels else 0
    if top:
        for x in range(view.x0, view.x1 + 1):
            col = label + (x - view.x0) * (step + gap)
            if full:
                canvas.put(0, col, f"{x:^{WIDTH}}", "dim")
            elif x % 2 == 0:  # every other column: "-12" takes a whole square
                canvas.put(0, col, f"{x:^{step}}", "dim")
    figures: dict[Pos, list[tuple[str, int, str]]] = {}
    for _root, fig in state.figures():
        figures.setdefault((fig.x, fig.y), []).append((fig.location, fig.player, fig.kind))
    kinds = state.config.kinds
    for y in range(view.y0, view.y1 + 1):
        row = top + (y - view.y0) * high
        if view.labels:
            canvas.put(row + (1 if full else 0), 0, f"{y:>{label - 1}}", "dim")
        for x in range(view.x0, view.x1 + 1):
            col = label + (x - view.x0) * (step + gap)
            square = (x, y)
            placed = state.board.get(square)
            if placed is not None:
                grid = tile_cells(placed, kinds)
                style = ""
                if square == marks.highlight:
                    style = "key"
                elif square in marks.last:
                    style = LAST_PREFIX + player_style(state, marks.last[square])
                if full:
                    for r in range(HEIGHT):
                        canvas.put(row + r, col, "".join(grid[r]), style)
                    if state.tiles_under(x, y):
                        canvas.put(row, col, UNDER, UNDER_STYLE)
                    taken = set()
                    for location, player, kind in figures.get(square, ()):
                        r, c = figure_cell(location)
                        taken.add((r, c))
                        canvas.put(
                            row + r,
                            col + c,
                            figure_letter(player, kind),
                            player_style(state, player),
                        )
                    for r, c, text, owner in piece_marks(state, square, taken):
                        canvas.put(row + r, col + c, text, piece_style(state, owner))
                else:
                    canvas.put(row, col, compact_cells(grid), style)
                    # the owner's letter only: at this scale lower case is always a key
                    for _location, player, _kind in figures.get(square, ())[:1]:
                        canvas.put(row, col + 1, player_letter(player), player_style(state, player))
                    if square not in figures:
                        for _r, _c, text, owner in piece_marks(state, square, set())[:1]:
                            canvas.put(row, col + 1, text[:1], piece_style(state, owner))
            elif square in marks.keys:
                key = marks.keys[square]
                corner = HOLE if square in marks.holes else ":"
                if full:
                    canvas.put(row, col, f"{corner}   {corner}", "dim")
                    canvas.put(row + 1, col, f"{key:^{WIDTH}}", "key")
                    canvas.put(row + 2, col, f"{corner}   {corner}", "dim")
                else:
                    canvas.put(row, col, f"{key:^3}" if len(key) == 1 else key, "key")
            elif square in marks.holes:
                if full:
                    canvas.put(row, col, f"{HOLE}   {HOLE}", "dim")
                    canvas.put(row + 2, col, f"{HOLE}   {HOLE}", "dim")
                else:
                    canvas.put(row, col, f" {HOLE} ", "dim")
    return canvas


#: The style of the count of tiles face down under a tile.
UNDER_STYLE = "title"
#: Corners where pieces on a tile as a whole (no location) are drawn, in order.
PIECE_CORNERS = ((2, 4), (0, 4), (2, 0), (0, 0))


def piece_look(state: Any, kind: str) -> PieceKind:
    """How pieces of ``kind`` look (``config.piece_kinds``; a kind nobody declared looks like
    ``PieceKind(kind)``: a ``*``)."""
    look: PieceKind | None = state.config.piece_kinds.get(kind)
    return look if look is not None else PieceKind(kind)


def piece_glyph(state: Any, kind: str) -> str:
    """The character of a piece kind on the terminal board (:func:`glyph_table`)."""
    config = state.config
    table = glyph_table(config.kinds, config.piece_kinds)
    return table.get(("piece", kind)) or (piece_look(state, kind).glyph or "*")[:1]


def piece_style(state: Any, owner: int) -> str:
    """A player's piece in the player's colour; a neutral one in reverse video."""
    return "neutral" if owner == NEUTRAL else player_style(state, owner)


def piece_marks(
    state: Any, square: Pos, taken: set[tuple[int, int]]
) -> list[tuple[int, int, str, int]]:
    """``(row, column, text, owner)`` of the pieces on the tile at ``square`` on its 3 x 5
    cells: one mark per kind, owner and location, its glyph followed by the count when there
    are several (``T3``); at the location's cell (beside a figure there) or, for pieces on
    the tile as a whole, in the next free corner. ``taken`` holds the figures' cells."""
    groups: dict[tuple[str, int, str | None], int] = {}
    for piece in state.pieces_at(*square):
        key = (piece.kind, piece.owner, piece.location)
        groups[key] = groups.get(key, 0) + 1
    used = set(taken)
    marks = []
    for (kind, owner, location), count in groups.items():
        text = piece_glyph(state, kind) + (str(count) if 1 < count < 10 else "")
        if location is None:
            cells = [cell for cell in PIECE_CORNERS if cell not in used] or [PIECE_CORNERS[0]]
        else:
            r, c = figure_cell(location)
            cells = [(r, cc) for cc in (c, c + 1, c - 1) if 0 <= cc < WIDTH and (r, cc) not in used]
            cells = cells or [(r, c)]
        r, c = cells[0]
        c = max(min(c, WIDTH - len(text)), 0)
        used.update((r, c + i) for i in range(len(text)))
        marks.append((r, c, text, owner))
    return marks


def figure_letter(player: int, kind: str) -> str:
    letter = player_letter(player)
    return letter if kind == "meeple" else letter.lower()


def render_board(
    state: Any,
    spots: set[Pos] | None = None,
    width: int = 10_000,
    *,
    columns: int | None = None,
    rows: int | None = None,
) -> str:
    """The whole board as plain text, ``spots`` (empty squares) labelled with their
    coordinates; at most ``width`` characters wide (then a window around the latest tile), or
    at most ``columns`` x ``rows`` squares around the latest tile when they are given."""
    spots = spots or set()
    keys = {square: f"{square[0]},{square[1]}" for square in spots}
    must = set(spots) | ({state.last_tile} if state.last_tile else set())
    view = choose_view(state, must, width, 10_000)
    if columns is not None or rows is not None:
        order = state.placement_order()
        fx, fy = state.last_tile or (order[-1] if order else (0, 0))
        x0, x1 = _clip(view.x0, view.x1, fx, columns or 10_000)
        y0, y1 = _clip(view.y0, view.y1, fy, rows or 10_000)
        view = View(x0, x1, y0, y1)
    return draw_board(state, view, Marks(keys=keys)).text()


def _clip(low: int, high: int, centre: int, size: int) -> tuple[int, int]:
    """At most ``size`` of ``low..high``, around ``centre``."""
    if high - low + 1 <= size:
        return low, high
    start = min(max(centre - size // 2, low), high - size + 1)
    return start, start + size - 1


def board_pages(state: Any, width: int, height: int, marks: Marks | None = None) -> list[str]:
    """The whole board at full scale cut into pages of at most ``width`` x ``height``
    characters: strips of columns from west to east, each from north to south and only as
    high as its tiles (the ``board`` command, the final board)."""
    squares = list(state.board) + list(marks.keys if marks else {})
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    bounds = (min(xs), max(xs), min(ys), max(ys))
    cols, rows = _fit(FULL, width, height, bounds)
    pages = []
    for x0 in range(bounds[0], bounds[1] + 1, cols):
        x1 = min(x0 + cols - 1, bounds[1])
        strip = [y for x, y in squares if x0 <= x <= x1]
        for y0 in range(min(strip), max(strip) + 1, rows):
            y1 = min(y0 + rows - 1, max(strip))
            if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in squares):
                pages.append(draw_board(state, View(x0, x1, y0, y1), marks).text())
    return pages


def whole_board(state: Any, width: int, marks: Marks | None = None) -> list[str]:
    """The whole board in one piece when it fits ``width``: at full scale, else at the compact
    scale (a final board a reader takes in at once); else cut into pages (:func:`board_pages`)."""
    squares = list(state.board) + list(marks.keys if marks else {})
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    for scale in (FULL, COMPACT):
        view = View(min(xs), max(xs), min(ys), max(ys), scale)
        if view.size[0] <= width:
            return [draw_board(state, view, marks).text()]
    return board_pages(state, width, 10_000, marks)


#: Where a figure location sits on the zoomed 15 x 9 picture of a tile (figure choices).
ZOOM_WIDTH = 15
ZOOM_HEIGHT = 9
ZOOM_CELL = {
    "N": (0, 7), "NL": (0, 4), "NR": (0, 10),
    "E": (4, 14), "EL": (1, 14), "ER": (7, 14),
    "S": (8, 7), "SL": (8, 10), "SR": (8, 4),
    "W": (4, 0), "WL": (7, 0), "WR": (1, 0),
    "NW": (0, 0), "NE": (0, 14), "SE": (8, 14), "SW": (8, 0),
    "I": (4, 4), "II": (4, 10),
}  # fmt: skip
ZOOM_CENTRE = (4, 7)


def zoom_cell(location: str) -> tuple[int, int]:
    return ZOOM_CELL.get(location, ZOOM_CENTRE)


def draw_zoomed(state: Any, square: Pos, keys: Mapping[str, str]) -> Canvas:
    """One placed tile three times larger, its figures, and ``keys`` (location -> key) at the
    spots a figure may take: the picture of a figure choice."""
    placed = state.board[square]
    kinds = state.config.kinds
    small = tile_cells(placed, kinds)
    paths = set(PATH_CHARS) | {k.glyph for k in kinds.values() if k.banks and k.glyph}
    canvas = Canvas(ZOOM_WIDTH, ZOOM_HEIGHT)
    for r in range(HEIGHT):
        for c in range(WIDTH):
            _zoom_block(canvas, small, r, c, paths)
    for _root, fig in state.figures():
        if (fig.x, fig.y) == square:
            r, c = zoom_cell(fig.location)
            # the owner's letter: the lower-case letters of this picture are the spot keys
            canvas.put(r, c, player_letter(fig.player), player_style(state, fig.player))
    used: set[tuple[int, int]] = set()
    for location, key in keys.items():
        r, c = zoom_cell(location)
        while (r, c) in used:
            c += 2
        used.add((r, c))
        canvas.put(r, c, key, "key")
    return canvas


def _zoom_block(canvas: Canvas, small: list[list[str]], r: int, c: int, paths: set[str]) -> None:
    """The 3 x 3 block of one cell of the small picture: paths stay one character thick and
    join their neighbours; areas fill the block; a marker (monastery, shield) sits in the
    middle of its surroundings."""
    char = small[r][c]
    top, left = 3 * r, 3 * c
    if char in paths:
        for dr in range(3):
            canvas.put(top + dr, left, "...")
        glyph = char not in PATH_CHARS
        vertical, horizontal = (char, char) if glyph else ("|", "-")

        def linked(dr: int, dc: int) -> bool:
            rr, cc = r + dr, c + dc
            if not (0 <= rr < HEIGHT and 0 <= cc < WIDTH):
                return glyph
            return small[rr][cc] in paths

        up = char == "|" or (char not in "-|" and linked(-1, 0))
        down = char == "|" or (char not in "-|" and linked(1, 0))
        west = char == "-" or (char not in "-|" and linked(0, -1))
        east = char == "-" or (char not in "-|" and linked(0, 1))
        canvas.put(top + 1, left + 1, char)
        if up:
            canvas.put(top, left + 1, vertical)
        if down:
            canvas.put(top + 2, left + 1, vertical)
        if west:
            canvas.put(top + 1, left, horizontal)
        if east:
            canvas.put(top + 1, left + 2, horizontal)
        return
    if char == "$":
        background = "#"
    elif (r, c) == (1, 2) and char not in ("#", ".", WALL):
        background = "."
    elif char.isalpha() and char.islower():
        background = "."
    else:
        background = char
    for dr in range(3):
        canvas.put(top + dr, left, background * 3)
    canvas.put(top + 1, left + 1, char)


def render_tile(tile: Any, rotation: int, kinds: Mapping[str, FeatureKind]) -> list[str]:
    """The 3 lines of a tile type in one rotation (a drawn tile, not on the board)."""

    class _Shown:
        rot = tile.rotated(rotation)

    return ["".join(row) for row in tile_cells(_Shown, kinds)]


def render_tile_rotations(tile: Any, kinds: Mapping[str, FeatureKind]) -> str:
    """A drawn tile in its four rotations side by side, labelled ``r0``, ``r90``, ..."""
    grids = [render_tile(tile, rot.rotation, kinds) for rot in tile.rotations]
    header = GAP.join(f"{'r' + str(rot.rotation):^{WIDTH}}" for rot in tile.rotations).rstrip()
    body = [GAP.join(g[r] for g in grids) for r in range(HEIGHT)]
    return "\n".join([header, *body])


def legend(state: Any) -> str:
    """Which letter is which player, and the glyphs of the pieces on the board."""
    names = state.config.names
    items = [f"{player_letter(p)}={name}" for p, name in enumerate(names)]
    return "  ".join(items + piece_legend(state))


def piece_legend(state: Any) -> list[str]:
    """``D the dragon``, ``T tower floor`` …: the glyphs of the kinds of pieces on the board,
    and the tiles-under count when a tile has some."""
    items = []
    seen: set[str] = set()
    for piece in state.pieces():
        if piece.kind not in seen:
            seen.add(piece.kind)
            look = piece_look(state, piece.kind)
            items.append(f"{piece_glyph(state, piece.kind)} {look.label or piece.kind}")
    if any(state.tiles_under(x, y) for x, y in state.board):
        items.append(f"{UNDER} tiles face down under a tile")
    return items


__all__ = [
    "CORNERS",
    "HALVES",
    "legend",
    "piece_legend",
    "piece_marks",
    "player_letter",
    "render_board",
    "render_tile_rotations",
    "tile_cells",
]
