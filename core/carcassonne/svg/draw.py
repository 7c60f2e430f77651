"""SVG text for a tile's layout and for figures: the shapes, painted by kind.

A tile is drawn once per picture, in its reference orientation, as a ``<g id="tile-...">`` in
``<defs>``; every copy on the board is a ``<use>`` turned by its rotation. Shapes carry a CSS class
per kind (``k-city``, ``k-road``, ...) so a page can restyle them; colours are presentation
attributes, which any CSS rule overrides.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from carcassonne.svg.layout import Point, layout_tile, rotate_point
from carcassonne.svg.style import DEFAULT_COLORS, KindStyle, kind_style
from carcassonne.tileset.model import FeatureKind, TileType
from carcassonne.values import TileMark


def num(value: float) -> str:
    """A coordinate as short, stable text (one decimal at most)."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def points_d(points: Sequence[Point], closed: bool = True) -> str:
    """Path data of a polyline (``M x y L x y ...``), closed with ``Z`` when ``closed``."""
    head, *rest = points
    d = f"M{num(head[0])} {num(head[1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)
    return d + ("Z" if closed else "")


def attrs(**values: object) -> str:
    """XML attributes from keyword arguments (``class_`` -> ``class``, ``data_x`` ->
    ``data-x``, ``xlink_href`` -> ``xlink:href``); ``None`` values are left out."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if name.startswith("xlink-"):
            name = "xlink:" + name[len("xlink-") :]
        out.append(f"{name}={quoteattr(str(value))}")
    return " ".join(out)


def css_name(text: str) -> str:
    """``text`` usable in a CSS class or an XML id: letters, digits and ``-`` kept, anything
    else written as ``_XX`` (its code in hex), so different names never collide."""
    out = []
    for ch in text:
        if ch.isascii() and (ch.isalnum() or ch == "-"):
            out.append(ch)
        else:
            out.append(f"_{ord(ch):02x}")
    return "".join(out)


#: The id of the clip path that keeps shadows inside their tile; :data:`CLIP_DEF` must be in
#: the ``<defs>`` of every document that draws tiles.
TILE_CLIP = "tile-clip"
CLIP_DEF = f'<clipPath id="{TILE_CLIP}"><rect width="100" height="100"/></clipPath>'


def tile_ref(tile: TileType) -> str:
    """The id of a tile's drawing in ``<defs>``."""
    return "tile-" + css_name(tile.id)


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


#: Drawn tiles by (what, tile object, kinds, colours, rotation): a board draws the same tile
#: types turn after turn. The tile is kept in the entry so that its id cannot be reused.
_MEMO: dict[tuple[object, ...], tuple[TileType, str]] = {}
_MEMO_LIMIT = 8192


def _memo(
    what: str,
    tile: TileType,
    kinds: Mapping[str, FeatureKind],
    colors: Mapping[str, str] | None,
    rotation: int,
    draw: Callable[[], str],
) -> str:
    key = (
        what,
        id(tile),
        tuple(sorted(kinds.items(), key=lambda item: item[0])),
        tuple(sorted(colors.items())) if colors else (),
        rotation,
    )
    entry = _MEMO.get(key)
    if entry is not None and entry[0] is tile:
        return entry[1]
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    text = draw()
    _MEMO[key] = (tile, text)
    return text


def tile_group(
    tile: TileType,
    kinds: Mapping[str, FeatureKind],
    colors: Mapping[str, str] | None = None,
) -> str:
    """``<g id="tile-...">`` drawing ``tile`` in its reference orientation in a 100 x 100 box."""
    return _memo("group", tile, kinds, colors, 0, lambda: _tile_group(tile, kinds, colors))


def _tile_group(
    tile: TileType,
    kinds: Mapping[str, FeatureKind],
    colors: Mapping[str, str] | None = None,
) -> str:
    layout = layout_tile(tile, kinds)
    palette = {**DEFAULT_COLORS, **(colors or {})}

    def style(index: int) -> KindStyle:
        if not colors:
            return layout.styles[index]
        f = tile.features[index]
        return kind_style(kinds.get(f.kind), f.kind, colors)

    field = kind_style(kinds.get("field"), "field", colors)
    parts = [f"<g {attrs(id=tile_ref(tile), class_='tile-art')}>"]
    parts.append(_title(f"{tile.id}: {tile.description}" if tile.description else tile.id))
    parts.append(f"<rect {attrs(class_='k-field', width=100, height=100, fill=field.fill)}/>")
    for ground in layout.grounds:
        s = style(ground.index)
        for sector in ground.sectors:
            parts.append(
                f"<path {attrs(class_=_k(ground.kind), d=points_d(sector), fill=s.fill)}/>"
            )
    if layout.hedges:
        d = "".join(points_d(h, closed=False) for h in layout.hedges)
        parts.append(
            f"<path {attrs(class_='hedge', d=d, fill='none', stroke=palette['hedge'])} "
            'stroke-width="2.2" stroke-dasharray="4 2.5"/>'
        )
    # Rivers and other paths before roads: a road crosses a river on a bridge.
    for path in sorted(layout.paths, key=lambda p: (p.kind == "road", p.index)):
        s = style(path.index)
        d = "".join(points_d(line, closed=False) for line in path.lines)
        cls = _k(path.kind)
        parts.append(
            f"<path {attrs(class_=cls + ' edge', d=d, fill='none', stroke=s.stroke)} "
            f'stroke-width="{num(s.width + 3)}" stroke-linejoin="round"/>'
        )
        parts.append(
            f"<path {attrs(class_=cls, d=d, fill='none', stroke=s.fill)} "
            f'stroke-width="{num(s.width)}" stroke-linejoin="round"/>'
        )
        if len(path.lines) >= 3:
            parts.append(_circle(cls, (50, 50), s.width / 2, s.fill))
        if path.end is not None:
            if s.shape == "path" and path.kind != "road":
                parts.append(_circle(cls + " end", path.end, s.width * 0.8, s.fill, s.stroke))
            else:
                parts.append(_circle("junction", path.end, 5.5, palette["junction"], "#3d2a1a"))
    for point in layout.junctions:
        parts.append(_circle("junction", point, 7, palette["junction"], "#3d2a1a"))
    for area in layout.areas:  # the walls cast a shadow on the fields outside
        if area.walls:
            d = "".join(points_d(w, closed=False) for w in area.walls)
            parts.append(
                f'<path {attrs(class_="shadow", d=d)} fill="none" stroke="#000000" '
                'stroke-opacity="0.2" stroke-width="9" stroke-linejoin="round" '
                f'clip-path="url(#{TILE_CLIP})"/>'
            )
    for area in layout.areas:
        s = style(area.index)
        cls = _k(area.kind)
        parts.append(f"<path {attrs(class_=cls, d=points_d(area.polygon), fill=s.fill)}/>")
        if area.walls:
            d = "".join(points_d(w, closed=False) for w in area.walls)
            parts.append(
                f"<path {attrs(class_=cls + ' wall', d=d, fill='none', stroke=s.stroke)} "
                'stroke-width="3.2" stroke-linejoin="round"/>'
            )
    for wall in layout.walls:
        s = style(wall.index)
        cls = _k(wall.kind)
        for strip in wall.strips:
            parts.append(
                f"<path {attrs(class_=cls, d=points_d(strip), fill=s.fill, stroke=s.stroke)} "
                'stroke-width="1.5" stroke-linejoin="round"/>'
            )
    parts.append(
        '<rect class="seam" width="100" height="100" fill="none" stroke="#000000" '
        'stroke-opacity="0.15" stroke-width="1"/>'
    )
    for pocket in layout.pockets:
        parts.append(
            f"<circle {attrs(class_='k-field pocket', cx=num(pocket.point[0]))} "
            f"{attrs(cy=num(pocket.point[1]), r=num(pocket.radius), fill=field.fill)} "
            f'{attrs(stroke=palette["wall"])} stroke-width="2.4"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def tile_marks(
    tile: TileType,
    kinds: Mapping[str, FeatureKind],
    rotation: int,
    colors: Mapping[str, str] | None = None,
    tags: Mapping[str, TileMark] | None = None,
) -> str:
    """What stays upright when a tile turns, in the tile's 100 x 100 box of the board
    orientation: centre features (a monastery's roof points up), attribute badges (shields),
    the labels of kinds drawn with the default look, and the marks of its tags (``tags``: the
    game's or the installed plugins' ``TileMark``s by tag)."""
    drawn = _memo(
        "marks", tile, kinds, colors, rotation, lambda: _tile_marks(tile, kinds, rotation, colors)
    )
    if tags and tile.tags:
        drawn += tag_marks(tile, tags)
    return drawn


#: Where the first tag mark of a tile goes (its top-left corner) and the step to the next.
TAG_MARK_AT = (11.0, 11.0)
TAG_MARK_STEP = 17.0


def tag_marks(tile: TileType, tags: Mapping[str, TileMark]) -> str:
    """The marks of the tile's tags that have one, side by side from the top-left corner."""
    shown = [tags[tag] for tag in sorted(tile.tags) if tag in tags]
    x, y = TAG_MARK_AT
    return "".join(
        piece_mark(
            m.mark,
            (x + i * TAG_MARK_STEP, y),
            m.colour,
            "#1d1d1d",
            title=m.label or m.tag,
            class_=f"tile-mark t-{css_name(m.tag)}",
            data_tag=m.tag,
        )
        for i, m in enumerate(shown)
    )


def _tile_marks(
    tile: TileType,
    kinds: Mapping[str, FeatureKind],
    rotation: int,
    colors: Mapping[str, str] | None = None,
) -> str:
    layout = layout_tile(tile, kinds)
    palette = {**DEFAULT_COLORS, **(colors or {})}
    parts = []
    for centre in layout.centres:
        f = tile.features[centre.index]
        s = kind_style(kinds.get(f.kind), f.kind, colors)
        parts.append(_centre(f.kind, rotate_point(centre.point, rotation), s))
    labelled = [(p.index, p.spot) for p in layout.paths] + [(a.index, a.spot) for a in layout.areas]
    for index, spot in labelled:
        f = tile.features[index]
        s = kind_style(kinds.get(f.kind), f.kind, colors)
        if s.label and f.kind not in ("road", "river", "city"):
            parts.append(_label(rotate_point(spot, rotation), s.label, s.stroke))
    for badge in layout.badges:
        kind = kinds.get(tile.features[badge.index].kind)
        marker, title = attribute_marker(kind, badge.name)
        point = rotate_point(badge.point, rotation)
        parts.append(_badge(marker, badge.name, title, badge.value, point, palette))
    return "".join(parts)


def _k(kind: str) -> str:
    return "k-" + css_name(kind)


def _circle(cls: str, p: Point, r: float, fill: str, stroke: str | None = None) -> str:
    extra = f' stroke="{stroke}" stroke-width="2"' if stroke else ""
    return f"<circle {attrs(class_=cls, cx=num(p[0]), cy=num(p[1]), r=num(r), fill=fill)}{extra}/>"


def _label(p: Point, text: str, color: str) -> str:
    return (
        f'<text {attrs(x=num(p[0]), y=num(p[1] + 4), fill=color)} font-size="12" '
        f'font-family="sans-serif" font-weight="bold" text-anchor="middle">{escape(text)}</text>'
    )


def _centre(kind: str, p: Point, s: KindStyle) -> str:
    x, y = p
    cls = _k(kind)
    if s.shape == "building":
        body = [(x - 10, y + 12), (x - 10, y - 2), (x + 10, y - 2), (x + 10, y + 12)]
        roof = [(x - 13, y - 1), (x, y - 13), (x + 13, y - 1)]
        door = [(x - 3, y + 12), (x - 3, y + 5), (x + 3, y + 5), (x + 3, y + 12)]
        cross = f"M{num(x)} {num(y - 13)}V{num(y - 19)}"
        cross += f"M{num(x - 2.5)} {num(y - 16.5)}H{num(x + 2.5)}"
        return (
            f"<g {attrs(class_=cls)}>"
            f'<path {attrs(d=points_d(body), fill=s.stroke)} stroke="#4a3626" stroke-width="1.5"/>'
            f'<path {attrs(d=points_d(roof), fill=s.fill)} stroke="#4a3626" stroke-width="1.5" '
            'stroke-linejoin="round"/>'
            f"<path {attrs(d=points_d(door), fill='#4a3626')}/>"
            f"<path {attrs(d=cross)} "
            'stroke="#4a3626" stroke-width="1.4"/>'
            "</g>"
        )
    if s.shape == "bush":
        blobs = [(x - 4, y + 2, 5.5), (x + 4, y + 2, 5.5), (x, y - 4, 6)]
        circles = "".join(
            f"<circle {attrs(cx=num(bx), cy=num(by), r=num(r))}/>" for bx, by, r in blobs
        )
        return (
            f'<g {attrs(class_=cls, fill=s.fill, stroke=s.stroke)} stroke-width="1.3">{circles}</g>'
        )
    label = s.label or kind[:1].upper()
    return (
        f"<g {attrs(class_=cls)}>"
        f"<circle {attrs(cx=num(x), cy=num(y), r=9, fill=s.fill, stroke=s.stroke)} "
        'stroke-width="2"/>'
        f"{_label((x, y), label, '#ffffff')}</g>"
    )


def attribute_marker(kind: FeatureKind | None, name: str) -> tuple[str, str]:
    """``(marker, title)`` of attribute ``name`` of ``kind``: the marker its declaration names
    (``shield``, ``inn``, ``cathedral``, anything else a labelled dot) and the words for it."""
    if kind is None:
        return ("shield" if name == "shields" else "dot"), name
    info = kind.attribute(name)
    return info.marker, info.title


def _badge(
    marker: str, name: str, title: str, value: int, p: Point, palette: Mapping[str, str]
) -> str:
    x, y = p
    head = f"{_title(f'{title} {value}')}"
    if marker == "shield":
        shapes = []
        for i in range(value):
            sx = x + (i - (value - 1) / 2) * 15
            pts = [(sx - 7, y - 8), (sx + 7, y - 8), (sx + 7, y + 1), (sx, y + 8), (sx - 7, y + 1)]
            shapes.append(
                f"<path {attrs(d=points_d(pts), fill=palette['shield'])} "
                f'{attrs(stroke=palette["shield-edge"])} stroke-width="1.4"/>'
            )
        cls = "shield" if name == "shields" else f"shield a-{css_name(name)}"
        return f"<g {attrs(class_=cls, data_count=value)}>{head}{''.join(shapes)}</g>"
    if marker == "inn":  # a house by a small lake
        lake = f'<ellipse {attrs(cx=num(x + 5), cy=num(y + 5), rx=7, ry=3.5)} fill="#5aa6e6"/>'
        house = [(x - 7, y + 4), (x - 7, y - 3), (x - 2, y - 8), (x + 3, y - 3), (x + 3, y + 4)]
        return (
            f"<g {attrs(class_='inn a-' + css_name(name), data_count=value)}>{head}{lake}"
            f'<path {attrs(d=points_d(house))} fill="#f6e7c1" stroke="#5b3b22" '
            'stroke-width="1.3" stroke-linejoin="round"/></g>'
        )
    if marker == "cathedral":  # a nave and a tower with a cross
        nave = [(x - 9, y + 7), (x - 9, y - 1), (x - 2, y - 6), (x + 2, y - 6), (x + 2, y + 7)]
        tower = [(x + 2, y + 7), (x + 2, y - 7), (x + 5.5, y - 12), (x + 9, y - 7), (x + 9, y + 7)]
        return (
            f"<g {attrs(class_='cathedral a-' + css_name(name), data_count=value)}>{head}"
            f'<path {attrs(d=points_d(nave))} fill="#d9d4e8" stroke="#3e3552" stroke-width="1.3"/>'
            f'<path {attrs(d=points_d(tower))} fill="#b9b0d3" stroke="#3e3552" '
            'stroke-width="1.3" stroke-linejoin="round"/></g>'
        )
    text = (title[:1] or name[:1]).upper() + (str(value) if value > 1 else "")
    return (
        f"<g {attrs(class_='attribute a-' + css_name(name), data_count=value)}>{head}"
        f'<circle {attrs(cx=num(x), cy=num(y), r=7)} fill="#fffdf5" stroke="#3b3328" '
        'stroke-width="1.4"/>'
        f'<text {attrs(x=num(x), y=num(y + 3.5))} font-size="9.5" font-family="sans-serif" '
        f'font-weight="bold" text-anchor="middle" fill="#3b3328">{escape(text)}</text></g>'
    )


# ----------------------------------------------------------------------------------------------
# Figures: one shape per kind, about 24 units tall, centred on (0, 0), filled with the player's
# colour by the <use> that places it.

MEEPLE = (
    "M0 -12C3.5 -12 5 -9.5 5 -7C5 -5.6 4.4 -4.6 3.7 -3.9L10 -1.6C12.2 -0.8 12 2.3 9.8 2.5"
    "L5 2.7L8.4 10.8C8.9 12 8.3 12.6 7.3 12.6L2.6 12.6L0 7.2L-2.6 12.6L-7.3 12.6"
    "C-8.3 12.6 -8.9 12 -8.4 10.8L-5 2.7L-9.8 2.5C-12 2.3 -12.2 -0.8 -10 -1.6L-3.7 -3.9"
    "C-4.4 -4.6 -5 -5.6 -5 -7C-5 -9.5 -3.5 -12 0 -12Z"
)
FIGURE_SHAPES: dict[str, str] = {
    "meeple": f'<path d="{MEEPLE}"/>',
    # A monk: a long robe under a pointed hood.
    "abbot": (
        '<path d="M0 -14L5.5 -6.5C6 -5 5.2 -3.8 4.2 -3.2L10.5 12.6L-10.5 12.6L-4.2 -3.2'
        'C-5.2 -3.8 -6 -5 -5.5 -6.5Z"/><path d="M-3 -6.5L3 -6.5" fill="none" stroke-width="1"/>'
    ),
    # The mayor: a big, round-bellied meeple.
    "mayor": (
        '<path d="M0 -14C3.6 -14 5.2 -11.4 5.2 -8.8C5.2 -7.2 4.5 -6.1 3.8 -5.4L11 -3'
        "C13.4 -2.2 13.4 1.4 11.2 1.6L8 1.8C10.5 5 10.5 9.5 8.6 13.4L-8.6 13.4"
        "C-10.5 9.5 -10.5 5 -8 1.8L-11.2 1.6C-13.4 1.4 -13.4 -2.2 -11 -3L-3.8 -5.4"
        'C-4.5 -6.1 -5.2 -7.2 -5.2 -8.8C-5.2 -11.4 -3.6 -14 0 -14Z"/>'
    ),
    # The wagon: a covered cart on two wheels.
    "wagon": (
        '<path d="M-12 3L-12 -3L-9 -3C-9 -11 9 -11 9 -3L12 -3L12 3Z"/>'
        '<circle cx="-6.5" cy="6.5" r="4.6" fill="#3a2a1c"/>'
        '<circle cx="6.5" cy="6.5" r="4.6" fill="#3a2a1c"/>'
    ),
    # The barn: a house with a big door, standing where four tiles meet.
    "barn": (
        '<path d="M-12 11L-12 -3L0 -13L12 -3L12 11Z"/>'
        '<path d="M-4.5 11L-4.5 3.5L4.5 3.5L4.5 11Z" fill="#3a2a1c"/>'
    ),
}
#: A figure kind nobody drew: a pawn with the kind's initial.
PAWN = '<path d="M0 -12C4 -12 6 -8.5 4.5 -5L9 12L-9 12L-4.5 -5C-6 -8.5 -4 -12 0 -12Z"/>'


def figure_ref(kind: str) -> str:
    return "figure-" + css_name(kind)


def figure_defs(kinds: Iterable[str]) -> str:
    """``<g id="figure-...">`` shapes for the figure kinds ``kinds`` (sorted, once each)."""
    out = []
    for kind in sorted(set(kinds)):
        shape = FIGURE_SHAPES.get(kind)
        if shape is None:
            label = escape(kind[:1].upper())
            shape = (
                PAWN + f'<text y="7" font-size="10" font-family="sans-serif" font-weight="bold" '
                f'text-anchor="middle" fill="#ffffff" stroke="none">{label}</text>'
            )
        out.append(f"<g {attrs(id=figure_ref(kind), class_='figure-art')}>{shape}</g>")
    return "".join(out)


# ----------------------------------------------------------------------------------------------
# Pieces that are not figures (a dragon, a tower floor, a sheep): a mark per kind
# (``PieceKind.mark``), about 14 units wide, centred on the piece's point.

#: The marks a piece kind may name; any other name is drawn as a ``disc``.
MARKS: tuple[str, ...] = ("disc", "square", "triangle", "diamond", "star", "ring")
MARK_RADIUS = 7.0


def _mark_points(mark: str, x: float, y: float, r: float) -> list[Point]:
    if mark == "square":
        s = r * 0.85
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    if mark == "triangle":
        return [(x, y - r * 1.1), (x + r, y + r * 0.75), (x - r, y + r * 0.75)]
    if mark == "diamond":
        return [(x, y - r * 1.15), (x + r * 0.9, y), (x, y + r * 1.15), (x - r * 0.9, y)]
    # a five-pointed star, its first point up
    out = []
    for i in range(10):
        radius = r * 1.2 if i % 2 == 0 else r * 0.5
        angle = math.pi * i / 5 - math.pi / 2
        out.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return out


def piece_mark(
    mark: str,
    point: Point,
    fill: str,
    outline: str,
    *,
    title: str = "",
    radius: float = MARK_RADIUS,
    **data: object,
) -> str:
    """One piece's mark (``disc``, ``square``, ``triangle``, ``diamond``, ``star``, ``ring``;
    any other name a disc) at ``point``, filled with ``fill`` (a ring: drawn in it) and
    outlined with ``outline``; ``data`` become the element's attributes (``class_``,
    ``data_x`` ...)."""
    x, y = point
    head = _title(title) if title else ""
    shown = mark if mark in MARKS else "disc"
    common = attrs(data_mark=shown, **data)
    if shown == "disc":
        return (
            f"<circle {common} {attrs(cx=num(x), cy=num(y), r=num(radius), fill=fill)} "
            f'{attrs(stroke=outline)} stroke-width="1.3">{head}</circle>'
        )
    if shown == "ring":
        return (
            f"<circle {common} {attrs(cx=num(x), cy=num(y), r=num(radius - 1.5))} "
            f'fill="none" {attrs(stroke=fill)} stroke-width="3.5">{head}</circle>'
        )
    d = points_d(_mark_points(shown, x, y, radius))
    return (
        f'<path {common} {attrs(d=d, fill=fill, stroke=outline)} stroke-width="1.3" '
        f'stroke-linejoin="round">{head}</path>'
    )
