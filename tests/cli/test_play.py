"""``carcassonne play``: bot games to the end, human moves typed or piped in, save, quit, EOF and
one-line user errors."""

from __future__ import annotations

import re

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.bots import make_bot
from carcassonne.record import load_record


def expected_scores(seats: list[str], seed: int) -> list[int]:
    """The scores of the same bot game played directly (same seeds as the command line)."""
    state = GameState.new(GameConfig(players=len(seats), seed=seed))
    bots = [make_bot(name, seed * 31 + p + 1) for p, name in enumerate(seats)]
    while not state.is_over:
        state.apply(bots[state.pending.player].choose(state))
    return list(state.scores)


def test_a_bot_game_runs_to_the_end_with_a_final_table(cli):
    result = cli("play", "--seats", "greedy,random", "--seed", "1")
    assert result.status == 0 and result.err == ""
    scores = expected_scores(["greedy", "random"], 1)
    lines = result.out.splitlines()
    table = lines[lines.index("Final scores") :]
    assert table[1].split()[:3] == ["rank", "player", "seat"]
    assert table[1].split()[-1] == "total"
    ranked = sorted(range(2), key=lambda p: (-scores[p], p))
    for row, player in zip(table[2:4], ranked, strict=True):
        assert row.split()[1] == "AB"[player]
        assert int(row.split()[-1]) == scores[player]
    assert lines[0] == "Carcassonne: 2 players, seed 1"
    assert "  A red: greedy" in lines and "  B blue: random" in lines
    # the score line after every turn
    assert sum(1 for line in lines if line.startswith("  scores: A ")) >= 70
    assert f"  scores: A {scores[0]}, B {scores[1]}" in lines


def test_human_moves_by_number_and_by_notation_then_save_and_quit(cli, tmp_path):
    record = tmp_path / "game.txt"
    moves = ["1", "figure meeple 0,-1 S", f"save {record}", "quit"]
    result = cli("play", "--players", "2", "--bot", "random", "--seed", "13", stdin=_lines(moves))
    assert result.status == 0 and result.err == ""
    out = result.out
    assert "drawn tile BA/C (70 left in the pile):" in out
    assert "  1) tile BA/C 0,-1 r180   2) tile BA/C 0,1 r90" in out
    assert "A red: tile BA/C 0,-1 r180" in out
    assert "A red: figure meeple 0,-1 S" in out
    assert "    A red scores 4 for a city" in out
    assert f"  saved the game record to {record}" in out
    assert out.rstrip().endswith("Game stopped.")
    saved = load_record(record)
    assert saved.scores[0] == 4
    assert [a.to_dict()["type"] for a in saved.log[:2]] == ["tile", "figure"]


def test_mistakes_at_the_prompt_are_explained_and_asked_again(cli):
    moves = ["", "99", "0", "tile BA/C 9,9 r0", "hop", "help", "board", "save", "1", "pass"]
    result = cli("play", "--seed", "13", stdin=_lines(moves))
    assert result.status == 0 and result.err == ""
    out = result.out
    assert "  choose a move from 1 to 4" in out
    assert "  illegal action tile BA/C 9,9 r0: 9,9 does not touch any tile along an edge" in out
    assert re.search(r"  column 1: .*hop", out)
    assert "  save FILE    save the game record to FILE" in out
    assert "  usage: save FILE" in out
    assert "A red: tile BA/C 0,-1 r180" in out and "A red: pass" in out
    assert out.rstrip().endswith("End of input: the game is abandoned.")


def test_piped_input_to_a_real_process_and_end_of_input(process):
    result = process("play", "--seats", "human,greedy,random", "--seed", "13", stdin="1\npass\n")
    assert result.status == 0 and result.err == ""
    assert "A red: tile BA/C 0,-1 r180" in result.out
    assert "  C yellow: random" in result.out
    assert "B blue: tile " in result.out and "C yellow: tile " in result.out
    assert result.out.rstrip().endswith("End of input: the game is abandoned.")
    assert "Traceback" not in result.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--expansions", "dragons"], "carcassonne: unknown expansion 'dragons' (installed"),
        (["--seats", "human,alien"], "carcassonne: unknown seat 'alien' (known: human, greedy"),
        (
            ["--option", "farmers=maybe"],
            "carcassonne: option 'farmers' must be true or false, not \"maybe\"",
        ),
        (["--option", "farmers"], "carcassonne: option 'farmers' must look like KEY=VALUE"),
        (["--option", "colour=red"], "carcassonne: unknown option 'colour' (known: "),
        (["--players", "3", "--seats", "human,greedy"], "carcassonne: --players 3 but 2 seats"),
        (["--players", "7"], "carcassonne: a game has 1 to 6 players, not 7"),
    ],
)
def test_user_errors_are_one_line_with_status_2(cli, argv, message):
    result = cli("play", *argv)
    assert result.status == 2
    assert result.out == ""
    assert result.err.startswith(message)
    assert result.err.count("\n") == 1


def test_option_values_reach_the_game(cli):
    result = cli(
        "play", "--seats", "random,random", "--option", "farmers=false", "--option", "meeples=3"
    )
    assert result.status == 0
    assert "for a field" not in result.out


def _lines(items: list[str]) -> str:
    return "".join(item + "\n" for item in items)


def test_bots_play_with_every_installed_expansion(cli):
    from carcassonne.plugins import installed_expansions

    names = ",".join(sorted(installed_expansions()))
    result = cli("play", "--seats", "random,random,random", "--expansions", names, "--seed", "4")
    assert result.status == 0 and result.err == ""
    assert "Final scores" in result.out
    if names:
        assert f"expansions: {names.replace(',', ', ')}" in result.out
