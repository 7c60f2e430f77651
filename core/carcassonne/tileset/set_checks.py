"""Parsing a whole tile-set file: the TOML read, its tables and tiles checked
(:mod:`carcassonne.tileset.feature_checks`), the checks across the set (duplicate ids and
aliases, variants, counts, the start tile), and the :class:`~carcassonne.tileset.model.TileSet`
built (editions folded).

Part of the loader (:mod:`carcassonne.tileset.loader`), which caches and exposes it.
"""

from __future__ import annotations

from collections.abc import Mapping

from carcassonne.tileset.errors import TileProblem, TileSetError
from carcassonne.tileset.feature_checks import _Checker
from carcassonne.tileset.model import FeatureKind, TileSet, TileType, rotate_tile
from carcassonne.tileset.tile_checks import _Tile, normalise_edition
from carcassonne.tileset.toml_positions import _Table
from carcassonne.toml_input import InputProblem, load_toml


def _parse(
    text: str,
    filename: str,
    kinds: Mapping[str, FeatureKind],
    edition: str | None,
    providers: Mapping[str, str],
    lenient: bool = False,
) -> TileSet:
    try:
        doc = load_toml(text)
    except InputProblem as err:
        message = err.message.removeprefix("not valid TOML: ")
        raise TileSetError([TileProblem(filename, err.line, err.column, None, message)]) from None
    ed = normalise_edition(edition) if edition is not None else None
    check = _Checker(text, filename, kinds, providers, lenient)
    name, description, note = check.header(doc)
    raw_tiles = doc.get("tile", [])
    if not isinstance(raw_tiles, list):
        check.add(check.key_pos(check.pos.root, "tile"), None, "'tile' must be [[tile]] tables")
        raw_tiles = []
    tiles: list[_Tile] = []
    # tiles written as an inline array (tile = [{...}]) are located at the key 'tile'
    inline = _Table(*check.key_pos(check.pos.root, "tile"))
    for i, data in enumerate(raw_tiles):
        table = check.pos.tiles[i] if i < len(check.pos.tiles) else inline
        tile = check.tile(i, data, table)
        if tile is not None:
            tiles.append(tile)
    _check_set(check, tiles)
    if check.problems:
        raise TileSetError(check.problems)
    return _build(tiles, kinds, ed, name, description, note, filename, check.inert_kinds)


def _check_set(check: _Checker, tiles: list[_Tile]) -> None:
    by_id: dict[str, _Tile] = {}
    for t in tiles:
        if t.id is None:
            continue
        if t.id in by_id:
            first = by_id[t.id]
            check.add(
                check.key_pos(t.table, "id"),
                t.label,
                f"duplicate tile id '{t.id}' (first defined on line {first.table.line})",
            )
        else:
            by_id[t.id] = t
    aliases: dict[str, _Tile] = {}
    for t in tiles:
        if t.alias is None:
            continue
        where = check.key_pos(t.table, "alias")
        if t.alias in aliases:
            other = aliases[t.alias]
            check.add(
                where,
                t.label,
                f"alias '{t.alias}' is already used by tile {other.label} "
                f"(line {other.table.line})",
            )
        elif t.alias in by_id and by_id[t.alias] is not t:
            other = by_id[t.alias]
            check.add(
                where,
                t.label,
                f"alias '{t.alias}' is the id of tile {other.label} (line {other.table.line})",
            )
        else:
            aliases[t.alias] = t
    replaced: set[str] = set()
    for t in tiles:
        if t.replaces is None:
            continue
        target = by_id.get(t.replaces)
        where = check.key_pos(t.table, "replaces")
        if target is None:
            check.add(where, t.label, f"replaces unknown tile '{t.replaces}'")
        elif target is t:
            check.add(where, t.label, "a tile cannot replace itself")
        elif target.replaces is not None:
            check.add(
                where,
                t.label,
                f"replaces {target.label}, which is itself a variant: replace the plain tile",
            )
        else:
            replaced.add(t.replaces)
    for t in tiles:
        if t.count is None or t.count >= 1:
            continue
        if t.count == 0 and t.id in replaced:
            continue
        hint = " (0 is allowed only for a tile that a variant replaces)" if t.count == 0 else ""
        check.add(
            check.key_pos(t.table, "count"),
            t.label,
            f"count must be at least 1, found {t.count}{hint}",
        )
    start: _Tile | None = None
    for t in tiles:
        tags = t.data.get("tags")
        if isinstance(tags, list) and "start" in tags:
            if start is not None:
                check.add(
                    check.key_pos(t.table, "tags"),
                    t.label,
                    f"only one tile may be tagged 'start' (also tile {start.label}, "
                    f"line {start.table.line})",
                )
            else:
                start = t


def _build(
    tiles: list[_Tile],
    kinds: Mapping[str, FeatureKind],
    edition: str | None,
    name: str,
    description: str,
    note: str,
    filename: str,
    inert_kinds: frozenset[str],
) -> TileSet:
    counts: dict[str, int] = {}
    for t in tiles:
        assert t.id is not None  # a tile without an id is a problem reported before building
        counts[t.id] = t.count or 0
    dropped: set[str] = set()
    if edition is not None:
        for t in tiles:
            if t.edition is not None and normalise_edition(t.edition) != edition:
                assert t.id is not None
                if t.replaces is not None:
                    counts[t.replaces] += counts[t.id]
                dropped.add(t.id)
        dropped |= {i for i, c in counts.items() if c == 0}
    out = []
    for t in tiles:
        assert t.id is not None
        if t.id in dropped:
            continue
        tags = t.data.get("tags", [])
        out.append(
            TileType(
                id=t.id,
                count=counts[t.id],
                features=t.features,
                description=t.data.get("description", ""),
                alias=t.alias,
                edition=t.edition,
                replaces=t.replaces,
                tags=frozenset(tags),
                set_name=name,
                pos=(t.table.line, t.table.column),
                rotations=rotate_tile(t.features, kinds),
                note=t.data.get("note", ""),
            )
        )
    return TileSet(
        name=name,
        tiles=tuple(out),
        description=description,
        path=filename,
        inert_kinds=inert_kinds,
        edition=edition,
        note=note,
    )
