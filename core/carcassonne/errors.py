"""Exceptions of the public API. Each says what is wrong in the caller's words."""

from __future__ import annotations


class CarcassonneError(Exception):
    """Base class of every error the engine raises on purpose."""


class ConfigError(CarcassonneError):
    """A game configuration is invalid: unknown expansion or option, bad player count, ..."""


class UnknownExpansionError(ConfigError):
    """An expansion was named that no installed distribution provides."""


class IllegalActionError(CarcassonneError):
    """An action is not legal in the current state. The state is unchanged.

    ``code`` is a stable machine-readable code (``carcassonne.codes``, docs/protocol.md),
    ``reason`` the English explanation and ``details`` the data a front end needs to explain it
    in its own words (``{"sides": ["N"]}`` for ``edges-mismatch``).
    """

    def __init__(
        self, action: object, reason: str, code: str = "not-offered", **details: object
    ) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason
        self.code = code
        self.details = details


class NothingToUndoError(CarcassonneError):
    """``undo()`` was called on a state with no action to take back."""


class PluginError(CarcassonneError):
    """A plugin broke the hook contract (misspelled hook, bad return value, ...)."""
