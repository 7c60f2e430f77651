"""A ``.jcz`` file as a game the server can keep: read, turned into a record, and checked to
replay the same (the routes that open games and the replay viewer both take ``.jcz`` text)."""

from __future__ import annotations

from carcassonne.errors import CarcassonneError
from carcassonne.server.games import ServerError
from carcassonne.state import GameState


def read_jcz(text: str) -> tuple[GameState, str]:
    """The game of a ``.jcz`` text and the record it is stored as; the record is replayed
    once here, so a game that would not come back after a restart is refused now."""
    from carcassonne.jcz.errors import JczError
    from carcassonne.jcz.load import load_jcz_state
    from carcassonne.record import format_record, parse_record, record_of, replay_record

    try:
        state = load_jcz_state(text, text=True)
    except JczError as exc:
        raise ServerError("bad-jcz", str(exc), where=exc.where) from None
    try:
        record_text = format_record(record_of(state))
        rebuilt = replay_record(parse_record(record_text))
    except CarcassonneError as exc:
        raise ServerError("jcz-not-stored", f"the .jcz game cannot be stored: {exc}") from None
    if rebuilt.key() != state.key() or rebuilt.config.describe() != state.config.describe():
        raise ServerError(
            "jcz-not-stored", "the .jcz game cannot be stored: its record replays differently"
        )
    return rebuilt, record_text
