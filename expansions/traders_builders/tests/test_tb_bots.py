"""The bots value goods: Red may close Blue's wine city (Blue scores 6 now, Red takes the wine,
worth 10 at the end) or place the cap anywhere else (nothing now). Worth 10, both greedy (through
``carcassonne_held_points``) and mcts (its playouts reach final scoring) close the city; worth
nothing (``goods_points = 0``), neither does: the choice is the goods' doing."""

from __future__ import annotations

import pytest

from carcassonne import GameState, PlaceTile
from carcassonne.bots.mcts import MctsBot
from carcassonne.bots.simple import GreedyBot
from carcassonne.testing import board

RED, BLUE = 0, 1
TB = "traders-builders"
CLOSE = PlaceTile("BA/C", 1, 0, 270)


def _position(goods_points: int) -> GameState:
    """Blue's knight in a wine city open to the east; Red has drawn a city cap; one tile is
    left after it, so the game ends soon (short playouts)."""
    state = board(
        ["TB/CFc.w @(0,0) r0", "BA/C @(-1,0) r90"], [(BLUE, "meeple", 0, 0, "E")],
        player=RED, expansions=[TB], pile=["BA/C", "BA/L"],
        options={f"{TB}.goods_points": goods_points},
    )  # fmt: skip
    if state.pending.kind == "draw":
        state.apply("draw")
    assert state.drawn == "BA/C" and CLOSE in state.legal_actions()
    return state


def test_closing_the_city_gives_red_the_wine_and_blue_six() -> None:
    state = _position(10)
    state.apply(CLOSE)
    state.apply("pass")
    assert state.scores == [0, 6]
    assert state.config.hooks.held_points(state) == [10, 0]


@pytest.mark.parametrize("seed", range(4))
def test_greedy_takes_the_goods(seed: int) -> None:
    assert GreedyBot(seed).choose(_position(10)) == CLOSE
    assert GreedyBot(seed).choose(_position(0)) != CLOSE  # (0, -6): worse than any other


@pytest.mark.parametrize("seed", range(2))
def test_mcts_takes_the_goods(seed: int) -> None:
    assert MctsBot(seed, iterations=300).choose(_position(10)) == CLOSE
    assert MctsBot(seed, iterations=300).choose(_position(0)) != CLOSE
