"""Reading the news other server processes send (PostgreSQL ``NOTIFY`` on one channel).

Anyone who can connect to the database can notify the channel, and a process of another version
may send a shape this one does not know: a payload is checked field by field before the hub acts
on it, and one that does not fit is logged and dropped (:func:`read_news` answers ``None``). What
the hub forwards to its clients (an undo declined) is rebuilt from checked fields, never passed on
as received, so a client only ever gets messages of the protocol's schemas.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from carcassonne.server.games import GAME_ID
from carcassonne.server.schemas import SEAT

log = logging.getLogger("carcassonne.server")

#: The kinds of news (each with its own fields besides ``g``, ``p`` and ``k``).
KINDS = ("move", "presence", "seats", "undo-request", "undo-declined")
#: The highest seat number (the protocol's, :data:`carcassonne.server.schemas.SEAT`).
MAX_SEAT: int = SEAT["maximum"]


def _whole(value: object) -> bool:
    return type(value) is int and value >= 0


def _seat(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_SEAT


def read_news(payload: str) -> dict[str, Any] | None:
    """The news in ``payload`` (``g``: a game id, ``p``: the sending process, ``k``: a kind of
    :data:`KINDS` with its fields), or ``None`` after logging why it was dropped."""
    try:
        news = json.loads(payload)
    except (ValueError, RecursionError):
        return _dropped(payload, "not JSON")
    if not isinstance(news, dict):
        return _dropped(payload, "not a JSON object")
    game, origin, kind = news.get("g"), news.get("p"), news.get("k")
    if not isinstance(game, str) or GAME_ID.fullmatch(game) is None:
        return _dropped(payload, "'g' is not a game id")
    if not isinstance(origin, str):
        return _dropped(payload, "'p' is not a process name")
    if not isinstance(kind, str) or kind not in KINDS:
        return _dropped(payload, f"unknown kind 'k' (known: {', '.join(KINDS)})")
    if kind == "undo-request" and not (_whole(news.get("seq")) and _seat(news.get("seat"))):
        return _dropped(payload, "undo-request: 'seq' or 'seat' is not a whole number in range")
    if kind == "presence":
        online = news.get("online", [])
        if not isinstance(online, list) or not all(_seat(seat) for seat in online):
            return _dropped(payload, "presence: 'online' is not a list of seats")
    if kind == "undo-declined":
        message = news.get("message")
        if (
            not isinstance(message, dict)
            or message.get("type") != "undo-declined"
            or message.get("game") != game
            or not _whole(message.get("seq"))
            or not _seat(message.get("by"))
        ):
            return _dropped(payload, "undo-declined: 'message' is not an undo-declined message")
        news["message"] = {
            "type": "undo-declined", "game": game, "seq": message["seq"], "by": message["by"],
        }  # fmt: skip
    return news


def _dropped(payload: str, why: str) -> dict[str, Any] | None:
    """``None``, once the news is logged as dropped (``return _dropped(...)`` reads as such)."""
    log.warning("news from another process dropped (%s): %.200r", why, payload)
    return None
