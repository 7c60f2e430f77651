"""The checks of a tile's ``features`` string: the edge notation parsed, every feature's kind,
locations and attributes checked, the tile's geometry (sides, half-edges, pockets) checked as a
whole, and the :class:`~carcassonne.tileset.model.FeatureDef` values built.

Part of the loader (:mod:`carcassonne.tileset.loader`): the layer above
:mod:`carcassonne.tileset.tile_checks`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from carcassonne.geometry import CORNERS, HALVES, SIDES
from carcassonne.tileset.model import FeatureDef, FeatureKind
from carcassonne.tileset.notation import (
    INNER,
    LOCATION_WORDS,
    RawFeature,
    location_type,
    parse_notation,
)
from carcassonne.tileset.tile_checks import _TableChecks, _Tile
from carcassonne.tileset.toml_positions import _string_offsets

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


class _Checker(_TableChecks):
    """Every check of one file (its tables, then each tile's features)."""

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

        # Shared sides ("shares N"): another feature of the same kind covers each of them.
        for i, raw in enumerate(raws):
            for side, off in defs[i]["shared"]:
                sharer = side_owner.get(side)
                name = SIDES[side]
                if sharer is None:
                    if not broken:
                        self.add(
                            at(off),
                            label,
                            f"side {name} is shared, but no feature of this tile covers it: "
                            f"list it among this {raw.kind}'s sides instead",
                        )
                elif raws[sharer[0]].kind != raw.kind:
                    self.add(
                        at(off),
                        label,
                        f"side {name} is covered by the {raws[sharer[0]].kind}: a {raw.kind} "
                        f"shares a side only with another {raw.kind}",
                    )

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
                    shared=tuple(sorted(s for s, _ in d["shared"])),
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
            "sides": [], "halves": [], "inner": [], "shared": [], "attrs": {}, "borders": (),
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
        for name, off in raw.shared:
            if location_type(name) != "side":
                self.add(at(off), label, f"only sides (N E S W) are shared, found '{name}'")
            elif name in seen:
                self.add(at(off), label, f"side {name} is listed twice")
            elif kind is not None and not _city_like(kind):
                self.add(
                    at(off),
                    label,
                    f"a {kind.name} cannot share a side: only a city-like feature (no banks, "
                    "no wildcard) can",
                )
            else:
                seen.add(name)
                d["shared"].append((SIDES.index(name), off))
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
