"""A compact ASCII picture of the board for the terminal game (``carcassonne play``).

Each tile is 5 characters wide and 3 lines high, tiles separated by one space::

    #####   cities are ``#``, roads ``|`` and ``-`` with ``+`` where they end or branch,
    ..+--   fields ``.``, a monastery ``M``, a shield ``$``; kinds that plugins register are
    ..|..   drawn by their shape with their glyph (the river ``~``, a garden ``*``, the
            abbey's walls ``%``).

A figure replaces the character at its location with its owner's letter (``A`` for the first
player, ``B`` for the second, ...): upper case for a meeple, lower case for any other figure
kind. Empty squares where the drawn tile fits show their coordinates. The picture is a window
around the most recent placements, so it stays readable however large the board grows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carcassonne.geometry import CORNERS, HALVES, SIDES
from carcassonne.tileset.model import FeatureKind

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
    for f in rot.features:
        kind = kinds.get(f.kind)
        if kind is None or not f.sides:
            continue
        for name in sorted(f.attrs):
            glyph = kind.attribute(name).glyph
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


def render_board(
    state: Any,
    *,
    focus: tuple[int, int] | None = None,
    columns: int = 11,
    rows: int = 7,
    spots: set[tuple[int, int]] | None = None,
) -> str:
    """The board (plus the frontier) as text, clipped to ``columns`` x ``rows`` squares around
    ``focus`` (default: the last placed tile). ``spots`` are empty squares to label with their
    coordinates (where the drawn tile fits)."""
    board = state.board
    spots = spots or set()
    squares = set(board) | set(spots)
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    min_x, max_x = min(xs) - 0, max(xs)
    min_y, max_y = min(ys), max(ys)
    if focus is None:
        focus = _last_placed(state)
    fx, fy = focus
    min_x, max_x = _clip(min_x, max_x, fx, columns)
    min_y, max_y = _clip(min_y, max_y, fy, rows)
    figures: dict[tuple[int, int], list[tuple[str, int, str]]] = {}
    for _root, fig in state.figures():
        figures.setdefault((fig.x, fig.y), []).append((fig.location, fig.player, fig.kind))
    label_width = max(len(str(min_y)), len(str(max_y)), 2)
    header = GAP.join(f"{x:^{WIDTH}}" for x in range(min_x, max_x + 1))
    lines = [(" " * (label_width + 1) + header).rstrip()]
    for y in range(min_y, max_y + 1):
        cells = []
        for x in range(min_x, max_x + 1):
            placed = board.get((x, y))
            if placed is not None:
                grid = tile_cells(placed, state.config.kinds)
                for location, player, kind in figures.get((x, y), ()):
                    r, c = figure_cell(location)
                    letter = player_letter(player)
                    grid[r][c] = letter if kind == "meeple" else letter.lower()
            elif (x, y) in spots:
                label = f"{x},{y}"
                label = label if len(label) <= WIDTH else "?"
                grid = [[" "] * WIDTH, list(f"{label:^{WIDTH}}"), [" "] * WIDTH]
                grid[0] = list(" ... ")
                grid[2] = list(" ... ")
            else:
                grid = [[" "] * WIDTH for _ in range(HEIGHT)]
            cells.append(grid)
        for r in range(HEIGHT):
            label = f"{y:>{label_width}}" if r == 1 else " " * label_width
            row = GAP.join("".join(grid[r]) for grid in cells)
            lines.append(f"{label} {row}".rstrip())
    return "\n".join(lines)


def _clip(low: int, high: int, centre: int, size: int) -> tuple[int, int]:
    if high - low + 1 <= size:
        return low, high
    start = min(max(centre - size // 2, low), high - size + 1)
    return start, start + size - 1


def _last_placed(state: Any) -> tuple[int, int]:
    if state.last_tile is not None:
        return state.last_tile
    positions = list(state.board)
    return positions[-1] if positions else (0, 0)


def render_tile_rotations(tile: Any, kinds: Mapping[str, FeatureKind]) -> str:
    """A drawn tile in its four rotations side by side, labelled ``r0``, ``r90``, ..."""

    class _Shown:
        def __init__(self, rot: Any) -> None:
            self.rot = rot

    grids = [tile_cells(_Shown(rot), kinds) for rot in tile.rotations]
    header = GAP.join(f"{'r' + str(rot.rotation):^{WIDTH}}" for rot in tile.rotations).rstrip()
    body = [GAP.join("".join(g[r]) for g in grids) for r in range(HEIGHT)]
    return "\n".join([header, *body])


def legend(state: Any) -> str:
    """Which letter is which player."""
    names = state.config.names
    return "  ".join(f"{player_letter(p)}={name}" for p, name in enumerate(names))


__all__ = [
    "CORNERS",
    "HALVES",
    "legend",
    "player_letter",
    "render_board",
    "render_tile_rotations",
    "tile_cells",
]
