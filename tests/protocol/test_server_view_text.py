"""The players' view the server sends (``Live.public_text``) is joined from the view it follows
move by move (``views.view_text``): after every move of random games, in random expansion
mixes and with the general mechanics' plugins, it must be byte for byte the text written from
a fresh ``state_to_json`` (``views.public_text``), with orjson, without it, and when a piece
cannot be written by orjson (the whole view is then written as before)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState
from carcassonne.json_view import JsonView
from carcassonne.plugins import installed_expansions
from carcassonne.server import views
from tests.mechanics.plugins import PLUGINS, mixes_with

pytest.importorskip("orjson")
ALL = tuple(sorted(installed_expansions()))


def follow(state: GameState, rng: random.Random, moves: int) -> int:
    """Random moves, the view followed and its text checked after each; the moves played."""
    view = JsonView.of(state, 0)
    assert views.view_text(view) == views.public_text(state)
    played = 0
    while not state.is_over and played < moves:
        legal = state.legal_actions()
        events = state.apply(legal[rng.randrange(len(legal))])
        view.advance(state, events)
        assert views.view_text(view) == views.public_text(state), played
        played += 1
    return played


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    mix=st.lists(st.sampled_from(ALL), unique=True, max_size=3),
    players=st.integers(2, 5),
    moves=st.integers(1, 90),
    orjson=st.booleans(),
)
def test_the_followed_text_is_the_fresh_one(seed, mix, players, moves, orjson):
    state = GameState.new(GameConfig(players=players, expansions=mix), seed=seed)
    with pytest.MonkeyPatch.context() as patch:
        if not orjson:
            patch.setattr(views, "_ORJSON", None)
        assert follow(state, random.Random(seed), moves) >= 1


def test_the_followed_text_with_every_mechanic():
    for name in sorted(PLUGINS):
        mix = mixes_with(name, [ALL, *((e,) for e in ALL), ()])[0]
        config = GameConfig(players=3, expansions=list(mix), plugins=[(name, PLUGINS[name])])
        assert follow(GameState.new(config, seed=7), random.Random(7), 40) == 40, name


def test_a_piece_orjson_refuses_writes_the_whole_view(monkeypatch):
    state = GameState.new(GameConfig(players=2), seed=1)
    view = JsonView.of(state, 0)

    def refuse(value: Any) -> str:
        raise TypeError("Integer exceeds 64-bit range")

    monkeypatch.setattr(views, "_orjson_piece", refuse)
    assert views.view_text(view) == views.public_text(state)
