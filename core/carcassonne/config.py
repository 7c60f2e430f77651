"""The game configuration: built once, never changed after, shared by every state of a game.

A configuration fixes the players, the expansions and their options, the rule options and the
seed, and derives from them everything that never changes during play: the plugin manager, the
feature and figure kinds, the loaded tile types with their rotations, the draw-stack layout and
a cache of which rotations of a tile fit a given neighbourhood. States only point at it.
"""

from __future__ import annotations

import importlib
import random
import weakref
from collections.abc import Iterable, Mapping
from itertools import product
from types import MappingProxyType, ModuleType

from carcassonne.actions import TypedAction
from carcassonne.errors import CarcassonneError, ConfigError
from carcassonne.features import Segments, segments_of
from carcassonne.limits import name_problem
from carcassonne.plugins import Hooks, Plugin, make_plugin_manager
from carcassonne.tileset.model import FIELD_EDGE, FeatureKind, TileType
from carcassonne.values import ExtValue, FigureKind, OptionValue, PieceKind, Setup, TileMark
from carcassonne.values import TileSource as _TileSource

#: pattern -> rotations tables, keyed by a tile's edges and the wildcard edge types (pure data).
_FIT_MEMO: dict[tuple[object, ...], FitTable] = {}


class FitTable(dict[int, tuple[int, ...]]):
    """``pattern -> rotations`` of one tile whose edges match a frontier pattern, every pattern
    of the configuration's edge codes answered when the table is built: ``table[pattern]``
    never misses, so the hot loops index it directly, in C, without a ``get`` and a fallback
    call (``__missing__`` still answers any other pattern, by the same rule).

    A pattern packs, per side (N, E, S, W: 4 bits each, N lowest), the code of the edge the
    neighbour on that side shows, or 0 where there is no neighbour (``GameConfig.edge_codes``).
    Rotations come out ascending.
    """

    __slots__ = ("codes", "wild")

    def __init__(
        self,
        codes: tuple[tuple[int, tuple[int, int, int, int]], ...],
        wild: frozenset[int],
        count: int = 0,
    ) -> None:
        super().__init__()
        #: ``(rotation, edge codes N E S W)`` per rotation, ascending.
        self.codes = codes
        #: Codes of wildcard edges (they match anything).
        self.wild = wild
        if count:
            self._fill(count)

    def _fill(self, count: int) -> None:
        """Answer every pattern of the edge codes ``1..count`` up front. Filled as patterns
        came up, tables were still missing after 20 warm-up games (a Python call per new
        pattern, about 40 a base game, almost all of squares that nothing fits); from each
        rotation's edges its fitting patterns are listed directly (the product of what each
        side accepts: no neighbour, its own code, a wildcard; anything beside a wildcard)."""
        wild = self.wild
        every = range(count + 1)
        fitting: dict[int, list[int]] = {}
        for rotation, codes in self.codes:
            accepted = [every if have in wild else sorted({0, have} | wild) for have in codes]
            for n, e, s, w in product(*accepted):
                fitting.setdefault(n | e << 4 | s << 8 | w << 12, []).append(rotation)
        self.update(dict.fromkeys(_patterns(count), ()))
        self.update((pattern, tuple(rots)) for pattern, rots in fitting.items())

    def __missing__(self, pattern: int) -> tuple[int, ...]:
        wild = self.wild
        rots = []
        for rotation, codes in self.codes:
            for side in range(4):
                need = (pattern >> (4 * side)) & 15
                have = codes[side]
                if need == 0 or need == have or need in wild or have in wild:
                    continue
                break
            else:
                rots.append(rotation)
        found = self[pattern] = tuple(rots)
        return found


#: count -> every pattern of the edge codes ``1..count`` (and 0, no neighbour) on four sides.
_PATTERNS: dict[int, list[int]] = {}


def _patterns(count: int) -> list[int]:
    """Every frontier pattern of ``count`` edge codes, ascending (one list of int objects per
    count: the tables of a configuration share the keys)."""
    found = _PATTERNS.get(count)
    if found is None:
        every = range(count + 1)
        found = _PATTERNS[count] = sorted(
            n | e << 4 | s << 8 | w << 12 for n, e, s, w in product(every, repeat=4)
        )
    return found


#: One player: solo puzzles and tests (the rules need two; a front end may ask for more).
MIN_PLAYERS = 1
MAX_PLAYERS = 6
COLOURS = ("red", "blue", "yellow", "green", "black", "pink")

#: A tile set file a plugin ships: a path or an ``importlib.resources`` traversable (defined in
#: the leaf module ``values``, which the hooks' modules can import; importable from here too).
TileSource = _TileSource

#: How a configuration is named for pickling: (players, expansions, options, seed, names,
#: plugins), each plugin as ``(name, object)`` with modules named by their import path.
ConfigSpec = tuple[
    int,
    tuple[str, ...],
    tuple[tuple[str, OptionValue], ...],
    int,
    tuple[str, ...],
    tuple[tuple[str, object], ...],
]

#: Configurations rebuilt from a spec in this process, so that every state unpickled (or
#: deep-copied) from one game shares one configuration again.
_REBUILT: weakref.WeakValueDictionary[ConfigSpec, GameConfig] = weakref.WeakValueDictionary()


class _ModuleRef(str):
    """A plugin module in a pickled spec, by import path (modules cannot be pickled)."""


def _picklable(plugin: object) -> object:
    return _ModuleRef(plugin.__name__) if isinstance(plugin, ModuleType) else plugin


def _from_spec(spec: ConfigSpec) -> GameConfig:
    """Rebuild (or find) the configuration a pickled spec names."""
    try:
        return _REBUILT[spec]
    except (KeyError, TypeError):
        pass
    players, expansions, options, seed, names, plugins = spec
    objects = [
        (name, importlib.import_module(p) if isinstance(p, _ModuleRef) else p)
        for name, p in plugins
    ]
    config = GameConfig(players, expansions, dict(options), seed, names, objects)
    try:
        _REBUILT[spec] = config
    except TypeError:  # an unhashable plugin object: no sharing, still correct
        pass
    return config


def _normalise_expansions(
    expansions: Iterable[str] | Mapping[str, Mapping[str, OptionValue] | None] | None,
) -> tuple[tuple[str, ...], dict[str, OptionValue]]:
    if expansions is None:
        return (), {}
    if isinstance(expansions, Mapping):
        for name, values in expansions.items():
            if not isinstance(name, str) or not isinstance(values, Mapping | None):
                raise ConfigError(
                    f"expansion {name!r}: its options must be a table of option = value, "
                    f"not {values!r}"
                )
        names = tuple(sorted(expansions))
        opts = {
            f"{name}.{key}": value
            for name, values in expansions.items()
            for key, value in (values or {}).items()
        }
        return names, opts
    if isinstance(expansions, str):
        raise ConfigError(f"expansions must be a list of names, not {expansions!r}")
    expansions = list(expansions)
    if not all(isinstance(e, str) for e in expansions):
        raise ConfigError(f"expansions must be a list of names, not {expansions!r}")
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
        expansions: Iterable[str] | Mapping[str, Mapping[str, OptionValue] | None] | None = None,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        names: Iterable[str] | None = None,
        plugins: Iterable[tuple[str, Plugin]] = (),
    ) -> None:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        self.players = players
        self.names = tuple(names) if names is not None else COLOURS[:players]
        if len(self.names) != players:
            raise ConfigError(f"{players} players need {players} names, got {len(self.names)}")
        for name in self.names:
            problem = name_problem(name)
            if problem:
                raise ConfigError(problem)
        if len(set(self.names)) != players:
            raise ConfigError(f"player names must differ: {', '.join(self.names)}")
        if type(seed) is not int:
            raise ConfigError(f"the seed must be a whole number, not {seed!r}")
        self.seed = seed
        self.expansions, expansion_opts = _normalise_expansions(expansions)
        self.extra_plugins = tuple(plugins)
        self.pm = make_plugin_manager(self.expansions, self.extra_plugins)
        self.hooks = Hooks(self.pm)

        self.option_specs = {o.key: o for o in self.hooks.rule_options()}
        given = dict(options or {})
        given.update(expansion_opts)
        for key in given:
            if key not in self.option_specs:
                raise ConfigError(
                    f"unknown option {key!r} (known: {', '.join(sorted(self.option_specs))})"
                )
        self.options: Mapping[str, OptionValue] = MappingProxyType(
            {
                key: spec.check(given[key]) if key in given else spec.default
                for key, spec in sorted(self.option_specs.items())
            }
        )
        #: Option ``explicit_draws``: every draw waits as a ``draw`` decision (docs/engine.md).
        self.explicit_draws = bool(self.options["explicit_draws"])

        self.kinds: Mapping[str, FeatureKind] = MappingProxyType(self.hooks.feature_kinds())
        self.figure_kinds: Mapping[str, FigureKind] = MappingProxyType(
            {k.name: k for k in sorted(self.hooks.figure_kinds(self), key=lambda k: k.name)}
        )
        #: Pieces that are not figures on a feature (neutral figures, tokens, held counters),
        #: by name, with how they look (``carcassonne_piece_kinds``).
        self.piece_kinds: Mapping[str, PieceKind] = MappingProxyType(
            {k.name: k for k in sorted(self.hooks.piece_kinds(self), key=lambda k: k.name)}
        )
        #: How pictures show tile tags, by tag (``carcassonne_tile_marks``).
        self.tile_marks: Mapping[str, TileMark] = MappingProxyType(self.hooks.tile_marks())
        #: The figure kinds that go wherever a meeple may (the base game offers them).
        self.followers: tuple[str, ...] = tuple(
            k.name for k in self.figure_kinds.values() if k.follower
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
        self.initial_ext: Mapping[str, ExtValue] = MappingProxyType(dict(setup.ext))
        self._fits: dict[str, FitTable] = {}
        self._tile_codes: dict[str, tuple[tuple[int, int, int, int], ...]] = {}
        self._segments: dict[tuple[str, int], Segments] = {}
        self._spec: ConfigSpec = (
            self.players,
            self.expansions,
            tuple(sorted(given.items())),
            self.seed,
            self.names,
            tuple((name, _picklable(plugin)) for name, plugin in self.extra_plugins),
        )
        try:  # the configuration unpickled states of this game will share
            _REBUILT.setdefault(self._spec, self)
        except TypeError:  # an unhashable plugin object: no sharing, still correct
            pass

    # -- identity: equal when built from equal specs; pickled as the spec ---------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameConfig):
            return NotImplemented
        return self is other or self._spec == other._spec

    def __hash__(self) -> int:
        return hash(self._spec[:5])

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled (and copied) as its spec: a configuration is immutable and derived, so the
        copy is rebuilt from the players, expansions, options, seed, names and plugins, and
        equal copies in one process share one object (``copy`` and ``deepcopy`` too)."""
        return (_from_spec, (self._spec,))

    # -- tiles --------------------------------------------------------------------------------

    def _load_tiles(self) -> dict[str, TileType]:
        types: dict[str, TileType] = {}
        owner: dict[str, str] = {}
        # the tile reader (Lark, the tile checks) is imported when a game first needs tiles:
        # `import carcassonne` and `carcassonne --help` do not pay for it (issue 34)
        from carcassonne.tileset.loader import load_tileset

        edition = str(self.options.get("edition", "C2"))
        for plugin, source in self.hooks.tile_sets():
            tileset = load_tileset(source, self.kinds, edition=edition)
            for tile in tileset.tiles:
                if tile.id in types:
                    raise ConfigError(
                        f"tile id {tile.id!r} is defined by the tile sets of both plugin "
                        f"{owner[tile.id]!r} and {plugin!r}"
                    )
                types[tile.id] = tile
                owner[tile.id] = plugin
        return types

    def resolve_tile(self, name: str) -> str:
        """The tile id for an id or alias."""
        if name in self.tile_types:
            return name
        if name in self.aliases:
            return self.aliases[name]
        raise ConfigError(f"unknown tile {name!r}{self._edition_hint(name)}")

    def _edition_hint(self, name: str) -> str:
        """Where an unknown tile id is a tile of another edition's tile sets: which one and the
        option that picks it (only on this error path: it loads those editions' sets)."""
        from carcassonne.tileset.loader import load_tileset

        spec = self.option_specs.get("edition")
        current = self.options.get("edition")
        for edition in spec.choices if spec is not None else ():
            if edition == current:
                continue
            for _plugin, source in self.hooks.tile_sets():
                try:
                    tiles = load_tileset(source, self.kinds, edition=str(edition)).tiles
                except CarcassonneError:
                    continue
                if any(tile.id == name for tile in tiles):
                    return f" (a tile of edition {edition}: the option edition = \"{edition}\")"
        return ""

    def fit_table(self, tile: TileType) -> FitTable:
        """The table ``pattern -> rotations`` of a tile (see :class:`FitTable`).

        Shared by every configuration with the same edge codes: whether a tile fits a
        neighbourhood depends only on its edges, so bots that build a configuration per game
        find the table warm.
        """
        table = self._fits.get(tile.id)
        if table is None:
            key = (tuple(rot.edges for rot in tile.rotations), self._codes_key)
            table = _FIT_MEMO.get(key)
            if table is None:
                codes = tuple(
                    (rot.rotation, codes)
                    for rot, codes in zip(tile.rotations, self.edge_codes_of(tile), strict=True)
                )
                table = _FIT_MEMO[key] = FitTable(codes, self._wild_codes, len(self.edge_codes))
            self._fits[tile.id] = table
        return table

    def fits(self, tile: TileType, pattern: int) -> tuple[int, ...]:
        """Rotations of ``tile`` whose edges match a frontier ``pattern`` (see
        :class:`FitTable`), ascending."""
        return self.fit_table(tile)[pattern]

    def edge_codes_of(self, tile: TileType) -> tuple[tuple[int, int, int, int], ...]:
        """Per rotation, the edge codes of the four sides (for frontier patterns)."""
        codes = self._tile_codes.get(tile.id)
        if codes is None:
            code = self.edge_codes
            codes = tuple(
                (code[rot.edges[0]], code[rot.edges[1]], code[rot.edges[2]], code[rot.edges[3]])
                for rot in tile.rotations
            )
            self._tile_codes[tile.id] = codes
        return codes

    def segment_data(self, tile: TileType, rotation: int) -> Segments:
        """What placing a rotated tile adds: its segments, one row each, and the edge codes
        it shows its empty neighbours (:class:`~carcassonne.features.Segments`).

        Precomputed once per configuration so that placing a tile looks nothing else up.
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
                        len(f.sides) + len(f.shared) if completion == "edges" else 0,
                        completion == "surround",
                        tuple(f.borders),
                        dict(f.attrs) if f.attrs else None,
                    )
                )
            codes = self.edge_codes_of(tile)[rotation // 90]
            data = self._segments[key] = segments_of(
                out, codes, tile.rotations[rotation // 90], self.wildcard_edges
            )
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

    def __dir__(self) -> list[str]:
        """Public names only (the fit tables and edge codes behind ``_`` stay hidden)."""
        return sorted(name for name in object.__dir__(self) if not name.startswith("_"))

    def describe(self) -> dict[str, object]:
        return {
            "players": self.players,
            "names": list(self.names),
            "expansions": list(self.expansions),
            "options": dict(self.options),
            "seed": self.seed,
        }
