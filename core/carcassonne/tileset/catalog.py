"""Which feature kinds and tile sets are available: the core's plus installed expansions'.

The tile tools (``carcassonne tiles check|list|show|fmt``) see what a game with every installed
expansion would see: the same plugin manager (``carcassonne.plugins``), the same feature kinds
with every kind extension applied, the same tile set files. The entry-point group
``carcassonne.feature_kinds`` (name = kind, value = the expansion's module) names the provider of
a kind without importing it, for messages such as "feature kind 'river' is provided by the
expansion 'river', which is not active".
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

from carcassonne.plugins import ENTRY_POINT_GROUP, Hooks, all_installed_manager, kinds_of
from carcassonne.tileset.kinds import CORE_KINDS
from carcassonne.tileset.model import FeatureKind

EXPANSIONS_GROUP = ENTRY_POINT_GROUP
FEATURE_KINDS_GROUP = "carcassonne.feature_kinds"

#: A tile set file: a path or a packaged resource.
Source = Traversable | Path


def core_kinds() -> dict[str, FeatureKind]:
    """The kinds the core registers: city, road, field, monastery."""
    return dict(CORE_KINDS)


def base_tileset() -> Traversable:
    """The base game's tile file (``tiles/base.toml``, package ``carcassonne.tiles``)."""
    return resources.files("carcassonne.tiles").joinpath("base.toml")


def installed_kinds(extra: Sequence[tuple[str, object]] = ()) -> dict[str, FeatureKind]:
    """Core kinds plus every kind an installed expansion (or an ``extra`` plugin object)
    registers, extensions applied."""
    return kinds_of(all_installed_manager(extra))


def installed_tilesets(extra: Sequence[tuple[str, object]] = ()) -> dict[str, Source]:
    """Set name (the file's stem) -> file: ``base`` plus every set an installed expansion (or
    an ``extra`` plugin object) ships."""
    sets: dict[str, Source] = {}
    for _plugin, source in Hooks(all_installed_manager(extra)).tile_sets():
        src = source if isinstance(source, Traversable | Path) else Path(source)
        sets.setdefault(Path(str(src.name)).stem, src)
    return sets


@functools.cache
def _provider_hints() -> dict[str, str]:
    hints: dict[str, str] = {}
    expansion_of_module = {
        ep.value.split(":")[0].split(".")[0]: ep.name
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)
    }
    for ep in metadata.entry_points(group=FEATURE_KINDS_GROUP):
        module = ep.value.split(":")[0].split(".")[0]
        hints[ep.name] = expansion_of_module.get(module, module.removeprefix("carcassonne_"))
    return hints


def kind_providers() -> dict[str, str]:
    """Kind name -> name of the expansion that provides it (for messages)."""
    return dict(_provider_hints())
