"""The complete example session of docs/server.md, played against a real server: every REST
answer and every WebSocket message the page shows must come back, in the same order, equal up
to what differs each run (game id, token, times) and the state keys the page leaves out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .live import ServerProcess

PAGE = Path(__file__).resolve().parents[2] / "docs" / "server.md"
ELIDED = "…"


def session_lines() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("### A complete example session")
    block = re.search(r"```text\n(.*?)```", text[start:], re.S)
    assert block is not None, "docs/server.md lost its example session"
    return block.group(1).splitlines()


def shown(expected: Any, got: Any) -> Any:
    """``got`` cut down to what the page shows of it: the keys of an abbreviated state (one
    holding ``"…": "…"``), and an elided value where the page writes ``"…"``."""
    if expected == ELIDED:
        return ELIDED
    if isinstance(expected, dict) and isinstance(got, dict):
        keys = [k for k in expected if k != ELIDED] if ELIDED in expected else list(got)
        cut = {k: shown(expected.get(k), got[k]) for k in keys if k in got}
        if ELIDED in expected:
            cut[ELIDED] = ELIDED
        return cut
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        return [shown(e, g) for e, g in zip(expected, got, strict=True)]
    return got


def test_the_documented_session_happens(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}").start()
    try:
        play(server, session_lines())
    finally:
        server.stop()


def play(server: ServerProcess, lines: list[str]) -> None:
    names: dict[str, str] = {}  # the page's game id and token -> this run's
    times = ("created", "updated")
    ws = None
    with server.http() as http:
        pending: str | None = None
        for line in lines:
            for old, new in names.items():
                line = line.replace(old, new)
            verb, _, rest = line.partition(" ")
            if verb in ("POST", "GET"):
                path, _, body = rest.partition(" ")
                pending = path
                answer = http.request(verb, path, json=json.loads(body) if body else None)
                got_status, got = answer.status_code, answer.json()
            elif verb.isdigit():
                status, expected = int(verb), json.loads(rest)
                assert got_status == status, (pending, answer.text)
                if isinstance(got.get("game"), dict) and isinstance(expected.get("game"), dict):
                    names[expected["game"]["id"]] = got["game"]["id"]
                    for key in times:
                        got["game"][key] = expected["game"][key]
                    expected["game"]["id"] = got["game"]["id"]
                if "token" in got:
                    names[expected["token"]] = got["token"]
                    expected["token"] = got["token"]
                assert shown(expected, got) == expected
            elif verb == ">":
                if ws is None:
                    ws = server.connect(next(iter(names.values())))
                ws.send_raw(rest)
            elif verb == "<":
                assert ws is not None
                got = ws.recv(timeout=20)
                assert shown(json.loads(rest), got) == json.loads(rest)
    assert ws is not None
    ws.close()
