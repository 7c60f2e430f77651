"""Games opened from a JCloisterZone saved game (``POST /api/games`` with ``jcz``) on a real
server process: the game goes on from where the file ends, survives a restart with the same
state, and a bad file is refused with ``bad-jcz`` and the JSON path of the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne.jcz import load_jcz_state
from carcassonne.record import format_record, record_of
from carcassonne.serialize import action_from_text, action_json, state_to_json
from carcassonne.server.games import replay
from carcassonne.server.storage import GameRow, MoveRow

from .live import ServerProcess

FIXTURES = Path(__file__).parent.parent / "jcz" / "fixtures"
#: The fields of a view that the engine's own replay of the file and the move must match.
SAME = ("tiles", "figures", "scores", "supplies", "pending", "drawn_tile", "tiles_left")
TINY_CITY = (FIXTURES / "base-tiny-city.jcz").read_text(encoding="utf-8")


def _open(server: ServerProcess, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    with server.http() as h:
        answer = h.post("/api/games", json=body)
    return answer.status_code, answer.json()


def test_a_jcz_game_goes_on_and_survives_a_restart(store_url: str) -> None:
    """Alice closed a two-tile city for 2 in the file; after one more move here and a restart,
    the game is at the same seq with the same view, and the board is the file's plus that move."""
    expected = load_jcz_state(TINY_CITY, text=True)
    first = ServerProcess(store_url).start()
    try:
        status, answer = _open(first, {"jcz": TINY_CITY})
        assert status == 201, answer
        game = answer["game"]
        assert isinstance(game, dict)
        assert [(s["kind"], s["name"]) for s in game["seats"]] == [
            ("human", "Alice"),
            ("human", "Bob"),
        ]
        assert game["seq"] == 0 and game["status"] == "waiting"
        mover = expected.pending.player
        token = first.join(game["id"], mover, "Alice" if mover == 0 else "Bob")
        client = first.connect(game["id"])
        sync = client.hello(mover, token, 0)
        assert sync["state"]["scores"] == [2, 0]
        assert len(sync["state"]["tiles"]) == 3  # the start tile and the file's two tiles
        action = sync["state"]["legal_actions"][0]["text"]
        assert client.apply(action)["seq"] == 1
        state = client.state
        client.close()
    finally:
        first.stop()
    expected.apply(action_from_text(action, expected))
    second = ServerProcess(store_url, port=first.port).start()
    try:
        back = second.connect(game["id"])
        sync = back.hello(mover, token, 1)
        assert sync["seq"] == 1 and sync["missed"] == []
        assert sync["state"] == state
        engine = state_to_json(expected, player=mover)
        assert len(engine["tiles"]) == 4
        assert {k: sync["state"][k] for k in SAME} == {k: engine[k] for k in SAME}
        back.close()
    finally:
        second.stop()


def test_seats_of_a_jcz_game_may_be_given(server: ServerProcess) -> None:
    status, answer = _open(
        server, {"jcz": TINY_CITY, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
    )
    assert status == 201, answer
    game = answer["game"]
    assert isinstance(game, dict)
    assert [s["kind"] for s in game["seats"]] == ["human", "bot"]
    status, answer = _open(server, {"jcz": TINY_CITY, "seats": [{"kind": "human"}] * 3})
    assert (status, answer["error"]) == (
        400,
        {"code": "bad-request", "message": "the .jcz game has 2 players, not 3 seats"},
    )


def test_a_jcz_game_takes_no_expansions_options_or_seed(server: ServerProcess) -> None:
    status, answer = _open(server, {"jcz": TINY_CITY, "seed": 3, "options": {}})
    assert (status, answer["error"]) == (
        400,
        {
            "code": "bad-request",
            "message": "a game opened from a .jcz file takes no options, seed",
        },
    )


def test_a_bad_jcz_file_is_refused_with_its_json_path(server: ServerProcess) -> None:
    """Every problem the importer names comes back as ``bad-jcz`` with ``where`` (the JSON
    path, or the line and column of a JSON syntax error), never ``internal``."""
    cases = [
        (
            TINY_CITY.replace('"basic:1": 1', '"nosuchset:1": 1'),
            "setup",
            "<text>: setup: not supported: sets nosuchset:1",
        ),
        (
            TINY_CITY.replace('"R180"', '"R45"', 1),
            "replay[0]",
            "<text>: replay[0]: PLACE_TILE: a rotation is R0, R90, R180 or R270, not 'R45'",
        ),
        (
            "{ not json",
            "line 1 column 3",
            "<text>: line 1 column 3: not valid JSON: Expecting property name enclosed in "
            "double quotes",
        ),
    ]
    for text, where, message in cases:
        status, answer = _open(server, {"jcz": text})
        assert (status, answer["error"]) == (
            400,
            {"code": "bad-jcz", "message": message, "where": where},
        )
    status, answer = _open(server, {"jcz": 7})
    assert (status, answer["error"]) == (
        400,
        {"code": "bad-request", "message": "'jcz' is the text of a .jcz file (a string)"},
    )


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.glob("*.jcz")))
def test_every_fixture_is_rebuilt_from_what_the_server_stores(fixture: str) -> None:
    """The stored form of an imported game (its record in ``config``) replays to the very game
    of the file, whatever its expansions, forced draws or pending decision; a move stored after
    it replays on top."""
    state = load_jcz_state(FIXTURES / fixture)
    described = state.config.describe()
    described["record"] = format_record(record_of(state))
    row = GameRow("g", described, state.seed, False, 0.0, "playing", 0, 0.0, 0.0)
    rebuilt = replay(row, [])
    assert rebuilt.key() == state.key()
    assert rebuilt.config.describe() == state.config.describe()
    if state.is_over:
        return
    action = state.legal_actions()[0]
    state.apply(action)
    after = replay(row, [MoveRow(1, 0, "action", action_json(action)["text"], 0.0)])
    assert after.key() == state.key()
