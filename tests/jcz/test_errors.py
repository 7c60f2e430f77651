"""Bad .jcz input: one specific error naming the file and the JSON path or message index, never
a traceback, and nothing written."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carcassonne.cli.main import main
from carcassonne.jcz import JczError, load_jcz
from tests.jcz.shared import FIXTURES

BASE = json.loads((FIXTURES / "base-tiny-city.jcz").read_text(encoding="utf-8"))


def _edit(change: Callable[[dict[str, Any]], object]) -> str:
    data = copy.deepcopy(BASE)
    change(data)
    return json.dumps(data)


def _set(path: list[str | int], value: object) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


CASES = [
    (
        _set(["appVersion"], "5.13.0"),
        "appVersion: 5.13.0 is newer than the JCZ 5.12 this importer follows: not supported",
    ),
    (
        _set(["appVersion"], "5.6.2"),
        "appVersion: 5.6.2 is older than 5.7.0: JCZ's legacy format (other location and "
        "feature names) is not supported",
    ),
    (
        _set(["setup", "sets"], {"basic:1": 1, "flier:1": 1, "cult/6": 1}),
        "setup: not supported: sets flier:1, cult/6",
    ),
    (
        _set(
            ["setup", "elements"],
            {"small-follower": 7, "witch": 1, "phantom": 1, "bridge": 3, "farmers": True},
        ),
        "setup: not supported: elements witch, phantom, bridge",
    ),
    (
        lambda d: d["setup"].update(
            sets={"basic:1": 1, "king-and-robber:1": 1}, elements={"king": True}
        ),
        "setup: not supported: sets king-and-robber:1; elements king",
    ),
    (
        _set(["setup", "rules"], {"bazaar-no-auction": True}),
        "setup.rules.bazaar-no-auction: not supported: no plugin knows this rule",
    ),
    (
        _set(["setup", "rules"], {"tiny-city-scoring": "3"}),
        "setup.rules.tiny-city-scoring: rule 'tiny-city-scoring' value '3' is not one of '4', '2'",
    ),
    (
        _set(["setup", "sets"], {"basic:1": 2}),
        "setup.sets.basic:1: 2 copies of a set are not supported (only 1)",
    ),
    (
        _set(["players"], [{"name": f"P{i}", "slot": i} for i in range(7)]),
        "players: 7 players: this engine plays 1 to 6",
    ),
    (
        _set(["replay", 1, "payload", "meepleId"], "0.phantom.1"),
        "replay[1]: DEPLOY_MEEPLE: figure type 'phantom' (meeple id '0.phantom.1') is not "
        "supported",
    ),
    (
        _set(["replay", 1, "payload", "pointer", "location"], "NX"),
        "replay[1]: DEPLOY_MEEPLE: location 'NX' is not supported",
    ),
    (
        _set(["replay", 1, "payload", "pointer", "feature"], "Castle"),
        "replay[1]: DEPLOY_MEEPLE: feature class 'Castle' is not supported",
    ),
    (
        _set(["replay", 1, "payload", "pointer", "location"], "N"),
        "replay[1]: DEPLOY_MEEPLE: the tile at 0,-1 has no City at N",
    ),
    (
        _set(["replay", 2], {"type": "SCORE_ACROBATS", "payload": {"pointer": None}}),
        "replay[2]: message type SCORE_ACROBATS is not supported",
    ),
    (
        _set(
            ["replay", 1],
            {"type": "RETURN_MEEPLE", "payload": {"pointer": None, "source": "ROBBERS_SON"}},
        ),
        "replay[1]: RETURN_MEEPLE with source='ROBBERS_SON' is not supported",
    ),
    (
        _set(["replay", 3, "payload", "position"], [0, -1]),
        "replay[3]: PLACE_TILE: illegal move here (tile BA/RFr 0,-1 r0): ",
    ),
    (
        _set(["replay", 0, "payload", "rotation"], "R45"),
        "replay[0]: PLACE_TILE: a rotation is R0, R90, R180 or R270, not 'R45'",
    ),
    (
        _set(["gameAnnotations", "drawOrder", 1], "BA/XYZ"),
        "gameAnnotations.drawOrder[1]: tile 'BA/XYZ' is not (or no longer) in the pack",
    ),
    (
        _set(["gameAnnotations", "endTurn"], 1),
        "gameAnnotations.endTurn: the replay places 2 drawn tiles, more than endTurn = 1",
    ),
    # a move by another player than the one who decides: it would be credited to the wrong one
    (
        _set(["replay", 3, "player"], 0),
        "replay[3].player: PLACE_TILE sent by player 0, but player 1 decides here "
        "(a tile decision)",
    ),
    (
        _set(["replay", 1, "player"], 1),
        "replay[1].player: DEPLOY_MEEPLE sent by player 1, but player 0 decides here "
        "(a figure decision)",
    ),
    (
        _set(["replay", 0, "player"], 2),
        "replay[0].player: expected a player index from 0 to 1, not 2",
    ),
    (
        _set(["replay", 0, "player"], "0"),
        "replay[0].player: expected a player index from 0 to 1, not '0'",
    ),
    (
        _set(["replay", 2, "player"], True),
        "replay[2].player: expected a player index from 0 to 1, not True",
    ),
]


@pytest.mark.parametrize("change, message", CASES)
def test_bad_input_names_the_path(change, message):
    with pytest.raises(JczError) as caught:
        load_jcz(_edit(change), text=True)
    assert str(caught.value).startswith(f"<text>: {message}")


def test_a_message_without_its_player_is_read_as_with_it():
    """JCZ only times players with ``player`` (jcz.md, section 7.1): a file may leave it out,
    and the game is the same; a COMMIT (no decision of its own) is not checked against it."""

    def strip(data: dict[str, Any]) -> None:
        for message in data["replay"]:
            del message["player"]

    def late_commit(data: dict[str, Any]) -> None:
        data["replay"][2]["player"] = 1  # after the figure, player 1 is the one to move here

    expected = load_jcz(json.dumps(BASE), text=True)
    assert [e.text for e in expected.entries if e.kind == "action"][:2] == [
        "tile BA/C 0,-1 r180", "figure meeple 0,-1 S",
    ]  # fmt: skip
    for change in (strip, late_commit):
        assert load_jcz(_edit(change), text=True) == expected


def test_malformed_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.jcz"
    path.write_text('{\n  "appVersion": "5.12.0",\n  "setup": {,}\n}\n', encoding="utf-8")
    with pytest.raises(JczError) as caught:
        load_jcz(path)
    assert str(caught.value) == (
        f"{path}: line 3 column 13: not valid JSON: Expecting property name enclosed in "
        "double quotes"
    )


def test_import_writes_nothing_on_failure(tmp_path, capsys):
    bad = tmp_path / "bad.jcz"
    bad.write_text(_edit(_set(["setup", "sets"], {"basic:1": 1, "flier:1": 1})), "utf-8")
    out = tmp_path / "game.carc"
    assert main(["import", str(bad), "-o", str(out)]) == 1
    assert not out.exists()
    err = capsys.readouterr().err
    assert err == f"carcassonne: {bad}: setup: not supported: sets flier:1\n"


def test_export_refuses_a_broken_record_and_writes_nothing(tmp_path, capsys):
    record = tmp_path / "game.carc"
    record.write_text('players = ["A", "B"]\n---\ntile BA/C 5,5 r0\n', "utf-8")
    out = tmp_path / "game.jcz"
    assert main(["export", str(record), "-o", str(out)]) == 1
    assert not out.exists()
    assert capsys.readouterr().err.startswith(f"carcassonne: {record}: ")


def test_a_missing_file(tmp_path):
    with pytest.raises(JczError) as caught:
        load_jcz(Path(tmp_path / "nope.jcz"))
    assert str(caught.value).startswith(f"{tmp_path / 'nope.jcz'}: ")
