"""The reference pages generated at docs-build time (docs/_ext/carcassonne_reference.py) cover
everything they claim to: every hook, command, option, exception and refusal code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from carcassonne import GameConfig, hookspecs
from carcassonne.codes import error_codes
from carcassonne.plugins import installed_expansions
from carcassonne.protocol import ERROR_TYPES

EXT = Path(__file__).resolve().parents[1] / "docs" / "_ext" / "carcassonne_reference.py"


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    spec = importlib.util.spec_from_file_location("carcassonne_reference", EXT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    folder = tmp_path_factory.mktemp("reference")
    written = module.write_pages(folder)
    assert sorted(p.name for p in written) == ["cli.md", "errors.md", "hooks.md", "options.md"]
    return {p.stem: p.read_text(encoding="utf-8") for p in written}


def test_every_hook_has_its_section(pages):
    hooks = [n for n in vars(hookspecs) if n.startswith("carcassonne_")]
    # 28 + carcassonne_jcz_names, carcassonne_held_points, carcassonne_tile_marks
    assert len(hooks) == 32
    for name in hooks:
        assert f"\n## {name}\n" in pages["hooks"], name
    for entry in hookspecs.DEPRECATED_HOOKS.values():
        assert f"| `{entry.old}` | `{entry.new}` | {entry.since} |" in pages["hooks"]


def test_every_command_has_its_help(pages):
    commands = ("play", "simulate", "replay", "explain", "render", "serve", "expansions", "new")
    for command in commands:
        assert f"## `carcassonne {command}`" in pages["cli"], command
    for action in ("check", "list", "show", "sheet", "fmt"):
        assert f"### `carcassonne tiles {action}`" in pages["cli"], action
    assert "usage: carcassonne play [-h]" in pages["cli"]


def test_every_option_of_every_installed_expansion(pages):
    config = GameConfig(players=2, expansions=sorted(installed_expansions()))
    assert len(config.option_specs) > 5
    for key, spec in config.option_specs.items():
        assert f"| `{key}` |" in pages["options"], key
        assert spec.doc.split("|")[0] in pages["options"], key
    for name in installed_expansions():
        assert f"\n## {name} (" in pages["options"]


def test_every_error_type_and_code(pages):
    for name in ERROR_TYPES:
        assert f"| `{name}` |" in pages["errors"], name
    config = GameConfig(players=2, expansions=sorted(installed_expansions()))
    for code in error_codes(config):
        assert f"| `{code}` |" in pages["errors"], code
    for name in ("PluginError", "TileSetError", "RecordError", "PositionError", "FileError"):
        assert f"`{name}`" in pages["errors"], name
