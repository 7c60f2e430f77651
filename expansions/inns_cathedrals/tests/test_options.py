"""The options: large meeples per player, final scoring, the crossing tile's inn."""

from __future__ import annotations

import pytest

from carcassonne import ConfigError, GameConfig
from carcassonne.testing import BLUE, RED, board, place, points

IC = ("inns-cathedrals",)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_bigs_sets_the_large_meeples_per_player(count):
    config = GameConfig(expansions={"inns-cathedrals": {"bigs": count}})
    assert config.figure_kinds["big"].count == count
    assert config.figure_kinds["big"].strength == 2
    assert config.figure_kinds["meeple"].count == 7


def test_without_large_meeples_none_is_offered():
    state = board(["BA/RCr @(0,0) r0"], expansions=IC, options={"inns-cathedrals.bigs": 0})
    place(state, "BA/C @(0,-1) r180")  # passes; now Blue's tile
    offered = [a for a in state.legal_actions() if getattr(a, "figure", None) == "big"]
    assert offered == []


@pytest.mark.parametrize("bad", [-1, "two", True])
def test_a_bad_count_is_refused(bad):
    with pytest.raises(ConfigError, match="inns-cathedrals.bigs"):
        GameConfig(expansions={"inns-cathedrals": {"bigs": bad}})


def test_an_unknown_final_scoring_is_refused():
    with pytest.raises(ConfigError):
        GameConfig(expansions={"inns-cathedrals": {"final_scoring": "half"}})


@pytest.mark.parametrize(("crossing_inn", "expected"), [("east", 2), ("both", 4)])
def test_the_crossing_inn_option_scores_the_west_road(crossing_inn, expected):
    """The west road of IC/RRR.i, closed by a monastery (2 tiles), is an inn road only with
    ``crossing_inn = both``; the east road has the inn either way."""
    state = board(
        ["IC/RRR.i @(0,0) r0"],
        [(RED, "meeple", 0, 0, "W")],
        player=BLUE,
        expansions=IC,
        options={"inns-cathedrals.crossing_inn": crossing_inn},
    )
    assert points(place(state, "BA/LR @(-1,0) r270")) == {RED: expected}


def test_the_east_road_has_the_inn_whatever_the_option():
    state = board(["IC/RRR.i @(0,0) r0"], [(RED, "meeple", 0, 0, "E")], player=BLUE, expansions=IC)
    assert points(place(state, "BA/LR @(1,0) r90")) == {RED: 4}

