"""``carcassonne jcz check``: the reference's five examples and this suite's fixtures pass, and
a copy of each with one assertion changed fails, naming the value found."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from carcassonne.cli.main import main
from carcassonne.jcz.check import check_jcz
from tests.jcz.shared import EXAMPLES, example_files, fixture_files

if os.environ.get("CI") and not EXAMPLES.is_dir():  # CI has shared/ beside the clone: never skip
    raise RuntimeError(f"{EXAMPLES} is missing: the JCZ example tests would skip in CI")
needs_examples = pytest.mark.skipif(
    not EXAMPLES.is_dir(), reason="../shared/formats/jcz-examples is not beside the clone"
)


def _changed(text: str) -> str:
    """An assertion changed so that it no longer holds: its number plus one, or the phase,
    or pass/can't pass swapped."""
    number = re.search(r"-?\d+(?= points?)", text)
    if number:
        return text[: number.start()] + str(int(number.group()) + 1) + text[number.end() :]
    if "can't pass" in text:
        return text.replace("can't pass", "can pass")
    return re.sub(r"(?i)phase is \w+", "phase is WagonPhase", text)


@needs_examples
def test_the_five_examples_pass(capsys):
    files = [str(p) for p in example_files()]
    assert len(files) == 5
    assert main(["jcz", "check", *files]) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out
    assert out.splitlines()[-1] == "5 files (5 passed): 25 assertions passed, 0 failed"
    assert "  pass  Bob scored city for 0 points  (found: Bob's city entries: 0)" in out


def test_the_fixtures_pass(capsys):
    files = [str(p) for p in fixture_files()]
    assert len(files) >= 13  # each expansion with JCZ names adds its own
    # every assertion of every file is counted (fixtures are added by several expansions)
    total = sum(len(json.loads(Path(f).read_text())["test"]["assertions"]) for f in files)
    assert main(["jcz", "check", *files]) == 0
    out = capsys.readouterr().out
    n = len(files)
    assert out.splitlines()[-1] == f"{n} files ({n} passed): {total} assertions passed, 0 failed"
    assert "  pass  phase is CommitActionPhase  (found: CommitActionPhase)" in out
    # a figure action that leaves a decision before the scoring: JCZ waits in its phase
    assert "  pass  phase is TowerCapturePhase  (found: TowerCapturePhase)" in out


@pytest.mark.parametrize("path", [*example_files(), *fixture_files()], ids=lambda p: Path(p).name)
def test_one_assertion_changed_fails(path, tmp_path, capsys):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    assertions = data["test"]["assertions"]
    wrong = _changed(assertions[0])
    assert wrong != assertions[0]
    assertions[0] = wrong
    copy = tmp_path / Path(path).name
    copy.write_text(json.dumps(data), encoding="utf-8")
    assert main(["jcz", "check", str(copy)]) == 1
    out = capsys.readouterr().out
    failed = [line for line in out.splitlines() if line.startswith("  FAIL")]
    assert len(failed) == 1 and failed[0].startswith(f"  FAIL  {wrong}  (found: ")
    last = out.splitlines()[-1]
    assert last.startswith("1 files (0 passed): ") and last.endswith(", 1 failed")


def _with_assertions(tmp_path: Path, name: str, assertions: list[str]) -> Path:
    source = next(p for p in fixture_files() if p.name == name)
    data = json.loads(source.read_text(encoding="utf-8"))
    data["test"]["assertions"] = assertions
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_verdicts_say_what_was_found(tmp_path):
    path = _with_assertions(
        tmp_path,
        "base-tiny-city.jcz",
        [
            "Alice has 3 points",
            "Carol has 0 points",
            "Alice scored city for 4 points",
            "Bob scored field for 0 points",
            "Alice scored castle for 2 points",
            "phase is ActionPhase",
            "Player can pass",
            "Available action AbbeyPlacementAction",
            "Undo is allowed",
            "Alice is winning",
        ],
    )
    report = check_jcz(path)
    assert [(v.passed, v.found) for v in report.verdicts] == [
        (False, "2 points"),
        (False, "no player named Carol"),
        (False, "Alice's city entries: 2"),
        (False, "Bob's field entries: none"),  # the game goes on: no final scoring yet
        (False, "Alice's castle entries: none"),
        (False, "TilePhase"),
        (False, "can't pass"),
        (False, "available: TilePlacementAction"),
        (False, "not allowed"),
        (False, "unknown assertion"),
    ]


def test_zero_point_entries_of_final_scoring(tmp_path):
    """JCZ records 0-point entries at the end; the checker rebuilds them for the feature's
    winners: here Bob's farmer, whose field borders no completed city, once the game ends."""
    path = _with_assertions(
        tmp_path,
        "base-tiny-city.jcz",
        [
            "Bob scored field for 0 points",
            "Alice scored field for 0 points",
            "phase is GameOverPhase",
        ],
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    data["gameAnnotations"]["endTurn"] = 2
    path.write_text(json.dumps(data), encoding="utf-8")
    report = check_jcz(path)
    assert [(v.passed, v.found) for v in report.verdicts] == [
        (True, "Bob's field entries: 0"),
        (False, "Alice's field entries: none"),
        (True, "GameOverPhase"),
    ]


def test_json_output(capsys):
    path = str(next(p for p in fixture_files() if p.name == "river.jcz"))
    assert main(["jcz", "check", "--json", path]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["passed"], data["failed"], data["errors"]) == (3, 0, 0)
    [entry] = data["files"]
    assert entry["passed"] is True and entry["error"] is None
    assert entry["assertions"][0] == {
        "text": "Alice has 0 points",
        "passed": True,
        "found": "0 points",
    }


def test_a_file_that_cannot_be_replayed_is_reported_and_fails(tmp_path, capsys):
    bad = tmp_path / "bad.jcz"
    bad.write_text("{", encoding="utf-8")
    good = next(p for p in fixture_files() if p.name == "river.jcz")
    assert main(["jcz", "check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"  ERROR {bad}: line 1 column 2: not valid JSON: " in out
    assert out.splitlines()[-1] == (
        "2 files (1 passed): 3 assertions passed, 0 failed, 1 files could not be replayed"
    )


@pytest.mark.parametrize(
    ("keep", "assertions", "found"),
    [
        # after the COMMIT that scores Alice's road: her wagon may move (or stay: PASS)
        (
            9,
            ["phase is WagonPhase", "Player can pass", "Alice has 4 points"],
            ["WagonPhase", "can pass", "4 points"],
        ),
        # a hole at 1,1 and Bob holds his abbey: JCZ asks first (PASS keeps it)
        (
            22,
            ["phase is AbbeyPhase", "Player can pass", "Available action AbbeyPlacementAction"],
            ["AbbeyPhase", "can pass", "available: AbbeyPlacementAction"],
        ),
    ],
)
def test_a_test_stopping_at_a_wagon_or_abbey_decision(tmp_path, keep, assertions, found):
    path = _with_assertions(tmp_path, "abbey-mayor-wagon.jcz", assertions)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["replay"] = data["replay"][:keep]
    path.write_text(json.dumps(data), encoding="utf-8")
    report = check_jcz(path)
    assert [(v.passed, v.found) for v in report.verdicts] == [(True, f) for f in found]
