"""Renamed hooks keep working with a DeprecationWarning naming the new name
(``carcassonne.hookspecs.DEPRECATED_HOOKS``, docs/compatibility.md)."""

from __future__ import annotations

import inspect
import warnings

import pytest

from carcassonne import GameConfig, GameState, Option, PlaceFigure, PluginError, hookimpl, hookspecs
from carcassonne.actions import Pass


class OldStyle:
    """Written against the first plugin API: every renamed hook under its old name."""

    @hookimpl
    def carcassonne_options(self):
        return [Option("old.points", 2, (1, 2, 3), "points")]

    @hookimpl
    def carcassonne_turn_options(self, state):
        return []

    @hookimpl
    def carcassonne_figure_options(self, state, x, y, player):
        return []

    @hookimpl
    def carcassonne_veto_figure_options(self, options):
        """Keeps meeples off fields (the old parameter name ``options``)."""
        return [o for o in options if isinstance(o, PlaceFigure) and len(o.location) == 2]


def _config(*plugins):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        config = GameConfig(players=2, plugins=list(plugins))
    return config, [w for w in caught if issubclass(w.category, DeprecationWarning)]


def test_each_old_name_warns_naming_the_new_one():
    _config_, caught = _config(("old", OldStyle()))
    assert sorted(str(w.message) for w in caught) == sorted(
        f"plugin 'old': the hook {e.old} is deprecated since {e.since}; implement {e.new} instead"
        for e in hookspecs.DEPRECATED_HOOKS.values()
    )


def test_old_implementations_run_under_the_new_names():
    config, _caught = _config(("old", OldStyle()))
    assert config.options["old.points"] == 2
    state = GameState.new(config, seed=3)
    state.apply(state.legal_actions()[0])
    offered = state.legal_actions()
    assert any(isinstance(a, PlaceFigure) for a in offered)
    assert not any(isinstance(a, PlaceFigure) and len(a.location) == 2 for a in offered)
    assert offered[-1] == Pass()


def test_a_plugin_with_both_names_is_an_error():
    class Both(OldStyle):
        @hookimpl
        def carcassonne_rule_options(self):
            return []

    with pytest.raises(PluginError) as err:
        _config(("both", Both()))
    assert str(err.value) == (
        "plugin 'both' implements both carcassonne_options (deprecated) and "
        "carcassonne_rule_options: keep carcassonne_rule_options only"
    )


def test_an_old_name_with_a_parameter_the_hook_never_had_is_an_error():
    class Wrong:
        @hookimpl
        def carcassonne_veto_figure_options(self, state, choices):
            return []

    with pytest.raises(PluginError, match="choices"):
        _config(("wrong", Wrong()))


def test_a_plugin_on_the_current_names_gets_no_warning():
    class Current:
        @hookimpl
        def carcassonne_rule_options(self):
            return [Option("new.points", 1, (1, 2), "points")]

    _config_, caught = _config(("current", Current()))
    assert caught == []


def test_the_table_maps_to_real_hooks_and_parameters():
    for entry in hookspecs.DEPRECATED_HOOKS.values():
        assert not hasattr(hookspecs, entry.old), entry.old
        spec = getattr(hookspecs, entry.new)
        params = set(inspect.signature(spec).parameters)
        assert {new for _old, new in entry.params} <= params, entry.new
    assert set(hookspecs.DEPRECATED_HOOKS) == {
        "carcassonne_options",
        "carcassonne_turn_options",
        "carcassonne_figure_options",
        "carcassonne_veto_figure_options",
    }
