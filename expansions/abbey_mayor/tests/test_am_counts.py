"""Figure counts per player (rules README: 1 each by default, any count as an option)."""

from __future__ import annotations

import pytest

from carcassonne import ConfigError, GameConfig
from carcassonne.testing import RED, board

AM = ("abbey-mayor",)


def test_default_is_one_of_each():
    config = GameConfig(expansions=AM)
    assert {k: config.figure_kinds[k].count for k in ("mayor", "wagon", "barn")} == {
        "mayor": 1,
        "wagon": 1,
        "barn": 1,
    }


def test_counts_are_options():
    config = GameConfig(expansions={"abbey-mayor": {"wagons": 2, "barns": 3, "mayors": 2}})
    assert [config.figure_kinds[k].count for k in ("mayor", "wagon", "barn")] == [2, 2, 3]


def test_a_count_below_one_is_refused():
    with pytest.raises(ConfigError, match="option 'abbey-mayor.barns' must be at least 1, not 0"):
        GameConfig(expansions={"abbey-mayor": {"barns": 0}})


def test_two_barns_of_one_player_in_a_field_score_once():
    # a ring of plain road tiles around (0,0); the field outside and inside are separate
    state = board(
        ["BA/CFC.2 @(0,0) r90", "BA/C @(-1,0) r90", "BA/C @(1,0) r270"],
        [(RED, "barn", 0, 0, "NL"), (RED, "barn", 0, 0, "NL")],
        expansions=AM,
        options={"abbey-mayor.barns": 2},
        pile=[],
    )
    barn_points = [e.points for e in state.last_events if e.type == "points" and e.player == RED]
    assert barn_points == [4 * 2]  # two completed cities, 4 each, once for Red
