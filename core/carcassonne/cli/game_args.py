"""Arguments shared by the game subcommands (play, simulate) and their one-line user errors.

Every user mistake — an unknown expansion, a bad option, a missing or broken file — must reach
the terminal as one line on stderr and an exit status (2 for usage, 1 for a failed run), never as
a traceback. Handlers wrapped in :func:`user_errors` get that for free.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from typing import Any

from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError, ConfigError

USAGE = 2
FAILURE = 1


class UserError(CarcassonneError):
    """A mistake of the user, reported as ``carcassonne: <message>`` with ``status``."""

    def __init__(self, message: str, status: int = USAGE) -> None:
        super().__init__(message)
        self.status = status


def user_errors(
    handler: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """Turn user errors raised by ``handler`` into one line on stderr and an exit status."""

    @functools.wraps(handler)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UserError as exc:
            return report(str(exc), exc.status)
        except ConfigError as exc:
            return report(str(exc), USAGE)
        except CarcassonneError as exc:
            return report(str(exc), FAILURE)
        except BrokenPipeError:
            raise  # output piped into `head`: the command line's main handles it
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            return report(f"{where}{exc.strerror or exc}", FAILURE)

    return wrapped


def plain(text: str) -> str:
    """A docstring's text for ``--help``: without the reStructuredText backticks."""
    return text.replace("``", "").replace("`", "")


def report(message: str, status: int) -> int:
    print(f"carcassonne: {message}", file=sys.stderr)
    return status


def add_game_arguments(parser: argparse.ArgumentParser, *, players_default: int | None) -> None:
    """``--players``, ``--expansions``, ``--option key=value`` and ``--seed``."""
    parser.add_argument(
        "--players", type=int, default=players_default, help="number of players (1 to 6)"
    )
    parser.add_argument(
        "--expansions",
        nargs="+",
        action="extend",
        default=[],
        metavar="NAME",
        help="expansion names, separated by commas or spaces (see: carcassonne expansions)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option, e.g. --option farmers=false --option river.uturn=immediate",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the draw pile (default 0)")
    add_plugin_argument(parser)


def add_plugin_argument(parser: argparse.ArgumentParser) -> None:
    """``--plugin``: a plugin that is not installed (docs/authoring.md, "Try without
    installing")."""
    parser.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE|FILE|DIR",
        help="use a plugin that is not installed: a dotted module path, a .py file or a folder "
        "of them (repeatable)",
    )


def plugins_from_args(args: argparse.Namespace) -> list[tuple[str, object]]:
    """The ``(name, module)`` pairs of ``--plugin`` (a usage error when one does not load)."""
    from carcassonne.local_plugins import PluginLoadError, load_plugins

    try:
        return load_plugins(getattr(args, "plugin", None) or [])
    except PluginLoadError as exc:
        raise UserError(f"--plugin {exc}") from None


def parse_option_value(text: str) -> Any:
    """``true``/``false`` -> bool, a whole number -> int, anything else stays text."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text.strip()


def parse_options(items: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"option {item!r} must look like KEY=VALUE")
        options[key.strip()] = parse_option_value(value)
    return options


def parse_names(text: str | list[str]) -> list[str]:
    """Names separated by commas, given as one text or several (``river abbot``,
    ``river,abbot``, ``river, abbot``)."""
    texts = [text] if isinstance(text, str) else text
    return [name.strip() for item in texts for name in item.split(",") if name.strip()]


def build_config(args: argparse.Namespace, players: int, seed: int | None = None) -> GameConfig:
    """The game configuration the arguments describe (``ConfigError`` on a bad one)."""
    expansions = parse_names(args.expansions)
    options = parse_options(args.option)
    try:
        return GameConfig(
            players=players,
            expansions=expansions,
            options=options,
            seed=args.seed if seed is None else seed,
            plugins=plugins_from_args(args),
        )
    except ConfigError as exc:
        if str(exc).startswith("unknown option"):
            for key in options:
                owner = option_owner(key, expansions)
                if owner is not None:
                    raise UserError(
                        f"option {key!r} belongs to the expansion {owner!r}, which is not "
                        f"enabled (add --expansions {owner})"
                    ) from None
        raise


def option_owner(key: str, enabled: list[str]) -> str | None:
    """The installed expansion, not among ``enabled``, that declares the rule option ``key``."""
    from carcassonne.plugins import installed_expansions

    for name in sorted(installed_expansions()):
        if name in enabled:
            continue
        try:
            specs = GameConfig(players=2, expansions=[name]).option_specs
        except CarcassonneError:
            continue
        if key in specs:
            return name
    return None
