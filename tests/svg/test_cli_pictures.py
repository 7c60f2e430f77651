"""``carcassonne tiles show --svg/--png``, ``tiles sheet``, ``render`` and ``play --svg``."""

from __future__ import annotations

import io
import re
import sys
import xml.etree.ElementTree as ET

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.bots import make_bot
from carcassonne.cli.main import main
from carcassonne.position import dump_position
from carcassonne.record import dump_record


@pytest.fixture
def run(capsys, monkeypatch):
    def run_(*argv: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        status = main(list(argv))
        out = capsys.readouterr()
        return status, out.out, out.err

    return run_


def attr_values(path, cls: str, name: str) -> list[str]:
    root = ET.parse(path).getroot()
    return [el.get(name) for el in root.iter() if cls in (el.get("class") or "").split()]


def test_tiles_show_svg(run, tmp_path):
    target = tmp_path / "d.svg"
    status, out, err = run("tiles", "show", "D", "--svg", str(target), "--rotation", "90")
    assert (status, err) == (0, "")
    assert out == f"{target}: tile BA/RCr of base, rotation 90\n"
    assert attr_values(target, "tile", "data-rotation") == ["90"]
    assert attr_values(target, "tile", "data-tile") == ["BA/RCr"]


def test_tiles_show_png_without_the_extra_names_it(run, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    target = tmp_path / "d.png"
    status, out, err = run("tiles", "show", "BA/C", "--png", str(target))
    assert status == 1 and out == ""
    assert "pip install 'carcassonne-engine[png]'" in err
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_tiles_sheet_of_a_set_and_of_a_file(run, tmp_path):
    target = tmp_path / "river.svg"
    status, out, err = run("tiles", "sheet", "river", "-o", str(target))
    assert (status, err) == (0, "")
    assert out == f"{target}: river, 11 tile types, 12 tiles\n"
    assert len(attr_values(target, "sheet-tile", "data-tile")) == 11
    fan = tmp_path / "fan.toml"
    fan.write_text('[[tile]]\nid = "X/1"\ncount = 3\nfeatures = "city N E S W"\n', "utf-8")
    status, out, err = run("tiles", "sheet", str(fan), "-o", str(tmp_path / "fan.svg"))
    assert status == 0, err
    assert attr_values(tmp_path / "fan.svg", "sheet-tile", "data-count") == ["3"]


def test_tiles_sheet_errors(run, tmp_path):
    status, _, err = run("tiles", "sheet", "nope", "-o", str(tmp_path / "x.svg"))
    assert status == 1
    assert err == (
        "carcassonne tiles: no tile set or file 'nope' (installed sets: "
        + err.split("installed sets: ")[1]
    )
    bad = tmp_path / "bad.toml"
    bad.write_text('[[tile]]\nid = "X/1"\ncount = 1\nfeatures = "castle N"\n', "utf-8")
    status, _, err = run("tiles", "sheet", str(bad), "-o", str(tmp_path / "x.svg"))
    assert status == 1 and "unknown feature kind 'castle'" in err
    status, _, err = run("tiles", "sheet", "base", "-o", str(tmp_path / "x.jpg"))
    assert status == 2 and "must end in .svg or .png" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]


def game(turns: int) -> GameState:
    state = GameState.new(GameConfig(players=2, expansions=["abbot"], seed=4))
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    while not state.is_over and state.turn < turns:
        state.apply(bots[state.pending.player].choose(state))
    return state


def test_render_a_record_at_its_end_and_at_a_turn(run, tmp_path):
    state = game(12)
    record = tmp_path / "game.carc"
    record.write_text(dump_record(state), encoding="utf-8")
    out_file = tmp_path / "end.svg"
    status, out, err = run("render", str(record), "-o", str(out_file))
    assert (status, err) == (0, ""), err
    tiles = attr_values(out_file, "tile", "data-tile")
    assert len(tiles) == len(state.board)
    assert (
        out == f"{out_file}: turn {state.turn}, {len(state.board)} tiles, "
        f"{len(state.figures())} figures\n"
    )
    at5 = tmp_path / "t5.svg"
    status, out, err = run("render", str(record), "--turn", "5", "-o", str(at5))
    assert status == 0, err
    assert len(attr_values(at5, "tile", "data-tile")) == 5  # start tile + 4 turns
    assert attr_values(at5, "square", "data-rotations")  # turn 5's tile: where it fits
    status, _, err = run("render", str(record), "--turn", "99", "-o", str(at5))
    assert (
        status == 1
        and err == f"carcassonne: the game has {state.turn} turns; there is no turn 99\n"
    )


def test_render_a_position_for_a_player(run, tmp_path):
    state = game(8)
    position = tmp_path / "p.toml"
    position.write_text(dump_position(state), encoding="utf-8")
    waiting = state.pending.player
    mine, theirs = tmp_path / "mine.svg", tmp_path / "theirs.svg"
    assert run("render", str(position), "--player", str(waiting), "-o", str(mine))[0] == 0
    assert run("render", str(position), "--player", str(1 - waiting), "-o", str(theirs))[0] == 0
    assert attr_values(mine, "square", "data-x") and not attr_values(theirs, "square", "data-x")
    status, _, err = run("render", str(position), "--player", "5", "-o", str(mine))
    assert status == 2 and "no player 5" in err


def test_render_errors(run, tmp_path):
    status, _, err = run("render", str(tmp_path / "none.carc"), "-o", str(tmp_path / "x.svg"))
    assert status == 1 and err == (
        f"carcassonne: {tmp_path / 'none.carc'}: cannot read the file: No such file or directory\n"
    )
    status, _, err = run("render", str(tmp_path), "-o", str(tmp_path / "x.svg"))
    assert status == 1 and err == f"carcassonne: {tmp_path}: is a folder, not a file\n"
    broken = tmp_path / "broken.carc"
    broken.write_text("format = 1\n---\ntile nonsense\n", encoding="utf-8")
    status, _, err = run("render", str(broken), "-o", str(tmp_path / "x.svg"))
    assert status == 1 and err.startswith(f"carcassonne: {broken}: not a valid record:")
    assert not (tmp_path / "x.svg").exists()


def test_play_keeps_a_picture_after_each_turn(run, tmp_path):
    folder = tmp_path / "pictures"
    status, out, err = run("play", "--seats", "random,random", "--seed", "3", "--svg", str(folder))
    assert status == 0, err
    names = sorted(p.name for p in folder.iterdir())
    turns = [n for n in names if n.startswith("turn-")]
    assert names == ["board.svg", *turns]
    assert turns[0] == "turn-001.svg" and len(turns) == int(turns[-1][5:8])
    assert len(attr_values(folder / "turn-001.svg", "tile", "data-tile")) == 2
    assert (folder / "board.svg").read_bytes() == (folder / turns[-1]).read_bytes()
    assert len(attr_values(folder / "board.svg", "tile", "data-tile")) == len(turns) + 1


def test_render_and_sheet_with_a_legend(run, tmp_path):
    record = tmp_path / "game.carc"
    record.write_text(dump_record(game(6)), encoding="utf-8")
    board_file = tmp_path / "board.svg"
    status, _, err = run("render", str(record), "-o", str(board_file), "--legend")
    assert (status, err) == (0, ""), err
    text = board_file.read_text(encoding="utf-8")
    figures = re.findall(r'class="legend-entry legend-figure" data-key="([^"]+)"', text)
    assert figures == ["meeple", "abbot"]
    plain = tmp_path / "plain.svg"
    assert run("render", str(record), "-o", str(plain))[0] == 0
    assert "legend-entry" not in plain.read_text(encoding="utf-8")
    sheet = tmp_path / "sheet.svg"
    status, _, err = run("tiles", "sheet", "inns_cathedrals", "-o", str(sheet), "--legend")
    assert (status, err) == (0, ""), err
    keys = re.findall(r'class="legend-entry legend-[a-z-]+" data-key="([^"]+)"', sheet.read_text())
    assert keys == [
        "city.cathedral", "city.shields", "road.inn", "road.lake", "garden", "monastery"
    ]  # fmt: skip
