"""Where games live: one interface, two adapters (SQLite in a file, PostgreSQL).

A game is stored as what is needed to replay it, never as a serialized state: its configuration
and seed, its seats, and the ordered log of accepted moves (``moves``, one row per change of the
game: an action in the engine's notation, or an undo). The primary key ``(game, seq)`` of the log
is what makes concurrent writers safe: two processes (or two coroutines) that both believe they
are at ``seq`` N can both try to write N+1, and exactly one insert succeeds. The other learns that
it was stale and reloads. Every write is one transaction (the log row and the game's ``seq`` and
status change together), so a restart loses no accepted move and never sees half a move.

The adapters live in :mod:`sqlite_store` and :mod:`postgres_store`; :mod:`stores` opens the one
a URL names. Both run the same SQL (written with ``$1`` parameters, which the SQLite adapter
rewrites as ``?1``), so the schema and the behaviour are the same on both; only the PostgreSQL
adapter writes a move as one statement (its ``APPEND_SQL``: the same insert and update, and the
notification of the other processes).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from carcassonne.errors import CarcassonneError

#: The NOTIFY channel of the PostgreSQL adapter (the SQLite adapter serves one process only).
CHANNEL = "carcassonne_games"

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        private BOOLEAN NOT NULL,
        bot_think DOUBLE PRECISION NOT NULL,
        status TEXT NOT NULL,
        seq BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        game TEXT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT,
        name TEXT NOT NULL,
        token_hash TEXT,
        PRIMARY KEY (game, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS moves (
        game TEXT NOT NULL REFERENCES games (id),
        seq BIGINT NOT NULL,
        seat INTEGER,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS undo_votes (
        game TEXT NOT NULL REFERENCES games (id),
        seq BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        accept BOOLEAN NOT NULL,
        PRIMARY KEY (game, seq, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS games_listed ON games (private, updated)",
]

#: Columns added after the tables were first made, ``(table, column, type)``: each adapter adds
#: the ones an older database lacks when it opens (neither database has one portable statement
#: for "add this column unless it is there").
ADDED_COLUMNS = [("moves", "secret", "TEXT")]

#: The columns of ``moves`` a :class:`MoveRow` is read from and written to, in its field order.
MOVE_COLUMNS = "seq, seat, kind, text, at, secret"

#: A new row of the log.
INSERT_MOVE_SQL = (
    "INSERT INTO moves (game, seq, seat, kind, text, at, secret) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7)"
)

GAME_COLUMNS = "id, config, seed, private, bot_think, status, seq, created, updated"

#: The status of a game that is not over: ``waiting`` while a human seat is free.
STATUS_SQL = """UPDATE games SET status = CASE
    WHEN status = 'over' THEN 'over'
    WHEN EXISTS (SELECT 1 FROM seats WHERE game = $1 AND kind = 'human' AND token_hash IS NULL)
    THEN 'waiting' ELSE 'playing' END
WHERE id = $1"""

#: A move: the game's ``seq`` follows the log; ``$2`` true marks the game over.
MOVED_SQL = """UPDATE games SET seq = $3, updated = $4,
    status = CASE WHEN $2 THEN 'over' ELSE status END
WHERE id = $1"""


@dataclass(frozen=True)
class GameRow:
    """A game's metadata. ``config``: ``players``, ``names``, ``expansions``, ``options``, and
    for a game opened from a file (``.jcz``) ``record``: the text of the record the log goes on
    from (the file's game as opened: its start position, draws and moves), so the game is
    rebuilt after a restart without a column of its own (:func:`games.origin_record`).
    ``seq``: how many moves the log holds (0 for a new game). ``status``: ``waiting`` (a human
    seat is free), ``playing`` or ``over``."""

    id: str
    config: dict[str, Any]
    seed: int
    private: bool
    bot_think: float
    status: str
    seq: int
    created: float
    updated: float

    def values(self) -> tuple[Any, ...]:
        return (
            self.id, json.dumps(self.config, sort_keys=True), self.seed, self.private,
            self.bot_think, self.status, self.seq, self.created, self.updated,
        )  # fmt: skip

    @classmethod
    def from_values(cls, row: Any) -> GameRow:
        id_, config, seed, private, think, status, seq, created, updated = tuple(row)
        return cls(
            id_, json.loads(config), int(seed), bool(private), float(think), status, int(seq),
            float(created), float(updated),
        )  # fmt: skip


@dataclass(frozen=True)
class SeatRow:
    """A seat: ``kind`` ``human`` or ``bot`` (``bot`` names the bot); ``token_hash`` is the
    SHA-256 of the seat's secret token once a person has joined (``None``: the seat is free)."""

    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class MoveRow:
    """One accepted change: ``kind`` ``action`` (``text``: its notation) or ``undo`` (``text``:
    how many actions it took back). ``seat``: who made it. ``secret``: for an undo that took
    back a draw, the seed the unseen pile was reshuffled with (:mod:`reshuffle`), so
    that the game replays as it went on; like the game's seed, never shown while it is
    played (``None`` otherwise)."""

    seq: int
    seat: int | None
    kind: str
    text: str
    at: float
    secret: str | None = None


class StoreError(CarcassonneError):
    """The store cannot be opened (a wrong URL, a database that does not answer)."""


Listener = Callable[[str], Awaitable[None] | None]


class Store(ABC):
    """The storage interface the server uses; every method is one transaction."""

    #: True when other server processes may share the store (their moves arrive by ``listen``).
    shared = False

    @abstractmethod
    async def open(self) -> None:
        """Connect and create the tables if they do not exist."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def create_game(self, game: GameRow, seats: list[SeatRow]) -> None: ...

    @abstractmethod
    async def game(self, game_id: str) -> GameRow | None: ...

    @abstractmethod
    async def public_games(self, limit: int) -> list[GameRow]:
        """The most recently updated games that are not private."""

    @abstractmethod
    async def seats(self, game_id: str) -> list[SeatRow]: ...

    @abstractmethod
    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free human seat to a person; False when it is taken (or not a human seat).
        The game's status follows (``waiting`` while a human seat is free)."""

    @abstractmethod
    async def release_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free a seat held by ``token_hash``; False when that token does not hold it."""

    @abstractmethod
    async def moves(self, game_id: str, after: int = 0) -> list[MoveRow]:
        """The log of a game from ``seq`` ``after + 1`` on, in order."""

    @abstractmethod
    async def append(self, game_id: str, move: MoveRow, over: bool, notify: str) -> bool:
        """Add ``move`` (its ``seq`` must be the game's ``seq`` + 1) and mark the game ``over``
        if it is, in one transaction; ``notify`` reaches the other processes once committed.
        False when another writer took that ``seq`` first (nothing is written)."""

    @abstractmethod
    async def vote(
        self, game_id: str, seq: int, seat: int, accept: bool, *, new: bool = False
    ) -> dict[int, bool]:
        """Record a seat's answer to the undo request made at ``seq`` (a seat answers once);
        return every answer given for that request. ``new``: a new request at ``seq``; the
        answers to an earlier (declined) one are forgotten."""

    async def publish(self, payload: str) -> None:  # noqa: B027 - one process: nothing to do
        """Send ``payload`` to the other server processes (nothing to do with one process)."""

    async def listen(self, listener: Listener) -> None:  # noqa: B027 - one process: no news
        """Call ``listener`` with every payload other processes publish."""
