"""``carcassonne play`` in a pseudo-terminal at 80x24, 100x30 and 120x40 with every expansion
installed: the screen fits, every candidate square's key is on it, a whole game with every
expansion is played by keys alone, ``hint`` and ``help`` answer on the screen, undo goes back
to the previous decision, and a saved game resumes identically.

Every wait is for what the screen shows, with a generous deadline (``pty_session.DEADLINE``):
no test depends on how fast a busy machine answers."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.actions import Draw, Pass
from carcassonne.cli.keys import group, letter_keys
from carcassonne.plugins import installed_expansions
from carcassonne.record import save_record

sys.path.insert(0, str(Path(__file__).parent))
from pty_session import Session  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

SIZES = [(80, 24), (100, 30), (120, 40)]
END = r"(wins\.|share the victory\.)\s*$"


def bot_game(tmp_path: Path, expansions: list[str], tiles_left: int, seed: int = 5) -> Path:
    """A record of a 2-player game played at random until ``tiles_left`` tiles remain, with
    the human (seat A) to place a tile next; figures and abbeys are mostly kept back, so that
    the human still has choices of every kind (abbeys are never placed)."""
    state = GameState.new(GameConfig(players=2, expansions=expansions, seed=seed))
    rng = random.Random(seed)
    while not (state.tiles_left() <= tiles_left and state.pending.kind == "tile"
               and state.pending.player == 0):  # fmt: skip
        actions = state.legal_actions()
        if Draw() in actions:
            state.apply(Draw())
            continue
        keep = [a for a in actions if type(a) is Pass]
        state.apply(keep[0] if keep and rng.random() < 0.85 else rng.choice(actions))
    path = tmp_path / "game.txt"
    save_record(state, path)
    return path


def board_part(screen: str) -> str:
    """The screen between the player lines and the panel below the board."""
    lines = screen.splitlines()
    stop = next(i for i, line in enumerate(lines) if line.startswith(("drawn ", "Pick ")))
    return "\n".join(lines[3:stop])


@pytest.mark.parametrize(("columns", "lines"), SIZES)
def test_every_candidate_square_has_its_key_on_a_screen_that_fits(tmp_path, columns, lines):
    record = bot_game(tmp_path, [], tiles_left=25)
    from carcassonne.record import load_record

    state = load_record(record)
    squares = group(state, state.legal_actions()).squares
    assert len(squares) >= 10  # late enough for the board to be wide
    session = Session("play", "--load", str(record), columns=columns, lines=lines)
    try:
        screen = session.prompt()
        assert len(screen.splitlines()) <= lines
        assert max(len(line) for line in screen.splitlines()) <= columns
        board = board_part(screen)
        for key in letter_keys(len(squares)):
            assert re.search(rf"(?<![a-z]){key}(?![a-z])", board), (key, screen)
        assert f"Pick a square (a-{letter_keys(len(squares))[-1]})" in screen
        # a resize redraws the screen for the new size
        session.resize(columns - 20, lines - 4)
        smaller = session.settled_screen(columns - 20, lines - 4)
        # on the board, or named below it when the terminal is too small to show them all
        for key in letter_keys(len(squares)):
            assert re.search(rf"(?<![a-z]){key}(?![a-z])", smaller), (key, smaller)
        session.send("quit")
        session.read_until("Enter to quit without")
        session.send("")
        session.read_until("Game stopped.")
    except BaseException:
        session.kill()
        raise
    assert session.close() == 0


def pick(screen: str, turn: int) -> str:
    """A key for whatever the screen asks, chosen from the screen alone."""
    if "Pick a rotation by number" in screen:
        return "1" if turn % 2 else str(screen.count(") r"))
    square = re.search(r"Pick a square \(([a-z]+)", screen)
    if square:
        return square.group(1)
    if "which figure?" in screen or "Choose by number" in screen:
        return "1"
    if "Pick a spot by key" in screen:
        spot = re.search(r"(?m)(?:^|\s)([a-z]{1,2})\) ", screen)
        if spot:
            return spot.group(1)
        return "0"
    raise AssertionError(f"nothing to pick on:\n{screen}")


def play_by_keys(session: Session, limit: int = 80) -> tuple[list[str], str]:
    """Answer every prompt with a key until the game ends; the keys sent and the final text."""
    sent = []
    for turn in range(limit):
        out = session.read_until(rf"(> $)|{END}")
        if re.search(END, Session.plain(out)):
            return sent, Session.plain(out)
        key = pick(session.screen(), turn)
        sent.append(key)
        session.send(key)
    raise AssertionError(f"the game did not end after {limit} answers")


@pytest.mark.parametrize(("columns", "lines"), SIZES)
def test_a_whole_game_with_every_expansion_is_played_by_keys(tmp_path, columns, lines):
    expansions = sorted(installed_expansions())
    record = bot_game(tmp_path, expansions, tiles_left=6)
    session = Session("play", "--load", str(record), columns=columns, lines=lines)
    sent, final = play_by_keys(session, limit=120)
    assert session.close() == 0
    assert all(re.fullmatch(r"[a-z]{1,2}|\d", key) for key in sent)  # keys only
    assert "Final scores" in final
    # squares, rotations, figure spots and the abbey in a hole were all picked by key
    output = Session.plain(session.output)
    assert "Pick a rotation by number" in output and "Pick a spot by key" in output
    assert re.search(r"A red [^\n]*\n? *last: tile AM/A -?\d+,-?\d+ r0", output)
    assert re.search(r"A red [^\n]*\n? *last: tile \S+ -?\d+,-?\d+ r\d+, figure \w+ ", output)
    assert max(len(line) for line in final.splitlines()) <= columns


def test_undo_restores_the_previous_decision(tmp_path):
    record = bot_game(tmp_path, [], tiles_left=40)
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    session = Session("play", "--load", str(record), columns=80, lines=24)
    try:
        before = session.prompt()
        session.send(f"save {first}")
        session.prompt()
        for turn in range(6):  # the tile, its figure, then the next tile
            if "Pick a square" in session.screen() and turn:
                break
            session.send(pick(session.screen(), 1))
            session.prompt()
        session.send("undo")
        session.prompt()
        if "Pick a square" not in session.screen():
            session.send("undo")
            session.prompt()
        after = session.screen()
        session.send(f"save {second}")
        session.prompt()
        session.send("quit")
        session.read_until("Enter to quit without")
        session.send("")
    except BaseException:
        session.kill()
        raise
    assert session.close() == 0
    assert board_part(after) == board_part(before)
    assert first.read_text() == second.read_text()


def test_save_and_load_resume_identically(tmp_path):
    record = bot_game(tmp_path, sorted(installed_expansions()), tiles_left=6, seed=9)
    saved = tmp_path / "saved.txt"
    session = Session("play", "--load", str(record), columns=80, lines=24)
    session.prompt()
    session.send(f"save {saved}")  # at a decision's first step, where a loaded game starts
    rest, final = play_by_keys(session)
    assert session.close() == 0
    again = Session("play", "--load", str(saved), columns=80, lines=24)
    replayed, final_again = play_by_keys(again)
    assert again.close() == 0
    assert replayed == rest
    table = final[final.index("Final scores") :].strip()  # the last newline may come later
    assert table == final_again[final_again.index("Final scores") :].strip()


def test_ctrl_c_asks_and_board_pages(tmp_path):
    record = bot_game(tmp_path, [], tiles_left=30)
    session = Session("play", "--load", str(record), columns=80, lines=24)
    try:
        session.prompt()
        session.send("board")
        page = session.read_until(r"Enter for more, q to stop -- $")
        assert "-- page 1 of " in Session.plain(page)
        assert max(len(line) for line in session.screen().splitlines()) <= 80
        session.send("q")
        session.prompt()
        session.interrupt()
        session.read_until(r"Quit the game\? \[y/N\] $")
        session.send("n")
        assert "Pick a square" in session.prompt()
        session.interrupt()
        session.read_until(r"Quit the game\? \[y/N\] $")
        session.send("y")
        session.read_until("Enter to quit without")
        session.send("")
        session.read_until("Game stopped.")
    except BaseException:
        session.kill()
        raise
    assert session.close() == 0


@pytest.mark.parametrize(("no_color", "colours"), [("", True), ("1", False)])
def test_colour_unless_no_color(tmp_path, no_color, colours):
    record = bot_game(tmp_path, [], tiles_left=60)
    session = Session("play", "--load", str(record), env={"NO_COLOR": no_color})
    try:
        session.prompt()
        codes = set(re.findall(r"\x1b\[([0-9;]*)m", session.output))
        assert "1;36" in codes if colours else "1" in codes  # the keys: bold (and cyan)
        assert any(re.search(r"(^|;)3[0-7]$", code) for code in codes) == colours
        session.send("quit")
        session.read_until("Enter to quit without")
        session.send("")
    except BaseException:
        session.kill()
        raise
    assert session.close() == 0


@pytest.mark.parametrize(("columns", "lines"), SIZES)
def test_hint_and_help_answer_on_the_screen(tmp_path, columns, lines):
    """Mid-game with every expansion: ``hint``'s answer is on the screen with the board, and
    ``help`` shows all six commands and the legend, then Enter gives the game back."""
    record = bot_game(tmp_path, sorted(installed_expansions()), tiles_left=50, seed=3)
    session = Session("play", "--load", str(record), columns=columns, lines=lines)
    try:
        session.prompt()
        session.send("hint")
        screen = session.prompt()
        rows = screen.splitlines()
        assert len(rows) <= lines and max(len(row) for row in rows) <= columns
        assert re.fullmatch(r"hint: tile \S+ -?\d+,-?\d+ r\d+ \(square [a-z]+(, rotation \d)?\)",
                            rows[-2]), screen  # fmt: skip
        assert "Pick a square (a-" in screen
        session.send("help")
        pages = []
        while True:
            out = session.read_until(r"-- help: .*-- $")
            pages.append(session.screen())
            if "Enter to go back" in Session.plain(out).splitlines()[-1]:
                break
            session.send("")
        text = "\n".join(pages)
        for page in pages:
            rows = page.splitlines()
            assert len(rows) <= lines and max(len(row) for row in rows) <= columns
        for command in ("undo", "hint", "board", "save FILE", "help", "quit"):
            assert re.search(rf"(?m)^  {command} ", text), command
        assert "A/a figure of A" in text and "! cathedral" in text and "I inn" in text
        session.send("")
        assert "Pick a square (a-" in session.prompt()
        session.send("quit")
        session.read_until("Enter to quit without")
        session.send("")
        session.read_until("Game stopped.")
    except BaseException:
        session.kill()
        raise
    assert session.close() == 0
