"""SVG text for a tile's layout and for figures: the shapes, painted by kind; figures and
pieces by their declared silhouette.

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
from carcassonne.svg.silhouettes import SHAPES, silhouette
from carcassonne.svg.style import DEFAULT_COLORS, KindStyle, kind_style
from carcassonne.tileset.model import FeatureKind, TileType
from carcassonne.values import FigureKind, PieceKind, TileMark


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

#: The ids of the textures laid over fields (tufts of grass) and cities (roofs seen from above),
#: defined once per picture by :func:`tile_defs`. A texture's cell is 50 units and its marks stay
#: within 7..22 and 28..43 of it, clear of the points 4, 25, 50, 75 and 96 units along each edge,
#: so that a kind shows its plain colour there. Their colours are opaque: a pattern used with an
#: opacity is drawn fainter at each use by some renderers (cairosvg among them).
FIELD_TEXTURE = "field-texture"
CITY_TEXTURE = "city-roofs"

#: Where tufts of grass stand (the middle of their base) and roofs lie (x, y, width, height;
#: a ridge along the longer side) in a texture's 50 x 50 cell.
GRASS_TUFTS: tuple[Point, ...] = ((11, 14), (36, 12), (18, 39), (40, 41))
ROOFS: tuple[tuple[float, float, float, float], ...] = (
    (8, 8, 12, 7),
    (30, 7, 7, 12),
    (9, 29, 7, 12),
    (29, 32, 13, 8),
)


def tile_defs(colors: Mapping[str, str] | None = None) -> str:
    """What every document that draws tiles needs in its ``<defs>``, once: the clip path of
    the wall shadows and the field and city textures (in ``colors`` over the default palette)."""
    palette = {**DEFAULT_COLORS, **(colors or {})}
    cell = 'patternUnits="userSpaceOnUse" width="50" height="50"'
    grass = "".join(
        f"M{num(x - 2.5)} {num(y)}l1-3.5M{num(x)} {num(y)}v-4M{num(x + 2.5)} {num(y)}l-1-3.5"
        for x, y in GRASS_TUFTS
    )
    roof_shapes = "".join(
        f"<rect {attrs(x=num(x), y=num(y), width=num(w), height=num(h))} "
        f'{attrs(fill=palette["roof"], stroke=palette["roof-edge"])} stroke-width="0.8"/>'
        + (
            f"<path {attrs(d=f'M{num(x)} {num(y + h / 2)}H{num(x + w)}')} "
            f'{attrs(stroke=palette["roof-edge"])} stroke-width="0.8"/>'
            if w > h
            else f"<path {attrs(d=f'M{num(x + w / 2)} {num(y)}V{num(y + h)}')} "
            f'{attrs(stroke=palette["roof-edge"])} stroke-width="0.8"/>'
        )
        for x, y, w, h in ROOFS
    )
    return (
        CLIP_DEF
        + f"<pattern {attrs(id=FIELD_TEXTURE)} {cell}>"
        + f'<path {attrs(d=grass, stroke=palette["field-texture"])} fill="none" '
        'stroke-width="1.1" stroke-linecap="round"/></pattern>'
        + f"<pattern {attrs(id=CITY_TEXTURE)} {cell}>{roof_shapes}</pattern>"
    )


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
    parts.append(_texture("rect", FIELD_TEXTURE, width=100, height=100))
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
        if area.kind == "city":
            parts.append(_texture("path", CITY_TEXTURE, d=points_d(area.polygon)))
        if area.walls:
            d = "".join(points_d(w, closed=False) for w in area.walls)
            parts.append(  # merlons: short blocks across the wall, every 5 units
                f"<path {attrs(class_=cls + ' battlements', d=d, fill='none', stroke=s.stroke)} "
                f'stroke-width="5.6" stroke-dasharray="2.5 2.5" clip-path="url(#{TILE_CLIP})"/>'
            )
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
TAG_MARK_AT = (12.0, 12.0)
TAG_MARK_STEP = 21.0
#: A tag mark's size: big enough to tell its shape and colour on a 64-pixel square.
TAG_MARK_RADIUS = 8.5


def tag_marks(tile: TileType, tags: Mapping[str, TileMark]) -> str:
    """The marks of the tile's tags that have one, side by side from the top-left corner, each
    on a light halo so that it stands out on a city as on a field."""
    shown = [tags[tag] for tag in sorted(tile.tags) if tag in tags]
    x, y = TAG_MARK_AT
    out = []
    for i, m in enumerate(shown):
        point = (x + i * TAG_MARK_STEP, y)
        out.append(
            f"<circle {attrs(class_='tile-mark-halo', cx=num(point[0]), cy=num(point[1]))} "
            f'r="{num(TAG_MARK_RADIUS + 2.5)}" fill="#ffffff" fill-opacity="0.75"/>'
        )
        out.append(
            piece_mark(
                m.mark,
                point,
                m.colour,
                "#1d1d1d",
                title=m.label or m.tag,
                radius=TAG_MARK_RADIUS,
                class_=f"tile-mark t-{css_name(m.tag)}",
                data_tag=m.tag,
            )
        )
    return "".join(out)


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
        parts.append(centre_shape(f.kind, rotate_point(centre.point, rotation), s))
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
        parts.append(attribute_badge(marker, badge.name, title, badge.value, point, palette))
    return "".join(parts)


def _texture(tag: str, texture: str, **shape: object) -> str:
    """A shape filled with ``texture`` (a pattern of :func:`tile_defs`), laid over a kind."""
    return (
        f"<{tag} {attrs(class_='texture ' + texture, **shape)} {attrs(fill=f'url(#{texture})')}/>"
    )


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


def centre_shape(kind: str, p: Point, s: KindStyle) -> str:
    """A centre feature of ``kind`` at ``p``, drawn the way ``s`` says (a chapel, a bush, a
    disc with a label)."""
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


#: How far the centre of an inn or a cathedral keeps from the tile's edges.
BIG_MARKER_MARGIN = 17.0


def attribute_badge(
    marker: str, name: str, title: str, value: int, p: Point, palette: Mapping[str, str]
) -> str:
    """Attribute ``name`` (``value`` of it, ``title`` its words) drawn as ``marker`` at ``p``
    (an inn or a cathedral, drawn big, kept inside the tile: the edges show how it fits)."""
    x, y = p
    if marker in ("inn", "cathedral"):
        x, y = (min(max(v, BIG_MARKER_MARGIN), 100 - BIG_MARKER_MARGIN) for v in p)
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
    if marker == "inn":  # a red-roofed house by a blue lake, half as big again as a shield
        lake = f'<ellipse {attrs(cx=num(x + 5.5), cy=num(y + 6.5), rx=8, ry=4)} fill="#3d8fe0"/>'
        wall = [(x - 9, y + 6), (x - 9, y - 2), (x + 3, y - 2), (x + 3, y + 6)]
        roof = [(x - 11, y - 1.5), (x - 3, y - 9.5), (x + 5, y - 1.5)]
        door = [(x - 4.5, y + 6), (x - 4.5, y + 2), (x - 1.5, y + 2), (x - 1.5, y + 6)]
        return (
            f"<g {attrs(class_='inn a-' + css_name(name), data_count=value)}>{head}"
            f'<circle {attrs(cx=num(x - 1), cy=num(y), r=11.5)} fill="#fffdf5" '
            'fill-opacity="0.85" stroke="#5b3b22" stroke-width="1"/>'
            f"{lake}"
            f'<path {attrs(d=points_d(wall))} fill="#f6e7c1" stroke="#5b3b22" stroke-width="1.3"/>'
            f'<path {attrs(d=points_d(roof))} fill="#c0392b" stroke="#5b3b22" '
            'stroke-width="1.3" stroke-linejoin="round"/>'
            f'<path {attrs(d=points_d(door))} fill="#5b3b22"/></g>'
        )
    if marker == "cathedral":  # a tall grey church, two towers with crosses, on a dark plate
        nave = [(x - 6, y + 9), (x - 6, y - 3), (x, y - 8), (x + 6, y - 3), (x + 6, y + 9)]
        left = [(x - 11, y + 9), (x - 11, y - 6), (x - 8.5, y - 11), (x - 6, y - 6)]
        left.append((x - 6, y + 9))
        right = [(x + 6, y + 9), (x + 6, y - 6), (x + 8.5, y - 11), (x + 11, y - 6)]
        right.append((x + 11, y + 9))
        cross = (
            f"M{num(x - 8.5)} {num(y - 11)}V{num(y - 15)}M{num(x - 10)} {num(y - 13.5)}"
            f"H{num(x - 7)}M{num(x + 8.5)} {num(y - 11)}V{num(y - 15)}M{num(x + 7)} "
            f"{num(y - 13.5)}H{num(x + 10)}"
        )
        arch = [(x - 2, y + 9), (x - 2, y + 3), (x, y + 1), (x + 2, y + 3), (x + 2, y + 9)]
        return (
            f"<g {attrs(class_='cathedral a-' + css_name(name), data_count=value)}>{head}"
            f'<circle {attrs(cx=num(x), cy=num(y - 1), r=14)} fill="#3e3552" fill-opacity="0.85"/>'
            f'<path {attrs(d=points_d(left) + points_d(right))} fill="#cfc8e3" stroke="#1f1a2b" '
            'stroke-width="1.1" stroke-linejoin="round"/>'
            f'<path {attrs(d=points_d(nave))} fill="#ece8f5" stroke="#1f1a2b" stroke-width="1.1" '
            'stroke-linejoin="round"/>'
            f'<path {attrs(d=points_d(arch))} fill="#3e3552"/>'
            f'<path {attrs(d=cross)} stroke="#ece8f5" stroke-width="1.3"/></g>'
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
# Figures: one silhouette per kind (its ``FigureKind.shape``, carcassonne.svg.silhouettes), about
# 24 units tall, centred on (0, 0), filled with the player's colour by the <use> that places it.

#: The silhouettes by name (kept here for code that imported them from this module).
FIGURE_SHAPES = SHAPES


def figure_ref(kind: str) -> str:
    return "figure-" + css_name(kind)


def figure_look(kind: str, looks: Mapping[str, FigureKind] | None = None) -> FigureKind:
    """The declared look of figure kind ``kind`` (``looks``: the game's ``figure_kinds``), or
    the default look of a kind nobody declared (a figure of a game that no longer has it)."""
    look = looks.get(kind) if looks else None
    return look if look is not None else FigureKind(kind, 0)


def figure_defs(kinds: Iterable[str], looks: Mapping[str, FigureKind] | None = None) -> str:
    """``<g id="figure-...">`` shapes for the figure kinds ``kinds`` (sorted, once each), each
    the silhouette its kind declares in ``looks`` (``config.figure_kinds``)."""
    out = []
    for kind in sorted(set(kinds)):
        look = figure_look(kind, looks)
        shape = silhouette(look.silhouette, look.glyph or kind[:1].upper())
        out.append(
            f"<g {attrs(id=figure_ref(kind), class_='figure-art', data_shape=look.silhouette)}>"
            f"{shape}</g>"
        )
    return "".join(out)


def piece_ref(kind: str) -> str:
    return "piece-" + css_name(kind)


def piece_defs(looks: Iterable[PieceKind]) -> str:
    """``<g id="piece-...">`` silhouettes of the piece kinds among ``looks`` that declare a
    ``shape`` (sorted by name, once each); the others are drawn as marks."""
    out = []
    for look in sorted({k.name: k for k in looks if k.shape}.values(), key=lambda k: k.name):
        out.append(
            f"<g {attrs(id=piece_ref(look.name), class_='piece-art', data_shape=look.shape)}>"
            f"{silhouette(look.shape, look.glyph, look.badge)}</g>"
        )
    return "".join(out)


#: How big a piece's silhouette is next to a figure's (pieces share a tile with figures).
PIECE_SCALE = 0.9


def piece_figure(
    look: PieceKind, point: Point, fill: str, outline: str, *, title: str = "", **data: object
) -> str:
    """One piece drawn as its kind's silhouette (``look.shape``; its ``<g>`` from
    :func:`piece_defs` must be in the picture's ``<defs>``), or its mark when it has none."""
    if not look.shape:
        mark = piece_mark(look.mark, point, fill, outline, title=title, radius=MARK_RADIUS, **data)
        if look.badge:
            mark += _piece_badge(point, look.badge, outline)
        return mark
    x, y = point
    head = _title(title) if title else ""
    transform = f"translate({num(x)} {num(y)}) scale({PIECE_SCALE})"
    return (
        f"<use {attrs(xlink_href='#' + piece_ref(look.name), data_shape=look.shape, **data)} "
        f'{attrs(transform=transform, fill=fill, stroke=outline)} stroke-width="1.5" '
        f'stroke-linejoin="round">{head}</use>'
    )


def _piece_badge(point: Point, text: str, color: str) -> str:
    x, y = point
    return (
        f'<text {attrs(x=num(x), y=num(y + 3.5), fill=color)} font-size="9.5" '
        f'font-family="sans-serif" font-weight="bold" text-anchor="middle">{escape(text)}</text>'
    )


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
