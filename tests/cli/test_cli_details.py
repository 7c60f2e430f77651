"""The smaller points of the command line: version, help texts, expansion names, options of an
expansion that is not enabled, replay of a folder, empty tile files, an empty --save-dir."""

from __future__ import annotations

import argparse

import pytest

import carcassonne
from carcassonne.cli.main import build_parser
from carcassonne.plugins import installed_expansions


def test_version_names_the_engine_and_the_expansions(cli):
    with pytest.raises(SystemExit) as done:
        build_parser().parse_args(["--version"])
    assert done.value.code == 0
    result = cli("--version")
    assert result.status == 0
    assert result.out.startswith(f"carcassonne {carcassonne.__version__} (expansions: ")
    for name in installed_expansions():
        assert f"{name} " in result.out


def all_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += all_parsers(sub)
    return found


def test_help_texts_have_no_backticks():
    parsers = all_parsers(build_parser())
    assert len(parsers) >= 10
    for parser in parsers:
        assert "`" not in parser.format_help(), parser.prog


@pytest.mark.skipif(
    not {"river", "abbot"} <= set(installed_expansions()), reason="needs river and abbot"
)
@pytest.mark.parametrize("given", [["river", "abbot"], ["river,abbot"], ["river,", "abbot"]])
def test_expansions_separated_by_spaces_or_commas(cli, given):
    result = cli("simulate", "--games", "1", "--json", "--expansions", *given)
    assert result.status == 0, result.err
    assert '"expansions": [\n    "abbot",\n    "river"\n  ]' in result.out


@pytest.mark.skipif("river" not in installed_expansions(), reason="needs river")
def test_an_option_of_an_expansion_not_enabled_says_so(cli):
    result = cli("play", "--seats", "random,random", "--option", "river.uturn=immediate")
    assert result.status == 2
    assert result.err == (
        "carcassonne: option 'river.uturn' belongs to the expansion 'river', which is not "
        "enabled (add --expansions river)\n"
    )
    result = cli("play", "--seats", "random,random", "--option", "nothing=1")
    assert result.err.startswith("carcassonne: unknown option 'nothing' (known: ")


def test_replay_of_a_folder_says_it_is_a_folder(cli, tmp_path):
    (tmp_path / "game-0.txt").write_text("")
    result = cli("replay", str(tmp_path))
    assert result.status == 1
    assert result.err == f"carcassonne: {tmp_path}: is a folder, not a file\n"


def test_an_empty_tile_file_fails_the_check(cli, tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_text("# nothing yet\n")
    result = cli("tiles", "check", str(empty))
    assert result.status == 1
    assert result.err == f"{empty}: no tiles (a tile set needs at least one [[tile]] table)\n"


def test_an_empty_save_dir_is_refused(cli):
    result = cli("simulate", "--games", "1", "--save-dir", "")
    assert (result.status, result.err) == (2, "carcassonne: --save-dir needs a folder name\n")


def test_tiles_show_turned_says_where_each_side_went(cli):
    result = cli("tiles", "show", "BA/RCr", "--rotation", "90")
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[0].startswith("BA/RCr (D): City cap north")
    assert lines[1] == (
        "(described unturned) turned 90 degrees clockwise: N road, E city, S road, W field"
    )


@pytest.mark.skipif("abbey-mayor" not in installed_expansions(), reason="needs abbey-mayor")
def test_the_abbey_and_mayor_set_answers_to_the_expansion_name(cli):
    by_expansion = cli("tiles", "list", "abbey-mayor")
    by_file = cli("tiles", "list", "abbey_mayor")
    assert by_expansion.status == 0 and by_expansion.out == by_file.out
    assert "AM/A" in by_expansion.out
    shown = cli("tiles", "show", "AM/A", "--set", "abbey-mayor")
    assert shown.status == 0 and shown.out.startswith("AM/A")


def test_the_lazy_parser_lists_the_commands_as_their_modules_register_them():
    """``main`` imports only the module of the command it runs; the help of the others comes
    from ``COMMANDS``: the top-level help and each command's own help are the full parser's."""
    from carcassonne.cli.main import COMMANDS, build_parser, command_of

    full = build_parser()
    assert build_parser(None).format_help() == full.format_help()
    subparsers = next(a for a in full._actions if isinstance(a, argparse._SubParsersAction))
    assert list(subparsers.choices) == list(COMMANDS)
    for name in COMMANDS:
        lazy = build_parser(name)
        sub = next(a for a in lazy._actions if isinstance(a, argparse._SubParsersAction))
        assert sub.choices[name].format_help() == subparsers.choices[name].format_help()
    assert command_of(["--version"]) is None
    assert command_of(["replay", "--json", "play"]) == "replay"
    assert command_of(["bogus", "play"]) is None


def test_import_and_help_load_neither_lark_nor_tile_sets():
    """``import carcassonne`` and ``carcassonne --help`` stay cheap (issue 34): the notation
    parser (Lark), the tile-set reader and the expansions' metadata are imported when a game
    first needs them, and ``--help`` imports no subcommand module."""
    import subprocess
    import sys

    heavy = ["lark", "carcassonne.tileset.loader", "importlib.metadata", "carcassonne.cli.play"]
    code = (
        "import sys, contextlib, io\n"
        "import carcassonne\n"
        f"print([m for m in {heavy!r} if m in sys.modules])\n"
        "from carcassonne.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])\n"
        f"print([m for m in {heavy!r} if m in sys.modules])\n"
        "carcassonne.GameState.new(carcassonne.GameConfig())\n"
        "print('lark' in sys.modules, 'carcassonne.tileset.loader' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[]", "[]", "True True"]
