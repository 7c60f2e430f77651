"""Reconnecting never splits a game (issue 33): whatever the order in which a client's old
connection closes, its new connection opens and says hello, and a page's REST requests arrive,
the server keeps one copy of the game, so every client and every REST endpoint sees one game
at one ``seq``.

The split this guards against: a new connection is accepted (it holds the game but has not said
hello), the game's only client closes and the game is evicted from memory, the new connection
then says hello to the evicted copy while REST requests and later clients load a second copy
from the store, which never hears of the moves made on the first.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from typing import Any

import httpx

from .live import ServerProcess, WsClient

ROUNDS = 150
SEATS = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]


def _rest(server: ServerProcess, round_no: int) -> httpx.Client:
    """A REST client asking from its own loopback address (127.0.0.2 ... 127.0.0.251): the
    server's per-address rate limit is for real clients, not for a test's few hundred rounds."""
    address = f"127.0.0.{2 + round_no % 250}"
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.base, timeout=10, transport=transport)


class Table:
    """One game with two human seats; one connection at a time holds the seat to move."""

    def __init__(self, server: ServerProcess, seed: int) -> None:
        self.server = server
        self.game = server.create_game(SEATS, seed=seed)["id"]
        self.tokens = [server.join(self.game, seat, f"p{seat}") for seat in (0, 1)]
        self.client: WsClient | None = None
        self.seq = 0
        self.state: dict[str, Any] | None = None

    def hello(self, client: WsClient) -> None:
        """The new connection says hello as the seat to move (seat 0 at the start)."""
        seat = 0 if self.state is None else self.state["pending"]["player"]
        sync = client.hello(seat, self.tokens[seat], self.seq)
        assert sync["type"] == "sync", sync
        assert sync["seq"] == self.seq, f"hello saw seq {sync['seq']}, the game is at {self.seq}"
        self.state = sync["state"]

    def move(self) -> None:
        client = self.client
        assert client is not None and self.state is not None
        answer = client.apply(self.state["legal_actions"][0]["action"], seq=self.seq)
        assert answer == {"type": "ok", "id": answer["id"], "seq": self.seq + 1}, answer
        while client.seq < self.seq + 1:  # the update may come before or after the ok
            client.until("update")
        self.seq += 1
        self.state = client.state

    @property
    def over(self) -> bool:
        return self.state is not None and bool(self.state["game_over"])


def _connect_close_hello(table: Table, rest: httpx.Client) -> None:
    new = table.server.connect(table.game)
    _close(table)
    table.hello(new)
    table.client = new


def _close_connect_hello(table: Table, rest: httpx.Client) -> None:
    _close(table)
    new = table.server.connect(table.game)
    table.hello(new)
    table.client = new


def _connect_hello_close(table: Table, rest: httpx.Client) -> None:
    new = table.server.connect(table.game)
    table.hello(new)
    _close(table)
    table.client = new


def _reload(table: Table, rest: httpx.Client) -> None:
    """A page reload: the new page's socket opens, the old one closes, the page asks REST
    for the game, then its socket says hello."""
    new = table.server.connect(table.game)
    _close(table)
    _check_rest(table, rest, drawn=False)
    table.hello(new)
    table.client = new


def _close(table: Table) -> None:
    if table.client is not None:
        table.client.close()
        table.client = None


ORDERS: list[Callable[[Table, httpx.Client], None]] = [
    _connect_close_hello,
    _close_connect_hello,
    _connect_hello_close,
    _reload,
]


def _check_rest(table: Table, rest: httpx.Client, drawn: bool = True) -> None:
    """Every REST endpoint that reads the game sees it at the table's ``seq`` (``drawn``: the
    page's picture and history too, which draw and replay: the slow ones)."""
    game = table.game
    assert rest.get(f"/api/games/{game}").json()["game"]["seq"] == table.seq
    if drawn:
        assert rest.get(f"/api/games/{game}/picture").json()["seq"] == table.seq
        assert rest.get(f"/api/games/{game}/history").json()["seq"] == table.seq
    position = rest.get(f"/api/games/{game}/position")
    assert table.state is not None
    if table.over:
        assert position.json()["error"]["code"] == "no-position"
    else:
        # mid-turn too: a position keeps the turn's actions so far (docs/positions.md `then`)
        assert position.status_code == 200, position.text
        if table.state["pending"]["kind"] == "tile":
            assert len(tomllib.loads(position.text)["tiles"]) == len(table.state["tiles"])
    answer = rest.get(f"/api/games/{game}/record")
    assert answer.status_code == (200 if table.over else 409)


def _check_everyone(table: Table, rest: httpx.Client, drawn: bool) -> None:
    _check_rest(table, rest, drawn)
    watcher = table.server.connect(table.game)
    try:
        assert watcher.hello()["seq"] == table.seq
    finally:
        watcher.close()


def test_reconnects_never_split_a_game(server: ServerProcess) -> None:
    rng = random.Random(33)
    table = Table(server, seed=rng.randrange(1000))
    for round_no in range(ROUNDS):
        if table.over:
            _close(table)
            table = Table(server, seed=rng.randrange(1000))
        with _rest(server, round_no) as rest:
            ORDERS[round_no % len(ORDERS)](table, rest)
            table.move()
            _check_everyone(table, rest, drawn=round_no % 8 == 1)
    _close(table)
