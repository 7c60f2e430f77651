"""The plugin system: discovery, validation of hooks and options, a fan's plugin."""

from __future__ import annotations

import random
import types

import pytest

from carcassonne import (
    ConfigError,
    GameConfig,
    GameState,
    PlaceFigure,
    PluginError,
    UnknownExpansionError,
    hookimpl,
)
from carcassonne.plugins import installed_expansions
from carcassonne.position import Position, build_state
from carcassonne.state import Award
from carcassonne.testing import RED, board, place, points


def test_unknown_expansion_names_the_installed_ones():
    with pytest.raises(UnknownExpansionError) as info:
        GameConfig(expansions=["rivr"])
    message = str(info.value)
    assert message.startswith("unknown expansion 'rivr' (installed expansions: ")
    for name in installed_expansions():
        assert name in message


def test_misspelled_hook_fails_loudly():
    plugin = types.SimpleNamespace(carcassonne_figure_option=hookimpl(lambda state: []))
    with pytest.raises(PluginError, match="carcassonne_figure_option"):
        GameConfig(plugins=[("typo", plugin)])


@pytest.mark.parametrize(
    "options, message",
    [
        ({"meples": 3}, "unknown option 'meples'"),
        ({"tiny_city": 3}, "option 'tiny_city' must be one of 4, 2, not 3"),
        ({"tiny_city": True}, "option 'tiny_city' must be one of 4, 2, not true"),
        ({"farmers": "yes"}, "option 'farmers' must be true or false, not \"yes\""),
        ({"edition": "C4"}, 'option \'edition\' must be one of "C2", "C3", "C1", not "C4"'),
        ({"meeples": -1}, "option 'meeples' must be at least 0, not -1"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig(options=options)


@pytest.mark.parametrize("players", [0, 7, "2"])
def test_bad_player_counts(players):
    with pytest.raises(ConfigError, match="a game has 1 to 6 players"):
        GameConfig(players=players)


def test_configs_do_not_share_plugin_managers():
    a, b = GameConfig(), GameConfig()
    assert a.pm is not b.pm


class Vineyard:
    """A fan's plugin: 3 bonus points for the owners of every road completed during play.

    Shows that an outside plugin adds scoring without touching the core.
    """

    @hookimpl
    def carcassonne_score(self, state, completed, final):
        return [
            Award(player, 3, feature, "road", "vineyard bonus", stage=1)
            for feature in completed
            if state.feature_kind(feature) == "road" and not final
            for player in state.majority(feature)
        ]


def test_a_fans_plugin_adds_scoring():
    cfg = GameConfig(plugins=[("vineyard", Vineyard())], seed=1)
    state = build_state(
        cfg,
        Position(
            tiles=[("BA/LR", -1, 0, 270), ("BA/RCr", 0, 0, 0)],
            figures=[(RED, "meeple", 0, 0, "W")],
        ),
    )
    events = place(state, "BA/RRR @(1,0) r0")
    assert points(events) == {RED: 3 + 3}
    reasons = [e.reason for e in events if e.type == "points"]
    assert reasons == ["completed", "vineyard bonus"]


def test_registration_order_does_not_change_the_game():
    names = sorted(installed_expansions())
    if len(names) < 2:
        pytest.skip("needs two installed expansions")
    one = GameState.new(GameConfig(expansions=names, seed=4))
    two = GameState.new(GameConfig(expansions=list(reversed(names)), seed=4))
    rng1, rng2 = random.Random(9), random.Random(9)
    for _ in range(60):
        if one.is_over:
            break
        a, b = one.legal_actions(), two.legal_actions()
        assert a == b
        one.apply(rng1.choice(a))
        two.apply(rng2.choice(b))
    assert one.scores == two.scores and one.key() == two.key()


def test_placefigure_offers_use_board_orientation():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    state.apply(state.legal_actions()[0])  # BA/C at (0,-1) r180: the city faces south
    assert PlaceFigure("meeple", 0, -1, "S") in state.legal_actions()
