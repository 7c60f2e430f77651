"""The ``carcassonne`` command line. Each subcommand lives in its own module with
``add_parser(subparsers)``, which registers its parser and sets ``handler`` (a function taking
the parsed arguments and returning the exit status); add a new one to ``SUBCOMMANDS``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from carcassonne.cli import (
    expansions_cmd,
    explain,
    jcz_cmd,
    new_cmd,
    play,
    render,
    replay,
    serve,
    simulate,
    tiles_cmd,
)

SUBCOMMANDS = [
    play,
    simulate,
    replay,
    explain,
    render,
    serve,
    expansions_cmd,
    tiles_cmd,
    new_cmd,
    jcz_cmd,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carcassonne", description="A rules engine for the tile-laying game Carcassonne."
    )
    parser.add_argument("--version", action=VersionAction, help="print the versions and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_parser(subparsers)
    return parser


def version_text() -> str:
    """``carcassonne 0.1.0`` and the installed expansions with their versions."""
    from carcassonne import __version__
    from carcassonne.plugins import expansion_version, installed_expansions

    names = sorted(installed_expansions())
    found = ", ".join(f"{name} {expansion_version(name)}" for name in names) or "none"
    return f"carcassonne {__version__} (expansions: {found})"


class VersionAction(argparse.Action):
    """``--version``: the versions are looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        print(version_text())
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # usage errors: argparse has printed the message
        return exit_.code if isinstance(exit_.code, int) else 2
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head`
        return 0
    except Exception as err:  # noqa: BLE001 - a command line never shows a traceback
        print(f"carcassonne: internal error: {type(err).__name__}: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
