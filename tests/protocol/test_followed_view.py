"""The whole state a stdio ``apply`` answers (no ``changes``) is the view the server follows
move by move (``JsonView.advance``), not a fresh ``state_to_json``: after every move of random
games, in random expansion mixes, views, and with the general mechanics' plugins, it must equal
the fresh one, and the answer's text (``Server.answer_text``, joined from the view's kept
pieces) must be byte for byte ``dumps`` of the answer holding the fresh state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.plugins import installed_expansions
from carcassonne.protocol import Server
from carcassonne.serialize import action_text, dumps, state_to_json
from tests.mechanics.plugins import PLUGINS, mixes_with

ALL = tuple(sorted(installed_expansions()))


def ok(server: Server, **request: Any) -> dict[str, Any]:
    answer = server.handle(request)
    assert answer["ok"], answer
    return answer


def check_moves(server: Server, rng: random.Random, player: int | None, moves: int) -> int:
    """Random moves answered with the whole state, each checked; the moves played."""
    view = {} if player is None else {"player": player}
    played = 0
    while server.state is not None and not server.state.is_over and played < moves:
        legal = server.state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if rng.random() < 0.5:
            answer = ok(server, op="apply", action=action.to_dict(), **view)
        else:
            answer = ok(server, op="apply", action=action_text(action), **view)
        fresh = state_to_json(server.state, player=player)
        assert answer["state"] == fresh, played
        assert server.answer_text(answer) == dumps({**answer, "state": fresh}), played
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
    first = ok(server, op="new", players=players, expansions=mix, seed=seed, **view)
    assert server.answer_text(first) == dumps(first)
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
    part = ok(server, op="apply", action=legal[0].to_dict(), fields=["scores", "tiles"])
    assert set(part["state"]) == {"scores", "tiles"}
    assert server.answer_text(part) == dumps(part)
    earlier = ok(server, op="state")
    text = server.answer_text(earlier)
    check_moves(server, rng, None, 4)
    assert server.answer_text(earlier) == text == dumps(earlier)
    undone = ok(server, op="undo", count=2)
    assert undone["state"] == state_to_json(server.state)
    check_moves(server, rng, None, 6)
