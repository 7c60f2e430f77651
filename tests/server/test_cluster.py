"""Two server processes on one PostgreSQL database, no balancer: the test talks to both.
Moves made through one process reach the clients of the other (LISTEN/NOTIFY), and two moves
based on the same ``seq`` sent through both at once are serialised by the ``(game, seq)`` key:
one is accepted, the other is told it is stale."""

from __future__ import annotations

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
