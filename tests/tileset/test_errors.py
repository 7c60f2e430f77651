"""Every validation problem: file, line, column, tile and the exact message."""

from __future__ import annotations

import pytest

from carcassonne.tileset.catalog import core_kinds
from carcassonne.tileset.errors import TileProblem, TileSetError
from carcassonne.tileset.loader import load_tileset, parse_tileset_text

LOC = "expected a side (N E S W), a half-edge (NL NR EL ER SL SR WL WR) or an inner pocket (I II)"


def problems(text: str, kinds=None, providers=None) -> list[tuple[int, int, str | None, str]]:
    with pytest.raises(TileSetError) as info:
        parse_tileset_text(text, "t.toml", kinds or core_kinds(), providers=providers)
    assert all(p.file == "t.toml" for p in info.value.problems)
    return [(p.line, p.column, p.tile_id, p.message) for p in info.value.problems]


def tile(features: str, tid: str = "T1", extra: str = "") -> str:
    return f'[[tile]]\nid = "{tid}"\ncount = 1\n{extra}features = """\n{features}\n"""\n'


START = "city N\nroad E W\nfield EL WR -> N\nfield ER SL SR WL"


def test_valid_minimal_file_loads():
    ts = parse_tileset_text('[set]\nname = "x"\n\n' + tile(START), "t.toml", core_kinds())
    assert ts.tiles[0].edges == ("city", "road", "field", "road")


def test_toml_syntax_error():
    assert problems('[set]\nname = "x"\n[[tile]]\nid = \n') == [(4, 6, None, "Invalid value")]


def test_notation_syntax_error_names_expectations():
    text = tile("city N\nroad E W ->\nfield EL WR -> N\nfield ER SL SR WL")
    assert problems(text) == [(6, 12, "T1", f"{LOC}, found the end of the line")]


def test_notation_unexpected_character():
    msg = problems(tile("city N, W"))
    assert msg[0][:3] == (5, 7, "T1")
    assert msg[0][3].startswith("unexpected character ',': expected a side (N E S W)")
    assert "__ANON" not in msg[0][3]


def test_notation_feature_must_start_with_a_kind():
    got = problems(tile("N city"))
    assert got[0] == (
        5, 1, "T1",
        "expected a feature kind (city, field, monastery, road), found 'N'",
    )  # fmt: skip


def test_every_syntax_error_of_a_tile_is_reported():
    got = problems(tile("city N =\nroad shields=\nfield EL WR -> N"))
    assert [(line, col) for line, col, _, _ in got] == [(5, 8), (6, 14)]
    assert got[1][3] == "expected a whole number, found the end of the line"


def test_unknown_side_and_half_edge():
    got = problems(tile("city Q\nroad E W\nfield EL WR NX\nfield ER SL SR WL"))
    assert got == [
        (5, 6, "T1", f"unknown location 'Q': {LOC}"),
        (7, 13, "T1", f"unknown location 'NX': {LOC}"),
    ]


def test_unknown_kind_names_the_expansion():
    got = problems(
        tile("city N\nriver E W\nfield EL WR -> N\nfield ER SL SR WL"),
        providers={"river": "river"},
    )
    assert got == [
        (
            6,
            1,
            "T1",
            "feature kind 'river' is provided by the expansion 'river', which is not active",
        )
    ]


def test_unknown_kind_without_provider_lists_known_kinds():
    got = problems(tile("castle N\nfield EL ER SL SR WL WR"))
    assert got == [
        (5, 1, "T1", "unknown feature kind 'castle' (known kinds: city, field, monastery, road)")
    ]


def test_side_used_by_two_features():
    got = problems(tile("city N\nroad N S\nfield EL ER SL SR WL WR -> N"))
    assert got == [(6, 6, "T1", "side N is already used by the city on line 5")]


def test_half_edge_used_by_two_features():
    got = problems(tile("field NL NR EL ER SL SR WL WR\nfield WR"))
    assert got == [(6, 7, "T1", "half-edge WR is already used by the field on line 5")]


def test_road_side_needs_fields_on_both_banks():
    got = problems(tile("city N\nroad E W\nfield EL WR -> N\nfield SL SR WL"))
    assert got == [
        (6, 6, "T1",
         "side E is a road side: both its halves EL and ER need a field, one on each bank "
         "(missing: ER)"),
    ]  # fmt: skip


def test_plain_field_side_needs_fields_on_both_halves():
    got = problems(tile("city N\nroad E W\nfield EL WR -> N\nfield ER SR WL"))
    assert got == [
        (4, 1, "T1",
         "side S has no edge feature, so it is a field side: both its halves SL and SR need a "
         "field (missing: SL)"),
    ]  # fmt: skip


def test_field_half_edge_on_a_city_side():
    got = problems(tile("city N\nfield NL EL ER SL SR WL WR -> N"))
    assert got == [
        (6, 7, "T1",
         "half-edge NL lies on side N, which the city covers: a field may only lie along a "
         "field, road or river side"),
    ]  # fmt: skip


def test_field_cannot_border_a_city_beyond_a_road():
    # The start tile's south field claiming the north city.
    got = problems(tile("city N\nroad E W\nfield EL WR -> N\nfield ER SL SR WL -> N"))
    assert got == [
        (8, 22, "T1", "the field cannot border the city at N: the road E W runs between them")
    ]


def test_field_touching_a_city_at_a_corner_must_border_it():
    got = problems(tile("city N\nroad E W\nfield EL WR\nfield ER SL SR WL"))
    assert got == [
        (7, 1, "T1",
         "the field at EL touches the city at N (corner NE) but does not border it: "
         "add '-> N'"),
    ]  # fmt: skip


def test_duplicate_tile_id():
    text = tile(START) + "\n" + tile(START)
    assert problems(text) == [(12, 1, "T1", "duplicate tile id 'T1' (first defined on line 1)")]


def test_count_below_one():
    text = '[[tile]]\nid = "T1"\ncount = 0\nfeatures = "monastery; field NL NR EL ER SL SR WL WR"\n'
    assert problems(text) == [
        (3, 1, "T1",
         "count must be at least 1, found 0 (0 is allowed only for a tile that a variant "
         "replaces)"),
    ]  # fmt: skip
    assert problems(text.replace("count = 0", "count = -2")) == [
        (3, 1, "T1", "count must be at least 1, found -2")
    ]


def test_count_zero_allowed_for_a_replaced_tile():
    text = tile(START, "A", 'alias = "D"\n').replace("count = 1", "count = 0") + tile(
        START, "B", 'edition = "C2"\nreplaces = "A"\n'
    )
    c2 = parse_tileset_text(text, "t.toml", core_kinds())
    c1 = parse_tileset_text(text, "t.toml", core_kinds(), edition="C1")
    assert [(t.id, t.count) for t in c2.tiles] == [("B", 1)]
    assert [(t.id, t.count) for t in c1.tiles] == [("A", 1)]


def test_alias_clashes():
    text = tile(START, "T1", 'alias = "D"\n') + tile(START, "T2", 'alias = "D"\n')
    assert problems(text) == [(14, 1, "T2", "alias 'D' is already used by tile T1 (line 1)")]
    text = tile(START, "T1") + tile(START, "T2", 'alias = "T1"\n')
    assert problems(text) == [(13, 1, "T2", "alias 'T1' is the id of tile T1 (line 1)")]


def test_location_of_the_wrong_shape():
    got = problems(tile("city NL\nfield N\nmonastery S"))
    assert got == [
        (5, 6, "T1", "a city is located by sides (N E S W), not by the half-edge 'NL'"),
        (6, 7, "T1",
         "a field is located by half-edges (NL NR EL ER SL SR WL WR) or inner pockets (I II), "
         "not by the side 'N'"),
        (7, 11, "T1",
         "a monastery sits in the centre of the tile and takes no location, found 'S'"),
    ]  # fmt: skip


def test_problems_of_several_tiles_are_reported_at_once():
    text = tile("city Q", "T1") + tile("road X", "T2")
    got = problems(text)
    assert [(line, tid) for line, _, tid, _ in got] == [(5, "T1"), (11, "T2")]


def test_border_problems():
    got = problems(tile("city N\nroad E W -> N\nfield EL WR -> S\nfield ER SL SR WL -> E"))
    assert got == [
        (6, 13, "T1", "a road cannot border other features ('->' is for kinds such as field)"),
        (7, 16, "T1", "no feature of this tile lies at S"),
        (8, 22, "T1", "a field can only border a city-like feature, but E is covered by the road"),
    ]


def test_attributes_are_checked():
    got = problems(tile("city N shields=1 shields=2\nroad S shields=1\nfield NL"))
    assert got[:2] == [
        (5, 18, "T1", "attribute 'shields' is given twice"),
        (6, 8, "T1", "a road has no attribute 'shields' (its attributes: none)"),
    ]


def test_keys_are_checked():
    text = '[set]\nname = "x"\ncolour = 1\n\n[[tile]]\nid = "T1"\ncolor = "red"\nfeatures = "x"\n'
    assert problems(text) == [
        (3, 1, None, "unknown key 'colour' in [set] (known keys: name, description, "
         "inert_kinds, note)"),
        (5, 1, "T1", "missing key 'count'"),
        (7, 1, "T1", "unknown key 'color' (known keys: id, alias, count, edition, replaces, "
         "tags, description, note, features)"),
        (8, 13, "T1", "expected a feature kind (city, field, monastery, road), found the end "
         "of the line") if False else (8, 13, "T1", "unknown feature kind 'x' (known kinds: "
         "city, field, monastery, road)"),
    ]  # fmt: skip


def test_replaces_must_name_a_plain_tile():
    text = tile(START, "A") + tile(START, "B", 'edition = "C2"\nreplaces = "Z"\n')
    assert problems(text) == [(14, 1, "B", "replaces unknown tile 'Z'")]
    text = tile(START, "A") + tile(START, "B", 'replaces = "A"\n')
    assert problems(text) == [
        (13, 1, "B", "'replaces' needs 'edition' (the edition that has this variant)")
    ]


def test_position_inside_single_line_and_escaped_strings():
    text = '[[tile]]\nid = "T1"\ncount = 1\nfeatures = "field NL NR EL ER SL SR WL WR; city Q"\n'
    assert problems(text) == [(4, 49, "T1", f"unknown location 'Q': {LOC}")]
    head = '[[tile]]\nid = "T1"\ncount = 1\n'
    text = head + 'features = "monastery;\\tfield NL NR EL ER SL SR WL WR Q"\n'
    assert problems(text) == [(4, 55, "T1", f"unknown location 'Q': {LOC}")]
    text = head + 'features = "monastery; field \\u004eL NR EL ER SL SR WL WR Q"\n'
    assert problems(text) == [(4, 59, "T1", f"unknown location 'Q': {LOC}")]


def test_missing_file_is_a_problem_not_a_crash(tmp_path):
    with pytest.raises(TileSetError) as info:
        load_tileset(tmp_path / "nope.toml", core_kinds())
    assert (
        str(info.value)
        == f"{tmp_path / 'nope.toml'}: cannot read the file: No such file or directory"
    )


def test_problem_str():
    p = TileProblem("f.toml", 3, 7, "BA/C", "boom")
    assert str(p) == "f.toml:3:7: tile BA/C: boom"
    assert str(TileProblem("f.toml", 3, 7, None, "boom")) == "f.toml:3:7: boom"
    err = TileSetError([TileProblem("f", 9, 1, None, "b"), TileProblem("f", 2, 1, "X", "a")])
    assert str(err) == "f:2:1: tile X: a\nf:9:1: b"
