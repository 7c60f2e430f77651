"""Without the Abbot gardens are decoration; with it, the option and the kinds it declares."""

from __future__ import annotations

import random

import pytest

from carcassonne import ConfigError, GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.plugins import installed_expansions
from carcassonne.testing import BLUE, RED, board, place, points

from .shared import AB01_BOARD


def test_without_the_abbot_a_garden_is_inert() -> None:
    state = board(["BA/RCr @(0,0) r0"], player=RED)
    assert "garden" not in state.config.kinds
    assert "abbot" not in state.config.figure_kinds
    state.force_draw("BA/RFrG")
    state.apply(PlaceTile("BA/RFrG", 1, 0, 0))
    kinds = [seg.kind for _, seg in state.segments(1, 0)]
    assert kinds == ["road", "field", "field", "garden"]
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 1, 0, "E"),
        PlaceFigure("meeple", 1, 0, "NL"),
        PlaceFigure("meeple", 1, 0, "ER"),
        Pass(),
    }


def test_without_the_abbot_a_surrounded_garden_neither_completes_nor_scores() -> None:
    state = board(AB01_BOARD, player=BLUE)
    events = place(state, "BA/L @(1,1) r0")
    assert [e for e in events if e.type == "feature-completed"] == []
    assert points(events) == {}


def test_random_games_without_the_abbot_never_touch_a_garden() -> None:
    for seed in range(3):
        state = GameState.new(GameConfig(players=3, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                if type(action) is PlaceFigure:
                    kind = state.feature_kind(state.feature_at(action.x, action.y, action.location))
                    assert kind != "garden"
            events = state.apply(rng.choice(actions))
            assert all(
                e.kind != "garden" for e in events if e.type in ("points", "feature-completed")
            )


def test_the_abbot_is_one_per_player_by_default() -> None:
    state = board(["BA/RCr @(0,0) r0"], players=3, expansions=("abbot",))
    assert [s["abbot"] for s in state.supply] == [1, 1, 1]
    kind = state.config.figure_kinds["abbot"]
    assert (kind.count, kind.strength, kind.provider) == (1, 1, "abbot")
    garden = state.config.kinds["garden"]
    assert (garden.placement, garden.completion, garden.provider) == ("center", "surround", "abbot")


def test_the_count_option() -> None:
    config = GameConfig(players=2, expansions={"abbot": {"count": 2}})
    assert GameState.new(config).supply[0]["abbot"] == 2
    with pytest.raises(ConfigError, match="option 'abbot.count' must be at least 1, not 0"):
        GameConfig(players=2, expansions={"abbot": {"count": 0}})
    with pytest.raises(ConfigError, match="option 'abbot.count' must be a whole number"):
        GameConfig(players=2, expansions=["abbot"], options={"abbot.count": "two"})


def test_gardens_are_drawn_with_the_abbot() -> None:
    config = GameConfig(players=2, expansions=["abbot"], seed=3)
    state = GameState.new(config)
    garden_tiles = sorted(t.id for t in config.tile_types.values() if t.has("garden"))
    assert garden_tiles == [
        "BA/CCG", "BA/CFCG", "BA/CG", "BA/Cc+G", "BA/CcG", "BA/CccG", "BA/RFrG", "BA/RrG",
    ]  # fmt: skip
    pile = state.draw_pile() + ([state.drawn] if state.drawn else [])
    assert sorted(t for t in pile if t in garden_tiles) == garden_tiles


def test_every_garden_tile_is_its_plain_tile_plus_a_garden() -> None:
    names = ["abbot"]
    for name, entry_point in installed_expansions().items():
        try:
            entry_point.load()
        except Exception:  # another engineer's expansion may be unfinished
            continue
        names.append(name)
    config = GameConfig(players=2, expansions=names)
    gardens = [t for t in config.tile_types.values() if t.has("garden")]
    expected = 8 + ("river" in names) + ("abbey-mayor" in names)
    expected += 2 * ("inns-cathedrals" in names) + ("hills-sheep" in names)
    expected += 2 * ("traders-builders" in names) + 2 * ("tower" in names)
    expected += 2 * ("princess-dragon" in names)
    assert len(gardens) == expected
    c1 = GameConfig(players=2, expansions=names, options={"edition": "C1"})  # every plain tile
    for tile in gardens:
        plain = c1.tile_types[tile.replaces]
        assert (tile.count, plain.edges) == (1, tile.edges)
        shape = [
            (f.kind, f.sides, f.halves, f.borders) for f in tile.features if f.kind != "garden"
        ]
        assert shape == [(f.kind, f.sides, f.halves, f.borders) for f in plain.features], tile.id


def test_edition_c1_has_no_gardens_but_the_abbot_still_takes_monasteries() -> None:
    config = GameConfig(players=2, expansions=["abbot"], options={"edition": "C1"})
    assert [t.id for t in config.tile_types.values() if t.has("garden")] == []
    state = board(["BA/RCr @(0,0) r0"], expansions=("abbot",), options={"edition": "C1"})
    state.force_draw("BA/L")
    state.apply(PlaceTile("BA/L", 0, 1, 0))
    assert PlaceFigure("abbot", 0, 1, "monastery") in state.legal_actions()
