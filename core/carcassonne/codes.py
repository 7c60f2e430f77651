"""Stable, machine-readable codes of refused actions: what a front end shows or translates.

An :class:`~carcassonne.errors.IllegalActionError` carries a ``code`` from this list (or from a
plugin's list), the English ``reason`` and ``details``: the data a front end needs to explain
the refusal in its own words (which side does not match, which figure is missing). Codes never
change meaning; new ones may be added. ``docs/protocol.md`` lists them, and a test checks that
every code the engine and the shipped expansions raise is listed.

Plugins declare their own codes with the ``carcassonne_error_codes`` hook and explain the
actions they forbid with ``carcassonne_explain_illegal`` (``docs/hooks.md``): the River's
``river-u-turn`` comes from the River, not from the core.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple, Protocol


class ErrorCode(NamedTuple):
    """A code a refusal may carry, with what it means and who defines it."""

    code: str
    meaning: str
    provider: str = "core"


class Refusal(NamedTuple):
    """Why an action is not legal: a ``code`` (declared by the core or a plugin), the English
    ``reason`` and ``details`` (JSON-friendly values: numbers, strings, lists of them)."""

    code: str
    reason: str
    details: Mapping[str, object] = MappingProxyType({})


#: The core's codes, in the order of the turn.
CORE_CODES: tuple[ErrorCode, ...] = (
    ErrorCode(
        "not-an-action",
        "apply() or why_illegal() was given something that is not an action (None, a number, "
        "a list, an object); details: given (its type's name)",
    ),
    ErrorCode("game-over", "the game is over: no action is legal any more"),
    ErrorCode(
        "wrong-decision",
        "the action does not answer the pending decision (a figure while a tile is to be "
        "placed, a tile during the figure phase, ...); details: expected",
    ),
    ErrorCode(
        "wrong-tile", "a tile placement names another tile than the drawn one; details: drawn"
    ),
    ErrorCode(
        "unknown-tile",
        "a tile placement names a tile id this game does not have (the message names the "
        "edition that has it, if one does); details: tile",
    ),
    ErrorCode(
        "bad-field-type",
        "a coordinate, rotation or other whole number that is not an int (a float or a bool), "
        "or a field holding a list or an object",
    ),
    ErrorCode("bad-rotation", "a rotation other than 0, 90, 180 or 270"),
    ErrorCode("square-taken", "a tile already lies on that square"),
    ErrorCode("not-adjacent", "the square shares no edge with a tile of the board"),
    ErrorCode(
        "edges-mismatch",
        "an edge of the tile does not match its neighbour's; details: sides (N, E, S, W), "
        "and per side the edge of the tile and of the neighbour",
    ),
    ErrorCode(
        "vetoed", "an expansion forbids this action and gives no code of its own (a bug to report)"
    ),
    ErrorCode("not-last-tile", "a figure may only go on the tile just placed; details: last_tile"),
    ErrorCode("unknown-figure", "no figure of that kind in this game"),
    ErrorCode("no-feature", "the tile has no feature at that location"),
    ErrorCode("no-figure-left", "the player has no figure of that kind left in the supply"),
    ErrorCode(
        "feature-occupied",
        "a figure already stands on the feature (or on a feature it joins); details: figures",
    ),
    ErrorCode(
        "figure-not-allowed",
        "no figure of that kind may stand on that kind of feature (a meeple on a river, a "
        "farmer when the farmers option is off); details: feature_kind",
    ),
    ErrorCode("not-offered", "the action is not among the legal answers and no rule explains more"),
    ErrorCode(
        "feature-complete",
        "a figure placed away from the tile just placed (a portal, a plugin's decision) on a "
        "feature that is already complete; details: feature, x, y, location",
    ),
    ErrorCode(
        "not-passable",
        "a pass of a plugin's decision that is a forced move (Decision.passable is false: a "
        "dragon step that must be taken); details: kind, player",
    ),
    ErrorCode(
        "chance-not-pending",
        "a chance outcome while no chance draw waits for one: the engine draws chance itself "
        "unless the caller took it over (auto_chance off; the stdio protocol's chance client); "
        "details: pending, auto_chance",
    ),
)


class _PluginCodes(Protocol):
    def error_codes(self) -> list[ErrorCode]: ...


class _Configured(Protocol):
    """What :func:`error_codes` reads of a :class:`~carcassonne.config.GameConfig`: a protocol,
    as this leaf module cannot import the configuration (which imports it)."""

    @property
    def hooks(self) -> _PluginCodes: ...


def error_codes(config: _Configured) -> dict[str, ErrorCode]:
    """Every code a game of ``config`` may raise: the core's and its plugins', by code."""
    codes = {c.code: c for c in CORE_CODES}
    for code in config.hooks.error_codes():
        codes[code.code] = code
    return codes
