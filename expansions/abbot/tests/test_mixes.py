"""The Abbot with the other expansions: gardens on River and Abbey & Mayor tiles, the wagon."""

from __future__ import annotations

from carcassonne import Draw, GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.position import Position, build_state
from carcassonne.testing import BLUE, RED, points
from carcassonne_abbot.actions import ReturnAbbot

from .shared import usable_expansion


def test_abbot_on_the_garden_of_the_river_curve() -> None:
    river = usable_expansion("river")
    state = GameState.new(GameConfig(players=2, expansions=["abbot", river], seed=5))
    garden_tiles = [
        t.id for t in state.config.tile_types.values() if t.set_name == "river" and t.has("garden")
    ]
    assert garden_tiles == ["RI.1/IIG"]
    state.force_draw("RI.1/IIG")
    if state.pending.kind == "draw":
        state.apply(Draw())
    placement = state.legal_actions()[0]
    state.apply(placement)
    options = state.legal_actions()
    abbots = [o for o in options if type(o) is PlaceFigure and o.figure == "abbot"]
    assert abbots == [PlaceFigure("abbot", placement.x, placement.y, "garden")]
    assert PlaceFigure("meeple", placement.x, placement.y, "garden") not in options


def test_river_garden_is_inert_without_the_abbot() -> None:
    river = usable_expansion("river")
    config = GameConfig(players=2, expansions=[river], seed=5)
    assert "garden" not in config.kinds
    tile = config.tile_types["RI.1/IIG"]
    assert [f.kind for f in tile.features if f.inert] == ["garden"]


def am_state(players: int = 2, **position) -> GameState:
    name = usable_expansion("abbey_mayor")
    config = GameConfig(players=players, expansions=["abbot", name])
    return build_state(config, Position(**position))


def test_the_am_garden_tile_takes_the_abbot_and_the_wagon_stays_off_the_garden() -> None:
    state = am_state(tiles=[("BA/RCr", 0, 0, 0)], player=RED)
    state.force_draw("AM/RG")
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("AM/RG", 0, 1, 0))
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 0, 1, "S"),
        PlaceFigure("meeple", 0, 1, "NL"),
        PlaceFigure("wagon", 0, 1, "S"),
        PlaceFigure("abbot", 0, 1, "garden"),
        Pass(),
    }


def test_placing_a_mayor_or_wagon_means_no_early_return() -> None:
    # Red's abbot on the monastery at (0,1); Red places a city tile and its mayor.
    state = am_state(
        tiles=[("BA/RCr", 0, 0, 0), ("BA/L", 0, 1, 0)],
        figures=[(RED, "abbot", 0, 1, "monastery")],
        player=RED,
    )
    state.force_draw("BA/C")
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("BA/C", -1, 1, 0))
    options = state.legal_actions()
    assert ReturnAbbot(0, 1, "monastery") in options
    assert PlaceFigure("mayor", -1, 1, "N") in options
    state.apply(PlaceFigure("mayor", -1, 1, "N"))
    assert state.supply[RED]["abbot"] == 0
    assert state.scores == [0, 0]


def test_an_abbey_completing_the_abbots_monastery_scores_9_without_early_return() -> None:
    # Red's abbot on the monastery at (0,1); the hole at (1,1) is its last missing neighbour.
    tiles = [
        ("BA/RCr", 0, 0, 0),
        ("BA/L", 0, 1, 0),
        ("BA/RFr", 1, 0, 0),
        ("BA/RFr", -1, 0, 0),
        ("BA/L", -1, 1, 0),
        ("BA/L", -1, 2, 0),
        ("BA/C", 0, 2, 180),
        ("BA/C", 1, 2, 180),
        ("BA/RFr", 2, 0, 0),
        ("BA/L", 2, 1, 0),
    ]
    state = am_state(tiles=tiles, figures=[(RED, "abbot", 0, 1, "monastery")], player=RED)
    abbey = next(t.id for t in state.config.tile_types.values() if "abbey" in t.tags)
    state.apply(PlaceTile(abbey, 1, 1, 0))
    options = state.legal_actions()
    assert ReturnAbbot(0, 1, "monastery") not in options
    assert PlaceFigure("meeple", 1, 1, "monastery") in options
    events = state.apply(Pass())
    assert points(events) == {RED: 9}
    assert state.supply[RED]["abbot"] == 1
    assert state.supply[BLUE]["abbot"] == 1
