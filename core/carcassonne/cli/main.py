"""The ``carcassonne`` command line. Each subcommand lives in its own module with
``add_parser(subparsers)``, which registers its parser and sets ``handler`` (a function taking
the parsed arguments and returning the exit status); add a new one to ``COMMANDS``.

Only the module of the command being run is imported: ``carcassonne --help`` and
``carcassonne replay ...`` do not import the terminal game, the simulator, the tile-set tools
and the rest (issue 34). The top-level help of the other commands comes from ``COMMANDS``,
which a test holds equal to what their modules register."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

#: Every subcommand in the order ``--help`` lists them: its module and its one-line help.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "carcassonne.cli.play",
        "play a game in the terminal against bots (or watch bots play)",
    ),
    "simulate": ("carcassonne.cli.simulate", "play many bot games and summarise the results"),
    "replay": ("carcassonne.cli.replay", "replay a game record and print its scores and events"),
    "explain": (
        "carcassonne.cli.explain",
        "say where every point of a game came from, or whether an action is legal",
    ),
    "render": (
        "carcassonne.cli.render",
        "draw the board of a game record or a position as SVG or PNG",
    ),
    "serve": (
        "carcassonne.cli.serve",
        "serve games to front ends (stdio JSON, or HTTP and WebSocket)",
    ),
    "expansions": (
        "carcassonne.cli.expansions_cmd",
        "list the installed expansions and what each adds",
    ),
    "tiles": ("carcassonne.cli.tiles_cmd", "check, list, show and format tile sets"),
    "new": ("carcassonne.cli.new_cmd", "start a new expansion from a template"),
    "jcz": ("carcassonne.cli.jcz_cmd", "JCloisterZone saved games: check their test assertions"),
    "import": ("carcassonne.cli.jcz_cmd", "a JCloisterZone game (.jcz) as a game record"),
    "export": ("carcassonne.cli.jcz_cmd", "a game record as a JCloisterZone game (.jcz)"),
}


def build_parser(only: str | None = "") -> argparse.ArgumentParser:
    """The parser of every command (``only=""``, the default), or of command ``only`` with the
    others as names and help alone (``only=None``: none of them), which is all that parsing a
    command line of ``only`` or printing the top-level help needs."""
    parser = argparse.ArgumentParser(
        prog="carcassonne", description="A rules engine for the tile-laying game Carcassonne."
    )
    parser.add_argument("--version", action=VersionAction, help="print the versions and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = COMMANDS[only][0] if only else None
    for name, (module, help_) in COMMANDS.items():
        if name in subparsers.choices:  # registered by its module with another command
            continue
        if only == "" or module == wanted:
            importlib.import_module(module).add_parser(subparsers)
        else:
            subparsers.add_parser(name, help=help_)
    return parser


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand an argument list runs: its first word that is not an option (the
    top-level options take no value), if that names a command."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


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
    parser = build_parser(command_of(sys.argv[1:] if argv is None else argv))
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
