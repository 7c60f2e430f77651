"""Tile pictures: every tile of every installed set, in every rotation, shows the right kind
under each edge middle and half-edge, read back from the SVG text by an independent painter
(tests/svg/paint.py); a fan's kinds get a readable default; colours can be overridden."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import carcassonne.svg as svg
from carcassonne.geometry import HALVES, SIDES
from carcassonne.svg.style import DEFAULT_COLORS, name_color
from carcassonne.tileset import catalog
from carcassonne.tileset.loader import parse_tileset_text
from carcassonne.tileset.model import Attribute, FeatureKind, TileType

from .paint import colour_at, parse

KINDS = catalog.installed_kinds()
SETS = {name: svg.load_set(name) for name in catalog.installed_tilesets()}
ALL_TILES = [t for ts in SETS.values() for t in ts.tiles]
INSET = 4.0


def side_point(side: int) -> tuple[float, float]:
    return [(50, INSET), (100 - INSET, 50), (50, 100 - INSET), (INSET, 50)][side]


def half_point(half: int) -> tuple[float, float]:
    side, second = divmod(half, 2)
    t = 0.75 if second else 0.25
    return [
        (t * 100, INSET),
        (100 - INSET, t * 100),
        (100 - t * 100, 100 - INSET),
        (INSET, 100 - t * 100),
    ][side]


def fill_of(kind: str, kinds: dict[str, FeatureKind] = KINDS) -> str:
    return svg.kind_style(kinds.get(kind), kind).fill


def expected_colours(tile: TileType, rotation: int, kinds: dict[str, FeatureKind] = KINDS):
    """``(what, point, colour)`` the tile data say the picture shows: each side's middle shows
    the kind covering the side (the field when none does), each half-edge its field, or the
    side's kind where no field lies (a city side). The middle of a side whose two halves are
    two fields (``HS/C!.v``: a city's tongue parts them there) is their boundary and is left
    out."""
    view = tile.rotated(rotation)
    field = fill_of("field", kinds)
    out = []
    for s in range(4):
        f = view.side_feature[s]
        if f < 0 and view.half_feature[2 * s] != view.half_feature[2 * s + 1]:
            continue
        colour = fill_of(view.features[f].kind, kinds) if f >= 0 else field
        out.append((SIDES[s], side_point(s), colour))
    for h in range(8):
        f = view.half_feature[h]
        if f < 0:
            f = view.side_feature[h // 2]
        colour = fill_of(view.features[f].kind, kinds)
        out.append((HALVES[h], half_point(h), colour))
    return out


def test_every_installed_set_is_drawn():
    assert {"base", "river", "abbey_mayor"} <= set(SETS)
    # Inns & Cathedrals and The Tower: 17 tile types each in C2 (18 tiles, one tile twice);
    # Traders & Builders: 24; Hills & Sheep: 16; The Princess & the Dragon: 29 (30 tiles,
    # DG/Rr.d twice)
    big_boxes = ("inns_cathedrals" in SETS) + ("tower" in SETS)
    assert len(ALL_TILES) == (
        32 + 11 + 13 + 17 * big_boxes + 24 * ("traders_builders" in SETS)
        + 16 * ("hills_sheep" in SETS) + 29 * ("princess_dragon" in SETS)
    )


@pytest.mark.parametrize("tile", ALL_TILES, ids=[t.id for t in ALL_TILES])
def test_each_edge_shows_the_kind_the_tile_data_have_there(tile):
    for rotation in (0, 90, 180, 270):
        picture = svg.tile(tile, rotation)
        root = parse(picture)
        use = root.find("{http://www.w3.org/2000/svg}use")
        assert use is not None and use.get("data-rotation") == str(rotation)
        assert use.get("data-tile") == tile.id
        for what, point, colour in expected_colours(tile, rotation):
            got = colour_at(root, point)
            assert got == colour, f"{tile.id} r{rotation} {what} at {point}: {got} != {colour}"


def test_kind_colours_differ_so_the_edge_test_can_tell_them_apart():
    fills = [fill_of(k) for k in ("city", "road", "field", "river", "abbey")]
    assert len(set(fills)) == len(fills)


def test_a_wrong_colour_is_caught():
    """The painter really reads the picture: recolouring the city changes what it reports."""
    picture = svg.tile("BA/C", colors={"city": "#ff0000"})
    root = parse(picture)
    assert colour_at(root, side_point(0)) == "#ff0000"
    assert colour_at(root, side_point(2)) == DEFAULT_COLORS["field"]


def test_separate_cities_are_separate_shapes_and_the_field_runs_between():
    root = parse(svg.tile("BA/CFC.2"))
    cities = [
        el for el in root.iter("{http://www.w3.org/2000/svg}path") if el.get("class") == "k-city"
    ]
    assert len(cities) == 2
    walls = [el for el in root.iter() if el.get("class") == "k-city wall"]
    assert len(walls) == 2
    assert colour_at(root, (50, 50)) == DEFAULT_COLORS["field"]
    # one city covering two opposite sides is one band through the middle
    band = parse(svg.tile("BA/CFc.1"))
    assert colour_at(band, (50, 50)) == DEFAULT_COLORS["city"]


def test_fields_split_by_nothing_else_get_a_hedge():
    """AM/C!+: three fields (N, E, S) around a west city: hedges from the NE and SE corners."""
    root = parse(svg.tile("AM/C!+"))
    hedges = [el for el in root.iter() if el.get("class") == "hedge"]
    assert len(hedges) == 1
    assert hedges[0].get("d") == "M100 0L50 50M100 100L50 50"
    # the city reaches the centre: 40 units in, past a cap's 28 (nearer its tip, the battlements)
    assert colour_at(root, (40, 50)) == DEFAULT_COLORS["city"]


def test_roads_are_lines_and_cities_walled():
    root = parse(svg.tile("BA/RCr"))
    road = next(el for el in root.iter() if el.get("class") == "k-road")
    assert road.get("fill") == "none" and road.get("stroke") == DEFAULT_COLORS["road"]
    assert road.get("d") == "M100 50L0 50"
    wall = next(el for el in root.iter() if el.get("class") == "k-city wall")
    assert wall.get("stroke") == DEFAULT_COLORS["wall"]


def test_city_walls_have_battlements_along_them():
    root = parse(svg.tile("BA/CFC.2"))
    walls = [el for el in root.iter() if el.get("class") == "k-city wall"]
    merlons = [el for el in root.iter() if el.get("class") == "k-city battlements"]
    assert [m.get("d") for m in merlons] == [w.get("d") for w in walls]
    for m in merlons:
        assert m.get("stroke") == DEFAULT_COLORS["wall"] and m.get("fill") == "none"
        assert (m.get("stroke-width"), m.get("stroke-dasharray")) == ("5.6", "2.5 2.5")
        assert m.get("clip-path") == "url(#tile-clip)"  # no merlon outside the tile
    road = parse(svg.tile("BA/RFr"))
    assert [el for el in road.iter() if "battlements" in (el.get("class") or "")] == []


def test_centre_features_and_shields_are_marked_upright():
    root = parse(svg.tile("BA/LR", 180))
    monastery = [el for el in root.iter() if el.get("class") == "k-monastery"]
    assert len(monastery) == 1
    shields = parse(svg.tile("AM/C++", 90))
    marks = [el for el in shields.iter() if el.get("class") == "shield"]
    assert [m.get("data-count") for m in marks] == ["2"]


# -- a fan's kinds ---------------------------------------------------------------------------


FAN_KINDS = {
    **catalog.core_kinds(),
    "castle": FeatureKind(
        "castle",
        "sides",
        edge="castle",
        completion="edges",
        provider="fan",
        attributes=frozenset({"gold"}),  # declared nowhere: a labelled dot
    ),
    "canal": FeatureKind("canal", "sides", edge="canal", banks=True, provider="fan"),
    "well": FeatureKind("well", "center", provider="fan"),
    "lava": FeatureKind(  # declares its look (docs/pictures.md)
        "lava",
        "sides",
        edge="lava",
        provider="fan",
        svg_style=(("shape", "path"), ("fill", "#ff4400")),
    ),
    "road": FeatureKind(
        "road",
        "sides",
        edge="road",
        banks=True,
        attributes=frozenset({"inn"}),
        attribute_info=(Attribute("inn", "inn", marker="inn"),),
    ),
}
FAN_SET = """
[[tile]]
id = "F/1"
count = 2
features = \"\"\"
castle N gold=2
canal E W
road S inn=1
field EL WR -> N
field ER SL
field SR WL
well
\"\"\"

[[tile]]
id = "F/2"
count = 1
features = \"\"\"
lava N S
field EL ER -> N S
field WL WR -> N S
\"\"\"
"""


def fan_tiles() -> dict[str, TileType]:
    tileset = parse_tileset_text(FAN_SET, "fan.toml", FAN_KINDS)
    return tileset.by_id()


def test_a_fans_kinds_get_a_readable_default_look():
    tile = fan_tiles()["F/1"]
    for rotation in (0, 90, 180, 270):
        root = parse(svg.tile(tile, rotation, kinds=FAN_KINDS))
        for what, point, colour in expected_colours(tile, rotation, FAN_KINDS):
            assert colour_at(root, point) == colour, (what, rotation)
    text = svg.tile(tile, kinds=FAN_KINDS)
    assert fill_of("castle", FAN_KINDS) == name_color("castle")
    assert 'class="k-castle"' in text and 'class="k-canal"' in text
    assert 'class="k-well"' in text
    root = ET.fromstring(text)
    labels = sorted(el.text or "" for el in root.iter("{http://www.w3.org/2000/svg}text"))
    assert labels == ["C", "C", "G2", "W"]  # castle, canal, its gold (a dot), the well
    assert 'class="inn a-inn" data-count="1"' in text  # the road's inn: its declared marker
    assert "<title>inn 1</title>" in text


def test_a_kind_may_declare_how_it_is_drawn():
    tile = fan_tiles()["F/2"]
    root = parse(svg.tile(tile, 90, kinds=FAN_KINDS))
    assert colour_at(root, side_point(1)) == "#ff4400"  # a path along E-W after the turn
    assert colour_at(root, (50, 30)) == DEFAULT_COLORS["field"]


def test_sheet_lists_every_tile_with_id_and_count():
    sheet = svg.tile_sheet("base")
    root = parse(sheet)
    tiles = [el for el in root.iter() if el.get("class") == "sheet-tile"]
    assert [el.get("data-tile") for el in tiles] == [t.id for t in SETS["base"].tiles]
    assert sum(int(el.get("data-count") or 0) for el in tiles) == 72
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "base: 32 tile types, 72 tiles" in texts
    assert "BA/RCr (D)" in texts and "\u00d74" in texts


def test_unknown_tile_and_set_are_clear_errors():
    with pytest.raises(svg.UnknownTileError, match="no tile 'ZZ/9'"):
        svg.tile("ZZ/9")
    with pytest.raises(svg.UnknownTileError, match="no tile set or file 'nope'"):
        svg.tile_sheet("nope")


def test_pictures_display_themselves_in_jupyter():
    picture = svg.tile("BA/C")
    assert isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)
    assert picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
