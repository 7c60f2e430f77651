"""JCloisterZone names of The Princess & the Dragon: a hand-written ``.jcz`` game (our fixture)
with a volcano, two dragon steps that eat a meeple, a portal placement, the princess and the
fairy imports, passes its own assertions and is written back message for message; random games
with every option of the Decisions table JCZ has round trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne import GameConfig
from carcassonne import events as ev
from carcassonne.cli.main import main
from carcassonne.jcz import check_jcz, dump_jcz, load_jcz
from carcassonne.jcz.document import read_document
from carcassonne.jcz.errors import JczError
from carcassonne.jcz.replay import replay_document
from carcassonne.record import replay_record
from carcassonne.testing import random_game

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "princess-dragon.jcz"


def _replayed():
    return replay_document(read_document(FIXTURE))


def test_the_fixture_passes_its_assertions(capsys):
    assert main(["jcz", "check", str(FIXTURE)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "1 files (1 passed): 4 assertions passed, 0 failed"
    assert "  pass  Alice scored fairy for 3 points  (found: Alice's fairy entries: 3)" in out


def test_the_dragon_steps_eat_and_the_princess_and_portal_and_fairy_import():
    replayed = _replayed()
    events = replayed.events
    # messages 4 and 5: the two dragon steps, taken by Bob then Alice; the second eats
    moved = [e for e in events[4] if type(e) is ev.PieceMoved]
    assert moved == [ev.PieceMoved("dragon", -1, 1, 0, 0, 0, None)]
    assert not [e for e in events[4] if type(e) is ev.FigureRemoved]
    eaten = [e for e in events[5] if type(e) is ev.FigureRemoved]
    assert eaten == [ev.FigureRemoved(1, "meeple", -1, 0, "E", "eaten by the dragon")]
    # message 11: the princess sends Alice's portal meeple home from the start tile's city
    sent = [e for e in events[11] if type(e) is ev.FigureRemoved]
    assert sent == [ev.FigureRemoved(0, "meeple", 0, 0, "N", "sent home by the princess")]
    state = replayed.state
    assert state.is_over and state.scores == [7, 2]
    assert [(p.kind, p.x, p.y, p.location) for p in state.pieces()] == [
        ("dragon", -1, 0, None),
        ("fairy", 1, 1, "monastery"),
    ]


def test_the_fixture_is_written_back_message_for_message():
    record = load_jcz(FIXTURE)
    written = json.loads(dump_jcz(record, created="2026-12-03T08:00:00.000Z"))
    original = json.loads(FIXTURE.read_text(encoding="utf-8"))

    def strip(messages):
        return [(m["type"], m["player"], json.dumps(m["payload"].get("to")),
                 json.dumps(m["payload"].get("pointer")), m["payload"].get("meepleId"))
                for m in messages]  # fmt: skip

    assert strip(written["replay"]) == strip(original["replay"])
    assert written["setup"]["sets"] == original["setup"]["sets"]
    assert written["setup"]["elements"] == original["setup"]["elements"]
    assert written["gameAnnotations"] == original["gameAnnotations"]
    assert load_jcz(json.dumps(written), text=True) == record


OPTIONS = [
    {},
    {
        "princess-dragon.dragon_move": "after_scoring",
        "princess-dragon.fairy_placement": "on_tile",
        "princess-dragon.princess_action": "must",
    },
]


@pytest.mark.parametrize("options", OPTIONS, ids=["defaults", "c1-rules"])
def test_random_games_round_trip(options):
    config = GameConfig(players=3, expansions=["princess-dragon"], options=options, seed=12)
    *_, (_before, _action, _events, state) = random_game(config, 12)
    text = dump_jcz(state, created="2026-12-03T08:00:00.000Z")
    data = json.loads(text)
    assert {m["type"] for m in data["replay"]} >= {"MOVE_NEUTRAL_FIGURE", "PLACE_TILE", "COMMIT"}
    expected_rules = {"dragon-move": "after-scoring", "fairy-placement": "on-tile",
                      "princess-action": "must"} if options else {}  # fmt: skip
    assert data["setup"]["rules"] == expected_rules
    first = load_jcz(text, text=True)
    imported = replay_record(first)
    assert imported.is_over and imported.scores == state.scores
    assert imported.pieces() == state.pieces()
    assert load_jcz(dump_jcz(first), text=True) == first


def test_a_file_without_the_dragon_element_is_refused():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    del data["setup"]["elements"]["dragon"]
    with pytest.raises(JczError, match="element 'dragon' left out: this engine plays the dragon"):
        load_jcz(json.dumps(data), text=True)


def test_steps_right_after_the_tile_pass_the_figure_phase_jcz_skipped():
    """JCZ skips an action phase with nothing to offer: PLACE_TILE, then the steps; this game
    passes its figure decision before the first step."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    del data["replay"][3]  # Bob's DEPLOY_MEEPLE on the dragon tile
    replayed = replay_document(read_document(json.dumps(data), text=True))
    step = replayed.events[3]
    assert [e for e in step if type(e) is ev.PieceMoved] == [
        ev.PieceMoved("dragon", -1, 1, 0, 0, 0, None)
    ]
    assert not [e for _, e in replayed.state.figures() if (e.x, e.y) == (-1, 0)]
    assert replayed.state.scores == [7, 2]


def _cut(count: int, assertions: list[str]) -> str:
    """The fixture's first ``count`` messages, with ``assertions`` of its own."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["replay"] = data["replay"][:count]
    data["test"] = {"assertions": assertions}
    return json.dumps(data)


@pytest.mark.parametrize(
    ("count", "offered", "not_offered"),
    [
        (5, "MoveDragonAction", "MeepleAction"),  # Alice's step of Bob's dragon move
        (11, "ReturnMeepleAction", "MoveDragonAction"),  # Bob on the princess tile
        (20, "FairyNextToAction", "FairyOnTileAction"),  # Alice may move the fairy
    ],
)
def test_jczs_action_classes_are_offered_where_jcz_offers_them(count, offered, not_offered):
    report = check_jcz(
        _cut(count, [f"Available action {offered}", f"Available action {not_offered}"]), text=True
    )
    assert report.error == ""
    assert [v.passed for v in report.verdicts] == [True, False]
    assert offered in report.verdicts[1].found


def test_the_fairy_on_tile_is_jczs_fairy_on_tile_action():
    data = json.loads(_cut(20, ["Available action FairyOnTileAction"]))
    data["setup"]["rules"] = {"fairy-placement": "on-tile"}
    report = check_jcz(json.dumps(data), text=True)
    assert report.error == "" and [v.passed for v in report.verdicts] == [True]


def test_an_import_plays_the_two_options_jcz_has_no_rule_for_as_jcz_does():
    options = _replayed().state.config.options
    assert options["princess-dragon.dragon_tile_blocks"] is True
    assert options["princess-dragon.fairy_abbot_return_bonus"] is False
    # and nothing of them is written: JCZ refuses rule ids it does not know
    config = GameConfig(
        players=2,
        expansions=["princess-dragon"],
        options={"princess-dragon.dragon_tile_blocks": False},
        seed=3,
    )
    *_, (_before, _action, _events, state) = random_game(config, 3)
    assert json.loads(dump_jcz(state))["setup"]["rules"] == {}
