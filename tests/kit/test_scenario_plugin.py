"""The pytest plugin for scenario files, run in a child pytest: a right scenario passes, a
deliberately wrong one fails with a readable report (expected vs got, the board drawn), a
malformed one names the file and the entry; and this project's own run collects its
scenario files."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

B01 = """\
title = "B-01 Two-tile city"

[position]
player = "blue"
tiles = ["BA/RCr 0,0 r0"]
figures = ["red meeple 0,0 N"]

[[step]]
actions = ["tile BA/C 0,-1 r180", "pass"]
expect.points = { red = %d }
expect.returned = ["red meeple"]
"""


def run_pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", *args, "."],
        capture_output=True,
        text=True,
        cwd=folder,
    )


@pytest.fixture(scope="module")
def child_run(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One child pytest over four files: a right, a wrong, a malformed and an accepted
    'illegal' scenario (one process: pytest starts slowly)."""
    folder = tmp_path_factory.mktemp("scenarios")
    (folder / "right.scenario.toml").write_text(B01 % 4, encoding="utf-8")
    (folder / "b01.scenario.toml").write_text(B01 % 5, encoding="utf-8")
    typo = (B01 % 4).replace("expect.points", "expect.pionts")
    (folder / "typo.scenario.toml").write_text(typo, encoding="utf-8")
    accepted = (B01 % 4).replace('expect.returned = ["red meeple"]', 'expect.illegal = "not legal"')
    (folder / "accepted.scenario.toml").write_text(accepted, encoding="utf-8")
    result = run_pytest(folder)
    assert result.returncode == 1, result.stdout + result.stderr
    return result.stdout


def test_a_right_scenario_passes(child_run: str):
    assert "PASSED right.scenario.toml::right" in child_run
    assert "3 failed, 1 passed" in child_run


def test_a_wrong_scenario_fails_with_expected_got_and_the_board(child_run: str):
    out = child_run.split("_ scenario b01 _")[1].split("_ scenario ")[0]
    assert "scenario 'B-01 Two-tile city'" in out and "failed at step 1" in out
    assert "actions: tile BA/C 0,-1 r180; pass" in out
    assert "    expected: red +5\n" in out
    assert "    got:      red +4  [red +4 city (completed)]\n" in out
    assert "board (A=red  B=blue" in out
    assert "-1 .....\n   .###.\n   .###.\n 0 -----" in out  # the city, the road
    assert "Traceback" not in out and "def runtest" not in out
    assert "FAILED b01.scenario.toml::b01" in child_run


def test_a_malformed_scenario_names_the_file_and_entry(child_run: str):
    assert "typo.scenario.toml: step 1: expect.unknown key 'pionts'" in child_run


def test_an_illegal_action_that_is_accepted_is_reported(child_run: str):
    assert "    expected: refused: not legal\n    got:      accepted" in child_run


def test_the_projects_run_collects_the_scenario_files():
    """Every scenario file of the repository lies under pytest's testpaths, and pytest
    collects the scenario folders as test items."""
    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "pytest"
    ]["ini_options"]["testpaths"]
    files = sorted(ROOT.glob("tests/**/*.scenario.toml")) + sorted(
        ROOT.glob("expansions/*/tests/**/*.scenario.toml")
    )
    assert len(files) >= 30
    for path in files:
        assert path.relative_to(ROOT).parts[0] in testpaths, path
    folders = ["tests/scenarios", "expansions/inns_cathedrals/tests/scenarios"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", *folders],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    collected = [line for line in result.stdout.splitlines() if ".scenario.toml::" in line]
    assert any(line.startswith("tests/scenarios/b-01-two-tile-city") for line in collected)
    ic = [line for line in collected if line.startswith("expansions/inns_cathedrals/")]
    assert len(ic) >= 10, ic


def test_the_documented_failure_report_is_the_real_one(child_run: str):
    """docs/scenarios.md shows the report of this very file (b01, expecting 5 points)."""
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    shown = doc.split("## Failure reports", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    out = child_run.split("_ scenario b01 _")[1].split("_ scenario ")[0]
    # the child ran in a temporary folder: its path in place of the documented one
    out = re.sub(r"\(\S*/b01\.scenario\.toml\)", "(tests/scenarios/b01.scenario.toml)", out)
    assert shown in out
