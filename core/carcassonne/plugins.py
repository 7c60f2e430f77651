"""Plugin discovery, registration checks and the typed façade over the hooks.

One ``pluggy.PluginManager`` per set of plugins (never a module global), holding the base game's
built-in plugins and the expansions a game names. Expansions are found through the entry-point
group ``carcassonne.expansions`` and only the chosen ones are imported. Games, the tile tools
and ``carcassonne expansions`` all go through :func:`make_plugin_manager` and :func:`kinds_of`:
one discovery path.

:class:`Hooks` is the only place that calls hook implementations. It calls them directly, in
registration order (base game, expansions by name, extra plugins by name), which makes every
answer deterministic and skips pluggy's per-call machinery on the hot path. pluggy still checks
every implementation's name and parameters when it is registered.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import pluggy

from carcassonne import hookspecs
from carcassonne.actions import CORE_ACTIONS, Action, TypedAction
from carcassonne.codes import CORE_CODES, ErrorCode, Refusal
from carcassonne.errors import PluginError, UnknownExpansionError
from carcassonne.events import Event
from carcassonne.rules import base_figures, base_scoring, base_setup
from carcassonne.tileset.model import FeatureKind, TileType
from carcassonne.values import (
    Award,
    Decision,
    FigureKind,
    KindExtension,
    Option,
    PieceKind,
    ReturnedFigure,
    ScoreItem,
    Setup,
    TileMark,
)

if TYPE_CHECKING:
    from importlib import metadata

    # Protocols, not carcassonne.config / carcassonne.state: those import this module (see
    # carcassonne.values). Every state layer passes itself as a StateView (the hooks receive
    # the GameState).
    from carcassonne.values import ConfigView, StateView, TileSource

ENTRY_POINT_GROUP = "carcassonne.expansions"

#: A plugin: a module, a class instance or any object with ``carcassonne_*`` hook functions.
Plugin = object

#: The names the built-in plugins are registered under, in registration order.
BUILTIN_PLUGINS: tuple[tuple[str, Plugin], ...] = (
    ("base.setup", base_setup),
    ("base.figures", base_figures),
    ("base.scoring", base_scoring),
)


def installed_expansions() -> dict[str, metadata.EntryPoint]:
    """Installed expansions by name, without importing any of them (``importlib.metadata``
    is imported here, when a game first looks for expansions, not by ``import carcassonne``)."""
    from importlib import metadata

    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def expansion_version(name: str) -> str:
    ep = installed_expansions().get(name)
    if ep is None or ep.dist is None:
        return "?"
    return ep.dist.version


def expansion_title(name: str) -> str:
    """An expansion's title for people (``Inns & Cathedrals``): its distribution's summary up to
    `` for carcassonne-engine`` without a trailing remark in brackets, as every shipped one and
    ``carcassonne new expansion`` write it; else its name in words (``inns cathedrals``)."""
    ep = installed_expansions().get(name)
    summary = ""
    if ep is not None and ep.dist is not None:
        summary = ep.dist.metadata["Summary"] or ""
    head, found, _ = summary.partition(" for carcassonne-engine")
    if found and head.strip():
        title = head.strip()
        if title.endswith(")") and " (" in title:
            title = title[: title.rindex(" (")]
        return title
    return name.replace("-", " ").replace("_", " ")


def load_expansion(name: str) -> Plugin:
    eps = installed_expansions()
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none"
        raise UnknownExpansionError(f"unknown expansion {name!r} (installed expansions: {known})")
    try:
        return cast(Plugin, eps[name].load())
    except Exception as exc:  # a broken expansion must not crash the caller with a traceback
        raise PluginError(f"expansion {name!r} failed to load: {exc}") from exc


def _check_plugin(name: str, plugin: Plugin) -> None:
    """Refuse ``carcassonne_*`` functions that are not hook implementations (a forgotten
    ``@hookimpl`` would otherwise be silently ignored), and hook wrappers (the façade calls
    implementations directly, so a wrapper would never run)."""
    marker = f"{hookspecs.PROJECT}_impl"
    for attr in sorted(dir(plugin)):
        if not attr.startswith("carcassonne_"):
            continue
        value = getattr(plugin, attr, None)
        if not callable(value):
            continue
        opts = getattr(value, marker, None)
        if opts is None:
            raise PluginError(
                f"plugin {name!r}: {attr} is not marked @hookimpl (every carcassonne_* function "
                "of a plugin must be a hook implementation)"
            )
        if opts.get("hookwrapper") or opts.get("wrapper"):
            raise PluginError(f"plugin {name!r}: {attr} is a hook wrapper, which is not supported")


class _RenamedHooks:
    """Stands in for a plugin that implements hooks by deprecated names (see
    :func:`_renamed_hooks`): its hook implementations, the deprecated ones under their new
    names."""


def _renamed_hooks(name: str, plugin: Plugin) -> Plugin:
    """The plugin itself, or, when it implements a hook under a deprecated name
    (``hookspecs.DEPRECATED_HOOKS``), a stand-in registering that implementation under the new
    name with its parameters renamed. Each deprecated name gets a ``DeprecationWarning`` naming
    the new one; implementing both names is a :class:`PluginError`."""
    old_names = [attr for attr in sorted(dir(plugin)) if attr in hookspecs.DEPRECATED_HOOKS]
    if not old_names:
        return plugin
    stand_in = _RenamedHooks()
    for attr in sorted(dir(plugin)):
        if attr.startswith("carcassonne_") and attr not in hookspecs.DEPRECATED_HOOKS:
            setattr(stand_in, attr, getattr(plugin, attr))
    marker = f"{hookspecs.PROJECT}_impl"
    for attr in old_names:
        entry = hookspecs.DEPRECATED_HOOKS[attr]
        if hasattr(plugin, entry.new):
            raise PluginError(
                f"plugin {name!r} implements both {entry.old} (deprecated) and {entry.new}: "
                f"keep {entry.new} only"
            )
        warnings.warn(
            f"plugin {name!r}: the hook {entry.old} is deprecated since {entry.since}; "
            f"implement {entry.new} instead",
            DeprecationWarning,
            stacklevel=3,
        )
        function = getattr(plugin, attr)
        renamed = _with_parameters(function, entry.new, dict(entry.params))
        setattr(renamed, marker, getattr(function, marker))
        setattr(stand_in, entry.new, renamed)
    return stand_in


def _without_removed_parameters(name: str, plugin: Plugin) -> Plugin:
    """The plugin itself, or, when one of its implementations still takes a parameter its hook
    no longer has (``hookspecs.REMOVED_PARAMETERS``), a stand-in registering a wrapper with the
    current parameters only: the old parameter gets ``None`` (or is left to its default). Each
    such parameter gets a ``DeprecationWarning`` naming it and the release."""
    marker = f"{hookspecs.PROJECT}_impl"
    wrapped: dict[str, Callable[..., object]] = {}
    for attr in sorted(dir(plugin)):
        removed = hookspecs.REMOVED_PARAMETERS.get(attr)
        function = getattr(plugin, attr, None) if removed else None
        if function is None or not callable(function):
            continue
        params = inspect.signature(function).parameters
        old = [entry for entry in removed or () if entry.param in params]
        if not old:
            continue
        for entry in old:
            note = f" ({entry.note})" if entry.note else ""
            warnings.warn(
                f"plugin {name!r}: {attr} takes the parameter {entry.param!r}, removed from "
                f"the hook in {entry.since}{note}; the engine no longer passes it (it gets None, "
                "or its default): remove it",
                DeprecationWarning,
                stacklevel=3,
            )
        gone = {entry.param for entry in old}
        keep = [p for p in params if p not in gone]
        unset = [p for p in gone if params[p].default is inspect.Parameter.empty]
        if not all(p.isidentifier() for p in [attr, *keep, *unset]):
            raise PluginError(f"plugin {name!r}: {attr}: cannot drop the parameters {gone!r}")
        arguments = ", ".join([*(f"{p}={p}" for p in keep), *(f"{p}=None" for p in unset)])
        namespace: dict[str, object] = {"_function": function}
        code = f"def {attr}({', '.join(keep)}):\n    return _function({arguments})\n"
        exec(code, namespace)  # noqa: S102 - every name is a checked identifier
        shim = cast(Callable[..., object], namespace[attr])
        setattr(shim, marker, getattr(function, marker))
        wrapped[attr] = shim
    if not wrapped:
        return plugin
    stand_in = plugin if isinstance(plugin, _RenamedHooks) else _RenamedHooks()
    if stand_in is not plugin:
        for attr in sorted(dir(plugin)):
            if attr.startswith("carcassonne_"):
                setattr(stand_in, attr, getattr(plugin, attr))
    for attr, shim in wrapped.items():
        setattr(stand_in, attr, shim)
    return stand_in


def _with_parameters(
    function: Callable[..., object], name: str, renames: dict[str, str]
) -> Callable[..., object]:
    """A function called ``name`` that passes its arguments on to ``function``, its parameters
    those of ``function`` renamed by ``renames``. pluggy reads an implementation's parameter
    names from its code object, so the function is compiled from its parameter list (as
    ``collections.namedtuple`` compiles its classes); every name is a checked identifier."""
    params = [renames.get(p, p) for p in inspect.signature(function).parameters]
    if not all(p.isidentifier() for p in [name, *params]):
        raise PluginError(f"{name}: cannot rename the parameters {params!r}")
    arguments = ", ".join(params)
    namespace: dict[str, object] = {"_function": function}
    exec(f"def {name}({arguments}):\n    return _function({arguments})\n", namespace)  # noqa: S102
    return cast(Callable[..., object], namespace[name])


def make_plugin_manager(
    expansions: Iterable[str], extra: Iterable[tuple[str, Plugin]] = ()
) -> pluggy.PluginManager:
    """A fresh manager with the base game, the named expansions and any extra plugin objects.

    Plugins are registered in a fixed order (base first, then expansions sorted by name, then
    extras sorted by name) so that hook call order is the same however the user listed them.
    A misspelled hook, an unmarked ``carcassonne_*`` function, a parameter the hook does not
    have or a plugin name used twice is a :class:`PluginError`.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    plugins = list(BUILTIN_PLUGINS)
    plugins += [(name, load_expansion(name)) for name in sorted(set(expansions))]
    plugins += sorted(extra, key=lambda item: item[0])
    for name, plugin in plugins:
        if pm.has_plugin(name) or pm.get_plugin(name) is not None:
            raise PluginError(f"two plugins are named {name!r}")
        _check_plugin(name, plugin)
        try:
            pm.register(_without_removed_parameters(name, _renamed_hooks(name, plugin)), name=name)
        except (pluggy.PluginValidationError, ValueError) as exc:
            raise PluginError(f"plugin {name!r}: {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(str(exc)) from exc
    return pm


def all_installed_manager(extra: Iterable[tuple[str, Plugin]] = ()) -> pluggy.PluginManager:
    """The base game and every installed expansion (plus ``extra`` plugin objects, given with
    ``--plugin``): what the tile tools see."""
    return make_plugin_manager(installed_expansions(), extra)


# A hook implementation ready to call: the plugin's name, the function, and which of the hook's
# arguments it takes (positions in the hookspec's order; None: all of them, in order).
_Impl = tuple[str, Callable[..., object], tuple[int, ...] | None]


def _listed(
    plugin: str, hook: str, result: object, item: type | None = None
) -> list[object] | tuple[object, ...]:
    """A setup hook's answer as a list (``None``: empty), each entry of type ``item`` when one
    is given; anything else is a :class:`PluginError` naming the plugin and the hook, not a
    ``TypeError`` or ``AttributeError`` deep inside the engine."""
    if result is None:
        return ()
    if not isinstance(result, (list, tuple)):
        raise PluginError(f"plugin {plugin!r}: {hook} returned {result!r}, not a list")
    if item is not None:
        for entry in result:
            if not isinstance(entry, item):
                raise PluginError(
                    f"plugin {plugin!r}: {hook} returned {entry!r} in its list "
                    f"(expected {item.__name__} values)"
                )
    return result


def _claim(what: str, owners: dict[str, str], key: str, plugin: str) -> None:
    """Record that ``plugin`` defines ``key``; a second definition is an error naming both."""
    first = owners.get(key)
    if first == plugin:
        raise PluginError(f"{what} {key!r} is defined twice by plugin {plugin!r}")
    if first is not None:
        raise PluginError(f"{what} {key!r} is defined by both plugin {first!r} and {plugin!r}")
    owners[key] = plugin


class KindProvision(NamedTuple):
    """What one plugin brings to tile sets (:meth:`Hooks.kind_provisions`): the feature kinds
    it registers, the ``(kind, attribute)`` pairs it defines (its own kinds' and those it adds
    to other kinds) and the kinds it extends."""

    plugin: str
    kinds: frozenset[str]
    attributes: frozenset[tuple[str, str]]
    extends: frozenset[str]


class Hooks:
    """Typed access to the hooks of one plugin manager, combining results deterministically.

    Implementations are called directly in registration order; hooks nobody implements cost an
    empty loop.
    """

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        order = {name: i for i, (name, _plugin) in enumerate(pm.list_name_plugin())}
        self._impls: dict[str, tuple[_Impl, ...]] = {}
        for hook_name in dir(pm.hook):
            if not hook_name.startswith("carcassonne_"):
                continue
            caller = getattr(pm.hook, hook_name)
            params = tuple(caller.spec.argnames) if caller.spec else ()
            impls = sorted(caller.get_hookimpls(), key=lambda i: order[i.plugin_name])
            self._impls[hook_name] = tuple(
                (i.plugin_name, i.function, _positions(params, tuple(i.argnames))) for i in impls
            )
        #: Hooks somebody implements: the others are skipped without a call on the hot path.
        self._used = frozenset(name for name, impls in self._impls.items() if impls)
        # Hooks with a single implementation that takes every argument: the per-turn hooks
        # call it without the loop of ``_gather`` (the base game's figure and scoring hooks).
        only: dict[str, tuple[str, Callable[..., object]]] = {
            name: (impls[0][0], impls[0][1])
            for name, impls in self._impls.items()
            if len(impls) == 1 and impls[0][2] is None
        }
        self._only_figure_actions = only.get("carcassonne_figure_actions")
        #: Whether a plugin besides the base rules offers figure actions: only then may one be
        #: a figure away from the tile just placed, which the core checks (the base game's
        #: figure phase skips the scan).
        self.may_offer_elsewhere = len(self._impls.get("carcassonne_figure_actions", ())) > 1
        self._only_score = only.get("carcassonne_score")
        #: Whether any plugin vetoes tile placements (see :meth:`vetoers` for one tile).
        self.vetoes_placements = "carcassonne_veto_placements" in self._used
        #: Per tile id: the veto implementations that may veto that tile (:meth:`vetoers`).
        self._vetoers: dict[str, tuple[_Impl, ...]] = {}
        #: Whether any plugin changes awards (else ``carcassonne_adjust_awards`` is skipped).
        self.adjusts_awards = "carcassonne_adjust_awards" in self._used
        #: Whether any plugin answers ``carcassonne_tile_placed`` (else it is not called).
        self.tile_placed_used = "carcassonne_tile_placed" in self._used
        #: Whether any plugin vetoes figure actions (else the veto hook is not called).
        self.vetoes_figures = "carcassonne_veto_figure_actions" in self._used
        #: Whether any plugin answers ``carcassonne_after_scoring`` (else it is not called).
        self.after_scoring_used = "carcassonne_after_scoring" in self._used
        #: Whether any plugin offers turn actions (an alternative to drawing).
        self.offers_turn_actions = "carcassonne_turn_actions" in self._used
        #: The hooks of the general mechanics (turn start, actions at any time, set-aside
        #: draws, decisions before scoring, tie-breaks): skipped without a call when unused.
        self.turn_started_used = "carcassonne_turn_started" in self._used
        self.offers_anytime = "carcassonne_anytime_actions" in self._used
        self.sets_aside = "carcassonne_set_aside_drawn" in self._used
        self.before_scoring_used = "carcassonne_before_scoring" in self._used
        self.breaks_ties = "carcassonne_break_tie" in self._used
        self.values_held = "carcassonne_held_points" in self._used

    def _each(self, hook: str, *args: object) -> list[tuple[str, object]]:
        """Every implementation's answer, in registration order; ``args`` in the hook's order."""
        out = []
        for name, function, picks in self._impls.get(hook, ()):
            if picks is None:
                out.append((name, function(*args)))
            else:
                out.append((name, function(*map(args.__getitem__, picks))))
        return out

    def _gather(self, hook: str, *args: object) -> list[Any]:
        """Every implementation's list, concatenated in registration order (the per-turn hooks
        go through here: no list of answers is built first, and the callers' return types
        need no ``cast`` call). Plugins' answers are not typed: ``Any``."""
        out: list[Any] = []
        for name, function, picks in self._impls.get(hook, ()):
            # _call inlined: this runs for every per-turn hook
            result = function(*args) if picks is None else function(*map(args.__getitem__, picks))
            if result:
                # a tuple of types, not ``list | tuple``: that builds a union object per call
                if not isinstance(result, (list, tuple)):
                    raise PluginError(f"a hook of plugin {name!r} returned {result!r}, not a list")
                out.extend(result)
        return out

    @staticmethod
    def _one_list(name: str, result: object) -> list[Any]:
        """The answer of a hook's only implementation as a list, checked as ``_gather`` checks
        each answer (the caller may change the list: a new one)."""
        if not result:
            return []
        if not isinstance(result, (list, tuple)):
            raise PluginError(f"a hook of plugin {name!r} returned {result!r}, not a list")
        return list(result)

    def _first(self, hook: str, *args: object) -> object:
        for _name, function, picks in self._impls.get(hook, ()):
            result = _call(function, picks, args)
            if result is not None:
                return result
        return None

    def implemented(self, hook: str) -> bool:
        return hook in self._used

    # -- setup ------------------------------------------------------------------------------

    def rule_options(self) -> list[Option]:
        owners: dict[str, str] = {}
        out: list[Option] = []
        for name, result in self._each("carcassonne_rule_options"):
            for option in cast(
                list[Option], _listed(name, "carcassonne_rule_options", result, Option)
            ):
                _claim("option", owners, option.key, name)
                out.append(option)
        return out

    def feature_kinds(self) -> dict[str, FeatureKind]:
        """Every plugin's feature kinds with every plugin's extensions applied."""
        owners: dict[str, str] = {}
        kinds: dict[str, FeatureKind] = {}
        for name, result in self._each("carcassonne_feature_kinds"):
            for kind in cast(
                list[FeatureKind], _listed(name, "carcassonne_feature_kinds", result, FeatureKind)
            ):
                _claim("feature kind", owners, kind.name, name)
                kinds[kind.name] = kind
        attr_owners = {
            f"{kind.name}.{attr}": owners[kind.name]
            for kind in kinds.values()
            for attr in kind.attributes
        }
        for name, result in self._each("carcassonne_kind_extensions"):
            for ext in cast(
                list[KindExtension],
                _listed(name, "carcassonne_kind_extensions", result, KindExtension),
            ):
                extended = kinds.get(ext.kind)
                if extended is None:
                    raise PluginError(
                        f"plugin {name!r} extends the feature kind {ext.kind!r}, which no "
                        f"active plugin registers (known: {', '.join(sorted(kinds))})"
                    )
                for attribute in ext.attributes:
                    _claim("attribute", attr_owners, f"{ext.kind}.{attribute.name}", name)
                kinds[ext.kind] = extended.extended(ext.attributes)
        return kinds

    def kind_provisions(self) -> list[KindProvision]:
        """What each plugin brings to tile sets, in registration order, each plugin on its
        own: nothing is claimed or applied, so plugins that clash still answer (the tile tools
        choose the plugins a file needs from this, and only those are combined)."""
        kinds: dict[str, set[str]] = {}
        attributes: dict[str, set[tuple[str, str]]] = {}
        extends: dict[str, set[str]] = {}
        for name, result in self._each("carcassonne_feature_kinds"):
            for kind in cast(
                list[FeatureKind], _listed(name, "carcassonne_feature_kinds", result, FeatureKind)
            ):
                kinds.setdefault(name, set()).add(kind.name)
                attributes.setdefault(name, set()).update((kind.name, a) for a in kind.attributes)
        for name, result in self._each("carcassonne_kind_extensions"):
            for ext in cast(
                list[KindExtension],
                _listed(name, "carcassonne_kind_extensions", result, KindExtension),
            ):
                extends.setdefault(name, set()).add(ext.kind)
                attributes.setdefault(name, set()).update(
                    (ext.kind, a.name) for a in ext.attributes
                )
        return [
            KindProvision(
                name,
                frozenset(kinds.get(name, ())),
                frozenset(attributes.get(name, ())),
                frozenset(extends.get(name, ())),
            )
            for name, _plugin in self.pm.list_name_plugin()
            if name in kinds or name in attributes
        ]

    def figure_kinds(self, config: ConfigView) -> list[FigureKind]:
        owners: dict[str, str] = {}
        out: list[FigureKind] = []
        for name, result in self._each("carcassonne_figure_kinds", config):
            for kind in cast(
                list[FigureKind], _listed(name, "carcassonne_figure_kinds", result, FigureKind)
            ):
                _claim("figure kind", owners, kind.name, name)
                out.append(kind)
        return out

    def piece_kinds(self, config: ConfigView) -> list[PieceKind]:
        """Every plugin's piece kinds; a name two plugins (or a figure kind) use is an error."""
        owners = {kind: "core" for kind in config.figure_kinds}
        out: list[PieceKind] = []
        for name, result in self._each("carcassonne_piece_kinds", config):
            for kind in cast(
                list[PieceKind], _listed(name, "carcassonne_piece_kinds", result, PieceKind)
            ):
                _claim("piece kind", owners, kind.name, name)
                out.append(kind)
        return out

    def tile_marks(self) -> dict[str, TileMark]:
        """Every plugin's tile marks by tag; a tag two plugins mark is an error."""
        owners: dict[str, str] = {}
        out: dict[str, TileMark] = {}
        for name, result in self._each("carcassonne_tile_marks"):
            for mark in cast(
                list[TileMark], _listed(name, "carcassonne_tile_marks", result, TileMark)
            ):
                _claim("tile mark", owners, mark.tag, name)
                out[mark.tag] = mark
        return dict(sorted(out.items()))

    def tile_sets(self) -> list[tuple[str, TileSource]]:
        """``(plugin name, source)`` for every tile set file, in registration order."""
        return [
            (name, source)
            for name, result in self._each("carcassonne_tile_sets")
            for source in cast(list["TileSource"], _listed(name, "carcassonne_tile_sets", result))
        ]

    def setup(self, setup: Setup) -> None:
        self._each("carcassonne_setup", setup)

    def action_types(self) -> list[type[TypedAction]]:
        owners = {t.verb: "core" for t in CORE_ACTIONS}
        out: list[type[TypedAction]] = []
        for name, result in self._each("carcassonne_action_types"):
            for action_type in cast(
                list[type[TypedAction]], _listed(name, "carcassonne_action_types", result)
            ):
                _claim("action verb", owners, action_type.verb, name)
                out.append(action_type)
        return out

    # -- start of a turn, any time in a turn --------------------------------------------------

    def turn_started(self, state: StateView) -> list[Event]:
        if not self.turn_started_used:
            return []
        return self._gather("carcassonne_turn_started", state)

    def anytime_actions(self, state: StateView, player: int) -> list[Action]:
        if not self.offers_anytime:
            return []
        return self._gather("carcassonne_anytime_actions", state, player)

    # -- tile phase ---------------------------------------------------------------------------

    def set_aside_drawn(self, state: StateView, tile: TileType) -> str | None:
        """The first plugin's reason to set the drawn tile aside, or None."""
        for name, function, picks in self._impls.get("carcassonne_set_aside_drawn", ()):
            result = _call(function, picks, (state, tile))
            if result is None:
                continue
            if not isinstance(result, str) or not result:
                raise PluginError(
                    f"plugin {name!r}: carcassonne_set_aside_drawn returned {result!r}, "
                    "not a reason (text) or None"
                )
            return result
        return None

    def turn_actions(self, state: StateView) -> list[Action]:
        if "carcassonne_turn_actions" not in self._used:
            return []
        return self._gather("carcassonne_turn_actions", state)

    def vetoers(self, config: ConfigView, tile: TileType) -> tuple[_Impl, ...]:
        """The ``carcassonne_veto_placements`` implementations that may veto ``tile``: those
        of plugins whose ``carcassonne_vetoes_tile`` does not answer ``False`` for it (asked
        once per tile). Empty: nobody vetoes it, and a draw of it can be lazy (``_draw``)."""
        found = self._vetoers.get(tile.id)
        if found is None:
            if not self.vetoes_placements:
                found = ()
            else:
                scopes = {
                    name: (function, picks)
                    for name, function, picks in self._impls.get("carcassonne_vetoes_tile", ())
                }
                kept = []
                for impl in self._impls["carcassonne_veto_placements"]:
                    scope = scopes.get(impl[0])
                    if scope is not None:
                        answer = _call(scope[0], scope[1], (config, tile))
                        if answer not in (True, False, None):
                            raise PluginError(
                                f"plugin {impl[0]!r}: carcassonne_vetoes_tile returned "
                                f"{answer!r}, not True, False or None"
                            )
                        if answer is False:
                            continue
                    kept.append(impl)
                found = tuple(kept)
            self._vetoers[tile.id] = found
        return found

    def may_veto(self, config: ConfigView, tile: TileType) -> bool:
        """Whether any plugin may veto placements of ``tile`` (:meth:`vetoers`); the flag
        first, so that a game without vetoes pays one attribute read."""
        return self.vetoes_placements and bool(self.vetoers(config, tile))

    def veto_placements(
        self, state: StateView, tile: TileType, candidates: list[tuple[int, int, int]]
    ) -> set[tuple[int, int, int]]:
        vetoes: set[tuple[int, int, int]] = set()
        for name, function, picks in self.vetoers(state.config, tile):
            result = _call(function, picks, (state, tile, candidates))
            if result:
                vetoes.update(
                    cast(
                        list[tuple[int, int, int]],
                        _listed(name, "carcassonne_veto_placements", result),
                    )
                )
        return vetoes

    def tile_placed(self, state: StateView, x: int, y: int, tile: TileType, rotation: int) -> None:
        # called every turn: each implementation directly, no list of answers built
        for _name, function, picks in self._impls.get("carcassonne_tile_placed", ()):
            if picks is None:
                function(state, x, y, tile, rotation)
            else:
                _call(function, picks, (state, x, y, tile, rotation))

    # -- figure phase -------------------------------------------------------------------------

    def figure_actions(self, state: StateView, x: int, y: int, player: int) -> list[Action]:
        only = self._only_figure_actions
        if only is not None:
            return self._one_list(only[0], only[1](state, x, y, player))
        return self._gather("carcassonne_figure_actions", state, x, y, player)

    def veto_figure_actions(self, state: StateView, actions: list[Action]) -> set[Action]:
        vetoes: set[Action] = set()
        if "carcassonne_veto_figure_actions" not in self._used:
            return vetoes
        for name, result in self._each("carcassonne_veto_figure_actions", state, actions):
            if result:
                vetoes.update(
                    cast(list[Action], _listed(name, "carcassonne_veto_figure_actions", result))
                )
        return vetoes

    def apply_action(self, state: StateView, action: Action) -> list[Event]:
        result = self._first("carcassonne_apply_action", state, action)
        if result is None:
            raise PluginError(f"no plugin applies actions of type {type(action).__name__}")
        return cast(list[Event], result)

    # -- reading ------------------------------------------------------------------------------

    def held_pieces(self, state: StateView) -> dict[str, tuple[int, ...]]:
        """Pieces players hold besides figures: ``{name: count per player}`` (names unique)."""
        owners = {kind: "core" for kind in state.config.figure_kinds}
        out: dict[str, tuple[int, ...]] = {}
        for name, result in self._each("carcassonne_held_pieces", state):
            if result is not None and not isinstance(result, dict):
                raise PluginError(
                    f"plugin {name!r}: carcassonne_held_pieces returned {result!r}, not a dict"
                )
            for piece, counts in cast(dict[str, tuple[int, ...]], result or {}).items():
                _claim("held piece", owners, piece, name)
                out[piece] = tuple(counts)
        return out

    def held_points(self, state: StateView) -> list[int]:
        """What the players' held pieces would score now: the plugins' answers added up."""
        total = [0] * state.config.players
        for name, result in self._each("carcassonne_held_points", state):
            if result is None:
                continue
            if not isinstance(result, list | tuple) or len(result) != len(total):
                raise PluginError(
                    f"plugin {name!r}: carcassonne_held_points returned {result!r}, not one "
                    f"number per player ({len(total)})"
                )
            total = [a + int(b) for a, b in zip(total, result, strict=True)]
        return total

    def decision_area(self, state: StateView, decision: Decision) -> list[tuple[int, int]]:
        """The squares the plugins say ``decision`` is about (front ends highlight them), each
        once, in the order given."""
        if "carcassonne_decision_area" not in self._used:
            return []
        squares = self._gather("carcassonne_decision_area", state, decision)
        return list(dict.fromkeys((int(x), int(y)) for x, y in squares))

    # -- explaining refusals ------------------------------------------------------------------

    def error_codes(self) -> list[ErrorCode]:
        """The plugins' declared codes; a code declared twice (or a core code) is an error."""
        owners = {code.code: "core" for code in CORE_CODES}
        out: list[ErrorCode] = []
        for name, result in self._each("carcassonne_error_codes"):
            for code in cast(
                list[ErrorCode], _listed(name, "carcassonne_error_codes", result, ErrorCode)
            ):
                _claim("error code", owners, code.code, name)
                out.append(code)
        return out

    def explain_illegal(self, state: StateView, action: Action) -> Refusal | None:
        """The first plugin's explanation of a refused action, checked to carry a declared code."""
        for name, function, picks in self._impls.get("carcassonne_explain_illegal", ()):
            result = _call(function, picks, (state, action))
            if result is None:
                continue
            if not isinstance(result, Refusal):
                raise PluginError(
                    f"plugin {name!r}: carcassonne_explain_illegal must return a Refusal or None"
                )
            if result.code not in {c.code for c in self.error_codes()}:
                raise PluginError(
                    f"plugin {name!r} explains a refusal with the code {result.code!r}, which "
                    "no plugin declares in carcassonne_error_codes"
                )
            return result
        return None

    # -- scoring ------------------------------------------------------------------------------

    def score(self, state: StateView, completed: list[int], final: bool) -> list[ScoreItem]:
        only = self._only_score
        if only is not None:
            return self._one_list(only[0], only[1](state, completed, final))
        return self._gather("carcassonne_score", state, completed, final)

    def before_scoring(self, state: StateView) -> list[Decision]:
        if not self.before_scoring_used:
            return []
        return self._gather("carcassonne_before_scoring", state)

    def break_tie(self, state: StateView, feature: int, players: list[int]) -> list[int]:
        """The tied players who win, each implementation narrowing the previous answer."""
        for name, function, picks in self._impls.get("carcassonne_break_tie", ()):
            result = _call(function, picks, (state, feature, list(players)))
            if result is None:
                continue
            if (
                not isinstance(result, (list, tuple))
                or not result
                or any(p not in players for p in result)
            ):
                raise PluginError(
                    f"plugin {name!r}: carcassonne_break_tie returned {result!r}, not a "
                    f"non-empty list of the tied players {players!r}"
                )
            players = sorted(set(result))
        return players

    def adjust_awards(self, state: StateView, awards: list[Award], final: bool) -> list[Award]:
        for name, function, picks in self._impls.get("carcassonne_adjust_awards", ()):
            result = _call(function, picks, (state, list(awards), final))
            if result is not None:
                # the types of the answer's items, collected in C (this runs every scoring)
                if not isinstance(result, list) or (result and set(map(type, result)) != _AWARD):
                    raise PluginError(
                        f"plugin {name!r}: carcassonne_adjust_awards must return a list of Award"
                    )
                awards = result
        return awards

    def after_scoring(self, state: StateView, returned: list[ReturnedFigure]) -> list[Decision]:
        if "carcassonne_after_scoring" not in self._used:
            return []
        return self._gather("carcassonne_after_scoring", state, returned)

    def decision_actions(self, state: StateView, decision: Decision) -> list[Action]:
        result = self._first("carcassonne_decision_actions", state, decision)
        if result is None:
            raise PluginError(f"no plugin answers decisions of kind {decision.kind!r}")
        if not isinstance(result, (list, tuple)):
            raise PluginError(
                f"carcassonne_decision_actions returned {result!r} for {decision.kind!r}, "
                "not a list"
            )
        return cast(list[Action], result)

    # -- other programs' saved games ------------------------------------------------------

    def jcz_names(self) -> list[tuple[str, list[object]]]:
        """Every plugin's ``carcassonne_jcz_names`` answer, ``(plugin name, list)`` in
        registration order; :mod:`carcassonne.jcz.registry` checks and indexes them."""
        return [
            (name, list(_listed(name, "carcassonne_jcz_names", result)))
            for name, result in self._each("carcassonne_jcz_names")
        ]

    # -- end of game --------------------------------------------------------------------------

    def extra_turns(self, state: StateView) -> list[int]:
        if "carcassonne_extra_turns" not in self._used:
            return []
        return self._gather("carcassonne_extra_turns", state)


#: The one type of item ``carcassonne_adjust_awards`` may answer with.
_AWARD = {Award}


def _call(
    function: Callable[..., object], picks: tuple[int, ...] | None, args: tuple[object, ...]
) -> object:
    """Call a hook implementation with the arguments it takes (``picks``: their positions
    among the hook's; None: all of them, in order)."""
    return function(*args) if picks is None else function(*map(args.__getitem__, picks))


def _positions(params: tuple[str, ...], wanted: tuple[str, ...]) -> tuple[int, ...] | None:
    """Where an implementation's parameters stand among the hook's (None: all, in order)."""
    if wanted == params:
        return None
    return tuple(params.index(name) for name in wanted)


def kinds_of(pm: pluggy.PluginManager) -> dict[str, FeatureKind]:
    """The feature kinds a set of plugins registers, extensions applied (games and tile tools)."""
    return Hooks(pm).feature_kinds()
