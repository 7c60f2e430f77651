"""An agreed undo that took back a draw shuffles the unseen pile anew (``games.reshuffled``):
everything seen stays as it was, the tiles to come are in another order, and the stored log
replays to the very game that was played (after a restart, in another process, for history)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carcassonne.json_view import JsonView
from carcassonne.record import record_of, replay_record
from carcassonne.serialize import action_json
from carcassonne.server.games import follow, replay, undo_count, undo_reveals
from carcassonne.server.reshuffle import reshuffled
from carcassonne.server.sqlite_store import SqliteStore
from carcassonne.server.storage import SCHEMA, GameRow, MoveRow, Store
from carcassonne.server.views import public_text
from carcassonne.state import GameState

from .live import PG_URL, fresh_pg_database

ROW = GameRow(
    "g", {"players": 2, "names": ["ann", "bob"], "expansions": [], "options": {}}, 4,
    False, 0.0, "playing", 0, 0.0, 0.0,
)  # fmt: skip


def _seen(state: GameState) -> str:
    """What every player sees (the players' view): the same before and after a reshuffle."""
    return public_text(JsonView.of(state, 0).data())


def _play(state: GameState, log: list[MoveRow], count: int) -> GameState:
    """``count`` first legal actions, each logged as the server stores it."""
    for _ in range(count):
        seat = state.pending.player
        text = action_json(state.legal_actions()[0])["text"]
        log.append(MoveRow(len(log) + 1, seat, "action", text, 0.0))
        state = follow(state, log[-1])
    return state


def test_a_reshuffle_keeps_what_was_seen_and_deals_the_rest_anew() -> None:
    log: list[MoveRow] = []
    state = _play(replay(ROW, []), log, 4)  # two turns: bob's tile and ann's next are drawn
    count = undo_count(log, 0)  # ann takes back her turn, whose figure drew bob's tile
    assert count == 3 and undo_reveals(state, count)
    back = state.clone()
    back.undo(count)
    fresh = reshuffled(back, 123456789)
    assert _seen(fresh) == _seen(back)
    assert Counter(fresh.draw_pile()) == Counter(back.draw_pile())
    assert fresh.draw_pile() != back.draw_pile()  # 70 tiles in the same order: not by chance
    assert reshuffled(back, 123456789).draw_pile() == fresh.draw_pile()  # the seed decides
    # its record names the new seed and replays to it: a history, not a guess
    assert record_of(fresh).header["seed"] == 123456789
    assert replay_record(record_of(fresh)) == fresh


def test_the_stored_log_replays_to_the_game_as_played() -> None:
    log: list[MoveRow] = []
    live = _play(replay(ROW, []), log, 4)
    log.append(MoveRow(5, 0, "undo", "3", 0.0, "987654321"))
    unshuffled = replay(ROW, log[:1])
    live = follow(live, log[-1])
    assert replay(ROW, log) == live
    assert _seen(live) == _seen(unshuffled) and live.draw_pile() != unshuffled.draw_pile()
    # back past the reshuffle's place, with no draw taken back (ann's tile): the new order
    # stays (the game now begins with it), and the replay of the log agrees
    count = undo_count(log, 0)
    assert count == 1 and not undo_reveals(live, count)
    log.append(MoveRow(6, 0, "undo", "1", 0.0))
    live = follow(live, log[-1])
    assert replay(ROW, log) == live
    seed_game = replay(ROW, [])
    assert _seen(live) == _seen(seed_game) and live.draw_pile() != seed_game.draw_pile()
    live = _play(live, log, 6)
    assert replay(ROW, log) == live
    assert live.draw_pile() != _play(seed_game, [], 6).draw_pile()


#: The ``moves`` table as databases made before ``secret`` have it.
OLD_MOVES = """CREATE TABLE moves (
    game TEXT NOT NULL REFERENCES games (id), seq BIGINT NOT NULL, seat INTEGER,
    kind TEXT NOT NULL, text TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, seq)
)"""


async def _old_database_gets_the_column(store: Store, make_old: Callable[[str], Any]) -> None:
    await make_old(OLD_MOVES)  # the older tables, with one move stored
    await store.open()
    try:
        assert await store.moves("g") == [MoveRow(1, 0, "action", "tile BA/C 0,-1 r0", 1.0)]
        undo = MoveRow(2, 0, "undo", "1", 2.0, "42")
        assert await store.append("g", undo, False, "{}")
        assert (await store.moves("g", 1)) == [undo]
    finally:
        await store.close()


def test_an_older_sqlite_database_gets_the_secret_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"

    async def make_old(moves: str) -> None:
        with contextlib.closing(sqlite3.connect(path)) as conn, conn:
            conn.execute(SCHEMA[0])
            conn.execute(moves)
            conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", ROW.values())
            conn.execute("INSERT INTO moves VALUES ('g', 1, 0, 'action', 'tile BA/C 0,-1 r0', 1)")

    asyncio.run(_old_database_gets_the_column(SqliteStore(str(path)), make_old))


@pytest.mark.skipif(not PG_URL, reason="CARCASSONNE_TEST_PG is not set")
def test_an_older_postgresql_database_gets_the_secret_column() -> None:
    import asyncpg

    from carcassonne.server.postgres_store import PostgresStore

    url = fresh_pg_database()

    async def make_old(moves: str) -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(SCHEMA[0])
            await conn.execute(moves)
            await conn.execute(
                "INSERT INTO games VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)", *ROW.values()
            )
            await conn.execute(
                "INSERT INTO moves VALUES ('g', 1, 0, 'action', 'tile BA/C 0,-1 r0', 1)"
            )
        finally:
            await conn.close()

    asyncio.run(_old_database_gets_the_column(PostgresStore(url), make_old))
