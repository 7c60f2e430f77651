"""The Tower in JCloisterZone's saved games: random games full of captures, exchanges and
ransoms written as ``.jcz`` and read back to the same record, and the messages they make.
(The hand-written files are tests/jcz/fixtures/tower-*.jcz, checked by ``jcz check``.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne import GameConfig
from carcassonne.jcz import check_jcz, dump_jcz, load_jcz
from carcassonne.record import replay_record
from carcassonne.testing import random_game
from carcassonne_tower.common import AddFloor, Capture, Exchange, Ransom


@pytest.mark.parametrize(
    ("expansions", "players", "seed", "counts"),
    [
        (("tower",), 3, 8, (12, 0, 5)),
        (("tower", "inns-cathedrals", "abbot"), 4, 22, (16, 2, 7)),
    ],
)
def test_a_random_game_round_trips_with_its_prisoners(expansions, players, seed, counts):
    config = GameConfig(players=players, expansions=expansions, seed=seed)
    *_, (_before, _action, _events, state) = random_game(config, seed)
    log = state.log
    assert tuple(sum(type(a) is t for a in log) for t in (Capture, Exchange, Ransom)) == counts
    text = dump_jcz(state, created="2026-12-03T08:00:00.000Z")
    messages = json.loads(text)["replay"]
    types = [m["type"] for m in messages]
    assert types.count("PLACE_TOKEN") == sum(type(a) is AddFloor for a in log)
    assert types.count("CAPTURE_FOLLOWER") == counts[0]
    assert types.count("EXCHANGE_FOLLOWER") == counts[1]
    assert types.count("PAY_RANSOM") == counts[2]
    # a ransom names a follower by the id it was captured with
    payloads = [(m["type"], m["payload"]) for m in messages]
    captured = {p["pointer"]["meepleId"] for t, p in payloads if t == "CAPTURE_FOLLOWER"}
    assert {p["meepleId"] for t, p in payloads if t == "PAY_RANSOM"} <= captured
    record = load_jcz(text, text=True)
    imported = replay_record(record)
    assert imported.log == state.log
    assert (imported.scores, imported.prisoners()) == (state.scores, state.prisoners())
    assert load_jcz(dump_jcz(record), text=True) == record


FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "jcz" / "fixtures"


@pytest.mark.parametrize(
    ("count", "offered", "not_offered"),
    [
        (10, "TowerPieceAction", "TakePrisonerAction"),  # Bob's figure phase: a piece offered
        (11, "TakePrisonerAction", "TowerPieceAction"),  # the piece sees Alice's highwayman
    ],
)
def test_jczs_action_classes_are_offered_where_jcz_offers_them(count, offered, not_offered):
    data = json.loads((FIXTURES / "tower-capture-phase.jcz").read_text(encoding="utf-8"))
    data["replay"] = data["replay"][:count]
    data["test"] = {
        "assertions": [f"Available action {offered}", f"Available action {not_offered}"]
    }
    report = check_jcz(json.dumps(data), text=True)
    assert report.error == ""
    assert [v.passed for v in report.verdicts] == [True, False]
