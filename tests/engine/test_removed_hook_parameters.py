"""A hook implementation that still takes a parameter the hook no longer has registers with a
DeprecationWarning naming the parameter and the release (``hookspecs.REMOVED_PARAMETERS``):
the engine passes the current parameters only, the old one gets None (or keeps its default).
A parameter that is in no table stays an error."""

from __future__ import annotations

import warnings

import pytest

from carcassonne import GameConfig, GameState, PluginError, hookimpl, hookspecs
from carcassonne.hookspecs import RemovedParameter


def _config(*plugins):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        config = GameConfig(players=2, plugins=list(plugins))
    return config, [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]


def test_the_table_names_real_removals():
    (entry,) = hookspecs.REMOVED_PARAMETERS["carcassonne_tile_sets"]
    assert (entry.hook, entry.param, entry.since) == ("carcassonne_tile_sets", "config", "0.1.0")
    for hook, entries in hookspecs.REMOVED_PARAMETERS.items():
        spec = getattr(hookspecs, hook)
        assert all(e.hook == hook and e.param not in spec.__code__.co_varnames for e in entries)


def test_an_old_tile_sets_implementation_still_registers_and_gets_none():
    seen = []

    class Old:
        @hookimpl
        def carcassonne_tile_sets(self, config):
            seen.append(config)
            return []

    config, caught = _config(("old", Old()))
    assert caught == [
        "plugin 'old': carcassonne_tile_sets takes the parameter 'config', removed from the hook "
        "in 0.1.0 (tile sets take no config); the engine no longer passes it (it gets None, or "
        "its default): remove it"
    ]
    assert seen and set(seen) == {None}
    assert GameState.new(config).tiles_left() == 70  # the game plays as before


def test_an_old_parameter_with_a_default_keeps_it(monkeypatch: pytest.MonkeyPatch):
    """A test-defined entry: carcassonne_extra_turns lost a parameter 'rounds'."""
    monkeypatch.setitem(
        hookspecs.REMOVED_PARAMETERS,
        "carcassonne_extra_turns",
        (RemovedParameter("carcassonne_extra_turns", "rounds", "0.2.0"),),
    )
    got = []

    class Old:
        @hookimpl
        def carcassonne_extra_turns(self, state, rounds=2):
            got.append((type(state).__name__, rounds))
            return []

    config, caught = _config(("old", Old()))
    assert caught == [
        "plugin 'old': carcassonne_extra_turns takes the parameter 'rounds', removed from the "
        "hook in 0.2.0; the engine no longer passes it (it gets None, or its default): remove it"
    ]
    state = GameState.new(config, seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert got and set(got) == {("GameState", 2)}  # called with its default, without 'rounds'


def test_a_parameter_in_no_table_is_still_an_error():
    class Wrong:
        @hookimpl
        def carcassonne_tile_sets(self, config, edition):
            return []

    with pytest.raises(PluginError, match="edition"):
        _config(("wrong", Wrong()))
