"""The legend: every figure, piece, tile mark, attribute and centre feature a game (or a tile
set) can show, each drawn as the pictures draw it and named in words.

Everything comes from declarations (``FigureKind``, ``PieceKind``, ``TileMark``, the kinds'
``Attribute``s, the tiles themselves), so an expansion's pieces get their entry without code
here knowing them. Used by :func:`carcassonne.svg.board` (``legend=True``), by
:func:`carcassonne.svg.tile_sheet` (``legend=True``) and on its own by :func:`legend`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape

from carcassonne.config import GameConfig
from carcassonne.state import GameState
from carcassonne.svg.draw import (
    attribute_badge,
    attrs,
    centre_shape,
    css_name,
    num,
    piece_mark,
    silhouette,
)
from carcassonne.svg.image import SvgImage, document
from carcassonne.svg.style import DEFAULT_COLORS, kind_style
from carcassonne.tileset.model import FeatureKind, TileType
from carcassonne.values import FigureKind, PieceKind, TileMark

#: The colour figures are drawn in, in a legend: any player's.
FIGURE_FILL = "#e4ddcf"
OUTLINE = "#1b1b1b"
ROW = 30.0
FONT = 13
ICON = 32.0  # the room an icon takes before its words

#: The groups of a legend, in the order it lists them, with the heading of each.
GROUPS: dict[str, str] = {
    "figure": "figures",
    "piece": "pieces",
    "tile-mark": "tile marks",
    "attribute": "on features",
    "feature": "in the middle of tiles",
}


@dataclass(frozen=True)
class Entry:
    """One line of a legend: what it explains (``group`` of :data:`GROUPS`, ``key``: the
    kind, tag or attribute name), its words and its icon (SVG centred on ``(14, 14)``)."""

    group: str
    key: str
    words: str
    icon: str

    @property
    def width(self) -> float:
        return ICON + text_width(self.words)


def text_width(text: str) -> float:
    return len(text) * FONT * 0.56


def entries(
    *,
    figures: Mapping[str, FigureKind] | None = None,
    pieces: Mapping[str, PieceKind] | None = None,
    marks: Mapping[str, TileMark] | None = None,
    tiles: Iterable[TileType] = (),
    kinds: Mapping[str, FeatureKind] | None = None,
    colors: Mapping[str, str] | None = None,
) -> list[Entry]:
    """The legend of ``figures`` (a game's figure kinds), ``pieces`` (its piece kinds) and of
    what ``tiles`` show: the ``marks`` of their tags, their features' attributes (shields, an
    inn ...) and the kinds drawn in their middle (a monastery), each kind or tag once."""
    kinds = kinds or {}
    palette = {**DEFAULT_COLORS, **(colors or {})}
    out: list[Entry] = []
    for name, figure in sorted((figures or {}).items(), key=lambda item: _figure_order(item[1])):
        icon = (
            f'<g transform="translate(14 14) scale(0.9)" {attrs(fill=FIGURE_FILL)} '
            f'stroke="{OUTLINE}" stroke-width="1.4" stroke-linejoin="round">'
            f"{silhouette(figure.silhouette, figure.glyph or name[:1].upper())}</g>"
        )
        out.append(Entry("figure", name, figure.words, icon))
    for name, piece in sorted((pieces or {}).items()):
        fill = (colors or {}).get(f"piece-{name}", piece.colour if piece.neutral else FIGURE_FILL)
        if piece.shape:
            icon = (
                f'<g transform="translate(14 14) scale(0.8)" {attrs(fill=fill)} '
                f'stroke="{OUTLINE}" stroke-width="1.5" stroke-linejoin="round">'
                f"{silhouette(piece.shape, piece.glyph, piece.badge)}</g>"
            )
        else:
            icon = piece_mark(piece.mark, (14, 14), fill, OUTLINE, radius=8)
        out.append(Entry("piece", name, piece.label or name, icon))
    tiles = list(tiles)
    tags = sorted({tag for t in tiles for tag in t.tags if marks and tag in marks})
    for tag in tags:
        mark = (marks or {})[tag]
        icon = piece_mark(mark.mark, (14, 14), mark.colour, OUTLINE, radius=8)
        out.append(Entry("tile-mark", tag, mark.label or tag, icon))
    seen: dict[tuple[str, str], FeatureKind | None] = {}
    centres: set[str] = set()
    for t in tiles:
        for f in t.features:
            for attr, value in f.attrs.items():
                if value:
                    seen.setdefault((f.kind, attr), kinds.get(f.kind))
            if f.center:
                centres.add(f.kind)
    shown: set[tuple[str, str]] = set()
    for (kind_name, attr), kind in sorted(seen.items(), key=lambda item: item[0]):
        info_marker, title = _attribute_words(kind, attr)
        if (info_marker, title) in shown:
            continue
        shown.add((info_marker, title))
        icon = attribute_badge(info_marker, attr, title, 1, (14, 14), palette)
        words = title if kind_name == "city" or attr == "shields" else f"{title} ({kind_name})"
        out.append(Entry("attribute", f"{kind_name}.{attr}", words, icon))
    for name in sorted(centres):
        style = kind_style(kinds.get(name), name, colors)
        shape = centre_shape(name, (0, 0), style)
        icon = f'<g transform="translate(14 16) scale(0.72)">{shape}</g>'
        out.append(Entry("feature", name, name, icon))
    return out


def _figure_order(figure: FigureKind) -> tuple[int, str]:
    """The core's meeple first, then the rest by name."""
    return (0 if figure.provider == "core" else 1, figure.name)


def _attribute_words(kind: FeatureKind | None, name: str) -> tuple[str, str]:
    if kind is None:
        return ("shield" if name == "shields" else "dot"), name
    info = kind.attribute(name)
    return info.marker, ("shield" if name == "shields" and info.title == name else info.title)


def game_entries(config: GameConfig, colors: Mapping[str, str] | None = None) -> list[Entry]:
    """The legend of a game's configuration: its figure and piece kinds and what its tiles
    show (every tile of the game's sets, drawn or not)."""
    return entries(
        figures=config.figure_kinds,
        pieces=config.piece_kinds,
        marks=config.tile_marks,
        tiles=config.tile_types.values(),
        kinds=config.kinds,
        colors=colors,
    )


def draw_entry(entry: Entry, text_color: str) -> str:
    """An entry at ``(0, 0)``: its icon, then its words."""
    return (
        f"<g {attrs(class_=f'legend-entry legend-{entry.group}', data_key=entry.key)}>"
        f"<title>{escape(entry.words)}</title>{entry.icon}"
        f'<text {attrs(x=num(ICON), y=19, fill=text_color)} font-size="{FONT}" '
        f'font-family="sans-serif">{escape(entry.words)}</text></g>'
    )


def layout(
    items: Iterable[Entry],
    x0: float,
    y0: float,
    width: float,
    text_color: str,
    scale: float = 1.0,
) -> tuple[str, float]:
    """The entries in lines ``width`` wide from ``(x0, y0)``, a group per line (a heading,
    then its entries, wrapping when the line is full), ``scale`` times their natural size (a
    board's units are smaller than pixels): the SVG and its height."""
    parts: list[str] = []
    y = y0
    row = ROW * scale
    by_group: dict[str, list[Entry]] = {}
    for entry in items:
        by_group.setdefault(entry.group, []).append(entry)
    for group, heading in GROUPS.items():
        found = by_group.get(group)
        if not found:
            continue
        words = heading + ":"
        parts.append(
            f"<text {attrs(x=num(x0), y=num(y + 19 * scale), fill=text_color)} "
            f'font-size="{num(FONT * scale)}" font-family="sans-serif" '
            f'font-weight="bold">{escape(words)}</text>'
        )
        x = x0 + (text_width(words) + 10) * scale
        start = x
        for entry in found:
            if x > start and x + entry.width * scale > x0 + width:
                x = start
                y += row
            drawn = draw_entry(entry, text_color)
            parts.append(
                f'<g transform="translate({num(x)} {num(y)}) scale({num(scale)})">{drawn}</g>'
                if scale != 1
                else f'<g transform="translate({num(x)} {num(y)})">{drawn}</g>'
            )
            x += (entry.width + 14) * scale
        y += row
    return "".join(parts), y - y0


def legend(
    game: GameConfig | GameState,
    *,
    width: float = 640,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """A picture of the legend of a game (its ``GameState`` or ``GameConfig``) alone, ``width``
    pixels wide (one unit per pixel): the web page shows it beside the board."""
    palette = {**DEFAULT_COLORS, **(colors or {})}
    config = game.config if isinstance(game, GameState) else game
    found = game_entries(config, colors)
    body, height = layout(found, 8, 4, width - 16, palette["text"])
    height = max(height, ROW) + 8
    keys = " ".join(css_name(e.key) for e in found)
    return document(
        f'<g class="legend" {attrs(data_keys=keys)}>{body}</g>',
        view=(0, 0, width, height),
        width=width,
        css_class="carcassonne-legend",
        style=style,
    )
