"""The immutable game configuration, built once and shared by every state of a game.

A configuration fixes the players, the expansions and their options, the rule options and the
seed, and derives from them everything that never changes during play: the plugin manager, the
feature and figure kinds, the loaded tile types with their rotations, the draw-stack layout and
a cache of which rotations of a tile fit a given neighbourhood. States only point at it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from carcassonne.actions import TypedAction
from carcassonne.errors import ConfigError
from carcassonne.plugins import Hooks, make_plugin_manager
from carcassonne.tileset.model import FIELD_EDGE, FeatureKind, TileType

#: pattern -> rotations tables, keyed by a tile's edges and the wildcard edge types (pure data).
_FIT_MEMO: dict[tuple, dict[int, tuple[int, ...]]] = {}

MIN_PLAYERS = 2
MAX_PLAYERS = 6
COLOURS = ("red", "blue", "yellow", "green", "black", "pink")


@dataclass(frozen=True)
class Option:
    """A rule option a plugin accepts. ``key`` is global: ``tiny_city``, ``river.uturn``."""

    key: str
    default: Any
    choices: tuple[Any, ...] = ()
    doc: str = ""

    def check(self, value: Any) -> Any:
        if isinstance(self.default, bool) and not isinstance(value, bool):
            shown = format_value(value)
            raise ConfigError(f"option {self.key!r} must be true or false, not {shown}")
        if self.choices and (value not in self.choices or type(value) is not type(self.default)):
            allowed = ", ".join(format_value(c) for c in self.choices)
            shown = format_value(value)
            raise ConfigError(f"option {self.key!r} must be one of {allowed}, not {shown}")
        if (
            isinstance(self.default, int)
            and not isinstance(self.default, bool)
            and (not isinstance(value, int) or isinstance(value, bool))
        ):
            raise ConfigError(f"option {self.key!r} must be a whole number, not {value!r}")
        return value


def format_value(value: Any) -> str:
    """A value as a user writes it (JSON/TOML spelling: true, false, "text", 4)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


Strength = int | Callable[[Any, int, Any], int]


@dataclass(frozen=True)
class FigureKind:
    """A kind of figure: how many each player has and how strongly it counts in majorities.

    ``strength`` is a number or ``f(state, feature, figure) -> int`` evaluated when the feature
    is scored (the mayor counts the city's shields).
    """

    name: str
    count: int
    strength: Strength = 1
    provider: str = "core"


@dataclass
class Setup:
    """What the ``carcassonne_setup`` hook arranges (mutable only during configuration)."""

    config: GameConfig
    #: The tile id placed at (0, 0), rotation 0.
    start: str | None = None
    #: Draw stacks: key -> tile ids (one entry per copy). Lower keys are drawn first.
    stacks: dict[int, list[str]] = field(default_factory=dict)
    #: Tile ids that go to the bottom of their stack after the shuffle (the River's lake).
    bottom: set[str] = field(default_factory=set)
    #: Initial plugin data, ``name -> immutable value``.
    ext: dict[str, Any] = field(default_factory=dict)

    def remove_copy(self, tile_id: str) -> bool:
        """Take one copy of ``tile_id`` out of whichever stack holds it."""
        for key in sorted(self.stacks):
            stack = self.stacks[key]
            if tile_id in stack:
                stack.remove(tile_id)
                return True
        return False


def _normalise_expansions(
    expansions: Iterable[str] | Mapping[str, Mapping[str, Any]] | None,
) -> tuple[tuple[str, ...], dict[str, Any]]:
    if expansions is None:
        return (), {}
    if isinstance(expansions, Mapping):
        names = tuple(sorted(expansions))
        opts = {
            f"{name}.{key}": value
            for name, values in expansions.items()
            for key, value in (values or {}).items()
        }
        return names, opts
    names = tuple(sorted(dict.fromkeys(expansions)))
    return names, {}


class GameConfig:
    """Players, expansions, options and seed, plus everything derived from them.

    >>> config = GameConfig(players=2, seed=7)
    >>> config.tile_types["BA/RCr"].alias
    'D'
    """

    def __init__(
        self,
        players: int = 2,
        expansions: Iterable[str] | Mapping[str, Mapping[str, Any]] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        names: Iterable[str] | None = None,
        plugins: Iterable[tuple[str, Any]] = (),
    ) -> None:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        self.players = players
        self.names = tuple(names) if names is not None else COLOURS[:players]
        if len(self.names) != players:
            raise ConfigError(f"{players} players need {players} names, got {len(self.names)}")
        if not isinstance(seed, int):
            raise ConfigError(f"the seed must be a whole number, not {seed!r}")
        self.seed = seed
        self.expansions, expansion_opts = _normalise_expansions(expansions)
        self.extra_plugins = tuple(plugins)
        self.pm = make_plugin_manager(self.expansions, self.extra_plugins)
        self.hooks = Hooks(self.pm)

        self.option_specs = {o.key: o for o in self.hooks.options()}
        given = dict(options or {})
        given.update(expansion_opts)
        for key in given:
            if key not in self.option_specs:
                raise ConfigError(
                    f"unknown option {key!r} (known: {', '.join(sorted(self.option_specs))})"
                )
        self.options: Mapping[str, Any] = MappingProxyType(
            {
                key: spec.check(given[key]) if key in given else spec.default
                for key, spec in sorted(self.option_specs.items())
            }
        )

        self.kinds: Mapping[str, FeatureKind] = MappingProxyType(
            {k.name: k for k in self.hooks.feature_kinds()}
        )
        self.figure_kinds: Mapping[str, FigureKind] = MappingProxyType(
            {k.name: k for k in sorted(self.hooks.figure_kinds(self), key=lambda k: k.name)}
        )
        self.tile_types: Mapping[str, TileType] = MappingProxyType(self._load_tiles())
        self.aliases = {t.alias: t.id for t in self.tile_types.values() if t.alias}
        self.wildcard_edges = frozenset(
            k.edge for k in self.kinds.values() if k.wildcard and k.edge
        )
        #: Small integer per edge type (0 means "no neighbour"), for frontier patterns.
        edge_types = sorted({FIELD_EDGE} | {k.edge for k in self.kinds.values() if k.edge})
        if len(edge_types) > 15:
            raise ConfigError("at most 15 edge types are supported")
        self.edge_codes = {name: i + 1 for i, name in enumerate(edge_types)}
        self._wild_codes = frozenset(self.edge_codes[e] for e in self.wildcard_edges)
        self._codes_key = (tuple(edge_types), self._wild_codes)
        self.action_types: tuple[type[TypedAction], ...] = tuple(self.hooks.action_types())

        setup = Setup(config=self)
        self.hooks.setup(setup)
        if setup.start is None or setup.start not in self.tile_types:
            raise ConfigError(f"no start tile could be chosen (got {setup.start!r})")
        self.start_tile = setup.start
        self.stacks = {k: tuple(v) for k, v in sorted(setup.stacks.items())}
        self.bottom = frozenset(setup.bottom)
        self.initial_ext = MappingProxyType(dict(setup.ext))
        self._fits: dict[str, dict[int, tuple[int, ...]]] = {}
        self._tile_codes: dict[str, tuple] = {}
        self._segments: dict[tuple[str, int], tuple[tuple, ...]] = {}

    # -- tiles --------------------------------------------------------------------------------

    def _load_tiles(self) -> dict[str, TileType]:
        from carcassonne.tileset.loader import load_tileset

        types: dict[str, TileType] = {}
        edition = self.options.get("edition", "C2")
        for source in self.hooks.tile_sets(self):
            tileset = load_tileset(source, self.kinds, edition=edition)
            for tile in tileset.tiles:
                if tile.id in types:
                    raise ConfigError(f"tile id {tile.id!r} is defined by two tile sets")
                types[tile.id] = tile
        return types

    def resolve_tile(self, name: str) -> str:
        """The tile id for an id or alias."""
        if name in self.tile_types:
            return name
        if name in self.aliases:
            return self.aliases[name]
        raise ConfigError(f"unknown tile {name!r}")

    def fit_table(self, tile: TileType) -> dict[int, tuple[int, ...]]:
        """The memo ``pattern -> rotations`` of a tile; :meth:`fits` fills it on a miss.

        Shared by every configuration with the same edge codes: whether a tile fits a
        neighbourhood depends only on its edges, so bots that build a configuration per game
        find the table warm.
        """
        table = self._fits.get(tile.id)
        if table is None:
            key = (tuple(rot.edges for rot in tile.rotations), self._codes_key)
            table = self._fits[tile.id] = _FIT_MEMO.setdefault(key, {})
        return table

    def fits(self, tile: TileType, pattern: int) -> tuple[int, ...]:
        """Rotations of ``tile`` whose edges match a frontier ``pattern``.

        A pattern packs, per side (N, E, S, W: 4 bits each, N lowest), the code of the edge the
        neighbour on that side shows, or 0 where there is no neighbour (see ``edge_codes``).
        """
        table = self.fit_table(tile)
        found = table.get(pattern)
        if found is None:
            wild = self._wild_codes
            rots = []
            for rot, codes in zip(tile.rotations, self.edge_codes_of(tile), strict=True):
                for side in range(4):
                    need = (pattern >> (4 * side)) & 15
                    have = codes[side]
                    if need == 0 or need == have or need in wild or have in wild:
                        continue
                    break
                else:
                    rots.append(rot.rotation)
            found = table[pattern] = tuple(rots)
        return found

    def edge_codes_of(self, tile: TileType) -> tuple[tuple[int, int, int, int], ...]:
        """Per rotation, the edge codes of the four sides (for frontier patterns)."""
        codes = self._tile_codes.get(tile.id)
        if codes is None:
            code = self.edge_codes
            codes = tuple(tuple(code[e] for e in rot.edges) for rot in tile.rotations)
            self._tile_codes[tile.id] = codes
        return codes

    def segment_data(self, tile: TileType, rotation: int) -> tuple[tuple, ...]:
        """Per segment of a rotated tile: (kind, open edges, surround?, border offsets, attrs).

        Precomputed once per configuration so that placing a tile looks nothing up.
        """
        key = (tile.id, rotation)
        data = self._segments.get(key)
        if data is None:
            out = []
            for f in tile.rotations[rotation // 90].features:
                kind = self.kinds.get(f.kind)
                completion = kind.completion if kind is not None else "never"
                out.append(
                    (
                        f.kind,
                        len(f.sides) if completion == "edges" else 0,
                        completion == "surround",
                        tuple(f.borders),
                        dict(f.attrs) if f.attrs else None,
                    )
                )
            data = self._segments[key] = tuple(out)
        return data

    def shuffled_pile(self, seed: int | None = None) -> list[str]:
        """The draw pile for a new game, top of the pile last (``pop()`` draws)."""
        rng = random.Random(self.seed if seed is None else seed)
        order: list[str] = []
        for key in sorted(self.stacks):
            stack = list(self.stacks[key])
            rng.shuffle(stack)
            stack.sort(key=lambda tile_id: tile_id in self.bottom)  # stable: bottom ones last
            order.extend(stack)
        order.reverse()
        return order

    def describe(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "names": list(self.names),
            "expansions": list(self.expansions),
            "options": dict(self.options),
            "seed": self.seed,
        }
