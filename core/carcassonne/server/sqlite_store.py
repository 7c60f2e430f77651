"""The SQLite adapter: the default store, a file next to the server and nothing to install.

One connection, used by one thread at a time, which also keeps the writes serial. The database
is in WAL mode with ``synchronous=NORMAL``: a committed move survives the server process being
killed (the write is in the operating system's hands, no disk wait), and a statement takes tens
of microseconds, so statements run right in the event loop: handing each one to a thread costs
more (a thread switch waits for the GIL, up to the interpreter's switch interval) than the
statement itself. ``--db sqlite:///path?sync=full`` waits for the disk on every commit, which
survives a power cut too; then statements run on a dedicated thread so the loop never waits
for the disk.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from carcassonne.server.storage import (
    ADDED_COLUMNS,
    GAME_COLUMNS,
    INSERT_MOVE_SQL,
    MOVE_COLUMNS,
    MOVED_SQL,
    SCHEMA,
    STATUS_SQL,
    GameRow,
    MoveRow,
    SeatRow,
    Store,
)

T = TypeVar("T")


def _sql(text: str) -> str:
    """``$1`` (PostgreSQL) -> ``?1`` (SQLite): one SQL text for both adapters; each text is
    rewritten once (a move's two statements were rewritten on every move: 4 % of the server's
    CPU at saturation, issue 34)."""
    known = _SQL.get(text)
    if known is None:
        known = _SQL[text] = re.sub(r"\$(\d+)", r"?\1", text)
    return known


#: The SQL texts rewritten by :func:`_sql` (the module's own constants: a few dozen).
_SQL: dict[str, str] = {}


class SqliteStore(Store):
    def __init__(self, path: str, *, sync: str = "normal") -> None:
        self.path = path
        self.sync = sync
        self._conn: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        def call() -> T:
            assert self._conn is not None, "the store is not open"
            return work(self._conn)

        if self.sync != "full":
            return call()
        return await asyncio.get_running_loop().run_in_executor(self._thread, call)

    async def open(self) -> None:
        def connect() -> sqlite3.Connection:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={'FULL' if self.sync == 'full' else 'NORMAL'}")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=5000")
            with conn:
                for statement in SCHEMA:
                    conn.execute(statement)
                for table, column, kind in ADDED_COLUMNS:
                    have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
                    if column not in have:
                        conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
            return conn

        loop = asyncio.get_running_loop()
        self._conn = await loop.run_in_executor(self._thread, connect)

    async def close(self) -> None:
        if self._conn is not None:
            await self._run(lambda conn: conn.close())
            self._conn = None
        self._thread.shutdown(wait=True)

    async def create_game(self, game: GameRow, seats: list[SeatRow]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute(
                    _sql(f"INSERT INTO games ({GAME_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)"),
                    game.values(),
                )
                conn.executemany(
                    _sql("INSERT INTO seats VALUES ($1, $2, $3, $4, $5, $6)"),
                    [(game.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in seats],
                )
                conn.execute(_sql(STATUS_SQL), (game.id,))

        await self._run(work)

    async def game(self, game_id: str) -> GameRow | None:
        def work(conn: sqlite3.Connection) -> GameRow | None:
            row = conn.execute(
                _sql(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1"), (game_id,)
            ).fetchone()
            return GameRow.from_values(row) if row else None

        return await self._run(work)

    async def public_games(self, limit: int) -> list[GameRow]:
        def work(conn: sqlite3.Connection) -> list[GameRow]:
            rows = conn.execute(
                _sql(
                    f"SELECT {GAME_COLUMNS} FROM games WHERE NOT private "
                    "ORDER BY updated DESC, id LIMIT $1"
                ),
                (limit,),
            ).fetchall()
            return [GameRow.from_values(r) for r in rows]

        return await self._run(work)

    async def seats(self, game_id: str) -> list[SeatRow]:
        def work(conn: sqlite3.Connection) -> list[SeatRow]:
            rows = conn.execute(
                _sql(
                    "SELECT seat, kind, bot, name, token_hash FROM seats "
                    "WHERE game = $1 ORDER BY seat"
                ),
                (game_id,),
            ).fetchall()
            return [SeatRow(*r) for r in rows]

        return await self._run(work)

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                cursor = conn.execute(
                    _sql(
                        "UPDATE seats SET token_hash = $1, name = $2 WHERE game = $3 AND seat = $4 "
                        "AND kind = 'human' AND token_hash IS NULL"
                    ),
                    (token_hash, name, game_id, seat),
                )
                conn.execute(_sql(STATUS_SQL), (game_id,))
                return cursor.rowcount == 1

        return await self._run(work)

    async def release_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                cursor = conn.execute(
                    _sql(
                        "UPDATE seats SET token_hash = NULL WHERE game = $1 AND seat = $2 "
                        "AND token_hash = $3"
                    ),
                    (game_id, seat, token_hash),
                )
                conn.execute(_sql(STATUS_SQL), (game_id,))
                return cursor.rowcount == 1

        return await self._run(work)

    async def moves(self, game_id: str, after: int = 0) -> list[MoveRow]:
        def work(conn: sqlite3.Connection) -> list[MoveRow]:
            rows = conn.execute(
                _sql(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game = $1 AND seq > $2 ORDER BY seq"),
                (game_id, after),
            ).fetchall()
            return [MoveRow(*r) for r in rows]

        return await self._run(work)

    async def append(self, game_id: str, move: MoveRow, over: bool, notify: str) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            try:
                with conn:
                    conn.execute("BEGIN IMMEDIATE")
                    conn.execute(
                        _sql(INSERT_MOVE_SQL),
                        (game_id, move.seq, move.seat, move.kind, move.text, move.at, move.secret),
                    )
                    conn.execute(_sql(MOVED_SQL), (game_id, over, move.seq, move.at))
            except sqlite3.IntegrityError:
                return False
            return True

        return await self._run(work)

    async def vote(
        self, game_id: str, seq: int, seat: int, accept: bool, *, new: bool = False
    ) -> dict[int, bool]:
        def work(conn: sqlite3.Connection) -> dict[int, bool]:
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                if new:
                    conn.execute(
                        _sql("DELETE FROM undo_votes WHERE game = $1 AND seq = $2"), (game_id, seq)
                    )
                conn.execute(
                    _sql("INSERT OR IGNORE INTO undo_votes VALUES ($1, $2, $3, $4)"),
                    (game_id, seq, seat, accept),
                )
            rows = conn.execute(
                _sql("SELECT seat, accept FROM undo_votes WHERE game = $1 AND seq = $2"),
                (game_id, seq),
            ).fetchall()
            return {int(s): bool(a) for s, a in rows}

        return await self._run(work)
