"""``POST /api/replay`` without a server process: a step of a record and of a ``.jcz`` file,
and the errors of a text that is no record."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne.config import GameConfig
from carcassonne.record import dump_record
from carcassonne.server.games import ServerError
from carcassonne.server.replay import replay_step
from carcassonne.state import GameState
from carcassonne.words import action_words


def _game(actions: int) -> tuple[str, list[GameState]]:
    """A base game's record after ``actions`` actions (the first legal one each time) and the
    state before each action."""
    state = GameState.new(GameConfig(players=2, seed=4))
    before = []
    for _ in range(actions):
        before.append(state.clone())
        state.apply(state.legal_actions()[0])
    return dump_record(state), before


def test_a_step_is_the_board_after_that_many_actions_and_that_action_in_words() -> None:
    record, before = _game(6)
    step = replay_step(record, 3)
    assert (step["steps"], step["at"], step["over"]) == (6, 3, False)
    action = before[2].legal_actions()[0]
    assert step["text"] == str(action)
    assert step["words"] == action_words(before[2], action, lambda p: f"{{{p}}}")
    assert step["player"] == before[2].pending.player
    assert step["svg"].count('class="tile"') == 1 + 2  # the start tile and two placed
    start = replay_step(record, 0)
    assert (start["at"], start["words"], start["events"]) == (0, None, [])
    assert replay_step(record, None)["at"] == 6 == replay_step(record, 99)["at"]


def test_a_text_that_is_no_record_is_refused_by_line() -> None:
    with pytest.raises(ServerError) as caught:
        replay_step("not a record", 0)
    assert caught.value.code == "bad-record"


def test_a_jcz_file_is_stepped_through_as_the_record_it_is_stored_as() -> None:
    from carcassonne.server.jcz_games import read_jcz

    jcz = Path(__file__).parents[1] / "jcz" / "fixtures" / "base-tiny-city.jcz"
    state, record = read_jcz(jcz.read_text(encoding="utf-8"))
    last = replay_step(record, None)
    assert last["steps"] > 0 and last["scores"] == list(state.scores)
    assert replay_step(record, 1)["words"].startswith("place a tile with ")
