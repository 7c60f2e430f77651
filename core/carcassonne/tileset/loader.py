"""Load, validate and write tile-set files (TOML with the edge notation of docs/tiles.md).

``load_tileset`` / ``parse_tileset_text`` check everything a file can get wrong and report all
problems of a file at once (:class:`~carcassonne.tileset.errors.TileSetError`), each with the
line and column in the TOML file. The result is an immutable :class:`TileSet` with every
rotation precomputed; loaded sets are cached, so games never parse twice.

The loader is split in modules, each importing only the ones below it:
:mod:`~carcassonne.tileset.toml_positions` (where tables and keys are in the text),
:mod:`~carcassonne.tileset.tile_checks` (the ``[set]`` and ``[[tile]]`` tables),
:mod:`~carcassonne.tileset.feature_checks` (the edge notation, the features built),
:mod:`~carcassonne.tileset.set_checks` (a whole file: the checks across the set, the
:class:`TileSet` built), and this module: the public entry points, the cache and writing.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from os import PathLike
from typing import Any, Protocol

import tomli_w

from carcassonne.files import FileError, read_text, write_atomic
from carcassonne.tileset.catalog import installed_kinds
from carcassonne.tileset.errors import TileProblem, TileSetError
from carcassonne.tileset.model import FeatureDef, FeatureKind, TileSet
from carcassonne.tileset.notation import canonical_locations
from carcassonne.tileset.set_checks import _parse
from carcassonne.tileset.tile_checks import EDITIONS as EDITIONS
from carcassonne.tileset.tile_checks import SET_KEYS as SET_KEYS
from carcassonne.tileset.tile_checks import TILE_KEYS as TILE_KEYS
from carcassonne.tileset.tile_checks import normalise_edition as normalise_edition

#: First line of every file written by :func:`write_tileset`.
HEADER_COMMENT = (
    "# Carcassonne tile set: format in docs/tiles.md. Canonical form: `carcassonne tiles fmt`\n"
    "# (comments outside the data are not kept: use `note` keys).\n"
)


class Readable(Protocol):
    def read_text(self, encoding: str = ...) -> str: ...


Source = str | PathLike[str] | Readable


@functools.lru_cache(maxsize=64)
def _parse_cached(
    text: str,
    filename: str,
    kinds: tuple[tuple[str, FeatureKind], ...],
    edition: str | None,
    providers: tuple[tuple[str, str], ...],
    lenient: bool,
) -> TileSet:
    return _parse(text, filename, dict(kinds), edition, dict(providers), lenient)


def parse_tileset_text(
    text: str,
    filename: str,
    kinds: Mapping[str, FeatureKind],
    *,
    edition: str | None = "C2",
    providers: Mapping[str, str] | None = None,
) -> TileSet:
    """Parse and check the text of a tile-set file.

    ``edition`` "C2" (= "C3", the default) keeps C2 variants; "C1" folds each C2 variant's
    copies into the tile it replaces; None keeps the file as written (variants and count-0
    tiles, for tools). Raises :class:`TileSetError` listing every problem of the file.
    """
    return _parse_cached(
        text,
        filename,
        tuple(sorted(kinds.items())),
        edition,
        tuple(sorted((providers or {}).items())),
        False,
    )


def read_source(source: Source) -> tuple[str, str]:
    """(text, name) of a path or an importlib.resources Traversable; a file that cannot be
    read raises :class:`TileSetError`."""
    name = str(source)
    try:
        if isinstance(source, str | PathLike):
            text = read_text(source)
        else:  # an importlib.resources Traversable
            text = source.read_text(encoding="utf-8")
    except FileError as err:
        problem = TileProblem(name, err.line, err.column, None, err.reason)
        raise TileSetError([problem]) from None
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        problem = TileProblem(name, 0, 0, None, f"cannot read the file: {reason}")
        raise TileSetError([problem]) from None
    return text, name


def load_tileset(
    source: Source,
    kinds: Mapping[str, FeatureKind],
    *,
    edition: str | None = "C2",
    providers: Mapping[str, str] | None = None,
) -> TileSet:
    """Load a tile-set file (a path or an importlib.resources Traversable); see
    :func:`parse_tileset_text`. Results are cached by content, kinds, edition and providers."""
    text, name = read_source(source)
    return parse_tileset_text(text, name, kinds, edition=edition, providers=providers)


# --------------------------------------------------------------------------------------------
# Writing.


def format_feature(f: FeatureDef, features: tuple[FeatureDef, ...]) -> str:
    """One feature in canonical notation: kind, locations (N E S W, then half-edges clockwise
    from NL, then I II), ``shares`` and the sides it shares, attributes by name, then ``->``
    and one location per bordered feature."""
    parts = [f.kind, *canonical_locations(f.sides, f.halves, f.inner)]
    if f.shared:
        parts += ["shares", *canonical_locations(f.shared, (), ())]
    parts += [f"{k}={v}" for k, v in sorted(f.attrs.items())]
    if f.borders:
        parts.append("->")
        for j in f.borders:
            t = features[j]
            parts.append(canonical_locations(t.sides, t.halves, t.inner)[0])
    return " ".join(parts)


def write_tileset(tileset: TileSet) -> str:
    """The canonical TOML text of a tile set (parse -> write -> parse gives equal data)."""
    head: dict[str, Any] = {"name": tileset.name}
    if tileset.description:
        head["description"] = tileset.description
    if tileset.inert_kinds:
        head["inert_kinds"] = sorted(tileset.inert_kinds)
    if tileset.note:
        head["note"] = tileset.note
    tiles = []
    for t in tileset.tiles:
        d: dict[str, Any] = {"id": t.id}
        if t.alias is not None:
            d["alias"] = t.alias
        d["count"] = t.count
        if t.edition is not None:
            d["edition"] = t.edition
        if t.replaces is not None:
            d["replaces"] = t.replaces
        if t.tags:
            d["tags"] = sorted(t.tags)
        if t.description:
            d["description"] = t.description
        if t.note:
            d["note"] = t.note
        d["features"] = "".join(format_feature(f, t.features) + "\n" for f in t.features)
        tiles.append(d)
    body = tomli_w.dumps({"set": head, "tile": tiles}, multiline_strings=True)
    return HEADER_COMMENT + "\n" + body


def parse_for_format(
    text: str, filename: str, kinds: Mapping[str, FeatureKind] | None = None
) -> TileSet:
    """Parse a file as written (no edition folding), treating kinds missing from ``kinds`` as
    inert, so that a file of an expansion that is not installed can still be formatted."""
    return _parse_cached(text, filename, tuple(sorted((kinds or {}).items())), None, (), True)


def format_file(
    path: str | PathLike[str], check: bool = False, kinds: Mapping[str, FeatureKind] | None = None
) -> bool:
    """Rewrite ``path`` in canonical form. Returns whether the file was (``check``: would be)
    changed; with ``check`` the file is never written. Raises :class:`TileSetError`."""
    if kinds is None:
        kinds = installed_kinds()
    text, name = read_source(path)
    out = write_tileset(replace(parse_for_format(text, name, kinds), path=name))
    if out == text:
        return False
    if not check:
        try:
            write_atomic(path, out)
        except FileError as err:
            raise TileSetError([TileProblem(name, 0, 0, None, err.reason)]) from None
    return True
