"""Every protocol error type of docs/protocol.md is exactly ``carcassonne.protocol.ERROR_TYPES``,
and each one is what a real request gets."""

from __future__ import annotations

import re
from pathlib import Path

from carcassonne import CarcassonneError, hookimpl
from carcassonne.protocol import ERROR_TYPES, Server, _error_type

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")


def test_the_documented_table_is_the_code_s():
    table = DOC.split("<!-- error-types -->", 1)[1].split("<!-- /error-types -->", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| (.*) \|$", table, re.M)[1:])  # [0]: the heading
    assert rows == ERROR_TYPES


class _ListlessOptions:
    @hookimpl
    def carcassonne_rule_options(self):
        return "not a list"


class _Crashing:
    @hookimpl
    def carcassonne_tile_placed(self, state, x, y, tile, rotation):
        raise RuntimeError("a bug in a plugin")


def _error(server: Server, request: dict) -> dict:
    answer = server.handle(request)
    assert answer["ok"] is False, answer
    return answer["error"]


def test_each_type_answers_a_real_request(tmp_path):
    server = Server()
    missing = str(tmp_path / "nothing.carc")
    got = {
        "bad-json": server.handle_line("{not json")["error"]["type"],
        "bad-request": _error(server, {"op": "new", "seeed": 1})["type"],
        "unknown-op": _error(server, {"op": "fly"})["type"],
        "no-game": _error(server, {"op": "state"})["type"],
        "bad-config": _error(server, {"op": "new", "expansions": ["catapult"]})["type"],
    }
    assert server.handle({"op": "new", "seed": 13})["ok"]
    got |= {
        "bad-action": _error(server, {"op": "apply", "action": "tile BA/C 0,-1 r45"})["type"],
        "illegal-action": _error(server, {"op": "apply", "action": "tile BA/C 0,1 r0"})["type"],
        "nothing-to-undo": _error(server, {"op": "undo"})["type"],
        "bad-record": _error(server, {"op": "load_record", "text": "format = 9\n---\n"})["type"],
        "bad-position": _error(server, {"op": "load_position", "text": "format = 1\n"})["type"],
        "io": _error(server, {"op": "load_record", "path": missing})["type"],
        "bad-jcz": _error(server, {"op": "load_jcz", "text": "{}"})["type"],
        "plugin": _error(Server([("listless", _ListlessOptions())]), {"op": "new"})["type"],
    }
    crashing = Server([("crashing", _Crashing())])
    assert crashing.handle({"op": "new", "seed": 13})["ok"]
    got["internal"] = _error(crashing, {"op": "apply", "action": "tile BA/C 0,-1 r180"})["type"]
    assert got == {name: name for name in ERROR_TYPES if name != "error"}
    # any other deliberate error of the engine
    assert _error_type(CarcassonneError("something else")) == "error"


def test_a_path_that_cannot_be_read_is_io_for_records_and_positions(tmp_path):
    server = Server()
    for op in ("load_record", "load_position"):
        error = _error(server, {"op": op, "path": str(tmp_path)})
        assert error["type"] == "io"
        assert error["message"].startswith(str(tmp_path))
