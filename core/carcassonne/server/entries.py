"""The web page's log entries: an action in words with the events it caused, each in words,
and for points scored for a feature the squares of that feature (docs/web.md).

``GET /api/games/{game}/history`` answers every entry of a game, replayed from its log; an
``update`` to a client that said ``hello`` with ``changes`` carries the entry of its action,
made once per move from the states before and after it, so that the page appends it instead
of asking for the whole history after each move (issue 34).
"""

from __future__ import annotations

from typing import Any

from carcassonne.actions import Action
from carcassonne.cli.words import any_event_words
from carcassonne.errors import CarcassonneError
from carcassonne.events import Event, PointsScored
from carcassonne.state import GameState
from carcassonne.words import action_words


def who(player: int) -> str:
    """How the words the server writes name a player: ``{0}`` for the first seat; the page puts
    the seat's name in (the lobby's names, which the engine's state does not know)."""
    return f"{{{player}}}"


def action_entry_words(before: GameState, action: Action) -> str:
    """The action in words, as the state it was chosen in puts it."""
    return action_words(before, action, who)


def event_json(state: GameState, event: Event) -> dict[str, Any]:
    """An event's fields, its words, and for points scored for a feature the squares of that
    feature (``squares``), which the page outlines with the log's words; ``state``: the state
    after the action."""
    data: dict[str, Any] = {**event.to_dict(), "words": any_event_words(state, event, who)}
    feature = getattr(event, "feature", None)
    if isinstance(event, PointsScored) and isinstance(feature, int):
        try:
            data["squares"] = sorted([x, y] for x, y in state.feature_tiles(feature))
        except (CarcassonneError, KeyError, IndexError):  # a feature the state no longer has
            pass
    return data


def entry(
    seq: int, seat: int | None, text: str, words: str, after: GameState, events: Any
) -> dict[str, Any]:
    """One entry of the history: the action of ``seq`` by ``seat`` (its notation ``text`` and
    ``words``) and its ``events``, in words as the state ``after`` it says them."""
    return {
        "seq": seq,
        "seat": seat,
        "text": text,
        "words": words,
        "events": [event_json(after, e) for e in events],
    }
