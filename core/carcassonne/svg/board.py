"""The picture of a game's board: tiles, figures, the last move and what may be clicked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Literal

from carcassonne import GameState
from carcassonne.geometry import CORNER_INDEX, CORNERS, HALF_INDEX, HALVES, SIDE_INDEX, SIDES
from carcassonne.svg.draw import (
    CLIP_DEF,
    attrs,
    css_name,
    figure_defs,
    figure_ref,
    num,
    tile_group,
    tile_marks,
    tile_ref,
)
from carcassonne.svg.image import SvgImage, document
from carcassonne.svg.layout import CENTRE, CORNER_POINTS, Point, layout_tile, rotate_point
from carcassonne.svg.style import DEFAULT_COLORS, player_color

UNIT = 100  # a square is 100 units wide in the picture's coordinates
MARGIN = 30  # room for the coordinates

Highlight = Literal["legal"] | Iterable[tuple[int, int]] | None


def reference_location(location: str, rotation: int) -> str:
    """The name, in the tile's reference orientation, of board location ``location`` of a tile
    turned ``rotation`` degrees (inner pockets and centre kinds do not turn)."""
    turns = (rotation // 90) % 4
    if location in SIDE_INDEX:
        return SIDES[(SIDE_INDEX[location] - turns) % 4]
    if location in HALF_INDEX:
        return HALVES[(HALF_INDEX[location] - 2 * turns) % 8]
    if location in CORNER_INDEX:
        return CORNERS[(CORNER_INDEX[location] - turns) % 4]
    return location


def location_point(state: GameState, x: int, y: int, location: str) -> Point:
    """Where, in the board picture's coordinates, a figure at ``location`` of the tile at
    ``(x, y)`` stands: on its feature, a corner's figure (a barn) on the corner itself."""
    placed = state.board[(x, y)]
    if location in CORNER_INDEX:
        px, py = CORNER_POINTS[CORNER_INDEX[location]]
        return (x * UNIT + px, y * UNIT + py)
    layout = layout_tile(placed.tile, state.config.kinds)
    spot = layout.spots.get(reference_location(location, placed.rotation), CENTRE)
    px, py = rotate_point(spot, placed.rotation)
    return (x * UNIT + px, y * UNIT + py)


def _as_state(state_or_position: GameState | str | Path) -> GameState:
    if isinstance(state_or_position, GameState):
        return state_or_position
    from carcassonne.position import load_position

    if isinstance(state_or_position, Path):
        return load_position(state_or_position)
    return load_position(state_or_position, text=True)


def board(
    state_or_position: GameState | str | Path,
    *,
    player_view: int | None = None,
    last_move: bool = True,
    highlight: Highlight = "legal",
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
    size: float | None = None,
    coordinates: bool = True,
) -> SvgImage:
    """A picture of the board of a game.

    ``state_or_position`` is a ``GameState``, a position's text or a ``Path`` to a position file.
    ``player_view``: the picture for that player; legal moves are shown only when the game
    waits on them. ``highlight="legal"`` marks the squares where the drawn tile fits (with the
    rotations that fit in ``data-rotations``) and the spots where a figure may go; an iterable
    of ``(x, y)`` marks those squares instead; ``None`` marks nothing. ``size`` is the width of
    one square in pixels (default 64). ``colors`` overrides palette entries
    (``carcassonne.svg.style.DEFAULT_COLORS``, a kind's name, ``player0``...); ``style`` is CSS
    added to the picture.
    """
    state = _as_state(state_or_position)
    palette = {**DEFAULT_COLORS, **(colors or {})}
    kinds = state.config.kinds
    squares = dict(state.board)
    spots: dict[tuple[int, int], list[int]] = {}
    figure_spots: list[tuple[int, int, str, str | None]] = []
    shows_moves = player_view is None or state.pending.player == player_view
    if highlight == "legal":
        if shows_moves and not state.is_over:
            for x, y, rotation in state.legal_tile_placements():
                spots.setdefault((x, y), []).append(rotation)
            if state.pending.kind != "tile":
                figure_spots = _figure_spots(state)
    elif highlight is not None:
        for x, y in highlight:
            spots.setdefault((x, y), [])
    area = list(squares) + list(spots) or [(0, 0)]
    min_x = min(x for x, _ in area)
    max_x = max(x for x, _ in area)
    min_y = min(y for _, y in area)
    max_y = max(y for _, y in area)
    margin = MARGIN if coordinates else 6
    view = (
        min_x * UNIT - margin,
        min_y * UNIT - margin,
        (max_x - min_x + 1) * UNIT + margin + 6,
        (max_y - min_y + 1) * UNIT + margin + 6,
    )
    width = view[2] / UNIT * (size if size is not None else 64)

    types = sorted({p.tile.id: p.tile for p in squares.values()}.items())
    figures = sorted(
        (fig for _, fig in state.figures()),
        key=lambda f: (f.y, f.x, f.location, f.player, f.kind),
    )
    defs = CLIP_DEF + "".join(tile_group(t, kinds, colors) for _, t in types)
    defs += figure_defs(f.kind for f in figures)
    parts = [f"<defs>{defs}</defs>"]
    parts.append(
        f"<rect {attrs(class_='board', x=num(view[0]), y=num(view[1]))} "
        f"{attrs(width=num(view[2]), height=num(view[3]), fill=palette['board'])}/>"
    )
    parts.append('<g class="tiles">')
    for (x, y), placed in sorted(squares.items(), key=lambda item: (item[0][1], item[0][0])):
        transform = f"translate({x * UNIT} {y * UNIT})"
        if placed.rotation:
            transform += f" rotate({placed.rotation} 50 50)"
        parts.append(
            f"<use {attrs(xlink_href='#' + tile_ref(placed.tile), class_='tile')} "
            f"{attrs(data_x=x, data_y=y, data_rotation=placed.rotation, data_tile=placed.tile.id)} "
            f"{attrs(data_player=placed.player, transform=transform)}/>"
        )
    parts.append("</g>")
    marks = []
    for (x, y), placed in sorted(squares.items(), key=lambda item: (item[0][1], item[0][0])):
        mark = tile_marks(placed.tile, kinds, placed.rotation, colors)
        if mark:
            marks.append(f'<g transform="translate({x * UNIT} {y * UNIT})">{mark}</g>')
    if marks:
        parts.append(f'<g class="marks">{"".join(marks)}</g>')
    if last_move:
        order = state.placement_order()
        if len(order) > 1:
            x, y = order[-1]
            parts.append(
                f"<rect {attrs(class_='last-move', x=x * UNIT + 2, y=y * UNIT + 2)} "
                f'width="96" height="96" fill="none" {attrs(stroke=palette["last-move"])} '
                'stroke-width="4"/>'
            )
    if spots:
        parts.append('<g class="spots">')
        for (x, y), rotations in sorted(spots.items(), key=lambda item: (item[0][1], item[0][0])):
            rot = " ".join(str(r) for r in sorted(rotations)) if rotations else None
            parts.append(
                f"<rect {attrs(class_='spot square', x=x * UNIT + 4, y=y * UNIT + 4)} "
                f'width="92" height="92" rx="6" {attrs(fill=palette["highlight"])} '
                f'fill-opacity="0.35" {attrs(stroke=palette["highlight"])} stroke-width="3" '
                f'stroke-dasharray="8 5" {attrs(data_x=x, data_y=y, data_rotations=rot)}/>'
            )
        parts.append("</g>")
    names = state.config.names
    if figures:
        parts.append('<g class="figures">')
        for fig in figures:
            px, py = location_point(state, fig.x, fig.y, fig.location)
            color = player_color(fig.player, names[fig.player], colors)
            outline = "#f2f2f2" if _dark(color) else "#1b1b1b"
            cls = f"figure f-{css_name(fig.kind)} p{fig.player}"
            parts.append(
                f"<use {attrs(xlink_href='#' + figure_ref(fig.kind), class_=cls)} "
                f"{attrs(x=num(px), y=num(py), fill=color, stroke=outline)} "
                f'stroke-width="1.3" stroke-linejoin="round" '
                f"{attrs(data_x=fig.x, data_y=fig.y, data_location=fig.location)} "
                f"{attrs(data_player=fig.player, data_figure=fig.kind)}/>"
            )
        parts.append("</g>")
    if figure_spots:
        parts.append('<g class="spots">')
        for x, y, location, figure in figure_spots:
            px, py = location_point(state, x, y, location)
            parts.append(
                f"<circle {attrs(class_='spot figure-spot', cx=num(px), cy=num(py), r=9)} "
                f'fill="#ffffff" fill-opacity="0.6" {attrs(stroke=palette["last-move"])} '
                f'stroke-width="2.5" {attrs(data_x=x, data_y=y, data_location=location)} '
                f"{attrs(data_figure=figure)}/>"
            )
        parts.append("</g>")
    if coordinates:
        parts.append(_coordinates(min_x, max_x, min_y, max_y, palette["text"]))
    extra = attrs(data_view="full" if player_view is None else player_view)
    return document(
        "".join(parts),
        view=view,
        width=width,
        css_class="carcassonne-board",
        style=style,
        extra=extra,
    )


def _figure_spots(state: GameState) -> list[tuple[int, int, str, str | None]]:
    """``(x, y, location, figure kind)`` of every legal action that puts or moves a figure to a
    location (the core's figure placement, an expansion's move such as the wagon's)."""
    out = []
    for action in state.legal_actions():
        x, y = getattr(action, "x", None), getattr(action, "y", None)
        location = getattr(action, "location", None)
        if isinstance(x, int) and isinstance(y, int) and isinstance(location, str):
            if (x, y) in state.board:
                figure = getattr(action, "figure", None)
                out.append((x, y, location, figure if isinstance(figure, str) else None))
    return sorted(set(out), key=lambda s: (s[1], s[0], s[2], s[3] or ""))


def _coordinates(min_x: int, max_x: int, min_y: int, max_y: int, color: str) -> str:
    out = [f'<g class="coordinates" font-size="15" font-family="sans-serif" fill="{color}">']
    for x in range(min_x, max_x + 1):
        out.append(
            f'<text {attrs(x=x * UNIT + 50, y=min_y * UNIT - 9)} text-anchor="middle">{x}</text>'
        )
    for y in range(min_y, max_y + 1):
        out.append(
            f'<text {attrs(x=min_x * UNIT - 6, y=y * UNIT + 55)} text-anchor="end">{y}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _dark(color: str) -> bool:
    if len(color) != 7 or not color.startswith("#"):
        return False
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 70
