"""Which feature kinds and tile sets are available: the core's plus installed expansions'.

Deliberately small and isolated: the engine's plugin manager will replace the entry-point
walking below. An expansion is an entry point in the group ``carcassonne.expansions``; the object
it loads (usually a module) may offer the pluggy hook implementations

* ``carcassonne_feature_kinds() -> list[FeatureKind]``
* ``carcassonne_tile_sets() -> list[Traversable | path]``

which are called directly here. The group ``carcassonne.feature_kinds`` (name = kind, value =
the expansion's module) names the provider of a kind without importing it, for messages such as
"feature kind 'river' is provided by the expansion 'river', which is not active".
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from carcassonne.tileset.kinds import CORE_KINDS
from carcassonne.tileset.model import FeatureKind

EXPANSIONS_GROUP = "carcassonne.expansions"
FEATURE_KINDS_GROUP = "carcassonne.feature_kinds"


def core_kinds() -> dict[str, FeatureKind]:
    """The kinds the core registers: city, road, field, monastery."""
    return dict(CORE_KINDS)


def base_tileset() -> Traversable:
    """The base game's tile file (``tiles/base.toml``, package ``carcassonne.tiles``)."""
    return resources.files("carcassonne.tiles").joinpath("base.toml")


def _expansions() -> Iterator[tuple[str, Any]]:
    for ep in metadata.entry_points(group=EXPANSIONS_GROUP):
        try:
            yield ep.name, ep.load()
        except Exception:  # noqa: BLE001 - a broken expansion must not break the tools
            continue


def _call(hook: Callable[..., Any]) -> list[Any]:
    """Call a hook implementation outside a game: a ``config`` parameter gets None. A broken
    implementation contributes nothing."""
    try:
        params = inspect.signature(hook).parameters
        kwargs = {name: None for name in params if name == "config"}
        return list(hook(**kwargs) or ())
    except Exception:  # noqa: BLE001
        return []


def installed_kinds() -> dict[str, FeatureKind]:
    """Core kinds plus every kind an installed expansion contributes."""
    kinds = core_kinds()
    for _name, obj in _expansions():
        hook = getattr(obj, "carcassonne_feature_kinds", None)
        if callable(hook):
            for kind in _call(hook):
                kinds.setdefault(kind.name, kind)
    return kinds


def installed_tilesets() -> dict[str, Traversable | Path]:
    """Set name (the file's stem) -> file: ``base`` plus every set an installed expansion
    contributes."""
    sets: dict[str, Traversable | Path] = {"base": base_tileset()}
    for _name, obj in _expansions():
        hook = getattr(obj, "carcassonne_tile_sets", None)
        if callable(hook):
            for source in _call(hook):
                src = source if hasattr(source, "read_text") else Path(source)
                sets.setdefault(Path(str(src.name)).stem, src)
    return sets


@functools.cache
def _provider_hints() -> dict[str, str]:
    hints: dict[str, str] = {}
    expansion_of_module = {
        ep.value.split(":")[0].split(".")[0]: ep.name
        for ep in metadata.entry_points(group=EXPANSIONS_GROUP)
    }
    for ep in metadata.entry_points(group=FEATURE_KINDS_GROUP):
        module = ep.value.split(":")[0].split(".")[0]
        hints[ep.name] = expansion_of_module.get(module, module.removeprefix("carcassonne_"))
    return hints


def kind_providers() -> dict[str, str]:
    """Kind name -> name of the expansion that provides it (for messages)."""
    return dict(_provider_hints())
