"""Invariants over random games with Abbey & Mayor, alone and mixed with the other expansions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.plugins import installed_expansions
from carcassonne.testing import check_actions, figure_totals, random_game

OTHERS = [name for name in ("abbot", "river") if name in installed_expansions()]
CONFIGS = {
    "alone": GameConfig(players=3, expansions=["abbey-mayor"]),
    "variants": GameConfig(
        players=4,
        expansions={
            "abbey-mayor": {"wagon_move": "C1", "barn_placement": "occupied"},
        },
    ),
    "mixed": GameConfig(players=3, expansions=["abbey-mayor", *OTHERS]),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_figures_conserved_scores_grow_abbeys_used_once(name, seed):
    config = CONFIGS[name]
    initial = [{k.name: k.count for k in config.figure_kinds.values()}] * config.players
    last = [0] * config.players
    abbeys = 0
    for _, action, events, state in random_game(config, seed):
        assert not any(e.type == "figure-returned" and e.figure == "barn" for e in events)
        assert figure_totals(state) == initial
        assert all(now >= then for now, then in zip(state.scores, last, strict=True))
        last = list(state.scores)
        if type(action) is PlaceTile and action.tile == "AM/A":
            abbeys += 1
            # an abbey only ever goes into a hole: all four neighbours present
            assert all(state.tile_at(action.x + dx, action.y + dy) for dx, dy in SIDES)
    assert state.is_over and state.legal_actions() == []
    assert sum(state.ext["abbey-mayor"]) + abbeys == config.players


SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_legal_actions_apply_others_rejected_clone_and_undo(name, seed):
    config = CONFIGS[name]
    rng = random.Random(seed)
    for before, _, _, state in random_game(config, seed):
        if rng.random() > 0.08:
            continue
        wrong = [
            PlaceTile("AM/A", 99, 99, 0),
            PlaceFigure("barn", 0, 0, "NW"),
            PlaceFigure("wagon", 99, 99, "N"),
            PlaceFigure("mayor", 0, 0, "S"),
        ]
        if before.pending.kind not in ("figure", "wagon"):
            wrong.append(Pass())
        check_actions(before, wrong)
        assert state.clone() == state
        again = state.clone()
        again.undo()
        assert again == before


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_same_seed_and_actions_same_events(name):
    config = CONFIGS[name]
    first = [(a, [e.to_dict() for e in ev]) for _, a, ev, _ in random_game(config, 7)]
    second = GameState.new(config, seed=7)
    for action, events in first:
        assert [e.to_dict() for e in second.apply(action)] == events
