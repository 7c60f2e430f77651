"""``carcassonne new expansion NAME [--dir DIR] [--prefix P]``: write a new expansion's distribution
(docs/authoring.md); :mod:`carcassonne.scaffold` holds the templates."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from carcassonne.cli.game_args import UserError, user_errors
from carcassonne.scaffold import Names, ScaffoldError, create_expansion


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "new",
        help="start a new expansion from a template",
        description=__doc__.splitlines()[0].replace("`", ""),
    )
    sub = parser.add_subparsers(dest="new_command", metavar="WHAT", required=True)
    expansion = sub.add_parser(
        "expansion",
        help="an installable expansion: plugin, tiles, README, tests, a scenario file",
    )
    expansion.add_argument("name", metavar="NAME", help="the expansion's name, e.g. vineyards")
    expansion.add_argument(
        "--dir", default=None, help="where to write it (default: ./carcassonne-NAME)"
    )
    expansion.add_argument(
        "--prefix",
        default=None,
        metavar="P",
        help="the tile ids' prefix, P/... (letters, digits, hyphens; default: NAME in upper case)",
    )
    expansion.set_defaults(handler=run)


@user_errors
def run(args: argparse.Namespace) -> int:
    try:
        names = Names.of(args.name, args.prefix)
        written = create_expansion(args.name, args.dir, args.prefix)
    except ScaffoldError as exc:
        raise UserError(str(exc)) from None
    root = Path(args.dir) if args.dir else Path(names.dist)
    print(f"wrote {len(written)} files into {root}:")
    for path in written:
        print(f"  {path}")
    print()
    print("next:")
    print(f"  pip install -e {root}")
    print(f"  (cd {root} && pytest)")
    print(f"  carcassonne simulate --expansions {names.name}")
    return 0
