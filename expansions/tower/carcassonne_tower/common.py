"""Names shared by the modules of The Tower: plugin name, option keys, kinds, action types, and
the few queries every rule needs (pieces left, a tower's height, the squares of the towers)."""

from __future__ import annotations

from itertools import islice
from operator import itemgetter
from typing import ClassVar, NamedTuple

from carcassonne import (
    NEUTRAL,
    ConfigError,
    FeatureKind,
    GameConfig,
    GameState,
    Option,
    TypedAction,
)
from carcassonne.actions import Seat

#: Entry-point name; also the key of the expansion's data in ``state.ext`` (pieces left per
#: player).
NAME = "tower"

#: The centre feature that marks a tile's foundation; a follower on top of a tower stands on it.
TOWER = "tower"
#: The piece kind of a tower floor (a neutral piece on the foundation).
FLOOR = "tower-floor"

CAPTURE_DECISION = "tower-capture"
EXCHANGE_DECISION = "tower-exchange"

OPT_PIECES = f"{NAME}.pieces"
OPT_CAPTURE_ABBOT = f"{NAME}.capture_abbot"
OPT_TOP_CAPTURABLE = f"{NAME}.top_capturable"
OPT_RANSOM_TIMING = f"{NAME}.ransom_timing"

#: Pieces per player by player count (all rulebooks; JCZ beyond 6).
PIECES_BY_PLAYERS = {1: 10, 2: 10, 3: 9, 4: 7, 5: 6, 6: 5, 7: 4}
RANSOM_POINTS = 3
NEUTRAL_OWNER = NEUTRAL

OPTIONS: tuple[Option, ...] = (
    Option(
        OPT_PIECES,
        0,
        doc="tower pieces per player: 0 = by player count (2: 10, 3: 9, 4: 7, 5: 6, 6: 5), or "
        "any whole number from 1",
    ),
    Option(
        OPT_CAPTURE_ABBOT,
        True,
        (True, False),
        "the abbot can be captured like any follower (JCZ; the rulebooks are silent)",
    ),
    Option(
        OPT_TOP_CAPTURABLE,
        True,
        (True, False),
        "a follower on top of a tower can be captured by another tower, which reopens it",
    ),
    Option(
        OPT_RANSOM_TIMING,
        "any",
        ("any", "turn_start"),
        "any: a ransom at any moment of your own turn; turn_start: only before drawing the tile",
    ),
)

#: The foundation: a centre feature that joins nothing, never completes and scores nothing; a
#: meeple (or any follower kind) stands on it only on top of a tower (the plugin vetoes a bare
#: foundation).
TOWER_KIND = FeatureKind(
    TOWER,
    "center",
    completion="never",
    provider=NAME,
    glyph="^",
    svg_style=(("shape", "marker"), ("fill", "#b0a89e"), ("stroke", "#4e4540")),
)

#: Followers of the other sets that a tower can capture besides the follower kinds
#: (``FigureKind.follower``): the barn and the special figures (builder, pig, shepherd) are not.
CAPTURABLE = frozenset({"meeple", "abbot", "mayor", "wagon"})
ABBOT = "abbot"


class _FloorFields(NamedTuple):
    x: int
    y: int


class AddFloor(TypedAction, _FloorFields):
    """Add one of your tower pieces to the foundation or open tower at ``(x, y)``."""

    __slots__ = ()
    verb: ClassVar[str] = "tower-floor"


class _CaptureFields(NamedTuple):
    player: int
    figure: str
    x: int
    y: int
    location: str


class Capture(TypedAction, _CaptureFields):
    """Capture the figure ``player``'s ``figure`` at ``(x, y) location`` in the tower's sight."""

    __slots__ = ()
    verb: ClassVar[str] = "tower-capture"


class _KindFields(NamedTuple):
    figure: str


class Exchange(TypedAction, _KindFields):
    """The kind of your own follower that comes back in an exchange (when you may choose)."""

    __slots__ = ()
    verb: ClassVar[str] = "tower-exchange"


class _RansomFields(NamedTuple):
    captor: Seat
    figure: str


class Ransom(TypedAction, _RansomFields):
    """Buy back your ``figure`` held by ``captor``: 3 points from you to them."""

    __slots__ = ()
    verb: ClassVar[str] = "tower-ransom"


def initial_pieces(config: GameConfig) -> int:
    """Tower pieces each player starts with (option ``tower.pieces``)."""
    value = config.options[OPT_PIECES]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ConfigError(
            f"option {OPT_PIECES!r} must be 0 (by player count) or a whole number from 1, "
            f"not {value!r}"
        )
    return value or PIECES_BY_PLAYERS.get(config.players, 3)


def pieces_left(state: GameState, player: int) -> int:
    data = state.ext.get(NAME)
    assert data is None or isinstance(data, tuple)
    return int(data[player]) if data else 0


def height(state: GameState, x: int, y: int) -> int:
    """The number of floors on the foundation at ``(x, y)`` (0: a bare foundation)."""
    return sum(1 for p in state.pieces_at(x, y) if p.kind == FLOOR)


#: How many boards the index below keeps (a search makes many clones).
_CACHED_BOARDS = 256
#: A piece's square ``(x, y)``, taken in C (``Piece(kind, owner, x, y, location)``).
_SQUARE = itemgetter(2, 3)

Foundation = tuple[int, int, int]
#: ``(feature, AddFloor(x, y))`` of one foundation: the piece a figure phase may offer there.
FloorOffer = tuple[int, AddFloor]


class BoardIndex:
    """What every figure phase of one board asks, kept with that board.

    Tiles are only ever added to a board (a dictionary in laying order) and a foundation joins
    no other feature, so its feature id never changes: the foundations (and the ``AddFloor``
    action of each, so that a figure phase builds none) are extended by the tiles laid since
    the last question, one tile in a game's figure phase. Floors are put only by ``AddFloor``,
    which replaces ``state.ext["tower"]`` (the pieces left) with a new tuple each time, and no
    two states share a board (clones, undo and restores copy it): so the squares of the towers
    are kept while both the board and that value are the same objects. The lists are the
    index's own: callers read them and never change them."""

    __slots__ = ("board", "count", "found", "offers", "left", "grown")

    def __init__(self, board: object) -> None:
        #: Held, so that no other board takes its id while the index is kept.
        self.board = board
        self.count = 0
        self.found: list[Foundation] = []
        self.offers: list[FloorOffer] = []
        #: The pieces-left value ``grown`` was read with (None: not read yet).
        self.left: object = None
        self.grown: frozenset[tuple[int, int]] = frozenset()


#: id(board) -> the index of that board.
_INDEXES: dict[int, BoardIndex] = {}


def board_index(state: GameState) -> BoardIndex:
    """The index of ``state``'s board, extended by the tiles laid since it was last asked."""
    board = state.board
    index = _INDEXES.get(id(board))
    if index is None or index.board is not board:
        if len(_INDEXES) >= _CACHED_BOARDS:
            _INDEXES.clear()
        index = _INDEXES[id(board)] = BoardIndex(board)
    count = len(board)
    if index.count == count:
        return index
    if count == index.count + 1:  # a game's figure phase: the last tile laid alone
        laid = [next(reversed(board.items()))]
    else:
        laid = list(islice(board.items(), index.count, None))
    for (x, y), placed in laid:
        location = placed.rot.by_location.get(TOWER)
        if location is not None:
            feature = placed.order + location
            index.found.append((x, y, feature))
            index.offers.append((feature, AddFloor(x, y)))
    index.count = count
    return index


def grown(state: GameState, index: BoardIndex) -> frozenset[tuple[int, int]]:
    """The squares of the towers with at least one piece on ``index``'s board (``state``'s):
    asked in the figure phases where a follower may go on top of a tower."""
    left = state.ext.get(NAME)
    if index.left is not left or left is None:
        index.grown = frozenset(map(_SQUARE, state.pieces(FLOOR)))
        index.left = left
    return index.grown


def towers(state: GameState) -> list[Foundation]:
    """``(x, y, feature)`` of every foundation on the board, in the order their tiles were
    laid (the index's list: not to be changed)."""
    return board_index(state).found
