"""The picture of a game's board: tiles, figures, the last move and what may be clicked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Literal
from xml.sax.saxutils import escape

from carcassonne import NEUTRAL, GameState, PieceKind
from carcassonne.geometry import CORNER_INDEX, CORNERS, HALF_INDEX, HALVES, SIDE_INDEX, SIDES
from carcassonne.svg.draw import (
    attrs,
    css_name,
    figure_defs,
    figure_ref,
    num,
    piece_defs,
    piece_figure,
    piece_mark,
    tile_defs,
    tile_group,
    tile_marks,
    tile_ref,
)
from carcassonne.svg.image import SvgImage, document
from carcassonne.svg.layout import (
    CENTRE,
    CORNER_POINTS,
    FIGURE_CLEARANCE,
    TILE_ANCHOR,
    Point,
    layout_tile,
    piece_slots,
    rotate_point,
)
from carcassonne.svg.legend import entries as legend_entries
from carcassonne.svg.legend import game_entries
from carcassonne.svg.legend import layout as legend_layout
from carcassonne.svg.style import DEFAULT_COLORS, player_color
from carcassonne.tileset.model import TileType
from carcassonne.values import Piece

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
    legend: bool = False,
) -> SvgImage:
    """A picture of the board of a game.

    ``state_or_position`` is a ``GameState``, a position's text or a ``Path`` to a position file.
    ``player_view``: the picture for that player; legal moves are shown only when the game
    waits on them. ``highlight="legal"`` marks the squares where the drawn tile fits (with the
    rotations that fit in ``data-rotations``) and the spots where a figure may go; an iterable
    of ``(x, y)`` marks those squares instead; ``None`` marks nothing. ``size`` is the width of
    one square in pixels (default 64). ``colors`` overrides palette entries
    (``carcassonne.svg.style.DEFAULT_COLORS``, a kind's name, ``player0``...); ``style`` is CSS
    added to the picture. ``legend=True`` adds under the board a legend of every figure, piece,
    tile mark, attribute and centre feature the game can show (not only those on the board).
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
    view: tuple[float, float, float, float] = (
        min_x * UNIT - margin,
        min_y * UNIT - margin,
        (max_x - min_x + 1) * UNIT + margin + 6,
        (max_y - min_y + 1) * UNIT + margin + 6,
    )
    figures = sorted(
        (fig for _, fig in state.figures()),
        key=lambda f: (f.y, f.x, f.location, f.player, f.kind),
    )
    names = state.config.names
    legend_width = max(view[2], LEGEND_MIN_WIDTH)
    if legend:
        legend_width = max(legend_width, FULL_LEGEND_MIN_WIDTH)
    key, legend_height, legend_tiles = _legend(
        state, view[0] + 8, view[1] + view[3] + 4, legend_width - 16, colors, palette, legend
    )
    if key:
        view = (view[0], view[1], legend_width, view[3] + legend_height + 10)
    width = view[2] / UNIT * (size if size is not None else 64)

    tile_types = {p.tile.id: p.tile for p in squares.values()}
    tile_types.update({t.id: t for t in legend_tiles})
    types = sorted(tile_types.items())
    defs = tile_defs(colors) + "".join(tile_group(t, kinds, colors) for _, t in types)
    drawn_figures = [f.kind for f in figures] + [p.kind for p in state.prisoners()]
    defs += figure_defs(drawn_figures, state.config.figure_kinds)
    defs += piece_defs(piece_look(state, p.kind) for p in state.pieces())
    parts = [f"<defs>{defs}</defs>"]
    parts.append(
        f"<rect {attrs(class_='board', x=num(view[0]), y=num(view[1]))} "
        f"{attrs(width=num(view[2]), height=num(view[3]), fill=palette['board'])}/>"
    )
    parts.append('<g class="tiles">')
    for (x, y), placed in sorted(squares.items(), key=lambda item: (item[0][1], item[0][0])):
        parts.append(_tile_use(x, y, placed.tile.id, placed.rotation, placed.player))
    parts.append("</g>")
    tags = state.config.tile_marks
    marks = []
    for (x, y), placed in sorted(squares.items(), key=lambda item: (item[0][1], item[0][0])):
        mark = tile_marks(placed.tile, kinds, placed.rotation, colors, tags)
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
    under = _under_badges(state)
    if under:
        parts.append(f'<g class="under-tiles">{under}</g>')
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
    pieces = _pieces(state, colors)
    if pieces:
        parts.append(f'<g class="pieces">{pieces}</g>')
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
    parts.append(key)
    extra = attrs(data_view="full" if player_view is None else player_view)
    return document(
        "".join(parts),
        view=view,
        width=width,
        css_class="carcassonne-board",
        style=style,
        extra=extra,
    )


#: The ``<use>`` of a placed tile by (x, y, tile id, rotation, player): a board is drawn again
#: after every move with the same tiles on the same squares (the web page's picture of each
#: ``seq``, issue 34), and writing their attributes was half of a drawing.
_USES: dict[tuple[int, int, str, int, int], str] = {}
_USES_LIMIT = 65536


def _tile_use(x: int, y: int, tile_id: str, rotation: int, player: int) -> str:
    key = (x, y, tile_id, rotation, player)
    text = _USES.get(key)
    if text is None:
        transform = f"translate({x * UNIT} {y * UNIT})"
        if rotation:
            transform += f" rotate({rotation} 50 50)"
        text = (
            f"<use {attrs(xlink_href='#tile-' + css_name(tile_id), class_='tile')} "
            f"{attrs(data_x=x, data_y=y, data_rotation=rotation, data_tile=tile_id)} "
            f"{attrs(data_player=player, transform=transform)}/>"
        )
        if len(_USES) >= _USES_LIMIT:
            _USES.clear()
        _USES[key] = text
    return text


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


# ---------------------------------------------------------------------------------------------
# Pieces, tiles under tiles, and the legend (pieces' kinds, prisoners, tiles set aside)

#: How far the centre of a piece drawn as a silhouette keeps from its tile's edges.
SILHOUETTE_MARGIN = 15.0
#: Where the count of the tiles under a tile is drawn, in the tile's box.
UNDER_BADGE: Point = (86.0, 13.0)
#: The narrowest a picture with a legend is (room for a few entries on a line).
LEGEND_MIN_WIDTH = 330.0
#: The narrowest a picture with the full legend is, and how big its entries are drawn (a square
#: is 100 units, 64 pixels by default: words of 13 units would be 8 pixels high).
FULL_LEGEND_MIN_WIDTH = 700.0
LEGEND_SCALE = 1.4
LEGEND_ROW = 28.0
LEGEND_FONT = 13
SET_ASIDE_SCALE = 0.3


def piece_look(state: GameState, kind: str) -> PieceKind:
    """How pieces of ``kind`` look (``config.piece_kinds``; a kind nobody declared: a grey
    disc named after the kind)."""
    return state.config.piece_kinds.get(kind) or PieceKind(kind, kind)


def piece_colour(state: GameState, piece: Piece, colors: Mapping[str, str] | None = None) -> str:
    """A neutral piece's colour is its kind's (``colors["piece-<kind>"]`` overrides it), a
    player's piece has the player's colour."""
    if piece.owner == NEUTRAL:
        if colors and f"piece-{piece.kind}" in colors:
            return colors[f"piece-{piece.kind}"]
        return piece_look(state, piece.kind).colour
    return player_color(piece.owner, state.config.names[piece.owner], colors)


def piece_points(state: GameState) -> list[tuple[Piece, Point]]:
    """Every piece on the board with where the picture draws it: by its feature's figure spot
    (a piece with a location) or by the tile's lower left corner (the tile as a whole), on
    a free point of the tile so that no two pieces and no piece and figure overlap."""
    by_tile: dict[tuple[int, int], list[Piece]] = {}
    for piece in state.pieces():
        by_tile.setdefault((piece.x, piece.y), []).append(piece)
    figure_points = [location_point(state, f.x, f.y, f.location) for _, f in state.figures()]
    out: list[tuple[Piece, Point]] = []
    for (x, y), pieces in sorted(by_tile.items(), key=lambda item: (item[0][1], item[0][0])):
        ox, oy = x * UNIT, y * UNIT
        blocked = [
            ((px - ox, py - oy), FIGURE_CLEARANCE)
            for px, py in figure_points
            if ox - 12 <= px <= ox + UNIT + 12 and oy - 12 <= py <= oy + UNIT + 12
        ]
        if state.tiles_under(x, y):
            blocked.append((UNDER_BADGE, 16.0))
        anchors = []
        for piece in pieces:
            if piece.location is None or (x, y) not in state.board:
                anchors.append(TILE_ANCHOR)
            else:
                px, py = location_point(state, x, y, piece.location)
                anchors.append((px - ox, py - oy))
        for piece, (px, py) in zip(pieces, piece_slots(anchors, blocked), strict=True):
            out.append((piece, (ox + px, oy + py)))
    return out


def _outline(color: str) -> str:
    return "#f2f2f2" if _dark(color) else "#1b1b1b"


def _pieces(state: GameState, colors: Mapping[str, str] | None) -> str:
    names = state.config.names
    parts = []
    for piece, point in piece_points(state):
        look = piece_look(state, piece.kind)
        if look.shape:  # a silhouette is wider than a mark: kept inside its tile
            ox, oy = piece.x * UNIT, piece.y * UNIT
            point = (
                min(max(point[0], ox + SILHOUETTE_MARGIN), ox + UNIT - SILHOUETTE_MARGIN),
                min(max(point[1], oy + SILHOUETTE_MARGIN), oy + UNIT - SILHOUETTE_MARGIN),
            )
        fill = piece_colour(state, piece, colors)
        owner = "neutral" if piece.owner == NEUTRAL else f"p{piece.owner}"
        whose = "" if piece.owner == NEUTRAL else f"{names[piece.owner]}'s "
        parts.append(
            piece_figure(
                look,
                point,
                fill,
                _outline(fill),
                title=f"{whose}{look.label or look.name} at {piece.x},{piece.y}",
                class_=f"piece pk-{css_name(piece.kind)} {owner}",
                data_x=piece.x,
                data_y=piece.y,
                data_location=piece.location,
                data_owner=piece.owner,
                data_piece=piece.kind,
            )
        )
    return "".join(parts)


def _under_badges(state: GameState) -> str:
    """A small count on each tile with tiles under it (how many; never which)."""
    parts = []
    for x, y in sorted(state.board, key=lambda pos: (pos[1], pos[0])):
        count = state.tiles_under(x, y)
        if not count:
            continue
        bx, by = x * UNIT + UNDER_BADGE[0], y * UNIT + UNDER_BADGE[1]
        word = "tile" if count == 1 else "tiles"
        parts.append(
            f"<g {attrs(class_='under', data_x=x, data_y=y, data_count=count)}>"
            f"<title>{count} {word} under this one</title>{_badge(bx, by, str(count))}</g>"
        )
    return "".join(parts)


def _badge(cx: float, cy: float, text: str) -> str:
    """The dark rounded square with a white count that marks tiles under a tile."""
    return (
        f"<rect {attrs(x=num(cx - 9), y=num(cy - 8), width=18, height=16, rx=3)} "
        'fill="#3b3328" stroke="#fffdf5" stroke-width="1.2"/>'
        f'<text {attrs(x=num(cx), y=num(cy + 4.5))} font-size="12" '
        'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
        f'fill="#fffdf5">{escape(text)}</text>'
    )


def _text_width(text: str) -> float:
    return len(text) * LEGEND_FONT * 0.56


def _legend(
    state: GameState,
    x0: float,
    y0: float,
    width: float,
    colors: Mapping[str, str] | None,
    palette: Mapping[str, str],
    full: bool = False,
) -> tuple[str, float, list[TileType]]:
    """The legend under the board, when there is something to explain: an entry per kind of
    piece on the board (its mark and label), per marked tile tag on the board, the prisoners
    (the figure, in its owner's colour, and who holds it) and the tiles set aside (public, face
    up); ``full``: first the game's whole legend (:mod:`carcassonne.svg.legend`) instead of
    the pieces and tags on the board. Answers the SVG, its height and the tile types it draws."""
    names = state.config.names
    rows: list[list[tuple[float, str]]] = []  # entries: (width, svg drawn at x=0, y=0)
    head, head_height = "", 0.0
    if full:
        head, head_height = legend_layout(
            game_entries(state.config, colors), x0, y0, width, palette["text"], LEGEND_SCALE
        )
        y0 += head_height
    present = [] if full else sorted({p.kind for p in state.pieces()})
    row: list[tuple[float, str]] = []
    for kind in present:
        look = piece_look(state, kind)
        label = look.label or look.name
        fill = look.colour
        if colors and f"piece-{kind}" in colors:
            fill = colors[f"piece-{kind}"]
        if look.shape:
            icon = legend_entries(pieces={kind: look})[0].icon
            mark = f'<g transform="translate(-4 0)">{icon}</g>'
        else:
            mark = piece_mark(look.mark, (8, 14), fill, _outline(fill))
        text = _legend_text(20, label, palette)
        body = f"<g {attrs(class_='legend-piece', data_piece=kind)}>{mark}{text}</g>"
        row.append((28 + _text_width(label), body))
    marked = state.config.tile_marks
    if marked and not full:
        tags = sorted({t for p in state.board.values() for t in p.tile.tags if t in marked})
        for tag in tags:
            tag_look = marked[tag]
            label = tag_look.label or tag
            mark = piece_mark(tag_look.mark, (8, 14), tag_look.colour, "#1d1d1d")
            text = _legend_text(20, label, palette)
            body = f"<g {attrs(class_='legend-tile-mark', data_tag=tag)}>{mark}{text}</g>"
            row.append((28 + _text_width(label), body))
    if any(state.tiles_under(x, y) for x, y in state.board):
        words = "tiles face down under a tile"
        body = f'<g class="legend-under">{_badge(9, 14, "n")}{_legend_text(24, words, palette)}</g>'
        row.append((32 + _text_width(words), body))
    if row:
        rows.append(row)
    prisoners = state.prisoners()
    if prisoners:
        row = [(_text_width("prisoners:") + 10, _legend_text(0, "prisoners:", palette))]
        for p in prisoners:
            color = player_color(p.player, names[p.player], colors)
            words = f"held by {names[p.captor]}"
            figure = (
                f"<use {attrs(xlink_href='#' + figure_ref(p.kind), x=12, y=14, fill=color)} "
                f'{attrs(stroke=_outline(color))} stroke-width="1.3"/>'
            )
            body = (
                f"<g {attrs(class_='prisoner', data_captor=p.captor, data_player=p.player)} "
                f"{attrs(data_figure=p.kind)}><title>{names[p.player]}'s {p.kind}, {words}"
                f"</title>{figure}{_legend_text(28, words, palette)}</g>"
            )
            row.append((40 + _text_width(words), body))
        rows.append(row)
    aside = state.set_aside_tiles()
    tiles: list[TileType] = []
    if aside:
        size = UNIT * SET_ASIDE_SCALE
        row = [(_text_width("set aside:") + 10, _legend_text(0, "set aside:", palette))]
        for tid in aside:
            tile = state.config.tile_types[tid]
            tiles.append(tile)
            body = (
                f"<use {attrs(xlink_href='#' + tile_ref(tile), class_='set-aside-tile')} "
                f"{attrs(data_tile=tid, transform=f'translate(0 {num(14 - size / 2)}) scale(0.3)')}"
                f"><title>{tid}</title></use>"
            )
            row.append((size + 6, body))
        rows.append(row)
    if not rows and not head:
        return "", 0.0, []
    parts = ['<g class="legend">', head]
    y = y0
    # under the game's whole legend, the rows that follow (prisoners, tiles set aside) are as
    # large as its entries
    scale = LEGEND_SCALE if full else 1.0
    sized = f" scale({num(scale)})" if full else ""
    for row in rows:
        x = x0
        for entry_width, body in row:
            if x > x0 and x + entry_width * scale > x0 + width:
                x = x0
                y += LEGEND_ROW * scale
            parts.append(f'<g transform="translate({num(x)} {num(y)}){sized}">{body}</g>')
            x += (entry_width + 10) * scale
        y += LEGEND_ROW * scale
    parts.append("</g>")
    return "".join(parts), y - y0 + head_height, tiles


def _legend_text(x: float, text: str, palette: Mapping[str, str]) -> str:
    return (
        f'<text {attrs(x=num(x), y=19, fill=palette["text"])} font-size="{LEGEND_FONT}" '
        f'font-family="sans-serif">{escape(text)}</text>'
    )
