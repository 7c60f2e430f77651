"""`carcassonne tiles ...` through main(argv): output, exit status, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from carcassonne.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "tiles" / "base.toml"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_check_ok(capsys):
    status, out, _ = run(capsys, "tiles", "check", str(BASE))
    assert status == 0
    assert out == f"{BASE}: ok (32 tile types, 72 tiles)\n"


def test_check_reports_every_problem(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[tile]]\nid = "T"\ncount = 0\nfeatures = """\ncity Q\nroad NX\n"""\n')
    status, out, err = run(capsys, "tiles", "check", str(bad), str(BASE))
    assert status == 1
    assert err.splitlines() == [
        f"{bad}:3:1: tile T: count must be at least 1, found 0 (0 is allowed only for a tile "
        "that a variant replaces)",
        f"{bad}:5:6: tile T: unknown location 'Q': expected a side (N E S W), a half-edge "
        "(NL NR EL ER SL SR WL WR) or an inner pocket (I II)",
        f"{bad}:6:6: tile T: unknown location 'NX': expected a side (N E S W), a half-edge "
        "(NL NR EL ER SL SR WL WR) or an inner pocket (I II)",
    ]
    assert out == f"{BASE}: ok (32 tile types, 72 tiles)\n"


def test_check_missing_file_and_toml_error(capsys, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[set\n")
    status, _, err = run(capsys, "tiles", "check", str(tmp_path / "nope.toml"), str(broken))
    assert status == 1
    lines = err.splitlines()
    assert lines[0] == f"{tmp_path / 'nope.toml'}: cannot read the file: No such file or directory"
    assert lines[1].startswith(f"{broken}:1:5: ")


def test_check_unknown_kind_names_provider(capsys):
    river = ROOT / "expansions/river/carcassonne_river/tiles/river.toml"
    status, _, err = run(capsys, "tiles", "check", str(river))
    if status == 0:  # the river expansion is installed and registers its kind
        return
    assert "feature kind 'river' is provided by the expansion 'river', which is not active" in err


def test_list_json(capsys):
    status, out, _ = run(capsys, "tiles", "list", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["set"] == "base" and data["total"] == 72 and data["types"] == 32
    assert data["shields"] == 10
    start = next(t for t in data["tiles"] if t["id"] == "BA/RCr")
    assert start["edges"] == {"N": "city", "E": "road", "S": "field", "W": "road"}
    assert start["features"] == ["city N", "road E W", "field EL WR -> N", "field ER SL SR WL"]
    assert start["tags"] == ["start"] and start["alias"] == "D"


def test_list_c1_text(capsys):
    status, out, _ = run(capsys, "tiles", "list", "base", "--edition", "C1")
    assert status == 0
    assert out.splitlines()[-1] == "total: 72 tiles, 24 tile types, 10 shields"
    assert "BA/CG" not in out


def test_list_unknown_set(capsys):
    status, _, err = run(capsys, "tiles", "list", "nope")
    assert status == 1
    assert err.startswith("carcassonne tiles: unknown tile set 'nope' (installed: base")


def test_show_start_tile(capsys):
    status, out, _ = run(capsys, "tiles", "show", "BA/RCr")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "BA/RCr (D): " + lines[0].split(": ", 1)[1]
    assert "|##################|" in out  # the city along the north edge
    assert "W  |==================|  E" in out  # the road straight across
    assert "field EL WR -> N" in out


def test_show_by_alias_rotated(capsys):
    status, out, _ = run(capsys, "tiles", "show", "D", "--rotation", "90")
    assert status == 0
    assert "rotation 90" in out
    assert "city E" in out and "road N S" in out
    assert "N: road" in out


def test_show_garden_and_shield(capsys):
    status, out, _ = run(capsys, "tiles", "show", "BA/Cc+G")
    assert status == 0
    assert "<>" in out and "**" in out


def test_show_unknown_tile(capsys):
    status, _, err = run(capsys, "tiles", "show", "ZZ")
    assert status == 1 and "no tile 'ZZ'" in err


def test_fmt_check_and_rewrite(capsys, tmp_path):
    status, out, _ = run(capsys, "tiles", "fmt", "--check", str(BASE))
    assert (status, out) == (0, f"{BASE}: ok\n")
    messy = tmp_path / "messy.toml"
    messy.write_text(
        '[set]\nname="m"\n[[tile]]\ncount=1\nid="T"\n'
        'features="monastery;field WR WL SR SL ER EL NR NL"\n'
    )
    status, out, _ = run(capsys, "tiles", "fmt", "--check", str(messy))
    assert (status, out) == (1, f"{messy}: would be reformatted\n")
    status, out, _ = run(capsys, "tiles", "fmt", str(messy))
    assert (status, out) == (0, f"{messy}: reformatted\n")
    assert 'features = """\nmonastery\nfield NL NR EL ER SL SR WL WR\n"""' in messy.read_text()
    status, out, _ = run(capsys, "tiles", "fmt", str(messy))
    assert (status, out) == (0, f"{messy}: unchanged\n")


def test_usage_errors_do_not_raise(capsys):
    status, _, err = run(capsys, "tiles")
    assert status == 2 and "usage:" in err
    status, _, _ = run(capsys, "tiles", "show", "D", "--rotation", "45")
    assert status == 2
