"""The tile tools load what a file needs: the base game, the installed expansions whose kinds
or attributes the file uses (or `--expansions`), so that a fan's installed expansion that
clashes with Inns & Cathedrals breaks only files that need both, with an error naming both."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from carcassonne.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "tiles" / "base.toml"

FAN_PLUGIN = '''\
from carcassonne import Attribute, FeatureKind, KindExtension, hookimpl

NAME = "fan-inns"


@hookimpl
def carcassonne_feature_kinds():
    return [FeatureKind("tavern", "center", completion="surround", provider=NAME)]


@hookimpl
def carcassonne_kind_extensions():
    # inns-cathedrals adds `inn` to roads too: both cannot be active together
    return [KindExtension("road", (Attribute("inn", "inn", provider=NAME),))]
'''

INN_ROAD = '''\
[set]
name = "inn-roads"

[[tile]]
id = "FI/RFr.i"
count = 2
features = """
road E W inn=1
field NL NR EL WR
field ER SL SR WL
"""
'''

TAVERN = INN_ROAD.replace("road E W inn=1", "road E W\ntavern").replace('"inn-roads"', '"t"')


@pytest.fixture
def fan_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fan's expansion `fan-inns` installed beside the repository's (its dist-info with the
    entry point on the import path, as `pip install` leaves it)."""
    site = tmp_path / "site"
    (site / "carcassonne_fan_inns").mkdir(parents=True)
    (site / "carcassonne_fan_inns" / "__init__.py").write_text(FAN_PLUGIN, encoding="utf-8")
    info = site / "carcassonne_fan_inns-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: carcassonne-fan-inns\nVersion: 0.1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[carcassonne.expansions]\nfan-inns = carcassonne_fan_inns\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(site))
    yield tmp_path
    sys.modules.pop("carcassonne_fan_inns", None)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_clash_is_real_when_both_are_loaded(fan_installed: Path):
    from carcassonne import GameConfig, PluginError

    with pytest.raises(PluginError) as info:
        GameConfig(expansions=["fan-inns", "inns-cathedrals"])
    assert "attribute 'road.inn' is defined by both plugin 'fan-inns' and 'inns-cathedrals'" in (
        str(info.value)
    )


def test_the_base_set_checks_with_a_clashing_fan_expansion_installed(fan_installed, capsys):
    status, out, err = run(capsys, "tiles", "check", str(BASE))
    assert (status, err) == (0, "")
    assert out == f"{BASE}: ok (32 tile types, 72 tiles)\n"
    # every set, the expansions' own included, lists and draws as before
    for name in ("base", "river", "inns_cathedrals", "abbey_mayor"):
        status, _out, err = run(capsys, "tiles", "list", name, "--json")
        assert (status, err) == (0, ""), name
    status, out, _err = run(capsys, "tiles", "show", "IC/Rr.i")
    assert status == 0 and out.startswith("IC/Rr.i (A): Road curve west–south with an inn")
    sheet = fan_installed / "sheet.svg"
    assert run(capsys, "tiles", "sheet", "inns_cathedrals", "-o", str(sheet))[0] == 0


def test_a_file_using_the_clashing_attribute_names_both_plugins(fan_installed, capsys):
    tiles = fan_installed / "inn-roads.toml"
    tiles.write_text(INN_ROAD, encoding="utf-8")
    status, out, err = run(capsys, "tiles", "check", str(tiles), str(BASE))
    assert status == 1
    assert err == (
        f"carcassonne: {tiles}: the attribute 'inn' of the feature kind 'road' is defined by "
        "both plugin 'fan-inns' and 'inns-cathedrals', which cannot be used together: name the "
        "one this file needs with --expansions\n"
    )
    assert out == f"{BASE}: ok (32 tile types, 72 tiles)\n"  # the other file is still checked
    # naming the expansion settles it, either way
    for name in ("fan-inns", "inns-cathedrals"):
        status, out, err = run(capsys, "tiles", "check", str(tiles), "--expansions", name)
        assert (status, out, err) == (0, f"{tiles}: ok (1 tile types, 2 tiles)\n", ""), name
    # naming both is the clash itself, as a game reports it
    status, _out, err = run(
        capsys, "tiles", "check", str(tiles), "--expansions", "fan-inns,inns-cathedrals"
    )
    assert status == 1
    assert "attribute 'road.inn' is defined by both plugin 'fan-inns' and 'inns-cathedrals'" in err


def test_a_file_using_the_fans_own_kind_loads_the_fan_alone(fan_installed, capsys):
    tiles = fan_installed / "tavern.toml"
    tiles.write_text(TAVERN, encoding="utf-8")
    status, out, err = run(capsys, "tiles", "check", str(tiles))
    assert (status, out, err) == (0, f"{tiles}: ok (1 tile types, 2 tiles)\n", "")
    assert run(capsys, "tiles", "fmt", "--check", str(tiles))[0] in (0, 1)


def test_needed_expansions_follow_the_file(fan_installed):
    from carcassonne.tileset.catalog import needed_expansions

    tiles = fan_installed / "tavern.toml"
    tiles.write_text(TAVERN, encoding="utf-8")
    assert needed_expansions(tiles) == ["fan-inns"]
    assert needed_expansions(BASE) == ["abbot"]  # base.toml's gardens (an inert kind)
    river = ROOT / "expansions" / "river" / "carcassonne_river" / "tiles" / "river.toml"
    assert needed_expansions(river) == ["abbot", "river"]
