"""``POST /api/replay``: one step of any record (or ``.jcz`` file) for the web page's replay
viewer (docs/web.md). Stateless: the page sends the record's text and the step it wants; the
answer is the board after that many actions, the action in words with its events, and how many
steps there are. A step replays the record's prefix (the engine's record machinery, so forced
draws and chance lines count as in any replay): two replays, well under a second for a whole
game.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from carcassonne.errors import CarcassonneError
from carcassonne.notation import action_from_text
from carcassonne.record import Record, parse_record, replay_record
from carcassonne.server.entries import event_json, who
from carcassonne.server.games import ServerError
from carcassonne.server.jcz_games import read_jcz
from carcassonne.server.web import picture_json
from carcassonne.state import GameState
from carcassonne.words import action_words

#: the largest record text accepted (a long game's record is about 20 kB)
MAX_TEXT = 2_000_000


def _prefix(record: Record, actions: int) -> Record:
    """The record cut before its ``actions + 1``-th action (its draw and chance lines kept)."""
    entries = []
    seen = 0
    for entry in record.entries:
        if entry.kind == "action":
            if seen == actions:
                break
            seen += 1
        entries.append(entry)
    return Record(record.header, entries)


def replay_step(record_text: str, at: int | None) -> dict[str, Any]:
    """Step ``at`` (0: before the first action; ``None``: the last) of the record."""
    try:
        record = parse_record(record_text)
        actions = [e for e in record.entries if e.kind == "action"]
        steps = len(actions)
        step = steps if at is None else max(0, min(at, steps))
        state = replay_record(_prefix(record, step), source=record_text)
        data = picture_json(state, None)
        data.update({"steps": steps, "at": step, "names": list(state.config.names), "words": None})
        data.update({"text": None, "events": [], "player": None, "over": state.is_over})
        data["scores"] = list(state.scores)
        if step > 0:
            before: GameState = replay_record(_prefix(record, step - 1), source=record_text)
            action = action_from_text(actions[step - 1].text, before.config)
            data["player"] = before.pending.player
            data["text"] = actions[step - 1].text
            data["words"] = action_words(before, action, who)
            data["events"] = [event_json(state, e) for e in state.last_events]
    except CarcassonneError as exc:
        raise ServerError("bad-record", str(exc)) from None
    return data


async def replay(request: Request) -> Response:
    try:
        body = await request.json()
    except ValueError:
        raise ServerError("bad-request", "the body must be JSON") from None
    if not isinstance(body, dict):
        raise ServerError("bad-request", "the body must be a JSON object")
    at = body.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool) or at < 0):
        raise ServerError("bad-request", "'at' must be a whole number from 0, or null")
    text = body.get("record")
    if "jcz" in body:
        if not isinstance(body["jcz"], str) or len(body["jcz"]) > MAX_TEXT:
            raise ServerError("bad-request", "'jcz' is the text of a .jcz file (a string)")
        text = (await asyncio.to_thread(read_jcz, body["jcz"]))[1]
    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        raise ServerError("bad-request", "'record' is the text of a record (a string)")
    data = await asyncio.to_thread(replay_step, text, at)
    data["record"] = text if "jcz" in body else None
    return JSONResponse(data)
