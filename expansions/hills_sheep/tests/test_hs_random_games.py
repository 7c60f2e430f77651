"""Seeded random games with Hills & Sheep in every mix with the other installed expansions,
2 to 6 players: figures conserved, scores never fall, one award line per feature and player,
no shepherd left in a closed field and no sheep without a shepherd between turns, the bag
never short; undo exact (the token back in the bag); records and positions round trip; the
same seed gives the same draws."""

from __future__ import annotations

import random

import pytest

from carcassonne import GameConfig, GameState, testing
from carcassonne.plugins import installed_expansions
from carcassonne.position import dump_position, load_position
from carcassonne.record import dump_record, load_record
from carcassonne_hills_sheep.common import SHEEP_VALUES, TOKENS
from carcassonne_hills_sheep.flock import bag, is_closed, shepherds_in

OTHERS = sorted(set(installed_expansions()) - {"hills-sheep"})
MIXES = [("hills-sheep", *mix) for mix in testing.mixes(OTHERS)]


def check_flocks(state: GameState) -> None:
    """Between turns: every shepherd stands in an open field; every token lies in a field with
    a shepherd; board and bag hold the box's 18 tokens."""
    for _, figure in state.figures():
        if figure.kind == "shepherd":
            assert not is_closed(state, figure.x, figure.y, figure.location), figure
    for piece in state.pieces():
        if piece.kind in SHEEP_VALUES:
            field = state.feature_at(piece.x, piece.y, piece.location or "")
            assert shepherds_in(state, field), piece
    on_board = sum(1 for p in state.pieces() if p.kind in SHEEP_VALUES)
    assert on_board + sum(n for _, n in bag(state)) == sum(n for _, _, n in TOKENS)


def play(config: GameConfig, seed: int) -> tuple[GameState, int]:
    rng = random.Random(seed)
    initial = testing.initial_figures(config)
    last = [0] * config.players
    draws = 0
    state = None
    for before, _, events, state in testing.random_game(config, seed):
        assert testing.figure_totals(state) == initial
        # a score falls only by points paid to another player (The Tower's ransom)
        moved = testing.points(events)
        assert all(
            now >= then + min(0, moved.get(p, 0))
            for p, (now, then) in enumerate(zip(state.scores, last, strict=True))
        )
        assert sum(state.scores) >= sum(last)
        last = list(state.scores)
        testing.check_award_lines(state, events)
        draws += sum(1 for e in events if e.type == "chance")
        if state.pending.kind in ("draw", "tile") or state.is_over:
            check_flocks(state)
        if rng.random() < 0.03:
            again = state.clone()
            again.undo()
            assert again == before
    assert state is not None and state.is_over
    return state, draws


@pytest.mark.parametrize("mix", MIXES, ids="+".join)
def test_random_games_in_every_mix(mix):
    seed = MIXES.index(mix)
    config = GameConfig(players=2 + seed % 5, expansions=list(mix), seed=seed)
    state, draws = play(config, seed)
    assert draws > 0  # the bag was used
    again = load_record(dump_record(state), text=True)
    assert again.key() == state.key() and again.log == state.log


def test_same_seed_same_draws():
    config = GameConfig(players=3, expansions=["hills-sheep"])
    first = [(a, [e.to_dict() for e in ev]) for _, a, ev, _ in testing.random_game(config, 11)]
    second = GameState.new(config, seed=11)
    for action, events in first:
        assert [e.to_dict() for e in second.apply(action)] == events


def test_positions_round_trip_between_turns_with_flocks_on_the_board():
    config = GameConfig(players=4, expansions=["hills-sheep"])
    seen = 0
    for _, _, _, state in testing.random_game(config, 5):
        if state.pending.kind == "tile" and state.pieces() and not state.is_over:
            text = dump_position(state)
            again = load_position(text, text=True)
            assert dump_position(again) == text
            assert again.legal_actions() == state.legal_actions()
            assert testing.play_out(again, 1) == testing.play_out(state.clone(), 1)
            seen += 1
    assert seen > 0
