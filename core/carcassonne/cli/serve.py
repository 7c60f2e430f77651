"""``carcassonne serve --stdio``: the JSON protocol of :mod:`carcassonne.protocol` for front ends
written in any language (see ``docs/protocol.md``)."""

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
        help="serve a game over line-delimited JSON (for front ends)",
        description="Answer line-delimited JSON requests on stdin with one JSON line each on "
        "stdout (docs/protocol.md).",
    )
    parser.add_argument(
        "--stdio", action="store_true", help="use stdin and stdout (the only transport)"
    )
    add_plugin_argument(parser)
    parser.set_defaults(handler=run)


@user_errors
def run(args: argparse.Namespace) -> int:
    if not args.stdio:
        raise UserError("choose a transport: --stdio")
    from carcassonne.protocol import serve_stdio

    return serve_stdio(plugins_from_args(args))
