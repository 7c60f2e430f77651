"""The REST API on the real server: creating, listing, joining and leaving games, what is
hidden (tokens, the seed, records of running games), errors with stable codes and limits."""

from __future__ import annotations

import tomllib

from carcassonne.bots import BOTS
from carcassonne.position import load_position

from .live import ServerProcess
from .test_play import seated


def test_catalogue_lists_expansions_options_and_bots(server: ServerProcess) -> None:
    with server.http() as h:
        catalogue = h.get("/api/expansions").json()
    names = [e["name"] for e in catalogue["expansions"]]
    assert {"river", "abbot", "abbey-mayor"} <= set(names)
    assert {o["key"] for o in catalogue["options"]} >= {"farmers", "meeples", "tiny_city"}
    assert catalogue["bots"] == sorted(BOTS) and {"greedy", "random"} <= set(BOTS)


def test_create_list_join_leave(server: ServerProcess) -> None:
    game = server.create_game(
        [{"kind": "human", "name": "ann"}, {"kind": "bot", "bot": "greedy"}],
        expansions=["river"],
        options={"meeples": 5},
        seed=1234,
    )
    assert game["status"] == "waiting" and game["seq"] == 0
    assert game["expansions"] == ["river"] and game["options"]["meeples"] == 5
    assert "seed" not in game and "1234" not in str(game)
    assert [(s["kind"], s["taken"]) for s in game["seats"]] == [("human", False), ("bot", True)]
    hidden = server.create_game([{"kind": "human"}, {"kind": "human"}], private=True)
    with server.http() as h:
        listed = [g["id"] for g in h.get("/api/games").json()["games"]]
        assert game["id"] in listed and hidden["id"] not in listed
        assert h.get(f"/api/games/{hidden['id']}").status_code == 200
        joined = h.post(f"/api/games/{game['id']}/seats/0", json={"name": "zoe"}).json()
        assert joined["seat"] == 0 and len(joined["token"]) >= 40
        assert joined["game"]["status"] == "playing"
        assert joined["game"]["seats"][0] == {
            "seat": 0, "kind": "human", "bot": None, "name": "zoe", "taken": True,
        }  # fmt: skip
        again = h.post(f"/api/games/{game['id']}/seats/0", json={"name": "eve"})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat-taken"
        bot_seat = h.post(f"/api/games/{game['id']}/seats/1", json={})
        assert bot_seat.status_code == 409
        url = f"/api/games/{game['id']}/seats/0"
        assert h.delete(url).status_code == 401
        wrong = h.delete(url, headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad-token"
        left = h.delete(url, headers={"Authorization": f"Bearer {joined['token']}"})
        assert left.status_code == 200 and left.json()["game"]["status"] == "waiting"
        assert left.json()["game"]["seats"][0]["taken"] is False


def test_a_seat_given_up_loses_its_power(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}])
    token = next(m for m in clients[0].sent if m["op"] == "hello")["token"]
    with server.http() as h:
        h.delete(f"/api/games/{game['id']}/seats/0", headers={"Authorization": f"Bearer {token}"})
    move = clients[0].state["legal_actions"][0]["action"]  # type: ignore[index]
    assert clients[0].apply(move)["error"]["code"] == "bad-token"
    for client in clients.values():
        client.close()


def test_bad_requests_get_stable_codes(server: ServerProcess) -> None:
    cases = [
        ({"seats": [{"kind": "human"}]}, "bad-request"),
        ({"seats": [{"kind": "human"}, {"kind": "robot"}]}, "bad-request"),
        ({"seats": [{"kind": "bot"}, {"kind": "bot"}]}, "bad-request"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep"}]}, "bad-request"),
        ({"seats": [{"kind": "human"}] * 2, "expansions": ["moon"]}, "bad-config"),
        ({"seats": [{"kind": "human"}] * 2, "options": {"meeples": "many"}}, "bad-config"),
        ({"seats": [{"kind": "human"}] * 2, "options": {"meeples": [1]}}, "bad-request"),
        ({"seats": [{"kind": "human"}] * 2, "seed": -1}, "bad-request"),
        ({"seats": [{"kind": "human"}] * 2, "colour": "red"}, "bad-request"),
        ({}, "bad-request"),
    ]
    with server.http() as h:
        for body, code in cases:
            answer = h.post("/api/games", json=body)
            assert answer.status_code == 400, (body, answer.text)
            assert answer.json()["error"]["code"] == code, (body, answer.text)
        not_json = h.post("/api/games", content=b"{nope", headers={"content-type": "x"})
        assert not_json.status_code == 400 and not_json.json()["error"]["code"] == "bad-json"
        huge = h.post("/api/games", content=b"[" + b"1," * 40_000 + b"1]")
        assert huge.status_code == 413 and huge.json()["error"]["code"] == "too-large"
        missing = h.get("/api/games/nope")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-found"
        assert h.get("/api/games?limit=0").json()["error"]["code"] == "bad-request"


def test_records_wait_for_the_end_positions_hide_the_pile(server: ServerProcess) -> None:
    game = server.create_game([{"kind": "human"}, {"kind": "human"}], seed=77)
    with server.http() as h:
        answer = h.get(f"/api/games/{game['id']}/record")
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "game-in-progress"
        position = h.get(f"/api/games/{game['id']}/position")
    assert position.status_code == 200
    data = tomllib.loads(position.text)
    assert data["seed"] == 0 and data["pending"] == "tile"
    assert isinstance(data["pile"], dict) and sum(data["pile"].values()) == 70
    loaded = load_position(position.text, text=True)  # a playable position
    assert loaded.tiles_left() == 70 and loaded.drawn == data["drawn"]
    # while a figure decision is pending, the position keeps the turn so far (``then``)
    _, clients = seated(server, [{"kind": "human"}, {"kind": "human"}])
    placed = clients[0].state["legal_actions"][0]  # type: ignore[index]
    clients[0].apply(placed["action"])
    with server.http() as h:
        busy = h.get(f"/api/games/{clients[0].seen[0]['game']}/position")
    assert busy.status_code == 200, busy.text
    mid = tomllib.loads(busy.text)
    assert mid["then"] == [placed["text"]]
    assert load_position(busy.text, text=True).pending.kind == "figure"
    for client in clients.values():
        client.close()


def test_the_board_picture(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}], seed=5)
    clients[0].apply(clients[0].state["legal_actions"][0]["action"])  # type: ignore[index]
    with server.http() as h:
        board = h.get(f"/api/games/{game['id']}/board.svg")
    assert board.status_code == 200
    assert board.headers["content-type"].startswith("image/svg+xml")
    assert board.text.lstrip().startswith("<svg") and board.text.rstrip().endswith("</svg>")
    placed = clients[0].state["tiles"]  # type: ignore[index]
    assert len(placed) == 2 and all(t["id"] in board.text for t in placed)
    for client in clients.values():
        client.close()


def test_openapi_and_schemas_are_served(server: ServerProcess) -> None:
    with server.http() as h:
        document = h.get("/api/openapi.json").json()
        assert document["openapi"].startswith("3.1")
        assert "/api/games/{game}/seats/{seat}" in document["paths"]
        schema = h.get("/api/schemas/ws-server.json").json()
        assert schema["$id"].endswith("ws-server.json")
        assert h.get("/api/schemas/nope.json").status_code == 404
