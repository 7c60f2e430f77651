"""A side two segments share (``city E shares N``): the notation, its checks, the rotated
views, canonical writing, and how the feature graph joins and closes such a side."""

from __future__ import annotations

from dataclasses import replace

import pytest

from carcassonne.features import join_plan
from carcassonne.tileset.catalog import core_kinds
from carcassonne.tileset.errors import TileSetError
from carcassonne.tileset.loader import parse_tileset_text, write_tileset
from carcassonne.tileset.model import TileSet, TileType

TWO_CITIES = "city N W\ncity E shares N\nfield SL SR -> N E"
#: A cap facing south (its city on N in reference orientation), to meet the shared side.
CAP = "city N\nfield EL ER SL SR WL WR -> N"


def load_set(features: str) -> TileSet:
    text = f'[set]\nname = "x"\n\n[[tile]]\nid = "T1"\ncount = 1\nfeatures = """\n{features}\n"""\n'
    return parse_tileset_text(text, "t.toml", core_kinds())


def load(features: str) -> TileType:
    return load_set(features).tiles[0]


def problems(features: str) -> list[tuple[int, int, str]]:
    text = f'[[tile]]\nid = "T1"\ncount = 1\nfeatures = """\n{features}\n"""\n'
    with pytest.raises(TileSetError) as info:
        parse_tileset_text(text, "t.toml", core_kinds())
    return [(p.line, p.column, p.message) for p in info.value.problems]


def test_the_shared_side_is_one_city_edge_named_by_the_city_that_covers_it():
    tile = load(TWO_CITIES)
    assert [f.shared for f in tile.features] == [(), (0,), ()]
    assert tile.edges == ("city", "city", "field", "city")
    r0 = tile.rotated(0)
    assert r0.side_feature == (0, 1, -1, 0)
    assert r0.side_shared == (1, -1, -1, -1)
    assert r0.by_location["N"] == 0
    assert r0.features[1].locations == ("E",)
    assert r0.features[1].shared == (0,)


@pytest.mark.parametrize(("rotation", "side"), [(0, 0), (90, 1), (180, 2), (270, 3)])
def test_the_shared_side_turns_with_the_tile(rotation, side):
    view = load(TWO_CITIES).rotated(rotation)
    assert view.features[1].shared == (side,)
    assert view.side_shared == tuple(1 if s == side else -1 for s in range(4))
    assert view.side_feature[side] == 0


def test_canonical_writing_keeps_the_shared_side_and_reads_back_equal():
    text = write_tileset(load_set("city E   shares N\ncity W N\nfield SR SL -> E N"))
    assert 'features = """\ncity E shares N\ncity N W\nfield SL SR -> E N\n"""' in text
    again = parse_tileset_text(text, "t.toml", core_kinds()).tiles[0]
    assert [(f.kind, f.sides, f.shared, f.borders) for f in again.features] == [
        ("city", (1,), (0,), ()),
        ("city", (0, 3), (), ()),
        ("field", (), (), (0, 1)),
    ]
    assert write_tileset(parse_tileset_text(text, "t.toml", core_kinds())) == text


@pytest.mark.parametrize(
    ("features", "expected"),
    [
        (
            "city W\ncity E shares N\nfield NL NR SL SR -> W E",
            (6, 15, "side N is shared, but no feature of this tile covers it: list it among "
                    "this city's sides instead"),
        ),
        (
            "road N S\ncity E shares N\nfield NL SL -> E\nfield NR SR WL WR",
            (6, 15, "side N is covered by the road: a city shares a side only with another city"),
        ),
        (
            "city N\nroad E W shares N\nfield EL WR -> N\nfield ER SL SR WL",
            (6, 17, "a road cannot share a side: only a city-like feature (no banks, no "
                    "wildcard) can"),
        ),
        (
            "city N W\ncity E shares NL\nfield SL SR -> N E",
            (6, 15, "only sides (N E S W) are shared, found 'NL'"),
        ),
        (
            "city N W\ncity E shares E\nfield SL SR -> N E",
            (6, 15, "side E is listed twice"),
        ),
    ],
)  # fmt: skip
def test_a_wrong_shared_side_is_named_at_its_line_and_column(features, expected):
    assert expected in problems(features)


def test_a_city_with_shared_sides_only_still_needs_a_side_of_its_own():
    assert problems("city N W\ncity shares N E\nfield SL SR -> N E")[0] == (
        6, 1, "a city needs at least one side (N E S W)",
    )  # fmt: skip


def test_shares_without_a_side_is_a_syntax_error_in_words():
    assert problems("city N W\ncity E shares\nfield SL SR -> N E") == [
        (6, 14, "expected a side (N E S W), a half-edge (NL NR EL ER SL SR WL WR) or an inner "
                "pocket (I II), found the end of the line"),
    ]  # fmt: skip


def test_each_city_counts_the_shared_side_as_an_open_edge_and_a_neighbour_joins_both():
    tile = load(TWO_CITIES)
    cap = load(CAP).rotated(180)  # its city faces north: it meets the shared side from above
    plan = join_plan(tile.rotated(0), 0, cap, frozenset())
    assert plan == ((0, 0, 2), (1, 0, 1))
    # two such sides meeting: four segments, one feature, four edges closed
    other = tile.rotated(180)
    assert join_plan(tile.rotated(0), 0, other, frozenset()) == ((0, 0, 2), (1, 0, 1), (0, 1, 1))


def test_a_wildcard_edge_closes_the_shared_side_for_both_without_joining():
    tile = load(TWO_CITIES)
    abbey = replace(load(CAP).rotated(0), edges=("abbey",) * 4)
    assert join_plan(tile.rotated(0), 0, abbey, frozenset({"abbey"})) == ((0, -1, 1), (1, -1, 1))
    # and from the abbey's side: it closes the shared side of each city it touches
    assert join_plan(abbey, 2, tile.rotated(0), frozenset({"abbey"})) == ((-1, 0, 1), (-1, 1, 1))
