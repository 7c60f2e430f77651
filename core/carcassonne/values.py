"""The small immutable values that plugins and the engine pass to each other.

A leaf module: it imports nothing of the engine but the tile model and the errors, so every other
module (the state, the configuration, the hooks, every plugin) can import it without a cycle.

It also holds :class:`StateView` and :class:`ConfigView`, the protocols of what the modules
below :mod:`carcassonne.state` and :mod:`carcassonne.config` read of a state and of a
configuration (``hookspecs``, the ``Hooks`` façade of ``plugins``, the base rules,
``Setup.config``): ``config`` imports ``plugins`` (which imports ``hookspecs`` and the rules)
and ``state`` imports ``config``, so those modules annotate with the protocols, not the
classes, and no import closes a loop, not even one for annotations only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Never, Protocol, Union

from carcassonne.errors import ConfigError
from carcassonne.limits import int_in_range
from carcassonne.tileset.model import Attribute, Rotated, TileType

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from carcassonne.tileset.model import FeatureKind, RotatedFeature

#: A square of the board: ``(x, y)``, x growing east and y growing south.
Pos = tuple[int, int]

#: Plugin data of one game (``state.ext[name]``): immutable values only, replaced, never mutated.
ExtValue = object

# ---------------------------------------------------------------------------------------------
# Rule options


#: The types an option value may have (what TOML and JSON can spell).
OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """A rule option a plugin accepts. ``key`` is global: ``tiny_city``, ``river.uturn``.

    ``label`` names it in words for people (a lobby's check box; the key when empty);
    ``house_rule`` false marks an option for programs (replaying other engines' records,
    chance nodes) that a lobby does not offer among the rules players choose."""

    key: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    doc: str = ""
    label: str = ""
    house_rule: bool = True

    def words(self) -> str:
        """The option's name for people: its label, else its key's last part in words."""
        return self.label or self.key.rpartition(".")[2].replace("_", " ")

    def check(self, value: object) -> OptionValue:
        """``value`` if it is allowed, else a :class:`ConfigError` in the user's spelling."""
        if isinstance(self.default, bool) and not isinstance(value, bool):
            shown = format_value(value)
            raise ConfigError(f"option {self.key!r} must be true or false, not {shown}")
        if self.choices and (value not in self.choices or type(value) is not type(self.default)):
            allowed = ", ".join(format_value(c) for c in self.choices)
            shown = format_value(value)
            raise ConfigError(f"option {self.key!r} must be one of {allowed}, not {shown}")
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigError(
                    f"option {self.key!r} must be a whole number, not {format_value(value)}"
                )
            if not int_in_range(value):  # what records (TOML) can write and read back
                raise ConfigError(f"option {self.key!r} must fit in 64 bits, not {value}")
        if isinstance(self.default, str) and not isinstance(value, str):
            raise ConfigError(f"option {self.key!r} must be text, not {format_value(value)}")
        assert isinstance(value, bool | int | str)
        return value


class Supply(dict[str, int]):
    """One player's figures in the supply, figure kind -> count: read only.

    ``state.supply[player]`` is one of these. States share them with their clones (copying a
    supply at every clone would cost search time), so none may change: the engine makes a new
    one for every change (:meth:`with_count`), and a caller's ``supply["meeple"] = 0`` raises
    ``TypeError`` instead of changing every clone too. It is a ``dict`` for everything else
    (equality with plain dicts, JSON, ``**`` unpacking); ``copy()`` gives a plain dict.
    """

    __slots__ = ()

    def with_count(self, kind: str, change: int) -> Supply:
        """A new supply with ``change`` more (or fewer) figures of ``kind``."""
        counts = dict(self)
        counts[kind] = counts.get(kind, 0) + change
        return Supply(counts)

    def __reduce__(self) -> tuple[type[Supply], tuple[dict[str, int]]]:
        return (Supply, (dict(self),))  # pickle and copy build it whole, never item by item

    def _read_only(self, *args: object, **kwargs: object) -> Never:
        raise TypeError("a supply is read only (state.supply is shared with clones)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only


def format_value(value: object) -> str:
    """A value as a user writes it (JSON/TOML spelling: true, false, "text", 4), on one line:
    quotes, backslashes, line breaks and every other unprintable character of a text are
    escaped (``\\n``, ``\\u2028``), so a message quoting a value is one line that shows it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + "".join(map(_escaped, value)) + '"'
    return repr(value)


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(char: str) -> str:
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char.isprintable():
        return char
    return f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}"


# ---------------------------------------------------------------------------------------------
# Feature kinds


@dataclass(frozen=True)
class KindExtension:
    """Attributes a plugin adds to a feature kind another plugin registered (an inn on a road).

    Tile sets may then give segments of that kind these attributes (``road E inn=1``); the
    state sums them over a feature (``state.feature_attr``) like the city's shields.
    """

    kind: str
    attributes: tuple[Attribute, ...]


# ---------------------------------------------------------------------------------------------
# Figures


class Figure(NamedTuple):
    """A figure on the board: whose, what, and where it was put (a barn keeps its corner)."""

    player: int
    kind: str
    x: int
    y: int
    #: Where it was put, in board orientation (a barn's corner, a farmer's half-edge).
    location: str


#: How strongly a figure counts in a majority: a number, or ``f(state, feature, figure)``
#: evaluated when the feature is scored (the mayor counts the city's shields). ``state`` is the
#: :class:`~carcassonne.state.GameState`; its parameter is typed ``Never`` here, which any
#: function's first parameter accepts: this leaf module cannot name ``GameState`` (the state
#: imports the configuration, which imports this module), and a protocol would reject the
#: functions plugins annotate with ``GameState``. ``GameState.strength`` passes itself.
Strength = int | Callable[[Never, int, Figure], int]


#: The silhouettes pictures can draw a figure or a piece as (``FigureKind.shape``,
#: ``PieceKind.shape``), each about a square's quarter tall; docs/pictures.md shows them all.
#: ``pawn`` is the plain piece a kind without a look of its own gets.
SILHOUETTES: tuple[str, ...] = (
    "meeple",
    "large-meeple",
    "abbot",
    "mayor",
    "wagon",
    "barn",
    "builder",
    "pig",
    "shepherd",
    "dragon",
    "fairy",
    "tower",
    "sheep",
    "pawn",
)


def _check_look(what: str, shape: str, glyph: str) -> None:
    """A declared look names a known silhouette and a glyph of one character."""
    if shape and shape not in SILHOUETTES:
        raise ConfigError(
            f"{what}: unknown shape {shape!r} (one of {', '.join(SILHOUETTES)}, or \"\")"
        )
    if len(glyph) > 1:
        raise ConfigError(f"{what}: glyph {glyph!r} must be one character")


@dataclass(frozen=True)
class FigureKind:
    """A kind of figure: how many each player has and how strongly it counts in majorities.

    A *follower* (``follower=True``) may stand wherever the base game lets a meeple stand: the
    base game offers every follower kind a player has on every free feature of the tile just
    placed whose kind admits followers, and every other plugin's vetoes apply to it as to a
    meeple. Figures with rules of their own (abbot, mayor, wagon, barn) are not followers and
    offer their own placements.
    """

    name: str
    count: int
    strength: Strength = 1
    provider: str = "core"
    follower: bool = False
    #: How pictures draw it: one of :data:`SILHOUETTES`; ``""`` (the default) keeps the look a
    #: figure had before kinds declared one: the silhouette of the same name when there is one
    #: (``meeple``), otherwise a ``pawn`` with the kind's initial.
    shape: str = ""
    #: The words front ends and legends use ("large meeple"); ``""``: the kind's name.
    label: str = ""
    #: One character for text (a legend, a front end's list); ``""``: the kind's initial.
    glyph: str = ""

    def __post_init__(self) -> None:
        _check_look(f"figure kind {self.name!r}", self.shape, self.glyph)

    @property
    def silhouette(self) -> str:
        """The silhouette pictures draw: ``shape``, else the one named like the kind, else a
        ``pawn``."""
        return self.shape or (self.name if self.name in SILHOUETTES else "pawn")

    @property
    def words(self) -> str:
        """What front ends call it: ``label``, else the kind's name."""
        return self.label or self.name


class ReturnedFigure(NamedTuple):
    """A figure that went back to its supply, with where it stood."""

    player: int
    figure: str
    x: int
    y: int
    location: str
    feature: int
    feature_kind: str


# ---------------------------------------------------------------------------------------------
# Scoring


class Award(NamedTuple):
    """Points for ``player`` from a scoring hook. ``stage`` orders awards within a phase.

    ``feature`` is the feature the points are for, or ``None`` for points that belong to no
    feature (a majority of goods at the end, a fairy's point at the start of a turn): such
    awards sort before the feature awards of their stage, and ``kind`` says what they are for.
    """

    player: int
    points: int
    feature: int | None
    kind: str
    reason: str = ""
    stage: int = 0


class ReturnFigures(NamedTuple):
    """A scoring hook's request to send the figures of a feature home (``kinds``: only those)."""

    feature: int
    kinds: frozenset[str] | None = None
    stage: int = 0


#: What ``carcassonne_score`` answers: points and figures sent home.
ScoreItem = Award | ReturnFigures


# ---------------------------------------------------------------------------------------------
# Decisions and the board


#: What a plugin keeps in ``Decision.data``: an immutable value of its choice.
DecisionData = object


class Decision(NamedTuple):
    """What the game waits for: a ``kind`` of decision by ``player``.

    Core kinds: ``draw`` (draw, or an alternative to drawing), ``tile`` (place the drawn tile),
    ``figure`` (the figure phase), ``end`` (game over). Plugins add kinds (``wagon``) and keep
    what they need in ``data`` (an immutable value).

    ``passable=False`` makes a plugin's decision a forced move (a dragon step that must be
    taken): its legal actions are the plugin's alone, without the ``Pass`` the core adds to
    the others, and ``apply(Pass())`` is refused (``not-passable``). A forced decision with no
    action left is skipped, as a passable one whose only action is ``Pass``. The core's own
    kinds ignore it.
    """

    kind: str
    player: int
    data: DecisionData = None
    passable: bool = True


class Placed(NamedTuple):
    """A tile on the board: its type, its rotation (and that rotation's view), who placed it
    (-1 for tiles laid at the start or by a position), and ``order``: the id of its first
    segment (0 for the start tile; larger for every tile placed later), so that segment
    ``i`` of ``rot.features`` is feature ``order + i`` (docs/hooks.md)."""

    tile: TileType
    rotation: int
    rot: Rotated
    player: int
    order: int


#: ``Decision.player`` of a chance decision: nobody chooses, the engine draws (docs/hooks.md).
CHANCE = -1

#: ``Piece.owner`` of a neutral piece (a dragon, a fairy): it belongs to no player.
NEUTRAL = -1


class ChanceSpec(NamedTuple):
    """What a chance decision draws from: ``Decision("chance", CHANCE, ChanceSpec(...))``.

    ``name`` says what is drawn (``sheep-bag``) and which plugin owns it; ``outcomes`` are its
    possible results (text, as records and the notation write them) and ``weights`` how many
    ways each can come up (the tokens of each kind in a bag). ``data`` is the plugin's own
    immutable value, handed back with the outcome.
    """

    name: str
    outcomes: tuple[str, ...]
    weights: tuple[int, ...]
    data: DecisionData = None


class Piece(NamedTuple):
    """A piece on the board that is not a figure on a feature: a neutral figure (dragon, fairy),
    a token (a tower floor, a sheep) or a player's marker.

    ``owner`` is a player or :data:`NEUTRAL`; ``location`` is where on the tile it stands (a
    feature's location, as for figures) or ``None`` for the tile as a whole.
    """

    kind: str
    owner: int
    x: int
    y: int
    location: str | None = None


class Prisoner(NamedTuple):
    """A figure of ``player`` held by ``captor`` (off the board, in front of the captor)."""

    captor: int
    player: int
    kind: str


@dataclass(frozen=True)
class PieceKind:
    """How a kind of piece looks and what it is called: a piece on the board (``Piece``), a
    neutral figure, or a counter players hold (``carcassonne_held_pieces``).

    ``glyph`` is one character for the terminal board and text; ``mark`` one of the picture
    marks (``disc``, ``square``, ``triangle``, ``diamond``, ``star``, ``ring``) drawn in
    ``colour`` for a neutral piece (players' pieces are drawn in the player's colour);
    ``label`` the words front ends show ("the dragon", "tower floor"). ``neutral`` pieces
    belong to no player.
    """

    name: str
    label: str = ""
    glyph: str = "*"
    mark: str = "disc"
    colour: str = "#444444"
    neutral: bool = False
    provider: str = "core"
    #: A silhouette of :data:`SILHOUETTES` pictures draw instead of ``mark`` (the dragon as a
    #: dragon); ``""`` (the default): the mark.
    shape: str = ""
    #: A short text pictures write on the piece (the number of sheep on a token); ``""``: none.
    badge: str = ""

    def __post_init__(self) -> None:
        _check_look(f"piece kind {self.name!r}", self.shape, "")
        if len(self.badge) > 3:
            raise ConfigError(
                f"piece kind {self.name!r}: badge {self.badge!r} is longer than 3 characters"
            )


@dataclass(frozen=True)
class TileMark:
    """How pictures show a tile tag (``tags`` in a tile set file): a volcano, a magic portal.

    Tags are read by plugins; a tag with a mark is also drawn: ``mark`` (one of the piece marks,
    ``disc``, ``square``, ``triangle``, ``diamond``, ``star``, ``ring``) in ``colour`` at the
    tile's top-left corner, upright whatever the tile's rotation, titled with ``label``;
    ``glyph`` is one character for text.
    """

    tag: str
    label: str = ""
    glyph: str = "*"
    mark: str = "disc"
    colour: str = "#444444"
    provider: str = "core"


class ForcedChance(NamedTuple):
    """An entry of ``state.log`` beside the actions: the next chance draw was forced to
    ``outcome`` (``force_chance``, or a draw the engine made: so replays are exact)."""

    outcome: str


class ForcedDraw(NamedTuple):
    """An entry of ``state.log`` beside the actions: the next draw was forced to ``tile``.

    Undo and records replay it with ``force_draw``.
    """

    tile: str


class Outcome(NamedTuple):
    """The result of a game (or the standings so far): ``GameState.outcome()``.

    ``points`` gives per player the points by source: the feature kind they were scored for
    (``city``, ``road``, ``monastery``, ``field``, an expansion's ``garden`` ...) and ``start``
    for the points a position began with.
    """

    over: bool
    scores: tuple[int, ...]
    #: Per player, 1 = best; tied players share a rank.
    ranking: tuple[int, ...]
    #: The players with the most points.
    winners: tuple[int, ...]
    points: tuple[dict[str, int], ...]


# ---------------------------------------------------------------------------------------------
# Setup


@dataclass
class Setup:
    """What the ``carcassonne_setup`` hook arranges (mutable only during configuration)."""

    #: The :class:`~carcassonne.config.GameConfig` being built (typed with the protocol of what
    #: a setup reads of it: this module cannot name ``GameConfig``).
    config: ConfigView
    #: The tile id placed at (0, 0), rotation 0.
    start: str | None = None
    #: Draw stacks: key -> tile ids (one entry per copy). Lower keys are drawn first.
    stacks: dict[int, list[str]] = field(default_factory=dict)
    #: Tile ids that go to the bottom of their stack after the shuffle (the River's lake).
    bottom: set[str] = field(default_factory=set)
    #: Initial plugin data, ``name -> immutable value``.
    ext: dict[str, ExtValue] = field(default_factory=dict)

    def remove_copy(self, tile_id: str) -> bool:
        """Take one copy of ``tile_id`` out of whichever stack holds it."""
        for key in sorted(self.stacks):
            stack = self.stacks[key]
            if tile_id in stack:
                stack.remove(tile_id)
                return True
        return False


#: A tile set file a plugin ships: a path or an ``importlib.resources`` traversable (also
#: importable from ``carcassonne.config`` and ``carcassonne``). ``Traversable`` is named, not
#: imported: ``importlib.resources`` (with tempfile, shutil and the compression modules) is
#: loaded only when a tile set is read, not by ``import carcassonne`` (issue 34).
TileSource = Union[Path, "Traversable", str]  # noqa: UP007 - a forward reference needs Union


# ---------------------------------------------------------------------------------------------
# What the modules below the state and the configuration see of them (protocols)


class ConfigView(Protocol):
    """What the hooks, the base rules and a :class:`Setup` read of a
    :class:`~carcassonne.config.GameConfig` (which has all of it): a protocol, for annotations
    in modules that ``carcassonne.config`` imports and so cannot import back."""

    @property
    def players(self) -> int: ...

    @property
    def options(self) -> Mapping[str, OptionValue]: ...

    @property
    def kinds(self) -> Mapping[str, FeatureKind]: ...

    @property
    def figure_kinds(self) -> Mapping[str, FigureKind]: ...

    @property
    def followers(self) -> tuple[str, ...]: ...

    @property
    def tile_types(self) -> Mapping[str, TileType]: ...


class StateView(Protocol):
    """What the hooks' façade, the base rules and a callable :data:`Strength` read of a
    :class:`~carcassonne.state.GameState` (which has all of it, and which the hooks receive): a
    protocol, for annotations in modules below ``carcassonne.state``. Every member is one of
    the state's queries (:mod:`carcassonne.gamestate.queries` or below), so each layer of the
    state passes itself where a ``StateView`` is expected."""

    @property
    def config(self) -> ConfigView: ...

    @property
    def player(self) -> int: ...

    @property
    def supply(self) -> list[Supply]: ...

    @property
    def ext(self) -> dict[str, ExtValue]: ...

    def segments(self, x: int, y: int) -> list[tuple[int, RotatedFeature]]: ...

    def neighbours_present(self, x: int, y: int) -> int: ...

    def feature_kind(self, feature: int) -> str: ...

    def feature_tiles(self, feature: int) -> frozenset[Pos]: ...

    def feature_attr(self, feature: int, name: str) -> int: ...

    def figures_on(self, feature: int) -> tuple[Figure, ...]: ...

    def bordering(self, feature: int) -> set[int]: ...

    def is_complete(self, feature: int) -> bool: ...

    def completed_cities(self, field: int) -> int: ...

    def majority(self, feature: int) -> list[int]: ...
