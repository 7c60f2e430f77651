"""The integer action path: ``legal_action_ids()`` / ``action_for_id()`` / ``apply_id()``.

Id ``k`` is ``legal_actions()[k]``; playing a game by ids is playing it by actions (same
events, same log, same scores), with the placements counted from the fit table (base game),
listed and vetoed (River), or merged with actions at any time (a mechanic's test plugin).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState, IllegalActionError, PlaceTile
from carcassonne.bots import RandomBot

from ..mechanics.plugins import PLUGINS
from .test_fingerprints import GAMES, RECORDED

BASE = GameConfig(players=2, seed=0)
RIVER = GameConfig(players=3, expansions=["river", "abbot", "abbey-mayor"], seed=0)
#: actions at any time (the tower's ransom) and a piece with its own decisions
TOWER = GameConfig(players=3, plugins=[("t-tower", PLUGINS["t-tower"])], seed=0)
CONFIGS = {"base": BASE, "river-abbot-abbey-mayor": RIVER, "t-tower": TOWER}


def _same_game_both_ways(config: GameConfig, seed: int, limit: int = 400) -> int:
    """Play one random game by actions and by ids side by side, checking the correspondence at
    every decision; return how many decisions were checked."""
    by_action = GameState.new(config, seed=seed)
    by_id = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not by_action.is_over and steps < limit:
        ids = by_id.legal_action_ids()
        legal = by_action.legal_actions()
        assert ids == range(len(legal))
        assert [by_id.action_for_id(k) for k in ids] == legal
        k = rng.randrange(len(legal))
        assert by_id.apply_id(k) == by_action.apply(legal[k])
        assert by_id.log == by_action.log
        assert by_id.scores == by_action.scores
        steps += 1
    assert by_id.is_over == by_action.is_over
    assert by_id.legal_action_ids() == range(len(by_action.legal_actions()))
    return steps


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_id_k_is_the_kth_legal_action(name: str, seed: int) -> None:
    assert _same_game_both_ways(CONFIGS[name], seed) > 10


def _fingerprint_by_ids(players: int, expansions: list[str], seed: int) -> str:
    """The digest ``test_fingerprints.fingerprint`` takes of a random game (its legal lists,
    events and scores), of the same game played through ``legal_action_ids``/``apply_id``: the
    legal lists are still fed, as ``action_for_id`` gives them, so the digest must not move.
    (``test_fingerprints.py`` itself stays as issue 34 asks: unchanged.)"""
    state = GameState.new(GameConfig(players=players, expansions=expansions, seed=seed), seed=seed)
    digest = hashlib.sha256()
    rng = random.Random(seed)
    lists = [[e.to_dict() for e in state.last_events]]
    while not state.is_over:
        ids = state.legal_action_ids()
        lists.append([state.action_for_id(k).to_dict() for k in ids])
        lists.append([e.to_dict() for e in state.apply_id(rng.choice(ids))])
    lists.append([{"scores": state.scores}])
    for items in lists:
        digest.update(json.dumps(items, sort_keys=True).encode() + b"\n")
    return digest.hexdigest()


@pytest.mark.parametrize("name", ["base-2p-random", "river-abbot-abbey-mayor-2p-random"])
def test_games_by_ids_match_the_recorded_fingerprints(name: str) -> None:
    players, expansions, seeds, bot = GAMES[name]
    assert bot == "random"
    recorded = json.loads(Path(RECORDED).read_text())[name]
    by_ids = [_fingerprint_by_ids(players, expansions, s) for s in seeds[:3]]
    assert by_ids == recorded[:3]


def _mid_tile_decision(config: GameConfig, seed: int) -> GameState:
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    while state.turn < 6 or state.pending.kind != "tile":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_bad_id_is_refused_and_changes_nothing() -> None:
    state = _mid_tile_decision(BASE, 3)
    count = len(state.legal_actions())
    before = (state.log.copy(), state.pending, state.drawn)
    for bad in (-1, count, 10**6, 1.0, "0", True):
        with pytest.raises(IllegalActionError) as caught:
            state.apply_id(bad)  # type: ignore[arg-type]
        assert caught.value.code == "not-offered"
        assert caught.value.details == {"ids": count}
        assert f"no legal action has the id {bad!r} (ids now: 0..{count - 1})" in str(caught.value)
    assert (state.log, state.pending, state.drawn) == before
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match=r"has the id 0 \(none is legal now\)"):
        state.apply_id(0)
    assert state.legal_action_ids() == range(0)


def test_ids_follow_clone_undo_forced_draws_and_pickling() -> None:
    state = _mid_tile_decision(BASE, 5)
    ids = state.legal_action_ids()  # builds the table of this draw
    assert isinstance(state.action_for_id(ids[-1]), PlaceTile)
    clone = state.clone()
    assert [clone.action_for_id(k) for k in ids] == state.legal_actions()
    state.apply_id(0)  # the clone's table still describes the clone
    assert [clone.action_for_id(k) for k in clone.legal_action_ids()] == clone.legal_actions()
    state.undo()
    assert [state.action_for_id(k) for k in state.legal_action_ids()] == state.legal_actions()
    other = next(t for t in state.draw_pile() if t != state.drawn)
    state.force_draw(other)
    assert state.drawn == other
    assert [state.action_for_id(k) for k in state.legal_action_ids()] == state.legal_actions()
    copy = pickle.loads(pickle.dumps(state))
    assert [copy.action_for_id(k) for k in copy.legal_action_ids()] == state.legal_actions()


def test_random_bot_plays_the_same_game_by_ids_and_by_actions() -> None:
    by_action, by_id = GameState.new(RIVER, seed=2), GameState.new(RIVER, seed=2)
    one, other = RandomBot(9), RandomBot(9)
    while not by_action.is_over:
        action = one.choose(by_action)
        assert action in by_action.legal_actions()
        k = other.choose_id(by_id)
        assert by_id.action_for_id(k) == action
        by_action.apply(action)
        by_id.apply_id(k)
    assert by_id.log == by_action.log
    assert by_id.scores == by_action.scores


def test_a_random_bot_subclass_that_picks_its_own_way_is_still_asked() -> None:
    class LastBot(RandomBot):
        def pick(self, state, actions):  # type: ignore[no-untyped-def]
            return actions[-1]

    state = _mid_tile_decision(BASE, 4)
    legal = state.legal_actions()
    assert LastBot(0).choose(state) == legal[-1]
    assert LastBot(0).choose_id(state) == len(legal) - 1


def test_a_ransom_at_a_tile_decision_takes_the_ids_after_the_placements() -> None:
    """Actions at any time are numbered after the drawn tile's placements (no legal list is
    built for them): playing one keeps the tile decision, and its placements, pending."""
    for seed in range(40):  # bounded: a prisoner with 3 points in hand comes within a few
        state = GameState.new(TOWER, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not (
            state.pending.kind == "tile" and state.anytime_actions()
        ):
            state.apply_id(rng.randrange(len(state.legal_action_ids())))
        if not state.is_over:
            break
    else:
        pytest.fail("no tile decision with a ransom offered in 40 games")
    placements = [PlaceTile(state.drawn, x, y, r) for x, y, r in state.legal_tile_placements()]
    ransoms = state.anytime_actions()
    assert len(ransoms) == 1
    ids = state.legal_action_ids()
    assert ids == range(len(placements) + 1)
    assert [state.action_for_id(k) for k in ids] == [*placements, *ransoms]
    assert state.legal_actions() == [*placements, *ransoms]
    drawn, score = state.drawn, state.scores[state.player]
    state.apply_id(len(placements))
    assert (state.pending.kind, state.drawn) == ("tile", drawn)
    assert state.scores[state.player] == score - 3
    assert [state.action_for_id(k) for k in state.legal_action_ids()] == placements


def test_vetoes_are_asked_once_per_draw_and_struck_from_the_ids() -> None:
    """A River tile's placements are vetoed once, at its draw; ids count what is left, and
    listing the actions afterwards asks nothing more."""
    from carcassonne_river import plugin as river

    asked: list[tuple[str, int]] = []
    real = river.vetoed_placements

    def counted(state, tile, candidates, mode):  # type: ignore[no-untyped-def]
        asked.append((tile.id, len(candidates)))
        return real(state, tile, candidates, mode)

    river.vetoed_placements = counted
    try:
        state = GameState.new(RIVER, seed=1)
        while not (state.pending.kind == "tile" and asked):
            state.apply_id(0)
        assert len(asked) == 1
        tile, candidates = asked[0]
        assert tile == state.drawn
        ids = state.legal_action_ids()
        assert 0 < len(ids) < candidates  # the River forbids some of the fitting placements
        assert [state.action_for_id(k) for k in ids] == state.placements_of(tile)
        assert state.legal_actions() == state.placements_of(tile)
        assert len(asked) == 3  # placements_of asks for itself; the draw's table did not
    finally:
        river.vetoed_placements = real
