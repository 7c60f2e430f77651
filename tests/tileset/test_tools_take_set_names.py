"""`tiles check`, `tiles sheet` and `tiles list` take an installed set by its file name
(`abbey_mayor`) or by its expansion's name (`abbey-mayor`), as the docs name them."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("name", ["abbey-mayor", "abbey_mayor"])
def test_check_takes_a_set_name(capsys, name):
    assert run(capsys, "tiles", "check", name) == (0, f"{name}: ok (13 tile types, 13 tiles)\n", "")


@pytest.mark.parametrize("name", ["inns-cathedrals", "inns_cathedrals"])
def test_sheet_takes_a_set_name(capsys, tmp_path: Path, name):
    out = tmp_path / "sheet.svg"
    status, printed, err = run(capsys, "tiles", "sheet", name, "-o", str(out))
    assert (status, err) == (0, "")
    assert printed == f"{out}: inns-cathedrals, 17 tile types, 18 tiles\n"
    assert out.read_text().startswith("<svg")


def test_check_names_the_installed_sets_for_an_unknown_name(capsys):
    status, out, err = run(capsys, "tiles", "check", "abbey-mayr")
    assert (status, out) == (1, "")
    assert err.startswith(
        "carcassonne tiles: no tile set or file 'abbey-mayr' (installed sets: base, "
    )
    assert "abbey_mayor" in err


def test_a_file_of_a_sets_name_wins(capsys, tmp_path: Path, monkeypatch):
    """A file in the working folder named like a set is what the user means."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "river").write_text('[set]\nname = "mine"\n')
    status, out, err = run(capsys, "tiles", "check", "river")
    assert (status, out) == (1, "")
    assert "river: no tiles" in err


def test_show_with_expansions_looks_in_their_sets_and_the_base_game_only(capsys):
    """Another installed expansion's set needs kinds the named game lacks (Abbey & Mayor's
    abbey): `tiles show ID --expansions hills-sheep` looked in it too and failed."""
    status, out, err = run(capsys, "tiles", "show", "HS/CC!.v", "--expansions", "hills-sheep")
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "set hills-sheep, count 2, tags: vineyard, rotation 0"
    assert "  city E shares N" in out.splitlines()
    assert run(capsys, "tiles", "show", "BA/C", "--expansions", "hills-sheep")[0] == 0
    assert run(capsys, "tiles", "show", "AM/A", "--expansions", "hills-sheep") == (
        1, "", "carcassonne tiles: no tile 'AM/A' in base, hills_sheep\n",
    )  # fmt: skip
