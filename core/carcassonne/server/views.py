"""What clients are sent, as JSON text made once and shared: the cost of a move is mostly here.

Every accepted change reaches every client of its game as an ``update`` carrying that client's
own view of the state (docs/server.md). The engine's player views differ in nothing but their
``view`` key (the hidden draw pile is hidden from every player alike; a test checks this), and
``view`` is the last key of the sorted state document. So a game's view is serialized once per
``seq`` (:meth:`carcassonne.server.games.Live.public_text`): the text of player 0's view without
its ``view`` key and closing brace, which each message completes with its recipient's ``view``
(a seat number, or ``"spectator"``). A spectator and a seat thus cost one string
concatenation each, and a ``sync`` at a ``seq`` already sent costs nothing more. The view is
followed move by move (:class:`carcassonne.json_view.JsonView`) and its text joined from the
pieces it keeps (:func:`view_text`): a move writes the tiles, features and keys it changed,
not the whole state.

The text is written by orjson when it is installed (the ``server`` extra installs it; 5 to 8
times faster than :mod:`json` on a state), with keys sorted either way: the same document, only
without the blanks after separators.
"""

from __future__ import annotations

import json
from typing import Any

from carcassonne.json_view import JsonView
from carcassonne.serialize import state_to_json, text_encoder


def _orjson() -> Any:
    try:
        import orjson
    except ImportError:  # pragma: no cover - the server extra installs it
        return None
    return orjson


_ORJSON: Any = _orjson()

_PLACEHOLDER = "\x00state\x00"


def json_text(data: Any) -> str:
    """Compact JSON text with sorted keys (orjson when installed, else :mod:`json`)."""
    if _ORJSON is not None:
        try:
            text: str = _ORJSON.dumps(data, option=_ORJSON.OPT_SORT_KEYS).decode()
            return text
        except TypeError:  # a value orjson does not take (a huge int, a lone surrogate): json does
            pass
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # a lone surrogate (a client's own message id or tile name, echoed back) cannot be sent
        # as UTF-8; escaped, the JSON text is still exact and the client gets its answer
        text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return text


def public_text(state: Any) -> str:
    """The text of the players' view of ``state`` (a ``GameState``, or player 0's view of one
    as JSON data) without its last key ``view`` and without the closing brace
    (:class:`StateMessage` completes it for each recipient)."""
    public = dict(state) if isinstance(state, dict) else state_to_json(state, player=0)
    del public["view"]
    text = json_text(public)
    assert text.endswith("}") and len(text) > 2
    return text[:-1]


def view_text(view: JsonView) -> str:
    """:func:`public_text` of a followed view (player 0's), the same text: joined from the
    pieces the view keeps (:meth:`JsonView.text`), so that only what a move changed is
    written. A value orjson does not take falls back to writing the whole view as
    :func:`json_text` does."""
    data = None
    try:
        if _ORJSON is not None:
            text = view.text(_orjson_piece, ",", ":", skip=_VIEW_KEY)
        else:
            text = view.text(_json_piece, ",", ":", skip=_VIEW_KEY)
            text.encode("utf-8")  # a lone surrogate: json_text escapes the whole text
    except (TypeError, UnicodeEncodeError):
        data = view.data()
    if data is not None:
        return public_text(data)
    assert text.endswith("}") and len(text) > 2
    return text[:-1]


_VIEW_KEY = frozenset({"view"})
#: :func:`json_text` without orjson, made once (``json.dumps`` with options makes one per call)
_json_piece = text_encoder(",", ":")


def _orjson_piece(value: Any) -> str:
    """:func:`json_text` of one piece of a view with orjson (which raises what it cannot write)."""
    text: str = _ORJSON.dumps(value, option=_ORJSON.OPT_SORT_KEYS).decode()
    return text


def seat_view(public: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Player 0's view (a dict) made into ``seat``'s (``None``: a spectator)."""
    return {**public, "view": "spectator" if seat is None else seat}


class StateMessage:
    """A message with a ``state`` field, written once and completed per recipient:
    ``message`` is the message without ``state``, ``public`` the view's text (above)."""

    def __init__(self, message: dict[str, Any], public: str) -> None:
        head, placeholder, tail = json_text({**message, "state": _PLACEHOLDER}).partition(
            json_text(_PLACEHOLDER)
        )
        assert placeholder, "the placeholder must be in the message's text"
        self.head = head + public
        self.tail = tail
        self._texts: dict[int | None, str] = {}

    def text_for(self, seat: int | None) -> str:
        """The message as ``seat`` (``None``: a spectator) receives it; made once per seat."""
        text = self._texts.get(seat)
        if text is None:
            seen_as = '"spectator"' if seat is None else str(int(seat))
            text = self._texts[seat] = f'{self.head},"view":{seen_as}}}{self.tail}'
        return text
