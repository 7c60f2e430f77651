"""The Abbot's own action: taking the placed abbot back with immediate scoring."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import TypedAction


class _ReturnAbbotFields(NamedTuple):
    x: int
    y: int
    location: str


class ReturnAbbot(TypedAction, _ReturnAbbotFields):
    """Take back the abbot standing on ``location`` of the tile at ``(x, y)`` and score it now.

    Offered in the figure phase instead of placing a figure (rules.md 3.4): the owner scores
    what the monastery or garden is worth at that moment, 1 + the neighbouring tiles present.
    The fields name where the abbot stands, so a player with several abbots (option
    ``abbot.count``) says which one.
    """

    __slots__ = ()
    verb: ClassVar[str] = "abbot-return"
