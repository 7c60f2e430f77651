"""The protocol server in-process: records and positions by text and by path, views, and the
game staying unchanged after every refused request."""

from __future__ import annotations

import json

from carcassonne.protocol import Server


def started(seed: int = 13) -> Server:
    server = Server()
    assert server.handle({"op": "new", "seed": seed})["ok"]
    assert server.handle({"op": "apply", "action": "tile BA/C 0,-1 r180"})["ok"]
    assert server.handle({"op": "apply", "action": "figure meeple 0,-1 S"})["ok"]
    return server


def full_state(server: Server) -> str:
    return json.dumps(server.handle({"op": "state"})["state"], sort_keys=True)


def test_position_round_trip_by_text_and_by_path(tmp_path):
    server = started()
    before = server.handle({"op": "state"})["state"]
    text = server.handle({"op": "save_position"})["text"]
    path = tmp_path / "position.toml"
    assert server.handle({"id": 1, "op": "save_position", "path": str(path)}) == {
        "id": 1,
        "ok": True,
        "path": str(path),
    }
    assert path.read_text(encoding="utf-8") == text
    for request in ({"text": text}, {"path": str(path)}):
        loaded = server.handle({"op": "load_position", **request})
        assert loaded["ok"], loaded
        after = loaded["state"]
        for key in ("scores", "supplies", "figures", "features", "pending", "drawn_tile",
                    "draw_pile", "legal_actions", "turn", "current_player"):  # fmt: skip
            assert after[key] == before[key], key
        # a position does not know who placed each tile
        strip = [{k: v for k, v in t.items() if k != "placed_by"} for t in after["tiles"]]
        assert strip == [{k: v for k, v in t.items() if k != "placed_by"} for t in before["tiles"]]


def test_record_round_trip_by_path(tmp_path):
    server = started()
    before = full_state(server)
    path = tmp_path / "game.txt"
    assert server.handle({"op": "save_record", "path": str(path)})["ok"]
    other = Server()
    assert other.handle({"op": "load_record", "path": str(path)})["ok"]
    assert full_state(other) == before


def test_refused_requests_leave_the_game_unchanged(tmp_path):
    server = started()
    before = full_state(server)
    refused = [
        {"op": "apply", "action": "tile BA/C 5,5 r0"},
        {"op": "apply", "action": "pass", "fields": ["nonsense"]},
        {"op": "apply", "action": "pass", "player": 9},
        {"op": "undo", "count": 99},
        {"op": "undo", "fields": "scores"},
        {"op": "new", "players": 7},
        {"op": "new", "seed": 1, "fields": ["nonsense"]},
        {"op": "load_record", "text": "format = 1\nplayers = ['a', 'b']\n---\nfly\n"},
        {"op": "load_position", "text": "format = 1\n"},
        {"op": "save_position", "path": str(tmp_path / "missing-dir" / "p.toml")},
        {"op": "state", "player": -1},
    ]
    for request in refused:
        answer = server.handle(request)
        assert answer["ok"] is False, request
        assert full_state(server) == before, request
    assert server.handle(refused[-2])["error"]["type"] == "io"
    assert server.handle(refused[7])["error"]["message"].startswith("line 4: ")


def test_player_view_and_internal_errors_are_reported():
    server = started()
    view = server.handle({"op": "state", "player": 0})["state"]
    assert view["view"] == 0 and "draw_pile" not in view and view["config"]["seed"] is None

    class Broken:
        @property
        def pending(self):
            raise RuntimeError("boom")

    server.state = Broken()  # type: ignore[assignment]
    answer = server.handle({"id": 5, "op": "legal_actions"})
    assert answer == {
        "id": 5,
        "ok": False,
        "error": {"type": "internal", "message": "internal error: RuntimeError: boom"},
    }
