"""``apply`` with ``changes``: the answer holds what the move changed, and the state before the
move with those changes applied is exactly the state after it (``state`` of the same view), in
every expansion mix and with every general mechanic's test plugin; bad requests still leave the
game unchanged; an action sent back as the server wrote it is read as parsing it would. The
answers are read from the text ``serve`` writes, which must be ``dumps`` of what it holds."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from carcassonne.json_view import apply_changes
from carcassonne.plugins import installed_expansions
from carcassonne.protocol import Server
from carcassonne.serialize import action_from_text, dumps
from carcassonne.server.schemas import SCHEMAS
from tests.mechanics.plugins import PLUGINS, mixes_with

jsonschema = pytest.importorskip("jsonschema")

ALL = tuple(sorted(installed_expansions()))
MIXES = [(), *((name,) for name in ALL), ALL]


def ok(server: Server, **request: Any) -> dict[str, Any]:
    answer = server.handle(request)
    assert answer["ok"], answer
    return answer


def play_with_changes(
    server: Server, seed: int, player: int | None, moves: int = 400
) -> tuple[int, set[str]]:
    """Random moves answered with their changes: after each, the client's copy is the state;
    the number of moves and the keys the changes named."""
    view = {} if player is None else {"player": player}
    have = ok(server, op="state", **view)["state"]
    rng = random.Random(seed)
    named: set[str] = set()
    played = 0
    while not have["game_over"] and played < moves:
        text = rng.choice(have["legal_actions"])["text"]
        # the text serve writes (legal actions from kept texts): dumps of what it holds
        written = server.answer_request({"op": "apply", "action": text, "changes": True, **view})
        answer = json.loads(written)
        assert answer["ok"] and written == dumps(answer), (seed, played, text)
        if played % 25 == 0:  # the schema check is slow; the comparison below is the test
            jsonschema.validate(answer, SCHEMAS["stdio-answer.json"])
        assert "state" not in answer and answer["applied"]["text"] == text
        named |= set(answer["changes"])
        have = apply_changes(have, answer["changes"])
        assert have == ok(server, op="state", **view)["state"], (seed, played, text)
        played += 1
    return played, named


@pytest.mark.parametrize("mix", MIXES, ids=lambda mix: "+".join(mix) or "base")
def test_changes_rebuild_the_state_in_every_mix(mix):
    server = Server()
    ok(server, op="new", players=3, expansions=list(mix), seed=5)
    played, named = play_with_changes(server, seed=5, player=None, moves=80)
    assert played == 80
    assert {"tiles", "features", "legal_actions", "scores", "draw_pile"} <= named
    ok(server, op="new", players=2, expansions=list(mix), seed=6)
    played, named = play_with_changes(server, seed=6, player=1, moves=20)
    assert "draw_pile_counts" in named and "draw_pile" not in named


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_changes_rebuild_the_state_with_every_mechanic(name):
    mix = mixes_with(name, [ALL, *((e,) for e in ALL), ()])[0]  # all, unless one clashes
    server = Server([(name, PLUGINS[name])])
    ok(server, op="new", players=3, expansions=list(mix), seed=3)
    played, _named = play_with_changes(server, seed=3, player=None, moves=40)
    assert played == 40


def test_only_the_changed_entries_are_sent():
    server = Server()
    before = ok(server, op="new", seed=1)["state"]
    tile = before["legal_actions"][0]
    answer = ok(server, op="apply", action=tile["text"], changes=True)
    changes = answer["changes"]
    x, y = tile["action"]["x"], tile["action"]["y"]
    assert [(t["x"], t["y"]) for t in changes["tiles"]] == [(x, y)]
    assert "config" not in changes and "figure_kinds" not in changes
    assert answer["events"][0]["type"] == "tile-placed"
    # a second request of the same view reads the state the changes led to
    assert ok(server, op="state")["state"] == apply_changes(before, changes)


def test_fields_limit_the_changes():
    server = Server()
    ok(server, op="new", seed=1)
    text = ok(server, op="legal_actions")["legal_actions"][0]["text"]
    answer = ok(server, op="apply", action=text, changes=True, fields=["pending", "features"])
    assert set(answer["changes"]) == {"pending", "features"}


def test_bad_changes_requests_leave_the_game_unchanged():
    server = Server()
    ok(server, op="new", seed=1)
    before = ok(server, op="state")["state"]
    text = before["legal_actions"][0]["text"]
    wrong = server.handle({"op": "apply", "action": text, "changes": "yes"})
    assert wrong["error"] == {
        "type": "bad-request",
        "message": "field 'changes' must be true or false",
        "field": "changes",
    }
    refused = server.handle({"op": "apply", "action": "tile BA/C 40,40 r0", "changes": True})
    assert refused["error"]["type"] == "illegal-action"
    bad_view = server.handle({"op": "apply", "action": text, "changes": True, "player": 7})
    assert bad_view["error"]["field"] == "player"
    assert ok(server, op="state")["state"] == before
    # and the next changes still start from the state the client has
    answer = ok(server, op="apply", action=text, changes=True)
    assert apply_changes(before, answer["changes"]) == ok(server, op="state")["state"]


def test_changes_after_undo_and_a_new_game_start_from_the_current_state():
    server = Server()
    ok(server, op="new", seed=2)
    for _ in range(3):
        text = ok(server, op="legal_actions")["legal_actions"][0]["text"]
        ok(server, op="apply", action=text, changes=True)
    undone = ok(server, op="undo", count=2)["state"]
    text = undone["legal_actions"][-1]["text"]
    answer = ok(server, op="apply", action=text, changes=True)
    assert apply_changes(undone, answer["changes"]) == ok(server, op="state")["state"]
    fresh = ok(server, op="new", seed=3, fields=["pending"])["state"]
    assert set(fresh) == {"pending"}
    whole = ok(server, op="state")["state"]
    answer = ok(server, op="apply", action=whole["legal_actions"][0]["text"], changes=True)
    assert apply_changes(whole, answer["changes"]) == ok(server, op="state")["state"]


def test_a_legal_action_text_is_read_as_parsing_reads_it():
    """The server finds the texts it sent among the legal actions; any other spelling of the
    same action is parsed, and gives the same action."""
    server = Server()
    state = ok(server, op="new", seed=4)["state"]
    game = server.state
    for entry in state["legal_actions"]:
        assert server._action({"action": entry["text"]}, game) == action_from_text(
            entry["text"], game
        )
    first = state["legal_actions"][0]["text"]
    spaced = "  " + first.replace(" ", "   ") + "  "
    answer = ok(server, op="apply", action=spaced)
    assert answer["applied"]["text"] == first
