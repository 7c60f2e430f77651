"""Tile tags with a look (``carcassonne_tile_marks``): pictures draw the mark upright at the
top-left corner of each tagged tile, the board's legend names it, and a tag marked by two
plugins is refused."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import carcassonne.svg as svg
from carcassonne import GameConfig, PluginError, TileMark, hookimpl
from carcassonne.testing import board

from .paint import parse


class StartMark:
    """A test plugin: the start tile (tag ``start``) shows a blue diamond."""

    @hookimpl
    def carcassonne_tile_marks(self) -> list[TileMark]:
        return [TileMark("start", "the start tile", "S", "diamond", "#123456", "start-mark")]


def _marks(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def test_a_marked_tag_is_drawn_on_its_tiles_and_named_in_the_legend() -> None:
    state = board(["BA/RCr @(0,0) r0", "BA/C @(0,-1) r180"], plugins=[("sm", StartMark())])
    assert dict(state.config.tile_marks) == {
        "start": TileMark("start", "the start tile", "S", "diamond", "#123456", "start-mark")
    }
    root = parse(svg.board(state, highlight=None))
    drawn = _marks(root, "tile-mark")
    assert [(m.get("data-tag"), m.get("data-mark"), m.get("fill")) for m in drawn] == [
        ("start", "diamond", "#123456")
    ]
    legend = _marks(root, "legend-tile-mark")
    assert [el.get("data-tag") for el in legend] == ["start"]
    assert "the start tile" in ET.tostring(legend[0], encoding="unicode")


def test_without_a_mark_a_tag_is_not_drawn() -> None:
    state = board(["BA/RCr @(0,0) r0"])
    root = parse(svg.board(state, highlight=None))
    assert _marks(root, "tile-mark") == [] and _marks(root, "legend-tile-mark") == []


def test_a_tag_two_plugins_mark_is_an_error() -> None:
    with pytest.raises(PluginError, match="tile mark 'start'"):
        GameConfig(plugins=[("a", StartMark()), ("b", StartMark())])
