"""Bad input to the real server gets its answer (issue 33): lone surrogates in messages and
names, non-ASCII digits in URLs, names the engine's rule refuses, impossible game ids, and a
``--db`` whose scheme is unknown. Each case once failed (no answer, a 500, a name accepted, a
SQLite file created), on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .live import ServerProcess, WsClient
from .test_play import seated

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _raw_answer(client: WsClient, text: str) -> dict[str, Any]:
    """Send ``text`` as is and read up to its answer without the schema check (a lone
    surrogate echoed back is exact JSON, but not text a validator in Rust takes)."""
    rid = json.loads(text)["id"]
    client.send_raw(text)
    for _ in range(50):
        message: dict[str, Any] = json.loads(client.conn.recv(timeout=10))
        if message.get("id") == rid and message["type"] in ("pong", "error", "ok", "sync"):
            return message
    raise AssertionError(f"no answer to {text}")


def test_a_lone_surrogate_in_a_message_is_answered_and_the_connection_lives(
    server: ServerProcess,
) -> None:
    game, clients = seated(server, HUMANS, seed=3)
    me = clients[0]
    pong = _raw_answer(me, '{"op":"ping","id":"\\ud800"}')
    assert pong == {"type": "pong", "id": "\ud800"}
    bad = _raw_answer(
        me, '{"op":"apply","id":7,"seq":0,"action":{"type":"tile","tile":"BA/\\udfffC",'
        '"x":1,"y":0,"rotation":0}}',
    )  # fmt: skip
    assert bad["id"] == 7 and bad["type"] == "error" and bad["error"]["code"] == "illegal-action"
    # the connection still hears everything: its own move, then the other seat's presence
    assert me.state is not None
    assert me.apply(me.state["legal_actions"][0]["action"])["type"] == "ok"
    clients[1].close()
    assert me.until("presence")["seats"][1]["online"] is False
    me.close()


def test_a_lone_surrogate_token_is_a_bad_token(server: ServerProcess) -> None:
    game = server.create_game(HUMANS)
    server.join(game["id"], 0)
    client = server.connect(game["id"])
    answer = _raw_answer(client, '{"op":"hello","id":1,"seat":0,"token":"\\ud800","seq":0}')
    assert answer["error"]["code"] == "bad-token"
    client.close()


@pytest.mark.parametrize("digit", ["²", "①", "١"])
def test_non_ascii_digits_in_urls_are_refused_with_their_code(
    server: ServerProcess, digit: str
) -> None:
    game = server.create_game(HUMANS)["id"]
    with server.http() as h:
        seat = h.post(f"/api/games/{game}/seats/{digit}", json={})
        assert (seat.status_code, seat.json()["error"]["code"]) == (404, "bad-seat")
        picture = h.get(f"/api/games/{game}/picture", params={"seat": digit})
        assert (picture.status_code, picture.json()["error"]["code"]) == (400, "bad-seat")
        listed = h.get("/api/games", params={"limit": digit})
        assert (listed.status_code, listed.json()["error"]["code"]) == (400, "bad-request")
        # ASCII digits still work
        assert h.get(f"/api/games/{game}/picture", params={"seat": "1"}).status_code == 200
        assert h.get("/api/games", params={"limit": "2"}).status_code == 200


@pytest.mark.parametrize(
    "name", ["ann\ud800", "a\x00b", "two\nlines", "para\u2028graph", "evil\u202egnp", ""]
)
def test_seat_names_follow_the_engines_rule(server: ServerProcess, name: str) -> None:
    from carcassonne.limits import name_problem

    assert name_problem(name) is not None
    body = json.dumps({"seats": [{"kind": "human", "name": name}, {"kind": "human"}]})
    with server.http() as h:
        created = h.post("/api/games", content=body.encode("utf-8", "surrogatepass"))
        assert created.status_code == 400, created.text
        assert created.json()["error"]["code"] in ("bad-request", "bad-json")
        game = server.create_game(HUMANS)["id"]
        joined = h.post(
            f"/api/games/{game}/seats/0",
            content=json.dumps({"name": name}).encode("utf-8", "surrogatepass"),
        )
        assert joined.status_code == 400 and joined.json()["error"]["code"] == "bad-request"
        taken = h.get(f"/api/games/{game}").json()["game"]["seats"][0]["taken"]
        assert taken is False
        # the rule's good names still pass, trimmed of spaces at their ends
        fine = h.post(f"/api/games/{game}/seats/0", json={"name": "  Zoë O'Brien  "})
        assert fine.json()["game"]["seats"][0]["name"] == "Zoë O'Brien"


@pytest.mark.parametrize("game_id", ["x%00y", "x%0Ay", "a%E2%80%AEb", "%C2%B2", "x.y"])
def test_an_impossible_game_id_is_not_found(server: ServerProcess, game_id: str) -> None:
    with server.http() as h:
        for tail in ("", "/record", "/position", "/picture", "/history", "/board.svg"):
            answer = h.get(f"/api/games/{game_id}{tail}")
            assert answer.status_code == 404, (tail, answer.text)
            assert answer.json()["error"]["code"] == "not-found"


def _serve_with_db(folder: Path, url: str) -> subprocess.CompletedProcess[str]:
    """``carcassonne serve --http --db URL`` run in ``folder`` (it must refuse URL first)."""
    return subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "serve", "--http", "--port", "1",
         "--db", url],
        capture_output=True, text=True, timeout=60, cwd=folder,
    )  # fmt: skip


@pytest.mark.parametrize("url", ["foo://x", "postgress://u@localhost/db", "sqlite3:///g.db"])
def test_a_db_with_an_unknown_scheme_is_refused(tmp_path: Path, url: str) -> None:
    done = _serve_with_db(tmp_path, url)
    assert done.returncode != 0
    assert f"unknown scheme {url.partition('://')[0]!r}" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.rglob("*")) == []  # no SQLite file made of the URL


@pytest.mark.parametrize(
    "url", ["postgresql:x", "postgres:u:secret@localhost/db", "sqlite:g.db", "postgresql:/x"]
)
def test_a_known_scheme_without_its_slashes_is_refused(tmp_path: Path, url: str) -> None:
    """Not a SQLite file named after the URL: an error naming the accepted forms (and not
    repeating what follows the scheme, which may be a password)."""
    done = _serve_with_db(tmp_path, url)
    assert done.returncode != 0
    head = url.partition(":")[0]
    assert f"--db {head}:...: {head}: needs '//' after it (accepted: postgresql://" in done.stderr
    assert "sqlite:////absolute/path.db or a file path)" in done.stderr, done.stderr
    assert "secret" not in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.rglob("*")) == []  # no SQLite file made of the URL


@pytest.mark.parametrize("value", [2**63, 2**64 + 5, -(2**63) - 1])
def test_options_beyond_64_bits_are_refused(server: ServerProcess, value: int) -> None:
    """Such a game's record could not be loaded back (TOML's integers are 64-bit)."""
    with server.http() as h:
        answer = h.post("/api/games", json={"seats": HUMANS, "options": {"meeples": value}})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "bad-config"
        assert "must fit in 64 bits" in answer.json()["error"]["message"]
        fine = h.post("/api/games", json={"seats": HUMANS, "options": {"meeples": 2**63 - 1}})
        assert fine.status_code == 201
