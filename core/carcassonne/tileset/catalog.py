"""Which feature kinds and tile sets are available: the core's plus installed expansions'.

The tile tools (``carcassonne tiles check|list|show|sheet|fmt``) load, for each file, what the
file needs (:func:`file_kinds`): the base game, the ``--plugin`` plugins, and the installed
expansions whose feature kinds or attributes the file uses (or the expansion that ships it),
through the same plugin manager and kind checks as a game (``carcassonne.plugins``). Two
installed expansions that clash therefore break only a file that needs both, and a file whose
kind or attribute two expansions define is an error naming both (:class:`AmbiguousKindError`).
:func:`installed_kinds` is every installed expansion at once. The entry-point group
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

from carcassonne.errors import PluginError
from carcassonne.files import FileError, read_text
from carcassonne.plugins import (
    BUILTIN_PLUGINS,
    ENTRY_POINT_GROUP,
    Hooks,
    KindProvision,
    all_installed_manager,
    installed_expansions,
    kinds_of,
    make_plugin_manager,
)
from carcassonne.tileset.kinds import CORE_KINDS
from carcassonne.tileset.model import FeatureKind
from carcassonne.toml_input import InputProblem, load_toml
from carcassonne.values import TileMark

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


def installed_tile_marks(extra: Sequence[tuple[str, object]] = ()) -> dict[str, TileMark]:
    """How every installed expansion (or ``extra`` plugin object) marks its tile tags.

    Without ``extra`` the answer is remembered for the process (a copy is returned): building
    the manager scans the installed packages (tens of milliseconds), and every tile picture
    asks."""
    if extra:
        return Hooks(all_installed_manager(extra)).tile_marks()
    return dict(_installed_marks())


@functools.cache
def _installed_marks() -> dict[str, TileMark]:
    return Hooks(all_installed_manager(())).tile_marks()


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


class AmbiguousKindError(PluginError):
    """A tile file uses a feature kind or an attribute that two installed expansions define:
    the message names the file, the kind or attribute and both plugins."""


def file_uses(text: str) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The feature kinds and ``(kind, attribute)`` pairs the ``features`` of a tile file's
    text name, read without knowing any kind (nothing when the text is not a tile file: the
    loader then reports what is wrong with it)."""
    try:
        data = load_toml(text)
    except InputProblem:
        return frozenset(), frozenset()
    kinds: set[str] = set()
    attributes: set[tuple[str, str]] = set()
    tiles = data.get("tile", [])
    for tile in tiles if isinstance(tiles, list) else []:
        features = tile.get("features", "") if isinstance(tile, dict) else ""
        for line in features.splitlines() if isinstance(features, str) else []:
            words = line.split("#", 1)[0].split("->", 1)[0].split()
            if not words:
                continue
            kinds.add(words[0])
            attributes.update((words[0], w.split("=", 1)[0]) for w in words[1:] if "=" in w)
    return frozenset(kinds), frozenset(attributes)


def needed_expansions(
    source: Source | str,
    extra: Sequence[tuple[str, object]] = (),
    owner: str | None = None,
) -> list[str]:
    """The installed expansions a tile file needs: those registering a kind it uses, adding
    an attribute it uses, or registering a kind that one of those extends; ``owner`` (the
    expansion that ships the file) too. The base game and ``extra`` are always active and come
    first: what they define is never looked for elsewhere. :class:`AmbiguousKindError` when
    two expansions define a kind or an attribute looked for."""
    filename = str(source)
    try:
        if isinstance(source, str | Path):
            text = read_text(source)
        else:  # an importlib.resources Traversable
            text = source.read_text(encoding="utf-8")
    except (FileError, OSError, UnicodeDecodeError):
        text = ""  # the loader then reports why the file cannot be read
    kinds, attributes = file_uses(text)
    installed = installed_expansions()
    provisions = Hooks(all_installed_manager(extra)).kind_provisions()
    always = {name for name, _plugin in BUILTIN_PLUGINS} | {name for name, _plugin in extra}
    chosen = {owner} if owner in installed else set()

    def active() -> list[KindProvision]:
        return [p for p in provisions if p.plugin in always or p.plugin in chosen]

    def choose(what: str, offers: list[str]) -> None:
        if len(offers) > 1:
            raise AmbiguousKindError(
                f"{filename}: {what} is defined by both plugin {offers[0]!r} and "
                f"{offers[1]!r}, which cannot be used together: name the one this file needs "
                f"with --expansions"
            )
        chosen.update(offers)

    changed = True
    while changed:
        before = set(chosen)
        have = active()
        wanted = set(kinds) | {k for p in have for k in p.extends}
        for kind in sorted(wanted - {k for p in have for k in p.kinds}):
            offers = [p.plugin for p in provisions if kind in p.kinds and p.plugin in installed]
            choose(f"the feature kind {kind!r}", offers)
        have = active()
        for kind, attribute in sorted(attributes - {a for p in have for a in p.attributes}):
            offers = [
                p.plugin
                for p in provisions
                if (kind, attribute) in p.attributes and p.plugin in installed
            ]
            choose(f"the attribute {attribute!r} of the feature kind {kind!r}", offers)
        changed = chosen != before
    return sorted(chosen)


def file_kinds(
    source: Source | str,
    extra: Sequence[tuple[str, object]] = (),
    expansions: Sequence[str] | None = None,
    owner: str | None = None,
) -> dict[str, FeatureKind]:
    """The feature kinds to load one tile file with: those of the base game, ``extra`` and
    ``expansions`` when given, else of the expansions the file needs
    (:func:`needed_expansions`), combined and checked as a game combines them."""
    if expansions is None:
        expansions = needed_expansions(source, extra, owner)
    return kinds_of(make_plugin_manager(expansions, extra))


def tileset_owners(extra: Sequence[tuple[str, object]] = ()) -> dict[str, str]:
    """Set name -> the plugin that ships it (as :func:`installed_tilesets` names the sets)."""
    owners: dict[str, str] = {}
    for plugin, source in Hooks(all_installed_manager(extra)).tile_sets():
        owners.setdefault(Path(str(Path(str(source)).name)).stem, plugin)
    return owners
