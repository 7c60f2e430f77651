"""``carcassonne serve``: the engine for front ends.

``--stdio``: the line-delimited JSON protocol of :mod:`carcassonne.protocol` for one local
front end (``docs/protocol.md``). ``--http``: the online game server of
:mod:`carcassonne.server` (REST + WebSocket, persistent games; ``docs/server.md``), which needs
the ``server`` extra (and ``postgres`` for a PostgreSQL ``--db``).
"""

from __future__ import annotations

import argparse
from typing import Any

from carcassonne.cli.game_args import (
    UserError,
    add_plugin_argument,
    plugins_from_args,
    user_errors,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve games to front ends (stdio JSON, or HTTP and WebSocket)",
        description="--stdio: answer line-delimited JSON requests on stdin with one JSON line "
        "each on stdout (docs/protocol.md). --http: an HTTP and WebSocket game server with "
        "persistent games (docs/server.md).",
    )
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="use stdin and stdout")
    transport.add_argument(
        "--http", action="store_true", help="an HTTP and WebSocket server (extra 'server')"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (--http)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (--http)")
    parser.add_argument(
        "--db",
        default="sqlite:///carcassonne.db",
        help="where games are stored (--http): sqlite:///FILE (default sqlite:///carcassonne.db)"
        " or postgresql://USER@HOST:PORT/DB (extra 'postgres')",
    )
    parser.add_argument(
        "--bot-think",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="default time a bot waits before each move (--http; a game may set its own)",
    )
    parser.add_argument(
        "--rate-limit",
        default="50/200",
        metavar="RATE/BURST",
        help="REST requests a second per client address, with a burst allowance (--http; "
        "default 50/200; over it: 429 rate-limited)",
    )
    parser.add_argument(
        "--ws-rate-limit",
        default="20/60",
        metavar="RATE/BURST",
        help="WebSocket messages a second per connection, with a burst allowance (--http; "
        "default 20/60; over it: a rate-limited error, the connection kept)",
    )
    add_plugin_argument(parser)  # --stdio only
    parser.set_defaults(handler=run)


@user_errors
def run(args: argparse.Namespace) -> int:
    if args.http:
        return _http(args)
    if not args.stdio:
        raise UserError("choose a transport: --stdio or --http")
    from carcassonne.protocol import serve_stdio

    return serve_stdio(plugins_from_args(args))


def _http(args: argparse.Namespace) -> int:
    from carcassonne.server import ServerExtraMissing, require

    try:
        for module in ("starlette", "uvicorn", "websockets"):
            require(module, "server")
        if args.db.startswith(("postgresql://", "postgres://")):
            require("asyncpg", "postgres")
    except ServerExtraMissing as exc:
        raise UserError(str(exc)) from None
    if not 0 < args.port < 65536:
        raise UserError(f"--port must be from 1 to 65535, not {args.port}")
    if not 0 <= args.bot_think <= 10:
        raise UserError("--bot-think must be from 0 to 10 seconds")
    http_rate, http_burst = _rate("--rate-limit", args.rate_limit)
    ws_rate, ws_burst = _rate("--ws-rate-limit", args.ws_rate_limit)
    from carcassonne.server import app
    from carcassonne.server.limits import Limits

    limits = Limits(http_rate=http_rate, http_burst=http_burst, ws_rate=ws_rate, ws_burst=ws_burst)
    settings = app.Settings(db=args.db, bot_think=args.bot_think, limits=limits)
    return app.run(settings, args.host, args.port)


def _rate(option: str, text: str) -> tuple[float, float]:
    """``RATE/BURST`` as two numbers, a rate above 0 and a burst of at least 1 (a token bucket
    that can never hold one token would refuse everything)."""
    rate, slash, burst = text.partition("/")
    try:
        pair = (float(rate), float(burst))
    except ValueError:
        pair = (0.0, 0.0)
    if not slash or not (0 < pair[0] < float("inf") and 1 <= pair[1] < float("inf")):
        raise UserError(
            f"{option} must be RATE/BURST: a rate above 0 a second and a burst of at least 1 "
            f"(like 50/200), not {text!r}"
        )
    return pair
