"""The shipped tile files match the rules research: ids, counts, shields, gardens, editions, and
the geometry of tests/data/tile_geometry.json."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from carcassonne.geometry import CORNERS, HALVES, SIDES
from carcassonne.tileset.catalog import core_kinds, installed_tilesets
from carcassonne.tileset.loader import (
    format_file,
    load_tileset,
    parse_for_format,
    parse_tileset_text,
    write_tileset,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BASE = ROOT / "tiles" / "base.toml"
RIVER = ROOT / "expansions" / "river" / "carcassonne_river" / "tiles" / "river.toml"
AM = ROOT / "expansions" / "abbey_mayor" / "carcassonne_abbey_mayor" / "tiles" / "abbey_mayor.toml"
FILES = [BASE, RIVER, AM]

# tiles.md §1.1: id -> (letter, C1 count, C2 count, shields per tile)
BASE_TABLE = {
    "BA/LR": ("A", 2, 2, 0), "BA/L": ("B", 4, 4, 0), "BA/Cccc+": ("C", 1, 1, 1),
    "BA/RCr": ("D", 4, 4, 0), "BA/C": ("E", 5, 4, 0), "BA/CG": (None, 0, 1, 0),
    "BA/CFc+": ("F", 2, 2, 1), "BA/CFc.1": ("G", 1, 1, 0), "BA/CFC.2": ("H", 3, 2, 0),
    "BA/CFCG": (None, 0, 1, 0), "BA/CC.2": ("I", 2, 1, 0), "BA/CCG": (None, 0, 1, 0),
    "BA/CRr": ("J", 3, 3, 0), "BA/RrC": ("K", 3, 3, 0), "BA/CRRR": ("L", 3, 3, 0),
    "BA/Cc+": ("M", 2, 1, 1), "BA/Cc+G": (None, 0, 1, 1), "BA/Cc.1": ("N", 3, 2, 0),
    "BA/CcG": (None, 0, 1, 0), "BA/CcRr+": ("O", 2, 2, 1), "BA/CcRr": ("P", 3, 3, 0),
    "BA/Ccc+": ("Q", 1, 1, 1), "BA/Ccc": ("R", 3, 2, 0), "BA/CccG": (None, 0, 1, 0),
    "BA/CccR+": ("S", 2, 2, 1), "BA/CccR": ("T", 1, 1, 0), "BA/RFr": ("U", 8, 7, 0),
    "BA/RFrG": (None, 0, 1, 0), "BA/Rr": ("V", 9, 8, 0), "BA/RrG": (None, 0, 1, 0),
    "BA/RRR": ("W", 4, 4, 0), "BA/RRRR": ("X", 1, 1, 0),
}  # fmt: skip
RIVER_TABLE = {
    "RI/s": (1, 1), "RI.1/I.e": (1, 1), "RI.1/CICI": (1, 1), "RI.1/CIRI": (1, 1),
    "RI.1/LIRI": (1, 1), "RI.1/RIrI": (1, 1), "RI.1/IFI": (2, 2), "RI.1/CcII": (1, 1),
    "RI.1/RrII": (1, 1), "RI.1/II": (2, 1), "RI.1/IIG": (0, 1),
}  # fmt: skip
AM_TABLE = {
    "AM/C++": (1, 1, 2), "AM/CCcc+": (1, 1, 1), "AM/CCc+": (1, 1, 1), "AM/CCRR": (1, 1, 0),
    "AM/LRRRR": (1, 1, 0), "AM/RC": (1, 1, 0), "AM/CRr": (1, 1, 0), "AM/RrC": (1, 1, 0),
    "AM/C!+": (1, 1, 1), "AM/R": (1, 0, 0), "AM/RG": (0, 1, 0), "AM/Rrr": (1, 1, 0),
    "AM/CRcr+": (1, 1, 1), "AM/A": (1, 1, 0),
}  # fmt: skip


def counts(tileset):
    return {t.id: t.count for t in tileset.tiles}


def shields(tile):
    return sum(f.attr("shields") for f in tile.features)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("edition", ["C1", "C2", "C3"])
def test_every_shipped_file_loads(path, edition, all_kinds):
    tileset = load_tileset(path, all_kinds, edition=edition)
    assert tileset.tiles
    for tile in tileset.tiles:
        assert len(tile.rotations) == 4
        assert tile.count >= 1


def test_base_c2_counts_shields_gardens(all_kinds):
    tileset = load_tileset(BASE, all_kinds)
    assert counts(tileset) == {i: c2 for i, (_, _, c2, _) in BASE_TABLE.items()}
    assert sum(counts(tileset).values()) == 72
    by_id = tileset.by_id()
    for tid, (letter, _, _, sh) in BASE_TABLE.items():
        assert by_id[tid].alias == letter
        assert shields(by_id[tid]) == sh
    shield_tiles = [t for t in tileset.tiles for _ in range(t.count) if shields(t)]
    assert len(shield_tiles) == 10
    assert sum(shields(t) for t in shield_tiles) == 10
    gardens = [t for t in tileset.tiles if t.has("garden")]
    assert sorted(t.id for t in gardens) == sorted(
        ["BA/CG", "BA/CFCG", "BA/CCG", "BA/Cc+G", "BA/CcG", "BA/CccG", "BA/RFrG", "BA/RrG"]
    )
    assert all(t.count == 1 and t.edition == "C2" for t in gardens)
    assert [t.id for t in tileset.tiles if "start" in t.tags] == ["BA/RCr"]
    assert tileset.inert_kinds == {"garden"}


def test_base_c1_folds_gardens_into_plain_tiles(all_kinds):
    tileset = load_tileset(BASE, all_kinds, edition="C1")
    assert counts(tileset) == {i: c1 for i, (_, c1, _, _) in BASE_TABLE.items() if c1}
    assert sum(counts(tileset).values()) == 72
    assert not any(t.has("garden") for t in tileset.tiles)
    c = counts(tileset)
    assert (c["BA/C"], c["BA/RFr"], c["BA/Rr"], c["BA/CFC.2"]) == (5, 8, 9, 3)
    assert len(tileset.tiles) == 24
    assert load_tileset(BASE, all_kinds, edition="C3") == load_tileset(BASE, all_kinds)


def test_river_counts_and_tags(all_kinds):
    c2 = load_tileset(RIVER, all_kinds)
    c1 = load_tileset(RIVER, all_kinds, edition="C1")
    assert counts(c2) == {i: n for i, (_, n) in RIVER_TABLE.items() if n}
    assert counts(c1) == {i: n for i, (n, _) in RIVER_TABLE.items() if n}
    assert sum(counts(c2).values()) == sum(counts(c1).values()) == 12
    by_id = c2.by_id()
    assert by_id["RI/s"].tags == {"spring", "start"}
    assert by_id["RI.1/I.e"].tags == {"lake"}
    assert by_id["RI.1/IIG"].replaces == "RI.1/II"
    assert by_id["RI.1/RIrI"].edges == ("river", "road", "river", "road")


def test_abbey_mayor_counts_and_abbey_tile(all_kinds):
    c2 = load_tileset(AM, all_kinds)
    c1 = load_tileset(AM, all_kinds, edition="C1")
    assert counts(c2) == {i: n for i, (_, n, _) in AM_TABLE.items() if n}
    assert counts(c1) == {i: n for i, (n, _, _) in AM_TABLE.items() if n}
    land = [t for t in c2.tiles if "abbey" not in t.tags]
    assert sum(t.count for t in land) == 12
    assert sum(shields(t) for t in land) == 6
    for tid, (_, _, sh) in AM_TABLE.items():
        if tid in c2.by_id():
            assert shields(c2.by_id()[tid]) == sh
    abbey = c2.by_id()["AM/A"]
    assert abbey.tags == {"abbey"} and abbey.count == 1
    assert abbey.edges == ("abbey",) * 4
    assert abbey.has("monastery") and not abbey.has("field")
    assert abbey.note  # documents how abbeys are dealt out
    # The raw file keeps AM/R with count 0: AM/RG replaces it in C2.
    raw = {t.id: t for t in parse_for_format(AM.read_text(), str(AM), all_kinds).tiles}
    assert raw["AM/R"].count == 0 and raw["AM/RG"].replaces == "AM/R"


def test_garden_is_inert_without_the_plugin():
    tileset = load_tileset(BASE, core_kinds())
    tile = tileset.by_id()["BA/CG"]
    garden = [f for f in tile.features if f.kind == "garden"]
    assert len(garden) == 1 and garden[0].inert
    assert tile.edges == ("city", "field", "field", "field")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip_parse_write_parse(path, all_kinds):
    first = parse_for_format(path.read_text(), "x.toml", all_kinds)
    text = write_tileset(first)
    second = parse_for_format(text, "x.toml", all_kinds)
    assert _data(first) == _data(second)
    assert write_tileset(second) == text
    for edition in ("C1", "C2"):
        a = parse_tileset_text(path.read_text(), "a", all_kinds, edition=edition)
        b = parse_tileset_text(text, "a", all_kinds, edition=edition)
        assert _data(a) == _data(b)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shipped_files_are_canonical(path, all_kinds):
    assert format_file(path, check=True, kinds=all_kinds) is False


def test_installed_tilesets_has_base(all_kinds):
    sets = installed_tilesets()
    assert "base" in sets
    assert sum(t.count for t in load_tileset(sets["base"], all_kinds).tiles) == 72


def test_load_is_cached(all_kinds):
    assert load_tileset(BASE, all_kinds) is load_tileset(BASE, dict(all_kinds))


def _data(tileset):
    """Everything but source positions."""
    return [
        (
            t.id, t.count, t.alias, t.edition, t.replaces, t.tags, t.description, t.note,
            [(f.kind, f.sides, f.halves, f.inner, dict(f.attrs), f.borders, f.inert)
             for f in t.features],
            t.rotations,
        )
        for t in tileset.tiles
    ] + [tileset.name, tileset.description, tileset.inert_kinds, tileset.note]  # fmt: skip


# -- cross-check against the reference geometry (tests/data/tile_geometry.json) ------------------

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "tile_geometry.json"


def _reference():
    """Per tile id: edges, cities ``(name, sides, shields)``, roads (sides), fields ``(half-edges
    and pockets, cities touched, corners)``."""
    tiles = json.loads(REFERENCE.read_text(encoding="utf-8"))["tiles"]
    return {
        tid: {
            "edges": tuple(info["edges"]),
            "cities": [(c["name"], frozenset(c["sides"]), c["shields"]) for c in info["cities"]],
            "roads": [frozenset(sides) for sides in info["roads"]],
            "fields": [
                (frozenset(f["halves"]), frozenset(f["cities"]), frozenset(f["corners"]))
                for f in info["fields"]
            ],
        }
        for tid, info in tiles.items()
    }


def test_geometry_matches_the_reference(all_kinds):
    ref = _reference()
    seen = 0
    for path in FILES:
        for tile in load_tileset(path, all_kinds, edition=None).tiles:
            if tile.id not in ref:
                continue
            info = ref[tile.id]
            seen += 1
            assert tile.edges == info["edges"], tile.id
            view = tile.rotations[0]
            cities = {}
            for name, sides, sh in info["cities"]:
                idx = view.by_location[min(sides, key=SIDES.index)]
                assert {SIDES[s] for s in view.features[idx].sides} == sides, tile.id
                assert view.features[idx].attrs.get("shields", 0) == sh
                cities[name] = idx
            roads = {
                frozenset(SIDES[s] for s in f.sides) for f in view.features if f.kind == "road"
            }
            assert roads == set(info["roads"]), tile.id
            fields = set()
            for f in view.features:
                if f.kind == "field":
                    fields.add(
                        (
                            frozenset([HALVES[h] for h in f.halves] + list(f.inner)),
                            frozenset(n for n, i in cities.items() if i in f.borders),
                            frozenset(CORNERS[c] for c in f.corners),
                        )
                    )
            assert fields == set(info["fields"]), tile.id
    assert seen == len(BASE_TABLE) + len(RIVER_TABLE) + len(AM_TABLE) - 1  # AM/A has no edges
    assert Counter(t.alias for t in load_tileset(BASE, all_kinds).tiles if t.alias)
