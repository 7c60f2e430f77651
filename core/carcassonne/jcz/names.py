"""What a plugin declares to import and export JCloisterZone saved games (``.jcz``).

JCloisterZone (JCZ) names everything differently: tile sets (``abbey-and-mayor:1``), game
elements (``big-follower: 1``), rules (``wagon-move: "C1"``), figure types (the ``wagon`` of
``0.wagon.1``), feature classes (``Monastery``), phases (``WagonPhase``) and the messages of its
replay (``DEPLOY_MEEPLE``). Each plugin declares the JCZ names of what it brings in its
``carcassonne_jcz_names`` hook, as a list of the values below, and the importer and exporter
(:mod:`carcassonne.jcz`) read them without knowing any plugin: the base game declares its own
names the same way (``carcassonne.rules``).

Messages are read and written by functions the plugin provides: a :class:`JczMessage` turns a
replay message into this engine's actions (through a :class:`JczReadContext`), and a
:class:`JczWriter` turns an action of this engine into messages (through a
:class:`JczWriteContext`). A function that finds the input unsupported raises
:class:`JczUnsupported` with the reason; the importer adds the file and the JSON path.

This module is part of the plugin API (docs/hooks.md, "JCloisterZone names").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn, Protocol, TypeAlias

from carcassonne.actions import Action, TypedAction
from carcassonne.values import ConfigView, Decision, Figure, ForcedChance, ForcedDraw, OptionValue

if TYPE_CHECKING:
    from carcassonne.tileset.model import RotatedFeature

#: What declarations read of a game's configuration (a :class:`~carcassonne.GameConfig`).
JczConfig = ConfigView

#: A JSON value as ``json.loads`` gives it.
Json: TypeAlias = None | bool | int | float | str | list["Json"] | dict[str, "Json"]

#: What reading one message does to the game, in order: actions to apply, and tiles or chance
#: outcomes to force before the action that draws them (``GameState.force_draw``).
Step: TypeAlias = Action | ForcedDraw | ForcedChance

#: One message of a ``.jcz`` replay as a writer makes it: its ``type`` and its ``payload``
#: (the exporter adds ``player`` and ``clock``).
Message = tuple[str, dict[str, Json]]


class JczUnsupported(Exception):  # noqa: N818 - a reason, raised by plugins' functions
    """Raised by a declaration's function: this input cannot be imported or exported (the
    reason says why); the importer or exporter names the file and the JSON path."""


# ---------------------------------------------------------------------------------------------
# Setup: sets, elements, rules


def _no_options(_edition: int | None) -> Mapping[str, OptionValue]:
    return {}


@dataclass(frozen=True)
class JczSet:
    """A JCZ tile set (``setup.sets``) that the declaring plugin plays.

    ``id`` is without the edition suffix (``basic``, ``river/1``, ``abbey-and-mayor``). A set in
    a file puts the declaring expansion in play (the base game's sets: nothing to add).
    ``options(edition)`` gives the options the set implies (``edition`` is the ``:N`` suffix, or
    None without one); ``write(config)`` gives the key to write for a game of this expansion
    (``"abbey-and-mayor:1"``, see :func:`jcz_edition`), or None to write none.
    ``ended_options(edition)``: options that replace those when the file's game has ended
    (``endTurn``, a ``drawOrder`` ending in ``#END``): the file then deals every tile its game
    had, so a rule that takes tiles from the pile must take none (Hills & Sheep's hidden tile).
    """

    id: str
    write: Callable[[JczConfig], str | None]
    options: Callable[[int | None], Mapping[str, OptionValue]] = _no_options
    ended_options: Callable[[int | None], Mapping[str, OptionValue]] = _no_options


@dataclass(frozen=True)
class JczElement:
    """A JCZ game element (``setup.elements``: a figure count or a mechanic switched on).

    ``read(value)`` gives the options for the element's value, or for ``None`` when the file
    leaves it out (it is called whenever the declaring plugin is in play: ``farmers`` absent
    means no farmers). ``write(config)`` gives the value to write, or None to leave it out.
    ``brings``: a file naming the element puts the declaring expansion in play (``abbot``); an
    element that does not (``garden``, ``river``) is accepted and ignored when its plugin is
    not in play.
    """

    id: str
    read: Callable[[Json], Mapping[str, OptionValue]]
    write: Callable[[JczConfig], Json]
    brings: bool = True


@dataclass(frozen=True)
class JczRule:
    """A JCZ rule (``setup.rules``), with its default (files leave default values out).

    ``read(value)`` gives the options for a value (the default when the file leaves it out);
    ``write(config)`` the value for a game (written only when it differs from ``default``).
    """

    id: str
    default: str | bool
    read: Callable[[Json], Mapping[str, OptionValue]]
    write: Callable[[JczConfig], str | bool]


# ---------------------------------------------------------------------------------------------
# Pieces and the board


@dataclass(frozen=True)
class JczFigure:
    """A JCZ figure type (the middle of a meeple id ``0.wagon.1``) and this engine's figure kind.

    ``read_pointer(context, pointer)`` and ``write_pointer(context, x, y, location)`` replace
    the usual pointer conversion for a figure that JCZ places differently (the barn stands on
    a corner that JCZ names by the tile whose north-west corner it is); None: the usual one
    (:meth:`JczReadContext.place` and :meth:`JczWriteContext.pointer`).
    """

    type: str
    figure: str
    read_pointer: Callable[[JczReadContext, Json], tuple[int, int, str]] | None = None
    write_pointer: Callable[[JczWriteContext, int, int, str], dict[str, Json]] | None = None
    #: JCZ's Java class of the figure (``Meeple SmallFollower options: ...`` assertions);
    #: "" means the type capitalised (``wagon`` -> ``Wagon``).
    java_class: str = ""
    #: ``deploy(context, action)``: the steps a DEPLOY_MEEPLE of this figure stands for, given
    #: the ``PlaceFigure`` read from it (the shepherd's bag draw, forced before it); None: the
    #: ``PlaceFigure`` alone.
    deploy: Callable[[JczReadContext, Action], Sequence[Step]] | None = None

    def __post_init__(self) -> None:
        if not self.java_class:
            object.__setattr__(self, "java_class", self.type.capitalize())


@dataclass(frozen=True)
class JczFeature:
    """A JCZ feature class (``feature`` in pointers: ``City``, ``Monastery``) and this engine's
    feature kind. Edge and field kinds take JCZ's side and half-edge locations; a centre kind
    takes ``location`` (``I``)."""

    feature: str
    kind: str
    location: str = "I"


@dataclass(frozen=True)
class JczToken:
    """A JCZ token (``TOWER_PIECE``, ``BRIDGE``) and this engine's piece kind."""

    token: str
    piece: str


@dataclass(frozen=True)
class JczNeutral:
    """A JCZ neutral figure id (``dragon.1``, ``fairy.1``) and this engine's piece kind."""

    id: str
    piece: str


# ---------------------------------------------------------------------------------------------
# Messages, phases and assertions


@dataclass(frozen=True)
class JczMessage:
    """How the declaring plugin reads a JCZ replay message of type ``type``.

    ``when`` narrows it to payloads whose fields have these values (``{"source":
    "ABBOT_RETURN"}``, ``{"token": "TOWER_PIECE"}``, ``{"tileId": "AM/A"}``): readers with more
    ``when`` fields are tried first, and two plugins may not declare the same type and
    ``when``. ``read(context, payload)`` gives the steps (actions, forced draws) the message
    stands for, in order (``[]``: nothing, as for most COMMITs), or None: "not in this
    situation", and the next reader of the type is tried. The importer applies the steps and
    reports a refused one with the message's index.
    """

    type: str
    read: Callable[[JczReadContext, Mapping[str, Json]], Sequence[Step] | None]
    when: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class JczWriter:
    """How the declaring plugin writes an action of this engine as JCZ messages.

    ``write(context, action)`` gives the messages (``(type, payload)``, the closing COMMIT
    included when JCZ has one), or None: "not in this situation" (the next writer of the type
    is tried: the plugins' in registration order, then the base game's, so that a plugin may
    write a plain action its own way where its rule changes the turn). ``context.before`` is
    the game before the action, ``context.after`` after it.
    """

    action: type[TypedAction]
    write: Callable[[JczWriteContext, Action], Sequence[Message] | None]


@dataclass(frozen=True)
class JczPhase:
    """The JCZ phase (what ``phase is X`` names) while a decision of kind ``kind`` is pending.

    ``when(state)`` narrows it (the abbey's draw decision is JCZ's ``AbbeyPhase``); phases with
    a ``when`` are tried first.
    """

    kind: str
    phase: str
    when: Callable[[JczGame], bool] | None = None


@dataclass(frozen=True)
class JczAction:
    """A JCZ action class name (FanCloisterZone's ``Available action X`` assertions) and which
    legal actions of this engine it stands for."""

    name: str
    matches: Callable[[JczGame, Action], bool]


@dataclass(frozen=True)
class JczScoring:
    """A JCZ score expression name (``city``, ``garden``: form 2 of the assertions) and the
    ``PointsScored.kind`` values of this engine it stands for."""

    name: str
    kinds: tuple[str, ...]


#: Every kind of declaration a ``carcassonne_jcz_names`` hook may return.
JczName: TypeAlias = (
    JczSet
    | JczElement
    | JczRule
    | JczFigure
    | JczFeature
    | JczToken
    | JczNeutral
    | JczMessage
    | JczWriter
    | JczPhase
    | JczAction
    | JczScoring
)

NAME_TYPES: tuple[type, ...] = (
    JczSet,
    JczElement,
    JczRule,
    JczFigure,
    JczFeature,
    JczToken,
    JczNeutral,
    JczMessage,
    JczWriter,
    JczPhase,
    JczAction,
    JczScoring,
)


# ---------------------------------------------------------------------------------------------
# The contexts the message functions get


class JczGame(Protocol):
    """What JCZ declarations read of a game: the :class:`~carcassonne.GameState` they get has
    all of it (a protocol, so that this module stays below the state: the built-in plugins
    declare their JCZ names too)."""

    @property
    def config(self) -> JczConfig: ...

    @property
    def player(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def pending(self) -> Decision: ...

    @property
    def drawn(self) -> str | None: ...

    @property
    def last_tile(self) -> tuple[int, int] | None: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def supply(self) -> Sequence[Mapping[str, int]]: ...

    @property
    def is_over(self) -> bool: ...

    def in_extra_turns(self) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def anytime_actions(self) -> list[Action]: ...

    def segments(self, x: int, y: int) -> list[tuple[int, RotatedFeature]]: ...

    def figures(self) -> list[tuple[int, Figure]]: ...

    def holes(self) -> list[tuple[int, int]]: ...


class JczReadContext(Protocol):
    """What a message reader sees: the game before the message, and conversions."""

    @property
    def state(self) -> JczGame:
        """The game before the message (read it; apply nothing: return steps)."""
        ...

    def figure(self, meeple_id: Json) -> str:
        """This engine's figure kind for a JCZ meeple id (``0.big.1`` -> ``big``)."""
        ...

    def place(self, pointer: Json) -> tuple[int, int, str]:
        """``(x, y, location)`` of a JCZ FeaturePointer, in this engine's location names."""
        ...

    def place_figure(self, meeple_id: Json, pointer: Json) -> Action:
        """The ``PlaceFigure`` a DEPLOY_MEEPLE stands for (the figure's own pointer rule, if
        it declares one)."""
        ...

    def deploy(self, meeple_id: Json, pointer: Json) -> Sequence[Step]:
        """The steps a DEPLOY_MEEPLE stands for: the ``PlaceFigure``, with what the figure's
        :attr:`JczFigure.deploy` adds."""
        ...

    def random_index(self, count: int) -> int:
        """The index JCZ's random generator gives now for a draw from ``count`` items
        (``floor(r * count)``), moving the generator on (docs/jcz.md, "Randomness"). ``r`` is
        the ``random`` of the last message that carried one (this message's own, if it has
        one), else ``initialRandom``, moved on once for each tile drawn since; tiles JCZ
        discarded are not in the file, so a turn with a discard is off by their draws."""
        ...

    def position(self, value: Json) -> tuple[int, int]:
        """A JCZ Position ``[x, y]``."""
        ...

    def piece(self, value: Json) -> str:
        """This engine's piece kind for a JCZ token (``"TOWER_PIECE"``, or JCZ's own
        ``["<class>", "TOWER_PIECE"]``) or neutral figure id (``"dragon.1"``)."""
        ...

    def rotation(self, value: Json) -> int:
        """A JCZ Rotation (``"R90"``) in degrees."""
        ...

    def fail(self, reason: str) -> NoReturn:
        """Refuse the message (the importer names the file and the message)."""
        ...

    @property
    def notes(self) -> dict[str, Json]:
        """What readers keep between the messages of one file (key it by the plugin's name):
        this engine's figures have no ids, so a reader that needs one later (a prisoner's
        meeple id, named again by a ransom) writes it down here."""
        ...


class JczWriteContext(Protocol):
    """What an action writer sees: the game before and after the action, and conversions."""

    @property
    def before(self) -> JczGame: ...

    @property
    def after(self) -> JczGame: ...

    def pointer(self, x: int, y: int, location: str) -> dict[str, Json]:
        """The JCZ FeaturePointer of the feature at ``location`` of the tile at ``(x, y)``."""
        ...

    def figure_pointer(self, kind: str, x: int, y: int, location: str) -> dict[str, Json]:
        """The pointer JCZ deploys figure ``kind`` with (the figure's own rule, if any)."""
        ...

    def meeple_id(self, player: int, kind: str, x: int, y: int, location: str) -> str:
        """The JCZ id of the figure ``kind`` of ``player`` at ``(x, y, location)``: the one
        standing there, or, for a figure being placed, the lowest id in the supply."""
        ...

    def random(self) -> float:
        """A number in [0, 1) for a COMMIT's ``random`` (deterministic per export)."""
        ...

    def prisoner_id(self, captor: int, player: int, kind: str) -> str:
        """The JCZ id of a figure ``kind`` of ``player`` held by ``captor`` (the first taken:
        the one a release gives back). ``JczUnsupported`` when there is none."""
        ...

    def token(self, piece: str) -> str:
        """The JCZ token (``"TOWER_PIECE"``) or neutral figure id (``"dragon.1"``) of a piece
        kind of this engine."""
        ...


# ---------------------------------------------------------------------------------------------
# Helpers for declarations


def jcz_edition(config: JczConfig) -> int:
    """JCZ's single edition for a game (1: first edition, without gardens; else 2)."""
    return 1 if config.options.get("edition") == "C1" else 2


def count_value(value: Json, element: str, least: int = 0) -> int:
    """A figure count of an element (JSON may give ``7.0``; JCZ truncates, and so do we)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise JczUnsupported(f"element {element!r} must be a number, not {value!r}")
    count = int(value)
    if count < least:
        raise JczUnsupported(f"element {element!r} must be at least {least}, not {count}")
    return count


def is_on(value: Json) -> bool:
    """Whether an element is switched on: present and neither false nor 0."""
    return value is not None and value is not False and value != 0


def option_rule(rule: str, option: str, default: str, values: Mapping[str, OptionValue]) -> JczRule:
    """A rule whose values map one to one onto the values of one option."""
    back = {ours: theirs for theirs, ours in values.items()}

    def read(value: Json) -> Mapping[str, OptionValue]:
        if not isinstance(value, str) or value not in values:
            known = ", ".join(repr(v) for v in values)
            raise JczUnsupported(f"rule {rule!r} value {value!r} is not one of {known}")
        return {option: values[value]}

    def write(config: JczConfig) -> str:
        return back[config.options[option]]

    return JczRule(rule, default, read, write)
