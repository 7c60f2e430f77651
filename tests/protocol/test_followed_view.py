"""The whole state a stdio ``apply`` answers (no ``changes``) is the view the server follows
move by move (``JsonView.advance``), not a fresh ``state_to_json``: after every move of random
games, in random expansion mixes, views, and with the general mechanics' plugins, it must equal
the fresh one, and the answer's text (``Server.answer_request``, joined from the view's kept
pieces) must be byte for byte ``dumps`` of the answer holding the fresh state. The answers
``handle`` gives a library caller are the caller's: editing them changes nothing the server
sends later."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.json_view import apply_changes
from carcassonne.plugins import installed_expansions
from carcassonne.protocol import Server
from carcassonne.serialize import action_text, dumps, state_to_json
from tests.mechanics.plugins import PLUGINS, mixes_with

ALL = tuple(sorted(installed_expansions()))


def ok(server: Server, **request: Any) -> dict[str, Any]:
    answer = server.handle(request)
    assert answer["ok"], answer
    return answer


def sent(server: Server, **request: Any) -> tuple[dict[str, Any], str]:
    """The answer's text as ``serve`` writes it, and the answer read back from it."""
    text = server.answer_request(request)
    answer = json.loads(text)
    assert answer["ok"], answer
    return answer, text


def check_moves(server: Server, rng: random.Random, player: int | None, moves: int) -> int:
    """Random moves answered with the whole state, each checked; the moves played."""
    view = {} if player is None else {"player": player}
    played = 0
    while server.state is not None and not server.state.is_over and played < moves:
        legal = server.state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if rng.random() < 0.5:
            answer, text = sent(server, op="apply", action=action.to_dict(), **view)
        else:
            answer, text = sent(server, op="apply", action=action_text(action), **view)
        fresh = state_to_json(server.state, player=player)
        assert answer["state"] == fresh, played
        assert text == dumps({**answer, "state": fresh}), played
        played += 1
    return played


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    mix=st.lists(st.sampled_from(ALL), unique=True, max_size=3),
    players=st.integers(2, 5),
    player=st.one_of(st.none(), st.integers(0, 1)),
    moves=st.integers(1, 90),
)
def test_the_followed_state_is_the_fresh_one(seed, mix, players, player, moves):
    server = Server()
    view = {} if player is None else {"player": player}
    first, text = sent(server, op="new", players=players, expansions=mix, seed=seed, **view)
    assert text == dumps(first)
    assert first["state"] == state_to_json(server.state, player=player)
    check_moves(server, random.Random(seed), player, moves)


def test_the_followed_state_with_every_mechanic():
    for name in sorted(PLUGINS):
        mix = mixes_with(name, [ALL, *((e,) for e in ALL), ()])[0]
        server = Server([(name, PLUGINS[name])])
        ok(server, op="new", players=3, expansions=list(mix), seed=7)
        assert check_moves(server, random.Random(7), None, 40) == 40, name


def test_a_view_change_undo_or_state_request_starts_the_view_again():
    """Between applies: another player's view, fields, an undo, a ``state`` request: the
    next whole state is still the fresh one, and an answer sent earlier keeps its text."""
    server = Server()
    ok(server, op="new", seed=3)
    rng = random.Random(3)
    check_moves(server, rng, None, 5)
    check_moves(server, rng, 1, 3)
    legal = server.state.legal_actions() if server.state else []
    part, text = sent(server, op="apply", action=legal[0].to_dict(), fields=["scores", "tiles"])
    assert set(part["state"]) == {"scores", "tiles"}
    assert text == dumps(part)
    earlier = server._handle({"op": "state"})  # the answer as serve() has it, view shared
    text = server.answer_text(earlier)
    check_moves(server, rng, None, 4)
    assert server.answer_text(earlier) == text == dumps(earlier)
    undone = ok(server, op="undo", count=2)
    assert undone["state"] == state_to_json(server.state)
    check_moves(server, rng, None, 6)


def spoil(data: dict[str, Any]) -> None:
    """Edit, in place, every list and dict of a state or of changes a caller could edit."""
    for tile in data.get("tiles", ()):
        tile["features"].clear()
        tile["rotation"] = -1
    for feature in data.get("features", ()):
        feature["tiles"].clear()
        feature["figures"].clear()
        feature["attributes"]["spoilt"] = True
    for entry in data.get("legal_actions", ()):
        entry["text"] = "spoilt"
        entry["action"].clear()
    for key in ("scores", "figures", "events", "supplies", "held"):
        if isinstance(data.get(key), list):
            data[key].clear()


def test_a_caller_editing_its_answers_changes_nothing_sent_later():
    """The answers ``handle`` gives are the caller's own: a caller who edits a ``state`` or
    the ``changes`` it was given (tiles, features, legal actions, scores...) in place finds
    every later answer as a fresh state gives it (the server used to keep those very dicts
    in the view it follows and the legal actions' texts: later ``changes`` were wrong)."""
    server = Server()
    first = ok(server, op="new", seed=5)
    before = state_to_json(server.state)
    assert first["state"] == before
    spoil(first["state"])
    rng = random.Random(5)
    for move in range(60):
        legal = server.state.legal_actions()
        action = action_text(legal[rng.randrange(len(legal))])
        after_text = None
        if move % 3 == 2:
            answer = ok(server, op="apply", action=action)
            after = state_to_json(server.state)
            assert answer["state"] == after, move
            spoil(answer["state"])
        else:
            answer = ok(server, op="apply", action=action, changes=True)
            after = state_to_json(server.state)
            assert apply_changes(before, answer["changes"]) == after, move
            spoil(answer["changes"])
            after_text = server.answer_request({"op": "state"})
        spoil(answer)
        if after_text is not None:
            assert after_text == dumps({"id": None, "ok": True, "state": after}), move
        before = after
