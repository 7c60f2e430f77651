"""The ``board_svg`` request through the real ``carcassonne serve --stdio`` process."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import carcassonne.svg as svg
from carcassonne import GameConfig, GameState

SERVER = [sys.executable, "-m", "carcassonne.cli.main", "serve", "--stdio"]


def serve(requests: list[dict]) -> list[dict]:
    done = subprocess.run(
        SERVER,
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    return [json.loads(line) for line in done.stdout.splitlines()]


def squares(text: str) -> dict[tuple[int, int], str]:
    root = ET.fromstring(text)
    return {
        (int(el.get("data-x")), int(el.get("data-y"))): el.get("data-rotations")
        for el in root.iter()
        if "square" in (el.get("class") or "").split()
    }


def test_board_svg_for_the_player_who_decides_and_for_the_others():
    answers = serve(
        [
            {"id": 1, "op": "board_svg"},
            {"id": 2, "op": "new", "players": 2, "seed": 13, "fields": ["turn"]},
            {"id": 3, "op": "board_svg"},
            {"id": 4, "op": "board_svg", "player": 0},
            {"id": 5, "op": "board_svg", "player": 1},
            {"id": 6, "op": "board_svg", "player": 7},
            {"id": 7, "op": "board_svg", "highlight": "yes"},
            {"id": 8, "op": "board_svg", "highlight": False, "coordinates": False},
            {"id": 9, "op": "quit"},
        ]
    )
    assert [a["ok"] for a in answers] == [False, True, True, True, True, False, False, True, True]
    assert answers[0]["error"]["type"] == "no-game"
    assert answers[5]["error"] == {
        "type": "bad-request",
        "field": "player",
        "message": "field 'player' (whose view to send) names no player 7 in this 2-player game "
        "(players are 0 to 1; the number of players of 'new' is the field 'players')",
    }
    assert answers[6]["error"] == {
        "type": "bad-request",
        "field": "highlight",
        "message": "field 'highlight' must be true or false",
    }
    state = GameState.new(GameConfig(players=2, seed=13))
    assert answers[2]["svg"] == svg.board(state)  # the same bytes as the library's picture
    expected: dict[tuple[int, int], list[int]] = {}
    for x, y, r in state.legal_tile_placements():
        expected.setdefault((x, y), []).append(r)
    assert squares(answers[3]["svg"]) == {k: " ".join(map(str, v)) for k, v in expected.items()}
    assert squares(answers[4]["svg"]) == {}  # player 1 waits: nothing to click
    assert squares(answers[7]["svg"]) == {}
    assert 'class="coordinates"' not in answers[7]["svg"]
    assert 'class="coordinates"' in answers[2]["svg"]
