"""The pytest plugin for scenario files, run in a child pytest: a right scenario passes, a
deliberately wrong one fails with a readable report (expected vs got, the board drawn), a
malformed one names the file and the entry; and this project's own run collects its
scenario files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args, str(folder)],
        capture_output=True,
        text=True,
        cwd=folder,
    )


def test_a_right_scenario_passes(tmp_path: Path):
    (tmp_path / "b01.scenario.toml").write_text(B01 % 4, encoding="utf-8")
    result = run_pytest(tmp_path)
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout


def test_a_wrong_scenario_fails_with_expected_got_and_the_board(tmp_path: Path):
    (tmp_path / "b01.scenario.toml").write_text(B01 % 5, encoding="utf-8")
    result = run_pytest(tmp_path)
    assert result.returncode == 1
    out = result.stdout
    assert "scenario 'B-01 Two-tile city'" in out and "failed at step 1" in out
    assert "actions: tile BA/C 0,-1 r180; pass" in out
    assert "    expected: red +5\n" in out
    assert "    got:      red +4  [red +4 city (completed)]\n" in out
    assert "board (A=red  B=blue" in out
    assert "-1 .....\n   .###.\n   .###.\n 0 -----" in out  # the city, the road
    assert "Traceback" not in out and "def runtest" not in out
    assert "FAILED b01.scenario.toml::b01" in out


def test_a_malformed_scenario_names_the_file_and_entry(tmp_path: Path):
    text = (B01 % 4).replace("expect.points", "expect.pionts")
    (tmp_path / "typo.scenario.toml").write_text(text, encoding="utf-8")
    result = run_pytest(tmp_path)
    assert result.returncode == 1
    assert "typo.scenario.toml: step 1: expect.unknown key 'pionts'" in result.stdout


def test_an_illegal_action_that_is_accepted_is_reported(tmp_path: Path):
    text = (B01 % 4).replace('expect.returned = ["red meeple"]', 'expect.illegal = "not legal"')
    (tmp_path / "accepted.scenario.toml").write_text(text, encoding="utf-8")
    result = run_pytest(tmp_path)
    assert "    expected: refused: not legal\n    got:      accepted" in result.stdout


def test_the_projects_run_collects_the_scenario_files():
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    collected = [line for line in result.stdout.splitlines() if ".scenario.toml::" in line]
    assert any(line.startswith("tests/scenarios/b-01-two-tile-city") for line in collected)
    ic = [line for line in collected if line.startswith("expansions/inns_cathedrals/")]
    assert len(ic) >= 10, ic
