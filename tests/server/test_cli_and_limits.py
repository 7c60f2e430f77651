"""``carcassonne serve --http`` without the extra says which extra to install; ``--stdio`` is
unchanged; the rate limits answer instead of dropping the connection."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import uvicorn

from carcassonne.server.limits import TokenBucket

from .live import ServerProcess
from .test_play import seated

WITHOUT_STARLETTE = """
import sys
sys.modules["starlette"] = None  # as if the server extra were not installed
from carcassonne.cli.main import main
sys.exit(main(["serve", "--http", "--port", "1"]))
"""


def test_the_server_extra_brings_uvicorns_http_parser() -> None:
    """With the extra installed, uvicorn parses HTTP with httptools, not its h11 fallback."""
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    extra = tomllib.loads(pyproject.read_text())["project"]["optional-dependencies"]["server"]
    names = {re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0] for requirement in extra}
    assert "httptools" in names, extra
    config = uvicorn.Config("carcassonne.server.app:create_app", http="auto")
    config.load()
    assert config.http_protocol_class.__name__ == "HttpToolsProtocol"


def test_serve_http_without_the_extra_names_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_STARLETTE], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "install carcassonne-engine[server]" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_needs_a_transport() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "serve"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--stdio or --http" in done.stderr


def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    bucket = TokenBucket(rate=0.001, burst=3)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_too_many_messages_are_answered_not_dropped(server: ServerProcess) -> None:
    game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}])
    c = clients[0]
    for _ in range(150):
        c.send({"op": "ping"})
    answers = [c.recv() for _ in range(150)]
    kinds = {m["type"] for m in answers} - {"presence"}
    limited = [m for m in answers if m["type"] == "error"]
    assert kinds == {"pong", "error"} and limited
    assert {m["error"]["code"] for m in limited} == {"rate-limited"}
    c.close()
    clients[1].close()


def test_a_bad_rate_limit_is_refused_before_anything_starts() -> None:
    bad = [("--rate-limit", "50"), ("--ws-rate-limit", "0/60"), ("--rate-limit", "5/x")]
    for option, value in bad:
        done = subprocess.run(
            [sys.executable, "-m", "carcassonne.cli.main", "serve", "--http", option, value],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2
        assert done.stderr == (
            f"carcassonne: {option} must be RATE/BURST: a rate above 0 a second and a burst of "
            f"at least 1 (like 50/200), not {value!r}\n"
        )


def test_the_rate_limits_are_the_operators_to_set(tmp_path: Path) -> None:
    """``--rate-limit 0.001/3``: three REST requests, then none for 1,000 s (the start-up
    check took the first); ``--ws-rate-limit 1000/1000``: the 150 messages the default
    refuses in part are all answered."""
    db = f"sqlite:///{tmp_path / 'games.db'}"
    # its start-up check takes one request: two are left
    server = ServerProcess(db, options=("--rate-limit", "0.001/3")).start()
    try:
        with server.http() as h:
            codes = [h.get("/api/expansions").status_code for _ in range(3)]
        assert codes == [200, 200, 429]
    finally:
        server.stop()
    server = ServerProcess(db, options=("--ws-rate-limit", "1000/1000")).start()
    try:
        game, clients = seated(server, [{"kind": "human"}, {"kind": "human"}])
        c = clients[0]
        for _ in range(150):
            c.send({"op": "ping"})
        kinds = {c.recv()["type"] for _ in range(150)} - {"presence"}
        assert kinds == {"pong"}
        c.close()
        clients[1].close()
    finally:
        server.stop()
