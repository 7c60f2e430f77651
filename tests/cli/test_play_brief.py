"""`play --brief`: watching bots, a short log in words (the points as they are scored, the
scores every ten turns), then the whole final board in one piece with its legend."""

from __future__ import annotations

from carcassonne.cli.main import main


def test_brief_prints_the_points_in_words_and_the_board_in_one_piece(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    assert main(["play", "--seats", "greedy,random", "--seed", "1", "--brief"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) < 80
    assert "turn   3: A red scores 4 for a city" in lines
    assert "          after 10 turns, scores: A 14, B 0" in lines
    assert "turn  71: B blue scores 7 for a monastery at the end" in lines
    assert not any(line.startswith(("A red: tile", "B blue: figure")) for line in lines)
    board = lines[lines.index("") + 1 : lines.index("Final scores")]
    assert max(len(line) for line in board) <= 80
    # one piece: a single header of x labels, the legend right under the board
    assert sum(1 for line in board if line.lstrip().startswith("-6    -4")) == 1
    assert any(line.startswith("# city") for line in board)
    assert lines[-1] == "A red wins."


def test_brief_is_for_bots_only(capsys):
    assert main(["play", "--seats", "human,greedy", "--brief"]) != 0
    assert "--brief is for watching bots: every seat must be a bot" in capsys.readouterr().err
