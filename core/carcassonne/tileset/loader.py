"""Load, validate and write tile-set files (TOML with the edge notation of docs/tiles.md).

``load_tileset`` / ``parse_tileset_text`` check everything a file can get wrong and report all
problems of a file at once (:class:`~carcassonne.tileset.errors.TileSetError`), each with the
line and column in the TOML file. The result is an immutable :class:`TileSet` with every
rotation precomputed; loaded sets are cached, so games never parse twice.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from os import PathLike
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

import tomli_w

from carcassonne.files import FileError, read_text, write_atomic
from carcassonne.geometry import CORNERS, HALVES, SIDES
from carcassonne.tileset.catalog import installed_kinds
from carcassonne.tileset.errors import TileProblem, TileSetError
from carcassonne.tileset.model import FeatureDef, FeatureKind, TileSet, TileType, rotate_tile
from carcassonne.tileset.notation import (
    INNER,
    LOCATION_WORDS,
    RawFeature,
    canonical_locations,
    location_type,
    parse_notation,
)
from carcassonne.toml_input import InputProblem, load_toml

EDITIONS: tuple[str, ...] = ("C1", "C2", "C3")
SET_KEYS: tuple[str, ...] = ("name", "description", "inert_kinds", "note")
TILE_KEYS: tuple[str, ...] = (
    "id", "alias", "count", "edition", "replaces", "tags", "description", "note", "features",
)  # fmt: skip
#: First line of every file written by :func:`write_tileset`.
HEADER_COMMENT = (
    "# Carcassonne tile set: format in docs/tiles.md. Canonical form: `carcassonne tiles fmt`\n"
    "# (comments outside the data are not kept: use `note` keys).\n"
)


class Readable(Protocol):
    def read_text(self, encoding: str = ...) -> str: ...


Source = str | PathLike[str] | Readable


def normalise_edition(edition: str) -> str:
    """C3 tiles are the C2 tiles (tiles.md): both load as ``"C2"``."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
    return "C2" if edition == "C3" else edition


# --------------------------------------------------------------------------------------------
# Positions in the raw TOML text (tomllib gives none).


@dataclass
class _Table:
    line: int
    column: int
    #: key -> (line, column, absolute offset of the value)
    keys: dict[str, tuple[int, int, int]] = field(default_factory=dict)


@dataclass
class _Positions:
    text: str
    line_starts: list[int]
    root: _Table
    set_table: _Table | None
    tiles: list[_Table]
    others: list[tuple[str, int, int]]  # unexpected table headers: (name, line, column)

    def linecol(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:  # last line start <= offset
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.line_starts[lo] + 1


_HEADER_RE = re.compile(r"\s*(\[\[?)\s*([A-Za-z0-9_.\"-]+)\s*\]\]?")
# a key, possibly dotted (``features.x = ...``): located by its first part
_KEY_RE = re.compile(
    r"\s*([A-Za-z0-9_-]+)(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*'))*\s*=\s*"
)


def _string_end(text: str, start: int, delim: str) -> int:
    """Offset just after the string that opens at ``start`` with ``delim``."""
    i = start + len(delim)
    basic = delim[0] == '"'
    while i < len(text):
        if basic and text[i] == "\\":
            i += 2
            continue
        if text.startswith(delim, i):
            j = i + len(delim)
            while j < len(text) and text[j] == delim[0] and j - i < len(delim) + 2:
                j += 1
            return j
        if len(delim) == 1 and text[i] == "\n":
            return i
        i += 1
    return len(text)


def _scan(text: str) -> _Positions:
    line_starts = [0]
    for m in re.finditer("\n", text):
        line_starts.append(m.end())
    root = _Table(1, 1)
    pos = _Positions(text, line_starts, root, None, [], [])
    current: _Table | None = root
    offset = 0
    lineno = 0
    while offset < len(text):
        lineno = pos.linecol(offset)[0]
        end = text.find("\n", offset)
        end = len(text) if end < 0 else end
        line = text[offset:end]
        next_offset = end + 1
        header = _HEADER_RE.match(line)
        key = _KEY_RE.match(line)
        if header and not key:
            name = header.group(2)
            column = header.start(1) + 1
            table = _Table(lineno, column)
            if header.group(1) == "[[" and name == "tile":
                pos.tiles.append(table)
            elif header.group(1) == "[" and name == "set":
                pos.set_table = table
            else:
                pos.others.append((name, lineno, column))
            current = table
        elif key and current is not None:
            value = offset + key.end()
            current.keys.setdefault(key.group(1), (lineno, key.start(1) + 1, value))
            for delim in ('"""', "'''", '"', "'"):
                if text.startswith(delim, value):
                    string_end = _string_end(text, value, delim)
                    if string_end > end:  # a multi-line string: go on after its last line
                        nl = text.find("\n", string_end)
                        next_offset = len(text) if nl < 0 else nl + 1
                    break
        offset = next_offset
    return pos


_ESCAPES = {"b": 1, "t": 1, "n": 1, "f": 1, "r": 1, '"': 1, "\\": 1, "u": 5, "U": 9}


def _string_offsets(text: str, value: int, decoded: str) -> list[int] | None:
    """Absolute offset in ``text`` of each character of the TOML string that starts at
    ``value`` (plus one for the end), or None if it cannot be mapped exactly."""
    out: list[int] = []
    for delim in ('"""', "'''", '"', "'"):
        if text.startswith(delim, value):
            break
    else:
        return None
    basic = delim[0] == '"'
    i = value + len(delim)
    if len(delim) == 3:
        if text.startswith("\r\n", i):
            i += 2
        elif text.startswith("\n", i):
            i += 1
    while i < len(text):
        ch = text[i]
        if text.startswith(delim, i):
            extra = 0
            while text.startswith(delim[0], i + len(delim) + extra) and extra < 2:
                extra += 1
            out.extend(range(i, i + extra))
            out.append(i + extra)
            break
        if basic and ch == "\\":
            nxt = text[i + 1 : i + 2]
            if len(delim) == 3 and nxt in (" ", "\t", "\r", "\n"):
                j = i + 1
                while j < len(text) and text[j] in " \t\r\n":
                    j += 1
                i = j
                continue
            out.append(i)
            i += 1 + _ESCAPES.get(nxt, 1)
            continue
        if ch == "\r" and text.startswith("\r\n", i):
            out.append(i)
            i += 2
            continue
        out.append(i)
        i += 1
    if len(out) != len(decoded) + 1:
        return None
    return out


# --------------------------------------------------------------------------------------------
# Parsing and validation.


@dataclass
class _Tile:
    index: int
    table: _Table
    data: dict[str, Any]
    label: str  # id, or "#n" when the id is missing
    id: str | None = None
    count: int | None = None
    alias: str | None = None
    edition: str | None = None
    replaces: str | None = None
    features: tuple[FeatureDef, ...] = ()


class _Checker:
    def __init__(
        self,
        text: str,
        filename: str,
        kinds: Mapping[str, FeatureKind],
        providers: Mapping[str, str],
        lenient: bool,
    ):
        self.text = text
        self.file = filename
        self.kinds = kinds
        self.providers = providers
        self.lenient = lenient
        self.problems: list[TileProblem] = []
        self.pos = _scan(text)
        self.inert_kinds: frozenset[str] = frozenset()

    def add(self, where: tuple[int, int], tile: str | None, message: str) -> None:
        self.problems.append(TileProblem(self.file, where[0], where[1], tile, message))

    def key_pos(self, table: _Table, key: str) -> tuple[int, int]:
        if key in table.keys:
            line, column, _ = table.keys[key]
            return line, column
        return table.line, table.column

    # -- the header --------------------------------------------------------------------------

    def header(self, doc: dict[str, Any]) -> tuple[str, str, str]:
        for key in doc:
            if key not in ("set", "tile"):
                where = self.key_pos(self.pos.root, key)
                for name, line, column in self.pos.others:
                    if name == key:
                        where = (line, column)
                self.add(where, None, f"unknown table '{key}' (a tile set has [set] and [[tile]])")
        table = self.pos.set_table or _Table(*self.key_pos(self.pos.root, "set"))
        head = doc.get("set", {})
        if not isinstance(head, dict):
            self.add(self.key_pos(self.pos.root, "set"), None, "'set' must be a table: [set]")
            head = {}
        for key in head:
            if key not in SET_KEYS:
                self.add(
                    self.key_pos(table, key),
                    None,
                    f"unknown key '{key}' in [set] (known keys: {', '.join(SET_KEYS)})",
                )
        name = self.string(head, "name", table, None) or Path(self.file).stem
        description = self.string(head, "description", table, None) or ""
        note = self.string(head, "note", table, None) or ""
        inert = head.get("inert_kinds", [])
        if not isinstance(inert, list) or not all(isinstance(k, str) for k in inert):
            self.add(
                self.key_pos(table, "inert_kinds"), None, "inert_kinds must be a list of strings"
            )
            inert = []
        self.inert_kinds = frozenset(inert)
        return name, description, note

    def string(self, data: dict[str, Any], key: str, table: _Table, tile: str | None) -> str | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.add(self.key_pos(table, key), tile, f"'{key}' must be a string")
            return None
        return value

    # -- one tile ----------------------------------------------------------------------------

    def tile(self, index: int, data: Any, table: _Table) -> _Tile | None:
        if not isinstance(data, dict):  # pragma: no cover - [[tile]] always gives tables
            self.add((table.line, table.column), f"#{index + 1}", "a tile must be a table")
            return None
        raw_id = data.get("id")
        label = raw_id if isinstance(raw_id, str) and raw_id else f"#{index + 1}"
        tile = _Tile(index, table, data, label)
        for key in data:
            if key not in TILE_KEYS:
                self.add(
                    self.key_pos(table, key),
                    label,
                    f"unknown key '{key}' (known keys: {', '.join(TILE_KEYS)})",
                )
        if raw_id is None:
            self.add((table.line, table.column), label, "missing key 'id'")
        elif not isinstance(raw_id, str) or not raw_id.strip():
            self.add(self.key_pos(table, "id"), label, "'id' must be a non-empty string")
        else:
            tile.id = raw_id
        count = data.get("count")
        if count is None:
            self.add((table.line, table.column), label, "missing key 'count'")
        elif not isinstance(count, int) or isinstance(count, bool):
            self.add(self.key_pos(table, "count"), label, "'count' must be a whole number")
        else:
            tile.count = count
        tile.alias = self.string(data, "alias", table, label)
        description = self.string(data, "description", table, label)
        if description is not None and "\n" in description:
            self.add(self.key_pos(table, "description"), label, "description must be one line")
        self.string(data, "note", table, label)
        edition = self.string(data, "edition", table, label)
        if edition is not None and edition not in EDITIONS:
            self.add(
                self.key_pos(table, "edition"),
                label,
                f"unknown edition '{edition}' (known: {', '.join(EDITIONS)})",
            )
        else:
            tile.edition = edition
        tile.replaces = self.string(data, "replaces", table, label)
        if tile.replaces is not None and "edition" not in data:
            self.add(
                self.key_pos(table, "replaces"),
                label,
                "'replaces' needs 'edition' (the edition that has this variant)",
            )
        tags = data.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            self.add(self.key_pos(table, "tags"), label, "'tags' must be a list of strings")
        features = data.get("features")
        if features is None:
            self.add((table.line, table.column), label, "missing key 'features'")
        elif not isinstance(features, str):
            self.add(self.key_pos(table, "features"), label, "'features' must be a string")
        else:
            tile.features = self.features(tile, features)
        return tile

    def features(self, tile: _Tile, text: str) -> tuple[FeatureDef, ...]:
        label = tile.label
        line, column, value = tile.table.keys.get("features", (tile.table.line, 1, -1))
        offsets = _string_offsets(self.text, value, text) if value >= 0 else None

        def at(off: int) -> tuple[int, int]:
            if offsets is None:
                return line, column
            return self.pos.linecol(offsets[min(max(off, 0), len(offsets) - 1)])

        before = len(self.problems)
        kind_names = sorted(self.kinds)
        raws, syntax = parse_notation(text, kind_names)
        for off, message in syntax:
            self.add(at(off), label, message)
        broken = bool(syntax)

        defs: list[dict[str, Any]] = []
        side_owner: dict[int, tuple[int, int]] = {}  # side -> (feature index, offset)
        half_owner: dict[int, tuple[int, int]] = {}
        inner_owner: dict[str, tuple[int, int]] = {}
        for i, raw in enumerate(raws):
            d, unknown = self.feature(raw, label, at)
            broken = broken or unknown
            defs.append(d)
            for kind_of, owners in (("side", side_owner), ("half", half_owner)):
                for value_, off in d["sides" if kind_of == "side" else "halves"]:
                    if value_ in owners:
                        first = raws[owners[value_][0]]
                        name = SIDES[value_] if kind_of == "side" else HALVES[value_]
                        word = "side" if kind_of == "side" else "half-edge"
                        self.add(
                            at(off),
                            label,
                            f"{word} {name} is already used by the {first.kind} on line "
                            f"{at(first.offset)[0]}",
                        )
                    else:
                        owners[value_] = (i, off)
            for name, off in d["inner"]:
                if name in inner_owner:
                    first = raws[inner_owner[name][0]]
                    self.add(
                        at(off),
                        label,
                        f"inner pocket {name} is already used by the {first.kind} on line "
                        f"{at(first.offset)[0]}",
                    )
                else:
                    inner_owner[name] = (i, off)

        # Borders ("-> N"): resolve each location to the feature that lies there.
        for i, raw in enumerate(raws):
            kind = self.kinds.get(raw.kind)
            if raw.borders and kind is not None and not kind.borders:
                self.add(
                    at(raw.borders[0][1]),
                    label,
                    f"a {raw.kind} cannot border other features ('->' is for kinds such as field)",
                )
                continue
            targets: list[int] = []
            for name, off in raw.borders:
                where = location_type(name)
                owner: tuple[int, int] | None = None
                if where is None:
                    self.add(
                        at(off), label, f"unknown location '{name}': expected {LOCATION_WORDS}"
                    )
                    continue
                if where == "side":
                    owner = side_owner.get(SIDES.index(name))
                elif where == "half":
                    owner = half_owner.get(HALVES.index(name))
                else:
                    owner = inner_owner.get(name)
                if owner is None:
                    if not broken:  # not a consequence of a line that did not parse
                        self.add(at(off), label, f"no feature of this tile lies at {name}")
                    continue
                j = owner[0]
                if j == i:
                    self.add(at(off), label, f"a feature cannot border itself ({name})")
                    continue
                target = self.kinds.get(raws[j].kind)
                if target is not None and not _city_like(target):
                    self.add(
                        at(off),
                        label,
                        f"a {raw.kind} can only border a city-like feature, but {name} is "
                        f"covered by the {raws[j].kind}",
                    )
                    continue
                if j not in targets:
                    targets.append(j)
                    defs[i]["border_offsets"].append((j, name, off))
            defs[i]["borders"] = tuple(sorted(targets))

        if not broken and len(self.problems) == before:
            self.geometry(raws, defs, side_owner, half_owner, label, at, (line, column))

        out = []
        for raw, d in zip(raws, defs, strict=True):
            out.append(
                FeatureDef(
                    kind=raw.kind,
                    sides=tuple(sorted(s for s, _ in d["sides"])),
                    halves=tuple(sorted(h for h, _ in d["halves"])),
                    inner=tuple(n for n in INNER if n in {x for x, _ in d["inner"]}),
                    attrs=MappingProxyType(dict(sorted(d["attrs"].items()))),
                    borders=d["borders"],
                    pos=at(raw.offset),
                    inert=d["inert"],
                )
            )
        return tuple(out)

    def feature(self, raw: RawFeature, label: str, at: Any) -> tuple[dict[str, Any], bool]:
        """Check one feature's kind, locations and attributes. Returns its parts and whether
        its kind is unknown."""
        d: dict[str, Any] = {
            "sides": [], "halves": [], "inner": [], "attrs": {}, "borders": (),
            "border_offsets": [], "inert": False,
        }  # fmt: skip
        kind = self.kinds.get(raw.kind)
        unknown = False
        if kind is None:
            if raw.kind in self.inert_kinds or self.lenient:
                d["inert"] = True
            else:
                unknown = True
                d["inert"] = True
                self.add(at(raw.offset), label, self.unknown_kind(raw.kind))
        seen: set[str] = set()
        for name, off in raw.locations:
            where = location_type(name)
            if where is None:
                self.add(at(off), label, f"unknown location '{name}': expected {LOCATION_WORDS}")
                continue
            if name in seen:
                self.add(at(off), label, f"{_LOC_WORD[where]} {name} is listed twice")
                continue
            seen.add(name)
            if kind is not None:
                problem = _shape_problem(kind, where, name)
                if problem:
                    self.add(at(off), label, problem)
                    continue
            if where == "side":
                d["sides"].append((SIDES.index(name), off))
            elif where == "half":
                d["halves"].append((HALVES.index(name), off))
            else:
                d["inner"].append((name, off))
        if kind is not None and not raw.locations:
            if kind.placement == "sides":
                self.add(at(raw.offset), label, f"a {kind.name} needs at least one side (N E S W)")
            elif kind.placement == "halves":
                self.add(
                    at(raw.offset),
                    label,
                    f"a {kind.name} needs at least one half-edge (NL NR EL ER SL SR WL WR) or "
                    "inner pocket (I II)",
                )
        for name, value, off in raw.attrs:
            if name in d["attrs"]:
                self.add(at(off), label, f"attribute '{name}' is given twice")
            elif kind is not None and name not in kind.attributes:
                has = ", ".join(sorted(kind.attributes)) or "none"
                self.add(
                    at(off),
                    label,
                    f"a {kind.name} has no attribute '{name}' (its attributes: {has})",
                )
            else:
                d["attrs"][name] = value
        return d, unknown

    def unknown_kind(self, name: str) -> str:
        provider = self.providers.get(name)
        if provider:
            return (
                f"feature kind '{name}' is provided by the expansion '{provider}', "
                "which is not active"
            )
        known = ", ".join(sorted(self.kinds)) or "none"
        return f"unknown feature kind '{name}' (known kinds: {known})"

    def geometry(
        self,
        raws: list[RawFeature],
        defs: list[dict[str, Any]],
        side_owner: dict[int, tuple[int, int]],
        half_owner: dict[int, tuple[int, int]],
        label: str,
        at: Any,
        features_pos: tuple[int, int],
    ) -> None:
        """Edges and fields fit together; fields border only cities they can touch."""
        kinds = [
            None if d["inert"] else self.kinds.get(r.kind) for r, d in zip(raws, defs, strict=True)
        ]

        def is_field(i: int) -> bool:
            k = kinds[i]
            return k is not None and k.placement == "halves"

        for side, name in enumerate(SIDES):
            halves = (2 * side, 2 * side + 1)
            owner = side_owner.get(side)
            kind = kinds[owner[0]] if owner else None
            if owner is not None and kind is None:
                continue  # inert decoration: no edge
            if owner is None or kind is not None and kind.banks:
                missing = [HALVES[h] for h in halves if not (h in half_owner and is_field(
                    half_owner[h][0]))]  # fmt: skip
                if not missing:
                    continue
                pair = f"{HALVES[halves[0]]} and {HALVES[halves[1]]}"
                if owner is None:
                    self.add(
                        features_pos,
                        label,
                        f"side {name} has no edge feature, so it is a field side: both its "
                        f"halves {pair} need a field (missing: {' '.join(missing)})",
                    )
                else:
                    off = next(o for s, o in defs[owner[0]]["sides"] if s == side)
                    assert kind is not None
                    self.add(
                        at(off),
                        label,
                        f"side {name} is a {kind.name} side: both its halves {pair} need a "
                        f"field, one on each bank (missing: {' '.join(missing)})",
                    )
            else:
                assert kind is not None
                for h in halves:
                    if h in half_owner and is_field(half_owner[h][0]):
                        self.add(
                            at(half_owner[h][1]),
                            label,
                            f"half-edge {HALVES[h]} lies on side {name}, which the {kind.name} "
                            f"covers: a field may only lie along a field, road or river side",
                        )

        # Through-running roads and rivers split the tile: a field cannot border a city on the
        # other side of one.
        chords = [
            (i, tuple(s for s, _ in d["sides"]))
            for i, (d, kind) in enumerate(zip(defs, kinds, strict=True))
            if kind is not None and kind.banks and len(d["sides"]) >= 2
        ]
        for i, d in enumerate(defs):
            if not is_field(i):
                continue
            halves_i = [h for h, _ in d["halves"]]
            for j, name, off in d["border_offsets"]:
                city_halves = [h for s, _ in defs[j]["sides"] for h in (2 * s, 2 * s + 1)]
                if not halves_i or not city_halves:
                    continue
                for c, sides in chords:
                    if not {_arc(h, sides) for h in halves_i} & {
                        _arc(h, sides) for h in city_halves
                    }:
                        self.add(
                            at(off),
                            label,
                            f"the {raws[i].kind} cannot border the {raws[j].kind} at {name}: "
                            f"the {raws[c].kind} {' '.join(SIDES[s] for s in sides)} runs "
                            "between them",
                        )
                        break
            # A field half-edge next to a corner of a city side touches that city.
            reported: set[int] = set()
            for h in halves_i:
                side = h // 2
                corner = side if h % 2 == 0 else (side + 1) % 4
                other = (side - 1) % 4 if h % 2 == 0 else (side + 1) % 4
                owner = side_owner.get(other)
                if owner is None or owner[0] in reported:
                    continue
                k = kinds[owner[0]]
                if k is None or not _city_like(k) or owner[0] in d["borders"]:
                    continue
                reported.add(owner[0])
                self.add(
                    at(raws[i].offset),
                    label,
                    f"the {raws[i].kind} at {HALVES[h]} touches the {k.name} at {SIDES[other]} "
                    f"(corner {CORNERS[corner]}) but does not border it: add '-> {SIDES[other]}'",
                )


_LOC_WORD = {"side": "side", "half": "half-edge", "inner": "inner pocket"}


def _city_like(kind: FeatureKind) -> bool:
    return kind.placement == "sides" and not kind.banks and not kind.wildcard


def _shape_problem(kind: FeatureKind, where: str, name: str) -> str | None:
    word = _LOC_WORD[where]
    if kind.placement == "sides" and where != "side":
        return f"a {kind.name} is located by sides (N E S W), not by the {word} '{name}'"
    if kind.placement == "halves" and where == "side":
        return (
            f"a {kind.name} is located by half-edges (NL NR EL ER SL SR WL WR) or inner "
            f"pockets (I II), not by the side '{name}'"
        )
    if kind.placement == "center":
        return f"a {kind.name} sits in the centre of the tile and takes no location, found '{name}'"
    return None


def _arc(half: int, sides: tuple[int, ...]) -> int:
    """Which part of the tile ``half`` lies in when a road or river runs through ``sides``:
    the through-feature cuts the edge at the middle of each of its sides."""
    # Part k runs clockwise from the right half of sides[k] to the left half of sides[k + 1].
    for k, s in enumerate(sides):
        nxt = sides[(k + 1) % len(sides)]
        start = 2 * s + 1
        length = (2 * nxt - start) % 8 + 1
        if (half - start) % 8 < length:
            return k
    return -1  # pragma: no cover - halves of the through-feature's own sides are in a part


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
    from NL, then I II), attributes by name, then ``->`` and one location per bordered feature."""
    parts = [f.kind, *canonical_locations(f.sides, f.halves, f.inner)]
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
