"""Seeded random games with Inns & Cathedrals in every mix with the River, the Abbot and Abbey &
Mayor hold the engine's invariants and the expansion's own: figures are conserved, scores never
fall, one award line per feature and player, an inn road or cathedral city is scored with its
exact I&C value (0 when open at the end), legal actions apply and wrong ones are refused without
a trace, and undo/replay are exact."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from carcassonne import GameConfig, GameState, PlaceFigure, testing
from carcassonne.plugins import installed_expansions

OTHERS = ("river", "abbot", "abbey-mayor")
MIXES = [
    ("inns-cathedrals", *combo)
    for n in range(len(OTHERS) + 1)
    for combo in itertools.combinations(OTHERS, n)
]
BOGUS = (PlaceFigure("big", 99, 99, "N"), PlaceFigure("big", 0, 0, "garden"))


def expected_points(state: GameState, feature: int, kind: str, final: bool) -> int | None:
    """What I&C says a marked feature is worth (None: not marked)."""
    if kind == "road" and state.feature_attr(feature, "inn"):
        return 0 if final else 2 * len(state.feature_tiles(feature))
    if kind == "city" and state.feature_attr(feature, "cathedral"):
        shields = state.feature_attr(feature, "shields")
        return 0 if final else 3 * (len(state.feature_tiles(feature)) + shields)
    return None


def play(config: GameConfig, seed: int) -> tuple[GameState, Counter[str]]:
    seen: Counter[str] = Counter()
    initial = testing.initial_figures(config)
    state = None
    for n, (before, action, events, state) in enumerate(testing.random_game(config, seed)):
        assert testing.figure_totals(state) == initial
        assert all(a >= b for a, b in zip(state.scores, before.scores, strict=True))
        if n % 9 == 0 and not before.is_over:
            testing.check_actions(before, BOGUS)
        if type(action) is PlaceFigure and action.figure == "big":
            seen["big placed"] += 1
        testing.check_award_lines(state, events)
        for e in events:
            if e.type != "points":
                continue
            value = expected_points(state, e.feature, e.kind, e.final)
            if value is not None:
                assert e.points == value, (e, value)
                seen[f"{e.kind} {'open' if e.final else 'completed'}"] += 1
        if state.is_over:
            check_open_marked_features(before, state, events, seen)
    assert state is not None and state.is_over
    return state, seen


def check_open_marked_features(
    before: GameState, after: GameState, events: list, seen: Counter[str]
) -> None:
    """At the end an open inn road or cathedral city with figures on it gives nobody points
    (a 0 award leaves no points event)."""
    scored = {after.feature_id(e.feature) for e in events if e.type == "points" and e.final}
    for feature in {before.feature_id(f) for f, _ in before.figures()}:
        kind = before.feature_kind(feature)
        if before.is_complete(feature) or expected_points(before, feature, kind, True) is None:
            continue
        seen[f"{kind} open"] += 1
        assert after.feature_id(feature) not in scored, (kind, before.feature_tiles(feature))


def check_undo_and_replay(state: GameState) -> None:
    replay = GameState.new(state.config)
    for action in state.log:
        replay.apply(action)
    assert replay.scores == state.scores
    probe = state.clone()
    probe.undo(5)
    for action in state.log[-5:]:
        probe.apply(action)
    assert probe.scores == state.scores


@pytest.mark.parametrize("mix", MIXES, ids="+".join)
def test_random_games_in_every_mix(mix: tuple[str, ...]) -> None:
    missing = set(mix) - set(installed_expansions())
    if missing:
        pytest.skip(f"not installed: {sorted(missing)}")
    seen: Counter[str] = Counter()
    for seed in range(2):
        config = GameConfig(players=2 + seed * 4, expansions=mix, seed=seed)  # 2 and 6 players
        state, counts = play(config, seed)
        seen += counts
        if seed == 0:
            check_undo_and_replay(state)
    assert seen["big placed"] > 0, seen


def test_random_games_meet_inn_roads_and_cathedral_cities() -> None:
    """Completed and open inn roads and open cathedral cities (random play seldom completes a
    cathedral city, 5 tiles at least: the scenarios IC-03 and IC-08 do)."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        _, counts = play(GameConfig(players=3, expansions=["inns-cathedrals"], seed=seed), seed)
        seen += counts
    assert {"road completed", "road open", "city open"} <= set(seen), seen


def test_games_are_deterministic() -> None:
    config = GameConfig(players=3, expansions=["inns-cathedrals", "abbot"], seed=4)
    first = testing.play_out(GameState.new(config), 4)
    assert testing.play_out(GameState.new(config), 4) == first
