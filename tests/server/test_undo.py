"""Undo: free against bots only; between people, a request every other person must accept."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3

from .live import ServerProcess
from .test_play import advance, seated


def test_undo_against_bots_is_free_but_reveals_nothing(server: ServerProcess) -> None:
    """Against bots an undo needs nobody's consent, but it may not take back a draw: a seat
    that saw its next tile (or a bot's) must not play again knowing it (issue 33)."""
    game, clients = seated(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4)
    me = clients[0]
    before = me.state
    assert before is not None
    assert me.apply(before["legal_actions"][0]["action"])["type"] == "ok"  # the tile
    # the tile is taken back: no tile was drawn since, so nothing is revealed
    rid = me.send({"op": "undo", "seq": me.seq})
    assert me.answer(rid) == {"type": "ok", "id": rid, "seq": 2}
    update = me.seen[-2]
    assert update["type"] == "update" and update["undone"] == 1 and update["seat"] == 0
    after = me.state
    assert after is not None
    assert after["actions_played"] == 0 and after["drawn_tile"] == before["drawn_tile"]
    assert after["tiles"] == before["tiles"] and after["scores"] == before["scores"]
    # the tile and the figure, then the bot's turn: my next tile is drawn and seen
    me.apply(after["legal_actions"][0]["action"])
    assert me.apply(me.state["legal_actions"][0]["action"])["type"] == "ok"  # type: ignore[index]
    while me.state["pending"]["player"] != 0:  # type: ignore[index]
        me.until("update")  # the bot's turn
    moved, seen = me.seq, me.state["drawn_tile"]  # type: ignore[index]
    rid = me.send({"op": "undo", "seq": moved})
    refused = me.answer(rid)
    assert refused["type"] == "error" and refused["error"]["code"] == "undo-reveals"
    assert me.seq == moved and me.state["drawn_tile"] == seen  # type: ignore[index]
    # the refusal changed nothing in the store either
    with server.http() as h:
        assert h.get(f"/api/games/{game['id']}").json()["game"]["seq"] == moved
    me.close()


def test_undo_between_people_needs_the_others(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}], seed=4)
    a, b = clients[0], clients[1]
    a.apply(a.state["legal_actions"][0]["action"])  # type: ignore[index]
    a.apply(a.state["legal_actions"][0]["action"])  # type: ignore[index]
    seq = a.seq
    advance(b, seq)
    # a asks, b declines: nothing changes
    rid = a.send({"op": "undo", "seq": seq})
    assert a.answer(rid)["type"] == "ok"
    assert b.until("undo-request") == {
        "type": "undo-request",
        "game": game["id"],
        "seq": seq,
        "seat": 0,
    }
    rid = b.send({"op": "undo_answer", "seq": seq, "accept": False})
    assert b.answer(rid)["type"] == "ok"
    assert a.until("undo-declined")["by"] == 1
    assert a.seq == seq
    # a cannot answer its own request for b; an answer without a request is refused
    rid = a.send({"op": "undo_answer", "seq": seq, "accept": True})
    assert a.answer(rid)["error"]["code"] == "no-undo-request"
    # a asks again, b accepts: a's last decision (its figure) is taken back
    rid = a.send({"op": "undo", "seq": seq})
    a.answer(rid)
    b.until("undo-request", seq=seq)
    rid = b.send({"op": "undo_answer", "seq": seq, "accept": True})
    assert b.answer(rid)["seq"] == seq + 1
    update = a.until("update", seq=seq + 1)
    assert update["undone"] == 1 and update["seat"] == 0
    assert update["state"]["actions_played"] == 1
    assert update["state"]["pending"]["kind"] == "figure"
    a.close()
    b.close()


def _stored(db: str, game: str) -> list[tuple[int, str, str | None]]:
    """The game's log as stored, ``(seq, kind, secret)``, read from the store itself."""
    query = "SELECT seq, kind, secret FROM moves WHERE game = $1 ORDER BY seq"
    if db.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(db.removeprefix("sqlite:///"))) as conn:
            return list(conn.execute(query.replace("$1", "?"), (game,)))

    async def read() -> list[tuple[int, str, str | None]]:
        conn = await asyncpg.connect(db)
        try:
            return [tuple(row) for row in await conn.fetch(query, game)]
        finally:
            await conn.close()

    import asyncpg

    return asyncio.run(read())


def test_an_agreed_undo_that_took_back_a_draw_reshuffles_the_unseen_pile(
    server: ServerProcess,
) -> None:
    """Between people an undo may take back a draw (all agreed), but the draws taken back
    must not come again in the order everyone saw: the undo is stored with the fresh seed of
    the new order (hidden from clients), and the game goes on from it, its history too."""
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}], seed=4)
    a, b = clients[0], clients[1]
    a.apply(a.state["legal_actions"][0]["action"])  # type: ignore[index]
    a.apply(a.state["legal_actions"][0]["action"])  # type: ignore[index]  (b's tile drawn)
    seq = a.seq
    advance(b, seq)
    seen = dict(a.state)  # type: ignore[arg-type]
    a.answer(a.send({"op": "undo", "seq": seq}))
    b.until("undo-request", seq=seq)
    assert b.answer(b.send({"op": "undo_answer", "seq": seq, "accept": True}))["seq"] == seq + 1
    update = a.until("update", seq=seq + 1)
    assert update["undone"] == 1
    after = update["state"]
    # all that was seen is as it was before the figure
    assert after["tiles"] == seen["tiles"] and after["actions_played"] == 1
    assert after["tiles_left"] == seen["tiles_left"] + 1 and after["pending"]["kind"] == "figure"
    stored = _stored(server.db, game["id"])
    assert [(s, k) for s, k, _ in stored] == [(1, "action"), (2, "action"), (3, "undo")]
    assert stored[0][2] is None and stored[1][2] is None
    secret = stored[2][2]
    assert secret is not None and 0 <= int(secret) < 2**62
    # the secret never reaches a client: not in the missed moves of a sync
    watcher = server.connect(game["id"])
    sync = watcher.hello(seq=0)
    assert sync["missed"][2] == {"seq": 3, "seat": 0, "kind": "undo", "text": "1"}
    assert secret not in json.dumps(sync)
    # the game goes on from the new pile, and its history follows it
    assert a.apply(a.state["legal_actions"][0]["action"])["type"] == "ok"  # type: ignore[index]
    advance(watcher, seq + 2)
    with server.http() as h:
        history = h.get(f"/api/games/{game['id']}/history").json()
    assert [(e["seq"], e["seat"]) for e in history["entries"]] == [(1, 0), (4, 0)]
    assert history["entries"][1]["text"] == a.seen[-2]["action"]["text"]
    assert watcher.state["drawn_tile"] == a.state["drawn_tile"]  # type: ignore[index]
    for client in (a, b, watcher):
        client.close()
