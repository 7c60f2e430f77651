"""Two server processes on one PostgreSQL database, no balancer: the test talks to both.
Moves made through one process reach the clients of the other (LISTEN/NOTIFY), and two moves
based on the same ``seq`` sent through both at once are serialised by the ``(game, seq)`` key:
one is accepted, the other is told it is stale."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest

from .live import PG_URL, ServerProcess, fresh_pg_database
from .test_play import advance, seated

pytestmark = pytest.mark.skipif(not PG_URL, reason="CARCASSONNE_TEST_PG is not set")


@pytest.fixture(scope="module")
def pair() -> Iterator[tuple[ServerProcess, ServerProcess]]:
    db = fresh_pg_database()
    one = ServerProcess(db).start()
    two = ServerProcess(db).start()
    yield one, two
    one.stop()
    two.stop()


def test_moves_fan_out_to_the_other_process(pair: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = pair
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    game, here = seated(one, seats, seed=5)  # both seats joined through process one
    there = two.connect(game["id"])
    assert there.hello()["seq"] == 0
    # seat 1 plays through process two: reconnect it there
    token1 = next(m for m in here[1].sent if m["op"] == "hello")["token"]
    here[1].close()
    seat1 = two.connect(game["id"])
    seat1.hello(1, token1, 0)
    clients = {0: here[0], 1: seat1}
    ref = here[0]
    for _ in range(12):  # a dozen decisions: people through both processes, and the bot
        player, seq = ref.state["pending"]["player"], ref.seq  # type: ignore[index]
        if player in clients:
            mover = clients[player]
            advance(mover, seq)
            answer = mover.apply(mover.state["legal_actions"][0]["action"])  # type: ignore[index]
            assert answer["type"] == "ok"
        advance(ref, seq + 1)
    advance(there, ref.seq)
    advance(seat1, ref.seq)
    assert there.state["tiles"] == ref.state["tiles"]  # type: ignore[index]
    assert seat1.state["scores"] == ref.state["scores"]  # type: ignore[index]
    # presence is shared too: process two knows that seat 0 is online through process one
    online = [m for m in there.seen if m["type"] == "presence"][-1]["seats"]
    assert [s["online"] for s in online] == [True, True, True]
    for client in (there, seat1, here[0]):
        client.close()


def test_the_same_move_through_both_processes_is_accepted_once(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    one, two = pair
    game, clients = seated(one, [{"kind": "human"}, {"kind": "human"}], seed=9)
    token0 = next(m for m in clients[0].sent if m["op"] == "hello")["token"]
    twin = two.connect(game["id"])
    twin.hello(0, token0, 0)
    action = twin.state["legal_actions"][0]["action"]  # type: ignore[index]
    answers: dict[str, dict] = {}
    start = threading.Barrier(2)

    def send(name: str, client) -> None:  # type: ignore[no-untyped-def]
        start.wait()
        answers[name] = client.apply(action, seq=0)

    threads = [
        threading.Thread(target=send, args=("one", clients[0])),
        threading.Thread(target=send, args=("two", twin)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    kinds = sorted(a["type"] for a in answers.values())
    assert kinds == ["error", "ok"], answers
    refused = next(a for a in answers.values() if a["type"] == "error")
    assert refused["error"]["code"] == "stale"
    with one.http() as h:
        assert h.get(f"/api/games/{game['id']}").json()["game"]["seq"] == 1
    for client in (twin, *clients.values()):
        client.close()


def _notify(db: str, payloads: list[str]) -> None:
    """Send ``payloads`` on the servers' channel, in order, as another process would."""
    import asyncio

    import asyncpg

    from carcassonne.server.storage import CHANNEL

    async def send() -> None:
        conn = await asyncpg.connect(db)
        try:
            for payload in payloads:
                await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
        finally:
            await conn.close()

    asyncio.run(send())


def test_malformed_news_is_dropped_and_the_hub_goes_on(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    """Anything on the channel that is not news of the known shapes changes nothing: no
    message outside the protocol reaches a client (every message received is checked against
    the schemas), presence still works, and the news after it is acted on."""
    one, _two = pair
    gid = one.create_game([{"kind": "human"}] * 3, seed=3)["id"]
    first = one.connect(gid)  # seat 0 only: seat 2 is online when the good news says so
    assert first.hello(0, one.join(gid, 0), 0)["type"] == "sync"
    bad = [
        "not json",
        "[1]",
        json.dumps({"k": "move", "g": [1], "p": "bad"}),
        json.dumps({"k": "presence", "g": gid, "p": "bad", "online": [[1]]}),
        json.dumps({"k": "presence", "g": gid, "p": "bad2", "online": 4}),
        json.dumps({"k": "undo-request", "g": gid, "p": "bad"}),
        json.dumps({"k": "undo-request", "g": gid, "p": "bad", "seq": 0, "seat": "zz"}),
        json.dumps({"k": "undo-request", "g": gid, "p": "bad", "seq": -1, "seat": 99}),
        json.dumps({"k": "undo-declined", "g": gid, "p": "bad", "message": {"type": "x"}}),
        json.dumps({"k": "undo-declined", "g": gid, "p": "bad"}),
        json.dumps({"k": "nonsense", "g": gid, "p": "bad"}),
    ]
    good = json.dumps({"k": "presence", "g": gid, "p": "elsewhere", "online": [2]})
    _notify(one.db, [*bad, good])
    presence = first.until("presence")
    while not presence["seats"][2]["online"]:  # its own presence comes first
        presence = first.until("presence")
    assert [s["online"] for s in presence["seats"]] == [True, False, True]
    assert [m["type"] for m in first.seen if m["type"] not in ("sync", "presence")] == []
    # a newcomer is served (its presence is worked out from the news kept)
    watcher = one.connect(gid)
    assert watcher.hello()["type"] == "sync"
    assert [s["online"] for s in watcher.until("presence")["seats"]] == [True, False, True]
    # and moves still go round
    answer = first.apply(first.state["legal_actions"][0]["action"])  # type: ignore[index]
    assert answer["type"] == "ok"
    assert watcher.until("update")["seq"] == 1
    for client in (watcher, first):
        client.close()
