"""The state's data: its fields (declared once, with their types), the constants of the turn
loop, and laying a tile (the board, the feature graph, the frontier and its holes).

The lowest layer of :class:`~carcassonne.state.GameState` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, NoReturn

from carcassonne import events as ev
from carcassonne.actions import Action, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.features import FeatureGraph, Neighbours
from carcassonne.tileset.model import TileType
from carcassonne.values import (
    Decision,
    ExtValue,
    Figure,
    ForcedChance,
    ForcedDraw,
    Piece,
    Placed,
    Pos,
    Prisoner,
    ReturnedFigure,
    Supply,
)

if TYPE_CHECKING:
    from typing import Self

END = "end"

#: What happens when the queue of decisions is empty: the figure phase, or the end of the turn.
_THEN_FIGURE = "figure"
_THEN_END = "end"
_THEN_DRAW = "draw"
_THEN_SCORING = "scoring"


class _Extras(NamedTuple):
    """The state of the general mechanics (pieces, prisoners, set-aside and hidden tiles, turn
    parts, chance draws): one immutable value, ``None`` in a game that uses none of them, so
    that ``clone()`` and the snapshots copy one field for all of them."""

    pieces: tuple[Piece, ...] = ()
    prisoners: tuple[Prisoner, ...] = ()
    #: Tiles set aside face up, in the order they were set aside.
    aside: tuple[str, ...] = ()
    #: Tiles put face down under a placed tile: ``((x, y), tile id)`` (the ids are hidden).
    under: tuple[tuple[Pos, str], ...] = ()
    #: The part of the current turn (0, then 1, 2 ... for the parts plugins asked for).
    part: int = 0
    #: The reasons of the further parts asked for this turn and not yet started.
    more_parts: tuple[str, ...] = ()
    #: How many chance draws were made: the next one is seeded by the count.
    chances: int = 0
    #: Outcomes the next chance draws are forced to (``force_chance``, replays).
    forced: tuple[str, ...] = ()
    #: Changed by ``reseed_chance``: search samples other outcomes than the game's own.
    salt: int = 0
    #: ``auto_chance`` off: chance decisions wait for the caller (kept through undo).
    manual_chance: bool = False


_NO_EXTRAS = _Extras()


#: ``tuple.__new__``: builds a named tuple (Placed, Decision) without its Python-level
#: ``__new__``, on the hot path only.
_new = tuple.__new__


def _same(value: object) -> object:
    return value


def _supplies(supply: list[Supply]) -> list[Supply]:
    """A copy of the list; each :class:`Supply` is read only, so shared (a plain dict, from a
    state pickled before supplies were read only, becomes one)."""
    return [s if type(s) is Supply else Supply(s) for s in supply]


# Fields saved as the origin for undo(), with the function that copies each.
_STATE_FIELDS: tuple[tuple[str, Callable[..., object]], ...] = (
    ("board", dict.copy),
    ("_frontier", dict.copy),
    ("_holes", _same),
    ("_squares", list.copy),
    ("_graph", FeatureGraph.copy),
    ("_pile", list.copy),
    ("supply", _supplies),
    ("scores", list.copy),
    ("ext", dict.copy),
    ("player", _same),
    ("turn", _same),
    ("pending", _same),
    ("drawn", _same),
    ("last_tile", _same),
    ("turn_actions", _same),
    ("_queue", _same),
    ("_then", _same),
    ("_asked", _same),
    ("_extra", _same),
    ("_in_extra", _same),
    ("_completed", _same),
    ("_returned", _same),
    ("_x", _same),
)


def _is_hole(pattern: int) -> bool:
    """Whether a frontier pattern has a neighbour on every side (4 bits a side)."""
    return bool(pattern & 0xF and pattern & 0xF0 and pattern & 0xF00 and pattern & 0xF000)


STATE_SLOTS = tuple(name for name, _ in _STATE_FIELDS) + (
    "_patterns",
    "config",
    "seed",
    "last_events",
    "log",
    "_origin",
    "_cands",
    "_ids",
    "_legal",
    "_turn_opts",
)


class StateData:
    """The fields of a game state and ``_lay``; the layers above add the behaviour."""

    __slots__ = STATE_SLOTS

    config: GameConfig
    seed: int
    #: The tiles on the board by square (read only for plugins).
    board: dict[Pos, Placed]
    _frontier: dict[Pos, int]
    #: How many frontier squares have a neighbour on every side (holes), counted as tiles are
    #: laid: ``holes()``, which an expansion may ask every turn, scans nothing while there is
    #: none (the first half of a base game or so).
    _holes: int
    #: The frontier's squares, sorted: placements come out in their documented order unsorted.
    _squares: list[Pos]
    #: The frontier's patterns in ``_squares`` order (``_frontier``'s values, aligned): the
    #: tile decision looks each square's rotations up from its pattern without hashing an
    #: ``(x, y)`` key per square per turn. Derived from the frontier on the first tile
    #: decision that needs it (:meth:`_aligned`); None until then: a copy, an undo or an
    #: unpickled state neither copies it nor keeps it up (a search's clone that places one
    #: tile and passes, a 2-ply leaf, never needs it).
    _patterns: list[int] | None
    _graph: FeatureGraph
    _pile: list[str]
    #: Per player: figure kind -> figures left in the supply (:class:`Supply`, read only:
    #: clones share them; the engine replaces a player's supply on every change).
    supply: list[Supply]
    scores: list[int]
    #: Plugin data, ``plugin name -> immutable value``; plugins replace their value.
    ext: dict[str, ExtValue]
    player: int
    turn: int
    pending: Decision
    drawn: str | None
    #: The square of the tile placed this turn, or None before the placement.
    last_tile: Pos | None
    #: The actions taken so far this turn, in order.
    turn_actions: tuple[Action, ...]
    _queue: tuple[Decision, ...]
    _then: str
    _asked: tuple[Decision, ...]
    _extra: tuple[int, ...]
    _in_extra: bool
    _completed: tuple[int, ...]
    _returned: tuple[ReturnedFigure, ...]
    #: The general mechanics' state (pieces, prisoners, pile side areas, turn parts, chance).
    _x: _Extras | None
    last_events: list[ev.Event]
    log: list[Action | ForcedDraw | ForcedChance]
    _origin: tuple[object, ...]
    _cands: list[PlaceTile] | None
    #: The drawn tile's placements as ids (``legal_action_ids``) without an action each: per
    #: frontier square (``_squares`` order) the rotations that fit, and the running count of
    #: placements up to and including each square, less the placements a plugin vetoes
    #: (a tile that may be vetoed has its table built at the draw, the veto hook asked once);
    #: None until asked and between tile decisions.
    _ids: tuple[list[int], list[tuple[int, ...]]] | None
    _legal: list[Action] | None
    _turn_opts: list[Action] | None

    # Defined by higher layers and called by lower ones: declared here for the type checker
    # (and for mypyc, which compiles no class body under ``if TYPE_CHECKING``); GameState has
    # the real ones.

    def clone(self) -> Self:  # snapshots
        raise NotImplementedError

    def apply(self, action: Action | str, *, events: bool = True) -> list[ev.Event]:  # phases
        raise NotImplementedError

    def _refuse(self, action: Action) -> NoReturn:  # refusals
        raise NotImplementedError

    def _rebuild(  # snapshots
        self, actions: list[Action | ForcedDraw | ForcedChance], forced: tuple[str, ...] = ()
    ) -> None:
        raise NotImplementedError

    def strength(self, feature: int, figure: Figure) -> int:  # carcassonne.state
        raise NotImplementedError

    @property
    def _extras(self) -> _Extras:
        return self._x or _NO_EXTRAS

    @property
    def auto_chance(self) -> bool:
        """Whether the engine makes chance draws itself (the default); ``False`` leaves a
        ``chance`` decision pending for the caller (environments' chance nodes) to answer
        with a ``ChanceOutcome``. Not part of the game's rules: clones keep it, and so does
        ``undo()``."""
        x = self._x
        return x is None or not x.manual_chance

    @auto_chance.setter
    def auto_chance(self, value: bool) -> None:
        self._x = (self._x or _NO_EXTRAS)._replace(manual_chance=not value)

    def _aligned(self) -> list[int]:
        """The frontier's patterns in ``_squares`` order (``_patterns``), derived if not yet."""
        patterns = self._patterns
        if patterns is None:
            patterns = self._patterns = list(map(self._frontier.__getitem__, self._squares))
        return patterns

    def _lay(self, tile: TileType, x: int, y: int, rotation: int, player: int) -> tuple[int, ...]:
        """Place a tile, join its segments to the neighbours'; return nodes that completed."""
        config = self.config
        pos = (x, y)
        board = self.board
        graph = self._graph
        order = len(graph.parent)
        placed = _new(Placed, (tile, rotation, tile.rotations[rotation // 90], player, order))
        board[pos] = placed
        # the four sides' squares (N, E, S, W, as SIDE_OFFSETS) and tiles, looked up once;
        # typed as tuples of any length, indexed by side below (features.Neighbours says why)
        around: tuple[Pos, ...] = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
        get = board.get
        neighbours: Neighbours = (get(around[0]), get(around[1]), get(around[2]), get(around[3]))
        # the configuration's precomputed segments, read without a method call once known
        segments = config._segments.get((tile.id, rotation)) or config.segment_data(tile, rotation)
        completed = graph.place(placed, pos, segments, board, neighbours)
        shown = segments.shown
        frontier = self._frontier
        squares = self._squares
        patterns = self._patterns  # kept aligned with squares where derived (see the field)
        # squares[:j] < pos < squares[j:] once pos leaves the frontier. In (x, y) order no
        # square lies between (x, y - 1), (x, y) and (x, y + 1): the north square is at j - 1
        # (or goes at j) and the south one at j, found without a bisect (each costs a few
        # tuple comparisons); east and west are bisected on their side of j only.
        j = bisect_left(squares, pos)
        filled = frontier.pop(pos, None)
        if filled is not None:
            del squares[j]
            if patterns is not None:
                del patterns[j]
            if filled & 0xF and filled & 0xF0 and filled & 0xF00 and filled & 0xF000:
                self._holes -= 1  # a hole filled (the test is _is_hole's, inlined)
        for side in range(4):
            if neighbours[side] is None:
                # the empty square now sees this edge on its side facing us
                q = around[side]
                seen = shown[side]
                known = frontier.get(q)
                if side == 0:  # north: just before pos
                    k = j if known is None else j - 1
                elif side == 2:  # south: just after pos
                    k = j
                elif side == 1:  # east: after pos
                    k = bisect_left(squares, q, j)
                else:  # west: before pos
                    k = bisect_left(squares, q, 0, j)
                if known is None:
                    frontier[q] = seen
                    squares.insert(k, q)
                    if patterns is not None:
                        patterns.insert(k, seen)
                    if side == 0 or side == 3:  # north or west: before pos, which moves up
                        j += 1
                else:
                    p = frontier[q] = known | seen
                    if patterns is not None:
                        patterns[k] = p
                    if p & 0xF and p & 0xF0 and p & 0xF00 and p & 0xF000:
                        self._holes += 1  # each side is seen once: a new hole (_is_hole)
        return completed
