"""Random games with The Princess & the Dragon in every mix of the installed expansions (2-6
players): every invariant held after every action; records round trip mid-move (the dragon
halfway through its steps), positions round trip (the dragon halfway through its steps too),
and undo restores the state exactly."""

from __future__ import annotations

import random

import pytest

from carcassonne import GameConfig, GameState, PlaceFigure
from carcassonne import events as ev
from carcassonne.plugins import installed_expansions
from carcassonne.position import dump_position, load_position
from carcassonne.record import dump_record, load_record
from carcassonne.testing import check_award_lines, figure_totals, initial_figures, mixes, points

NAME = "princess-dragon"
MIXES = [mix for mix in mixes(installed_expansions()) if NAME in mix]
VARIANTS = {
    NAME: {
        "dragon_move": "after_scoring",
        "fairy_placement": "on_tile",
        "princess_action": "must",
        "dragon_tile_blocks": False,
        "fairy_abbot_return_bonus": False,
    }
}


def _square(state: GameState, kind: str) -> tuple[int, int] | None:
    pieces = state.pieces(kind)
    return (pieces[0].x, pieces[0].y) if pieces else None


def _check_step(
    before: GameState, action: object, events: list[ev.Event], state: GameState
) -> None:
    """The invariants of one action."""
    dragon, fairy = _square(state, "dragon"), _square(state, "fairy")
    for square in (dragon, fairy):
        assert square is None or square in state.board
    for e in events:
        if type(e) is ev.PieceMoved and e.kind == "dragon" and before.pending.kind == "dragon":
            # a step: to a neighbour, never onto the fairy's square
            assert abs(e.x - e.from_x) + abs(e.y - e.from_y) == 1, e
            assert (e.x, e.y) != fairy
        if type(e) is ev.FigureRemoved and e.reason == "eaten by the dragon":
            assert (e.x, e.y) == dragon and e.figure != "barn"
    if type(action) is PlaceFigure and action.figure != "barn" and dragon is not None:
        if state.config.options[f"{NAME}.dragon_tile_blocks"]:
            assert (action.x, action.y) != _square(before, "dragon")


def _play(config: GameConfig, seed: int) -> tuple[GameState, list[GameState]]:
    """A random game checked after every action; returns it and states taken mid dragon move."""
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    start = initial_figures(config)
    mid_move: list[GameState] = []
    last = list(state.scores)
    steps = 0
    while not state.is_over and steps < 2000:
        before = state.clone()
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        steps += 1
        _check_step(before, action, events, state)
        check_award_lines(state, events)
        assert figure_totals(state) == start
        # a score falls only by points paid to another player (The Tower's ransom)
        moved = points(events)
        assert all(
            now >= then + min(0, moved.get(p, 0))
            for p, (now, then) in enumerate(zip(state.scores, last, strict=True))
        )
        assert sum(state.scores) >= sum(last)
        last = list(state.scores)
        if state.pending.kind == "dragon" and len(mid_move) < 2 and rng.random() < 0.3:
            mid_move.append(state.clone())
        if rng.random() < 0.05:
            again = state.clone()
            again.undo()
            assert again == before
    assert state.is_over
    return state, mid_move


@pytest.mark.parametrize("mix", MIXES, ids=["+".join(m) for m in MIXES])
def test_random_games_hold_every_invariant_and_round_trip(mix: tuple[str, ...]) -> None:
    index = MIXES.index(mix)
    players = 2 + index % 5
    options = VARIANTS if index % 2 else {}
    expansions = {name: options.get(name, {}) for name in mix}
    config = GameConfig(players=players, expansions=expansions)
    for seed in (index, index + 100):
        state, mid_move = _play(config, seed)
        for half in [*mid_move, state]:
            again = load_record(dump_record(half), text=True)
            assert again.key() == half.key() and again.legal_actions() == half.legal_actions()
            assert again.pending == half.pending
    assert state.pieces("dragon"), "no volcano in two games"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_positions_round_trip_with_dragon_fairy_and_set_aside_tiles(players: int) -> None:
    config = GameConfig(players=players, expansions=[NAME])
    state = GameState.new(config, seed=players)
    rng = random.Random(players)
    checked = 0
    while not state.is_over:
        if state.pending.kind in ("draw", "tile") and rng.random() < 0.1:
            text = dump_position(state)
            again = load_position(text, text=True)
            assert again.key()[1:] == state.key()[1:]
            assert again.legal_actions() == state.legal_actions()
            assert dump_position(again) == text
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3


@pytest.mark.parametrize("players", [2, 3])
def test_positions_round_trip_with_the_dragon_halfway_through_its_steps(players: int) -> None:
    """A position taken between two dragon steps is the turn's tile, then the turn's actions
    so far (``then``); loaded, it is the same game, and it plays on to the same end."""
    config = GameConfig(players=players, expansions=[NAME])
    state = GameState.new(config, seed=10 + players)
    rng = random.Random(players)
    saved: list[tuple[GameState, GameState]] = []
    while not state.is_over:
        if state.pending.kind == "dragon" and state.pending.data in (2, 3) and len(saved) < 3:
            text = dump_position(state)
            again = load_position(text, text=True)
            assert "\nthen = [" in text and '"dragon ' in text.split("\nthen = [")[1]
            assert again.key()[1:] == state.key()[1:]
            assert (again.pending, again.legal_actions()) == (state.pending, state.legal_actions())
            assert again.ext == state.ext and again.pieces() == state.pieces()
            assert dump_position(again) == text
            saved.append((state.clone(), again))
        state.apply(rng.choice(state.legal_actions()))
    assert len(saved) >= 2, "fewer than two dragon moves with three steps"
    original, loaded = saved[0]
    replay = random.Random(1)
    while not original.is_over:
        action = replay.choice(original.legal_actions())
        original.apply(action)
        loaded.apply(action)
    assert loaded.is_over and loaded.scores == original.scores
