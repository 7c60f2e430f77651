"""``load_jcz`` of the stdio protocol: a JCloisterZone saved game becomes the current game,
going on from where the file ends; a bad file is ``bad-jcz`` with ``where`` (never
``internal``) and leaves the current game as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne.jcz import load_jcz_state
from carcassonne.protocol import Server
from carcassonne.serialize import state_to_json

FIXTURE = Path(__file__).parent.parent / "jcz" / "fixtures" / "base-tiny-city.jcz"
TEXT = FIXTURE.read_text(encoding="utf-8")


def _conforms(answer: dict) -> None:
    """The answer is one the stdio-answer schema allows (``where`` included)."""
    jsonschema = pytest.importorskip("jsonschema")
    from carcassonne.server.schemas import SCHEMAS

    jsonschema.validate(answer, SCHEMAS["stdio-answer.json"])


def test_load_jcz_by_text_and_by_path_gives_the_files_game() -> None:
    expected = state_to_json(load_jcz_state(FIXTURE))
    server = Server()
    by_text = server.handle({"op": "load_jcz", "text": TEXT})
    assert by_text["ok"], by_text
    assert by_text["state"] == expected
    assert by_text["state"]["scores"] == [2, 0]
    _conforms(by_text)
    by_path = server.handle({"op": "load_jcz", "path": str(FIXTURE)})
    assert by_path["state"] == expected
    move = expected["legal_actions"][0]["text"]
    applied = server.handle({"op": "apply", "action": move})
    assert applied["ok"] and applied["state"]["actions_played"] == 5, applied


def test_a_bad_jcz_file_is_bad_jcz_with_where_and_the_game_stays(tmp_path: Path) -> None:
    server = Server()
    assert server.handle({"op": "new", "seed": 4})["ok"]
    before = server.handle({"op": "state"})["state"]
    cases = [
        (
            TEXT.replace('"R180"', '"R45"', 1),
            "replay[0]",
            "<text>: replay[0]: PLACE_TILE: a rotation is R0, R90, R180 or R270, not 'R45'",
        ),
        (
            TEXT.replace('"basic:1": 1', '"nosuchset:1": 1'),
            "setup",
            "<text>: setup: not supported: sets nosuchset:1",
        ),
        (
            "{ not json",
            "line 1 column 3",
            "<text>: line 1 column 3: not valid JSON: Expecting property name enclosed in "
            "double quotes",
        ),
    ]
    for text, where, message in cases:
        answer = server.handle({"id": 1, "op": "load_jcz", "text": text})
        assert answer == {
            "id": 1,
            "ok": False,
            "error": {"type": "bad-jcz", "message": message, "where": where},
        }
        _conforms(answer)
    missing = server.handle({"op": "load_jcz", "path": str(tmp_path / "nothing.jcz")})
    assert missing["error"]["type"] == "io"
    wrong = server.handle({"op": "load_jcz", "text": TEXT, "seed": 3})
    assert wrong["error"]["type"] == "bad-request" and wrong["error"]["field"] == "seed"
    assert server.handle({"op": "state"})["state"] == before
