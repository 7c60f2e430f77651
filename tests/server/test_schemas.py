"""The JSON Schemas: valid documents, current copies in docs/schemas/, and every stdio message
(the documented session and whole random games, expansions included) conforms to them. Also the
fact the server's fan-out relies on: player views differ in their ``view`` key only, and the
texts it completes per recipient are exactly those views."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState
from carcassonne.protocol import Server
from carcassonne.serialize import state_to_json
from carcassonne.server.schemas import SCHEMAS, schema_text
from carcassonne.server.views import StateMessage, json_text, public_text, seat_view

from .live import jsonschema, validator

ROOT = Path(__file__).resolve().parents[2]
REQUEST = validator(SCHEMAS["stdio-request.json"])
ANSWER = validator(SCHEMAS["stdio-answer.json"])
EXPANSIONS = ["river", "abbot", "abbey-mayor"]


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_each_schema_is_a_valid_document_and_docs_hold_it(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name])
    copy = ROOT / "docs" / "schemas" / name
    assert copy.read_text(encoding="utf-8") == schema_text(SCHEMAS[name]), (
        f"docs/schemas/{name} is out of date: python -m carcassonne.server.schemas docs/schemas"
    )


def test_the_documented_stdio_session_conforms() -> None:
    """Every answer conforms; every request conforms unless its answer refuses it as malformed
    (the session shows a misspelled field on purpose)."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- session -->\n```text\n(.*?)```", text, re.S)
    assert block
    lines = block.group(1).splitlines()
    pairs = [(a[2:], b[2:]) for a, b in pairwise(lines) if a[:2] == "> " and b[:2] == "< "]
    malformed = {"bad-json", "bad-request", "unknown-op"}
    requests = 0
    for request, answer in pairs:
        decoded = json.loads(answer)
        ANSWER.validate(decoded)
        if decoded["ok"] or decoded["error"]["type"] not in malformed:
            REQUEST.validate(json.loads(request))
            requests += 1
        else:
            assert not REQUEST.is_valid(json.loads(request)), request
    assert len(pairs) == sum(1 for line in lines if line.startswith("< ")) >= 15
    assert requests >= 14


def test_a_bad_request_does_not_conform() -> None:
    assert not REQUEST.is_valid({"op": "apply"})
    assert not REQUEST.is_valid({"op": "shuffle"})
    assert not ANSWER.is_valid({"ok": True, "id": 1, "surprise": 1})


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), mix=st.sets(st.sampled_from(EXPANSIONS)))
def test_every_answer_of_a_random_stdio_game_conforms(seed: int, mix: set[str]) -> None:
    server = Server()
    rng = random.Random(seed)
    request = {"id": 0, "op": "new", "players": 3, "seed": seed, "expansions": sorted(mix)}
    for step in range(400):
        REQUEST.validate(request)
        answer = server.handle(request)
        ANSWER.validate(answer)
        assert answer["ok"], answer
        state = answer.get("state")
        if state is not None and state["game_over"]:
            break
        if state is not None:
            choice = rng.choice(state["legal_actions"])
            form = choice["text"] if step % 2 else choice["action"]
            request = {"id": step, "op": "apply", "action": form, "player": rng.randrange(3)}
        else:
            request = {"id": step, "op": "state"}
        if step % 7 == 6:
            ANSWER.validate(server.handle({"id": "u", "op": "legal_actions"}))


def random_state(seed: int, mix: set[str], moves: int) -> GameState:
    """A 3-player game of ``mix`` after up to ``moves`` random moves."""
    state = GameState.new(GameConfig(players=3, seed=seed, expansions=sorted(mix)))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000), mix=st.sets(st.sampled_from(EXPANSIONS)), moves=st.integers(0, 60)
)
def test_player_views_differ_only_in_their_view_key(seed: int, mix: set[str], moves: int) -> None:
    state = random_state(seed, mix, moves)
    public = state_to_json(state, player=0)
    for player in range(3):
        assert seat_view(public, player) == state_to_json(state, player=player)
    spectator = seat_view(public, None)
    assert spectator["view"] == "spectator" and "draw_pile" not in spectator


SERVER = validator(SCHEMAS["ws-server.json"])


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000), mix=st.sets(st.sampled_from(EXPANSIONS)), moves=st.integers(0, 90)
)
def test_an_update_text_is_each_recipients_own_view(seed: int, mix: set[str], moves: int) -> None:
    state = random_state(seed, mix, moves)
    fields = {
        "type": "update", "game": "g", "seq": moves, "seat": 1, "action": None, "undone": 2,
        "events": [e.to_dict() for e in state.last_events],
    }  # fmt: skip
    message = StateMessage(fields, public_text(state))
    for seat in (0, 1, 2, None):
        text = message.text_for(seat)
        assert message.text_for(seat) is text  # made once per recipient view
        received = json.loads(text)
        SERVER.validate(received)
        expected = state_to_json(state, player=0 if seat is None else seat)
        expected["view"] = "spectator" if seat is None else seat
        assert received == {**fields, "state": expected}
        assert text == json_text(received)  # sorted keys, compact: the canonical text


def test_json_text_is_compact_sorted_json_with_or_without_orjson(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = {"b": [1, {"z": None, "a": "é"}], "a": True, "c": -2.5}
    text = '{"a":true,"b":[1,{"a":"é","z":null}],"c":-2.5}'
    huge = {"seed": 2**70}  # beyond orjson's integers: json writes it
    assert json_text(data) == text and json_text(huge) == '{"seed":' + str(2**70) + "}"
    monkeypatch.setattr("carcassonne.server.views._ORJSON", None)
    assert json_text(data) == text and json_text(huge) == '{"seed":' + str(2**70) + "}"
