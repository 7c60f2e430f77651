"""``carcassonne new expansion``: the generated distribution is complete and its plugin plays
(CI installs one into a fresh environment and runs its own tests: .ci/run); names are checked
and nothing is ever overwritten."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from carcassonne.cli.main import main
from carcassonne.scaffold import Names, ScaffoldError, create_expansion, files_for
from carcassonne.testing import BLUE, RED, board, config, place, points, random_game

EXPECTED_FILES = {
    "pyproject.toml",
    "README.md",
    "carcassonne_my_wells/__init__.py",
    "carcassonne_my_wells/plugin.py",
    "carcassonne_my_wells/tiles/__init__.py",
    "carcassonne_my_wells/tiles/my-wells.toml",
    "tests/test_plugin.py",
    "tests/scenarios/well.scenario.toml",
}


def test_the_files_of_a_new_expansion():
    files = files_for(Names.of("my-wells"))
    assert set(files) == EXPECTED_FILES
    pyproject = tomllib.loads(files["pyproject.toml"])
    assert pyproject["project"]["name"] == "carcassonne-my-wells"
    entry_points = pyproject["project"]["entry-points"]["carcassonne.expansions"]
    assert entry_points == {"my-wells": "carcassonne_my_wells.plugin"}
    assert "| `my-wells.well_points` | `1` |" in files["README.md"]
    assert "$" not in "".join(files.values()).replace("$$", "")


def test_the_generated_plugin_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    create_expansion("my-wells", tmp_path / "exp")
    monkeypatch.syspath_prepend(str(tmp_path / "exp"))
    plugins = ["carcassonne_my_wells.plugin"]
    state = board(
        ["BA/LR @(-1,0) r270", "MY-WELLS/RFr.w @(0,0) r0"],
        [(RED, "meeple", 0, 0, "W")],
        player=BLUE,
        plugins=plugins,
    )
    assert points(place(state, "BA/LR @(1,0) r90")) == {RED: 4}
    *_, (_, _, _, last) = random_game(config(3, plugins=plugins), seed=1)
    assert last.is_over
    placed = {p.tile.id for p in last.board.values()}
    assert placed & {"MY-WELLS/RFr.w", "MY-WELLS/Rr.w"}


def test_the_generated_tile_file_passes_the_tile_tools(tmp_path: Path, capsys, monkeypatch):
    create_expansion("my-wells", tmp_path / "exp")
    monkeypatch.syspath_prepend(str(tmp_path / "exp"))
    tiles = tmp_path / "exp/carcassonne_my_wells/tiles/my-wells.toml"
    status = main(["tiles", "check", str(tiles), "--plugin", "carcassonne_my_wells.plugin"])
    assert status == 0, capsys.readouterr().err


def test_the_command_writes_into_dir_and_refuses_to_overwrite(tmp_path: Path, capsys):
    target = tmp_path / "exp"
    assert main(["new", "expansion", "my-wells", "--dir", str(target)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"wrote 8 files into {target}:")
    assert {str(p.relative_to(target)) for p in target.rglob("*") if p.is_file()} == EXPECTED_FILES
    readme = target / "README.md"
    readme.write_text("mine", encoding="utf-8")
    assert main(["new", "expansion", "my-wells", "--dir", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("carcassonne: refusing to overwrite existing files: ")
    assert readme.read_text(encoding="utf-8") == "mine"


def test_nothing_is_written_when_one_file_exists(tmp_path: Path):
    target = tmp_path / "exp"
    (target / "tests").mkdir(parents=True)
    (target / "tests/test_plugin.py").write_text("mine", encoding="utf-8")
    with pytest.raises(ScaffoldError, match="tests/test_plugin.py"):
        create_expansion("my-wells", target)
    assert [p.name for p in target.rglob("*") if p.is_file()] == ["test_plugin.py"]


@pytest.mark.parametrize(
    "name", ["", "Wells", "my_wells", "-wells", "wells-", "my--wells", "9lives", "base", "x" * 41]
)
def test_bad_names_are_refused(name: str, tmp_path: Path, capsys):
    assert main(["new", "expansion", "--dir", str(tmp_path / "x"), "--", name]) == 2
    assert capsys.readouterr().err.startswith("carcassonne: invalid expansion name")
    assert not (tmp_path / "x").exists()


def test_prefix_names_the_tiles(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    target = tmp_path / "exp"
    assert main(["new", "expansion", "pre-wells", "--dir", str(target), "--prefix", "WE"]) == 0
    capsys.readouterr()
    tiles = target / "carcassonne_pre_wells/tiles/pre-wells.toml"
    ids = [t["id"] for t in tomllib.loads(tiles.read_text(encoding="utf-8"))["tile"]]
    assert ids == ["WE/RFr.w", "WE/Rr.w"]
    everything = "".join(p.read_text(encoding="utf-8") for p in target.rglob("*") if p.is_file())
    assert "PRE-WELLS" not in everything
    assert "| `WE/RFr.w` | 4 |" in (target / "README.md").read_text(encoding="utf-8")
    # the generated tests, scenario and tile file agree with the prefix
    monkeypatch.syspath_prepend(str(target))
    plugins = ["carcassonne_pre_wells.plugin"]
    state = board(
        ["BA/LR @(-1,0) r270", "WE/RFr.w @(0,0) r0"],
        [(RED, "meeple", 0, 0, "W")],
        player=BLUE,
        plugins=plugins,
    )
    assert points(place(state, "BA/LR @(1,0) r90")) == {RED: 4}
    scenario = (target / "tests/scenarios/well.scenario.toml").read_text(encoding="utf-8")
    assert '"WE/RFr.w 0,0 r0"' in scenario
    assert "WE/RFr.w" in (target / "tests/test_plugin.py").read_text(encoding="utf-8")


def test_the_default_prefix_is_the_name_in_upper_case():
    assert Names.of("my-wells").prefix == "MY-WELLS"
    assert Names.of("my-wells", "Wells2").prefix == "Wells2"


@pytest.mark.parametrize(
    ("prefix", "why"),
    [
        ("", "use letters, digits and single hyphens"),
        ("W/E", "use letters, digits and single hyphens"),
        ("9W", "use letters, digits and single hyphens"),
        ("W E", "use letters, digits and single hyphens"),
        ("W--E", "use letters, digits and single hyphens"),
        ("W_E", "use letters, digits and single hyphens"),
        ("ba", "the base game's tiles are BA/..."),
        ("W" * 41, "at most 40 characters"),
    ],
)
def test_bad_prefixes_are_refused(prefix: str, why: str, tmp_path: Path, capsys):
    argv = ["new", "expansion", "my-wells", "--dir", str(tmp_path / "x"), f"--prefix={prefix}"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"carcassonne: invalid tile id prefix {prefix!r}: "), err
    assert why in err
    assert not (tmp_path / "x").exists()
