"""Atomic writes with errors that name the file, and the command line's file handling."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.files import FileError, read_text, write_atomic
from carcassonne.record import load_record, save_record


def no_space(*args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_failed_write_keeps_the_old_file_and_names_it(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "game.txt"
    target.write_text("the old save\n")
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(FileError) as err:
        write_atomic(target, "the new save\n")
    assert str(err.value) == f"{target}: cannot write the file: No space left on device"
    assert target.read_text() == "the old save\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]  # no temporary file left


def test_a_kill_before_the_rename_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "game.txt"
    state = GameState.new(GameConfig(players=2, seed=3))
    save_record(state, target)
    before = target.read_text()

    def killed(src: object, dst: object) -> None:
        raise KeyboardInterrupt  # the process dies between writing and renaming

    monkeypatch.setattr(os, "replace", killed)
    state.apply(state.legal_actions()[0])
    with pytest.raises(KeyboardInterrupt):
        save_record(state, target)
    assert target.read_text() == before
    load_record(target)


def test_writes_keep_permissions_and_reads_say_what_is_wrong(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("x")
    target.chmod(0o640)
    write_atomic(target, "y")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text() == "y"
    with pytest.raises(FileError, match="is a folder, not a file$"):
        read_text(tmp_path)
    with pytest.raises(FileError, match="cannot read the file: No such file or directory$"):
        read_text(tmp_path / "none")
    assert read_text("/dev/null") == ""


def test_replay_names_what_is_wrong(cli, tmp_path: Path) -> None:
    assert cli("replay", str(tmp_path)).err == f"carcassonne: {tmp_path}: is a folder, not a file\n"
    empty = cli("replay", "/dev/null")
    assert (empty.status, empty.err) == (
        1,
        "carcassonne: /dev/null: line 1: expected a line '---' between the header and the moves\n",
    )
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"format = 1\nplayers = ['Jos\xe9', 'b']\n---\n")
    assert cli("replay", str(latin)).err == f"carcassonne: {latin}:2:16: not UTF-8 text\n"
    assert cli("replay", "a\0b").err == (
        "carcassonne: a\0b: cannot read the file: the path contains a NUL character\n"
    )


def test_simulate_save_dir(cli, tmp_path: Path, monkeypatch) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("")
    result = cli("simulate", "--games", "1", "--save-dir", str(a_file))
    assert (result.status, result.err) == (1, f"carcassonne: --save-dir {a_file}: not a folder\n")
    monkeypatch.setattr(os, "fsync", no_space)
    folder = tmp_path / "records"
    result = cli("simulate", "--games", "1", "--save-dir", str(folder))
    assert (result.status, result.err) == (
        1,
        f"carcassonne: {folder / 'game-0.txt'}: cannot write the file: No space left on device\n",
    )
    assert list(folder.iterdir()) == []  # no 0-byte record


def test_tiles_fmt_on_a_read_only_folder(cli, tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    source = Path(__file__).resolve().parents[2] / "tiles" / "base.toml"
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "base.toml"
    target.write_text(source.read_text().replace("[set]", "[set]\n"))
    folder.chmod(0o555)
    try:
        result = cli("tiles", "fmt", str(target))
    finally:
        folder.chmod(0o755)
    assert result.status == 1
    assert result.err == f"{target}: cannot write the file: Permission denied\n"


def test_tiles_fmt_on_a_read_only_file(cli, tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[2] / "tiles" / "base.toml"
    target = tmp_path / "base.toml"
    target.write_text(source.read_text().replace("[set]", "[set]\n"))
    before = target.read_text()
    target.chmod(0o444)
    result = cli("tiles", "fmt", str(target))
    assert (result.status, result.err) == (
        1,
        f"{target}: cannot write the file: it is read-only\n",
    )
    assert target.read_text() == before


def test_tiles_fmt_write_errors_name_the_file(cli, tmp_path: Path, monkeypatch) -> None:
    source = Path(__file__).resolve().parents[2] / "tiles" / "base.toml"
    target = tmp_path / "base.toml"
    target.write_text(source.read_text().replace("[set]", "[set]\n"))
    before = target.read_text()
    monkeypatch.setattr(os, "fsync", no_space)
    result = cli("tiles", "fmt", str(target))
    assert (result.status, result.err) == (
        1,
        f"{target}: cannot write the file: No space left on device\n",
    )
    assert target.read_text() == before


def test_save_at_the_play_prompt(cli, tmp_path: Path) -> None:
    good = tmp_path / "game.txt"
    result = cli(
        "play", "--seats", "human,random", "--seed", "13",
        stdin=f"save a\0b\nsave {tmp_path}\nsave {good}\nquit\n",
    )  # fmt: skip
    assert result.status == 0
    assert "cannot save: a\0b: cannot write the file: the path contains a NUL character\n" in (
        result.out
    )
    # the screen wraps long messages at its width: compare without the line breaks
    flat = " ".join(result.out.split())
    assert f"cannot save: {tmp_path}: is a folder" in flat
    assert f"saved the game to {good}" in flat
    assert load_record(good).pending.kind == "tile"


def test_pictures_are_written_atomically(tmp_path: Path, monkeypatch) -> None:
    import carcassonne.svg as svg

    picture = svg.board(GameState.new(GameConfig(players=2, seed=3)))
    target = tmp_path / "board.svg"
    old_umask = os.umask(0o022)
    try:
        picture.save(target)
    finally:
        os.umask(old_umask)
    assert target.read_text() == str(picture)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644  # not the temporary file's 0600
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(FileError) as err:
        svg.board(GameState.new(GameConfig(players=3))).save(target)
    assert str(err.value) == f"{target}: cannot write the file: No space left on device"
    assert target.read_text() == str(picture)
