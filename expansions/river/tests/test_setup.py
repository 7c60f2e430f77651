"""Setup (rules.md §2.2): spring at (0,0), river stack first with the lake last, then land."""

from __future__ import annotations

import pytest

from carcassonne import ConfigError, GameConfig, GameState

SPRING = "RI/s"
LAKE = "RI.1/I.e"
BASE_START = "BA/RCr"

#: The C2 river tiles of the river stack (every river tile but the spring), one per copy.
RIVER_STACK_C2 = [
    "RI.1/CICI",
    "RI.1/CIRI",
    "RI.1/CcII",
    "RI.1/I.e",
    "RI.1/IFI",
    "RI.1/IFI",
    "RI.1/II",
    "RI.1/IIG",
    "RI.1/LIRI",
    "RI.1/RIrI",
    "RI.1/RrII",
]


def river_game(seed: int = 0, **options) -> GameState:
    opts = {f"river.{key}": value for key, value in options.items()}
    return GameState.new(GameConfig(players=2, expansions=["river"], options=opts, seed=seed))


def draw_order(state: GameState) -> list[str]:
    """Every tile of a fresh game in the order it will be drawn (the drawn one first)."""
    drawn = [e.tile for e in state.last_events if e.type == "tile-drawn"]
    return drawn + state.draw_pile()


def test_the_spring_starts_at_the_origin_unrotated():
    state = river_game()
    start = state.tile_at(0, 0)
    assert (start.tile.id, start.rotation) == (SPRING, 0)
    assert list(state.board) == [(0, 0)]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_eleven_river_tiles_first_lake_last_then_71_land_tiles(seed):
    order = draw_order(river_game(seed))
    assert len(order) == 82
    assert sorted(order[:11]) == RIVER_STACK_C2
    assert order[10] == LAKE
    assert not any(tile.startswith("RI") for tile in order[11:])
    assert SPRING not in order
    assert order.count(BASE_START) == 3  # 4 printed, one of them the base start tile, removed


def test_keep_option_shuffles_the_base_start_tile_into_the_land_tiles():
    order = draw_order(river_game(0, start_tile="keep"))
    assert len(order) == 83
    assert sorted(order[:11]) == RIVER_STACK_C2
    assert order.count(BASE_START) == 4
    assert BASE_START not in order[:11]


def test_the_river_stack_is_shuffled_with_the_game_seed():
    orders = {tuple(draw_order(river_game(seed))[:11]) for seed in range(6)}
    assert len(orders) > 1
    assert draw_order(river_game(5)) == draw_order(river_game(5))
    config = GameConfig(players=2, expansions=["river"], seed=0)
    assert draw_order(GameState.new(config, seed=5)) == draw_order(river_game(5))


def test_c1_river_stack_has_two_plain_curves():
    config = GameConfig(players=2, expansions=["river"], options={"edition": "C1"}, seed=0)
    order = draw_order(GameState.new(config))
    expected = sorted(t for t in RIVER_STACK_C2 if t != "RI.1/IIG") + ["RI.1/II"]
    assert sorted(order[:11]) == sorted(expected)
    assert order[10] == LAKE


def test_without_the_river_nothing_changes():
    state = GameState.new(GameConfig(players=2, seed=0))
    assert state.tile_at(0, 0).tile.id == BASE_START
    assert not any(t.startswith("RI") for t in draw_order(state))
    assert len(draw_order(state)) == 71


def test_expansion_options_given_per_expansion():
    config = GameConfig(players=2, expansions={"river": {"uturn": "immediate"}}, seed=0)
    assert config.options["river.uturn"] == "immediate"
    assert config.options["river.start_tile"] == "remove"


@pytest.mark.parametrize(
    "option, value, message",
    [
        (
            "uturn",
            "never",
            'option \'river.uturn\' must be one of "strict", "immediate", "jcz", not "never"',
        ),
        (
            "start_tile",
            "lake",
            'option \'river.start_tile\' must be one of "remove", "keep", not "lake"',
        ),
    ],
)
def test_bad_option_values_are_config_errors(option, value, message):
    with pytest.raises(ConfigError) as error:
        river_game(**{option: value})
    assert str(error.value) == message
