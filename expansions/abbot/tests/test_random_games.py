"""Seeded random games with the Abbot (alone and with every installed expansion) hold the
engine's invariants: figures are conserved, scores never fall, legal actions apply, illegal ones
are refused without a trace, clone and undo are exact, and replays are deterministic."""

from __future__ import annotations

import random
from typing import Any

import pytest

from carcassonne import (
    ForcedChance,
    ForcedDraw,
    GameConfig,
    GameState,
    IllegalActionError,
    PlaceFigure,
)
from carcassonne.plugins import installed_expansions
from carcassonne_abbot.actions import ReturnAbbot


def loadable_expansions() -> list[str]:
    """Every installed expansion that loads (another engineer's may be unfinished)."""
    names = []
    for name, entry_point in sorted(installed_expansions().items()):
        try:
            entry_point.load()
        except Exception:
            continue
        names.append(name)
    return names


def observable(state: GameState) -> tuple:
    """Everything a player can see of a state, in a comparable form."""
    return (
        tuple(sorted((pos, p.tile.id, p.rotation) for pos, p in state.board.items())),
        tuple(sorted((root, fig) for root, fig in state.figures())),
        tuple(tuple(sorted(s.items())) for s in state.supply),
        tuple(state.scores),
        state.pending,
        tuple(state.draw_pile()),
        tuple(sorted(state.ext.items(), key=lambda item: item[0])),
        tuple(state.legal_actions()),
    )


def abbot_on_board(state: GameState) -> dict[int, int]:
    counts: dict[int, int] = {}
    for _, fig in state.figures():
        counts[fig.player] = counts.get(fig.player, 0) + (fig.kind == "abbot")
    return counts


def check_conservation(state: GameState) -> None:
    """Each figure is in its owner's supply, on the board, or a prisoner (The Tower)."""
    on_board: dict[tuple[int, str], int] = {}
    for _, fig in state.figures():
        on_board[fig.player, fig.kind] = on_board.get((fig.player, fig.kind), 0) + 1
    for prisoner in state.prisoners():
        key = (prisoner.player, prisoner.kind)
        on_board[key] = on_board.get(key, 0) + 1
    for player in range(state.players):
        for kind in state.config.figure_kinds.values():
            placed = on_board.get((player, kind.name), 0)
            assert state.supply[player][kind.name] + placed == kind.count, (player, kind.name)


def choose(rng: random.Random, actions: list[Any]) -> Any:
    """A random action, with the abbot's actions favoured so that games exercise them."""
    abbot = [
        a
        for a in actions
        if type(a) is ReturnAbbot or (type(a) is PlaceFigure and a.figure == "abbot")
    ]
    if abbot and rng.random() < 0.6:
        return rng.choice(abbot)
    return rng.choice(actions)


def play_and_check(config: GameConfig, seed: int) -> tuple[GameState, dict[str, int]]:
    state = GameState.new(config)
    rng = random.Random(seed)
    seen = {"abbot-placed": 0, "abbot-return": 0, "garden-points": 0}
    turn = 0
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, state.pending
        if state.pending.kind == "figure":
            turn += 1
            before = observable(state)
            if turn % 7 == 0:  # every legal option applies (on clones)
                for action in actions:
                    state.clone().apply(action)
                assert observable(state) == before
            for bogus in (ReturnAbbot(99, 99, "monastery"), PlaceFigure("abbot", 0, 0, "N")):
                if bogus not in actions:
                    with pytest.raises(IllegalActionError):
                        state.apply(bogus)
                    assert observable(state) == before
            assert observable(state.clone()) == before
        action = choose(rng, actions)
        scores = list(state.scores)
        events = state.apply(action)
        for e in events:  # scores never fall, but for points paid to another player (a ransom)
            if e.type == "points-transferred":
                scores[e.payer] -= e.points
                scores[e.payee] += e.points
        assert all(new >= old for new, old in zip(state.scores, scores, strict=True))
        check_conservation(state)
        if type(action) is ReturnAbbot:
            seen["abbot-return"] += 1
            assert [e.type for e in events][:2] == ["points", "figure-returned"]
        if type(action) is PlaceFigure and action.figure == "abbot":
            seen["abbot-placed"] += 1
            kind = state.feature_kind(state.feature_at(action.x, action.y, action.location))
            assert kind in ("monastery", "garden")
        seen["garden-points"] += sum(1 for e in events if e.type == "points" and e.kind == "garden")
        for e in events:
            if e.type == "figure-placed" and e.figure != "abbot":
                kind = state.feature_kind(state.feature_at(e.x, e.y, e.location))
                assert kind != "garden", e
    return state, seen


def check_undo_and_replay(state: GameState) -> None:
    """Undo gives back an earlier state exactly; the same actions give the same events. The
    log's forced draws and chance outcomes (another expansion's bag) are replayed as entries."""
    entries = list(state.log)
    replay = GameState.new(state.config)
    snapshots = []
    all_events = []
    for entry in entries:
        if isinstance(entry, ForcedDraw | ForcedChance):
            replay.replay_entry(entry)
            continue
        snapshots.append(observable(replay))
        all_events.append(replay.replay_entry(entry))
    assert observable(replay) == observable(state)
    again = GameState.new(state.config)
    again_events = []
    for entry in entries:
        events = again.replay_entry(entry)
        if not isinstance(entry, ForcedDraw | ForcedChance):
            again_events.append(events)
    assert again_events == all_events
    for back in (1, 5, len(snapshots) // 2):
        probe = state.clone()
        probe.undo(back)
        assert observable(probe) == snapshots[len(snapshots) - back]


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_the_abbot(seed: int) -> None:
    config = GameConfig(players=2 + seed % 3, expansions=["abbot"], seed=seed)
    state, seen = play_and_check(config, seed)
    assert seen["abbot-placed"] > 0
    if seed == 0:
        check_undo_and_replay(state)


def test_random_games_use_every_abbot_rule() -> None:
    totals = {"abbot-placed": 0, "abbot-return": 0, "garden-points": 0}
    for seed in range(10, 14):
        config = GameConfig(players=2, expansions={"abbot": {"count": 2}}, seed=seed)
        _, seen = play_and_check(config, seed)
        for key, value in seen.items():
            totals[key] += value
    assert all(value > 0 for value in totals.values()), totals


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_every_expansion(seed: int) -> None:
    names = loadable_expansions()
    if names == ["abbot"]:
        pytest.skip("no other expansion is installed")
    config = GameConfig(players=3, expansions=names, seed=seed)
    state, _ = play_and_check(config, seed)
    if seed == 0:
        check_undo_and_replay(state)
