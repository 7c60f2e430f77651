"""The REST API (``/api/...``); the OpenAPI document in :mod:`openapi` describes every route.

Errors are JSON ``{"error": {"code": ..., "message": ...}}`` with a stable ``code``. Seat tokens
are returned once, when a seat is joined, and stored only as hashes. Records and positions
contain the seed and the order of the draw pile, so they are served once a game is over only.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.limits import MAX_NAME_CHARS, name_problem, whole_number
from carcassonne.server.bots import bot_names
from carcassonne.server.games import Games, ServerError, game_id_param, number_param, public_game
from carcassonne.server.jcz_games import read_jcz
from carcassonne.server.storage import GameRow, SeatRow
from carcassonne.server.websocket import Hub, hash_token

MAX_SEED = 2**53 - 1
MAX_THINK = 10.0
MAX_SEATS = 6


def error_response(code: str, message: str, status: int, where: str = "") -> JSONResponse:
    """``where``: the place in an uploaded file (a ``.jcz`` file's JSON path), when known."""
    error = {"code": code, "message": message}
    if where:
        error["where"] = where
    return JSONResponse({"error": error}, status_code=status)


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, within the size limit."""
    limit = request.app.state.limits.max_body
    length = whole_number(request.headers.get("content-length", ""))
    if length is not None and length > limit:
        raise ServerError("too-large", f"a request body may hold {limit} bytes", 413)
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                raise ServerError("too-large", f"a request body may hold {limit} bytes", 413)
    except ClientDisconnect:  # nobody left to answer; not an internal error
        raise ServerError("bad-request", "the client went away before its body arrived") from None
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise ServerError("bad-json", f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ServerError("bad-request", "the body must be a JSON object")
    return data


def _check_keys(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ServerError("bad-request", f"unknown field(s) in {where}: {', '.join(unknown)}")


def _typed(data: dict[str, Any], key: str, kinds: type | tuple[type, ...], default: Any) -> Any:
    value = data.get(key, default)
    if value is default:
        return value
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        raise ServerError("bad-request", f"field {key!r} has the wrong type")
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _name(value: Any, where: str) -> str:
    """A seat's name, by the engine's rule for player names (:func:`name_problem`: what
    records and positions can write), after trimming spaces at its ends."""
    name = value.strip(" ") if isinstance(value, str) else value
    problem = name_problem(name)
    if problem is not None:
        raise ServerError(
            "bad-request", f"{where} must be a name of 1 to {MAX_NAME_CHARS} characters: {problem}"
        )
    assert isinstance(name, str)
    return name


# -- routes ------------------------------------------------------------------------------


async def expansions(request: Request) -> Response:
    return JSONResponse(request.app.state.catalogue)


async def list_games(request: Request) -> Response:
    limits = request.app.state.limits
    raw = request.query_params.get("limit", str(limits.max_games_listed))
    limit = number_param(raw, "'limit'", 1, limits.max_games_listed)
    store = _games(request).store
    rows = await store.public_games(limit)
    out = [public_game(row, await store.seats(row.id)) for row in rows]
    return JSONResponse({"games": out})


async def create_game(request: Request) -> Response:
    data = await _body(request)
    allowed = {"seats", "expansions", "options", "seed", "private", "bot_think", "jcz"}
    _check_keys(data, allowed, "game")
    private = _typed(data, "private", bool, False)
    think = _typed(data, "bot_think", (int, float), request.app.state.bot_think)
    if not 0 <= think <= MAX_THINK:
        raise ServerError("bad-request", f"'bot_think' must be from 0 to {MAX_THINK} seconds")
    if "jcz" in data:
        return await _open_jcz(request, data, private, float(think))
    seats_in = _typed(data, "seats", list, None)
    if seats_in is None:
        raise ServerError("bad-request", "missing field 'seats' (a list of 2 or more seats)")
    expansions = _typed(data, "expansions", (list, dict), [])
    options = _typed(data, "options", dict, {})
    seed = _typed(data, "seed", int, None)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    if not 0 <= seed <= MAX_SEED:
        raise ServerError("bad-request", f"'seed' must be from 0 to {MAX_SEED}")
    _check_expansions(expansions, options)
    seats = _seats(seats_in)
    try:
        config = GameConfig(players=len(seats), expansions=expansions, options=options, seed=seed)
    except CarcassonneError as exc:
        raise ServerError("bad-config", str(exc)) from None
    described = config.describe()
    del described["seed"]
    return await _store_new(request, described, seed, private, float(think), seats)


async def _store_new(
    request: Request,
    described: dict[str, Any],
    seed: int,
    private: bool,
    think: float,
    seats: list[SeatRow],
) -> Response:
    now = time.time()
    row = GameRow(
        id=secrets.token_urlsafe(9),
        config=described,
        seed=seed,
        private=private,
        bot_think=think,
        status="waiting",
        seq=0,
        created=now,
        updated=now,
    )
    games = _games(request)
    await games.store.create_game(row, seats)
    live = await games.get(row.id)
    stored = await games.store.game(row.id)
    assert stored is not None
    return JSONResponse({"game": public_game(stored, live.seats)}, status_code=201)


async def _open_jcz(
    request: Request, data: dict[str, Any], private: bool, think: float
) -> Response:
    """A game opened from a JCloisterZone saved game (``jcz``: the file's text), going on
    from where the file ends. The file fixes the expansions, options, pile and players, so
    ``expansions``, ``options`` and ``seed`` are refused; ``seats`` is optional (default: a
    human seat per player of the file, under the file's names). The game is stored as the
    record of the file's game (:func:`carcassonne.server.games.origin_record`)."""
    fixed = sorted({"expansions", "options", "seed"} & set(data))
    if fixed:
        raise ServerError(
            "bad-request", f"a game opened from a .jcz file takes no {', '.join(fixed)}"
        )
    text = data["jcz"]
    if not isinstance(text, str):
        raise ServerError("bad-request", "'jcz' is the text of a .jcz file (a string)")
    state, record_text = await asyncio.to_thread(read_jcz, text)
    names = state.config.names
    seats_in = _typed(data, "seats", list, None)
    if seats_in is None:
        seats_in = [{"kind": "human", "name": name.strip()[:40] or f"seat {i}"}
                    for i, name in enumerate(names)]  # fmt: skip
    seats = _seats(seats_in)
    if len(seats) != len(names):
        raise ServerError(
            "bad-request", f"the .jcz game has {len(names)} players, not {len(seats)} seats"
        )
    described = state.config.describe()
    del described["seed"]
    described["record"] = record_text
    return await _store_new(request, described, state.seed, private, think, seats)


def _check_expansions(expansions: list[Any] | dict[str, Any], options: dict[str, Any]) -> None:
    """The shapes GameConfig takes: names, or names -> {option: value}; scalar option values."""
    if isinstance(expansions, list):
        if not all(isinstance(e, str) for e in expansions):
            raise ServerError("bad-request", "'expansions' must list expansion names")
    else:
        for name, opts in expansions.items():
            if not isinstance(opts, dict) or not all(_scalar(v) for v in opts.values()):
                raise ServerError(
                    "bad-request", f"expansion {name!r} takes an object of option values"
                )
    if not all(_scalar(v) for v in options.values()):
        raise ServerError("bad-request", "option values are strings, whole numbers or booleans")


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | bool)


def _seats(given: list[Any]) -> list[SeatRow]:
    if not 2 <= len(given) <= MAX_SEATS:
        raise ServerError("bad-request", f"a game has 2 to {MAX_SEATS} seats")
    bots = bot_names()
    seats = []
    for i, seat in enumerate(given):
        if not isinstance(seat, dict):
            raise ServerError("bad-request", f"seat {i} must be an object")
        _check_keys(seat, {"kind", "bot", "name"}, f"seat {i}")
        kind = seat.get("kind")
        if kind == "human":
            if "bot" in seat:
                raise ServerError("bad-request", f"seat {i} is human: it has no 'bot'")
            name = _name(seat["name"], f"seat {i}'s name") if "name" in seat else f"seat {i}"
            seats.append(SeatRow(i, "human", None, name, None))
        elif kind == "bot":
            bot = seat.get("bot", "random")
            if bot not in bots:
                raise ServerError("bad-request", f"seat {i}: unknown bot {bot!r} (known: {bots})")
            name = _name(seat["name"], f"seat {i}'s name") if "name" in seat else bot
            seats.append(SeatRow(i, "bot", bot, name, None))
        else:
            raise ServerError("bad-request", f"seat {i}: 'kind' must be 'human' or 'bot'")
    if all(seat.kind == "bot" for seat in seats):
        # bots alone would play at the server's expense with nobody to serve
        raise ServerError(
            "bad-request", "a game needs a human seat (bots alone: carcassonne simulate)"
        )
    return seats


async def game_details(request: Request) -> Response:
    games = _games(request)
    game_id = game_id_param(request.path_params["game"])
    row = await games.store.game(game_id)
    if row is None:
        raise ServerError("not-found", f"no game {game_id!r}", 404)
    return JSONResponse({"game": public_game(row, await games.store.seats(game_id))})


def _seat_number(request: Request) -> int:
    return number_param(request.path_params["seat"], "seat", 0, MAX_SEATS - 1, 404)


async def join_seat(request: Request) -> Response:
    games = _games(request)
    game_id = request.path_params["game"]
    seat = _seat_number(request)
    data = await _body(request)
    _check_keys(data, {"name"}, "join")
    live = await games.get(game_id)
    if seat >= len(live.seats):
        raise ServerError("bad-seat", f"no seat {seat} in this game", 404)
    if live.seats[seat].kind != "human":
        raise ServerError("seat-taken", f"seat {seat} is a bot's", 409)
    name = _name(data["name"], "'name'") if "name" in data else live.seats[seat].name
    token = secrets.token_urlsafe(32)
    if not await games.store.claim_seat(game_id, seat, name, hash_token(token)):
        raise ServerError("seat-taken", f"seat {seat} is taken", 409)
    await _seats_changed(request, game_id)
    row = await games.store.game(game_id)
    assert row is not None
    return JSONResponse({"seat": seat, "token": token, "game": public_game(row, live.seats)})


async def leave_seat(request: Request) -> Response:
    games = _games(request)
    game_id = request.path_params["game"]
    seat = _seat_number(request)
    live = await games.get(game_id)
    auth = request.headers.get("authorization", "")
    if not auth.startswith("Bearer "):
        raise ServerError("bad-token", "send the token as 'Authorization: Bearer TOKEN'", 401)
    token = auth.removeprefix("Bearer ").strip()
    if not await games.store.release_seat(game_id, seat, hash_token(token)):
        raise ServerError("bad-token", f"that token does not hold seat {seat} of this game", 403)
    await _seats_changed(request, game_id)
    row = await games.store.game(game_id)
    assert row is not None
    return JSONResponse({"game": public_game(row, live.seats)})


async def _seats_changed(request: Request, game_id: str) -> None:
    hub: Hub = request.app.state.hub
    live = await _games(request).get(game_id)
    await _games(request).reload_seats(live)
    await hub.send_all(game_id, hub.presence(live))
    await hub.publish({"k": "seats", "g": game_id})


async def record(request: Request) -> Response:
    """The record of a finished game (a running game's record would reveal its seed)."""
    from carcassonne.record import dump_record

    live = await _games(request).get(request.path_params["game"])
    if not live.state.is_over:
        raise ServerError(
            "game-in-progress",
            "a record holds the seed, which fixes the order of the draw pile: it is served "
            "once the game is over",
            409,
        )
    return Response(dump_record(live.state), media_type="text/plain; charset=utf-8")


async def position(request: Request) -> Response:
    """The position now, with the draw pile as counts and seed 0 (docs/positions.md: such a
    pile is shuffled on load), so it reveals nothing a player's view does not."""
    from carcassonne.position import PositionError

    live = await _games(request).get(request.path_params["game"])
    try:
        text = public_position(live.state)
    except PositionError as exc:  # a figure decision is pending, or the game is over
        raise ServerError("no-position", str(exc), 409) from None
    return Response(text, media_type="text/plain; charset=utf-8")


def public_position(state: Any) -> str:
    import tomllib
    from collections import Counter

    import tomli_w

    from carcassonne.position import dump_position

    text = dump_position(state)
    head, _, body = text.partition("\n")
    data = tomllib.loads(body)
    data["seed"] = 0
    data["pile"] = dict(sorted(Counter(data["pile"]).items()))
    return head + "\n" + tomli_w.dumps(data)


async def board(request: Request) -> Response:
    """A picture of the board (carcassonne.svg), with nothing highlighted: what anyone sees."""
    from carcassonne.svg import board as board_picture

    live = await _games(request).get(request.path_params["game"])
    picture = board_picture(live.state, highlight=None)
    return Response(str(picture), media_type="image/svg+xml")


async def openapi(request: Request) -> Response:
    from carcassonne.server.openapi import openapi_document

    return JSONResponse(openapi_document())


async def schema(request: Request) -> Response:
    from carcassonne.server.schemas import SCHEMAS

    name = request.path_params["name"]
    if name not in SCHEMAS:
        raise ServerError("not-found", f"no schema {name!r} (known: {', '.join(SCHEMAS)})", 404)
    return JSONResponse(SCHEMAS[name])
