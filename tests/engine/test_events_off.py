"""The event-less path: ``apply(..., events=False)`` and ``apply_id(..., events=False)``.

Searches, probes and random playouts read no events, so the engine builds none of its own for
them; what hooks return or emit and the chance draws are kept (plugins read ``last_events``
during an action, searches key on chance outcomes). Skipping events must never change the
game: the same random games are played both ways side by side, in the base game and in mixes
of the installed expansions and the mechanics' test plugins, and the states must agree at
every step (``key()``, the JSON document, the log and the legal ids).
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState
from carcassonne.bots.determinise import PileSampler
from carcassonne.bots.mcts import MctsBot, _Node
from carcassonne.events import ChanceDrawn, Event, TileDrawn, TurnStarted
from carcassonne.plugins import installed_expansions
from carcassonne.serialize import state_to_json

from ..mechanics.plugins import PLUGINS

_INSTALLED = set(installed_expansions())

#: name -> (players, expansions, test plugins): the base game, the River mix of the benchmarks,
#: the Traders & Builders' builder that goes home when the dragon eats its follower (it reads
#: ``last_events`` during the action), the Tower's actions at any time, the hills' and the
#: test sheep's chance draws inside a turn, and plugins that emit events from their hooks.
_MIXES: dict[str, tuple[int, tuple[str, ...], tuple[str, ...]]] = {
    "base-2p": (2, (), ()),
    "base-5p": (5, (), ()),
    "river-abbot-abbey-mayor-3p": (3, ("river", "abbot", "abbey-mayor"), ()),
    "princess-dragon-traders-builders-3p": (3, ("princess-dragon", "traders-builders"), ()),
    "tower-inns-cathedrals-2p": (2, ("tower", "inns-cathedrals"), ()),
    "hills-sheep-2p": (2, ("hills-sheep",), ()),
    "t-sheep-t-volcano-2p": (2, (), ("t-sheep", "t-volcano")),
    "t-portal-t-fairy-t-goods-3p": (3, ("river",), ("t-portal", "t-fairy", "t-goods")),
}
MIXES = {name: mix for name, mix in _MIXES.items() if _INSTALLED.issuperset(mix[1])}


def _config(name: str) -> GameConfig:
    players, expansions, plugins = MIXES[name]
    return GameConfig(
        players=players,
        expansions=list(expansions),
        plugins=[(p, PLUGINS[p]) for p in plugins],
        seed=0,
    )


def _without_events(document: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in document.items() if key != "events"}


def _is_subsequence(part: list[Event], whole: list[Event]) -> bool:
    rest = iter(whole)
    return all(any(event == other for other in rest) for event in part)


def _play_both_ways(config: GameConfig, seed: int, limit: int = 600) -> int:
    """One random game played with events and without side by side (the quiet side by ids
    and by actions, picked at random each step); returns the number of steps checked."""
    loud = GameState.new(config, seed=seed)
    quiet = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not loud.is_over and steps < limit:
        count = len(loud.legal_action_ids())
        assert quiet.legal_action_ids() == range(count)
        k = rng.randrange(count)
        heard = loud.apply_id(k)
        if rng.random() < 0.5:
            kept = quiet.apply_id(k, events=False)
        else:
            kept = quiet.apply(quiet.action_for_id(k), events=False)
        assert kept is quiet.last_events
        # what is kept is what hooks added and the chance draws, in the order they came
        assert _is_subsequence(kept, heard), (kept, heard)
        assert [e for e in kept if type(e) is ChanceDrawn] == [
            e for e in heard if type(e) is ChanceDrawn
        ]
        assert not any(type(e) in (TileDrawn, TurnStarted) for e in kept)
        assert quiet.key() == loud.key()
        assert quiet.log == loud.log
        if steps % 25 == 0:
            assert _without_events(state_to_json(quiet)) == _without_events(state_to_json(loud))
        steps += 1
    assert quiet.is_over == loud.is_over
    assert _without_events(state_to_json(quiet)) == _without_events(state_to_json(loud))
    assert quiet.outcome() == loud.outcome()
    return steps


@pytest.mark.parametrize("name", sorted(MIXES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_same_game_with_and_without_events(name: str, seed: int) -> None:
    assert _play_both_ways(_config(name), seed) > 20


def test_a_base_turn_without_events_builds_none() -> None:
    state = GameState.new(GameConfig(players=2, seed=0), seed=4)
    other = state.clone()
    assert state.apply_id(0, events=False) == []
    assert state.last_events == []
    heard = other.apply_id(0)
    assert [e.type for e in heard] == ["tile-placed"]
    assert other.last_events == heard
    # the figure phase's pass ends the turn: completions, points, the next turn and its draw
    assert state.apply_id(0, events=False) == []
    assert [e.type for e in other.apply_id(0)][-2:] == ["turn", "tile-drawn"]
    assert state.key() == other.key()


def test_undo_replays_without_events_but_shows_the_last_actions() -> None:
    """``undo()`` replays every action but the last without events: ``last_events`` is what
    the action now last returned when it was played."""
    state = GameState.new(GameConfig(players=3, seed=0), seed=11)
    rng = random.Random(11)
    heard: list[list[Event]] = []
    keys = []
    while len(heard) < 40:
        heard.append(state.apply_id(rng.randrange(len(state.legal_action_ids()))))
        keys.append(state.key())
    for count in (1, 7, 39):
        back = state.clone()
        back.undo(count)
        assert back.last_events == heard[-count - 1]
        assert back.key() == keys[-count - 1]
    state.undo(40)
    assert state.last_events == state.initial().last_events


def _tree(node: _Node, out: list[object]) -> list[object]:
    """A search tree as a flat list: each node's visit counts, then per action its children by
    what chance made of it (sorted), each followed by its own subtree."""
    out.append(tuple(node.counts))
    for children in node.children:
        for key in sorted(children or (), key=repr):
            out.append(key)
            _tree((children or {})[key], out)
    return out


def test_the_search_builds_the_same_tree() -> None:
    """The mcts bot plays without events and keys its tree on the chance draws the list still
    holds: its tree from a decision that draws chance (a shepherd's bag) is the one the engine
    grew before the event-less path (recorded at 1f333dc, every action's events built)."""
    config = GameConfig(players=2, plugins=[("t-sheep", PLUGINS["t-sheep"])], seed=0)
    state = GameState.new(config, seed=0)
    rng = random.Random(0)
    while state.turn < 6 or state.pending.kind != "figure":
        state.apply_id(rng.randrange(len(state.legal_action_ids())))
    assert any(getattr(a, "figure", "") == "shepherd" for a in state.legal_actions())
    bot, root, sampler = MctsBot(5, iterations=80), _Node(), PileSampler(state)
    for _ in range(80):
        bot._iterate(root, state, sampler)
    tree = _tree(root, [])
    assert root.counts == [49, 10, 7, 14]
    drawn = [key for key in tree if type(key) is tuple and len(key) == 2 and key[1]]
    assert len(drawn) == 6  # children told apart by the bag's outcome
    assert hashlib.sha256(repr(tree).encode()).hexdigest()[:16] == "f8abc85a08d5e932"
    assert str(MctsBot(5, iterations=80).choose(state)) == "figure meeple 2,2 N"
