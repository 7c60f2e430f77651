"""Live games: the engine state of each game this process serves, kept in step with the store.

A game is loaded by replaying its log with the engine's records (:mod:`carcassonne.record`), then
moved on one accepted change at a time. Every change goes through :meth:`Games.commit`: it is
made on a clone of the state, written to the store under the next ``seq`` and only then becomes
the live state, so a refused write (another process took that ``seq``) changes nothing. Changes
made by other processes are read back from the store (:meth:`Games.catch_up`).

Views: a seat sees its player's view (:func:`carcassonne.serialize.state_to_json` with
``player``); a spectator sees the same view with ``view`` set to ``"spectator"``. The only hidden
information the engine has today is the order of the draw pile (and the seed that fixes it),
which no player's view contains, so every player view carries the same public facts: its text is
made once per ``seq`` (:meth:`Live.public_text`, :mod:`carcassonne.server.views`).
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from carcassonne.config import GameConfig
from carcassonne.events import Event
from carcassonne.json_view import JsonView
from carcassonne.limits import whole_number
from carcassonne.record import Entry, Record, parse_record, record_of, replay_record
from carcassonne.serialize import action_from_text, action_json, legal_json
from carcassonne.server.entries import action_entry_words
from carcassonne.server.reshuffle import MAX_RESHUFFLE, reshuffled
from carcassonne.server.storage import GameRow, MoveRow, SeatRow, Store
from carcassonne.server.views import view_text
from carcassonne.state import GameState


class ServerError(Exception):
    """A refused request: ``code`` is stable (programs read it), ``message`` says why."""

    def __init__(self, code: str, message: str, status: int = 400, where: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        #: Where in an uploaded file the problem is (a ``.jcz`` file's JSON path), or "".
        self.where = where


#: What a game id may be: the server makes them with ``secrets.token_urlsafe`` (URL-safe
#: base64); anything else names no game and never reaches the store (a NUL, a lone surrogate).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def game_id_param(raw: str) -> str:
    """``raw`` if it can be a game's id, else ``not-found`` (what the store would answer)."""
    if GAME_ID.fullmatch(raw) is None:
        raise ServerError("not-found", f"no game {raw!r}", 404)
    return raw


def number_param(raw: str, what: str, low: int, high: int, status: int = 400) -> int:
    """A whole number from a URL (a path part or a query parameter) in ``low..high``: the one
    reader of numbers the REST routes share (``²`` and other non-ASCII digits are refused)."""
    number = whole_number(raw, max_digits=len(str(high)))
    if number is None or not low <= number <= high:
        raise ServerError(
            "bad-seat" if what == "seat" else "bad-request",
            f"{what} must be a whole number from {low} to {high}, not {raw!r}",
            status,
        )
    return number


@dataclass(frozen=True)
class Change:
    """One accepted change as the clients hear of it (``update``)."""

    seq: int
    seat: int | None
    action: dict[str, Any] | None
    undone: int | None
    events: list[dict[str, Any]]
    #: The engine's events of the action (what :meth:`Live.changes` follows the view with).
    engine_events: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    #: The action in words, as the state it was chosen in puts it (the web page's log entry).
    words: str | None = field(default=None, compare=False, repr=False)


@dataclass
class Live:
    """A game in memory: its row, seats, engine state and log, behind one lock."""

    row: GameRow
    seats: list[SeatRow]
    state: GameState
    log: list[MoveRow]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The undo request waiting for answers: ``(seq it was made at, requesting seat)``.
    undo_request: tuple[int, int] | None = None
    #: How many connections hold this game (:meth:`Games.hold`), said hello or not yet.
    holders: int = 0
    #: ``(seq, state, text)``: the view's text (:meth:`public_text`) of the state at that seq.
    _public: tuple[int, GameState, str] | None = field(default=None, repr=False)
    #: ``(seq, state, view)``: the players' view (player 0's) as of that seq, followed move by
    #: move (:class:`carcassonne.json_view.JsonView`), and the changes that led to it.
    _view: tuple[int, GameState, JsonView] | None = field(default=None, repr=False)
    _changes: tuple[int, dict[str, Any] | None] | None = field(default=None, repr=False)
    #: ``(seq, state, {text: id})``: the legal actions' ids at that seq by their notation.
    _legal: tuple[int, GameState, dict[str, Any]] | None = field(default=None, repr=False)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        return len(self.log)

    def public_text(self) -> str:
        """The text of the players' view now (:func:`carcassonne.server.views.public_text`),
        made once per ``seq`` and shared by every update and sync sent at that ``seq``."""
        cached = self._public
        if cached is None or cached[0] != self.seq or cached[1] is not self.state:
            view = self._current_view()
            cached = self._public = (self.seq, self.state, view_text(view))
        return cached[2]

    def _current_view(self) -> JsonView:
        view = self._view
        if view is None or view[0] != self.seq or view[1] is not self.state:
            view = self._view = (self.seq, self.state, JsonView.of(self.state, 0))
        return view[2]

    def legal_by_text(self) -> dict[str, Any]:
        """The legal actions now by the text clients were sent, made once per ``seq``: the
        ids of their entries (``legal_json``: remembered, and a tile decision's written
        without building its placements), each action built alone when asked for
        (:meth:`legal_action`)."""
        known = self._legal
        if known is None or known[0] != self.seq or known[1] is not self.state:
            ids = {entry["text"]: i for i, entry in enumerate(legal_json(self.state))}
            known = self._legal = (self.seq, self.state, ids)
        return known[2]

    def legal_action(self, text: str) -> Any:
        """The legal action now whose text clients were sent as ``text``, or ``None``."""
        index = self.legal_by_text().get(text)
        return None if index is None else self.state.action_for_id(index)

    def changes(self, change: Change) -> dict[str, Any] | None:
        """What ``change`` (the last one, which led to this ``seq``) changed in the players'
        view, made once per ``seq``; ``None`` when the view cannot follow it (an undo, a view
        not made at the ``seq`` before): the clients then receive the state."""
        done = self._changes
        if done is not None and done[0] == change.seq:
            return done[1]
        view = self._view
        delta = None
        if change.seq == self.seq and change.undone is None and view is not None:
            if view[0] == change.seq - 1:
                delta = view[2].advance(self.state, change.engine_events)
                self._view = (self.seq, self.state, view[2])
        self._changes = (change.seq, delta)
        return delta

    def changed_keys(self) -> frozenset[str] | None:
        """The keys of the players' view that the change to this ``seq`` changed, when its
        changes were worked out (a client follows changes); ``None`` when unknown."""
        done = self._changes
        if done is None or done[0] != self.seq or done[1] is None:
            return None
        return frozenset(done[1])

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]

    def bot_to_move(self) -> SeatRow | None:
        """The bot seat whose decision is pending, if any."""
        if self.state.is_over:
            return None
        seat = self.seats[self.state.pending.player]
        return seat if seat.kind == "bot" else None


def config_of_row(row: GameRow) -> GameConfig:
    c = row.config
    return GameConfig(
        players=c["players"],
        names=c["names"],
        expansions=c["expansions"],
        options=c["options"],
        seed=row.seed,
    )


def effective_actions(log: list[MoveRow]) -> list[MoveRow]:
    """The actions of a log that still count once its undos are taken into account."""
    kept: list[MoveRow] = []
    for move in log:
        if move.kind == "undo":
            del kept[len(kept) - int(move.text) :]
        else:
            kept.append(move)
    return kept


def origin_record(row: GameRow) -> Record:
    """The record a game's log continues: a new game of the row's configuration and seed, or,
    for a game opened from a file (``.jcz``), the record of that file's game as it was opened
    (``config["record"]``: it may begin at a laid-out position and hold forced draws)."""
    imported = row.config.get("record")
    if imported is not None:
        return parse_record(imported)
    return Record(record_of(GameState.new(config_of_row(row))).header, [])


def replay(row: GameRow, log: list[MoveRow]) -> GameState:
    """The game a stored log describes, replayed with the engine's record machinery; a log
    with a reshuffle (an agreed undo that took back a draw) is followed move by move from the
    last one, as it was played."""
    last = max((i for i, move in enumerate(log) if move.secret is not None), default=None)
    if last is None:
        origin = origin_record(row)
        entries = [Entry("action", move.text) for move in effective_actions(log)]
        return replay_record(Record(origin.header, origin.entries + entries))
    state = replay(row, log[:last])
    for move in log[last:]:
        state = follow(state, move)
    return state


def follow(state: GameState, move: MoveRow) -> GameState:
    """The game after one stored move: ``state`` moved on, or, after a reshuffle, a new state
    (:func:`reshuffled`). The live game, another process that catches up and a replay from the
    store all go through it, so they agree."""
    if move.kind != "undo":
        state.apply(action_from_text(move.text, state))
        return state
    state.undo(int(move.text))
    return state if move.secret is None else reshuffled(state, int(move.secret))


def origin_state(row: GameRow) -> GameState:
    """The game before the first move of its log (where the web page's history starts)."""
    return replay_record(origin_record(row))


def undo_count(log: list[MoveRow], seat: int) -> int:
    """How many actions to take back so that ``seat`` decides again where it last decided."""
    kept = effective_actions(log)
    for back, move in enumerate(reversed(kept), start=1):
        if move.seat == seat:
            return back
    raise ServerError("nothing-to-undo", f"seat {seat} has made no action that could be undone")


def undo_reveals(state: GameState, count: int) -> bool:
    """Whether taking back ``count`` actions of ``state`` would take back a draw (a tile drawn
    from the pile, a chance outcome): its outcome has been seen, so playing those actions
    again would be playing with knowledge of the pile that no player may have (issue 33)."""
    before = state.clone()
    before.undo(count)
    seen = (state.tiles_left(), state.chances_drawn())
    return (before.tiles_left(), before.chances_drawn()) != seen


def public_game(row: GameRow, seats: list[SeatRow]) -> dict[str, Any]:
    """A game's metadata as the REST API shows it (never tokens, never the seed)."""
    return {
        "id": row.id,
        "status": row.status,
        "seq": row.seq,
        "private": row.private,
        "players": row.config["players"],
        "expansions": row.config["expansions"],
        "options": row.config["options"],
        "bot_think": row.bot_think,
        "created": row.created,
        "updated": row.updated,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "taken": s.kind == "bot" or s.token_hash is not None,
            }
            for s in seats
        ],
    }


ChangeListener = Callable[[Live, Change], Awaitable[None]]


class Games:
    """The games this process serves, loaded on demand and kept in step with the store."""

    def __init__(self, store: Store, process: str) -> None:
        self.store = store
        self.process = process
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.listeners: list[ChangeListener] = []
        self.on_load: list[Callable[[Live], None]] = []

    async def get(self, game_id: str) -> Live:
        """The live game (loaded and replayed on first use); ``not-found`` if there is none."""
        game_id = game_id_param(game_id)
        live = self.live.get(game_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is not None:
                return live
            row = await self.store.game(game_id)
            if row is None:
                raise ServerError("not-found", f"no game {game_id!r}", 404)
            seats = await self.store.seats(game_id)
            log = await self.store.moves(game_id)
            state = await asyncio.to_thread(replay, row, log)
            live = Live(row=row, seats=seats, state=state, log=log)
            self.live[game_id] = live
        for hook in self.on_load:
            hook(live)
        return live

    async def hold(self, game_id: str) -> Live:
        """The live game, held for a connection until :meth:`release`: a held game is never
        evicted, so every connection, REST request and bot of this process shares one copy.

        The count is taken as the game is handed over, with no ``await`` in between, and
        :meth:`release` checks and evicts with no ``await`` either: on the one event loop
        that owns ``self.live``, holding and evicting cannot interleave. (Before, a connection
        accepted but not yet said hello did not count, so the last client leaving evicted the
        game under it and the game split in two: issue 33.)
        """
        live = await self.get(game_id)
        live.holders += 1
        return live

    def release(self, live: Live) -> None:
        """A connection lets go of ``live``; the last one evicts it unless a bot is to move."""
        live.holders -= 1
        if live.holders <= 0 and live.bot_to_move() is None:
            self.evict(live)

    def evict(self, live: Live) -> None:
        """Forget a game nobody here is using (it is reloaded from the store when needed).
        A game some connection holds (:meth:`hold`) is kept."""
        if self.live.get(live.id) is live and live.holders <= 0 and not live.lock.locked():
            del self.live[live.id]
            self._loading.pop(live.id, None)

    async def reload_seats(self, live: Live) -> None:
        live.seats = await self.store.seats(live.id)

    async def catch_up(self, live: Live, force: bool = False) -> None:
        """Apply (and announce) the moves stored by others since ``live.seq``; call with
        ``live.lock`` held. With one process (SQLite) the live state is current unless a write
        just lost a race (``force``), e.g. to a copy of the game that was evicted meanwhile."""
        if not (self.store.shared or force):
            return
        for move in await self.store.moves(live.id, live.seq):
            change = self._follow(live, move)
            live.undo_request = None
            await self._tell(live, change)

    def _follow(self, live: Live, move: MoveRow) -> Change:
        if move.kind == "undo":
            live.state = follow(live.state, move)
            live.log.append(move)
            return Change(move.seq, move.seat, None, int(move.text), [])
        action = action_from_text(move.text, live.state)
        words = action_entry_words(live.state, action)
        events = live.state.apply(action)
        live.log.append(move)
        shown = [e.to_dict() for e in events]
        return Change(move.seq, move.seat, action_json(action), None, shown, tuple(events), words)

    async def commit(
        self,
        live: Live,
        seat: int | None,
        based_on: int,
        action: Any = None,
        undo: int = 0,
        reshuffle: bool = False,
    ) -> Change:
        """Make one change (an action, or taking back ``undo`` actions, with the unseen pile
        then shuffled anew from fresh entropy if ``reshuffle``: :func:`reshuffled`) and store it.

        Call with ``live.lock`` held. There is no read of the store first: when another process
        stored a move meanwhile, the write fails on the ``(game, seq)`` key and this process
        catches up. Raises :class:`ServerError` ``stale`` when ``based_on`` is not the current
        ``seq`` or another process stored a move first; the engine's ``IllegalActionError`` when
        the action is refused. Either way the game is as it was.
        """
        if based_on != live.seq:
            raise ServerError("stale", f"the game is at seq {live.seq}, not {based_on}", 409)
        state = live.state.clone()
        if undo:
            secret = str(secrets.randbelow(MAX_RESHUFFLE)) if reshuffle else None
            move = MoveRow(live.seq + 1, seat, "undo", str(undo), time.time(), secret)
            # a reshuffle replays the game: in a worker thread, as loading a game does
            state = await asyncio.to_thread(follow, state, move)
            change = Change(move.seq, seat, None, undo, [])
        else:
            events = state.apply(action)
            # in words as the state before it (live.state, which the clone left as it was)
            words = action_entry_words(live.state, action)
            shown = action_json(action)
            move = MoveRow(live.seq + 1, seat, "action", shown["text"], time.time())
            events_json = [e.to_dict() for e in events]
            change = Change(move.seq, seat, shown, None, events_json, tuple(events), words)
        notify = json.dumps({"k": "move", "g": live.id, "p": self.process, "seq": move.seq})
        try:
            stored = await self.store.append(live.id, move, state.is_over, notify)
        except Exception as exc:  # noqa: BLE001 - a store failure refuses the move, nothing more
            raise ServerError("storage", f"the move could not be stored: {exc}", 503) from None
        if not stored:
            await self.catch_up(live, force=True)
            raise ServerError("stale", f"another move was stored first; now at seq {live.seq}", 409)
        live.state = state
        live.log.append(move)
        live.undo_request = None
        await self._tell(live, change)
        return change

    async def follow_remote(self, game_id: str) -> None:
        """Another process stored a move: catch up if this process serves the game."""
        live = self.live.get(game_id)
        if live is None:
            return
        async with live.lock:
            await self.catch_up(live)

    async def _tell(self, live: Live, change: Change) -> None:
        for listener in self.listeners:
            await listener(live, change)
