"""Each mechanic's test plugin (``plugins.py``) plays random games in every mix of the installed
expansions with every invariant held; what the mechanic does is seen to happen."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from carcassonne import GameConfig, GameState
from carcassonne import events as ev
from carcassonne.plugins import installed_expansions
from carcassonne.testing import figure_totals, initial_figures, mixes

from .plugins import PLUGINS, mixes_for

MIXES = mixes(installed_expansions())  # every mix up to 4 expansions, then a cover

#: What each plugin's mechanic shows in the events of its games (at least once over the mixes).
SEEN: dict[str, tuple[type[ev.Event], ...]] = {
    "t-builder": (ev.TurnPartStarted,),
    "t-goods": (ev.PointsScored,),
    "t-dragon": (ev.PiecePlaced, ev.PieceMoved, ev.FigureRemoved),
    "t-fairy": (ev.PiecePlaced, ev.PieceMoved),
    "t-portal": (ev.FigurePlaced,),
    "t-tower": (ev.PiecePlaced, ev.FigureCaptured, ev.PrisonerReleased),
    "t-sheep": (ev.ChanceDrawn, ev.PiecePlaced, ev.FigureRemoved),
    "t-hill": (ev.TilePutUnder,),
    "t-volcano": (ev.TileSetAside, ev.TilesShuffledIn),
}


def _config(name: str, mix: tuple[str, ...], players: int = 3) -> GameConfig:
    return GameConfig(players=players, expansions=list(mix), plugins=[(name, PLUGINS[name])])


def play_checked(config: GameConfig, seed: int) -> Counter[type[ev.Event]]:
    """A random game checked after every action; returns how often each event type came."""
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    start = initial_figures(config)
    seen: Counter[type[ev.Event]] = Counter(type(e) for e in state.last_events)
    turn_player = (state.turn, state.player)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "a game that is not over has legal actions"
        before = state.clone()
        total = sum(state.scores)
        action = rng.choice(legal)
        events = state.apply(action)
        steps += 1
        seen.update(type(e) for e in events)
        assert figure_totals(state) == start, f"figures appeared or vanished after {action}"
        assert sum(state.scores) >= total, "points are moved or made, never lost"
        if state.turn == turn_player[0] and not state.is_over:
            assert state.player == turn_player[1], "state.player changed inside a turn"
        turn_player = (state.turn, state.player)
        if steps % 7 == 0:
            undone = state.clone()
            undone.undo()
            assert undone == before, f"undo of {action} did not restore the state"
        if steps % 11 == 0:
            assert pickle.loads(pickle.dumps(state)) == state
    replay = state.initial()
    for entry in state.log:
        replay.replay_entry(entry)
    assert replay == state, "replaying the log gives the same game"
    assert replay.scores == state.scores
    outcome = state.outcome()
    assert [sum(p.values()) for p in outcome.points] == state.scores
    return seen


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_mechanic_in_every_mix(name: str) -> None:
    seen: Counter[type[ev.Event]] = Counter()
    for index, mix in enumerate(mixes_for(name, MIXES)):
        seen += play_checked(_config(name, mix, players=2 + index % 3), seed=index)
    missing = [t.__name__ for t in SEEN[name] if not seen[t]]
    assert not missing, f"{name}: no {', '.join(missing)} in {len(MIXES)} games"
