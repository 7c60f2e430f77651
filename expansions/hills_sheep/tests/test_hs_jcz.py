"""Hills & Sheep in JCloisterZone saved games: a hand-written ``.jcz`` game (our own fixture)
imports with JCZ's bag draws (its random numbers turned into tokens, hills-sheep.md §10.1),
passes its assertions, and exports back to the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne.jcz import check_jcz, dump_jcz, load_jcz, replay_jcz
from carcassonne.jcz.errors import JczError

FLOCKS = Path(__file__).parent / "fixtures" / "flocks.jcz"


def _text(change=None) -> str:
    data = json.loads(FLOCKS.read_text(encoding="utf-8"))
    if change is not None:
        change(data)
    return json.dumps(data)


def _draws(text: str) -> list[str]:
    replayed = replay_jcz(text, text=True)
    return [e.outcome for events in replayed.events for e in events if e.type == "chance"]


def test_the_file_imports_with_jczs_draws_and_passes_its_assertions():
    report = check_jcz(FLOCKS)
    assert report.error == "" and [v.passed for v in report.verdicts] == [True] * 5
    # placement: initialRandom moved on once by the tile draw (index 2 of 18: 1 sheep);
    # Bob's: the first COMMIT's random moved on once (index 2 of 17); EXPAND 0.8: 13 of 17
    assert _draws(FLOCKS.read_text(encoding="utf-8")) == ["1", "1", "4"]
    state = replay_jcz(FLOCKS).state
    assert state.scores == [5, 1] and state.pieces() == []
    assert state.config.options["hills-sheep.hidden_tile"] == "none"


def test_another_random_number_draws_another_token():
    def wolf(data):
        data["replay"][8]["payload"]["random"] = 0.95  # index 16 of 17: a wolf
        del data["replay"][10:]  # (the flock is gone: no later choice)

    def later(data):
        data["replay"][2]["payload"]["random"] = 0.9  # Bob's draw moves with the COMMIT

    assert _draws(_text(wolf)) == ["1", "1", "wolf"]
    assert _draws(_text(later))[:2] == ["1", "3"]


def test_export_writes_the_draws_as_random_numbers_and_reads_back_the_same_game():
    record = load_jcz(FLOCKS)
    text = dump_jcz(record, created="2026-12-03T08:00:00.000Z")
    data = json.loads(text)
    assert data["setup"]["sets"] == {"basic:2": 1, "hills-and-sheep:2": 1}
    assert data["setup"]["elements"]["shepherd"] == 1
    types = [m["type"] for m in data["replay"]]
    assert types == [m["type"] for m in json.loads(FLOCKS.read_text())["replay"]]
    flock = [m["payload"]["value"] for m in data["replay"] if m["type"] == types[8]]
    assert flock == ["EXPAND", "SCORE", "SCORE"]
    deploys = [m["payload"] for m in data["replay"] if m["type"] == "DEPLOY_MEEPLE"]
    assert [int(d["random"] * 18) for d in deploys] == [0, 0]  # the first 1-sheep token
    assert load_jcz(text, text=True) == record
    assert _draws(text) == ["1", "1", "4"]


def test_a_bad_flock_message_names_the_message_and_the_value():
    def grow(data):
        data["replay"][8]["payload"]["value"] = "GROW"

    with pytest.raises(JczError, match=r"replay\[8\].*'EXPAND' or 'SCORE', not 'GROW'"):
        replay_jcz(_text(grow), text=True)


def test_hills_switched_off_is_refused():
    def no_hills(data):
        data["setup"]["elements"]["hill"] = False

    with pytest.raises(JczError, match="without the 'hill' element"):
        replay_jcz(_text(no_hills), text=True)
