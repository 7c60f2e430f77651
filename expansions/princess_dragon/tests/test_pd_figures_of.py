"""The fairy's moves read the player's figures from where they stood at the last figure phase
(:func:`carcassonne_princess_dragon.fairy.figures_of`) instead of scanning the board: in random
games of every mix that lets figures leave the board other ways (the dragon, a tower's capture,
a wagon's move, an abbot's early return), the answer must be the scan's, in its order, at every
figure phase and for every player."""

from __future__ import annotations

import random

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.plugins import installed_expansions
from carcassonne_princess_dragon.fairy import figures_of

NAME = "princess-dragon"
OTHERS = ["tower", "abbey-mayor", "abbot", "traders-builders", "hills-sheep"]


def _scan(state: GameState, player: int) -> list[tuple[int, object]]:
    return [(feature, fig) for feature, fig in state.figures() if fig.player == player]


@pytest.mark.parametrize("other", [None, *OTHERS])
def test_figures_of_is_the_scan(other: str | None) -> None:
    if other is not None and other not in installed_expansions():
        pytest.skip(f"{other} is not installed")
    expansions = [NAME] if other is None else [NAME, other]
    config = GameConfig(players=3, expansions=expansions, seed=5)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GameState.new(config, seed=seed)
        while not state.is_over:
            if state.pending.kind == "figure":
                for player in range(config.players):
                    assert figures_of(state, player) == _scan(state, player)
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100
