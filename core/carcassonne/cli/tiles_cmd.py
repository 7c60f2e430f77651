"""``carcassonne tiles check|list|show|sheet|fmt``: tools for tile-set files (docs/tiles.md,
pictures: docs/pictures.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from carcassonne.cli.game_args import (
    add_plugin_argument,
    parse_names,
    plain,
    plugins_from_args,
    user_errors,
)
from carcassonne.errors import PluginError
from carcassonne.geometry import SIDES
from carcassonne.plugins import BUILTIN_PLUGINS
from carcassonne.tileset import catalog
from carcassonne.tileset.errors import TileSetError
from carcassonne.tileset.loader import EDITIONS, format_feature, format_file, load_tileset
from carcassonne.tileset.model import TileSet, TileType
from carcassonne.tileset.render import render_tile


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tiles", help="check, list, show and format tile sets", description=plain(__doc__)
    )
    sub = parser.add_subparsers(dest="tiles_command", metavar="ACTION", required=True)

    check = sub.add_parser(
        "check", help="validate tile-set files or installed sets; print every problem"
    )
    check.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a tile-set file, or an installed set by its name or its expansion's (abbey-mayor)",
    )
    _edition(check)
    check.set_defaults(handler=user_errors(cmd_check))

    listing = sub.add_parser("list", help="list the tiles of a set")
    listing.add_argument("set", nargs="?", default="base", metavar="SET", help="default: base")
    listing.add_argument("--json", action="store_true", help="machine-readable output")
    _edition(listing)
    listing.set_defaults(handler=user_errors(cmd_list))

    show = sub.add_parser("show", help="draw one tile in the terminal, or as SVG or PNG")
    show.add_argument("id", metavar="ID", help="tile id (BA/RCr) or alias (D)")
    show.add_argument("--rotation", type=int, default=0, choices=(0, 90, 180, 270))
    show.add_argument("--set", dest="set", default=None, help="look only in this set")
    show.add_argument("--file", default=None, help="look in this tile-set file")
    show.add_argument("--svg", metavar="FILE", default=None, help="write an SVG picture to FILE")
    show.add_argument(
        "--png", metavar="FILE", default=None, help="write a PNG picture to FILE (png extra)"
    )
    show.add_argument("--size", type=float, default=200, help="picture width in pixels")
    _edition(show)
    show.set_defaults(handler=user_errors(cmd_show))

    sheet = sub.add_parser("sheet", help="a contact sheet of a tile set (SVG or PNG)")
    sheet.add_argument(
        "source", nargs="?", default="base", metavar="SET|FILE", help="default: base"
    )
    sheet.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the picture: FILE.svg or FILE.png"
    )
    sheet.add_argument("--columns", type=int, default=8, help="tiles per row (default 8)")
    sheet.add_argument("--size", type=float, default=110, help="pixels per tile (default 110)")
    sheet.add_argument(
        "--legend", action="store_true", help="add a legend of the marks the tiles show"
    )
    _edition(sheet)
    sheet.set_defaults(handler=user_errors(cmd_sheet))

    fmt = sub.add_parser("fmt", help="rewrite tile-set files in canonical form")
    fmt.add_argument("files", nargs="+", metavar="FILE")
    fmt.add_argument("--check", action="store_true", help="only report files that would change")
    _expansions(fmt)
    fmt.set_defaults(handler=user_errors(cmd_fmt))


def _edition(parser: argparse.ArgumentParser) -> None:
    """``--edition``, ``--plugin`` (the kinds and tile sets of a plugin not installed) and
    ``--expansions``."""
    parser.add_argument("--edition", default="C2", choices=EDITIONS, help="default: C2")
    add_plugin_argument(parser)
    _expansions(parser)


def _expansions(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--expansions",
        nargs="+",
        action="extend",
        default=None,
        metavar="NAME",
        help="load exactly these installed expansions (commas or spaces) with the base game; "
        "default: those whose feature kinds or attributes the file uses",
    )


def _err(*lines: str) -> None:
    for line in lines:
        print(line, file=sys.stderr)


def _kinds(args: argparse.Namespace, source: Any, owner: str | None = None) -> dict[str, Any]:
    """The feature kinds to read ``source`` with: the base game's, ``--plugin``'s, and
    ``--expansions`` or else the installed expansions the file needs (and ``owner``, the
    expansion that ships it)."""
    named = getattr(args, "expansions", None)
    expansions = None if named is None else parse_names(named)
    return catalog.file_kinds(source, plugins_from_args(args), expansions, owner)


def _load(args: argparse.Namespace, source: Any, owner: str | None = None) -> TileSet:
    return load_tileset(
        source,
        _kinds(args, source, owner),
        edition=args.edition,
        providers=catalog.kind_providers(),
    )


def _source(args: argparse.Namespace, name: str, sets: dict[str, Any]) -> tuple[Any, str | None]:
    """What ``name`` on the command line means, and the plugin that ships it: a file when one
    of that name exists, else the installed set of that name or expansion name."""
    if Path(name).is_file():
        return name, None
    known = _set_name(name, sets)
    if known in sets:
        return sets[known], _owner(args, known)
    return name, None


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    sets = _sets(args)
    for path in args.files:
        source, owner = _source(args, path, sets)
        if source == path and not Path(path).exists() and not path.endswith(".toml"):
            _err(
                f"carcassonne tiles: no tile set or file '{path}' "
                f"(installed sets: {', '.join(sets)})"
            )
            status = 1
            continue
        try:
            tileset = _load(args, source, owner)
        except TileSetError as err:
            _err(*(str(p) for p in err.problems))
            status = 1
            continue
        except PluginError as err:  # the plugins this file needs cannot be used together
            _err(f"carcassonne: {err}")
            status = 1
            continue
        if not tileset.tiles:
            _err(f"{path}: no tiles (a tile set needs at least one [[tile]] table)")
            status = 1
            continue
        total = sum(t.count for t in tileset.tiles)
        print(f"{path}: ok ({len(tileset.tiles)} tile types, {total} tiles)")
    return status


def _sets(args: argparse.Namespace) -> dict[str, Any]:
    return catalog.installed_tilesets(plugins_from_args(args))


def _owner(args: argparse.Namespace, name: str) -> str | None:
    """The plugin that ships the installed set ``name``."""
    return catalog.tileset_owners(plugins_from_args(args)).get(name)


def _set_name(name: str, sets: dict[str, Any]) -> str:
    """A set named as its file (``abbey_mayor``) or as its expansion (``abbey-mayor``)."""
    if name in sets:
        return name
    for known in sets:
        if known.replace("_", "-") == name.replace("_", "-"):
            return known
    return name


def _tile_data(tile: TileType) -> dict[str, Any]:
    return {
        "id": tile.id,
        "alias": tile.alias,
        "count": tile.count,
        "edges": dict(zip(SIDES, tile.edges, strict=True)),
        "features": [format_feature(f, tile.features) for f in tile.features],
        "tags": sorted(tile.tags),
        "edition": tile.edition,
        "replaces": tile.replaces,
        "description": tile.description,
    }


def cmd_list(args: argparse.Namespace) -> int:
    sets = _sets(args)
    args.set = _set_name(args.set, sets)
    if args.set not in sets:
        _err(f"carcassonne tiles: unknown tile set '{args.set}' (installed: {', '.join(sets)})")
        return 1
    try:
        tileset = _load(args, sets[args.set], _owner(args, args.set))
    except TileSetError as err:
        _err(*(str(p) for p in err.problems))
        return 1
    tiles = [_tile_data(t) for t in tileset.tiles]
    total = sum(t.count for t in tileset.tiles)
    shields = sum(t.count * f.attr("shields") for t in tileset.tiles for f in t.features)
    if args.json:
        out = {
            "set": tileset.name,
            "edition": tileset.edition,
            "description": tileset.description,
            "tiles": tiles,
            "types": len(tiles),
            "total": total,
            "shields": shields,
        }
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(f"{tileset.name} ({tileset.edition}): {tileset.description}")
    print(f"{'id':<12} {'alias':<5} {'count':>5}  {'N':<6}{'E':<6}{'S':<6}{'W':<6} features")
    for t in tiles:
        edges = "".join(f"{t['edges'][s]:<6}" for s in SIDES)
        tags = f"  [{' '.join(t['tags'])}]" if t["tags"] else ""
        print(
            f"{t['id']:<12} {t['alias'] or '':<5} {t['count']:>5}  {edges}"
            f"{'; '.join(t['features'])}{tags}"
        )
    print(f"total: {total} tiles, {len(tiles)} tile types, {shields} shields")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    owners: dict[str, str] = {}
    if args.file:
        sources = {args.file: args.file}
    else:
        sources = _sets(args)
        if args.set is not None:
            args.set = _set_name(args.set, sources)
            if args.set not in sources:
                _err(
                    f"carcassonne tiles: unknown tile set '{args.set}' "
                    f"(installed: {', '.join(sources)})"
                )
                return 1
            sources = {args.set: sources[args.set]}
        owners = catalog.tileset_owners(plugins_from_args(args))
        if args.set is None and getattr(args, "expansions", None) is not None:
            # only the sets of the game named: another expansion's set needs kinds it lacks
            named = set(parse_names(args.expansions)) | {name for name, _ in BUILTIN_PLUGINS}
            sources = {
                name: source
                for name, source in sources.items()
                if owners.get(name, "") in named or name not in owners
            }
    for name, source in sources.items():
        owner = owners.get(name)
        try:
            tileset = _load(args, source, owner)
        except TileSetError as err:
            _err(*(str(p) for p in err.problems))
            return 1
        for tile in tileset.tiles:
            if args.id in (tile.id, tile.alias):
                kinds = _kinds(args, source, owner)
                if args.svg or args.png:
                    return _save_tile_pictures(tile, tileset, args, kinds)
                alias = f" ({tile.alias})" if tile.alias else ""
                print(f"{tile.id}{alias}: {tile.description}")
                if args.rotation:
                    edges = tile.rotated(args.rotation).edges
                    turned = ", ".join(f"{s} {e}" for s, e in zip(SIDES, edges, strict=True))
                    print(
                        f"(described unturned) turned {args.rotation} degrees clockwise: {turned}"
                    )
                extra = f", tags: {' '.join(sorted(tile.tags))}" if tile.tags else ""
                print(f"set {tileset.name}, count {tile.count}{extra}, rotation {args.rotation}")
                print()
                for line in render_tile(tile, kinds, args.rotation):
                    print(line.rstrip())
                return 0
    _err(f"carcassonne tiles: no tile '{args.id}' in {', '.join(sources)}")
    return 1


def _save_pictures(pictures: list[tuple[str, Any]], what: str) -> int:
    """Write ``(path, SvgImage)`` pairs (PNG for ``.png`` names); one line per file or error."""
    from carcassonne.errors import CarcassonneError

    for path, picture in pictures:
        try:
            picture.save(path)
        except CarcassonneError as err:  # the png extra is missing
            _err(f"carcassonne tiles: {err}")
            return 1
        except OSError as err:
            _err(f"carcassonne tiles: cannot write {path}: {err.strerror or err}")
            return 1
        print(f"{path}: {what}")
    return 0


def _save_tile_pictures(
    tile: TileType, tileset: TileSet, args: argparse.Namespace, kinds: dict[str, Any]
) -> int:
    import carcassonne.svg as svg

    picture = svg.tile(tile, args.rotation, size=args.size, kinds=kinds)
    targets = [(p, picture) for p in (args.svg, args.png) if p]
    return _save_pictures(targets, f"tile {tile.id} of {tileset.name}, rotation {args.rotation}")


def cmd_sheet(args: argparse.Namespace) -> int:
    import carcassonne.svg as svg

    if not args.output.lower().endswith((".svg", ".png")):
        _err(f"carcassonne tiles: {args.output}: the picture's name must end in .svg or .png")
        return 2
    sets = _sets(args)
    if _set_name(args.source, sets) not in sets and not Path(args.source).is_file():
        _err(
            f"carcassonne tiles: no tile set or file '{args.source}' "
            f"(installed sets: {', '.join(sets)})"
        )
        return 1
    source, owner = _source(args, args.source, sets)
    try:
        tileset = _load(args, source, owner)
    except TileSetError as err:
        _err(*(str(p) for p in err.problems))
        return 1
    kinds = _kinds(args, source, owner)
    picture = svg.tile_sheet(
        tileset, columns=max(1, args.columns), size=args.size, kinds=kinds, legend=args.legend
    )
    total = sum(t.count for t in tileset.tiles)
    return _save_pictures(
        [(args.output, picture)], f"{tileset.name}, {len(tileset.tiles)} tile types, {total} tiles"
    )


def cmd_fmt(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            changed = format_file(path, check=args.check, kinds=_kinds(args, path))
        except TileSetError as err:
            _err(*(str(p) for p in err.problems))
            status = 1
            continue
        if args.check:
            print(f"{path}: {'would be reformatted' if changed else 'ok'}")
            status = status or int(changed)
        else:
            print(f"{path}: {'reformatted' if changed else 'unchanged'}")
    return status
