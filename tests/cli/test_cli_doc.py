"""docs/cli.md's screens show the legend the game prints for their expansions (Abbey & Mayor
and the Abbot, 80 columns), and the glyphs its prose lists are the engine's."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from carcassonne import GameConfig, GameState
from carcassonne.cli.screen import _legend

DOC = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")


def test_the_screens_show_the_real_legend():
    state = GameState.new(GameConfig(players=2, expansions=["abbey-mayor", "abbot"]), seed=1)
    legend = [text for text, _style in _legend(SimpleNamespace(state=state), 80)]
    screens = re.findall(r"^```text\n(.*?)^```", DOC, re.S | re.M)
    assert len(screens) == 2
    for screen in screens:
        lines = screen.splitlines()
        start = lines.index(legend[0])
        assert lines[start : start + len(legend)] == legend


def test_the_glyphs_of_the_prose_are_the_kinds():
    config = GameConfig(players=2, expansions=["abbey-mayor", "abbot", "river"])
    glyphs = {name: kind.glyph for name, kind in config.kinds.items()}
    assert (glyphs["city"], glyphs["field"], glyphs["monastery"]) == ("#", ".", "M")
    assert (glyphs["garden"], glyphs["river"], glyphs["abbey"]) == ("*", "~", "%")
    prose = DOC.split("The board: each tile is 5×3 characters", 1)[1].split("\n\n", 1)[0]
    for name, glyph in (("garden", "*"), ("river", "~"), ("monastery", "M")):
        assert f"`{glyph}` {name}" in prose, name
    assert "`%` the\nabbey's walls" in prose
