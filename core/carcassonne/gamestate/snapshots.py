"""Creation and the origin: ``empty``/``new``/``resume_at``, snapshots, ``clone``, copying and
pickling, ``undo`` (a replay from the origin), ``initial``, ``outcome``, ``key`` and equality.

The top layer, just below :class:`carcassonne.state.GameState` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from carcassonne import events as ev
from carcassonne.actions import Action, Draw
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError, NothingToUndoError
from carcassonne.features import FIGS, OPEN, FeatureGraph
from carcassonne.gamestate.data import (
    _NO_EXTRAS,
    _STATE_FIELDS,
    _THEN_END,
    STATE_SLOTS,
    _is_hole,
    _supplies,
)
from carcassonne.gamestate.phases import Phases
from carcassonne.values import (
    Decision,
    ForcedChance,
    ForcedDraw,
    OptionValue,
    Outcome,
    Placed,
    Pos,
    Supply,
)

#: A placed tile as pickled: (tile id, rotation, player, order).
_PlacedData = tuple[str, int, int, int]


#: Fields not pickled: the board (pickled by tile id instead) and what is derived from the rest.
_UNPICKLED = (
    "board", "_squares", "_patterns", "_origin", "_cands", "_ids", "_legal", "_turn_opts"
)


def _encode_board(board: dict[Pos, Placed]) -> dict[Pos, _PlacedData]:
    return {pos: (p.tile.id, p.rotation, p.player, p.order) for pos, p in board.items()}


def _decode_board(config: GameConfig, data: dict[Pos, _PlacedData]) -> dict[Pos, Placed]:
    types = config.tile_types
    board = {}
    for pos, (tile_id, rotation, player, order) in data.items():
        tile = types[tile_id]
        board[pos] = Placed(tile, rotation, tile.rotations[rotation // 90], player, order)
    return board


class Snapshots(Phases):
    """Creation, copies, pickling, undo and equality."""

    __slots__ = ()

    # -- creation ----------------------------------------------------------------------------

    @classmethod
    def empty(cls, config: GameConfig, *, seed: int | None = None) -> Self:
        """A state with no tile on the board and an empty pile: the start of a position or a
        puzzle, built with :meth:`lay_tile`, :meth:`place_figure` and :meth:`resume_at`."""
        self = cls.__new__(cls)
        self.config = config
        self.seed = config.seed if seed is None else seed
        self.board = {}
        self._frontier = {}
        self._holes = 0
        self._squares = []
        self._patterns = []
        self._graph = FeatureGraph()
        self._pile = []
        self.supply = [
            Supply({kind.name: kind.count for kind in config.figure_kinds.values()})
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
        self._x = None
        self.last_events = []
        self.log = []
        self._cands = None
        self._ids = None
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
    ) -> Self:
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
        self,
        *,
        player: int,
        turn: int,
        pile: list[str],
        drawn: str | None = None,
        part: int = 0,
        more_parts: Sequence[str] = (),
        started: bool = False,
        turn_actions: Sequence[Action] = (),
    ) -> None:
        """Start play from the board as it is: ``player`` about to draw (or to place ``drawn``)
        on turn ``turn`` (in its part ``part``: 0, or a further part a plugin gave, with the
        reasons of the parts still to come in ``more_parts``), with ``pile`` (top last) to draw
        from. ``started``: the start of the turn already happened (its
        ``carcassonne_turn_started`` hooks ran and are not run again: a saved game);
        ``turn_actions``: the actions taken so far this turn (any imply ``started``; without
        ``drawn``, they were taken at the draw decision, which stays pending). The result is
        this game's origin: ``undo()`` never goes back past it. For positions and puzzles."""
        if type(part) is not int or part < 0:
            raise CarcassonneError(f"a turn part is a whole number from 0, not {part!r}")
        x = self._x or _NO_EXTRAS
        if part or more_parts or x.part or x.more_parts:
            self._x = x._replace(part=part, more_parts=tuple(more_parts))
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
        self._ids = None
        self._legal = None
        self._turn_opts = None
        events: list[ev.Event] = [ev.TurnStarted(player, turn)]
        self.last_events = events
        if drawn is None and (started or turn_actions):
            self._reset_turn()
            self.turn_actions = tuple(turn_actions)
            if not (turn_actions and self._pile):
                self._start_turn(events, asked=True)  # the start of the turn is behind it
            # else: actions were taken at the draw decision, which stays pending (as in play)
        elif drawn is None:
            self._start_turn(events)
        else:
            self._reset_turn()
            self.turn_actions = tuple(turn_actions)
            if not turn_actions:
                # as in play: where drawing was the player's decision, the Draw was taken
                self.pending = Decision("draw", player)
                if self._draw_waits():
                    self.turn_actions = (Draw(),)
            self._pile.append(drawn)
            self._draw(events)
            # read anew: _draw set it, but mypy (and so mypyc, which checks) keeps the None above
            if getattr(self, "drawn") != drawn:  # noqa: B009
                raise CarcassonneError(f"the drawn tile {drawn} fits nowhere on this board")
        self.last_events = events
        self.log = []
        # the snapshot, then the opening events (what last_events shows back at the origin)
        self._origin = self._snapshot() + (tuple(events),)

    # -- snapshots, copies, undo ---------------------------------------------------------------

    def _snapshot(self) -> tuple[object, ...]:
        return tuple(copy(getattr(self, name)) for name, copy in _STATE_FIELDS)

    def _restore(self, snap: tuple[object, ...]) -> None:
        manual = self._x is not None and self._x.manual_chance  # the caller's, not the game's
        for (name, copy), value in zip(_STATE_FIELDS, snap[: len(_STATE_FIELDS)], strict=True):
            setattr(self, name, copy(value))
        if manual:
            self.auto_chance = False
        self._patterns = None
        self._cands = None
        self._ids = None
        self._legal = None
        self._turn_opts = None

    def clone(self) -> Self:
        """An independent copy sharing only immutable data (config, tile types, tuples)."""
        cls = self.__class__  # GameState (this module cannot name it: it is defined above)
        other = cls.__new__(cls)
        other.config = self.config
        other.seed = self.seed
        other.board = self.board.copy()
        other._frontier = self._frontier.copy()
        other._holes = self._holes
        other._squares = self._squares.copy()
        other._patterns = None  # derived again if a tile decision needs it (see the field)
        other._graph = self._graph.copy()
        other._pile = self._pile.copy()
        other.supply = self.supply.copy()  # each Supply is read only: shared
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
        other._x = self._x
        other.last_events = self.last_events.copy()  # a list a caller may change: its own
        other.log = self.log.copy()
        other._origin = self._origin
        other._cands = self._cands
        other._ids = self._ids
        other._legal = self._legal
        other._turn_opts = self._turn_opts
        return other

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self.clone()

    def __getstate__(self) -> dict[str, object]:
        """Pickled without caches, tiles by id: the configuration rebuilds the rest."""
        data: dict[str, object] = {
            name: getattr(self, name)
            for name in STATE_SLOTS
            if name not in _UNPICKLED
        }
        data["board"] = _encode_board(self.board)
        origin_board = self._origin[0]
        assert isinstance(origin_board, dict)
        data["_origin"] = (_encode_board(origin_board),) + self._origin[1:]
        return data

    def __setstate__(self, data: dict[str, object]) -> None:
        config = data["config"]
        assert isinstance(config, GameConfig)
        self._x = None  # states pickled before the general mechanics existed lack it
        for name, value in data.items():
            setattr(self, name, value)
        self.supply = _supplies(self.supply)
        self.board = _decode_board(config, data["board"])  # type: ignore[arg-type]
        origin = data["_origin"]
        assert isinstance(origin, tuple)
        self._origin = (_decode_board(config, origin[0]),) + origin[1:]
        frontier = data["_frontier"]
        assert isinstance(frontier, dict)
        self._squares = sorted(frontier)
        self._patterns = None
        self._holes = sum(1 for p in frontier.values() if _is_hole(p))
        self._cands = None
        self._ids = None
        self._legal = None
        self._turn_opts = None

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions, restoring points and figures exactly.

        Chance outcomes forced (``force_chance``) and not drawn yet stay forced, as
        ``auto_chance`` stays as it is: the caller's arrangement of the next draws, not part of
        the actions taken back. The draws the actions taken back made are made again (from the
        seed and the number of draws, both restored) when those actions are applied again."""
        if count < 1:
            raise ValueError("undo count must be at least 1")
        log = self.log
        # the chance draws an action made are logged just before it and go with it
        steps = [i for i, entry in enumerate(log) if type(entry) is not ForcedChance]
        if count > len(steps):
            raise NothingToUndoError(
                f"cannot undo {count} action(s): only {len(steps)} since the game began"
            )
        cut = steps[-count]
        while cut and type(log[cut - 1]) is ForcedChance:
            cut -= 1
        self._rebuild(log[:cut], self._extras.forced)

    def _rebuild(
        self, actions: list[Action | ForcedDraw | ForcedChance], forced: tuple[str, ...] = ()
    ) -> None:
        """Replay ``actions`` from the origin; then ``forced``: chance outcomes forced and not
        drawn yet, which the log does not hold (it logs outcomes as they are drawn). Every
        action but the last is replayed without events (``last_events`` shows the last one's,
        and the draws forced after it)."""
        self._restore(self._origin)
        self._forget_forced()  # the log holds the ones drawn; ``forced`` the rest
        self.log = []
        self.last_events = self._origin_events()
        last = -1
        for index, action in enumerate(actions):
            if not isinstance(action, ForcedDraw | ForcedChance):
                last = index
        for index, action in enumerate(actions):
            if isinstance(action, ForcedDraw):
                self._force_next(action.tile)
                self.log.append(action)
            elif isinstance(action, ForcedChance):
                # logged again by the chance draw that takes it (inside the next apply)
                self._force_chance_next(action.outcome)
            else:
                self.apply(action, events=index == last)
        if forced:
            x = self._extras
            self._x = x._replace(forced=x.forced + forced)

    def initial(self) -> Self:
        """A copy of this game as it was when it began (its origin: the start or a position),
        to replay its ``log`` on (``replay_entry``).

        Without the chance outcomes the origin had forced (a position's ``forced_chances``):
        the log holds each as a ``ForcedChance`` entry once it is drawn, and replaying that
        entry forces it again, so keeping them would draw each twice. Outcomes forced and
        not drawn yet are this state's ``forced_chances`` (``position_of`` writes them)."""
        other = self.clone()
        other._restore(self._origin)
        other._forget_forced()
        other.log = []
        other.last_events = other._origin_events()
        return other

    def _forget_forced(self) -> None:
        x = self._x
        if x is not None and x.forced:
            self._x = x._replace(forced=())

    def _origin_events(self) -> list[ev.Event]:
        """The events of the game's first moment (the opening turn and draw of a new game or
        a position), which ``last_events`` shows again back at the origin."""
        events = self._origin[-1]
        assert isinstance(events, tuple)
        return list(events)

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
            if isinstance(item, ForcedChance):
                replay._force_chance_next(item.outcome)
                continue
            for event in replay.apply(item):
                if isinstance(event, ev.PointsScored):
                    by_kind = points[event.player]
                    by_kind[event.kind] = by_kind.get(event.kind, 0) + event.points
                elif isinstance(event, ev.PointsTransferred):
                    for player, change in (
                        (event.payer, -event.points),
                        (event.payee, event.points),
                    ):
                        by_kind = points[player]
                        by_kind["transfer"] = by_kind.get("transfer", 0) + change
        return Outcome(
            self.is_over,
            tuple(self.scores),
            self.ranking(),
            tuple(self.winners()),
            tuple(dict(sorted(p.items())) for p in points),
        )

    # -- identity ------------------------------------------------------------------------------

    def key(self) -> tuple[object, ...]:
        """Everything that makes the game what it is, in canonical form.

        Two states are equal when their keys are: same board, same partition into features
        (the root of a feature is always its smallest node, so ids are canonical), same
        figures, scores, supplies, pile, pending decisions and plugin data, and the same turn
        so far: what decides the legal actions and what comes next in the turn (the tile
        placed, the actions taken, which rules may offer once a turn; the decisions asked and
        not yet queued, what follows the queue, the features to score and the figures sent
        home). Caches and the event log do not count.
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
            self._extras_key(),
            self.last_tile,
            self.turn_actions,
            self._asked,
            self._then,
            tuple(sorted({find(n) for n in self._completed})),
            self._returned,
        )

    def _extras_key(self) -> object:
        """The general mechanics' part of :meth:`key`: pieces as a sorted multiset, and not
        the chance salt (a search's, not the game's)."""
        x = self._x
        if x is None:
            return None
        x = x._replace(pieces=tuple(sorted(x.pieces, key=repr)), salt=0, manual_chance=False)
        return None if x == _NO_EXTRAS else x

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshots):
            return NotImplemented
        return self.config == other.config and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]
