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
    from carcassonne.server import app

    return app.run(app.Settings(db=args.db, bot_think=args.bot_think), args.host, args.port)
