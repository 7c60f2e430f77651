"""The WebSocket of a game (``/api/games/{id}/ws``): clients, presence and fan-out.

Every message a client sends gets an answer addressed to it (``ok``, ``error``, ``stale``,
``sync`` or ``pong``, repeating the message's ``id``), whatever the message was: bad JSON, an
unknown op, a refused move and a rate limit are errors, never a closed connection. Accepted
changes reach every client of the game as ``update`` with that client's own view; in a group of
processes sharing PostgreSQL, each process tells its own clients (see :mod:`games`).
The messages are specified by the JSON Schemas in :mod:`carcassonne.server.schemas`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from carcassonne.errors import CarcassonneError, IllegalActionError, NothingToUndoError
from carcassonne.serialize import (
    ActionFormatError,
    action_from_dict,
    action_from_text,
    chance_refusal,
    illegal_message,
)
from carcassonne.server.entries import entry
from carcassonne.server.games import (
    Change,
    Games,
    Live,
    ServerError,
    undo_count,
    undo_reveals,
)
from carcassonne.server.limits import Limits, TokenBucket
from carcassonne.server.news import read_news
from carcassonne.server.storage import Store
from carcassonne.server.views import StateMessage, json_text

log = logging.getLogger("carcassonne.server")

#: Operations a client may send, with the fields each needs besides ``op`` and ``id``.
OPS = ("hello", "apply", "undo", "undo_answer", "sync", "ping")


def hash_token(token: str) -> str:
    """The stored form of a seat token (tokens are 256 random bits: a plain hash suffices).
    Any text hashes, a lone surrogate too (``surrogatepass``): such a token is a wrong one."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Client:
    """One WebSocket connection, once it said ``hello``: its seat (``None``: a spectator).

    Messages to a client go through its own bounded queue and writer task, so a client that
    stops reading never holds up a game: when its queue is full it is disconnected (it resumes
    with ``hello`` and the last ``seq`` it saw).
    """

    QUEUE = 512

    def __init__(
        self,
        ws: WebSocket,
        game: str,
        seat: int | None,
        token_hash: str | None,
        changes: bool = False,
    ) -> None:
        self.ws = ws
        self.game = game
        self.seat = seat
        self.token_hash = token_hash
        #: Said hello with ``changes``: its updates carry what changed instead of the state.
        self.changes = changes
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(self.QUEUE)
        self.gone = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.ws.send_text(text)
            except Exception:  # noqa: BLE001 - a client that went away is dropped by its reader
                # closing tells the reader too (it ends and the client leaves), so a connection
                # the server cannot write to never stays open and shown online
                self.gone = True
                with contextlib.suppress(Exception):
                    await self.ws.close(code=1011, reason="cannot send; resume with hello")
                return

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(json_text(message))

    async def send_text(self, text: str) -> None:
        if self.gone:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("a client of %s reads too slowly: disconnected", self.game)
            self.gone = True
            self.writer.cancel()
            with contextlib.suppress(Exception):
                await self.ws.close(code=1013, reason="too slow; resume with hello")

    async def finish(self) -> None:
        """Send what is queued, then stop the writer."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(self.writer, timeout=5)


@dataclass
class Hub:
    """The clients of every game this process serves, and who is online in other processes."""

    games: Games
    store: Store
    process: str
    clients: dict[str, set[Client]] = field(default_factory=dict)
    #: game -> process -> seats online there (learned from the other processes' news)
    remote: dict[str, dict[str, list[int]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.games.listeners.append(self.broadcast)

    # -- fan-out --------------------------------------------------------------

    async def broadcast(self, live: Live, change: Change) -> None:
        """Tell every client of the game about ``change``, each with its own view.

        The view is serialized once per ``seq`` (:meth:`Live.public_text`) and the message once
        per distinct recipient view (:class:`StateMessage`): spectators share one text, each
        seat has its own. Queuing a text for a client does not wait: each client's writer
        sends it.
        """
        clients = self.clients.get(live.id)
        if not clients:
            return
        message = {
            "type": "update",
            "game": live.id,
            "seq": change.seq,
            "seat": change.seat,
            "action": change.action,
            "undone": change.undone,
            "events": change.events,
        }
        # the changes first (they follow the view from the last seq: the state's text is
        # joined from the view), then the state if needed
        changes = live.changes(change)
        short = None
        if changes is not None and any(c.changes for c in clients):
            extra: dict[str, Any] = {"changes": changes}
            if change.words is not None and change.action is not None:
                # the log entry of the action (as /history has it): the page appends it
                extra["entry"] = entry(
                    change.seq, change.seat, change.action["text"], change.words, live.state,
                    change.engine_events,
                )  # fmt: skip
            short = json_text({**message, **extra})
        update: StateMessage | None = None
        for client in list(clients):
            if client.changes and short is not None:
                await client.send_text(short)
                continue
            if update is None:
                update = StateMessage(message, live.public_text())
            await client.send_text(update.text_for(client.seat))

    async def send_all(self, game_id: str, message: dict[str, Any]) -> None:
        for client in list(self.clients.get(game_id, ())):
            await client.send(message)

    def online(self, game_id: str) -> set[int]:
        seats = {c.seat for c in self.clients.get(game_id, ()) if c.seat is not None}
        for others in self.remote.get(game_id, {}).values():
            seats.update(others)
        return seats

    def presence(self, live: Live) -> dict[str, Any]:
        online = self.online(live.id)
        return {
            "type": "presence",
            "game": live.id,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "taken": s.kind == "bot" or s.token_hash is not None,
                    "online": s.kind == "bot" or s.seat in online,
                }
                for s in live.seats
            ],
        }

    async def presence_changed(self, live: Live) -> None:
        await self.send_all(live.id, self.presence(live))
        local = sorted({c.seat for c in self.clients.get(live.id, ()) if c.seat is not None})
        await self.publish({"k": "presence", "g": live.id, "online": local})

    async def publish(self, news: dict[str, Any]) -> None:
        if self.store.shared:
            news["p"] = self.process
            try:
                await self.store.publish(json.dumps(news))
            except Exception:  # noqa: BLE001 - news are best effort; moves are in the store
                log.warning("could not publish news for game %s", news.get("g"))

    async def on_news(self, payload: str) -> None:
        """News from another process (PostgreSQL NOTIFY): checked first (:mod:`news`); news
        that does not fit, or that fails to be acted on, is logged and dropped, and the hub
        goes on with the next."""
        news = read_news(payload)
        if news is None or news["p"] == self.process:
            return
        try:
            await self._act_on(news)
        except Exception:  # noqa: BLE001 - one bad piece of news must not stop the others
            log.exception("news for game %s dropped: acting on it failed", news["g"])

    async def _act_on(self, news: dict[str, Any]) -> None:
        game_id, origin, kind = news["g"], news["p"], news["k"]
        live = self.games.live.get(game_id)
        if kind == "move":
            await self.games.follow_remote(game_id)
        elif kind == "presence":
            self.remote.setdefault(game_id, {})[origin] = list(news.get("online", []))
            if live is not None:
                await self.send_all(game_id, self.presence(live))
        elif kind == "seats" and live is not None:
            await self.games.reload_seats(live)
            await self.send_all(game_id, self.presence(live))
        elif kind == "undo-request" and live is not None:
            live.undo_request = (news["seq"], news["seat"])
            await self.send_all(game_id, _undo_request(live, news["seq"], news["seat"]))
        elif kind == "undo-declined" and live is not None:
            live.undo_request = None
            await self.send_all(game_id, news["message"])

    # -- one connection ------------------------------------------------------------

    async def serve(self, ws: WebSocket, game_id: str, limits: Limits) -> None:
        await ws.accept()
        try:
            live = await self.games.hold(game_id)  # held from now on, hello or not
        except ServerError as exc:
            await ws.send_text(json_text(_error(None, exc.code, exc.message)))
            await ws.close(code=4404)
            return
        bucket = TokenBucket(limits.ws_rate, limits.ws_burst)
        session = Session(self, live, ws, bucket)
        try:
            while True:
                text = await ws.receive_text()
                await session.handle(text, limits)
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: the socket is closed
            pass
        finally:
            try:
                await session.leave()
            finally:
                if not self.clients.get(live.id):
                    self.clients.pop(live.id, None)
                self.games.release(live)  # the last holder evicts, with no await in between


def _error(rid: Any, code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "id": rid, "error": {"code": code, "message": message}}


def _undo_request(live: Live, seq: int, seat: int) -> dict[str, Any]:
    return {"type": "undo-request", "game": live.id, "seq": seq, "seat": seat}


class Session:
    """The conversation with one WebSocket client."""

    def __init__(self, hub: Hub, live: Live, ws: WebSocket, bucket: TokenBucket) -> None:
        self.hub = hub
        self.live = live
        self.ws = ws
        self.bucket = bucket
        self.client: Client | None = None

    async def reply(self, message: dict[str, Any] | str) -> None:
        """Answer this client (a message, or its text); once it said hello, in order with the
        updates it is sent."""
        text = message if isinstance(message, str) else json_text(message)
        if self.client is not None:
            await self.client.send_text(text)
        else:
            await self.ws.send_text(text)

    async def handle(self, text: str, limits: Limits) -> None:
        """Answer one message (never raises for a bad message)."""
        if not self.bucket.take():
            await self.reply(_error(None, "rate-limited", "too many messages; slow down"))
            return
        if len(text) > limits.max_message:
            await self.reply(
                _error(None, "too-large", f"a message may hold {limits.max_message} characters")
            )
            return
        try:
            message = json.loads(text)
        except (ValueError, RecursionError) as exc:
            await self.reply(_error(None, "bad-json", f"not valid JSON: {exc}"))
            return
        if not isinstance(message, dict):
            await self.reply(_error(None, "bad-request", "a message must be a JSON object"))
            return
        rid = message.get("id")
        if rid is not None and not isinstance(rid, str | int) or isinstance(rid, bool):
            await self.reply(_error(None, "bad-request", "'id' must be a string or a number"))
            return
        try:
            await self._dispatch(message, rid)
        except ServerError as exc:
            await self.reply(_error(rid, exc.code, exc.message))
            if exc.code == "stale":
                await self.reply(self.sync(None, None))
        except IllegalActionError as exc:
            await self.reply(_error(rid, "illegal-action", illegal_message(exc)))
        except NothingToUndoError as exc:
            await self.reply(_error(rid, "nothing-to-undo", str(exc)))
        except CarcassonneError as exc:  # any other refusal of the engine, with its reason
            await self.reply(_error(rid, "engine-error", str(exc)))
        except Exception as exc:  # noqa: BLE001 - one bad message must not end the connection
            log.exception("internal error in game %s", self.live.id)
            await self.reply(_error(rid, "internal", f"internal error: {type(exc).__name__}"))

    async def _dispatch(self, message: dict[str, Any], rid: Any) -> None:
        op = message.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise ServerError("unknown-op", f"unknown op {op!r} (known: {', '.join(OPS)})")
        if op == "ping":
            await self.reply({"type": "pong", "id": rid})
            return
        if op == "hello":
            await self.hello(message, rid)
            return
        if self.client is None:
            raise ServerError("no-hello", "say 'hello' first")
        if op == "sync":
            await self.reply(self.sync(rid, None))
        elif op == "apply":
            await self.apply(message, rid)
        elif op == "undo":
            await self.undo(message, rid)
        elif op == "undo_answer":
            await self.undo_answer(message, rid)

    # -- operations --------------------------------------------------------------

    async def hello(self, message: dict[str, Any], rid: Any) -> None:
        if self.client is not None:
            raise ServerError("bad-request", "'hello' was already said on this connection")
        seat = _int_field(message, "seat", optional=True)
        since = _int_field(message, "seq", optional=True)
        changes = message.get("changes", False)
        if not isinstance(changes, bool):
            raise ServerError("bad-request", "field 'changes' must be true or false")
        token = message.get("token")
        if seat is None and token is not None:
            raise ServerError("bad-request", "a token needs its 'seat'")
        token_hash = None
        if seat is not None:
            if not isinstance(token, str):
                raise ServerError("bad-token", "a seat needs its 'token'", 401)
            token_hash = hash_token(token)
            self._check_token(seat, token_hash)
        client = Client(self.ws, self.live.id, seat, token_hash, changes)
        self.client = client
        self.hub.clients.setdefault(self.live.id, set()).add(client)
        await self.reply(self.sync(rid, since))
        await self.hub.presence_changed(self.live)
        if self.live.undo_request is not None and self.live.undo_request[0] == self.live.seq:
            seq, by = self.live.undo_request
            await self.reply(_undo_request(self.live, seq, by))

    def _check_token(self, seat: int, token_hash: str) -> None:
        seats = self.live.seats
        if not 0 <= seat < len(seats):
            raise ServerError("bad-seat", f"no seat {seat} in this game")
        held = seats[seat].token_hash
        if held is None or not hmac.compare_digest(held, token_hash):
            raise ServerError("bad-token", f"that token does not hold seat {seat} of this game")

    def _acting_seat(self) -> int:
        client = self.client
        assert client is not None
        if client.seat is None or client.token_hash is None:
            raise ServerError("spectator", "a spectator cannot act; join a seat first")
        self._check_token(client.seat, client.token_hash)
        return client.seat

    def sync(self, rid: Any, since: int | None) -> str:
        """The text of a ``sync`` for this client (its view: the text shared at this seq)."""
        live = self.live
        seat = self.client.seat if self.client else None
        message: dict[str, Any] = {
            "type": "sync",
            "id": rid,
            "game": live.id,
            "seat": seat,
            "seq": live.seq,
            "missed": None,
        }
        if since is not None and 0 <= since <= live.seq:
            message["missed"] = [
                {"seq": m.seq, "seat": m.seat, "kind": m.kind, "text": m.text}
                for m in live.log[since:]
            ]
        return StateMessage(message, live.public_text()).text_for(seat)

    async def apply(self, message: dict[str, Any], rid: Any) -> None:
        seat = self._acting_seat()
        based_on = _int_field(message, "seq")
        if "action" not in message:
            raise ServerError("bad-request", "missing field 'action'")
        live = self.live
        async with live.lock:
            if based_on > live.seq:  # the client heard of moves (elsewhere) not yet heard here
                await self.hub.games.catch_up(live)
            # otherwise no read first: a move stored meanwhile by another process makes the
            # write fail on the (game, seq) key, and commit answers stale then
            if based_on != live.seq:
                raise ServerError("stale", f"the game is at seq {live.seq}, not {based_on}", 409)
            if live.state.is_over:
                raise ServerError("game-over", "the game is over")
            if live.state.pending.player != seat:
                raise ServerError(
                    "not-your-turn", f"seat {live.state.pending.player} decides now, not {seat}"
                )
            action = _action(message["action"], live)
            refusal = chance_refusal(live.state, action)  # the engine draws chance here
            if refusal is not None:
                raise ServerError(refusal.code, refusal.reason)
            change = await self.hub.games.commit(live, seat, based_on, action)
        await self.reply({"type": "ok", "id": rid, "seq": change.seq})

    async def undo(self, message: dict[str, Any], rid: Any) -> None:
        seat = self._acting_seat()
        based_on = _int_field(message, "seq")
        live = self.live
        async with live.lock:
            await self.hub.games.catch_up(live)
            if based_on != live.seq:
                raise ServerError("stale", f"the game is at seq {live.seq}, not {based_on}", 409)
            count = undo_count(live.log, seat)
            others = [s for s in live.human_seats() if s != seat]
            if not others:  # against bots only: free, as long as it reveals nothing
                if undo_reveals(live.state, count):
                    raise ServerError(
                        "undo-reveals",
                        "against bots, an undo may not take back a tile or chance drawn since "
                        "(its outcome has been seen: the game would go on with that knowledge)",
                        409,
                    )
                change = await self.hub.games.commit(live, seat, based_on, undo=count)
                await self.reply({"type": "ok", "id": rid, "seq": change.seq})
                return
            await self.hub.store.vote(live.id, based_on, seat, True, new=True)
            live.undo_request = (based_on, seat)
        await self.reply({"type": "ok", "id": rid, "seq": based_on})
        await self.hub.send_all(live.id, _undo_request(live, based_on, seat))
        await self.hub.publish({"k": "undo-request", "g": live.id, "seq": based_on, "seat": seat})

    async def undo_answer(self, message: dict[str, Any], rid: Any) -> None:
        seat = self._acting_seat()
        based_on = _int_field(message, "seq")
        accept = message.get("accept")
        if not isinstance(accept, bool):
            raise ServerError("bad-request", "field 'accept' must be true or false")
        live = self.live
        declined: dict[str, Any] | None = None
        async with live.lock:
            await self.hub.games.catch_up(live)
            request = live.undo_request
            if request is None or request[0] != based_on or based_on != live.seq:
                raise ServerError("no-undo-request", f"no undo request is open at seq {based_on}")
            votes = await self.hub.store.vote(live.id, based_on, seat, accept)
            if not accept:
                live.undo_request = None
                declined = {"type": "undo-declined", "game": live.id, "seq": based_on, "by": seat}
            elif all(votes.get(s) for s in live.human_seats()):
                count = undo_count(live.log, request[1])
                # draws taken back would come again in the order everyone saw: shuffled anew
                reshuffle = undo_reveals(live.state, count)
                change = await self.hub.games.commit(
                    live, request[1], based_on, undo=count, reshuffle=reshuffle
                )
                await self.reply({"type": "ok", "id": rid, "seq": change.seq})
                return
        await self.reply({"type": "ok", "id": rid, "seq": based_on})
        if declined is not None:
            await self.hub.send_all(live.id, declined)
            await self.hub.publish({"k": "undo-declined", "g": live.id, "message": declined})

    async def leave(self) -> None:
        if self.client is None:
            return
        clients = self.hub.clients.get(self.live.id)
        if clients is not None:
            clients.discard(self.client)
        client, self.client = self.client, None
        await client.finish()
        await self.hub.presence_changed(self.live)
        # the game is released (and evicted when nobody holds it) by Hub.serve


def _int_field(message: dict[str, Any], name: str, optional: bool = False) -> Any:
    value = message.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ServerError("bad-request", f"field {name!r} must be a whole number")
    return value


def _action(given: Any, live: Live) -> Any:
    """An action in the protocol's forms: notation text or ``{"type": verb, ...}``. A text
    the server sent (a legal action's) is looked up rather than parsed again."""
    if isinstance(given, str):
        known = live.legal_action(given)
        if known is not None:
            return known
    try:
        if isinstance(given, str):
            return action_from_text(given, live.state)
        if isinstance(given, dict):
            return action_from_dict(given, live.state.config)
    except ActionFormatError as exc:
        raise ServerError("bad-action", str(exc)) from None
    raise ServerError("bad-request", "field 'action' must be notation text or an object")
