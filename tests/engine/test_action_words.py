"""carcassonne.words: actions and tiles in words from the core's data alone, and an expansion's
title from its distribution; the options players choose versus those for programs."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne.actions import Draw, Pass, PlaceFigure, PlaceTile, Seat, TypedAction
from carcassonne.cli.expansions_cmd import option_json
from carcassonne.config import GameConfig
from carcassonne.plugins import expansion_title
from carcassonne.state import GameState
from carcassonne.words import action_words, tile_words


def test_tiles_and_core_actions_in_words() -> None:
    state = GameState.new(GameConfig(players=2, seed=1))
    tiles = state.config.tile_types
    assert tile_words(tiles["BA/L"]) == "a tile with a monastery"
    assert tile_words(tiles["BA/RCr"]) == "a tile with a city and a road"
    assert tile_words(tiles["BA/Cccc+"]) == "a tile with a city"
    tile = PlaceTile("BA/RCr", 0, -1, 180)
    assert action_words(state, tile) == "place a tile with a city and a road at 0,-1 turned 180°"
    assert action_words(state, Draw()) == "draw a tile"
    # the start tile's city, by its location on the board
    figure = PlaceFigure("meeple", 0, 0, "N")
    assert action_words(state, figure) == "put a meeple on the city at 0,0 N"
    assert action_words(state, Pass()) == "pass"  # a tile decision: not "no figure"


class _PayFields(NamedTuple):
    holder: Seat
    amount: int
    player: int


class _Pay(TypedAction, _PayFields):
    """A plugin's action with a field annotated ``Seat`` under a name of its own."""

    __slots__ = ()
    verb: ClassVar[str] = "pay-back"


def test_every_seat_field_is_named_with_who() -> None:
    """``holder`` is a Seat field (a player), ``amount`` a number: only the seat fields and
    ``player`` become names (the web page's ``{N}``), whatever the plugin calls them."""
    state = GameState.new(GameConfig(players=3, seed=1))
    action = _Pay(2, 1, 0)
    assert action_words(state, action) == "pay back: holder player 3, 1, player player 1"
    braces = action_words(state, action, lambda p: f"{{{p}}}")
    assert braces == "pay back: holder {2}, 1, player {0}"


def test_titles_and_house_rules() -> None:
    assert expansion_title("inns-cathedrals") == "Inns & Cathedrals"
    assert expansion_title("river") == "The River"
    assert expansion_title("no-such-thing") == "no such thing"
    specs = GameConfig(players=2).option_specs
    assert option_json(specs["explicit_draws"])["house_rule"] is False
    assert option_json(specs["box_counts"])["house_rule"] is False
    assert option_json(specs["tiny_city"]) == {
        "key": "tiny_city",
        "default": 4,
        "choices": [4, 2],
        "doc": "points for a completed two-tile city (2: first edition)",
        "label": "points for a two-tile city",
        "house_rule": True,
    }
