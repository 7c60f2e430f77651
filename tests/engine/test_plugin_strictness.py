"""Registration is strict: clashes name both plugins, unmarked hook functions and wrappers are
refused, and the order of legal actions never depends on hook ordering."""

from __future__ import annotations

from types import SimpleNamespace
from typing import ClassVar, NamedTuple

import pytest

from carcassonne import (
    Attribute,
    FeatureKind,
    FigureKind,
    GameConfig,
    GameState,
    KindExtension,
    Option,
    Pass,
    PlaceFigure,
    PluginError,
    TypedAction,
    hookimpl,
)
from carcassonne.actions import sort_actions
from carcassonne.plugins import all_installed_manager, installed_expansions, kinds_of
from carcassonne.tileset import catalog


def config_with(*plugins: tuple[str, object]) -> GameConfig:
    return GameConfig(players=2, plugins=list(plugins))


def test_a_feature_kind_registered_twice_names_both_plugins():
    plugin = SimpleNamespace(
        carcassonne_feature_kinds=hookimpl(lambda: [FeatureKind("road", "sides")])
    )
    with pytest.raises(PluginError) as err:
        config_with(("roads-again", plugin))
    assert str(err.value) == (
        "feature kind 'road' is defined by both plugin 'base.setup' and 'roads-again'"
    )


def test_a_figure_kind_registered_twice_names_both_plugins():
    plugin = SimpleNamespace(
        carcassonne_figure_kinds=hookimpl(lambda config: [FigureKind("meeple", 3)])
    )
    with pytest.raises(PluginError, match="figure kind 'meeple' is defined by both plugin "
                       "'base.setup' and 'my-meeples'"):  # fmt: skip
        config_with(("my-meeples", plugin))


def test_an_option_declared_twice_names_both_plugins():
    a = SimpleNamespace(carcassonne_rule_options=hookimpl(lambda: [Option("x.speed", 1)]))
    b = SimpleNamespace(carcassonne_rule_options=hookimpl(lambda: [Option("x.speed", 2)]))
    with pytest.raises(PluginError) as err:
        config_with(("b", b), ("a", a))
    assert str(err.value) == "option 'x.speed' is defined by both plugin 'a' and 'b'"


class _F(NamedTuple):
    pass


class FakeTile(TypedAction, _F):
    __slots__ = ()
    verb: ClassVar[str] = "tile"


def test_an_action_verb_of_the_core_cannot_be_reused():
    plugin = SimpleNamespace(carcassonne_action_types=hookimpl(lambda: [FakeTile]))
    with pytest.raises(PluginError) as err:
        config_with(("fake", plugin))
    assert str(err.value) == "action verb 'tile' is defined by both plugin 'core' and 'fake'"


def test_an_attribute_added_twice_names_both_plugins():
    def ext() -> list[KindExtension]:
        return [KindExtension("city", (Attribute("shields"),))]

    plugin = SimpleNamespace(carcassonne_kind_extensions=hookimpl(ext))
    with pytest.raises(PluginError) as err:
        config_with(("more-shields", plugin))
    assert str(err.value) == (
        "attribute 'city.shields' is defined by both plugin 'base.setup' and 'more-shields'"
    )


def test_extending_an_unknown_kind_is_an_error():
    def ext() -> list[KindExtension]:
        return [KindExtension("volcano", (Attribute("lava"),))]

    plugin = SimpleNamespace(carcassonne_kind_extensions=hookimpl(ext))
    with pytest.raises(PluginError, match="plugin 'lava' extends the feature kind 'volcano'"):
        config_with(("lava", plugin))


def test_an_unmarked_hook_function_is_an_error():
    plugin = SimpleNamespace(carcassonne_rule_options=lambda: [Option("x.y", 1)])
    with pytest.raises(PluginError) as err:
        config_with(("forgetful", plugin))
    assert str(err.value) == (
        "plugin 'forgetful': carcassonne_rule_options is not marked @hookimpl (every "
        "carcassonne_* function of a plugin must be a hook implementation)"
    )


def test_a_misspelled_hook_is_an_error():
    plugin = SimpleNamespace(carcassonne_figure_actionz=hookimpl(lambda: []))
    with pytest.raises(PluginError, match="unknown hook 'carcassonne_figure_actionz'"):
        config_with(("misspelled", plugin))


def test_a_hook_wrapper_is_refused():
    def wrap(state, x, y, player):
        yield

    plugin = SimpleNamespace(carcassonne_figure_actions=hookimpl(hookwrapper=True)(wrap))
    with pytest.raises(PluginError, match="is a hook wrapper, which is not supported"):
        config_with(("wrapper", plugin))


def test_two_plugins_with_one_name_are_an_error():
    with pytest.raises(PluginError, match="two plugins are named 'twice'"):
        config_with(("twice", SimpleNamespace()), ("twice", SimpleNamespace()))


class _Early:
    """Asks to run first and offers the meeple's own actions again, in reverse order."""

    @hookimpl(tryfirst=True)
    def carcassonne_figure_actions(self, state, x, y, player):
        free = [seg.location for f, seg in state.segments(x, y) if not state.figures_on(f)]
        return [PlaceFigure("meeple", x, y, loc) for loc in reversed(free)]


def test_legal_actions_are_sorted_whatever_hook_order_plugins_ask_for():
    plain = GameState.new(GameConfig(players=2, seed=9))
    early = GameState.new(GameConfig(players=2, seed=9, plugins=[("early", _Early())]))
    for state in (plain, early):
        state.apply(state.legal_actions()[0])
    assert len(plain.legal_actions()) > 2
    assert early.legal_actions() == plain.legal_actions() == sort_actions(plain.legal_actions())
    assert plain.legal_actions()[-1] == Pass()


def test_tile_tools_see_the_kinds_games_see():
    """One discovery path: the tile tools' kinds are those of a game with every expansion."""
    names = sorted(installed_expansions())
    config = GameConfig(players=2, expansions=names)
    assert catalog.installed_kinds() == dict(config.kinds)
    assert kinds_of(all_installed_manager()) == dict(config.kinds)


def test_a_setup_hook_answering_the_wrong_type_is_a_plugin_error():
    not_a_list = SimpleNamespace(carcassonne_rule_options=hookimpl(lambda: 5))
    with pytest.raises(PluginError) as err:
        config_with(("not-a-list", not_a_list))
    assert str(err.value) == "plugin 'not-a-list': carcassonne_rule_options returned 5, not a list"
    wrong_items = SimpleNamespace(carcassonne_figure_kinds=hookimpl(lambda config: ["abbot"]))
    with pytest.raises(PluginError) as err:
        config_with(("wrong-items", wrong_items))
    assert str(err.value) == (
        "plugin 'wrong-items': carcassonne_figure_kinds returned 'abbot' in its list "
        "(expected FigureKind values)"
    )


def test_a_parameter_the_hook_does_not_have_is_a_plugin_error():
    plugin = SimpleNamespace(carcassonne_turn_actions=hookimpl(lambda stat: []))
    with pytest.raises(PluginError, match="'stat'"):
        config_with(("misnamed", plugin))
