"""The edge notation: separators, comments, inner pockets, attributes, inert kinds, editions."""

from __future__ import annotations

from carcassonne.tileset.catalog import core_kinds
from carcassonne.tileset.loader import format_feature, parse_tileset_text, write_tileset
from carcassonne.tileset.model import FeatureKind
from carcassonne.tileset.notation import parse_notation

GARDEN = FeatureKind("garden", "center", completion="surround")


def one(features: str, kinds=None, head: str = ""):
    text = f'{head}[[tile]]\nid = "T"\ncount = 1\nfeatures = """\n{features}\n"""\n'
    return parse_tileset_text(text, "t.toml", kinds or core_kinds()).tiles[0]


def test_semicolons_comments_and_blank_lines():
    tile = one(
        "# the start tile\ncity N   # north cap\n\nroad E W; field EL WR -> N\nfield ER SL SR WL\n"
    )
    assert [format_feature(f, tile.features) for f in tile.features] == [
        "city N", "road E W", "field EL WR -> N", "field ER SL SR WL",
    ]  # fmt: skip
    assert tile.features[2].borders == (0,)
    assert tile.features[0].pos == (6, 1)
    assert tile.features[2].pos == (8, 11)


def test_inner_pockets_attributes_and_borders_by_any_location():
    tile = one("city N S shields=1\ncity W E\nfield I -> S W\nfield II -> N E", head="")
    f1, f2 = tile.features[2], tile.features[3]
    assert f1.inner == ("I",) and f1.borders == (0, 1) and f2.borders == (0, 1)
    assert tile.features[0].attr("shields") == 1
    assert format_feature(f1, tile.features) == "field I -> N E"
    view = tile.rotated(0)
    assert view.by_location["I"] == 2 and view.by_location["II"] == 3


def test_canonical_order_of_locations():
    tile = one("road W E\nfield WL SR SL ER\nfield WR NR NL EL")
    assert [format_feature(f, tile.features) for f in tile.features] == [
        "road E W", "field ER SL SR WL", "field NL NR EL WR",
    ]  # fmt: skip


def test_inert_kind_is_kept_as_decoration():
    head = '[set]\nname = "s"\ninert_kinds = ["garden"]\n\n'
    tile = one("monastery\nfield NL NR EL ER SL SR WL WR\ngarden", head=head)
    garden = tile.features[2]
    assert garden.kind == "garden" and garden.inert
    assert tile.edges == ("field",) * 4
    active = one("monastery\nfield NL NR EL ER SL SR WL WR\ngarden", {**core_kinds(),
                 "garden": GARDEN}, head=head)  # fmt: skip
    assert not active.features[2].inert


def test_write_then_parse_keeps_everything():
    text = (
        '[set]\nname = "s"\ndescription = "d"\ninert_kinds = ["garden"]\nnote = "n"\n\n'
        '[[tile]]\nid = "A"\nalias = "a"\ncount = 2\ntags = ["start", "x"]\n'
        'description = "plain"\nnote = "multi\\nline"\n'
        'features = "city N; field EL ER SL SR WL WR -> N"\n\n'
        '[[tile]]\nid = "AG"\ncount = 1\nedition = "C2"\nreplaces = "A"\n'
        'features = "city N; field EL ER SL SR WL WR -> N; garden"\n'
    )
    ts = parse_tileset_text(text, "t.toml", core_kinds(), edition=None)
    out = write_tileset(ts)
    again = parse_tileset_text(out, "t.toml", core_kinds(), edition=None)
    assert write_tileset(again) == out
    a = again.by_id()["A"]
    assert (a.alias, a.count, a.tags, a.note) == ("a", 2, {"start", "x"}, "multi\nline")
    assert again.note == "n" and again.description == "d"
    c1 = parse_tileset_text(out, "t.toml", core_kinds(), edition="C1")
    assert [(t.id, t.count) for t in c1.tiles] == [("A", 3)]


def test_parse_notation_reports_offsets():
    features, errors = parse_notation("city N\nroad = 1\n")
    assert [f.kind for f in features] == ["city"]
    assert errors == [
        (12, "expected a side (N E S W), a half-edge (NL NR EL ER SL SR WL WR) or an inner "
         "pocket (I II), an attribute (name=number, e.g. shields=1), 'shares' and the sides "
         "shared with another feature, '->' followed by the locations of the bordered "
         "features or the end of the feature (a new line or ';'), found '='"),
    ]  # fmt: skip
