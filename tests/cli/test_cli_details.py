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
