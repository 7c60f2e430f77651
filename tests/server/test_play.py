"""Whole games through the real server, for SQLite and PostgreSQL: two people and a bot play to
the end, a client drops and resumes, stale moves and wrong tokens are refused, the server is
killed and restarted and the game goes on from the same ``seq``."""

from __future__ import annotations

from typing import Any

from carcassonne.record import load_record

from .live import ServerProcess, WsClient

HUMANS_AND_BOT = [
    {"kind": "human", "name": "ann"},
    {"kind": "human", "name": "bob"},
    {"kind": "bot", "bot": "greedy"},
]


def advance(client: WsClient, seq: int) -> None:
    """Read until ``client`` has seen the update to ``seq``."""
    while client.seq < seq:
        client.until("update")


def play(ref: WsClient, clients: dict[int, WsClient], moves: int | None = None) -> int:
    """Play the first legal action for each human seat in turn (bots move by themselves)
    until the game is over or ``moves`` human moves were made; ``ref`` follows every move."""
    made = 0
    while ref.state is not None and not ref.state["game_over"]:
        if moves is not None and made >= moves:
            break
        player, seq = ref.state["pending"]["player"], ref.seq
        if player in clients:
            client = clients[player]
            advance(client, seq)
            assert client.state is not None
            answer = client.apply(client.state["legal_actions"][0]["action"])
            assert answer["type"] == "ok", answer
            assert answer["seq"] == seq + 1
            made += 1
            advance(ref, answer["seq"])
        else:
            advance(ref, seq + 1)
    return made


def no_secret(messages: list[dict[str, Any]]) -> None:
    """No message carries the order of the draw pile or the seed."""
    for message in messages:
        state = message.get("state")
        if state is not None:
            assert "draw_pile" not in state
            assert state["config"]["seed"] is None


def seated(server: ServerProcess, seats: list[dict[str, Any]], **fields: Any):
    game = server.create_game(seats, **fields)
    clients = {}
    for seat in seats_of(game, "human"):
        token = server.join(game["id"], seat, f"p{seat}")
        client = server.connect(game["id"])
        sync = client.hello(seat, token, 0)
        assert sync["type"] == "sync" and sync["seat"] == seat
        clients[seat] = client
    return game, clients


def seats_of(game: dict[str, Any], kind: str) -> list[int]:
    return [s["seat"] for s in game["seats"] if s["kind"] == kind]


def test_two_people_and_a_bot_play_a_whole_game(server: ServerProcess) -> None:
    game, clients = seated(server, HUMANS_AND_BOT, seed=7)
    watcher = server.connect(game["id"])
    assert watcher.hello()["state"]["view"] == "spectator"
    play(clients[0], clients)
    final = clients[0].state
    assert final is not None and final["game_over"]
    for client in (clients[1], watcher):
        advance(client, clients[0].seq)
        assert client.state is not None
        assert client.state["scores"] == final["scores"]
        assert client.state["tiles"] == final["tiles"]
    assert clients[1].state["view"] == 1 and watcher.state["view"] == "spectator"  # type: ignore[index]
    for client in (*clients.values(), watcher):
        no_secret(client.seen)
        client.close()
    with server.http() as h:
        details = h.get(f"/api/games/{game['id']}").json()["game"]
        assert details["status"] == "over" and details["seq"] == clients[0].seq
        record = h.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200
    replayed = load_record(record.text, text=True)
    assert replayed.is_over and replayed.scores == final["scores"]
    assert len(replayed.log) == final["actions_played"]


def test_a_client_disconnects_and_resumes_exactly(server: ServerProcess) -> None:
    game, clients = seated(server, HUMANS_AND_BOT[:2] + [{"kind": "bot", "bot": "random"}])
    play(clients[0], clients, moves=3)
    while clients[0].state["pending"]["player"] != 0:  # type: ignore[index]
        play(clients[0], clients, moves=1)
    gone = clients.pop(1)
    last_seen = gone.seq
    gone.close()
    # seat 1 is gone: seat 0 and the bot play on until seat 1 must decide
    while clients[0].state["pending"]["player"] != 1:  # type: ignore[index]
        play(clients[0], clients, moves=1)
    # seat 1 comes back: a new connection, the same token (kept by the client)
    back = server.connect(game["id"])
    sync = back.hello(1, _token_of(gone), last_seen)
    assert sync["seq"] == clients[0].seq > last_seen
    assert [m["seq"] for m in sync["missed"]] == list(range(last_seen + 1, sync["seq"] + 1))
    mine, theirs = dict(sync["state"]), dict(clients[0].state)  # type: ignore[arg-type]
    assert mine.pop("view") == 1 and theirs.pop("view") == 0
    assert mine == theirs
    assert back.apply(sync["state"]["legal_actions"][0]["action"])["type"] == "ok"
    advance(clients[0], back.seq)
    back.close()
    clients[0].close()


def test_the_search_bot_thinks_in_another_process(server: ServerProcess) -> None:
    """The mcts bot's search runs in the bot process pool: its moves arrive, each based on the
    state it saw, and the event loop answers a ping while it searches."""
    game, clients = seated(server, [{"kind": "human"}, {"kind": "bot", "bot": "mcts"}], seed=5)
    me = clients[0]
    play(me, clients, moves=1)
    while me.state["pending"]["player"] != 1:  # type: ignore[index]
        play(me, clients, moves=1)
    rid = me.send({"op": "ping"})  # the bot is searching now
    assert me.answer(rid, timeout=30)["type"] == "pong"
    bot_moves = []
    while len(bot_moves) < 2:
        update = me.until("update", timeout=120)
        if update["seat"] == 1:
            bot_moves.append(update)
    assert [u["seq"] for u in bot_moves] == [bot_moves[0]["seq"], bot_moves[0]["seq"] + 1]
    assert me.state["pending"]["player"] == 0  # type: ignore[index]
    me.close()


def _token_of(client: WsClient) -> str:
    hello = next(m for m in client.sent if m["op"] == "hello")
    token: str = hello["token"]
    return token


def test_a_stale_move_is_refused_with_a_fresh_sync(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}], seed=3)
    a, b = clients[0], clients[1]
    first = a.state["legal_actions"][0]["action"]  # type: ignore[index]
    assert a.apply(first)["type"] == "ok"
    advance(b, 1)
    # seat 0 places its figure (or passes); a copy of that message based on seq 0 is stale
    follow = a.state["legal_actions"][0]["action"]  # type: ignore[index]
    rid = a.send({"op": "apply", "seq": 0, "action": follow})
    refused = a.answer(rid)
    assert refused["type"] == "error" and refused["error"]["code"] == "stale"
    sync = a.until("sync")
    assert sync["seq"] == 1 and sync["state"]["actions_played"] == 1
    assert a.apply(follow)["seq"] == 2
    a.close()
    b.close()


def test_a_wrong_token_and_other_seats_cannot_act(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}], seed=3)
    _, other = seated(server, [{"kind": "human"}, {"kind": "human"}], seed=3)
    intruder = server.connect(game["id"])
    wrong = intruder.hello(0, "not-the-token")
    assert wrong["type"] == "error" and wrong["error"]["code"] == "bad-token"
    # a token of another game is worthless here
    foreign = _token_of(other[0])
    assert intruder.hello(0, foreign)["error"]["code"] == "bad-token"
    # the connection is still open; as a spectator it cannot act
    assert intruder.hello()["type"] == "sync"
    move = intruder.state["legal_actions"][0]["action"]  # type: ignore[index]
    assert intruder.apply(move)["error"]["code"] == "spectator"
    # seat 1 cannot act for seat 0
    refused = clients[1].apply(move)
    assert refused["error"]["code"] == "not-your-turn"
    assert clients[0].apply(move)["type"] == "ok"
    for client in (intruder, *clients.values(), *other.values()):
        client.close()


def test_bad_messages_get_errors_and_the_connection_lives(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}])
    c = clients[0]
    c.send_raw("this is not JSON")
    assert c.until("error")["error"]["code"] == "bad-json"
    c.send_raw("[1, 2]")
    assert c.until("error")["error"]["code"] == "bad-request"
    rid = c.send({"op": "shuffle"}, check=False)
    assert c.answer(rid)["error"]["code"] == "unknown-op"
    rid = c.send({"op": "apply", "seq": 0, "action": "tile XX/Y 9,9 r0"})
    assert c.answer(rid)["error"]["code"] == "bad-action"
    rid = c.send({"op": "apply", "seq": 0, "action": "tile BA/C 9,9 r0"})
    illegal = c.answer(rid)["error"]
    assert illegal["code"] in ("illegal-action", "bad-action"), illegal
    c.send_raw('{"op": "ping", "pad": "' + "x" * 20_000 + '"}')
    assert c.until("error")["error"]["code"] == "too-large"
    assert c.answer(c.send({"op": "ping"}))["type"] == "pong"
    fresh = server.connect(game["id"])
    rid = fresh.send({"op": "apply", "seq": 0, "action": "pass"}, check=False)
    assert fresh.answer(rid)["error"]["code"] == "no-hello"
    fresh.close()
    c.close()
    clients[1].close()


def test_the_server_is_killed_and_the_game_goes_on(store_url: str) -> None:
    first = ServerProcess(store_url).start()
    try:
        game, clients = seated(
            first, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=11
        )
        play(clients[0], clients, moves=4)
        while clients[0].state["pending"]["player"] != 0:  # type: ignore[index]
            clients[0].until("update")  # the bot's move
        seq, state = clients[0].seq, clients[0].state
        token = _token_of(clients[0])
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(store_url, port=first.port).start()
    try:
        back = second.connect(game["id"])
        sync = back.hello(0, token, seq)
        assert sync["seq"] == seq and sync["missed"] == []
        assert sync["state"] == state
        assert back.apply(sync["state"]["legal_actions"][0]["action"])["seq"] == seq + 1
        back.close()
    finally:
        second.stop()


def test_a_chance_action_is_refused_by_its_code(server: ServerProcess) -> None:
    """The server's games draw chance themselves: a client's chance outcome is refused with
    ``chance-not-pending`` and changes nothing."""
    game, clients = seated(server, HUMANS_AND_BOT[:2], seed=3)
    client = clients[0]
    seq = client.seq
    answer = client.apply({"type": "chance", "name": "t-sheep-bag", "outcome": "wolf"})
    assert answer["type"] == "error" and answer["error"]["code"] == "chance-not-pending"
    assert answer["error"]["message"] == (
        "no chance draw waits for an outcome: the engine draws chance itself in this game"
    )
    assert client.seq == seq
    for c in clients.values():
        c.close()


def test_a_client_that_asks_for_changes_follows_the_same_game(server: ServerProcess) -> None:
    """Seat 0 says hello with ``changes``: its updates carry what changed (not the state) and
    the action's log entry, and the state it builds from them is, after every move, seat 1's
    (which receives the state) but for ``view``; the entries are the history's. A bad
    ``changes`` is refused."""
    game = server.create_game([{"kind": "human"}, {"kind": "human"}], seed=3)
    clients = {}
    for seat, changes in ((0, True), (1, False)):
        token = server.join(game["id"], seat, f"p{seat}")
        client = server.connect(game["id"])
        assert client.hello(seat, token, 0, changes=changes)["type"] == "sync"
        clients[seat] = client
    wrong = server.connect(game["id"])
    rid = wrong.send({"op": "hello", "changes": "yes"}, check=False)
    assert wrong.answer(rid)["error"]["message"] == "field 'changes' must be true or false"
    made = play(clients[1], clients, moves=40)
    assert made == 40
    advance(clients[0], clients[1].seq)
    updates = [m for m in clients[0].seen if m["type"] == "update"]
    assert len(updates) == 40 and all("changes" in m and "state" not in m for m in updates)
    assert all("state" in m for m in clients[1].seen if m["type"] == "update")
    mine, theirs = clients[0].state, clients[1].state
    assert mine is not None and theirs is not None
    assert {**mine, "view": 1} == theirs
    # each update with changes carries its action's log entry, as the page's history has it
    # (the page appends them instead of asking for the history after each move)
    with server.http() as h:
        history = h.get(f"/api/games/{game['id']}/history").json()
    assert [m["entry"] for m in updates] == history["entries"]
    assert [e["seq"] for e in history["entries"]] == list(range(1, 41))
    assert not any("entry" in m for m in clients[1].seen)
