"""The PostgreSQL adapter (the ``postgres`` extra: asyncpg).

Several server processes may share one database. Each change is one transaction; the primary
key ``(game, seq)`` of ``moves`` serialises the moves of a game across processes (the loser of a
race gets a unique violation and reloads). Committed moves and other news (presence, undo
requests) reach the other processes through ``LISTEN``/``NOTIFY`` on one channel; a
notification sent inside the move's transaction is delivered only if it commits.
"""

from __future__ import annotations

import asyncio
from typing import Any

from carcassonne.server import require
from carcassonne.server.storage import (
    ADDED_COLUMNS,
    CHANNEL,
    GAME_COLUMNS,
    INSERT_MOVE_SQL,
    MOVE_COLUMNS,
    SCHEMA,
    STATUS_SQL,
    GameRow,
    Listener,
    MoveRow,
    SeatRow,
    Store,
)

#: A move in one statement: the log row, the game's ``seq``/``updated``/status (as
#: :data:`MOVED_SQL`), and the NOTIFY; data-modifying CTEs all run, in one transaction.
APPEND_SQL = f"""WITH inserted AS (
    {INSERT_MOVE_SQL} RETURNING game
), moved AS (
    UPDATE games SET seq = $2, updated = $6, status = CASE WHEN $8 THEN 'over' ELSE status END
    WHERE id = $1
)
SELECT pg_notify($9, $10) FROM inserted"""

#: Serialises ``CREATE TABLE IF NOT EXISTS`` when two processes start at once.
_DDL_LOCK = 0x43415243


async def _keep(conn: Any) -> None:
    """How a connection goes back to the pool: as it is. The default reset is a round trip
    per statement (``RESET ALL``, ``UNLISTEN *``, ...) that undoes nothing the store does: it
    never changes session settings, listens on its own connection and takes advisory locks
    only inside transactions."""


class PostgresStore(Store):
    shared = True

    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        self.asyncpg: Any = require("asyncpg", "postgres")
        self.url = url
        self.pool_size = pool_size
        self._pool: Any = None
        self._listen_conn: Any = None
        self._listeners: list[Listener] = []
        self._tasks: set[asyncio.Future[None]] = set()

    async def open(self) -> None:
        self._pool = await self.asyncpg.create_pool(
            self.url, min_size=2, max_size=self.pool_size, command_timeout=30, reset=_keep
        )
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _DDL_LOCK)
            for statement in SCHEMA:
                await conn.execute(statement)
            for table, column, kind in ADDED_COLUMNS:
                await conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")

    async def close(self) -> None:
        if self._listen_conn is not None:
            await self._listen_conn.close()
            self._listen_conn = None
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def create_game(self, game: GameRow, seats: list[SeatRow]) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
                *game.values(),
            )
            await conn.executemany(
                "INSERT INTO seats VALUES ($1, $2, $3, $4, $5, $6)",
                [(game.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in seats],
            )
            await conn.execute(STATUS_SQL, game.id)

    async def game(self, game_id: str) -> GameRow | None:
        row = await self._pool.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return GameRow.from_values(row) if row else None

    async def public_games(self, limit: int) -> list[GameRow]:
        rows = await self._pool.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE NOT private "
            "ORDER BY updated DESC, id LIMIT $1",
            limit,
        )
        return [GameRow.from_values(r) for r in rows]

    async def seats(self, game_id: str) -> list[SeatRow]:
        rows = await self._pool.fetch(
            "SELECT seat, kind, bot, name, token_hash FROM seats WHERE game = $1 ORDER BY seat",
            game_id,
        )
        return [SeatRow(*tuple(r)) for r in rows]

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        async with self._pool.acquire() as conn, conn.transaction():
            status = await conn.execute(
                "UPDATE seats SET token_hash = $1, name = $2 WHERE game = $3 AND seat = $4 "
                "AND kind = 'human' AND token_hash IS NULL",
                token_hash, name, game_id, seat,
            )  # fmt: skip
            await conn.execute(STATUS_SQL, game_id)
        return bool(status == "UPDATE 1")

    async def release_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        async with self._pool.acquire() as conn, conn.transaction():
            status = await conn.execute(
                "UPDATE seats SET token_hash = NULL WHERE game = $1 AND seat = $2 "
                "AND token_hash = $3",
                game_id, seat, token_hash,
            )  # fmt: skip
            await conn.execute(STATUS_SQL, game_id)
        return bool(status == "UPDATE 1")

    async def moves(self, game_id: str, after: int = 0) -> list[MoveRow]:
        rows = await self._pool.fetch(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game = $1 AND seq > $2 ORDER BY seq",
            game_id, after,
        )  # fmt: skip
        return [MoveRow(int(r[0]), r[1], r[2], r[3], float(r[4]), r[5]) for r in rows]

    async def append(self, game_id: str, move: MoveRow, over: bool, notify: str) -> bool:
        # one statement, so one round trip and one short transaction: the insert, the game's
        # new seq and status, and the notification (sent only if this commits)
        try:
            await self._pool.execute(
                APPEND_SQL,
                game_id, move.seq, move.seat, move.kind, move.text, move.at, move.secret, over,
                CHANNEL, notify,
            )  # fmt: skip
        except self.asyncpg.UniqueViolationError:
            return False
        return True

    async def vote(
        self, game_id: str, seq: int, seat: int, accept: bool, *, new: bool = False
    ) -> dict[int, bool]:
        async with self._pool.acquire() as conn, conn.transaction():
            if new:
                await conn.execute(
                    "DELETE FROM undo_votes WHERE game = $1 AND seq = $2", game_id, seq
                )
            await conn.execute(
                "INSERT INTO undo_votes VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                game_id, seq, seat, accept,
            )  # fmt: skip
            rows = await conn.fetch(
                "SELECT seat, accept FROM undo_votes WHERE game = $1 AND seq = $2", game_id, seq
            )
        return {int(r[0]): bool(r[1]) for r in rows}

    async def publish(self, payload: str) -> None:
        await self._pool.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)

    async def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)
        if self._listen_conn is not None:
            return
        self._listen_conn = await self.asyncpg.connect(self.url)

        def on_notify(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            for each in self._listeners:
                result = each(payload)
                if asyncio.iscoroutine(result):
                    task = asyncio.ensure_future(result)
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

        await self._listen_conn.add_listener(CHANNEL, on_notify)
