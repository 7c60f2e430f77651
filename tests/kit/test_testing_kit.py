"""carcassonne.testing: its docstring examples run, plugin objects join like installed ones,
and the award-line check fails on a doubled line."""

from __future__ import annotations

import doctest
import textwrap
from pathlib import Path

import pytest

import carcassonne.testing as kit
from carcassonne import Attribute, Award, GameState, KindExtension, hookimpl
from carcassonne.events import PointsScored
from carcassonne.testing import BLUE, RED, board, place, points


def test_the_docstring_examples_run():
    result = doctest.testmod(kit, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 6
    assert result.failed == 0


class DoubleRoads:
    """A fan's plugin as an object: every road scores double."""

    @hookimpl
    def carcassonne_adjust_awards(self, state: GameState, awards: list[Award], final: bool):
        return [a._replace(points=2 * a.points) if a.kind == "road" else a for a in awards]


ROAD = ["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0"]


def test_a_plugin_object_joins_the_game():
    state = board(ROAD, [(RED, "meeple", 0, 0, "W")], player=BLUE, plugins=[("x2", DoubleRoads())])
    assert points(place(state, "BA/RRR @(1,0) r0")) == {RED: 6}


def test_a_plugin_file_joins_the_game(tmp_path: Path):
    source = textwrap.dedent(
        """
        from carcassonne import hookimpl

        PLUGIN_NAME = "triple-roads"


        @hookimpl
        def carcassonne_adjust_awards(state, awards, final):
            return [a._replace(points=3 * a.points) if a.kind == "road" else a for a in awards]
        """
    )
    path = tmp_path / "triple_roads.py"
    path.write_text(source, encoding="utf-8")
    state = board(ROAD, [(RED, "meeple", 0, 0, "W")], player=BLUE, plugins=[str(path)])
    assert points(place(state, "BA/RRR @(1,0) r0")) == {RED: 9}


def test_a_kind_extension_from_a_plugin_object():
    class Inns:
        @hookimpl
        def carcassonne_kind_extensions(self):
            return [KindExtension("road", (Attribute("inn", "inn"),))]

    assert kit.config(plugins=[("inns", Inns())]).kinds["road"].attributes == {"inn"}


def test_the_award_line_check_fails_on_a_doubled_line():
    state = board(ROAD, [(RED, "meeple", 0, 0, "W")])
    road = state.feature_at(0, 0, "W")
    line = PointsScored(RED, 2, "road", road, "completed")
    kit.check_award_lines(state, [line])
    with pytest.raises(AssertionError, match="several award lines"):
        kit.check_award_lines(state, [line, line])
