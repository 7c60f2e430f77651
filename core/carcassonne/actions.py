"""Actions: the moves a player (or a bot, or a front end) makes.

Actions are small immutable tuples so that bots can create thousands per game cheaply and use
them as dictionary keys. Two actions are equal only when they are of the same type and have the
same fields (plain named tuples of different types with equal fields would compare equal).

The core knows four actions; an expansion defines more the same way (a ``NamedTuple`` of fields
and a :class:`TypedAction` subclass with a ``verb``), declares them in its
``carcassonne_action_types`` hook and applies them in its ``carcassonne_apply_action`` hook::

    class _ReturnFields(NamedTuple):
        x: int
        y: int

    class Return(TypedAction, _ReturnFields):
        __slots__ = ()
        verb: ClassVar[str] = "my-plugin-return"
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from carcassonne.geometry import CORNERS, HALVES, SIDES


class TypedAction:
    """Base of every action type (core or plugin): type-aware equality and hashing.

    Put it first among the bases, before the ``NamedTuple`` of fields, and give the subclass a
    unique ``verb``.
    """

    __slots__ = ()
    verb: ClassVar[str]
    #: The values a field of no standard kind may take (``{"choice": ("grow", "score")}``), in
    #: the order the environments number them; fields named x, y, rotation, figure, location,
    #: player, tile and bool fields need none.
    choices: ClassVar[Mapping[str, tuple[Hashable, ...]]] = {}

    if TYPE_CHECKING:
        # Provided by the NamedTuple of fields that every action type also derives from; declared
        # for the type checker only, as a definition here would shadow the tuple's at run time.
        # (``_fields`` cannot be declared: each NamedTuple types it with its own length.)
        _field_defaults: ClassVar[dict[str, Any]]

        def _asdict(self) -> dict[str, Any]: ...

    # ``self`` is a tuple at run time (every action type also derives from a NamedTuple), which
    # mypy cannot know of a mixin: hence the two ``type: ignore`` comments below.
    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[operator]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.verb, tuple.__hash__(self)))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.verb, **self._asdict()}

    def __str__(self) -> str:
        """The action's notation (``tile BA/RCr 1,-2 r90``, docs/notation.md)."""
        if _TEXT_WRITER:
            try:
                return _TEXT_WRITER[0](self)
            except Exception:  # noqa: BLE001 - a field notation cannot write: show the fields
                pass
        return repr(self)


#: The notation writer, registered by :mod:`carcassonne.notation` when it is imported (the
#: package always imports it): actions print as notation without this module depending on the
#: grammar.
_TEXT_WRITER: list[Callable[[TypedAction], str]] = []


def register_text_writer(writer: Callable[[TypedAction], str]) -> None:
    """Make ``str(action)`` write ``writer(action)`` (called once, by the notation module)."""
    _TEXT_WRITER[:] = [writer]


class _DrawFields(NamedTuple):
    pass


class Draw(TypedAction, _DrawFields):
    """Draw the next tile (offered when an expansion offers an alternative to drawing, and at
    every draw with the option ``explicit_draws``)."""

    __slots__ = ()
    verb: ClassVar[str] = "draw"


class _PlaceTileFields(NamedTuple):
    tile: str
    x: int
    y: int
    rotation: int


class PlaceTile(TypedAction, _PlaceTileFields):
    """Place a tile with its top turned ``rotation`` degrees clockwise at ``(x, y)``."""

    __slots__ = ()
    verb: ClassVar[str] = "tile"


class _PlaceFigureFields(NamedTuple):
    figure: str
    x: int
    y: int
    location: str


class PlaceFigure(TypedAction, _PlaceFigureFields):
    """Put a figure from the supply on the feature at ``location`` of the tile at ``(x, y)``.

    ``location`` is in board orientation: a side, half-edge, corner or centre name.
    """

    __slots__ = ()
    verb: ClassVar[str] = "figure"


class _PassFields(NamedTuple):
    pass


class Pass(TypedAction, _PassFields):
    """Decline the optional decision (place no figure, return the wagon, ...)."""

    __slots__ = ()
    verb: ClassVar[str] = "pass"


class _ChanceOutcomeFields(NamedTuple):
    name: str
    outcome: str


class ChanceOutcome(TypedAction, _ChanceOutcomeFields):
    """How a chance draw inside a turn came out (``chance sheep-bag wolf``): the legal actions
    of a ``chance`` decision. The engine draws it itself unless the state leaves chance to its
    caller (``state.auto_chance = False``: environments, whose chance nodes pick it)."""

    __slots__ = ()
    verb: ClassVar[str] = "chance"


def action_fields(action_type: type[TypedAction]) -> tuple[str, ...]:
    """The field names of an action type, in order (those of its NamedTuple)."""
    # Every action type derives from a NamedTuple, which the type of TypedAction cannot say.
    return action_type._fields  # type: ignore[attr-defined]


#: Per action type. A dict rather than functools.cache, whose Hashable arguments mypy does not
#: accept class objects for (python/mypy#20409).
_FIELD_TYPES: dict[type[TypedAction], dict[str, str]] = {}


def field_types(action_type: type[TypedAction]) -> dict[str, str]:
    """Field name -> declared type name (``int``, ``str``, ``bool``), in field order.

    Notation and JSON read an expansion's action fields with these, so a plugin's action type
    needs no parsing code of its own.
    """
    found = _FIELD_TYPES.get(action_type)
    if found is None:
        try:
            hints = typing.get_type_hints(action_type)
        except Exception:  # noqa: BLE001 - unresolvable forward references: use the written names
            hints = {}
            for klass in reversed(action_type.__mro__):
                hints.update(getattr(klass, "__annotations__", {}))
        found = {}
        for name in action_fields(action_type):
            hint = hints.get(name, str)
            if isinstance(hint, typing.ForwardRef):
                hint = hint.__forward_arg__
            found[name] = hint if isinstance(hint, str) else getattr(hint, "__name__", str(hint))
        _FIELD_TYPES[action_type] = found
    return found


#: Any action, core or plugin: a named tuple whose class derives from :class:`TypedAction`.
Action = TypedAction

CORE_ACTIONS: tuple[type[TypedAction], ...] = (Draw, PlaceTile, PlaceFigure, Pass, ChanceOutcome)

#: Where the core's verbs sort; plugin verbs come between ``figure`` and ``pass``.
_VERB_RANK = {Draw.verb: 0, PlaceTile.verb: 1, PlaceFigure.verb: 2, Pass.verb: 4}
_PLUGIN_RANK = 3
#: Location names in board order: sides, half-edges, corners (pockets and centres after them).
_LOCATION_RANK = {name: i for i, name in enumerate(SIDES + HALVES + CORNERS)}


#: Per action type: the function giving an action's sort key (built once per type).
_SORT_KEYS: dict[type[TypedAction], Callable[[Action], tuple[object, ...]]] = {}


def _sort_key_of(action_type: type[TypedAction]) -> Callable[[Action], tuple[object, ...]]:
    verb = action_type.verb
    rank = _VERB_RANK.get(verb, _PLUGIN_RANK)
    names = action_fields(action_type)
    if "location" not in names:
        return lambda action: (rank, verb, action)
    at = names.index("location")
    get = _LOCATION_RANK.get
    last = len(_LOCATION_RANK)

    def key(action: Action) -> tuple[object, ...]:
        # one flat tuple: the fields in order, the location replaced by (board order, name)
        fields: tuple[object, ...] = action  # type: ignore[assignment]
        location = fields[at]
        return (rank, verb, *fields[:at], get(location, last), location, *fields[at + 1 :])  # type: ignore[call-overload]

    return key


def action_sort_key(action: Action) -> tuple[object, ...]:
    """The documented order of legal actions: ``draw``, then ``tile`` placements, then
    ``figure`` placements, then plugins' verbs alphabetically, then ``pass``; within a verb, by
    the action's fields in order, a ``location`` field in board order (N, E, S, W, then the
    half-edges NL ... WR, the corners NW ... SW, then other names alphabetically)."""
    key = _SORT_KEYS.get(type(action))
    if key is None:
        key = _SORT_KEYS[type(action)] = _sort_key_of(type(action))
    return key(action)


def sort_actions(actions: list[Action]) -> list[Action]:
    """``actions`` in the order of :func:`action_sort_key` (fields that cannot be compared
    with each other, such as a plugin's ``None``, compare by their text)."""
    if len(actions) < 2:
        return list(actions)
    try:
        return sorted(actions, key=action_sort_key)
    except TypeError:
        return sorted(actions, key=lambda a: (*action_sort_key(a)[:2], repr(a)))
