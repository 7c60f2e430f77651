"""``carcassonne play``: bot games to the end, human moves typed or piped in, save, quit, EOF and
one-line user errors."""

from __future__ import annotations

import re

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.bots import make_bot
from carcassonne.record import load_record


def expected_scores(seats: list[str], seed: int) -> list[int]:
    """The scores of the same bot game played directly, bots reseeded as the command line
    does at every decision (game seed, seat, actions so far)."""
    state = GameState.new(GameConfig(players=len(seats), seed=seed))
    bots = [make_bot(name, 0) for name in seats]
    while not state.is_over:
        player = state.pending.player
        bots[player].rng.seed(f"{seed}:{player}:{len(state.log)}")
        state.apply(bots[player].choose(state))
    return list(state.scores)


def test_a_bot_game_is_a_log_from_turn_1_with_a_final_table(cli):
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
    assert lines[:4] == [
        "Carcassonne: 2 players, seed 1",
        "  A red: greedy",
        "  B blue: random",
        "  turn 1: A red",
    ]
    assert not any("help" in line for line in lines)  # nobody is asked anything
    assert lines[5].startswith("A red: tile ")
    assert sum(1 for line in lines if line.startswith("    scores: A ")) >= 70
    assert f"    scores: A {scores[0]}, B {scores[1]}" in lines
    # the final board fits the width of the terminal (80 columns when it is not one)
    board = lines[lines.index("Final scores") - 30 : lines.index("Final scores")]
    assert max(len(line) for line in lines) <= 80, board


def test_bots_with_the_board_after_each_turn_and_a_delay(cli, monkeypatch):
    slept = []
    monkeypatch.setattr("time.sleep", slept.append)
    result = cli("play", "--seats", "greedy,random", "--board", "--delay", "0.25")
    assert result.status == 0
    assert slept and set(slept) == {0.25}
    assert len(slept) == result.out.count("  turn ")  # after turns 1 to n-1 and the last
    # the board after the first placement: the start tile and one more, coordinates on top
    after_first = result.out.split("  turn 3:")[0]
    assert "     0\n   ..|..\n-1 --+--\n   .###.\n   .###.\n 0 -----\n" in after_first


def test_human_picks_by_keys_saves_and_quits_offering_to_save(cli, tmp_path):
    record = tmp_path / "game.txt"
    moves = ["a", "figure meeple 0,-1 N", "a", f"save {record}", "quit", str(tmp_path / "q.txt")]
    result = cli("play", "--players", "2", "--bot", "random", "--seed", "13", stdin=_lines(moves))
    assert result.status == 0 and result.err == ""
    out = result.out
    assert "drawn BA/C" in out and "Pick a square (a-b)" in out
    assert "A red: tile BA/C 0,-1 r180" in out  # one rotation fits at a: no rotation asked
    assert "a) S: city - meeple" in out and "b) NL: field - meeple" in out
    assert "figure meeple 0,-1 N: the tile at 0,-1 has no feature at 'N'" in out
    assert "the spots here: a) S: city, b) NL: field" in out
    assert "A red: figure meeple 0,-1 S" in out
    assert "    A red scores 4 for a city" in out
    assert re.search(r"saved the game to\s+" + re.escape(str(record)), out)
    assert "Save the game first? Type a file name, or Enter to quit without:" in out
    assert out.rstrip().endswith("Game stopped.")
    for path in (record, tmp_path / "q.txt"):
        saved = load_record(path)
        assert saved.scores[0] == 4
        assert [a.to_dict()["type"] for a in saved.log[:2]] == ["tile", "figure"]


def test_mistakes_at_the_prompt_are_explained_and_asked_again(cli):
    moves = ["", "zz", "tile BA/C 9,9 r0", "hop", "help", "save", "undo", "b", "9", "1", "0"]
    result = cli("play", "--seed", "13", stdin=_lines(moves))
    assert result.status == 0 and result.err == ""
    out = result.out
    flowing = " ".join(out.split())  # messages are wrapped to the width
    assert "'zz' is no key here (a, b), no command (undo, hint, board, save FILE, help, quit)" in (
        flowing
    )
    assert "illegal action tile BA/C 9,9 r0: 9,9 does not touch any tile along an edge" in out
    assert "  undo         take back your last decision" in out
    assert "usage: save FILE" in out
    assert "Nothing to undo: this is your first decision." in out
    assert "Pick a rotation by number" in out and "pick a rotation from 1 to 3" in out
    assert "A red: tile BA/C 0,1 r90" in out and "A red: pass" in out
    assert out.rstrip().endswith("End of input: the game is abandoned.")


def test_piped_input_to_a_real_process_and_end_of_input(process):
    result = process("play", "--seats", "human,greedy,random", "--seed", "13", stdin="a\n0\n")
    assert result.status == 0 and result.err == ""
    assert "A red: tile BA/C 0,-1 r180" in result.out
    assert "  C yellow: random" in result.out
    assert "B blue: tile " in result.out and "C yellow: tile " in result.out
    assert result.out.rstrip().endswith("End of input: the game is abandoned.")
    assert "Traceback" not in result.out
    assert "\x1b[" not in result.out  # plain text into a pipe


def test_undo_against_bots_returns_to_the_previous_decision(cli):
    result = cli("play", "--seed", "13", stdin=_lines(["a", "0", "undo", "undo", "undo"]))
    out = result.out
    assert out.count("Undone: back to your previous decision.") == 2
    assert "Nothing to undo: this is your first decision." in out
    screens = out.split("Carcassonne - turn ")
    # the screen after two undos is the first one again
    first = screens[1].split("Pick a square")[0]
    last = screens[-1].split("Pick a square")[0]
    assert first == last


def test_load_resumes_a_record_or_a_position(cli, tmp_path):
    record = tmp_path / "game.txt"
    position = tmp_path / "position.toml"
    cli("play", "--seed", "13", stdin=_lines(["a", "0", f"save {record}", "quit", ""]))
    state = load_record(record)
    from carcassonne.position import save_position

    save_position(state, position)
    for path in (record, position):
        result = cli("play", "--load", str(path), stdin="")
        assert result.status == 0 and result.err == ""
        assert f"Carcassonne - turn {state.turn}" in result.out
        assert f"A red      {state.scores[0]} pts" in result.out


def test_load_errors_are_one_line(cli, tmp_path):
    broken = tmp_path / "broken.txt"
    broken.write_text("format = 1\n---\ntile BA/C 9,9 r0\n")
    result = cli("play", "--load", str(broken))
    assert result.status == 1 and result.err.startswith(f"carcassonne: {broken}: line ")
    result = cli("play", "--load", str(tmp_path / "missing.txt"))
    assert result.status == 1 and "No such file or directory" in result.err
    result = cli("play", "--load", str(broken), "--expansions", "river")
    assert (
        result.err == "carcassonne: --load takes the expansions and options from the saved game\n"
    )


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
        (["--players", "3", "--seats", "human,greedy"], "carcassonne: 3 players but 2 seats"),
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
