"""Pictures of single tiles and contact sheets of whole tile sets."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from xml.sax.saxutils import escape

from carcassonne.errors import CarcassonneError
from carcassonne.svg.draw import attrs, num, tile_defs, tile_group, tile_marks, tile_ref
from carcassonne.svg.image import SvgImage, document
from carcassonne.svg.legend import entries, layout
from carcassonne.svg.style import DEFAULT_COLORS
from carcassonne.tileset import catalog
from carcassonne.tileset.loader import load_tileset
from carcassonne.tileset.model import FeatureKind, TileSet, TileType


class UnknownTileError(CarcassonneError):
    """No installed tile set has a tile with the given id or alias."""


def load_set(source: str | Path, edition: str = "C2") -> TileSet:
    """An installed tile set by name (``base``, ``river``, ...) or a tile-set file by path,
    loaded with every installed kind (``TileSetError`` on a bad file)."""
    sets = catalog.installed_tilesets()
    where = sets.get(str(source), source)
    if str(source) not in sets and not Path(source).is_file():
        raise UnknownTileError(
            f"no tile set or file '{source}' (installed sets: {', '.join(sets)})"
        )
    return load_tileset(
        where, catalog.installed_kinds(), edition=edition, providers=catalog.kind_providers()
    )


def find_tile(tile_id: str, edition: str = "C2") -> TileType:
    """The tile with id or alias ``tile_id`` in the installed tile sets."""
    for name in catalog.installed_tilesets():
        for t in load_set(name, edition).tiles:
            if tile_id in (t.id, t.alias):
                return t
    raise UnknownTileError(f"no tile '{tile_id}' in the installed tile sets")


def tile(
    tile_id_or_type: str | TileType,
    rotation: int = 0,
    size: float = 200,
    *,
    kinds: Mapping[str, FeatureKind] | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> SvgImage:
    """A picture of one tile turned ``rotation`` degrees clockwise, ``size`` pixels wide.

    ``tile_id_or_type`` is a tile id or alias of an installed set, or a ``TileType``; ``kinds``
    default to every installed kind.
    """
    if rotation not in (0, 90, 180, 270):
        raise CarcassonneError(f"rotation must be 0, 90, 180 or 270, not {rotation}")
    t = find_tile(tile_id_or_type) if isinstance(tile_id_or_type, str) else tile_id_or_type
    kinds = catalog.installed_kinds() if kinds is None else kinds
    use = (
        f"<use {attrs(xlink_href='#' + tile_ref(t), class_='tile', data_tile=t.id)} "
        f"{attrs(data_rotation=rotation, transform=f'rotate({rotation} 50 50)')}/>"
    )
    marks = tile_marks(t, kinds, rotation, colors, catalog.installed_tile_marks())
    body = f"<defs>{tile_defs(colors)}{tile_group(t, kinds, colors)}</defs>{use}{marks}"
    return document(
        body, view=(0, 0, 100, 100), width=size, css_class="carcassonne-tile", style=style
    )


def tile_sheet(
    tileset: str | Path | TileSet,
    *,
    columns: int = 8,
    size: float = 110,
    kinds: Mapping[str, FeatureKind] | None = None,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
    legend: bool = False,
) -> SvgImage:
    """A contact sheet of a whole tile set: every tile type with its id, alias and count.

    ``tileset`` is an installed set's name, a tile-set file or a loaded ``TileSet``; ``size``
    is the width of one tile in pixels. ``legend=True`` adds a legend of the marks, attributes
    and centre features its tiles show.
    """
    ts = tileset if isinstance(tileset, TileSet) else load_set(tileset)
    kinds = catalog.installed_kinds() if kinds is None else kinds
    palette = {**DEFAULT_COLORS, **(colors or {})}
    tags = catalog.installed_tile_marks()
    tiles = list(ts.tiles)
    columns = max(1, min(columns, len(tiles) or 1))
    rows = (len(tiles) + columns - 1) // columns
    cell_w, cell_h, gap, top = 100.0, 128.0, 12.0, 34.0
    width = columns * (cell_w + gap) + gap
    height = top + rows * (cell_h + gap) + gap
    total = sum(t.count for t in tiles)
    key, key_height = "", 0.0
    if legend:
        found = entries(marks=tags, tiles=tiles, kinds=kinds, colors=colors)
        key, key_height = layout(found, gap, height, width - 2 * gap, palette["text"], 1.2)
    groups = "".join(tile_group(t, kinds, colors) for t in tiles)
    parts = [f"<defs>{tile_defs(colors)}{groups}</defs>"]
    height += key_height + (gap if key else 0)
    parts.append(f"<rect {attrs(width=num(width), height=num(height), fill=palette['board'])}/>")
    if key:
        parts.append(f'<g class="legend">{key}</g>')
    title = f"{ts.name}: {len(tiles)} tile types, {total} tiles"
    parts.append(
        f'<text {attrs(x=num(gap), y=22, fill=palette["text"])} font-size="16" '
        f'font-family="sans-serif" font-weight="bold">{escape(title)}</text>'
    )
    for i, t in enumerate(tiles):
        marks = tile_marks(t, kinds, 0, colors, tags)
        x = gap + (i % columns) * (cell_w + gap)
        y = top + (i // columns) * (cell_h + gap)
        parts.append(
            f"<g {attrs(class_='sheet-tile', data_tile=t.id, data_count=t.count)}>"
            f"<use {attrs(xlink_href='#' + tile_ref(t), class_='tile', data_tile=t.id)} "
            f"{attrs(data_rotation=0, transform=f'translate({num(x)} {num(y)})')}/>"
            f'<g transform="translate({num(x)} {num(y)})">{marks}</g>'
            f"<rect {attrs(x=num(x), y=num(y), width=100, height=100, fill='none')} "
            f'{attrs(stroke=palette["grid"])} stroke-width="1"/>'
        )
        label = t.id + (f" ({t.alias})" if t.alias else "")
        parts.append(
            f"<text {attrs(x=num(x + 50), y=num(y + 114), fill=palette['text'])} "
            f'font-size="{_fit(label)}" font-family="sans-serif" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
        parts.append(
            f"<text {attrs(x=num(x + 50), y=num(y + 126), fill=palette['text'])} "
            f'font-size="10" font-family="sans-serif" text-anchor="middle" '
            f'font-weight="bold">\u00d7{t.count}</text></g>'
        )
    pixels = width * size / cell_w
    return document(
        "".join(parts),
        view=(0, 0, width, height),
        width=pixels,
        css_class="carcassonne-sheet",
        style=style,
    )


def _fit(label: str) -> str:
    """A font size that fits ``label`` under a tile."""
    return num(min(11.0, 170.0 / max(len(label), 1)))
