"""The ASGI application: routes, the store's lifetime, limits and the JSON error format.

``create_app(Settings(...))`` builds it; :func:`run` serves it with uvicorn (what
``carcassonne serve --http`` calls). One process holds one store connection (pool), the live
games it serves, their WebSocket clients and the bot runner.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from carcassonne.collector import GC_THRESHOLDS as GC_THRESHOLDS  # re-exported (docs)
from carcassonne.collector import tune_gc
from carcassonne.server import replay, routes, web
from carcassonne.server.bots import BotRunner, bot_names
from carcassonne.server.games import Games, ServerError
from carcassonne.server.limits import Buckets, Limits
from carcassonne.server.stores import check_store, open_store
from carcassonne.server.websocket import Hub

log = logging.getLogger("carcassonne.server")


@dataclass(frozen=True)
class Settings:
    """``db``: a store URL (``sqlite:///file.db``, ``postgresql://...``); ``bot_think``: the
    default seconds a bot waits before moving; ``bot_workers``: threads that run bots."""

    db: str = "sqlite:///carcassonne.db"
    bot_think: float = 0.5
    bot_workers: int = 2
    limits: Limits = field(default_factory=Limits)


def catalogue() -> dict[str, Any]:
    """What a game may be made of: expansions (with their options), core options, bots."""
    from carcassonne.cli.expansions_cmd import describe_expansion, option_json
    from carcassonne.config import GameConfig
    from carcassonne.plugins import installed_expansions

    base = GameConfig(players=2)
    options = [option_json(s) for _, s in sorted(base.option_specs.items())]
    return {
        "expansions": [describe_expansion(n, base) for n in sorted(installed_expansions())],
        "options": options,
        "bots": bot_names(),
    }


class RateLimit:
    """Answers 429 to a client address that sends REST requests faster than the limit."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.buckets = Buckets(limits.http_rate, limits.http_burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            client = scope.get("client")
            key = client[0] if client else "?"
            if not self.buckets.take(key):
                response = routes.error_response("rate-limited", "too many requests", 429)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _server_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServerError)
    return routes.error_response(exc.code, exc.message, exc.status, exc.where)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "bad-request")
    return routes.error_response(code, str(exc.detail), exc.status_code)


async def _internal_error(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s", request.url.path, exc_info=exc)
    return routes.error_response("internal", f"internal error: {type(exc).__name__}", 500)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = open_store(settings.db)
        await store.open()
        process = secrets.token_hex(4)
        games = Games(store, process)
        bots = BotRunner(games, settings.bot_workers)
        hub = Hub(games, store, process)
        await store.listen(hub.on_news)
        app.state.games = games
        app.state.hub = hub
        app.state.limits = settings.limits
        app.state.bot_think = settings.bot_think
        app.state.catalogue = await asyncio.to_thread(catalogue)
        try:
            yield
        finally:
            await bots.close()
            await store.close()

    async def game_socket(ws: WebSocket) -> None:
        hub: Hub = ws.app.state.hub
        await hub.serve(ws, ws.path_params["game"], settings.limits)

    app = Starlette(
        routes=[
            Route("/api/openapi.json", routes.openapi),
            Route("/api/schemas/{name}", routes.schema),
            Route("/api/expansions", routes.expansions),
            Route("/api/games", routes.list_games, methods=["GET"]),
            Route("/api/games", routes.create_game, methods=["POST"]),
            Route("/api/games/{game}", routes.game_details),
            Route("/api/games/{game}/seats/{seat}", routes.join_seat, methods=["POST"]),
            Route("/api/games/{game}/seats/{seat}", routes.leave_seat, methods=["DELETE"]),
            Route("/api/games/{game}/record", routes.record),
            Route("/api/games/{game}/position", routes.position),
            Route("/api/games/{game}/board.svg", routes.board),
            WebSocketRoute("/api/games/{game}/ws", game_socket),
            *web.routes(),  # the web page and its two routes (docs/web.md)
            Route("/api/replay", replay.replay, methods=["POST"]),  # the replay viewer's steps
        ],
        exception_handlers={
            ServerError: _server_error,
            HTTPException: _http_error,
            Exception: _internal_error,
        },
        lifespan=lifespan,
    )
    app.add_middleware(RateLimit, limits=settings.limits)
    return app


# The collector's thresholds (carcassonne.collector): a full collection walks every live
# container and holds the event loop for its whole length (100-140 ms with 100 games); at
# Python's defaults it ran every few seconds, which alone put p99 `apply` at 250-400 ms
# (benchmarks/server_load.py, docs/server.md "Load").


def run(settings: Settings, host: str, port: int) -> int:
    """Serve until interrupted (uvicorn; WebSocket frames are bounded at the protocol level
    too, so an oversized message closes only a misbehaving client's connection)."""
    from carcassonne.server import require

    uvicorn = require("uvicorn", "server")
    require("websockets", "server")
    asyncio.run(check_store(settings.db))
    # Bots and SQLite's full-sync mode use threads; a short switch interval keeps the event
    # loop's wait for the GIL (and so the latency of every client) short.
    sys.setswitchinterval(0.001)
    tune_gc()
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        loop="auto",  # uvloop when installed (the server extra installs it): less CPU a move
        ws="websockets-sansio",
        ws_max_size=4 * settings.limits.max_message,
        # updates are compressible, but on this server CPU is the scarce resource (docs/server.md)
        ws_per_message_deflate=False,
        log_level="warning",
        lifespan="on",
    )
    uvicorn.Server(config).run()
    return 0
