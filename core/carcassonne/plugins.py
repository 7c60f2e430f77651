"""Plugin discovery and the typed façade over ``pm.hook``.

One ``pluggy.PluginManager`` per game configuration (never a module global), holding the base
game's built-in plugins and the expansions the game names. Expansions are found through the
entry-point group ``carcassonne.expansions`` and only the chosen ones are imported.

:class:`Hooks` is the only place that calls ``pm.hook``: it turns each hook's list of results
into one deterministic answer, so the engine never depends on registration order.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import metadata
from typing import Any

import pluggy

from carcassonne import hookspecs
from carcassonne.actions import TypedAction
from carcassonne.errors import PluginError, UnknownExpansionError

ENTRY_POINT_GROUP = "carcassonne.expansions"


def installed_expansions() -> dict[str, metadata.EntryPoint]:
    """Installed expansions by name, without importing any of them."""
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def expansion_version(name: str) -> str:
    ep = installed_expansions().get(name)
    if ep is None or ep.dist is None:
        return "?"
    return ep.dist.version


def load_expansion(name: str) -> Any:
    eps = installed_expansions()
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none"
        raise UnknownExpansionError(f"unknown expansion {name!r} (installed expansions: {known})")
    try:
        return eps[name].load()
    except Exception as exc:  # a broken expansion must not crash the caller with a traceback
        raise PluginError(f"expansion {name!r} failed to load: {exc}") from exc


def builtin_plugins() -> list[tuple[str, Any]]:
    from carcassonne.rules import base_figures, base_scoring, base_setup

    return [
        ("base.setup", base_setup),
        ("base.figures", base_figures),
        ("base.scoring", base_scoring),
    ]


def make_plugin_manager(
    expansions: Iterable[str], extra: Iterable[tuple[str, Any]] = ()
) -> pluggy.PluginManager:
    """A fresh manager with the base game, the named expansions and any extra plugin objects.

    Plugins are registered in a fixed order (base first, then expansions sorted by name, then
    extras sorted by name) so that hook call order is the same however the user listed them.
    ``check_pending()`` makes a misspelled hook implementation fail loudly.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name, plugin in builtin_plugins():
        pm.register(plugin, name=name)
    for name in sorted(set(expansions)):
        pm.register(load_expansion(name), name=name)
    for name, plugin in sorted(extra, key=lambda item: item[0]):
        pm.register(plugin, name=name)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(str(exc)) from exc
    return pm


def _flat(results: list[Any]) -> list[Any]:
    """Concatenate the answers in registration order (pluggy calls the last registered first):
    the base game's answers come first, then the expansions' by name."""
    out: list[Any] = []
    for result in reversed(results):
        if result:
            out.extend(result)
    return out


class Hooks:
    """Typed access to the hooks of one configuration, combining results deterministically.

    pluggy calls implementations in reverse registration order; every method here either
    concatenates (and the caller sorts) or takes a union, so that order never shows.
    """

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self._h = pm.hook
        # Hooks nobody implements are skipped: the base game alone implements few per-turn
        # hooks, and a pluggy call costs more than the rest of a cheap turn phase.
        self._used = {
            name
            for name in dir(pm.hook)
            if name.startswith("carcassonne_") and getattr(pm.hook, name).get_hookimpls()
        }

    # setup
    def options(self) -> list[Any]:
        return _flat(self._h.carcassonne_options())

    def feature_kinds(self) -> list[Any]:
        return _flat(self._h.carcassonne_feature_kinds())

    def figure_kinds(self, config: Any) -> list[Any]:
        return _flat(self._h.carcassonne_figure_kinds(config=config))

    def tile_sets(self, config: Any) -> list[Any]:
        return _flat(self._h.carcassonne_tile_sets(config=config))

    def setup(self, setup: Any) -> None:
        self._h.carcassonne_setup(setup=setup)

    def action_types(self) -> list[type[TypedAction]]:
        return _flat(self._h.carcassonne_action_types())

    # tile phase
    def turn_options(self, state: Any) -> list[Any]:
        if "carcassonne_turn_options" not in self._used:
            return []
        return _flat(self._h.carcassonne_turn_options(state=state))

    def veto_placements(self, state: Any, tile: Any, candidates: list) -> set:
        if "carcassonne_veto_placements" not in self._used:
            return set()
        vetoes: set = set()
        for result in self._h.carcassonne_veto_placements(
            state=state, tile=tile, candidates=candidates
        ):
            if result:
                vetoes.update(result)
        return vetoes

    def tile_placed(self, state: Any, x: int, y: int, tile: Any, rotation: int) -> None:
        if "carcassonne_tile_placed" not in self._used:
            return None
        self._h.carcassonne_tile_placed(state=state, x=x, y=y, tile=tile, rotation=rotation)

    # figure phase
    def figure_options(self, state: Any, x: int, y: int, player: int) -> list[Any]:
        return _flat(self._h.carcassonne_figure_options(state=state, x=x, y=y, player=player))

    def veto_figure_options(self, state: Any, options: list) -> set:
        if "carcassonne_veto_figure_options" not in self._used:
            return set()
        vetoes: set = set()
        for result in self._h.carcassonne_veto_figure_options(state=state, options=options):
            if result:
                vetoes.update(result)
        return vetoes

    def apply_action(self, state: Any, action: Any) -> list[Any]:
        result = self._h.carcassonne_apply_action(state=state, action=action)
        if result is None:
            raise PluginError(f"no plugin applies actions of type {type(action).__name__}")
        return result

    # scoring
    def score(self, state: Any, completed: list[int], final: bool) -> list[Any]:
        return _flat(self._h.carcassonne_score(state=state, completed=completed, final=final))

    def after_scoring(self, state: Any, returned: list) -> list[Any]:
        if "carcassonne_after_scoring" not in self._used:
            return []
        return _flat(self._h.carcassonne_after_scoring(state=state, returned=returned))

    def decision_actions(self, state: Any, decision: Any) -> list[Any]:
        result = self._h.carcassonne_decision_actions(state=state, decision=decision)
        if result is None:
            raise PluginError(f"no plugin answers decisions of kind {decision.kind!r}")
        return result

    # end of game
    def extra_turns(self, state: Any) -> list[int]:
        if "carcassonne_extra_turns" not in self._used:
            return []
        return _flat(self._h.carcassonne_extra_turns(state=state))
