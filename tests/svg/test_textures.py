"""The field and city textures: two ``<pattern>``s defined once per picture, laid over the field
of every tile and over every city, their marks clear of the points the colour tests sample."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import carcassonne.svg as svg
from carcassonne.svg.draw import CITY_TEXTURE, FIELD_TEXTURE, GRASS_TUFTS, ROOFS
from carcassonne.svg.style import DEFAULT_COLORS

from .test_board_pictures import played

SVG = "{http://www.w3.org/2000/svg}"
#: Where, in a texture's 50-unit cell, the colour tests sample (4, 25, 50, 75 and 96 along an
#: edge, 4 and 96 in from it), and how far a mark keeps from them.
SAMPLED = (0.0, 4.0, 25.0, 46.0, 50.0)
CLEARANCE = 2.5


def root_of(picture: svg.SvgImage) -> ET.Element:
    return ET.fromstring(str(picture))


def patterns(root: ET.Element) -> list[str]:
    return [el.get("id", "") for el in root.iter(SVG + "pattern")]


def textures(root: ET.Element, texture: str) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("class") == f"texture {texture}"]


def test_a_tile_defines_each_texture_once_and_lays_it_over_its_field_and_city() -> None:
    root = root_of(svg.tile("BA/RCr"))
    assert patterns(root) == [FIELD_TEXTURE, CITY_TEXTURE]
    (field,) = textures(root, FIELD_TEXTURE)
    assert field.tag == SVG + "rect"
    assert (field.get("width"), field.get("height")) == ("100", "100")
    assert field.get("fill") == f"url(#{FIELD_TEXTURE})"
    (city,) = [el for el in root.iter(SVG + "path") if el.get("class") == "k-city"]
    (roofs,) = textures(root, CITY_TEXTURE)
    assert roofs.get("d") == city.get("d")
    assert roofs.get("fill") == f"url(#{CITY_TEXTURE})"


def test_a_tile_without_a_city_has_no_roofs_and_two_cities_have_two() -> None:
    assert textures(root_of(svg.tile("BA/RFr")), CITY_TEXTURE) == []
    assert len(textures(root_of(svg.tile("BA/CFC.2")), CITY_TEXTURE)) == 2


def test_a_board_and_a_sheet_define_the_patterns_once() -> None:
    board = root_of(svg.board(played(20), highlight=None))
    sheet = root_of(svg.tile_sheet("base"))
    assert patterns(board) == [FIELD_TEXTURE, CITY_TEXTURE]
    assert patterns(sheet) == [FIELD_TEXTURE, CITY_TEXTURE]
    # one field texture per tile type drawn (in <defs>), none per placed tile
    groups = [el for el in sheet.iter(SVG + "g") if el.get("class") == "tile-art"]
    assert len(groups) == 32
    assert len(textures(sheet, FIELD_TEXTURE)) == 32


def test_the_patterns_take_their_colours_from_the_palette() -> None:
    root = root_of(svg.tile("BA/C", colors={"roof": "#123456", "field-texture": "#654321"}))
    roofs = next(el for el in root.iter(SVG + "pattern") if el.get("id") == CITY_TEXTURE)
    assert {el.get("fill") for el in roofs.iter(SVG + "rect")} == {"#123456"}
    assert {el.get("stroke") for el in roofs} == {DEFAULT_COLORS["roof-edge"]}
    grass = next(el for el in root.iter(SVG + "pattern") if el.get("id") == FIELD_TEXTURE)
    assert [el.get("stroke") for el in grass] == ["#654321"]
    default = root_of(svg.tile("BA/C"))
    assert any(el.get("fill") == DEFAULT_COLORS["roof"] for el in default.iter(SVG + "rect"))


def test_texture_marks_keep_clear_of_the_sampled_points() -> None:
    spans = [(x - 2.5, x + 2.5, y - 4.0, y) for x, y in GRASS_TUFTS]
    spans += [(x, x + w, y, y + h) for x, y, w, h in ROOFS]
    for x0, x1, y0, y1 in spans:
        for low, high in ((x0, x1), (y0, y1)):
            assert 0 < low < high < 50
            for s in SAMPLED:
                assert not low - CLEARANCE <= s <= high + CLEARANCE, (low, high, s)
