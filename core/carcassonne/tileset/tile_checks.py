"""The checks of a tile-set file's tables: the ``[set]`` header and each ``[[tile]]``'s keys
(the features string is checked by :mod:`carcassonne.tileset.feature_checks`), with the keys
and editions a file may use.

Part of the loader (:mod:`carcassonne.tileset.loader`): the layer above
:mod:`carcassonne.tileset.toml_positions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carcassonne.tileset.errors import TileProblem
from carcassonne.tileset.model import FeatureDef, FeatureKind
from carcassonne.tileset.toml_positions import _scan, _Table

EDITIONS: tuple[str, ...] = ("C1", "C2", "C3")
SET_KEYS: tuple[str, ...] = ("name", "description", "inert_kinds", "note")
TILE_KEYS: tuple[str, ...] = (
    "id", "alias", "count", "edition", "replaces", "tags", "description", "note", "features",
)  # fmt: skip


def normalise_edition(edition: str) -> str:
    """C3 tiles are the C2 tiles (tiles.md): both load as ``"C2"``."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
    return "C2" if edition == "C3" else edition


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


class _TableChecks:
    """The problems of one file, found table by table (the features string aside)."""

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

    if TYPE_CHECKING:
        # defined by the layer above (feature_checks._Checker), called by tile(): declared
        # here for the type checker only
        def features(self, tile: _Tile, text: str) -> tuple[FeatureDef, ...]: ...

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
