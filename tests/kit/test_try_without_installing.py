"""``--plugin`` (a module path, a .py file or a folder) for play, simulate, replay, tiles
check/list/show and serve: a plugin that is not installed works like an installed one, and a
bad one is a one-line error."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from pathlib import Path

import pytest

from carcassonne.cli.main import main
from carcassonne.local_plugins import load_plugins
from carcassonne.protocol import Server

PLUGIN = textwrap.dedent(
    '''
    """Wells on roads: a tile set and an attribute; roads with a well score 1 more."""
    from pathlib import Path

    from carcassonne import Attribute, KindExtension, hookimpl

    PLUGIN_NAME = "wells"


    @hookimpl
    def carcassonne_kind_extensions():
        return [KindExtension("road", (Attribute("well", "well", glyph="w"),))]


    @hookimpl
    def carcassonne_tile_sets():
        return [Path(__file__).with_name("wells.toml")]


    @hookimpl
    def carcassonne_adjust_awards(state, awards, final):
        return [
            a._replace(points=a.points + 1, reason="well")
            if a.kind == "road" and state.feature_attr(a.feature, "well")
            else a
            for a in awards
        ]
    '''
)

TILES = '''\
[set]
name = "wells"
description = "Roads with wells"

[[tile]]
id = "WE/RR.w"
count = 6
description = "Straight road west-east with a well"
features = """
road E W well=1
field NL NR EL WR
field ER SL SR WL
"""
'''


@pytest.fixture
def plugin_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "wells.py").write_text(PLUGIN, encoding="utf-8")
    (folder / "wells.toml").write_text(TILES, encoding="utf-8")
    return folder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_load_plugins_names_each_module(plugin_dir: Path):
    [(name, module)] = load_plugins([str(plugin_dir)])
    assert name == "wells" and hasattr(module, "carcassonne_tile_sets")
    assert [n for n, _ in load_plugins([str(plugin_dir / "wells.py")])] == ["wells"]


def test_tiles_check_list_and_show(capsys, plugin_dir: Path):
    tiles = str(plugin_dir / "wells.toml")
    status, _, err = run(capsys, "tiles", "check", tiles)
    assert status == 1 and "a road has no attribute 'well'" in err
    status, out, _ = run(capsys, "tiles", "check", tiles, "--plugin", str(plugin_dir))
    assert (status, out) == (0, f"{tiles}: ok (1 tile types, 6 tiles)\n")
    status, out, _ = run(capsys, "tiles", "list", "wells", "--plugin", str(plugin_dir))
    assert status == 0 and "WE/RR.w" in out
    status, out, _ = run(capsys, "tiles", "show", "WE/RR.w", "--plugin", str(plugin_dir))
    assert status == 0 and "road E W well=1" in out


def test_simulate_and_replay(capsys, plugin_dir: Path, tmp_path: Path):
    records = tmp_path / "records"
    plugin = str(plugin_dir / "wells.py")
    argv = ["simulate", "--games", "2", "--plugin", plugin, "--save-dir", str(records), "--json"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert json.loads(out)["games"] == 2
    record = sorted(records.iterdir())[0]
    assert "WE/RR.w" in record.read_text(encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(record), "--plugin", plugin, "--json")
    assert status == 0 and json.loads(out)["game_over"] is True
    status, _, err = run(capsys, "replay", str(record))
    assert status == 1 and "plugin objects ['wells']" in err


def test_play_with_two_bots(capsys, plugin_dir: Path):
    status, out, _ = run(
        capsys, "play", "--seats", "random,random", "--seed", "2", "--plugin", str(plugin_dir)
    )
    assert status == 0 and "WE/RR.w" in out


def test_serve(plugin_dir: Path):
    server = Server(load_plugins([str(plugin_dir)]))
    answer = server.handle_line(json.dumps({"id": 1, "op": "new", "players": 2, "seed": 1}))
    assert answer["ok"], answer
    assert server.state is not None and "WE/RR.w" in server.state.config.tile_types


def test_serve_command_takes_the_option(plugin_dir: Path, monkeypatch):
    request = json.dumps({"id": 1, "op": "new", "players": 2}) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(request))
    captured = io.StringIO()
    monkeypatch.setattr(sys, "stdout", captured)
    import carcassonne.protocol as protocol

    seen = {}

    def fake(plugins):
        seen["plugins"] = [name for name, _ in plugins]
        return 0

    monkeypatch.setattr(protocol, "serve_stdio", fake)
    assert main(["serve", "--stdio", "--plugin", str(plugin_dir)]) == 0
    assert seen["plugins"] == ["wells"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("missing.py", "--plugin missing.py: no such file"),
        ("no_such_module_here", "--plugin no_such_module_here: cannot import the module"),
    ],
)
def test_a_bad_plugin_is_a_one_line_usage_error(capsys, spec, message):
    status, out, err = run(capsys, "simulate", "--games", "1", "--plugin", spec)
    assert status == 2 and out == ""
    assert err.startswith(f"carcassonne: {message}") and err.count("\n") == 1


def test_a_plugin_that_fails_to_import_is_named(capsys, tmp_path: Path):
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('half-written')\n", encoding="utf-8")
    status, _, err = run(capsys, "tiles", "list", "--plugin", str(broken))
    assert status == 2
    expected = f"--plugin {broken}: importing it failed: RuntimeError: half-written"
    assert err == f"carcassonne: {expected}\n"
