"""The mutable game state: board, features, figures, scores, and the turn loop.

Design notes (why it looks like this):

* A state points at its immutable :class:`~carcassonne.config.GameConfig` and owns only flat
  containers of immutable values (tuples, frozensets, ints, strings). ``clone()`` therefore
  copies a dozen containers and nothing else; there is no ``deepcopy`` anywhere.
* Features are a union-find over tile segments ("nodes"). Each root carries the number of open
  edges, the set of tiles, the figures, the attributes (shields) and, for fields, the bordering
  city nodes. A road or city is complete when its open-edge count reaches zero, a monastery when
  its eight neighbours are present: no flood fill, ever.
* The squares next to the board ("frontier") carry the edge each neighbour shows them, so the
  legal placements of a tile are a few dictionary lookups per square (``GameConfig.fits``).
* Hooks are called once per phase, never per square. Plugins read the state through the query
  methods below and change it only through ``award``, ``return_figures``, ``place_figure`` and
  ``ext``.
* ``undo()`` replays the action log from the state's origin: exact by construction and free
  for callers that never undo (bots use ``clone()``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from carcassonne import events as ev
from carcassonne.actions import Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError, IllegalActionError, NothingToUndoError
from carcassonne.geometry import RING_OFFSETS, SIDE_OFFSETS, facing_half
from carcassonne.tileset.model import Rotated, TileType

Pos = tuple[int, int]


class Decision(NamedTuple):
    """What the game waits for: a ``kind`` of decision by ``player``.

    Core kinds: ``draw`` (draw, or an alternative to drawing), ``tile`` (place the drawn tile),
    ``figure`` (the figure phase), ``end`` (game over). Plugins add kinds (``wagon``) and keep
    what they need in ``data`` (an immutable value).
    """

    kind: str
    player: int
    data: Any = None


class Placed(NamedTuple):
    """A tile on the board."""

    tile: TileType
    rotation: int
    rot: Rotated
    base: int  # node id of its first segment
    player: int  # who placed it (-1 for the start tile)


class Figure(NamedTuple):
    """A figure on the board: whose, what, and where it was put (a barn keeps its corner)."""

    player: int
    kind: str
    x: int
    y: int
    #: Where it was put, in board orientation (a barn's corner, a farmer's half-edge).
    location: str


class ReturnedFigure(NamedTuple):
    """A figure that went back to its supply, with where it stood."""

    player: int
    figure: str
    x: int
    y: int
    location: str
    feature: int
    feature_kind: str


class Award(NamedTuple):
    """Points for ``player`` from a scoring hook. ``stage`` orders awards within a phase."""

    player: int
    points: int
    feature: int
    kind: str
    reason: str = ""
    stage: int = 0


class ReturnFigures(NamedTuple):
    """A scoring hook's request to send the figures of a feature home (``kinds``: only those)."""

    feature: int
    kinds: frozenset[str] | None = None
    stage: int = 0


END = "end"
_EMPTY: frozenset[int] = frozenset()
_PASS = Pass()
_FACING = tuple(facing_half(h) for h in range(8))
_SELF_AND_RING = ((0, 0),) + RING_OFFSETS

# Fields copied by clone() and saved as the origin for undo(): (name, copy function).
_LIST = list.copy
_DICT = dict.copy


def _same(value: Any) -> Any:
    return value


_STATE_FIELDS: tuple[tuple[str, Any], ...] = (
    ("board", _DICT),
    ("frontier", _DICT),
    ("surround", _DICT),
    ("parent", _LIST),
    ("nkind", _LIST),
    ("npos", _LIST),
    ("nopen", _LIST),
    ("ntiles", _LIST),
    ("nfigs", _LIST),
    ("nborders", _LIST),
    ("nattrs", _LIST),
    ("pile", _LIST),
    ("supply", lambda s: [d.copy() for d in s]),
    ("scores", _LIST),
    ("ext", _DICT),
    ("player", _same),
    ("turn", _same),
    ("pending", _same),
    ("queue", _same),
    ("extra", _same),
    ("in_extra", _same),
    ("drawn", _same),
    ("last_pos", _same),
    ("turn_actions", _same),
    ("turn_completed", _same),
    ("returned", _same),
    ("placed_this_turn", _same),
)


class GameState:
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
    # the board: tiles, the empty squares beside them with their patterns, monastery nodes
    board: dict[Pos, Placed]
    frontier: dict[Pos, int]
    surround: dict[Pos, tuple[int, ...]]
    # features: one entry per segment node; the root's entries describe the whole feature
    parent: list[int]
    nkind: list[str]
    npos: list[Pos]
    nopen: list[int]
    ntiles: list[frozenset[Pos] | None]
    nfigs: list[tuple[Figure, ...]]
    nborders: list[frozenset[int]]
    nattrs: list[dict[str, int] | None]
    # players and the turn
    pile: list[str]
    supply: list[dict[str, int]]
    scores: list[int]
    ext: dict[str, Any]
    player: int
    turn: int
    pending: Decision
    queue: tuple[Decision, ...]
    extra: tuple[int, ...]
    in_extra: bool
    drawn: str | None
    last_pos: Pos | None
    turn_actions: tuple[Any, ...]
    turn_completed: tuple[int, ...]
    returned: tuple[ReturnedFigure, ...]
    placed_this_turn: Any
    # history and caches
    last_events: list[ev.Event]
    log: list[Any]
    _origin: tuple
    _cands: list[tuple[int, int, int]] | None
    _legal: list[Any] | None
    _turn_opts: list[Any] | None

    # -- creation ----------------------------------------------------------------------------

    @classmethod
    def new(
        cls, config: GameConfig | None = None, *, seed: int | None = None, **kwargs: Any
    ) -> GameState:
        """A new game: the start tile on the board and the first player about to draw.

        ``seed`` overrides the configuration's seed, so that one configuration serves any
        number of games (bots, simulations).
        """
        if config is None:
            config = GameConfig(**kwargs)
        elif kwargs:
            raise TypeError("pass either a config or configuration keywords, not both")
        self = cls.__new__(cls)
        self.config = config
        self.board = {}
        self.frontier = {}
        self.surround = {}
        self.parent = []
        self.nkind = []
        self.npos = []
        self.nopen = []
        self.ntiles = []
        self.nfigs = []
        self.nborders = []
        self.nattrs = []
        self.seed = config.seed if seed is None else seed
        self.pile = config.shuffled_pile(self.seed)
        self.supply = [
            {kind.name: kind.count for kind in config.figure_kinds.values()}
            for _ in range(config.players)
        ]
        self.scores = [0] * config.players
        self.ext = dict(config.initial_ext)
        self.player = 0
        self.turn = 0
        self.pending = Decision("draw", 0)
        self.queue = ()
        self.extra = ()
        self.in_extra = False
        self.drawn = None
        self.last_pos = None
        self.turn_actions = ()
        self.turn_completed = ()
        self.returned = ()
        self.placed_this_turn = None
        self.last_events = []
        self.log = []
        self._cands = None
        self._legal = None
        self._turn_opts = None
        start = config.tile_types[config.start_tile]
        self._put_tile(start, 0, 0, 0, -1)
        self.last_pos = None
        events: list[ev.Event] = []
        self.turn = 1
        events.append(ev.TurnStarted(0, 1))
        self._start_turn(events)
        self.last_events = events
        self._origin = self._snapshot()
        return self

    def _snapshot(self) -> tuple:
        return tuple(copy(getattr(self, name)) for name, copy in _STATE_FIELDS)

    def _restore(self, snap: tuple) -> None:
        for (name, copy), value in zip(_STATE_FIELDS, snap, strict=True):
            setattr(self, name, copy(value))
        self._cands = None
        self._legal = None
        self._turn_opts = None

    def clone(self) -> GameState:
        """An independent copy sharing only immutable data (config, tile types, tuples)."""
        other = GameState.__new__(GameState)
        for name, copy in _STATE_FIELDS:
            setattr(other, name, copy(getattr(self, name)))
        other.config = self.config
        other.seed = self.seed
        other.last_events = list(self.last_events)
        other.log = list(self.log)
        other._origin = self._origin
        other._cands = self._cands
        other._legal = self._legal
        other._turn_opts = self._turn_opts
        return other

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions, restoring points and figures exactly."""
        if count < 1:
            raise ValueError("undo count must be at least 1")
        if count > len(self.log):
            raise NothingToUndoError(
                f"cannot undo {count} action(s): only {len(self.log)} since the game began"
            )
        self._rebuild(self.log[:-count])

    def _rebuild(self, actions: list) -> None:
        self._restore(self._origin)
        self.log = []
        self.last_events = []
        for action in actions:
            if isinstance(action, ForcedDraw):
                self._force_next(action.tile)
                self.log.append(action)
            else:
                self.apply(action)

    def key(self) -> tuple:
        """Everything that makes the game what it is, in canonical form.

        Two states are equal when their keys are: same board, same partition into features
        (the root of a feature is always its smallest node, so ``find`` is canonical), same
        figures, scores, supplies, pile, pending decisions and plugin data. Caches and the
        event log do not count.
        """
        find = self.find
        roots = [find(n) for n in range(len(self.parent))]
        return (
            tuple(sorted((pos, p.tile.id, p.rotation, p.player) for pos, p in self.board.items())),
            tuple(roots),
            tuple(self.nopen[r] for r in roots),
            tuple(self.nfigs[r] for r in roots),
            tuple(tuple(sorted(s.items())) for s in self.supply),
            tuple(self.scores),
            tuple(self.pile),
            self.pending,
            self.queue,
            self.extra,
            self.in_extra,
            self.player,
            self.turn,
            self.drawn,
            tuple(sorted(self.ext.items(), key=lambda item: item[0])),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.config is other.config and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    # -- queries: the game as a whole ----------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.pending.kind == END

    def tiles_left(self) -> int:
        return len(self.pile)

    def draw_pile(self) -> list[str]:
        """The remaining tiles, next to be drawn first."""
        return self.pile[::-1]

    def winners(self) -> list[int]:
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    def ranking(self) -> tuple[int, ...]:
        return tuple(1 + sum(1 for o in self.scores if o > s) for s in self.scores)

    # -- queries: tiles and features ------------------------------------------------------------

    def tile_at(self, x: int, y: int) -> Placed | None:
        return self.board.get((x, y))

    def placement_order(self) -> list[tuple[int, int]]:
        """The squares of the board's tiles in the order they were placed (start tile first)."""
        return [pos for pos, _ in sorted(self.board.items(), key=lambda item: item[1].base)]

    def holes(self) -> list[Pos]:
        """Empty squares whose four orthogonal neighbours are all placed, sorted."""
        return sorted(
            pos
            for pos, p in self.frontier.items()
            if p & 0xF and p & 0xF0 and p & 0xF00 and p & 0xF000  # a neighbour on every side
        )

    def neighbours_present(self, x: int, y: int) -> int:
        board = self.board
        return sum(1 for dx, dy in RING_OFFSETS if (x + dx, y + dy) in board)

    def find(self, node: int) -> int:
        """The feature (root node id) a segment belongs to."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def node_at(self, x: int, y: int, location: str) -> int:
        """The segment of the tile at ``(x, y)`` named by ``location`` (board orientation)."""
        placed = self.board.get((x, y))
        if placed is None:
            raise CarcassonneError(f"no tile at {x},{y}")
        index = placed.rot.by_location.get(location)
        if index is None:
            names = sorted(placed.rot.by_location)
            raise CarcassonneError(
                f"the tile at {x},{y} has no feature at {location!r} (try: {', '.join(names)})"
            )
        return placed.base + index

    def feature_at(self, x: int, y: int, location: str) -> int:
        return self.find(self.node_at(x, y, location))

    def segments(self, x: int, y: int) -> list[tuple[int, Any]]:
        """``(node, RotatedFeature)`` for every segment of the tile at ``(x, y)``."""
        placed = self.board.get((x, y))
        if placed is None:
            return []
        return [(placed.base + f.index, f) for f in placed.rot.features]

    def segment(self, node: int) -> Any:
        """The ``RotatedFeature`` of a segment."""
        placed = self.board[self.npos[node]]
        return placed.rot.features[node - placed.base]

    def location_of(self, node: int) -> str:
        return self.segment(node).location

    def figure_location(self, figure: Figure) -> str:
        """Where a figure stands, as it was put there (a barn keeps its corner)."""
        return figure.location

    def feature_kind(self, feature: int) -> str:
        return self.nkind[feature]

    def feature_tiles(self, feature: int) -> frozenset[Pos]:
        """The squares a feature covers (each tile once, however many segments it has there)."""
        root = self.find(feature)
        tiles = self.ntiles[root]
        if tiles is None:  # not tracked during play (fields, rivers): derive it
            find = self.find
            tiles = frozenset(self.npos[n] for n in range(len(self.parent)) if find(n) == root)
        return tiles

    def feature_open(self, feature: int) -> int:
        return self.nopen[self.find(feature)]

    def feature_attr(self, feature: int, name: str) -> int:
        attrs = self.nattrs[self.find(feature)]
        return attrs.get(name, 0) if attrs else 0

    def figures_on(self, feature: int) -> tuple[Figure, ...]:
        return self.nfigs[self.find(feature)]

    def bordering(self, feature: int) -> set[int]:
        """The features (roots) a field borders."""
        return {self.find(n) for n in self.nborders[self.find(feature)]}

    def is_complete(self, feature: int) -> bool:
        root = self.find(feature)
        kind = self.config.kinds.get(self.nkind[root])
        completion = kind.completion if kind is not None else "never"
        if completion == "edges":
            return self.nopen[root] == 0
        if completion == "surround":
            x, y = self.npos[root]
            return self.neighbours_present(x, y) == 8
        return False

    def features(self) -> list[int]:
        """Every feature (root id) on the board, in node order."""
        parent = self.parent
        return [n for n in range(len(parent)) if parent[n] == n]

    def figures(self) -> list[tuple[int, Figure]]:
        """``(feature, figure)`` for every figure on the board."""
        return [(root, fig) for root in self.features() for fig in self.nfigs[root]]

    def strength(self, feature: int, figure: Figure) -> int:
        value = self.config.figure_kinds[figure.kind].strength
        return value(self, feature, figure) if callable(value) else value

    def majority(self, feature: int) -> list[int]:
        """Players with the greatest total figure strength in a feature (none if all are 0)."""
        root = self.find(feature)
        totals = [0] * self.config.players
        for fig in self.nfigs[root]:
            totals[fig.player] += self.strength(root, fig)
        best = max(totals)
        if best <= 0:
            return []
        return [p for p, t in enumerate(totals) if t == best]

    # -- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[Any]:
        """Every legal action of the pending decision, in a deterministic order."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_tile_placements(self) -> list[tuple[int, int, int]]:
        """``(x, y, rotation)`` of every legal placement of the drawn tile."""
        return list(self._candidates()) if self.pending.kind == "tile" else []

    def _candidates(self) -> list[tuple[int, int, int]]:
        """Placements of the drawn tile, computed once per draw (and after a restore)."""
        if self._cands is None:
            self._cands = self._placements(self.config.tile_types[self.drawn])  # type: ignore[index]
        return self._cands

    def combined_actions(self) -> list[tuple[Any, Any]]:
        """Tile placement and figure choice as one step: ``(tile action, figure action)`` pairs.

        Only meaningful while a tile decision is pending; each pair is played by applying both.
        """
        if self.pending.kind != "tile":
            return [(a, None) for a in self.legal_actions()]
        pairs: list[tuple[Any, Any]] = []
        for action in self.legal_actions():
            probe = self.clone()
            probe.apply(action)
            pairs.extend((action, fig) for fig in probe.legal_actions())
        return pairs

    def _compute_legal(self) -> list[Any]:
        kind = self.pending.kind
        if kind == "tile":
            tid = self.drawn
            new = tuple.__new__
            return [new(PlaceTile, (tid, x, y, r)) for x, y, r in self._candidates()]
        if kind == "figure":
            return self._figure_options()
        if kind == "draw":
            opts = list(self._turn_options())
            return ([Draw()] if self.pile and not self.in_extra else [Pass()]) + opts
        if kind == END:
            return []
        actions = list(self.config.hooks.decision_actions(self, self.pending))
        actions.append(Pass())
        return _dedupe(actions)

    def _turn_options(self) -> list[Any]:
        if self._turn_opts is None:
            self._turn_opts = _dedupe(self.config.hooks.turn_options(self))
        return self._turn_opts

    def _figure_options(self) -> list[Any]:
        hooks = self.config.hooks
        x, y = self.last_pos  # type: ignore[misc]
        options = _dedupe(hooks.figure_options(self, x, y, self.player))
        if options:
            vetoes = hooks.veto_figure_options(self, options)
            if vetoes:
                options = [o for o in options if o not in vetoes]
        # plugins answer in a fixed order (registration is sorted), so no sort is needed
        options.append(_PASS)
        return options

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Any) -> list[ev.Event]:
        """Apply a legal action and return its events.

        An illegal action raises :class:`IllegalActionError` and leaves the state exactly as it
        was; so does any error raised while the action is carried out.
        """
        pending = self.pending
        if pending.kind == END:
            raise IllegalActionError(action, "the game is over")
        if pending.kind == "tile" and type(action) is PlaceTile:
            reason = self._check_tile(action)
        elif action in self.legal_actions():
            reason = None
        else:
            reason = self._why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        events: list[ev.Event] = []
        self.log.append(action)
        try:
            self._dispatch(action, events)
        except BaseException:
            self._rebuild(self.log[:-1])
            raise
        self.last_events = events
        return events

    def force_draw(self, tile: str) -> None:
        """Make ``tile`` the next tile drawn (records replaying a draw order, puzzles, tests).

        Allowed only while a draw is pending or a drawn tile has not been placed yet; the tile
        must still be in the pile (or be the drawn one).
        """
        tile = self.config.resolve_tile(tile)
        if self.pending.kind == "tile" and self.drawn == tile:
            return
        if self.pending.kind not in ("tile", "draw"):
            raise CarcassonneError(
                f"cannot force a draw while a {self.pending.kind} decision is pending"
            )
        if tile not in self.pile and tile != self.drawn:
            raise CarcassonneError(f"tile {tile} is not in the draw pile")
        self.log.append(ForcedDraw(tile))
        self._force_next(tile)

    def _force_next(self, tile: str) -> None:
        if self.pending.kind == "tile":
            # put the drawn tile back on top and draw the wanted one instead
            self.pile.append(self.drawn)  # type: ignore[arg-type]
            self.drawn = None
            self._lift(tile)
            events: list[ev.Event] = []
            self._draw(events)
            self.last_events = self.last_events + events
        else:
            self._lift(tile)
        self._legal = None

    def _lift(self, tile: str) -> None:
        """Move the topmost copy of ``tile`` to the top of the pile; the rest keep their order."""
        pile = self.pile
        index = len(pile) - 1 - pile[::-1].index(tile)
        pile.append(pile.pop(index))

    def _check_tile(self, action: PlaceTile) -> str | None:
        if action.tile != self.drawn:
            return f"the drawn tile is {self.drawn}, not {action.tile}"
        if (action.x, action.y, action.rotation) in self._candidates():
            return None
        return self._why_placement(action)

    def _why_placement(self, action: PlaceTile) -> str:
        pos = (action.x, action.y)
        if action.rotation not in (0, 90, 180, 270):
            return f"rotation must be 0, 90, 180 or 270, not {action.rotation}"
        if pos in self.board:
            return f"{action.x},{action.y} is already taken"
        pattern = self.frontier.get(pos)
        if pattern is None:
            return f"{action.x},{action.y} does not touch any tile along an edge"
        tile = self.config.tile_types[action.tile]
        if action.rotation not in self.config.fits(tile, pattern):
            return f"its edges do not match its neighbours at {action.x},{action.y}"
        return "an expansion rule forbids this placement"

    def _why_illegal(self, action: Any) -> str:
        kind = self.pending.kind
        if kind == "tile":
            return f"a tile placement is expected (the drawn tile is {self.drawn})"
        if kind == "figure":
            if isinstance(action, PlaceFigure):
                return "not a legal figure placement on the tile just placed"
            return "the figure phase expects a figure action or pass"
        if kind == "draw":
            return "expected draw" + (" or another turn option" if self._turn_options() else "")
        return f"not a legal answer to the {kind} decision of player {self.pending.player}"

    def _dispatch(self, action: Any, events: list[ev.Event]) -> None:
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
            self._place_tile_action(action, events)
        elif kind == "figure":
            if type(action) is PlaceFigure:
                self.place_figure(
                    self.player, action.figure, action.x, action.y, action.location, events
                )
                self.placed_this_turn = action
            elif type(action) is not Pass:
                events.extend(self.config.hooks.apply_action(self, action))
            self._scoring_phase(events)
            self._next_decision(events)
        else:
            if type(action) is PlaceFigure:
                self.place_figure(
                    self.pending.player, action.figure, action.x, action.y, action.location, events
                )
            elif type(action) is not Pass:
                events.extend(self.config.hooks.apply_action(self, action))
            self._next_decision(events)

    # -- the turn loop -------------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.turn_actions = ()
        self.turn_completed = ()
        self.returned = ()
        self.placed_this_turn = None
        self.last_pos = None
        self._turn_opts = None

    def _start_turn(self, events: list[ev.Event]) -> None:
        self._reset_turn()
        if not self.pile:
            self._regular_play_over(events)
            return
        self.pending = Decision("draw", self.player)
        if self._turn_options():
            return
        self._draw(events)

    def _draw(self, events: list[ev.Event]) -> None:
        player = self.player
        while self.pile:
            tid = self.pile.pop()
            tile = self.config.tile_types[tid]
            cands = self._placements(tile)
            events.append(ev.TileDrawn(player, tid))
            if cands:
                self.drawn = tid
                self._cands = cands
                self.pending = Decision("tile", player)
                self._legal = None
                return
            events.append(ev.TileReturned(player, tid))
        self._regular_play_over(events)

    def _placements(self, tile: TileType) -> list[tuple[int, int, int]]:
        config = self.config
        table = config.fit_table(tile)
        get = table.get
        cands: list[tuple[int, int, int]] = []
        append = cands.append
        for pos, pattern in self.frontier.items():
            rots = get(pattern)
            if rots is None:
                rots = config.fits(tile, pattern)
            for r in rots:
                append((pos[0], pos[1], r))
        if cands:
            vetoes = self.config.hooks.veto_placements(self, tile, cands)
            if vetoes:
                cands = [c for c in cands if c not in vetoes]
            cands.sort()
        return cands

    def _place_tile_action(self, action: PlaceTile, events: list[ev.Event]) -> None:
        tile = self.config.tile_types[action.tile]
        self.drawn = None
        self._cands = None
        completed = self._put_tile(tile, action.x, action.y, action.rotation, self.player)
        self.turn_completed = completed
        self.last_pos = (action.x, action.y)
        events.append(ev.TilePlaced(self.player, tile.id, action.x, action.y, action.rotation))
        self.config.hooks.tile_placed(self, action.x, action.y, tile, action.rotation)
        self.pending = Decision("figure", self.player)

    def _scoring_phase(self, events: list[ev.Event], final: bool = False) -> None:
        completed = sorted({self.find(n) for n in self.turn_completed})
        for root in completed:
            tiles = len(self.feature_tiles(root))
            events.append(ev.FeatureCompleted(self.nkind[root], root, tiles))
        self._apply_scoring(completed, final, events, return_completed=True)

    def _apply_scoring(
        self, features: list[int], final: bool, events: list[ev.Event], return_completed: bool
    ) -> None:
        items = self.config.hooks.score(self, features, final)
        awards = sorted(
            (i for i in items if type(i) is Award), key=lambda a: (a.stage, a.feature, a.player)
        )
        for award in awards:
            self.award(
                award.player, award.points, award.feature, award.kind, award.reason, events, final
            )
        returns = sorted(
            (i for i in items if type(i) is ReturnFigures), key=lambda r: (r.stage, r.feature)
        )
        returned: list[ReturnedFigure] = []
        for item in returns:
            returned.extend(self.return_figures(item.feature, events, item.kinds))
        if return_completed:
            for root in features:
                returned.extend(self.return_figures(root, events))
        self.returned = self.returned + tuple(returned)

    def _next_decision(self, events: list[ev.Event]) -> None:
        if self.pending.kind == "figure":
            decisions = self.config.hooks.after_scoring(self, list(self.returned))
            n = self.config.players
            active = self.player
            decisions.sort(key=lambda d: ((d.player - active) % n, d.kind, repr(d.data)))
            self.queue = tuple(decisions)
        while self.queue:
            self.pending, self.queue = self.queue[0], self.queue[1:]
            self._legal = None
            if self.legal_actions() == [_PASS]:
                # an earlier answer took every option (a target another wagon wanted): the
                # decision is moot, as if the plugin had not asked it
                continue
            if self.pending.player != self.player:
                events.append(ev.DecisionPending(self.pending.player, self.pending.kind))
            return
        self._end_turn(events)

    def _end_turn(self, events: list[ev.Event]) -> None:
        if self.in_extra:
            self._next_extra_turn(events)
            return
        if not self.pile:
            self._regular_play_over(events)
            return
        self.player = (self.player + 1) % self.config.players
        self.turn += 1
        events.append(ev.TurnStarted(self.player, self.turn))
        self._start_turn(events)

    def _regular_play_over(self, events: list[ev.Event]) -> None:
        if not self.in_extra:
            self.in_extra = True
            self.extra = tuple(self.config.hooks.extra_turns(self))
        self._next_extra_turn(events)

    def _next_extra_turn(self, events: list[ev.Event]) -> None:
        while self.extra:
            player, self.extra = self.extra[0], self.extra[1:]
            self.player = player
            self._reset_turn()
            self.pending = Decision("draw", player)
            if self._turn_options():
                self.turn += 1
                events.append(ev.TurnStarted(player, self.turn))
                return
        self._final_scoring(events)

    def _final_scoring(self, events: list[ev.Event]) -> None:
        features = [root for root in self.features() if self.nfigs[root]]
        self._apply_scoring(features, True, events, return_completed=False)
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
        if points:
            self.scores[player] += points
            events.append(ev.PointsScored(player, points, kind, feature, reason, final))

    def return_figures(
        self, feature: int, events: list[ev.Event], kinds: Iterable[str] | None = None
    ) -> list[ReturnedFigure]:
        """Send the figures of a feature (only ``kinds`` if given) back to their supplies."""
        root = self.find(feature)
        figs = self.nfigs[root]
        if not figs:
            return []
        wanted = None if kinds is None else frozenset(kinds)
        keep = []
        out = []
        for fig in figs:
            if wanted is not None and fig.kind not in wanted:
                keep.append(fig)
                continue
            self.supply[fig.player][fig.kind] += 1
            x, y, loc = fig.x, fig.y, fig.location
            out.append(ReturnedFigure(fig.player, fig.kind, x, y, loc, root, self.nkind[root]))
            events.append(ev.FigureReturned(fig.player, fig.kind, x, y, loc))
        self.nfigs[root] = tuple(keep)
        return out

    def place_figure(
        self, player: int, kind: str, x: int, y: int, location: str, events: list[ev.Event]
    ) -> None:
        """Move a figure from ``player``'s supply onto the feature at ``location`` of ``(x, y)``.

        No rule check: rules are enforced by offering only legal options.
        """
        node = self.node_at(x, y, location)
        if self.supply[player].get(kind, 0) <= 0:
            raise CarcassonneError(f"player {player} has no {kind} left")
        self.supply[player][kind] -= 1
        root = self.find(node)
        self.nfigs[root] = self.nfigs[root] + (Figure(player, kind, x, y, location),)
        events.append(ev.FigurePlaced(player, kind, x, y, location))

    def _put_tile(
        self, tile: TileType, x: int, y: int, rotation: int, player: int
    ) -> tuple[int, ...]:
        """Place a tile, join its segments to the neighbours'; return nodes that completed."""
        rot = tile.rotations[rotation // 90]
        pos = (x, y)
        board = self.board
        parent = self.parent
        nopen = self.nopen
        ntiles = self.ntiles
        find = self.find
        wild = self.config.wildcard_edges
        base = len(parent)
        board[pos] = Placed(tile, rotation, rot, base, player)
        tiles = frozenset((pos,))
        surround = []
        touched = []
        node = base
        for kind, opened, is_surround, borders, attrs in self.config.segment_data(tile, rotation):
            parent.append(node)
            self.nkind.append(kind)
            self.npos.append(pos)
            nopen.append(opened)
            # tiles are tracked for features that complete; fields and rivers never do, and
            # their (large) tile sets are derived on demand by feature_tiles()
            ntiles.append(tiles if opened or is_surround else None)
            self.nfigs.append(())
            self.nborders.append(frozenset(base + b for b in borders) if borders else _EMPTY)
            self.nattrs.append(attrs)
            if opened:
                touched.append(node)
            elif is_surround:
                surround.append(node)
            node += 1
        if surround:
            self.surround[pos] = tuple(surround)
        side_feature = rot.side_feature
        half_feature = rot.half_feature
        edges = rot.edges
        codes = self.config.edge_codes_of(tile)[rotation // 90]
        frontier = self.frontier
        frontier.pop(pos, None)
        for side in range(4):
            dx, dy = SIDE_OFFSETS[side]
            q = (x + dx, y + dy)
            other = board.get(q)
            oside = (side + 2) & 3
            if other is None:
                # the empty square now sees this edge on its side facing us
                frontier[q] = frontier.get(q, 0) | (codes[side] << (4 * oside))
                continue
            mine = side_feature[side]
            theirs = other.rot.side_feature[oside]
            my_edge = edges[side]
            their_edge = other.rot.edges[oside]
            if my_edge in wild or their_edge in wild:
                # a wildcard edge (the abbey) closes whatever touches it and joins nothing
                if mine >= 0 and my_edge not in wild:
                    nopen[find(base + mine)] -= 1
                if theirs >= 0 and their_edge not in wild:
                    root = find(other.base + theirs)
                    nopen[root] -= 1
                    touched.append(root)
                continue
            if mine >= 0 and theirs >= 0:
                nopen[self._union(base + mine, other.base + theirs)] -= 2
            other_halves = other.rot.half_feature
            other_base = other.base
            half = 2 * side
            a = half_feature[half]
            if a >= 0:
                b = other_halves[_FACING[half]]
                if b >= 0:
                    self._union(base + a, other_base + b)
            a = half_feature[half + 1]
            if a >= 0:
                b = other_halves[_FACING[half + 1]]
                if b >= 0:
                    self._union(base + a, other_base + b)
        # completion: edge features at zero open edges, surrounded monasteries and gardens
        completed = []
        for node in touched:
            root = find(node)
            if nopen[root] == 0 and ntiles[root] is not None:
                completed.append(root)
        if self.surround:
            around = self.surround
            for dx, dy in _SELF_AND_RING:
                q = (x + dx, y + dy)
                nodes = around.get(q)
                if nodes and self.neighbours_present(q[0], q[1]) == 8:
                    completed.extend(nodes)
        return tuple(dict.fromkeys(completed)) if completed else ()

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if rb < ra:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.nopen[ra] += self.nopen[rb]
        tiles_a, tiles_b = self.ntiles[ra], self.ntiles[rb]
        if tiles_a is not None and tiles_b is not None:
            self.ntiles[ra] = tiles_a | tiles_b
        if self.nfigs[rb]:
            self.nfigs[ra] = self.nfigs[ra] + self.nfigs[rb]
            self.nfigs[rb] = ()
        if self.nborders[rb]:
            self.nborders[ra] = self.nborders[ra] | self.nborders[rb]
        attrs_b = self.nattrs[rb]
        if attrs_b:
            merged = dict(self.nattrs[ra] or {})
            for key, value in attrs_b.items():
                merged[key] = merged.get(key, 0) + value
            self.nattrs[ra] = merged
        return ra


class ForcedDraw(NamedTuple):
    """An entry of ``state.log`` beside the actions: the next draw was forced to ``tile``.

    Undo and records replay it with ``force_draw``.
    """

    tile: str


def _dedupe(actions: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(actions))
