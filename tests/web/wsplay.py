"""Two people playing over the WebSocket from the test (no browser): a game brought to the
moment a browser test needs, fast. Moves come from the page's own ``picture`` route (the legal
actions of the pending decision), chosen by a seeded random generator."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any

from websockets.sync.client import connect


def call(method: str, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A REST call's JSON answer (an error status raises, with the server's message)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        result: dict[str, Any] = json.load(answer)
        return result


class Seat:
    """A person's connection: its token (for a browser to take over), sends moves, follows
    updates."""

    def __init__(self, base: str, game: str, seat: int, name: str) -> None:
        joined = call("POST", f"{base}/api/games/{game}/seats/{seat}", {"name": name})
        self.base, self.game, self.seat, self.name = base, game, seat, name
        self.token: str = joined["token"]
        self.conn = connect(base.replace("http://", "ws://") + f"/api/games/{game}/ws").__enter__()
        self.ids = 0
        self.seq = -1
        self.state: dict[str, Any] = {}
        self.send({"op": "hello", "seat": seat, "token": self.token, "seq": None})
        self.wait(lambda m: m["type"] == "sync")

    def send(self, message: dict[str, Any]) -> int:
        self.ids += 1
        self.conn.send(json.dumps({**message, "id": self.ids}))
        return self.ids

    def wait(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until ``done(message)`` (generous deadline); an error fails."""
        while True:
            message = json.loads(self.conn.recv(timeout=60))
            if message["type"] in ("sync", "update"):
                self.seq, self.state = message["seq"], message["state"]
            if message["type"] == "error":
                raise AssertionError(message)
            if done(message):
                return message

    def moves(self) -> list[dict[str, Any]]:
        picture = call("GET", f"{self.base}/api/games/{self.game}/picture?seat={self.seat}")
        moves: list[dict[str, Any]] = picture["moves"]
        return moves

    def close(self) -> None:
        self.conn.close()


def two_people(
    base: str, seed: int, goal: Callable[[dict[str, Any]], bool], expansions: Sequence[str] = ()
) -> tuple[str, list[Seat]]:
    """A game of ann and bob played at random (no figures) until ``goal(state)``; its id and
    the two connections (open: the caller closes them)."""
    created = call(
        "POST",
        f"{base}/api/games",
        {
            "seats": [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}],
            "expansions": list(expansions),
            "seed": seed,
        },
    )
    game = created["game"]["id"]
    seats = [Seat(base, game, 0, "ann"), Seat(base, game, 1, "bob")]
    rng = random.Random(seed)
    for _ in range(400):
        state = seats[0].state
        if goal(state):
            return game, seats
        assert not state["game_over"], "the game ended before the moment the test needs"
        mover = seats[state["pending"]["player"]]
        target = seats[0].seq
        if mover.seq < target:
            mover.wait(lambda m, mover=mover, target=target: mover.seq >= target)
        moves = mover.moves()
        passes = [m for m in moves if m["action"]["type"] == "pass"]
        move = passes[0] if passes else rng.choice(moves)
        rid = mover.send({"op": "apply", "seq": mover.seq, "action": move["action"]})
        done = mover.wait(lambda m, rid=rid: m.get("id") == rid and m["type"] == "ok")
        seq = done["seq"]
        if seats[0].seq < seq:
            seats[0].wait(lambda m, seq=seq: seats[0].seq >= seq)
    raise AssertionError("400 moves and the moment was not reached")
