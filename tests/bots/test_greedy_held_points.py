"""The greedy bot counts what players hold with what it would score now
(``carcassonne_held_points``): a coin that scores only at the end is a gain."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

import pytest

from carcassonne import (
    Action,
    Award,
    GameConfig,
    GameState,
    PluginError,
    ScoreItem,
    TypedAction,
    hookimpl,
)
from carcassonne.bots.simple import GreedyBot
from carcassonne.events import Event


class _NoFields(NamedTuple):
    pass


class TakeCoin(TypedAction, _NoFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-coin"


class Coins:
    """Instead of a figure, take a coin; each coin scores 5 at the end."""

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [TakeCoin]

    @hookimpl
    def carcassonne_figure_actions(self, state: GameState) -> list[Action]:
        return [TakeCoin()]

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        if type(action) is not TakeCoin:
            return None
        coins = list(self.coins(state))
        coins[state.player] += 1
        state.ext["coins"] = tuple(coins)
        return []

    def coins(self, state: GameState) -> tuple[int, ...]:
        held = state.ext.get("coins")
        return held if isinstance(held, tuple) else (0,) * state.players

    @hookimpl
    def carcassonne_score(self, state: GameState, final: bool) -> list[ScoreItem]:
        if not final:
            return []
        return [Award(p, 5 * n, None, "coins", "coins") for p, n in enumerate(self.coins(state))
                if n]  # fmt: skip


class ValuedCoins(Coins):
    @hookimpl
    def carcassonne_held_points(self, state: GameState) -> list[int]:
        return [5 * n for n in self.coins(state)]


class BadCoins(Coins):
    @hookimpl
    def carcassonne_held_points(self, state: GameState) -> list[int]:
        return [5]


def _at_figure(plugin: object, seed: int) -> GameState:
    state = GameState.new(GameConfig(players=2, plugins=[("coins", plugin)]), seed=seed)
    placements = [a for a in state.legal_actions() if "BA/" in str(a)]
    for action in placements:  # a placement that completes nothing: every choice gains 0 now
        probe = state.clone()
        probe.apply(action)
        if not probe.completions():
            return probe
    raise AssertionError(f"seed {seed}: every placement completes something; pick another")


def test_the_greedy_bot_takes_a_coin_it_values_and_ignores_one_it_does_not() -> None:
    valued = [GreedyBot(seed).choose(_at_figure(ValuedCoins(), seed)) for seed in range(8)]
    assert valued == [TakeCoin()] * 8
    plain = [GreedyBot(seed).choose(_at_figure(Coins(), seed)) for seed in range(8)]
    assert any(choice != TakeCoin() for choice in plain)  # all tie at 0: a random pick


def test_held_points_are_added_up_and_checked() -> None:
    state = GameState.new(GameConfig(players=2, plugins=[("coins", ValuedCoins())]), seed=1)
    hooks = state.config.hooks
    assert hooks.values_held and hooks.held_points(state) == [0, 0]
    state.ext["coins"] = (2, 0)
    assert hooks.held_points(state) == [10, 0]
    bad = GameState.new(GameConfig(players=2, plugins=[("coins", BadCoins())]), seed=1)
    with pytest.raises(PluginError, match="not one number per player"):
        bad.config.hooks.held_points(bad)
