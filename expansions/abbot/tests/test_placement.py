"""Where each figure kind may go on gardens and monasteries: exact figure-option sets."""

from __future__ import annotations

from typing import Any

import pytest

from carcassonne import Draw, GameConfig, IllegalActionError, Pass, PlaceFigure, PlaceTile
from carcassonne.hookspecs import hookimpl
from carcassonne.position import Position, build_state
from carcassonne.testing import BLUE, RED, board
from carcassonne_abbot.actions import ReturnAbbot

from .shared import usable_expansion

START = "BA/RCr @(0,0) r0"


def figure_options(state: Any, tile: str, x: int, y: int, rotation: int) -> set[Any]:
    """Draw ``tile`` (forced), place it, and return the options of the figure phase."""
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile(tile, x, y, rotation))
    assert state.pending.kind == "figure"
    actions = state.legal_actions()
    assert actions[-1] == Pass()
    assert len(set(actions)) == len(actions)
    return set(actions)


def meeple(x: int, y: int, location: str) -> PlaceFigure:
    return PlaceFigure("meeple", x, y, location)


def abbot(x: int, y: int, location: str) -> PlaceFigure:
    return PlaceFigure("abbot", x, y, location)


def test_garden_tile_offers_the_abbot_on_the_garden_and_meeples_elsewhere() -> None:
    state = board([START], player=RED, expansions=("abbot",))
    assert figure_options(state, "BA/RFrG", 1, 0, 0) == {
        meeple(1, 0, "E"),
        meeple(1, 0, "NL"),
        meeple(1, 0, "ER"),
        abbot(1, 0, "garden"),
        Pass(),
    }


def test_garden_tile_without_farmers_offers_no_field() -> None:
    state = board([START], player=RED, expansions=("abbot",), options={"farmers": False})
    assert figure_options(state, "BA/RFrG", 1, 0, 0) == {
        meeple(1, 0, "E"),
        abbot(1, 0, "garden"),
        Pass(),
    }


def test_monastery_takes_a_monk_or_the_abbot() -> None:
    state = board([START], player=BLUE, expansions=("abbot",))
    assert figure_options(state, "BA/L", 0, 1, 0) == {
        meeple(0, 1, "NL"),
        meeple(0, 1, "monastery"),
        abbot(0, 1, "monastery"),
        Pass(),
    }


def test_the_abbot_never_goes_on_roads_cities_or_fields() -> None:
    state = board([START], player=RED, expansions=("abbot",))
    options = figure_options(state, "BA/RCr", 1, 0, 180)
    assert {o for o in options if type(o) is PlaceFigure and o.figure == "abbot"} == set()
    with pytest.raises(
        IllegalActionError, match="the abbot stands only on a monastery or a garden, not on a city"
    ):
        state.apply(abbot(1, 0, "S"))


def test_no_abbot_option_with_the_abbot_on_the_board() -> None:
    # Red's abbot stands on the monastery at (0,1): the garden just placed is offered to meeples
    # only, and Red may take the abbot back instead.
    state = board(
        [START, "BA/L @(0,1) r0"],
        [(RED, "abbot", 0, 1, "monastery")],
        player=RED,
        expansions=("abbot",),
    )
    assert figure_options(state, "BA/RFrG", 1, 0, 0) == {
        meeple(1, 0, "E"),
        meeple(1, 0, "NL"),
        meeple(1, 0, "ER"),
        ReturnAbbot(0, 1, "monastery"),
        Pass(),
    }
    with pytest.raises(IllegalActionError, match="red has no abbot left"):
        state.apply(abbot(1, 0, "garden"))


def test_no_meeple_left_still_allows_the_abbot() -> None:
    state = board(
        [START],
        [(RED, "meeple", 0, 0, "E")],
        player=RED,
        expansions=("abbot",),
        options={"meeples": 1},
    )
    assert figure_options(state, "BA/RrG", -1, 0, 180) == {abbot(-1, 0, "garden"), Pass()}


def test_two_abbots_option() -> None:
    state = board(
        [START, "BA/L @(0,1) r0"],
        [(RED, "abbot", 0, 1, "monastery")],
        player=RED,
        expansions=("abbot",),
        options={"abbot.count": 2},
    )
    assert state.supply[RED]["abbot"] == 1
    assert figure_options(state, "BA/RFrG", 1, 0, 0) == {
        meeple(1, 0, "E"),
        meeple(1, 0, "NL"),
        meeple(1, 0, "ER"),
        abbot(1, 0, "garden"),
        ReturnAbbot(0, 1, "monastery"),
        Pass(),
    }


class _MeepleOnGardens:
    """A plugin that (wrongly) offers a meeple on any garden of the tile just placed."""

    @hookimpl
    def carcassonne_figure_actions(self, state: Any, x: int, y: int, player: int) -> list[Any]:
        return [
            meeple(x, y, seg.location) for _, seg in state.segments(x, y) if seg.kind == "garden"
        ]


def test_other_plugins_cannot_put_another_figure_on_a_garden() -> None:
    config = GameConfig(players=2, expansions=["abbot"], plugins=[("greedy", _MeepleOnGardens())])
    state = build_state(config, Position(tiles=[("BA/RCr", 0, 0, 0)], player=RED))
    options = figure_options(state, "BA/RFrG", 1, 0, 0)
    assert meeple(1, 0, "garden") not in options
    assert abbot(1, 0, "garden") in options


def test_abbot_on_an_abbey() -> None:
    name = usable_expansion("abbey_mayor")
    config = GameConfig(players=2, expansions=["abbot", name])
    abbey = next(t.id for t in config.tile_types.values() if "abbey" in t.tags)
    # a hole at (0,1), enclosed by tiles on all four sides
    tiles = [
        ("BA/RCr", 0, 0, 0),
        ("BA/RFr", 1, 0, 0),
        ("BA/RFr", -1, 0, 0),
        ("BA/L", 1, 1, 0),
        ("BA/L", -1, 1, 0),
        ("BA/L", 1, 2, 0),
        ("BA/C", 0, 2, 180),
    ]
    state = build_state(config, Position(tiles=tiles, player=RED))
    assert state.pending.kind == "draw"
    place_abbey = PlaceTile(abbey, 0, 1, 0)
    assert place_abbey in state.legal_actions()
    state.apply(place_abbey)
    options = set(state.legal_actions())
    assert abbot(0, 1, "monastery") in options
    assert meeple(0, 1, "monastery") in options
    state.apply(abbot(0, 1, "monastery"))
    assert state.supply[RED]["abbot"] == 0
