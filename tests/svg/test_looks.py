"""How figures and pieces look (``FigureKind.shape``, ``PieceKind.shape``/``badge``) and the
legend: the exact SVG elements of each silhouette, a test plugin's own look drawn by its
declaration, and a legend that lists exactly the kinds and marks of the game."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import carcassonne.svg as svg
from carcassonne import NEUTRAL, ConfigError, FigureKind, GameConfig, PieceKind, hookimpl
from carcassonne.serialize import state_to_json
from carcassonne.svg.draw import figure_defs, piece_defs
from carcassonne.svg.legend import game_entries
from carcassonne.svg.silhouettes import SHAPES
from carcassonne.testing import board
from carcassonne.values import SILHOUETTES

SVG = "{http://www.w3.org/2000/svg}"

#: The elements each silhouette is drawn with, in order.
ELEMENTS = {
    "meeple": ["path"],
    "large-meeple": ["path", "circle"],
    "abbot": ["path", "path"],
    "mayor": ["path"],
    "wagon": ["path", "circle", "circle"],
    "barn": ["path", "path"],
    "builder": ["path", "path", "path"],
    "pig": ["path", "ellipse", "circle", "path", "ellipse", "path", "circle"],
    "shepherd": ["path", "path"],
    "dragon": ["path", "path", "path", "ellipse", "path", "circle"],
    "fairy": ["ellipse", "ellipse", "path", "circle"],
    "tower": ["path", "path", "path"],
    "sheep": ["path", "path", "ellipse"],
    "pawn": ["path", "text"],
}

ALL_EIGHT = [
    "river",
    "inns-cathedrals",
    "abbot",
    "abbey-mayor",
    "traders-builders",
    "princess-dragon",
    "tower",
    "hills-sheep",
]


def children(fragment: str) -> list[ET.Element]:
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{fragment}</svg>')
    return list(root)


def test_every_silhouette_has_its_elements() -> None:
    assert set(ELEMENTS) == set(SILHOUETTES) == set(SHAPES) | {"pawn"}
    looks = {f"k-{s}": FigureKind(f"k-{s}", 1, shape=s, glyph="Q") for s in SILHOUETTES}
    for look in looks.values():
        shape = look.shape
        (group,) = children(figure_defs([look.name], looks))
        assert group.attrib == {"id": f"figure-k-{shape}", "class": "figure-art",
                                "data-shape": shape}  # fmt: skip
        assert [e.tag.removeprefix(SVG) for e in group] == ELEMENTS[shape], shape
    (pawn,) = children(figure_defs(["k-pawn"], looks))
    assert pawn[1].text == "Q"


def test_the_default_look_keeps_the_old_one() -> None:
    assert FigureKind("meeple", 7).silhouette == "meeple"
    assert FigureKind("wagon", 1).silhouette == "wagon"
    assert FigureKind("keeper", 1).silhouette == "pawn"
    assert FigureKind("keeper", 1).words == "keeper"
    (group,) = children(figure_defs(["keeper"], {}))
    assert group.get("data-shape") == "pawn" and group[1].text == "K"
    assert PieceKind("coin").shape == "" and PieceKind("coin").badge == ""


def test_a_bad_look_is_refused_with_its_kind_named() -> None:
    unknown = r"^figure kind 'keeper': unknown shape 'ghost' \(one of meeple, large-meeple,"
    with pytest.raises(ConfigError, match=unknown):
        FigureKind("keeper", 1, shape="ghost")
    glyph = r"^figure kind 'keeper': glyph 'KK' must be one character$"
    with pytest.raises(ConfigError, match=glyph):
        FigureKind("keeper", 1, glyph="KK")
    with pytest.raises(ConfigError, match=r"^piece kind 'coin': unknown shape 'coin'"):
        PieceKind("coin", shape="coin")
    with pytest.raises(ConfigError, match=r"^piece kind 'coin': badge '1234' is longer than 3"):
        PieceKind("coin", badge="1234")


class Lanterns:
    """A test plugin with a look of its own: a follower drawn as a shepherd and a neutral
    lantern drawn as a fairy with a badge."""

    name = "look-test"

    @hookimpl
    def carcassonne_figure_kinds(self, config: GameConfig) -> list[FigureKind]:
        return [FigureKind("keeper", 1, provider=self.name, follower=True, shape="shepherd",
                           label="well keeper", glyph="K")]  # fmt: skip

    @hookimpl
    def carcassonne_piece_kinds(self, config: GameConfig) -> list[PieceKind]:
        return [PieceKind("lantern", "a lantern", glyph="L", colour="#ffaa00", neutral=True,
                          provider=self.name, shape="fairy", badge="2")]  # fmt: skip


def lantern_state():  # type: ignore[no-untyped-def]
    state = board(
        ["BA/RCr @(0,0) r0", "BA/LR @(0,1) r0"],
        [(1, "keeper", 0, 0, "N")],
        plugins=[("look-test", Lanterns())],
    )
    state.put_piece("lantern", NEUTRAL, 0, 1, None, [])
    return state


def test_a_plugin_declares_its_look_and_pictures_draw_it() -> None:
    state = lantern_state()
    picture = str(svg.board(state, highlight=None))
    assert '<g id="figure-keeper" class="figure-art" data-shape="shepherd">' in picture
    assert re.search(r'<use xlink:href="#figure-keeper" class="figure f-keeper p1"', picture)
    assert '<g id="piece-lantern" class="piece-art" data-shape="fairy">' in picture
    (use,) = re.findall(r'<use xlink:href="#piece-lantern"[^>]*>', picture)
    assert 'data-shape="fairy"' in use and 'fill="#ffaa00"' in use
    assert 'data-piece="lantern"' in use and 'class="piece pk-lantern neutral"' in use
    # the badge is in the piece's drawing: a white disc and its text
    defs = children(piece_defs([state.config.piece_kinds["lantern"]]))[0]
    assert [e.tag.removeprefix(SVG) for e in defs][-2:] == ["circle", "text"]
    assert defs[-1].text == "2"
    view = state_to_json(state)
    assert view["figure_kinds"]["keeper"] == {
        "label": "well keeper", "glyph": "K", "shape": "shepherd", "provider": "look-test"
    }  # fmt: skip
    assert view["piece_kinds"]["lantern"]["shape"] == "fairy"
    assert view["piece_kinds"]["lantern"]["badge"] == "2"


def legend_keys(picture: str, group: str) -> list[str]:
    return re.findall(rf'class="legend-entry legend-{group}" data-key="([^"]+)"', picture)


def test_the_legend_lists_a_test_plugins_kinds_in_its_words() -> None:
    picture = str(svg.board(lantern_state(), legend=True))
    assert legend_keys(picture, "figure") == ["meeple", "keeper"]
    assert legend_keys(picture, "piece") == ["lantern"]
    assert ">well keeper</text>" in picture and ">a lantern</text>" in picture
    assert legend_keys(str(svg.board(lantern_state())), "figure") == []  # only on request


def test_the_legend_of_all_eight_expansions_lists_exactly_their_kinds() -> None:
    config = GameConfig(players=3, expansions=ALL_EIGHT)
    found = game_entries(config)
    by_group: dict[str, list[str]] = {}
    for entry in found:
        by_group.setdefault(entry.group, []).append(entry.key)
    assert by_group["figure"] == ["meeple", "abbot", "barn", "big", "builder", "mayor", "pig",
                                  "shepherd", "wagon"]  # fmt: skip
    assert by_group["figure"][1:] == sorted(config.figure_kinds.keys() - {"meeple"})
    assert by_group["piece"] == sorted(config.piece_kinds)
    assert by_group["tile-mark"] == ["dragon", "hill", "portal", "vineyard", "volcano"]
    assert by_group["attribute"] == ["city.cathedral", "city.cloth", "city.grain",
                                     "city.princess", "city.shields", "city.wine", "road.inn",
                                     "road.lake"]  # fmt: skip
    assert by_group["feature"] == ["garden", "monastery", "tower"]
    words = {e.key: e.words for e in found}
    assert words["big"] == "large meeple" and words["sheep-3"] == "3 sheep"
    assert words["road.inn"] == "inn (road)" and words["city.cathedral"] == "cathedral"


def test_the_base_games_legend_has_the_meeple_and_what_its_tiles_show() -> None:
    found = game_entries(GameConfig(players=2))
    assert [(e.group, e.key) for e in found] == [
        ("figure", "meeple"),
        ("attribute", "city.shields"),
        ("feature", "garden"),
        ("feature", "monastery"),
    ]


def test_a_tile_sheet_legend_names_the_sets_marks() -> None:
    picture = str(svg.tile_sheet("princess_dragon", legend=True))
    assert legend_keys(picture, "tile-mark") == ["dragon", "portal", "volcano"]
    assert legend_keys(picture, "figure") == []
    assert "legend-entry" not in str(svg.tile_sheet("princess_dragon"))


def test_the_web_picture_carries_the_games_legend() -> None:
    pytest.importorskip("starlette")
    from carcassonne.server.web import picture_json

    state = lantern_state()
    data = picture_json(state, 0)
    assert data["legend"].startswith("<svg")
    assert legend_keys(data["legend"], "figure") == ["meeple", "keeper"]
    assert legend_keys(data["legend"], "piece") == ["lantern"]


def test_inn_and_cathedral_are_drawn_apart() -> None:
    inn = svg.tile(svg.find_tile("IC/Rr.i"), size=64)
    cathedral = svg.tile(svg.find_tile("IC/Cccc.c"), size=64)
    assert '<g class="inn a-inn"' in inn and "cathedral" not in inn
    assert '<g class="cathedral a-cathedral"' in cathedral and 'class="inn' not in cathedral
    # the inn: a light plate, a red roof; the cathedral: a dark plate, light walls
    assert 'fill="#c0392b"' in inn and 'fill="#3e3552"' in cathedral
