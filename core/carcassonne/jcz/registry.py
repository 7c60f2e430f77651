"""Every plugin's JCloisterZone names, checked and indexed (``carcassonne_jcz_names``).

The base game's names come first (:mod:`carcassonne.jcz.base`, a built-in plugin that this
module registers itself: the plugin manager's built-in rules sit below this package), then each
plugin's, in registration order. A name two plugins declare is a :class:`PluginError` naming
both. Each declaration is kept with its **owner**: ``None`` for the base game, else the name the
plugin is registered under (an expansion's name, or an extra plugin's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from carcassonne.actions import Action, TypedAction
from carcassonne.errors import PluginError
from carcassonne.jcz import base
from carcassonne.jcz.names import (
    NAME_TYPES,
    JczAction,
    JczElement,
    JczFeature,
    JczFigure,
    JczGame,
    JczMessage,
    JczNeutral,
    JczPhase,
    JczRule,
    JczScoring,
    JczSet,
    JczToken,
    JczWriter,
)
from carcassonne.plugins import Hooks, Plugin, installed_expansions, make_plugin_manager

#: The name the base game's JCZ declarations are registered under.
BASE = "base.jcz"

T = TypeVar("T")

#: A declaration with its owner (None: the base game).
Owned = tuple[str | None, T]


@dataclass
class JczNames:
    """The JCZ names of a set of plugins, indexed for the importer and the exporter."""

    sets: dict[str, Owned[JczSet]] = field(default_factory=dict)
    elements: dict[str, Owned[JczElement]] = field(default_factory=dict)
    rules: dict[str, Owned[JczRule]] = field(default_factory=dict)
    #: by JCZ type (``small``) and by figure kind (``meeple``)
    figures: dict[str, JczFigure] = field(default_factory=dict)
    figure_kinds: dict[str, JczFigure] = field(default_factory=dict)
    #: by JCZ feature class (``City``) and by feature kind (``city``)
    features: dict[str, JczFeature] = field(default_factory=dict)
    feature_kinds: dict[str, JczFeature] = field(default_factory=dict)
    tokens: dict[str, JczToken] = field(default_factory=dict)
    neutrals: dict[str, JczNeutral] = field(default_factory=dict)
    #: per message type, the readers: more ``when`` fields first, then registration order
    messages: dict[str, list[JczMessage]] = field(default_factory=dict)
    #: per action type, the writers: the plugins' in registration order, then the base game's
    writers: dict[type[TypedAction], list[JczWriter]] = field(default_factory=dict)
    #: per action type, how many of ``writers`` (at its end) are the base game's
    _base_writers: dict[type[TypedAction], int] = field(default_factory=dict)
    phases: list[JczPhase] = field(default_factory=list)
    actions: dict[str, JczAction] = field(default_factory=dict)
    scorings: dict[str, JczScoring] = field(default_factory=dict)
    #: who declared each name, for error messages: (what, key) -> plugin
    owners: dict[tuple[str, str], str] = field(default_factory=dict)

    def claim(self, what: str, key: str, plugin: str) -> None:
        first = self.owners.get((what, key))
        if first is not None:
            who = f"plugin {first!r}" if first == plugin else f"plugins {first!r} and {plugin!r}"
            raise PluginError(f"the JCloisterZone {what} {key!r} is declared by {who}")
        self.owners[what, key] = plugin

    def add(self, plugin: str, owner: str | None, item: object) -> None:
        """Index one declaration of ``plugin`` (``owner``: None for the base game)."""
        if isinstance(item, JczSet):
            self.claim("set", item.id, plugin)
            self.sets[item.id] = (owner, item)
        elif isinstance(item, JczElement):
            self.claim("element", item.id, plugin)
            self.elements[item.id] = (owner, item)
        elif isinstance(item, JczRule):
            self.claim("rule", item.id, plugin)
            self.rules[item.id] = (owner, item)
        elif isinstance(item, JczFigure):
            self.claim("figure type", item.type, plugin)
            self.claim("figure type of kind", item.figure, plugin)
            self.figures[item.type] = self.figure_kinds[item.figure] = item
        elif isinstance(item, JczFeature):
            self.claim("feature class", item.feature, plugin)
            self.claim("feature class of kind", item.kind, plugin)
            self.features[item.feature] = self.feature_kinds[item.kind] = item
        elif isinstance(item, JczToken):
            self.claim("token", item.token, plugin)
            self.tokens[item.token] = item
        elif isinstance(item, JczNeutral):
            self.claim("neutral figure", item.id, plugin)
            self.neutrals[item.id] = item
        elif isinstance(item, JczMessage):
            when = ", ".join(f"{k}={v}" for k, v in sorted(item.when.items()))
            self.claim("message", f"{item.type} {when}".strip(), plugin)
            readers = self.messages.setdefault(item.type, [])
            readers.append(item)
            readers.sort(key=lambda m: -len(m.when))  # stable: registration order among equals
        elif isinstance(item, JczWriter):
            writers = self.writers.setdefault(item.action, [])
            if owner is None:
                writers.append(item)  # the base game's: the fallback, tried last
            else:
                # a plugin's writer goes before the base game's (which are registered first):
                # it may write a plain action differently where its rule changes the turn (a
                # figure action followed by dragon steps before the closing COMMIT)
                writers.insert(len(writers) - self._base_writers.get(item.action, 0), item)
            if owner is None:
                self._base_writers[item.action] = self._base_writers.get(item.action, 0) + 1
        elif isinstance(item, JczPhase):
            self.phases.append(item)
            self.phases.sort(key=lambda p: p.when is None)
        elif isinstance(item, JczAction):
            # one JCZ action class may stand for actions of several plugins (JCZ's
            # ReturnMeepleAction: the abbot's early return and the princess): it is offered
            # when any of their ``matches`` holds
            first = self.actions.get(item.name)
            self.actions[item.name] = item if first is None else _either(first, item)
        elif isinstance(item, JczScoring):
            self.claim("score name", item.name, plugin)
            self.scorings[item.name] = item
        else:
            kinds = ", ".join(t.__name__ for t in NAME_TYPES)
            raise PluginError(
                f"plugin {plugin!r}: carcassonne_jcz_names returned {item!r} (expected {kinds})"
            )

    def reader_for(self, message_type: str, payload: Mapping[str, object]) -> list[JczMessage]:
        """The readers of a message whose ``when`` fields the payload has."""
        return [
            m
            for m in self.messages.get(message_type, ())
            if all(payload.get(k) == v for k, v in m.when.items())
        ]


def _either(first: JczAction, second: JczAction) -> JczAction:
    """One action name declared twice: it matches what either declaration matches."""

    def matches(state: JczGame, action: Action) -> bool:
        return first.matches(state, action) or second.matches(state, action)

    return JczAction(first.name, matches)


def names_of(hooks: Hooks) -> JczNames:
    """The JCZ names of the base game and of the plugins of ``hooks``."""
    names = JczNames()
    for item in base.carcassonne_jcz_names():
        names.add(BASE, None, item)
    for plugin, answer in hooks.jcz_names():
        for declared in answer:
            names.add(plugin, plugin, declared)
    return names


def installed_names(extra: Iterable[tuple[str, Plugin]] = ()) -> JczNames:
    """The JCZ names of every installed expansion and of ``extra`` plugins: what an import
    chooses the expansions of a file from."""
    installed = installed_expansions()
    return names_of(Hooks(make_plugin_manager(installed, extra)))
