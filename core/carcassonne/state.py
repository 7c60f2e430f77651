"""The mutable game state: board, figures, scores, and the turn loop.

Design notes (why it looks like this):

* A state points at its immutable :class:`~carcassonne.config.GameConfig` and owns only flat
  containers of immutable values (tuples, frozensets, ints, strings) plus the feature graph
  (:mod:`carcassonne.features`). ``clone()`` copies a dozen containers and nothing else; there is
  no ``deepcopy`` anywhere.
* The squares next to the board ("frontier") carry the edge each neighbour shows them, so the
  legal placements of a tile are a few dictionary lookups per square (``GameConfig.fits``).
* Hooks are called once per phase, never per square. Plugins read the state through the public
  queries below (documented in ``docs/hooks.md``) and change it only through ``award``,
  ``return_figures``, ``place_figure``, ``ask`` and ``ext``. Everything starting with ``_`` is
  private to the engine.
* ``undo()`` replays the action log from the state's origin: exact by construction and free
  for callers that never undo (bots use ``clone()``).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterable
from itertools import compress, repeat
from operator import is_
from typing import TYPE_CHECKING, NoReturn, cast

from carcassonne import events as ev
from carcassonne._deprecated_state import DeprecatedQueries
from carcassonne.actions import (
    Action,
    Draw,
    Pass,
    PlaceFigure,
    PlaceTile,
    action_fields,
    sort_actions,
)
from carcassonne.codes import Refusal
from carcassonne.config import MAX_PLAYERS, GameConfig
from carcassonne.errors import CarcassonneError, IllegalActionError, NothingToUndoError
from carcassonne.features import (
    ATTRS,
    BORDERS,
    FIGS,
    KIND,
    OPEN,
    FeatureGraph,
    neighbours_present,
)
from carcassonne.geometry import SIDE_OFFSETS, SIDES
from carcassonne.notation import action_from_text
from carcassonne.tileset.model import Rotated, RotatedFeature, TileType
from carcassonne.values import (
    Award,
    Decision,
    ExtValue,
    Figure,
    ForcedDraw,
    OptionValue,
    Outcome,
    Placed,
    Pos,
    ReturnedFigure,
    ReturnFigures,
)

if TYPE_CHECKING:
    from carcassonne.values import ScoreItem

END = "end"
_PASS = Pass()
_DRAW = Draw()

#: What happens when the queue of decisions is empty: the figure phase, or the end of the turn.
_THEN_FIGURE = "figure"
_THEN_END = "end"


#: ``tuple.__new__``: builds a named tuple (Placed, Decision) without its Python-level
#: ``__new__``, on the hot path only.
_new = tuple.__new__


#: The decisions of the turn loop, per player (immutable values: built once, shared).
_DRAW_FOR = tuple(_new(Decision, ("draw", p, None)) for p in range(MAX_PLAYERS))
_TILE_FOR = tuple(_new(Decision, ("tile", p, None)) for p in range(MAX_PLAYERS))
_FIGURE_FOR = tuple(_new(Decision, ("figure", p, None)) for p in range(MAX_PLAYERS))


#: An action's hash as a plain tuple (in C; TypedAction's own hash also mixes in the verb).
_tuple_hash = cast("Callable[[Action], int]", tuple.__hash__)


def _same(value: object) -> object:
    return value


def _supplies(supply: list[dict[str, int]]) -> list[dict[str, int]]:
    return [d.copy() for d in supply]


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
)

#: A placed tile as pickled: (tile id, rotation, player, order).
_PlacedData = tuple[str, int, int, int]


def _encode_board(board: dict[Pos, Placed]) -> dict[Pos, _PlacedData]:
    return {pos: (p.tile.id, p.rotation, p.player, p.order) for pos, p in board.items()}


def _decode_board(config: GameConfig, data: dict[Pos, _PlacedData]) -> dict[Pos, Placed]:
    types = config.tile_types
    board = {}
    for pos, (tile_id, rotation, player, order) in data.items():
        tile = types[tile_id]
        board[pos] = Placed(tile, rotation, tile.rotations[rotation // 90], player, order)
    return board


def _is_hole(pattern: int) -> bool:
    """Whether a frontier pattern has a neighbour on every side (4 bits a side)."""
    return bool(pattern & 0xF and pattern & 0xF0 and pattern & 0xF00 and pattern & 0xF000)


def _wrong_decision(reason: str, expected: str) -> Refusal:
    return Refusal("wrong-decision", reason, {"expected": expected})


def _look(rot: Rotated) -> tuple[object, ...]:
    """What one rotation of a tile looks like on the board: its edges and its features (kind,
    the locations they cover, attributes). Two rotations with equal looks are one placement."""
    features = frozenset(
        (f.kind, frozenset(f.locations), tuple(sorted(f.attrs.items()))) for f in rot.features
    )
    return (rot.edges, features)


class GameState(DeprecatedQueries):
    """One game in progress. Create with :meth:`new`; drive with ``legal_actions``/``apply``."""

    __slots__ = tuple(name for name, _ in _STATE_FIELDS) + (
        "config",
        "seed",
        "last_events",
        "log",
        "_origin",
        "_cands",
        "_legal",
        "_turn_opts",
    )

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
    _graph: FeatureGraph
    _pile: list[str]
    #: Per player: figure kind -> figures left in the supply (read only for plugins: clones
    #: share the dicts, which the engine replaces rather than changes).
    supply: list[dict[str, int]]
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
    last_events: list[ev.Event]
    log: list[Action | ForcedDraw]
    _origin: tuple[object, ...]
    _cands: list[PlaceTile] | None
    _legal: list[Action] | None
    _turn_opts: list[Action] | None

    # -- creation ----------------------------------------------------------------------------

    @classmethod
    def empty(cls, config: GameConfig, *, seed: int | None = None) -> GameState:
        """A state with no tile on the board and an empty pile: the start of a position or a
        puzzle, built with :meth:`lay_tile`, :meth:`place_figure` and :meth:`resume_at`."""
        self = cls.__new__(cls)
        self.config = config
        self.seed = config.seed if seed is None else seed
        self.board = {}
        self._frontier = {}
        self._holes = 0
        self._squares = []
        self._graph = FeatureGraph()
        self._pile = []
        self.supply = [
            {kind.name: kind.count for kind in config.figure_kinds.values()}
            for _ in range(config.players)
        ]
        self.scores = [0] * config.players
        self.ext = dict(config.initial_ext)
        self.player = 0
        self.turn = 0
        self.pending = Decision("draw", 0)
        self.drawn = None
        self.last_tile = None
        self.turn_actions = ()
        self._queue = ()
        self._then = _THEN_END
        self._asked = ()
        self._extra = ()
        self._in_extra = False
        self._completed = ()
        self._returned = ()
        self.last_events = []
        self.log = []
        self._cands = None
        self._legal = None
        self._turn_opts = None
        self._origin = self._snapshot() + ((),)
        return self

    @classmethod
    def new(
        cls,
        config: GameConfig | None = None,
        *,
        seed: int | None = None,
        **kwargs: OptionValue | object,
    ) -> GameState:
        """A new game: the start tile on the board and the first player about to draw.

        ``seed`` overrides the configuration's seed, so that one configuration serves any
        number of games (bots, simulations).
        """
        if config is None:
            config = GameConfig(**kwargs)  # type: ignore[arg-type]
        elif kwargs:
            raise TypeError("pass either a config or configuration keywords, not both")
        self = cls.empty(config, seed=seed)
        self._lay(config.tile_types[config.start_tile], 0, 0, 0, -1)
        self.resume_at(player=0, turn=1, pile=config.shuffled_pile(self.seed))
        return self

    def resume_at(
        self, *, player: int, turn: int, pile: list[str], drawn: str | None = None
    ) -> None:
        """Start play from the board as it is: ``player`` about to draw (or to place ``drawn``)
        on turn ``turn``, with ``pile`` (top last) to draw from. The result is this game's
        origin: ``undo()`` never goes back past it. For positions and puzzles."""
        self._pile = list(pile)
        self.player = player
        self.turn = turn
        self.pending = Decision("draw", player)
        self.drawn = None
        self._queue = ()
        self._asked = ()
        self._extra = ()
        self._in_extra = False
        self._cands = None
        self._legal = None
        self._turn_opts = None
        events: list[ev.Event] = [ev.TurnStarted(player, turn)]
        if drawn is None:
            self._start_turn(events)
        else:
            self._reset_turn()
            self._pile.append(drawn)
            self._draw(events)
            if self.drawn != drawn:
                raise CarcassonneError(f"the drawn tile {drawn} fits nowhere on this board")
        self.last_events = events
        self.log = []
        # the snapshot, then the opening events (what last_events shows back at the origin)
        self._origin = self._snapshot() + (tuple(events),)

    def _snapshot(self) -> tuple[object, ...]:
        return tuple(copy(getattr(self, name)) for name, copy in _STATE_FIELDS)

    def _restore(self, snap: tuple[object, ...]) -> None:
        for (name, copy), value in zip(_STATE_FIELDS, snap[: len(_STATE_FIELDS)], strict=True):
            setattr(self, name, copy(value))
        self._cands = None
        self._legal = None
        self._turn_opts = None

    def clone(self) -> GameState:
        """An independent copy sharing only immutable data (config, tile types, tuples)."""
        other = GameState.__new__(GameState)
        other.config = self.config
        other.seed = self.seed
        other.board = self.board.copy()
        other._frontier = self._frontier.copy()
        other._holes = self._holes
        other._squares = self._squares.copy()
        other._graph = self._graph.copy()
        other._pile = self._pile.copy()
        other.supply = self.supply.copy()  # the dicts are replaced on change, never changed
        other.scores = self.scores.copy()
        other.ext = self.ext.copy()
        other.player = self.player
        other.turn = self.turn
        other.pending = self.pending
        other.drawn = self.drawn
        other.last_tile = self.last_tile
        other.turn_actions = self.turn_actions
        other._queue = self._queue
        other._then = self._then
        other._asked = self._asked
        other._extra = self._extra
        other._in_extra = self._in_extra
        other._completed = self._completed
        other._returned = self._returned
        other.last_events = self.last_events  # read only, and replaced (never changed) by apply
        other.log = self.log.copy()
        other._origin = self._origin
        other._cands = self._cands
        other._legal = self._legal
        other._turn_opts = self._turn_opts
        return other

    def __copy__(self) -> GameState:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        return self.clone()

    def __getstate__(self) -> dict[str, object]:
        """Pickled without caches, tiles by id: the configuration rebuilds the rest."""
        data: dict[str, object] = {
            name: getattr(self, name)
            for name in self.__slots__
            if name not in ("board", "_squares", "_origin", "_cands", "_legal", "_turn_opts")
        }
        data["board"] = _encode_board(self.board)
        origin_board = self._origin[0]
        assert isinstance(origin_board, dict)
        data["_origin"] = (_encode_board(origin_board),) + self._origin[1:]
        return data

    def __setstate__(self, data: dict[str, object]) -> None:
        config = data["config"]
        assert isinstance(config, GameConfig)
        for name, value in data.items():
            setattr(self, name, value)
        self.board = _decode_board(config, data["board"])  # type: ignore[arg-type]
        origin = data["_origin"]
        assert isinstance(origin, tuple)
        self._origin = (_decode_board(config, origin[0]),) + origin[1:]
        frontier = data["_frontier"]
        assert isinstance(frontier, dict)
        self._squares = sorted(frontier)
        self._holes = sum(1 for p in frontier.values() if _is_hole(p))
        self._cands = None
        self._legal = None
        self._turn_opts = None

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions, restoring points and figures exactly."""
        if count < 1:
            raise ValueError("undo count must be at least 1")
        if count > len(self.log):
            raise NothingToUndoError(
                f"cannot undo {count} action(s): only {len(self.log)} since the game began"
            )
        self._rebuild(self.log[:-count])

    def _rebuild(self, actions: list[Action | ForcedDraw]) -> None:
        self._restore(self._origin)
        self.log = []
        self.last_events = self._origin_events()
        for action in actions:
            if isinstance(action, ForcedDraw):
                self._force_next(action.tile)
                self.log.append(action)
            else:
                self.apply(action)

    def initial(self) -> GameState:
        """A copy of this game as it was when it began (its origin: the start or a position)."""
        other = self.clone()
        other._restore(self._origin)
        other.log = []
        other.last_events = other._origin_events()
        return other

    def _origin_events(self) -> list[ev.Event]:
        """The events of the game's first moment (the opening turn and draw of a new game or
        a position), which ``last_events`` shows again back at the origin."""
        events = self._origin[-1]
        assert isinstance(events, tuple)
        return list(events)

    def key(self) -> tuple[object, ...]:
        """Everything that makes the game what it is, in canonical form.

        Two states are equal when their keys are: same board, same partition into features
        (the root of a feature is always its smallest node, so ids are canonical), same
        figures, scores, supplies, pile, pending decisions and plugin data. Caches and the
        event log do not count.
        """
        graph = self._graph
        find = graph.find
        roots = [find(n) for n in range(len(graph))]
        return (
            tuple(sorted((pos, p.tile.id, p.rotation, p.player) for pos, p in self.board.items())),
            tuple(roots),
            tuple(graph.feats[r][OPEN] for r in roots),
            tuple(graph.feats[r][FIGS] for r in roots),
            tuple(tuple(sorted(s.items())) for s in self.supply),
            tuple(self.scores),
            tuple(self._pile),
            self.pending,
            self._queue,
            self._extra,
            self._in_extra,
            self.player,
            self.turn,
            self.drawn,
            tuple(sorted(self.ext.items(), key=lambda item: item[0])),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.config == other.config and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    # -- queries: the game as a whole ----------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.pending.kind == END

    def in_extra_turns(self) -> bool:
        """Whether regular play is over and players take the extra turns plugins gave them."""
        return self._in_extra

    def tiles_left(self) -> int:
        return len(self._pile)

    def draw_pile(self) -> list[str]:
        """The remaining tiles, next to be drawn first."""
        return self._pile[::-1]

    def set_draw_pile(self, tiles: list[str]) -> None:
        """Replace the draw pile by ``tiles``, next first: search bots sample the hidden order on
        a clone (determinisation). Not part of a game's rules: ``undo()`` does not restore it."""
        self._pile = list(reversed(tiles))
        self._legal = None

    def winners(self) -> list[int]:
        """The players with the most points (all of them when tied)."""
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    def ranking(self) -> tuple[int, ...]:
        """Each player's rank by points: 1 = best; tied players share a rank (1, 1, 3)."""
        return tuple(1 + sum(1 for o in self.scores if o > s) for s in self.scores)

    def held_pieces(self) -> list[dict[str, int]]:
        """Per player, the pieces they hold besides figures (an expansion's, such as Abbey &
        Mayor's abbeys), by name; from the ``carcassonne_held_pieces`` hook."""
        held: list[dict[str, int]] = [{} for _ in range(self.config.players)]
        for piece, counts in self.config.hooks.held_pieces(self).items():
            for player, count in enumerate(counts):
                held[player][piece] = count
        return held

    def outcome(self) -> Outcome:
        """Scores, ranking, winners and each player's points by source (feature kind, and
        ``start`` for points a position began with): the game's result once it is over, the
        standings so far before. Replays the game from its origin, so it costs one replay."""
        replay = self.initial()
        points: list[dict[str, int]] = [{} for _ in range(self.config.players)]
        for player, start in enumerate(replay.scores):
            if start:
                points[player]["start"] = start
        for item in self.log:
            if isinstance(item, ForcedDraw):
                replay._force_next(item.tile)
                continue
            for event in replay.apply(item):
                if isinstance(event, ev.PointsScored):
                    by_kind = points[event.player]
                    by_kind[event.kind] = by_kind.get(event.kind, 0) + event.points
        return Outcome(
            self.is_over,
            tuple(self.scores),
            self.ranking(),
            tuple(self.winners()),
            tuple(dict(sorted(p.items())) for p in points),
        )

    def __str__(self) -> str:
        """The board as text (the terminal game's picture, whole board), with whose turn it is,
        what is pending and the scores."""
        from carcassonne.cli.board_view import legend, render_board

        config = self.config
        pending = self.pending
        if pending.kind == END:
            head = f"game over after turn {self.turn}"
        else:
            doing = {
                "tile": f"place {self.drawn}",
                "figure": "place a figure or pass",
                "draw": "draw",
            }.get(pending.kind, f"answer a {pending.kind} decision")
            head = f"turn {self.turn}: {config.names[pending.player]} to {doing}"
        scores = ", ".join(f"{n} {s}" for n, s in zip(config.names, self.scores, strict=True))
        xs = [x for x, _ in self.board] or [0]
        ys = [y for _, y in self.board] or [0]
        board = (
            render_board(self, columns=max(xs) - min(xs) + 1, rows=max(ys) - min(ys) + 1)
            if self.board
            else "(empty board)"
        )
        return f"{head}; scores: {scores}; {self.tiles_left()} tiles left\n{board}\n{legend(self)}"

    def __repr__(self) -> str:
        names = ",".join(self.config.names)
        return f"<GameState {names} turn {self.turn} {self.pending.kind} {self.tiles_left()} left>"

    def __dir__(self) -> list[str]:
        """Public names only: the engine's internals (``_graph``, ``_frontier`` ...) are hidden."""
        return sorted(name for name in object.__dir__(self) if not name.startswith("_"))

    def _parse(self, text: str) -> Action:
        action: Action = action_from_text(text, self.config)
        return action

    # -- queries: the board ---------------------------------------------------------------------

    def tile_at(self, x: int, y: int) -> Placed | None:
        return self.board.get((x, y))

    def placement_order(self) -> list[Pos]:
        """The squares of the board's tiles in the order they were placed (start tile first)."""
        return [pos for pos, _ in sorted(self.board.items(), key=lambda item: item[1].order)]

    def holes(self) -> list[Pos]:
        """Empty squares whose four orthogonal neighbours are all placed, sorted."""
        if not self._holes:
            return []
        return sorted(pos for pos, p in self._frontier.items() if _is_hole(p))

    def neighbours_present(self, x: int, y: int) -> int:
        """How many of the 8 squares around ``(x, y)`` hold a tile."""
        return neighbours_present(self.board, x, y)

    def touches_board(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` is empty and shares an edge with a tile (or the board is empty)."""
        return not self.board or (x, y) in self._frontier

    def edges_fit(self, tile: str, x: int, y: int, rotation: int) -> bool:
        """Whether ``tile`` turned ``rotation`` at the empty square ``(x, y)`` matches the edges
        of its neighbours (no other rule is checked)."""
        pattern = self._frontier.get((x, y))
        if pattern is None:
            return not self.board
        return rotation in self.config.fits(self.config.tile_types[tile], pattern)

    # -- queries: features ----------------------------------------------------------------------
    #
    # A feature is named by an int id (``feature_at``): a feature id stays valid when the feature
    # grows, naming the larger feature; two ids name the same feature when ``same_feature``.

    def feature_at(self, x: int, y: int, location: str) -> int:
        """The feature at ``location`` (a side, half-edge, corner, pocket or centre name in
        board orientation) of the tile at ``(x, y)``."""
        placed = self.board.get((x, y))
        if placed is None:
            raise CarcassonneError(f"no tile at {x},{y}")
        index = placed.rot.by_location.get(location)
        if index is None:
            names = sorted(placed.rot.by_location)
            raise CarcassonneError(
                f"the tile at {x},{y} has no feature at {location!r} (try: {', '.join(names)})"
            )
        return self._graph.find(placed.order + index)

    def segments(self, x: int, y: int) -> list[tuple[int, RotatedFeature]]:
        """``(feature, segment)`` for every segment of the tile at ``(x, y)`` (board
        orientation; empty for an empty square)."""
        placed = self.board.get((x, y))
        if placed is None:
            return []
        find = self._graph.find
        base = placed.order
        return [(find(base + f.index), f) for f in placed.rot.features]

    def feature_id(self, feature: int) -> int:
        """The current id of the feature an older id names (features merge as tiles join)."""
        return self._graph.find(feature)

    def same_feature(self, a: int, b: int) -> bool:
        find = self._graph.find
        return find(a) == find(b)

    def feature_kind(self, feature: int) -> str:
        return self._graph.record(feature)[KIND]

    def feature_tiles(self, feature: int) -> frozenset[Pos]:
        """The squares a feature covers (each tile once, however many segments it has there)."""
        return self._graph.squares(feature, self.board)

    def feature_open(self, feature: int) -> int:
        """How many of the feature's edges no tile closes yet (0 for fields and centres)."""
        return self._graph.record(feature)[OPEN]

    def feature_attr(self, feature: int, name: str) -> int:
        """The sum of attribute ``name`` over the feature's segments (its shields, inns)."""
        attrs = self._graph.record(feature)[ATTRS]
        return attrs.get(name, 0) if attrs else 0

    def feature_attrs(self, feature: int) -> dict[str, int]:
        return dict(self._graph.record(feature)[ATTRS] or {})

    def figures_on(self, feature: int) -> tuple[Figure, ...]:
        return self._graph.record(feature)[FIGS]

    def bordering(self, feature: int) -> set[int]:
        """The features a field borders (cities, for the base game's fields)."""
        graph = self._graph
        find = graph.find
        return {find(n) for n in graph.record(feature)[BORDERS]}

    def completed_cities(self, field: int) -> int:
        """How many completed cities a field borders (each city once): what farmers and barns
        score by."""
        return sum(
            1
            for city in self.bordering(field)
            if self._graph.record(city)[KIND] == "city" and self.is_complete(city)
        )

    def is_complete(self, feature: int) -> bool:
        graph = self._graph
        root = graph.find(feature)
        record = graph.feats[root]
        kind = self.config.kinds.get(record[KIND])
        completion = kind.completion if kind is not None else "never"
        if completion == "edges":
            return record[OPEN] == 0
        if completion == "surround":
            x, y = graph.square_of(root, self.board)
            return neighbours_present(self.board, x, y) == 8
        return False

    def features(self) -> list[int]:
        """Every feature on the board, in the order their first segments were placed."""
        return self._graph.roots()

    def figures(self) -> list[tuple[int, Figure]]:
        """``(feature, figure)`` for every figure on the board."""
        feats = self._graph.feats
        return [(root, fig) for root in self._graph.roots() for fig in feats[root][FIGS]]

    def strength(self, feature: int, figure: Figure) -> int:
        value = self.config.figure_kinds[figure.kind].strength
        return value(self, feature, figure) if callable(value) else value

    def majority(self, feature: int) -> list[int]:
        """Players with the greatest total figure strength in a feature (none if all are 0)."""
        root = self._graph.find(feature)
        totals = [0] * self.config.players
        for fig in self._graph.feats[root][FIGS]:
            totals[fig.player] += self.strength(root, fig)
        best = max(totals)
        if best <= 0:
            return []
        return [p for p, t in enumerate(totals) if t == best]

    # -- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the pending decision, in the order of
        :func:`carcassonne.actions.sort_actions` (tile placements by square and rotation)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_tile_placements(self) -> list[tuple[int, int, int]]:
        """``(x, y, rotation)`` of every legal placement of the drawn tile."""
        if self.pending.kind != "tile":
            return []
        return [(a.x, a.y, a.rotation) for a in self._candidates()]

    def _candidates(self) -> list[PlaceTile]:
        """Placements of the drawn tile, computed once per draw (and after a restore)."""
        if self._cands is None:
            assert self.drawn is not None
            self._cands = self._placements(self.config.tile_types[self.drawn])
        return self._cands

    def combined_actions(self) -> list[tuple[Action, Action | None]]:
        """Tile placement and figure choice as one step: ``(tile action, figure action)`` pairs.

        Only meaningful while a tile decision is pending; each pair is played by applying both.
        """
        if self.pending.kind != "tile":
            return [(a, None) for a in self.legal_actions()]
        pairs: list[tuple[Action, Action | None]] = []
        for action in self.legal_actions():
            probe = self.clone()
            probe.apply(action)
            pairs.extend((action, fig) for fig in probe.legal_actions())
        return pairs

    def _compute_legal(self) -> list[Action]:
        kind = self.pending.kind
        if kind == "tile":
            return cast("list[Action]", self._candidates())  # shared: neither list is mutated
        if kind == "figure":
            return self._figure_actions()
        if kind == "draw":
            if _DRAW in self.turn_actions:  # explicit draws: a tile went back to the box
                return [_DRAW]
            first: Action = _DRAW if self._pile and not self._in_extra else _PASS
            return sort_actions([first, *self._turn_actions()])
        if kind == END:
            return []
        actions = list(self.config.hooks.decision_actions(self, self.pending))
        actions.append(_PASS)
        return sort_actions(actions)

    def _turn_actions(self) -> list[Action]:
        if self._turn_opts is None:
            hooks = self.config.hooks
            offered = hooks.turn_actions(self) if hooks.offers_turn_actions else []
            self._turn_opts = list(dict.fromkeys(offered)) if offered else []
        return self._turn_opts

    def _figure_actions(self) -> list[Action]:
        hooks = self.config.hooks
        assert self.last_tile is not None
        x, y = self.last_tile
        actions = hooks.figure_actions(self, x, y, self.player)
        if len(actions) > 1 and len(set(map(_tuple_hash, actions))) < len(actions):
            # perhaps duplicates: drop them, keeping the first (the check above hashes the
            # actions as plain tuples in C, where dict.fromkeys would call their Python
            # __hash__ every turn; equal hashes of different actions only cost this exact pass)
            actions = list(dict.fromkeys(actions))
        if actions and hooks.vetoes_figures:
            vetoes = hooks.veto_figure_actions(self, actions)
            if vetoes:
                actions = [a for a in actions if a not in vetoes]
        actions.append(_PASS)
        return sort_actions(actions)

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action | str) -> list[ev.Event]:
        """Apply a legal action and return its events.

        ``action`` may be notation text (``"tile BA/C 0,-1 r180"``, docs/notation.md). A
        feature may be named by any of its locations (``W`` for a road offered as ``E``): the
        action is applied, logged and recorded with the canonical one. An illegal action raises
        :class:`IllegalActionError` (with a ``code``, see :mod:`carcassonne.codes`) and leaves
        the state exactly as it was; so does any error raised while the action is carried out.
        """
        if isinstance(action, str):
            action = self._parse(action)
        pending = self.pending
        if pending.kind == END:
            reason: str | None = "the game is over"
        elif pending.kind == "tile" and type(action) is PlaceTile:
            reason = self._check_tile(action)
        elif pending.kind == "figure" and type(action) is Pass:
            reason = None  # always offered in the figure phase (search passes without asking)
        elif self._legal is not None and any(map(is_, self._legal, repeat(action))):
            # the very object the state offered (bots pick from legal_actions()): no equality
            # calls, no field-type check; the identity scan runs in C
            reason = None
        else:
            legal = self.legal_actions()
            model = _offered(action, legal)
            if model is None:
                action = self.canonical(action)
                model = _offered(action, legal)
            reason = None if model is not None and _same_types(action, model) else "refused"
        if reason is not None:
            self._refuse(action)
        events: list[ev.Event] = []
        self.log.append(action)
        try:
            self._dispatch(action, events)
        except BaseException:
            self._rebuild(self.log[:-1])
            raise
        self.last_events = events
        return events

    def _refuse(self, action: Action) -> NoReturn:
        """Raise the :class:`IllegalActionError` of an action found illegal, with its refusal."""
        refusal = self.why_illegal(action)
        assert refusal is not None
        raise IllegalActionError(action, refusal.reason, refusal.code, **refusal.details)

    def force_draw(self, tile: str) -> None:
        """Make ``tile`` the next tile drawn (records replaying a draw order, puzzles, tests).

        Allowed only while a draw is pending or a drawn tile has not been placed yet; the tile
        must still be in the pile (or be the drawn one), unless the option ``box_counts`` is
        false: then a tile the pile lacks is dealt as an extra copy (replays of other engines'
        records).
        """
        tile = self.config.resolve_tile(tile)
        if self.pending.kind == "tile" and self.drawn == tile:
            return
        if self.pending.kind not in ("tile", "draw"):
            raise CarcassonneError(
                f"cannot force a draw while a {self.pending.kind} decision is pending"
            )
        if tile not in self._pile and tile != self.drawn and self.config.options["box_counts"]:
            raise CarcassonneError(
                f"tile {tile} is not in the draw pile (option box_counts = false deals it anyway)"
            )
        self.log.append(ForcedDraw(tile))
        self._force_next(tile)

    def _force_next(self, tile: str) -> None:
        if self.pending.kind == "tile":
            # put the drawn tile back on top and draw the wanted one instead
            assert self.drawn is not None
            self._pile.append(self.drawn)
            self.drawn = None
            self._lift(tile)
            events: list[ev.Event] = []
            self._draw(events)
            self.last_events = self.last_events + events
        else:
            self._lift(tile)
        self._legal = None

    def _lift(self, tile: str) -> None:
        """Move the topmost copy of ``tile`` to the top of the pile; the rest keep their order.
        Without box counts (option ``box_counts = false``) a tile the pile lacks is added."""
        pile = self._pile
        if tile not in pile:
            pile.append(tile)
            return
        index = len(pile) - 1 - pile[::-1].index(tile)
        pile.append(pile.pop(index))

    def _check_tile(self, action: PlaceTile) -> str | None:
        """``None`` for a legal placement of the drawn tile (the fast path), else "refused"."""
        cands = self._cands
        if cands is not None and any(map(is_, cands, repeat(action))):
            return None  # the very object offered: no field checks (the identity scan is C)
        if (
            action.tile == self.drawn
            and type(action.x) is int
            and type(action.y) is int
            and type(action.rotation) is int
            and self._is_candidate(action)
        ):
            return None
        return "refused"

    # -- why an action is illegal (only on refusal or when asked: never on the hot path) ------

    def canonical(self, action: Action) -> Action:
        """``action`` with its ``location`` (if it has ``x``, ``y`` and ``location`` fields and a
        tile lies there) replaced by the canonical name of the feature it names: ``W`` and
        ``E`` of a road running through a tile both give the name the engine offers."""
        fields = action_fields(type(action))
        if "location" not in fields or "x" not in fields or "y" not in fields:
            return action
        values = action._asdict()
        placed = self.board.get((values["x"], values["y"]))
        index = placed.rot.by_location.get(values["location"]) if placed is not None else None
        if placed is None or index is None:
            return action
        location = placed.rot.features[index].location
        if location == values["location"]:
            return action
        values["location"] = location
        return type(action)(**values)

    def why_illegal(self, action: Action | str) -> Refusal | None:
        """Why ``action`` is not a legal answer to the pending decision, or ``None`` if it is.

        The :class:`~carcassonne.codes.Refusal` has a stable ``code`` (the core's or a plugin's,
        see :mod:`carcassonne.codes`), the English ``reason`` and ``details`` for a front end.
        ``action`` may be notation text; a location may be any name of its feature.
        """
        if isinstance(action, str):
            action = self._parse(action)
        kind = self.pending.kind
        if kind == END:
            return Refusal("game-over", "the game is over")
        if not _exact_fields(action, self):
            # 0.0 == 0 and True == 1, but a record could not read 0.0,-1 back
            return Refusal(
                "bad-field-type",
                "coordinates, rotations and other whole numbers must be int (not bool or float)",
            )
        if kind == "tile" and type(action) is PlaceTile:
            if action.tile != self.drawn:
                return Refusal(
                    "wrong-tile",
                    f"the drawn tile is {self.drawn}, not {action.tile}",
                    {"drawn": self.drawn, "tile": action.tile},
                )
            if self._is_candidate(action):
                return None
            return self._placement_refusal(action)
        action = self.canonical(action)
        if action in self.legal_actions():
            return None
        explained = self.config.hooks.explain_illegal(self, action)
        if explained is not None:
            return explained
        if kind == "tile":
            return _wrong_decision(
                f"a tile placement is expected (the drawn tile is {self.drawn})", kind
            )
        if kind == "figure":
            if type(action) is PlaceFigure:
                return self._figure_refusal(action)
            if type(action) in (Draw, PlaceTile):
                return _wrong_decision("the figure phase expects a figure action or pass", kind)
        elif kind == "draw":
            if type(action) is PlaceTile:
                refusal = self._placement_refusal(action)
                if refusal.code != "vetoed":
                    return refusal
            elif type(action) is PlaceFigure:
                more = " or another turn action" if self._turn_actions() else ""
                return _wrong_decision(f"expected draw{more}", kind)
        elif type(action) in (Draw, PlaceTile):
            who = self.pending.player
            return _wrong_decision(f"not an answer to the {kind} decision of player {who}", kind)
        return Refusal(
            "not-offered",
            f"not among the legal answers to the {kind} decision of player {self.pending.player}",
        )

    def placement_refusal(self, tile: str, x: int, y: int, rotation: int) -> Refusal | None:
        """Why ``tile`` may not go at ``(x, y)`` turned ``rotation`` on the current board (as if
        it were drawn now), or ``None`` if it may. Any tile type, drawn or not."""
        tid = self.config.resolve_tile(tile)
        action = PlaceTile(tid, x, y, rotation)
        if action in self._placements(self.config.tile_types[tid]):
            return None
        return self._placement_refusal(action)

    def fits_somewhere(self, tile: str) -> bool:
        """Whether ``tile`` (an id or alias, drawn or not) has a legal placement on the current
        board by the tile rules, as :meth:`placements_of` lists them, without listing them
        where no plugin may veto it (the engine stops at the first square that takes it)."""
        tile_type = self.config.tile_types[self.config.resolve_tile(tile)]
        if self.config.hooks.may_veto(self.config, tile_type):
            return bool(self._placements(tile_type))
        return self._fits_somewhere(tile_type)

    def completions(self) -> list[int]:
        """The features the tile placed this turn completed (sorted feature ids): what this
        turn's scoring phase scores, known from the placement on. Empty before the placement
        and when it completed nothing: then, in a game of the base rules alone, no figure
        choice of this turn scores while the game goes on (the greedy bot skips them)."""
        if not self._completed:
            return []
        find = self._graph.find
        return sorted({find(n) for n in self._completed})

    def would_complete(self, action: PlaceTile) -> bool:
        """Whether the legal placement ``action`` of the drawn tile would complete a feature (a
        road or city closed, a monastery surrounded): what :meth:`completions` would list after
        it, found without placing the tile or copying the state, so that a search can tell the
        placements worth playing out from the rest. What a plugin does when a tile is placed
        (``carcassonne_tile_placed``) is not foreseen. Anything else than a legal placement of
        the pending tile decision raises :class:`IllegalActionError`, as ``apply`` would."""
        if self.pending.kind != "tile" or type(action) is not PlaceTile:
            raise IllegalActionError(
                action, "only a tile placement of a pending tile decision", "wrong-decision"
            )
        if self._check_tile(action) is not None:
            self._refuse(action)
        config = self.config
        tile = config.tile_types[action.tile]
        x, y, rotation = action.x, action.y, action.rotation
        get = self.board.get
        neighbours = (get((x, y - 1)), get((x + 1, y)), get((x, y + 1)), get((x - 1, y)))
        segments = config._segments.get((tile.id, rotation)) or config.segment_data(tile, rotation)
        return self._graph.completes((x, y), segments, self.board, neighbours)

    def placements_of(self, tile: str, *, distinct: bool = False) -> list[PlaceTile]:
        """Every placement of ``tile`` (an id or alias, drawn or not) on the current board by the
        tile rules: matching edges and the expansions' vetoes (River), as if it were drawn now.
        Tiles that are not drawn but placed by an expansion's own action (the abbey) follow
        that action's rules instead. Sorted by (x, y, rotation).

        ``distinct=True`` keeps one placement per distinct result: rotations of a symmetric tile
        that give the same edges and the same features on the same square are merged, and the
        smallest rotation of each group is kept (a straight road: r0 and r90 only).
        """
        tid = self.config.resolve_tile(tile)
        tile_type = self.config.tile_types[tid]
        cands = self._placements(tile_type)
        if distinct:
            seen: set[tuple[int, int, object]] = set()
            kept = []
            for action in cands:  # sorted: the smallest rotation of each group comes first
                key = (action.x, action.y, _look(tile_type.rotations[action.rotation // 90]))
                if key not in seen:
                    seen.add(key)
                    kept.append(action)
            cands = kept
        return cands

    def _placement_refusal(self, action: PlaceTile) -> Refusal:
        x, y, rotation = action.x, action.y, action.rotation
        pos = (x, y)
        where = {"x": x, "y": y}
        if rotation not in (0, 90, 180, 270):
            return Refusal(
                "bad-rotation", f"rotation must be 0, 90, 180 or 270, not {rotation}", where
            )
        if pos in self.board:
            return Refusal("square-taken", f"{x},{y} is already taken", where)
        if not self.touches_board(x, y):
            return Refusal("not-adjacent", f"{x},{y} does not touch any tile along an edge", where)
        if not self.edges_fit(action.tile, x, y, rotation):
            return self._edges_refusal(action)
        explained = self.config.hooks.explain_illegal(self, action)
        if explained is not None:
            return explained
        return Refusal("vetoed", "an expansion rule forbids this placement", where)

    def _edges_refusal(self, action: PlaceTile) -> Refusal:
        x, y = action.x, action.y
        rot = self.config.tile_types[action.tile].rotations[action.rotation // 90]
        wild = self.config.wildcard_edges
        sides = []
        tile_edges = {}
        neighbour_edges = {}
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            other = self.board.get((x + dx, y + dy))
            if other is None:
                continue
            mine, theirs = rot.edges[side], other.rot.edges[(side + 2) % 4]
            if mine != theirs and mine not in wild and theirs not in wild:
                sides.append(SIDES[side])
                tile_edges[SIDES[side]] = mine
                neighbour_edges[SIDES[side]] = theirs
        shown = ", ".join(f"{s} ({tile_edges[s]} against {neighbour_edges[s]})" for s in sides)
        return Refusal(
            "edges-mismatch",
            f"its edges do not match its neighbours at {x},{y}" + (f": {shown}" if shown else ""),
            {
                "x": x,
                "y": y,
                "sides": sides,
                "tile_edges": tile_edges,
                "neighbour_edges": neighbour_edges,
            },
        )

    def _figure_refusal(self, action: PlaceFigure) -> Refusal:
        config = self.config
        x, y, figure = action.x, action.y, action.figure
        if (x, y) != self.last_tile:
            assert self.last_tile is not None
            lx, ly = self.last_tile
            return Refusal(
                "not-last-tile",
                f"a figure goes on the tile just placed ({lx},{ly}), not on {x},{y}",
                {"last_tile": [lx, ly]},
            )
        if figure not in config.figure_kinds:
            known = ", ".join(config.figure_kinds)
            return Refusal(
                "unknown-figure",
                f"no figure kind {figure!r} in this game (known: {known})",
                {"figure": figure},
            )
        placed = self.board[(x, y)]
        if action.location not in placed.rot.by_location:
            names = sorted(placed.rot.by_location)
            return Refusal(
                "no-feature",
                f"the tile at {x},{y} has no feature at {action.location!r} "
                f"(try: {', '.join(names)})",
                {"location": action.location, "locations": names},
            )
        if self.supply[self.player].get(figure, 0) <= 0:
            return Refusal(
                "no-figure-left",
                f"{config.names[self.player]} has no {figure} left",
                {"figure": figure, "player": self.player},
            )
        feature = self.feature_at(x, y, action.location)
        kind_name = self.feature_kind(feature)
        kind = config.kinds.get(kind_name)
        allowed = kind is not None and kind.occupiable
        if allowed and figure in config.followers:
            allowed = kind is not None and kind.followers
            allowed = allowed and (kind_name != "field" or bool(config.options["farmers"]))
        if not allowed:
            return Refusal(
                "figure-not-allowed",
                f"no {figure} may stand on a {kind_name}"
                + (" (the farmers option is off)" if kind_name == "field" else ""),
                {"figure": figure, "feature_kind": kind_name},
            )
        there = self.figures_on(feature)
        if there:
            return Refusal(
                "feature-occupied",
                f"the {kind_name} at {x},{y} {action.location} already holds "
                + ", ".join(f"{config.names[f.player]}'s {f.kind}" for f in there),
                {
                    "feature": feature,
                    "figures": [
                        {"player": f.player, "kind": f.kind, "x": f.x, "y": f.y,
                         "location": f.location}
                        for f in there
                    ],
                },
            )  # fmt: skip
        return Refusal(
            "not-offered", "not a legal figure placement on the tile just placed", {"x": x, "y": y}
        )

    def _dispatch(self, action: Action, events: list[ev.Event]) -> None:
        kind = self.pending.kind
        self._legal = None
        self.turn_actions = self.turn_actions + (action,)
        if kind == "draw":
            self._turn_opts = None
            if type(action) is Draw:
                self._draw(events)
            elif type(action) is Pass:
                self._end_turn(events)
            elif type(action) is PlaceTile:
                self._place_tile_action(action, events)
            else:
                events.extend(self.config.hooks.apply_action(self, action))
        elif kind == "tile":
            assert type(action) is PlaceTile
            self._place_tile_action(action, events)
        elif kind == "figure":
            if type(action) is PlaceFigure:
                self.place_figure(
                    self.player, action.figure, action.x, action.y, action.location, events
                )
            elif type(action) is not Pass:
                events.extend(self.config.hooks.apply_action(self, action))
            self._scoring_phase(events)
            hooks = self.config.hooks
            decisions = (
                hooks.after_scoring(self, list(self._returned)) if hooks.after_scoring_used else []
            )
            if decisions:
                n = self.config.players
                active = self.player
                decisions.sort(key=lambda d: ((d.player - active) % n, d.kind, repr(d.data)))
                self._queue = self._queue + self._asked + tuple(decisions)
            elif self._asked:
                self._queue = self._queue + self._asked
            self._asked = ()
            self._then = _THEN_END
            if self._queue:
                self._next_decision(events)
            else:  # what _next_decision does with nothing queued and nothing then
                self._end_turn(events)
        else:
            if type(action) is PlaceFigure:
                self.place_figure(
                    self.pending.player, action.figure, action.x, action.y, action.location, events
                )
            elif type(action) is not Pass:
                events.extend(self.config.hooks.apply_action(self, action))
            self._queue = self._queue + self._asked
            self._asked = ()
            self._next_decision(events)

    # -- the turn loop -------------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.turn_actions = ()
        self._completed = ()
        self._returned = ()
        self._then = _THEN_END
        self.last_tile = None
        self._turn_opts = None
        # a new decision follows: what was listed for the last one (a moot decision skipped
        # by _next_decision leaves its [Pass]) must not answer for it
        self._legal = None

    def _start_turn(self, events: list[ev.Event]) -> None:
        self._reset_turn()
        if not self._pile:
            self._regular_play_over(events)
            return
        self.pending = _DRAW_FOR[self.player]
        if self.config.explicit_draws or (
            self.config.hooks.offers_turn_actions and self._turn_actions()
        ):
            return
        self._draw(events)

    def _draw(self, events: list[ev.Event]) -> None:
        player = self.player
        types = self.config.tile_types
        # Without vetoes, whether a tile fits anywhere is known from the first square that
        # takes it: its placements are listed only when asked (search never asks for most).
        hooks = self.config.hooks
        while self._pile:
            tid = self._pile.pop()
            tile = types[tid]
            lazy = not hooks.may_veto(self.config, tile)
            cands = None if lazy and self._fits_somewhere(tile) else self._placements(tile)
            events.append(_new(ev.TileDrawn, (player, tid)))
            if cands is None or cands:
                self.drawn = tid
                self._cands = cands
                self.pending = _TILE_FOR[player]
                self._legal = None
                return
            events.append(ev.TileReturned(player, tid))
            if self.config.explicit_draws and self._pile:
                # the caller draws again (only Draw is legal: Draw is in turn_actions)
                self.pending = Decision("draw", player)
                self._legal = None
                return
        self._regular_play_over(events)

    def _fits_somewhere(self, tile: TileType) -> bool:
        # any() over the frontier's fit lookups, all in C: stops at the first square that fits
        return any(map(self.config.fit_table(tile).__getitem__, self._frontier.values()))

    def _placements(self, tile: TileType) -> list[PlaceTile]:
        """Every legal placement of ``tile`` as the action that makes it, in the documented
        order: the frontier's squares are kept sorted and each square's placements come out
        of the fit table ascending, so nothing is sorted here; actions are built directly as
        tuples (no named-tuple ``__new__`` per placement)."""
        config = self.config
        squares = self._squares
        tid = tile.id
        new = tuple.__new__
        # each square's rotations, looked up by map() in C; the comprehension builds actions
        fitting = map(config.fit_table(tile).__getitem__, map(self._frontier.__getitem__, squares))
        cands: list[PlaceTile] = [
            new(PlaceTile, (tid, x, y, r))
            for (x, y), rots in zip(squares, fitting, strict=True)
            for r in rots
        ]
        if cands and config.hooks.may_veto(config, tile):
            triples = [(a.x, a.y, a.rotation) for a in cands]
            vetoes = config.hooks.veto_placements(self, tile, triples)
            if vetoes:
                cands = [a for a, t in zip(cands, triples, strict=True) if t not in vetoes]
        return cands

    def _is_candidate(self, action: PlaceTile) -> bool:
        """Whether ``action`` (of the drawn tile, exact ints) is a legal placement. Without
        vetoes that is one fit-table lookup, so a search applying a placement to a clone never
        lists the tile's other placements."""
        cands = self._cands
        if cands is None:
            config = self.config
            tile = config.tile_types[action.tile]
            if not config.hooks.may_veto(config, tile):
                pattern = self._frontier.get((action.x, action.y))
                return pattern is not None and action.rotation in config.fit_table(tile)[pattern]
            cands = self._candidates()
        # the very object offered (bots pick from legal_actions()), found by identity in C;
        # else tuple equality (C), exact here: both sides are PlaceTile
        return any(map(is_, cands, repeat(action))) or any(
            map(tuple.__eq__, cands, repeat(action))
        )

    def _place_tile_action(self, action: PlaceTile, events: list[ev.Event]) -> None:
        tile = self.config.tile_types[action.tile]
        self.drawn = None
        self._cands = None
        self._completed = self._lay(tile, action.x, action.y, action.rotation, self.player)
        self.last_tile = (action.x, action.y)
        events.append(
            _new(ev.TilePlaced, (self.player, tile.id, action.x, action.y, action.rotation))
        )
        hooks = self.config.hooks
        if hooks.tile_placed_used:
            hooks.tile_placed(self, action.x, action.y, tile, action.rotation)
        if self._asked:
            self._queue = self._queue + self._asked
            self._asked = ()
            self._then = _THEN_FIGURE
            self._next_decision(events)
        else:
            self.pending = _FIGURE_FOR[self.player]

    def _scoring_phase(self, events: list[ev.Event], final: bool = False) -> None:
        graph = self._graph
        completed = self.completions()
        for root in completed:
            tiles = len(graph.squares(root, self.board))
            events.append(ev.FeatureCompleted(graph.feats[root][KIND], root, tiles))
        self._apply_scoring(completed, final, events, return_completed=True)

    def _apply_scoring(
        self, features: list[int], final: bool, events: list[ev.Event], return_completed: bool
    ) -> None:
        hooks = self.config.hooks
        items: list[ScoreItem] = hooks.score(self, features, final)
        awards = [i for i in items if type(i) is Award] if items else []
        if hooks.adjusts_awards:
            awards = hooks.adjust_awards(self, awards, final)
        if awards:
            awards.sort(key=lambda a: (a.stage, a.feature, a.player))
            for award in awards:
                self.award(
                    award.player,
                    award.points,
                    award.feature,
                    award.kind,
                    award.reason,
                    events,
                    final,
                )
        returned: list[ReturnedFigure] = []
        if items:
            returns = sorted(
                (i for i in items if type(i) is ReturnFigures), key=lambda r: (r.stage, r.feature)
            )
            for item in returns:
                returned.extend(self.return_figures(item.feature, events, item.kinds))
        if return_completed:
            for root in features:
                returned.extend(self.return_figures(root, events))
        if returned:
            self._returned = self._returned + tuple(returned)

    def _next_decision(self, events: list[ev.Event]) -> None:
        while self._queue:
            self.pending, self._queue = self._queue[0], self._queue[1:]
            self._legal = None
            if self.legal_actions() == [_PASS]:
                # an earlier answer took every option (a target another wagon wanted): the
                # decision is moot, as if the plugin had not asked it
                continue
            if self.pending.player != self.player:
                events.append(ev.DecisionPending(self.pending.player, self.pending.kind))
            return
        if self._then == _THEN_FIGURE:
            self._then = _THEN_END
            self.pending = Decision("figure", self.player)
            self._legal = None
            return
        self._end_turn(events)

    def _end_turn(self, events: list[ev.Event]) -> None:
        if self._in_extra:
            self._next_extra_turn(events)
            return
        if not self._pile:
            self._regular_play_over(events)
            return
        self.player = (self.player + 1) % self.config.players
        self.turn += 1
        events.append(_new(ev.TurnStarted, (self.player, self.turn)))
        self._start_turn(events)

    def _regular_play_over(self, events: list[ev.Event]) -> None:
        if not self._in_extra:
            self._in_extra = True
            self._extra = tuple(self.config.hooks.extra_turns(self))
        self._next_extra_turn(events)

    def _next_extra_turn(self, events: list[ev.Event]) -> None:
        while self._extra:
            player, self._extra = self._extra[0], self._extra[1:]
            self.player = player
            self._reset_turn()
            self.pending = Decision("draw", player)
            if self._turn_actions():
                self.turn += 1
                events.append(ev.TurnStarted(player, self.turn))
                return
        self._final_scoring(events)

    def _final_scoring(self, events: list[ev.Event]) -> None:
        feats = self._graph.feats
        features = [root for root in self._graph.roots() if feats[root][FIGS]]
        self._apply_scoring(features, True, events, return_completed=False)
        self._asked = ()  # the game is over: nothing more is asked
        self.pending = Decision(END, -1)
        self._legal = None
        events.append(ev.GameOver(tuple(self.scores), self.ranking()))

    # -- changing the state (for the core and for plugins) -------------------------------------

    def award(
        self,
        player: int,
        points: int,
        feature: int,
        kind: str,
        reason: str,
        events: list[ev.Event],
        final: bool = False,
    ) -> None:
        """Give ``points`` to ``player`` for ``feature`` now (a plugin's own scoring moment,
        such as the abbot's early return); scoring hooks answer ``Award`` items instead."""
        if points:
            self.scores[player] += points
            events.append(ev.PointsScored(player, points, kind, feature, reason, final))

    def return_figures(
        self, feature: int, events: list[ev.Event], kinds: Iterable[str] | None = None
    ) -> list[ReturnedFigure]:
        """Send the figures of a feature (only ``kinds`` if given) back to their supplies."""
        graph = self._graph
        root = graph.find(feature)
        record = graph.feats[root]
        figs = record[FIGS]
        if not figs:
            return []
        wanted = None if kinds is None else frozenset(kinds)
        keep = []
        out = []
        for fig in figs:
            if wanted is not None and fig.kind not in wanted:
                keep.append(fig)
                continue
            supply = self.supply[fig.player].copy()  # copy on write: clones share the dicts
            supply[fig.kind] += 1
            self.supply[fig.player] = supply
            x, y, loc = fig.x, fig.y, fig.location
            out.append(ReturnedFigure(fig.player, fig.kind, x, y, loc, root, record[KIND]))
            events.append(ev.FigureReturned(fig.player, fig.kind, x, y, loc))
        graph.set_figures(root, tuple(keep))
        return out

    def place_figure(
        self, player: int, kind: str, x: int, y: int, location: str, events: list[ev.Event]
    ) -> None:
        """Move a figure from ``player``'s supply onto the feature at ``location`` of ``(x, y)``.

        No rule check: rules are enforced by offering only legal actions.
        """
        placed = self.board.get((x, y))
        index = placed.rot.by_location.get(location) if placed is not None else None
        if placed is None or index is None:
            self.feature_at(x, y, location)  # raises the precise error
            return
        if self.supply[player].get(kind, 0) <= 0:
            raise CarcassonneError(f"player {player} has no {kind} left")
        supply = self.supply[player].copy()  # copy on write: clones share the dicts
        supply[kind] -= 1
        self.supply[player] = supply
        self._graph.add_figure(placed.order + index, _new(Figure, (player, kind, x, y, location)))
        events.append(_new(ev.FigurePlaced, (player, kind, x, y, location)))

    def ask(self, decision: Decision) -> None:
        """Queue a decision for any player, from any hook during a turn.

        Decisions asked while a tile is placed are taken before the figure phase; those asked
        later in the turn after its scoring phase, before the ``carcassonne_after_scoring``
        ones; those asked while a decision is answered, after the decisions already queued.
        They are taken in the order asked; a decision whose only action is ``Pass`` is skipped.
        """
        self._asked = self._asked + (decision,)

    def lay_tile(self, tile: str, x: int, y: int, rotation: int) -> None:
        """Put a tile on the board outside the turn rules (positions, puzzles): it must touch
        the board along an edge (unless the board is empty) and match its neighbours. Features
        it completes are not scored."""
        tile = self.config.resolve_tile(tile)
        if rotation not in (0, 90, 180, 270):
            raise CarcassonneError(f"rotation must be 0, 90, 180 or 270, not {rotation}")
        if (x, y) in self.board:
            raise CarcassonneError(f"{x},{y} is already taken")
        if not self.touches_board(x, y):
            raise CarcassonneError(f"{x},{y} does not touch any tile along an edge")
        if not self.edges_fit(tile, x, y, rotation):
            raise CarcassonneError(f"its edges do not match its neighbours at {x},{y}")
        self._lay(self.config.tile_types[tile], x, y, rotation, -1)

    def _lay(self, tile: TileType, x: int, y: int, rotation: int, player: int) -> tuple[int, ...]:
        """Place a tile, join its segments to the neighbours'; return nodes that completed."""
        config = self.config
        pos = (x, y)
        board = self.board
        graph = self._graph
        order = len(graph.parent)
        placed = _new(Placed, (tile, rotation, tile.rotations[rotation // 90], player, order))
        board[pos] = placed
        # the four sides' squares (N, E, S, W, as SIDE_OFFSETS) and tiles, looked up once
        around = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
        get = board.get
        neighbours = (get(around[0]), get(around[1]), get(around[2]), get(around[3]))
        # the configuration's precomputed segments, read without a method call once known
        segments = config._segments.get((tile.id, rotation)) or config.segment_data(tile, rotation)
        completed = graph.place(placed, pos, segments, board, neighbours)
        shown = segments.shown
        frontier = self._frontier
        squares = self._squares
        filled = frontier.pop(pos, None)
        if filled is not None:
            del squares[bisect_left(squares, pos)]
            if filled & 0xF and filled & 0xF0 and filled & 0xF00 and filled & 0xF000:
                self._holes -= 1  # a hole filled (the test is _is_hole's, inlined)
        for side in range(4):
            if neighbours[side] is None:
                # the empty square now sees this edge on its side facing us
                q = around[side]
                seen = shown[side]
                known = frontier.get(q)
                if known is None:
                    frontier[q] = seen
                    insort(squares, q)
                else:
                    p = frontier[q] = known | seen
                    if p & 0xF and p & 0xF0 and p & 0xF00 and p & 0xF000:
                        self._holes += 1  # each side is seen once: a new hole (_is_hole)
        return completed


def _offered(action: Action, legal: list[Action]) -> Action | None:
    """The first of ``legal`` equal to ``action`` (same type, equal fields), or None.

    Tuple equality runs in C over the whole list and only the tuple-equal candidates are
    checked for type, instead of one Python-level ``TypedAction.__eq__`` call per element.
    """
    tuples = cast("list[tuple[object, ...]]", legal)
    try:
        for model in compress(legal, map(tuple.__eq__, tuples, repeat(action))):
            if type(model) is type(action):
                return model
    except TypeError:  # an action that is not a tuple (a plugin's): plain equality
        return next((model for model in legal if model == action), None)
    return None


def _same_types(action: Action, model: Action) -> bool:
    """Whether ``action``, equal to the legal ``model``, also has its field types (0.0 == 0
    and True == 1, but a record could not read them back)."""
    given, wanted = cast("tuple[object, ...]", action), cast("tuple[object, ...]", model)
    return model is action or all(type(a) is type(b) for a, b in zip(given, wanted, strict=False))


def _exact_fields(action: Action, state: GameState) -> bool:
    """Coordinates and rotations of a placement are exact ints; an action equal to a legal one
    has the legal one's field types."""
    if type(action) is PlaceTile:
        return all(type(v) is int for v in (action.x, action.y, action.rotation))
    model = _offered(action, state.legal_actions())
    return model is None or _same_types(action, model)
