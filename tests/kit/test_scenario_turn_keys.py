"""expect.player and expect.pending in scenario files: whose turn it is and the pending
decision, checked exactly; a bad value names the file, line, column, step and key."""

from __future__ import annotations

import pytest

from carcassonne.scenario import Mismatch, ScenarioError, parse_scenario, run_scenario

HEAD = """\
[position]
player = "blue"
tiles = ["BA/RCr 0,0 r0"]
figures = ["red meeple 0,0 N"]

[[step]]
actions = ["tile BA/C 0,-1 r180"]
"""


def run(expect: str) -> list[Mismatch]:
    return run_scenario(parse_scenario(HEAD + expect, "t.scenario.toml")).mismatches


def test_player_and_pending_hold():
    assert run('expect.player = "blue"\nexpect.pending = "figure"\n') == []
    assert run('expect.player = 1\nexpect.pending = { kind = "figure", player = 1 }\n') == []
    assert run('expect.pending = { kind = "figure", player = "blue" }\n') == []
    table = '[step.expect]\nplayer = "blue"\npending = { kind = "figure" }\n'
    assert run(table) == []


def test_player_and_pending_mismatches_are_reported_exactly():
    assert run('expect.player = "red"\n') == [Mismatch(1, "player", "red", "blue")]
    assert run('expect.pending = "tile"\n') == [Mismatch(1, "pending", "tile", "figure (by blue)")]
    assert run('expect.pending = { kind = "figure", player = 0 }\n') == [
        Mismatch(1, "pending", "figure (by red)", "figure (by blue)")
    ]


def test_after_the_turn_it_is_the_next_players_tile():
    text = HEAD + '\n[[step]]\nactions = ["pass"]\nexpect.player = "red"\nexpect.pending = "tile"\n'
    assert run_scenario(parse_scenario(text, "t.scenario.toml")).mismatches == []


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        (
            'expect.player = "green"',
            "t.scenario.toml: line 8, column 17: step 1: expect.player: unknown player "
            "'green' (players: red, blue)",
        ),
        (
            "expect.player = 2",
            "t.scenario.toml: line 8, column 17: step 1: expect.player: seat 2 does not "
            "exist (seats 0 to 1)",
        ),
        (
            "expect.player = true",
            "t.scenario.toml: line 8, column 17: step 1: expect.player: a player name or "
            "seat index expected, not True",
        ),
        (
            "expect.pending = 3",
            "t.scenario.toml: line 8, column 18: step 1: expect.pending: a decision kind "
            '("figure") or a table { kind = ..., player = ... } expected, not 3',
        ),
        (
            'expect.pending = { kind = "figure", who = 1 }',
            "t.scenario.toml: line 8, column 18: step 1: expect.pending: unknown key 'who' "
            "(known: kind, player)",
        ),
        (
            "expect.pending = { player = 1 }",
            "t.scenario.toml: line 8, column 18: step 1: expect.pending: a table needs its "
            'kind (pending = { kind = "wagon" })',
        ),
        (
            'expect.pending = { kind = "wagon", player = "pink" }',
            "t.scenario.toml: line 8, column 18: step 1: expect.pending: unknown player "
            "'pink' (players: red, blue)",
        ),
        (
            '[step.expect]\npoints = {}\n  player = "x"',
            "t.scenario.toml: line 10, column 12: step 1: expect.player: unknown player 'x' "
            "(players: red, blue)",
        ),
        (
            'expect = { points = {}, player = "x" }',
            "t.scenario.toml: line 8, column 34: step 1: expect.player: unknown player 'x' "
            "(players: red, blue)",
        ),
    ],
)
def test_bad_values_name_the_file_line_column_step_and_key(expect: str, message: str):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(HEAD + expect + "\n", "t.scenario.toml")
    assert str(info.value) == message


def test_a_bad_value_in_a_later_step_is_located_in_that_step():
    text = HEAD + 'expect.player = "blue"\n\n[[step]]\nactions = ["pass"]\nexpect.player = 5\n'
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "t.scenario.toml")
    assert str(info.value) == (
        "t.scenario.toml: line 12, column 17: step 2: expect.player: seat 5 does not exist "
        "(seats 0 to 1)"
    )


# -- expect.removed: figures a rule took off the board (the mechanics' test dragon eats) -------

DRAGON_HEAD = """\
[position]
player = "red"
tiles = ["BA/RCr 0,0 r0", "BA/L 0,1 r0"]
figures = ["blue meeple 0,1 monastery", "red meeple 0,0 N"]

[[step]]
actions = ["tile BA/L -1,1 r0", "pass"]
"""


def _dragon_run(expect: str) -> list[Mismatch]:
    from tests.mechanics.plugins import PLUGINS  # the test suite's dragon plugin

    plugins = [("t-dragon", PLUGINS["t-dragon"])]
    text = DRAGON_HEAD + expect
    return run_scenario(parse_scenario(text, "t.scenario.toml", plugins)).mismatches


def test_removed_names_the_figures_a_rule_took_off():
    # the monastery calls the dragon onto -1,1; blue's city tile makes it move: blue steps
    # onto 0,1 (eats blue's monk), red onto 0,0 (eats red's knight)
    moves = '"t-dragon 0,1", "t-dragon 0,0"'  # one step per player
    steps = f'\n[[step]]\nactions = ["tile BA/C 0,-1 r180", "pass", {moves}]\n'
    assert _dragon_run(steps + 'expect.removed = ["red meeple 0,0", "blue meeple 0,1"]\n') == []
    assert _dragon_run(steps + 'expect.removed = ["red meeple 0,0"]\n') == [
        Mismatch(2, "removed", "['red meeple 0,0']", "['blue meeple 0,1', 'red meeple 0,0']")
    ]
