"""The fairy's moves read the player's figures from where they stood at the last figure phase
(:func:`carcassonne_princess_dragon.figures.figures_of`) instead of scanning the board: in random
games of every mix that lets figures leave the board other ways (the dragon, a tower's capture,
a wagon's move, an abbot's early return), the answer must be the scan's, in its order, at every
figure phase and for every player."""

from __future__ import annotations

import random

import pytest

from carcassonne import Figure, GameConfig, GameState
from carcassonne.plugins import installed_expansions
from carcassonne_princess_dragon import fairy, figures
from carcassonne_princess_dragon.figures import figures_of, placed

NAME = "princess-dragon"
OTHERS = ["tower", "abbey-mayor", "abbot", "traders-builders", "hills-sheep"]


def _scan(state: GameState, player: int) -> list[tuple[int, Figure]]:
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


def test_figures_of_two_games_of_one_config_in_turn() -> None:
    """The figures kept from one game are a guess for the other: each is looked up on the
    asking state's board (a square that game lacks, a figure gone), never trusted."""
    config = GameConfig(players=2, expansions=[NAME], seed=7)
    states = [GameState.new(config, seed=1), GameState.new(config, seed=2)]
    rngs = [random.Random(1), random.Random(2)]
    checked = 0
    for _ in range(400):
        for state, rng in zip(states, rngs, strict=True):
            if state.is_over:
                continue
            if state.pending.kind == "figure":
                assert figures_of(state, state.player) == _scan(state, state.player)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_figures_of_does_not_count_a_kept_figure_twice() -> None:
    """A figure kept from last time that stands on the tile searched for new ones is not a new
    one: the figure still missing is found by the scan."""
    config = GameConfig(players=2, expansions=[NAME], seed=3)
    rng = random.Random(3)
    state = GameState.new(config, seed=3)
    while True:
        assert not state.is_over
        mine = _scan(state, state.player)
        squares = {(fig.x, fig.y) for _feature, fig in mine}
        if state.pending.kind == "figure" and len(squares) >= 2:
            break
        state.apply(rng.choice(state.legal_actions()))
    first, *rest = [fig for _feature, fig in mine]
    second = next(fig for fig in rest if (fig.x, fig.y) != (first.x, first.y))
    kept = tuple(fig for fig in (first, *rest) if fig != second)
    figures._KNOWN[(id(config), state.player)] = figures._Known(config, kept, (first.x, first.y))
    assert figures_of(state, state.player) == mine


def _sorted(figures: object) -> list[Figure]:
    assert isinstance(figures, tuple | list)
    return sorted(figures)


def _check_fairy(state: GameState, player: int) -> None:
    """The fairy's moves and figure, kept while their stamps hold, are those of a fresh look:
    every figure of the player but a barn and the one the fairy is next to; the figure looked
    up at the fairy's spot."""
    pieces = state.pieces("fairy")
    owner = fairy.fairy_for(state)
    here = (pieces[0].x, pieces[0].y, pieces[0].location) if pieces and owner else None
    expected = sorted(
        (fig.x, fig.y, fig.location)
        for _feature, fig in _scan(state, player)
        if fig.kind != "barn" and (fig.x, fig.y, fig.location) != here
    )
    assert sorted(tuple(move) for move in fairy.moves(state, player)) == expected
    _check_figure(state)


def _check_figure(state: GameState) -> None:
    pieces = state.pieces("fairy")
    owner = fairy.fairy_for(state)
    looked = fairy._next_to(state, pieces[0], owner) if pieces and owner else None  # type: ignore[arg-type]
    assert fairy.figure(state) == looked


@pytest.mark.parametrize("other", [None, *OTHERS])
def test_placed_is_the_scan_across_clones_and_undo(other: str | None) -> None:
    """:func:`placed` trusts the last answer while the player's supply is the same object and
    their prisoners as many (and the fairy's moves and figure are kept under such stamps too):
    at every figure phase, for every player, of a game and of a clone
    that plays on differently (sharing the supplies of their common past), and after an undo
    (the earlier supplies come back), it must still be the scan's set of figures."""
    if other is not None and other not in installed_expansions():
        pytest.skip(f"{other} is not installed")
    expansions = [NAME] if other is None else [NAME, other]
    config = GameConfig(players=3, expansions=expansions, seed=11)
    checked = undone = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = GameState.new(config, seed=seed)
        twin = None
        while not state.is_over:
            for game in (state, twin):
                if game is None or game.is_over:
                    continue
                if game.pending.kind == "figure":
                    for player in range(config.players):
                        assert _sorted(placed(game, player)) == sorted(
                            fig for _feature, fig in _scan(game, player)
                        )
                        _check_fairy(game, player)
                        checked += 1
            if twin is None and state.turn == 20:
                twin = state.clone()
            if twin is not None and not twin.is_over:
                twin.apply(rng.choice(twin.legal_actions()))
            action = rng.choice(state.legal_actions())
            state.apply(action)
            _check_figure(state)  # also right after a scoring that took the fairy's figure
            if state.pending.kind == "figure" and rng.random() < 0.2:
                for player in range(config.players):
                    placed(state, player)  # looked at after the action, then undone
                state.undo()
                for player in range(config.players):
                    assert _sorted(placed(state, player)) == sorted(
                        fig for _feature, fig in _scan(state, player)
                    )
                undone += 1
                state.apply(action)
    assert checked > 300 and undone > 5


@pytest.mark.parametrize("captor", [None, 1])
def test_the_fairys_figure_kept_is_dropped_when_it_leaves_the_board(captor: int | None) -> None:
    """The fairy's figure is kept while the owner's supply object and prisoners stay: a figure
    sent home (a new supply) or taken prisoner (the same supply, one more prisoner) is no
    longer the fairy's, in a clone of a state whose answer was kept, and placed() drops it."""
    config = GameConfig(players=2, expansions=[NAME], seed=4)
    rng = random.Random(4)
    state = GameState.new(config, seed=4)
    while fairy.figure(state) is None:
        assert not state.is_over
        state.apply(rng.choice(state.legal_actions()))
    fig = fairy.figure(state)
    assert fig is not None
    assert fig in placed(state, fig.player)
    other = state.clone()
    other.remove_figure(fig, "test", [], captor=None if captor is None else 1 - fig.player)
    assert fairy.figure(other) is None
    assert fig not in placed(other, fig.player)
    assert fairy.figure(state) == fig  # the original still has it
