"""Positions of games with each mechanic's test plugin: saved at random moments of random games
in every mix of the installed expansions, loaded again, they are the same game (key, legal
actions, views) and play on exactly like it; each check of the mechanics' keys has its exact
message (docs/positions.md)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from carcassonne import GameConfig, GameState
from carcassonne import events as ev
from carcassonne.plugins import installed_expansions
from carcassonne.position import dump_position, load_position
from carcassonne.serialize import state_to_json

from .plugins import PLUGINS

MIXES = [
    combo
    for n in range(len(installed_expansions()) + 1)
    for combo in itertools.combinations(sorted(installed_expansions()), n)
]

#: What a position does not keep, by design (docs/positions.md): who placed each tile but the
#: newest, the events that led there and the length of the log.
_NOT_KEPT = ("placed_by", "events", "actions_played")


def _plugins(name: str) -> list[tuple[str, object]]:
    return [(name, PLUGINS[name])]


def _key(state: GameState) -> tuple[object, ...]:
    """``state.key()`` without who placed each tile (a position keeps only the newest's)."""
    key = state.key()
    board = tuple((pos, tid, rotation) for pos, tid, rotation, _player in key[0])  # type: ignore[attr-defined]
    return (board, *key[1:])


def _view(state: GameState, player: int | None) -> dict[str, Any]:
    view = state_to_json(state, player=player)
    for tile in view["tiles"]:
        del tile["placed_by"]
    return {k: v for k, v in view.items() if k not in _NOT_KEPT}


def _same_game(state: GameState, again: GameState) -> None:
    assert _key(again) == _key(state)
    assert again.legal_actions() == state.legal_actions()
    for player in (None, *range(state.players)):
        assert _view(again, player) == _view(state, player)


def _plays_on_alike(state: GameState, again: GameState, rng: random.Random) -> int:
    """Both games take the same random actions to the end: the same events after each."""
    state, steps = state.clone(), 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        assert again.apply(action) == state.apply(action), f"after {steps} steps: {action}"
        steps += 1
    assert again.is_over and again.scores == state.scores
    assert again.outcome().scores == state.outcome().scores
    return steps


#: Keys of docs/positions.md each plugin's positions write (at least once over the mixes).
WRITTEN: dict[str, tuple[str, ...]] = {
    "t-builder": ("part",),
    "t-dragon": ("pieces",),
    "t-fairy": ("pieces",),
    "t-goods": ("t-goods",),  # its plugin data, under [ext]
    "t-hill": ("tiles_under",),
    "t-portal": (),
    "t-sheep": ("pieces", "chances"),
    "t-tower": ("pieces", "prisoners", "turn_actions"),
    "t-volcano": ("set_aside", "chances"),
}


def _check_positions(
    name: str, mix: tuple[str, ...], seed: int, players: int, chances: int, keys: set[str]
) -> int:
    """Play a random game; at ``chances`` random moments a position can be taken, save it,
    load it and compare; the last one is also played on to the end. Returns how many."""
    config = GameConfig(players=players, expansions=list(mix), plugins=_plugins(name))
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    checked = 0
    last: tuple[GameState, GameState] | None = None
    while not state.is_over:
        if (
            state.pending.kind in ("draw", "tile")
            and not state.in_extra_turns()
            and rng.random() < 0.2
            and checked < chances
        ):
            text = dump_position(state)
            keys.update(line.split(" = ")[0] for line in text.splitlines() if " = " in line)
            again = load_position(text, text=True, plugins=_plugins(name))
            _same_game(state, again)
            assert dump_position(again) == text
            checked += 1
            last = (state.clone(), again)
        state.apply(rng.choice(state.legal_actions()))
    if last is not None:
        _plays_on_alike(*last, random.Random(seed + 1))
    return checked


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_positions_of_every_mechanic_round_trip_in_every_mix(name: str) -> None:
    keys: set[str] = set()
    checked = sum(
        _check_positions(name, mix, seed=index, players=2 + index % 3, chances=4, keys=keys)
        for index, mix in enumerate(MIXES)
    )
    assert checked >= 2 * len(MIXES)
    missing = [key for key in WRITTEN[name] if key not in keys]
    assert not missing, f"{name}: no position wrote {missing}"


def test_a_saved_draw_decision_does_not_start_the_turn_again() -> None:
    """The fairy's point comes at the start of a turn: a game saved at the draw decision
    (``explicit_draws``) has it in the scores, and loading does not give it again."""
    config = GameConfig(players=2, options={"explicit_draws": True}, plugins=_plugins("t-fairy"))
    state = GameState.new(config, seed=4)
    rng = random.Random(4)
    found = 0
    for _ in range(400):
        if state.is_over:
            break
        points = [e for e in state.last_events if type(e) is ev.PointsScored and e.kind == "fairy"]
        if state.pending.kind == "draw" and points and not state.in_extra_turns():
            text = dump_position(state)
            assert "turn_started = true\n" in text
            again = load_position(text, text=True, plugins=_plugins("t-fairy"))
            _same_game(state, again)
            _plays_on_alike(state, again, random.Random(found))
            unstarted = load_position(
                text.replace("turn_started = true\n", ""), text=True, plugins=_plugins("t-fairy")
            )
            assert unstarted.scores[state.player] == state.scores[state.player] + 1
            found += 1
        state.apply(rng.choice(state.legal_actions()))
    assert found >= 2
