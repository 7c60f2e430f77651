"""Errors of the bot registry: an unknown bot name, a bad bot option."""

from __future__ import annotations

from carcassonne.errors import CarcassonneError


class BotError(CarcassonneError):
    """A bot that cannot be made as asked."""


class UnknownBotError(BotError, KeyError):
    """No bot has that name (also a ``KeyError``, as a registry lookup)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class BotOptionError(BotError, ValueError):
    """A bot option that the bot does not have, or a value out of its range."""
