"""Computer players, and the registry that makes them by name.

A bot answers whatever decision is pending (``bot.choose(state)`` returns a legal action; the
caller applies it), so one bot object can play any seat. Every bot is seeded: a game between
bots is reproducible from the game's seed and the bots' seeds.

* ``random``: a legal action uniformly at random;
* ``greedy``: the action that scores the most points right now;
* ``mcts``: a search, UCT over determinisations of the hidden draw pile (``bots.mcts``).

Front ends (the command line, the server) make bots by name with :func:`make_bot` or from a
spec string with :func:`bot_from_spec` — ``NAME[:KEY=VALUE...]``, for example
``mcts:iterations=500`` or ``mcts:seconds=1:exploration=0.5``.

Bots of your own (a :class:`SeededBot` subclass) are found by the same names, so ``play`` and
``simulate`` take them as they take the built-in ones: an installed distribution registers its
classes in the entry-point group ``carcassonne.bots`` (``first = "mybots:FirstBot"`` makes the
name ``first``), and a class that is not installed is named by its import path,
``mybots.FirstBot`` (a name with a dot; its module must be importable, e.g. ``PYTHONPATH=.``).
"""

from __future__ import annotations

import importlib
from importlib import metadata

from carcassonne.bots.errors import BotError, BotOptionError, UnknownBotError
from carcassonne.bots.mcts import MctsBot
from carcassonne.bots.simple import Bot, GreedyBot, RandomBot, SeededBot

BOTS: dict[str, type[SeededBot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}

#: The entry-point group of bots that installed distributions add by name.
ENTRY_POINT_GROUP = "carcassonne.bots"

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "BotOptionError",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "SeededBot",
    "UnknownBotError",
    "bot_class",
    "bot_from_spec",
    "check_spec",
    "known_bots",
    "make_bot",
    "parse_spec",
]


def known_bots() -> list[str]:
    """The bot names: built-in and installed (``carcassonne.bots`` entry points), sorted."""
    installed = {ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    return sorted(set(BOTS) | installed)


def bot_class(name: str) -> type[SeededBot]:
    """The class a bot name stands for: a built-in name, an installed entry point's name, or
    an import path ``package.module.Class``.

    Raises :class:`UnknownBotError` naming the known bots, also when the import path does not
    import or names something that is not a :class:`SeededBot` subclass.
    """
    found: object = BOTS.get(name)
    problem = ""
    if found is None:
        try:
            if "." in name:
                module, _, attribute = name.rpartition(".")
                found = getattr(importlib.import_module(module), attribute)
            else:
                points = metadata.entry_points(group=ENTRY_POINT_GROUP, name=name)
                found = next(iter(points)).load() if points else None
        except (ImportError, AttributeError, ValueError, SyntaxError) as exc:
            problem = f": {exc}"
    if not (isinstance(found, type) and issubclass(found, SeededBot)):
        if found is not None and not problem:
            problem = ": not a SeededBot subclass"
        known = ", ".join(known_bots())
        raise UnknownBotError(f"unknown bot {name!r}{problem} (known: {known})")
    return found


def make_bot(name: str, seed: int | None = 0, **options: object) -> SeededBot:
    """A bot by name (see :func:`bot_class`), seeded, with its keyword options.

    Raises :class:`UnknownBotError` (a ``KeyError``) naming the known bots, or
    :class:`BotOptionError` for an option the bot does not take or a value out of range.
    """
    cls = bot_class(name)
    unknown = sorted(set(options) - set(cls.options))
    if unknown:
        takes = ", ".join(sorted(cls.options)) or "none"
        raise BotOptionError(f"{name}: unknown option {unknown[0]!r} (options: {takes})")
    return cls(seed, **options)


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``NAME[:KEY=VALUE...]`` -> (name, options with the bot's types)."""
    name, *items = spec.strip().split(":")
    cls = bot_class(name)
    options: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BotOptionError(f"{name}: option {item!r} must look like KEY=VALUE")
        kind = cls.options.get(key)
        if kind is None:
            takes = ", ".join(sorted(cls.options)) or "none"
            raise BotOptionError(f"{name}: unknown option {key!r} (options: {takes})")
        try:
            options[key] = kind(text.strip())
        except ValueError:
            raise BotOptionError(
                f"{name}: option {key} needs {'a whole number' if kind is int else 'a number'},"
                f" not {text.strip()!r}"
            ) from None
    return name, options


def bot_from_spec(spec: str, seed: int | None = 0) -> SeededBot:
    """A bot from ``NAME[:KEY=VALUE...]`` (see the module docstring)."""
    name, options = parse_spec(spec)
    return make_bot(name, seed, **options)


def check_spec(spec: str) -> str:
    """``spec`` if it makes a bot (its options are in range), else the bot error; for front
    ends that check their arguments before they start."""
    bot_from_spec(spec, 0)
    return spec
