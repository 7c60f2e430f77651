"""Helpers: the game server running for real, a ``carcassonne serve --http`` process on a
free loopback port, over SQLite (a file in a temporary folder) and, when
``CARCASSONNE_TEST_PG`` names a PostgreSQL server (``.ci/run`` starts one), over PostgreSQL
with a fresh database per store.

Clients are synchronous (httpx, websockets.sync); every message the server sends is validated
against the WebSocket schema (``ws-server.json``) and every message a test sends on purpose as
well-formed against ``ws-client.json``.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
httpx = pytest.importorskip("httpx", reason="the server-test extra is not installed")
jsonschema = pytest.importorskip("jsonschema", reason="the server-test extra is not installed")
ws_sync = pytest.importorskip("websockets.sync.client", reason="the server extra is missing")

from carcassonne.json_view import apply_changes  # noqa: E402
from carcassonne.server.schemas import SCHEMAS  # noqa: E402

PG_URL = os.environ.get("CARCASSONNE_TEST_PG")


def validator(schema: dict[str, Any]) -> Any:
    """A fast validator (jsonschema-rs, a schemathesis dependency) or the reference one."""
    try:
        import jsonschema_rs

        return jsonschema_rs.validator_for(schema)
    except ImportError:
        return jsonschema.Draft202012Validator(schema)


SERVER_CHECK = validator(SCHEMAS["ws-server.json"])
CLIENT_CHECK = validator(SCHEMAS["ws-client.json"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fresh_pg_database() -> str:
    """A new, empty database on the test PostgreSQL server; its URL."""
    import asyncio

    asyncpg = pytest.importorskip("asyncpg", reason="the postgres extra is not installed")
    assert PG_URL is not None
    name = "t_" + secrets.token_hex(6)

    async def create() -> None:
        conn = await asyncpg.connect(PG_URL)
        try:
            await conn.execute(f"CREATE DATABASE {name}")
        finally:
            await conn.close()

    asyncio.run(create())
    base, _, _ = PG_URL.rpartition("/")
    return f"{base}/{name}"


class ServerProcess:
    """``carcassonne serve --http`` in a subprocess, on its own port."""

    def __init__(
        self,
        db: str,
        bot_think: float = 0.0,
        port: int | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        self.db = db
        self.bot_think = bot_think
        self.options = options  # more of the command's options, as written on its line
        self.port = port or free_port()
        self.proc: subprocess.Popen[str] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [
            sys.executable, "-m", "carcassonne.cli.main", "serve", "--http",
            "--port", str(self.port), "--db", self.db, "--bot-think", str(self.bot_think),
            *self.options,
        ]  # fmt: skip
        self.proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.proc.stderr.read()}")  # type: ignore[union-attr]
            try:
                if httpx.get(self.base + "/api/openapi.json", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """The hard way: SIGKILL, no chance to flush or close anything."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def http(self) -> Any:
        return httpx.Client(base_url=self.base, timeout=10)

    def create_game(self, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
        with self.http() as h:
            answer = h.post("/api/games", json={"seats": seats, **fields})
        assert answer.status_code == 201, answer.text
        game: dict[str, Any] = answer.json()["game"]
        return game

    def join(self, game: str, seat: int, name: str = "ann") -> str:
        with self.http() as h:
            answer = h.post(f"/api/games/{game}/seats/{seat}", json={"name": name})
        assert answer.status_code == 200, answer.text
        token: str = answer.json()["token"]
        return token

    def connect(self, game: str) -> WsClient:
        url = f"ws://127.0.0.1:{self.port}/api/games/{game}/ws"
        return WsClient(ws_sync.connect(url, max_queue=None).__enter__())


class WsClient:
    """A WebSocket client that checks every message against the schemas and remembers the
    latest ``seq`` and state it saw."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.seq = 0
        self.state: dict[str, Any] | None = None
        self.seen: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self._ids = 0

    def send(self, message: dict[str, Any], check: bool = True) -> Any:
        if "id" not in message:
            self._ids += 1
            message = {**message, "id": self._ids}
        if check:
            CLIENT_CHECK.validate(message)
        self.sent.append(message)
        self.conn.send(json.dumps(message))
        return message["id"]

    def send_raw(self, text: str) -> None:
        self.conn.send(text)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        SERVER_CHECK.validate(message)
        self.seen.append(message)
        if message["type"] in ("sync", "update"):
            self.seq = message["seq"]
            if "changes" in message:  # said hello with changes: the state follows them
                assert self.state is not None
                self.state = apply_changes(self.state, message["changes"])
            else:
                self.state = message["state"]
        return message

    def until(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        """The next message of type ``kind`` (with the given fields); others are kept."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind} {match}")
            message = self.recv(left)
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    def answer(self, rid: Any, timeout: float = 10) -> dict[str, Any]:
        """The answer (ok / error / pong / sync) to the message with id ``rid``."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message.get("id") == rid and message["type"] in ("ok", "error", "pong", "sync"):
                return message

    def hello(
        self,
        seat: int | None = None,
        token: str | None = None,
        seq: int | None = None,
        changes: bool = False,
    ) -> dict[str, Any]:
        message = {"op": "hello", "seat": seat, "token": token, "seq": seq}
        if changes:
            message["changes"] = True
        return self.answer(self.send(message))

    def apply(self, action: Any, seq: int | None = None) -> dict[str, Any]:
        rid = self.send({"op": "apply", "seq": self.seq if seq is None else seq, "action": action})
        return self.answer(rid)

    def close(self) -> None:
        self.conn.close()
