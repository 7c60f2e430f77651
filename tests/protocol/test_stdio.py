"""The real ``carcassonne serve --stdio`` process: bad input never kills it, and the session
documented in docs/protocol.md is exactly what it answers.

To refresh the documented answers after a deliberate change, run this file as a script:
``python tests/protocol/test_stdio.py`` rewrites the session block in docs/protocol.md.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SESSION = re.compile(r"(<!-- session -->\n```text\n)(.*?)(```\n<!-- /session -->)", re.S)
SERVER = [sys.executable, "-m", "carcassonne.cli.main", "serve", "--stdio"]


def run_server(lines: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        SERVER,
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


def documented_session() -> list[tuple[str, str | None]]:
    """``(request, documented answer or None)`` pairs of the session block."""
    block = SESSION.search(DOC.read_text(encoding="utf-8"))
    assert block, "docs/protocol.md has no session block"
    pairs: list[tuple[str, str | None]] = []
    for line in block.group(2).splitlines():
        if line.startswith("> "):
            pairs.append((line[2:], None))
        elif line.startswith("< "):
            request, answer = pairs[-1]
            assert answer is None, f"two answers to {request}"
            pairs[-1] = (request, line[2:])
    return pairs


def test_documented_session_is_what_the_server_answers():
    pairs = documented_session()
    assert len(pairs) == 18
    done = run_server([request for request, _ in pairs])
    assert done.returncode == 0 and done.stderr == ""
    answers = done.stdout.splitlines()
    assert len(answers) == len(pairs)
    for (request, documented), answer in zip(pairs, answers, strict=True):
        assert documented is not None, f"no documented answer to {request}"
        assert answer == documented, f"answer to {request} changed"
    errors = [json.loads(a)["error"]["type"] for a in answers if not json.loads(a)["ok"]]
    assert errors == ["illegal-action", "illegal-action", "bad-request"]
    codes = [json.loads(a)["error"].get("code") for a in answers if not json.loads(a)["ok"]]
    assert codes == ["edges-mismatch", "not-last-tile", None]
    kinds = [json.loads(a).get("state", {}).get("pending", {}).get("kind") for a in answers]
    assert "wagon" in kinds and json.loads(answers[16])["outcome"]["over"] is True


def test_bad_input_of_every_kind_is_answered_and_the_game_goes_on():
    lines = [
        '{"id": 1, "op": "state"}',
        "[1, 2]",
        '"just a string"',
        "{not json",
        '{"id": 2}',
        '{"id": 3, "op": 7}',
        '{"id": 4, "op": "new", "players": 9}',
        '{"id": 5, "op": "new", "expansions": ["no-such-expansion"]}',
        '{"id": 6, "op": "new", "options": {"farmers": "maybe"}}',
        '{"id": 7, "op": "new", "seed": "x"}',
        '{"id": 8, "op": "new", "seed": 13}',
        '{"id": 9, "op": "apply", "action": "tile BA/C 0,-1 r45"}',
        '{"id": 10, "op": "apply", "action": "fly away"}',
        '{"id": 11, "op": "apply", "action": {"type": "tile", "x": [1]}}',
        '{"id": 12, "op": "apply", "action": 42}',
        '{"id": 13, "op": "undo"}',
        '{"id": 14, "op": "undo", "count": 0}',
        '{"id": 15, "op": "state", "player": 5}',
        '{"id": 16, "op": "state", "fields": ["score"]}',
        '{"id": 17, "op": "load_record", "text": "not a record"}',
        '{"id": 18, "op": "load_record", "path": "/no/such/file.txt"}',
        '{"id": 19, "op": "load_record"}',
        "",
        "\u00e9\u00e9\u00e9",
        '{"id": 20, "op": "state", "fields": ["turn", "scores", "drawn_tile", "actions_played"]}',
    ]
    done = run_server(lines)
    assert done.returncode == 0 and done.stderr == ""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines) - 1  # the blank line gets no answer
    errors = [(a["id"], a["error"]["type"]) for a in answers if not a["ok"]]
    assert errors == [
        (1, "no-game"),
        (None, "bad-request"),
        (None, "bad-request"),
        (None, "bad-json"),
        (2, "bad-request"),
        (3, "bad-request"),
        (4, "bad-config"),
        (5, "bad-config"),
        (6, "bad-config"),
        (7, "bad-request"),
        (9, "bad-action"),
        (10, "bad-action"),
        (11, "bad-action"),
        (12, "bad-request"),
        (13, "nothing-to-undo"),
        (14, "bad-request"),
        (15, "bad-request"),
        (16, "bad-request"),
        (17, "bad-record"),
        (18, "bad-record"),
        (19, "bad-request"),
        (None, "bad-json"),
    ]
    by_id = {a["id"]: a for a in answers if a["id"] is not None}
    assert by_id[7]["error"]["message"] == "field 'seed' must be a whole number"
    assert by_id[15]["error"]["message"].startswith(
        "field 'player' (whose view to send) names no player 5 in this 2-player game"
    )
    assert by_id[15]["error"]["field"] == "player"
    assert by_id[13]["error"]["message"] == ("cannot undo 1 action(s): only 0 since the game began")
    assert by_id[20] == {
        "id": 20,
        "ok": True,
        "state": {"turn": 1, "scores": [0, 0], "drawn_tile": "BA/C", "actions_played": 0},
    }


def test_a_whole_game_through_the_process_and_its_record_replays_identically():
    """Play a game with the first legal action each time, save the record, load it back: the
    loaded game's state is byte-identical to the played one."""
    import carcassonne.protocol as protocol

    server = protocol.Server()
    answers = [server.handle({"id": 0, "op": "new", "seed": 3, "fields": ["legal_actions"]})]
    while answers[-1]["state"]["legal_actions"]:
        text = answers[-1]["state"]["legal_actions"][0]["text"]
        answers.append(server.handle({"op": "apply", "action": text, "fields": ["legal_actions"]}))
    record = server.handle({"op": "save_record"})["text"]
    final = server.handle({"op": "state"})["state"]
    assert final["game_over"] is True
    done = run_server(
        [
            json.dumps({"id": 1, "op": "load_record", "text": record}),
            '{"id": 2, "op": "state"}',
            '{"id": 3, "op": "quit"}',
        ]
    )
    lines = done.stdout.splitlines()
    assert json.loads(lines[0])["ok"] is True
    loaded = json.loads(lines[1])["state"]
    assert json.dumps(loaded, sort_keys=True) == json.dumps(final, sort_keys=True)


def _refresh_doc() -> None:
    pairs = documented_session()
    done = run_server([request for request, _ in pairs])
    body = "".join(
        f"> {request}\n< {answer}\n"
        for (request, _), answer in zip(pairs, done.stdout.splitlines(), strict=True)
    )
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(SESSION.sub(lambda m: m.group(1) + body + m.group(3), text), encoding="utf-8")


if __name__ == "__main__":
    _refresh_doc()
