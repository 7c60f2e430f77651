"""The guides (docs/guides/) do what they say: their Python and shell blocks run, the board
legend lists exactly the characters the terminal board can print, the protocol session is what
a real ``carcassonne serve --stdio`` answers, and the action table covers every action form the
installed expansions add."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.bots import ENTRY_POINT_GROUP
from carcassonne.cli.board_view import PATH_CHARS, WALL, figure_letter, glyph_table, render_tile
from carcassonne.cli.screen import legend_items
from carcassonne.config import MAX_PLAYERS
from carcassonne.notation import action_from_text
from carcassonne.plugins import installed_expansions
from carcassonne.serialize import action_json

sys.path.insert(0, str(Path(__file__).parent))
from guide_blocks import GUIDES, ROOT, blocks, files, python_blocks, shell_blocks  # noqa: E402
from rules_tables import blocks as marked_tables  # noqa: E402
from rules_tables import generated  # noqa: E402

PAGES = sorted(GUIDES.glob("*.md"))
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md")) + PAGES
ALL = sorted(installed_expansions())
BIN = str(Path(sys.executable).parent)


def prepare(folder: Path, page: Path) -> None:
    for name, code in files(page).items():
        (folder / name).write_text(code, encoding="utf-8")


@pytest.mark.parametrize("page", [p for p in PAGES if python_blocks(p)], ids=lambda p: p.name)
def test_python_blocks_run(page, tmp_path, monkeypatch):
    prepare(tmp_path, page)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    namespace: dict = {"__name__": f"guide_{page.stem}"}
    for code in python_blocks(page):
        exec(compile(code, str(page), "exec"), namespace)  # noqa: S102 - our own docs


SHELL = [(p, i, code) for p in PAGES for i, code in enumerate(shell_blocks(p))]


@pytest.mark.parametrize(
    ("page", "index", "code"), SHELL, ids=[f"{p.name}-{i}" for p, i, _ in SHELL]
)
def test_shell_blocks_run(page, index, code, tmp_path):
    prepare(tmp_path, page)
    env = {**os.environ, "PATH": BIN + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(
        ["bash", "-e", "-c", code],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{page.name} block {index}:\n{code}\n{done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr


def test_every_sh_block_is_run_by_a_test():
    for page in PAGES:
        fenced = [lang for lang, _, _ in blocks(page)]
        assert set(fenced) <= {"python", "sh", "text", "toml"}, page.name
        assert fenced.count("sh") == len(shell_blocks(page)) + len(shell_blocks(page, True))


# -- the board legend --------------------------------------------------------------------------


def printable_glyphs() -> set[str]:
    """Every character a tile of any installed set, in either edition, can show on the board,
    every figure letter, and the marks of empty squares."""
    chars: set[str] = set()
    for edition in ("C2", "C1"):
        config = GameConfig(players=MAX_PLAYERS, expansions=ALL, options={"edition": edition})
        for tile in config.tile_types.values():
            for rotation in (0, 90, 180, 270):
                for line in render_tile(tile, rotation, config.kinds):
                    chars |= set(line)
    for player in range(MAX_PLAYERS):
        chars |= {figure_letter(player, "meeple"), figure_letter(player, "abbot")}
    return chars | {":", "@"}  # the corners of a keyed square and of a hole


def test_the_legend_lists_every_glyph_the_board_can_print():
    text = (GUIDES / "play.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- legend -->\n(.*?)<!-- /legend -->", text, re.S)
    assert table
    listed: list[str] = []
    for row in table.group(1).splitlines()[2:]:
        first = re.split(r"(?<!\\)\|", row)[1]
        listed += [g.replace("\\|", "|") for g in re.findall(r"`([^`]+)`", first)]
    # no character has two meanings
    assert sorted(g for g in set(listed) if listed.count(g) > 1) == []
    assert set(listed) == printable_glyphs()
    # the code's own tables are all there: road, walls, every kind's and attribute's glyph
    config = GameConfig(players=2, expansions=ALL)
    declared = set(PATH_CHARS) | {WALL, "$"}  # "$": how the board draws shields
    table = glyph_table(config.kinds, config.piece_kinds)
    for kind in config.kinds.values():
        declared |= {kind.glyph} | {
            table[("attribute", a)] for a in kind.attributes if ("attribute", a) in table
        }
    assert declared - {""} <= set(listed)


def test_the_screen_legend_names_every_glyph_of_the_tiles():
    """The legend line under the board (``play``) explains every character a tile can show."""
    state = GameState.new(GameConfig(players=2, expansions=ALL))
    named = {char for item in legend_items(state) for char in item.split()[0]}
    config = state.config
    for tile in config.tile_types.values():
        for rotation in (0, 90, 180, 270):
            for line in render_tile(tile, rotation, config.kinds):
                assert set(line) <= named, (tile.id, line)


def test_play_options_table_is_current():
    found = marked_tables((GUIDES / "play.md").read_text(encoding="utf-8"))
    assert [(kind, name) for kind, name, _ in found] == [("options", "base")]
    assert found[0][2] == generated("options", "base")


# -- the protocol session and the action table -------------------------------------------------

SESSION = re.compile(
    r"<!-- tutorial-session -->\n```text\n(.*?)```\n<!-- /tutorial-session -->", re.S
)


def session_pairs() -> list[tuple[str, str]]:
    text = (GUIDES / "frontends.md").read_text(encoding="utf-8")
    block = SESSION.search(text)
    assert block
    lines = block.group(1).splitlines()
    assert all(line[:2] in ("> ", "< ") for line in lines)
    requests, answers = lines[0::2], lines[1::2]
    assert all(r.startswith("> ") for r in requests) and all(a.startswith("< ") for a in answers)
    return [(r[2:], a[2:]) for r, a in zip(requests, answers, strict=True)]


def run_session(requests: list[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "serve", "--stdio"],
        input="".join(r + "\n" for r in requests),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout.splitlines()


def test_the_tutorial_session_is_what_the_server_answers():
    pairs = session_pairs()
    answers = run_session([request for request, _ in pairs])
    assert len(answers) == len(pairs)
    for (request, documented), answer in zip(pairs, answers, strict=True):
        assert answer == documented, f"answer to {request} changed"
    decoded = [json.loads(a) for a in answers]
    assert decoded[-3]["outcome"]["over"] is True and decoded[-1]["bye"] is True


def action_rows() -> list[list[str]]:
    text = (GUIDES / "frontends.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- actions -->\n(.*?)<!-- /actions -->", text, re.S)
    assert table
    rows = [row.strip().strip("|").split(" | ") for row in table.group(1).splitlines()[2:]]
    return [[cell.strip() for cell in row] for row in rows]


def test_each_action_form_reads_as_its_object():
    for expansion, _decision, text, obj in action_rows():
        config = GameConfig(players=2, expansions=[] if expansion == "base game" else [expansion])
        text = text.strip("`")
        action = action_from_text(text, config)
        assert action_json(action) == {"action": json.loads(obj.strip("`")), "text": text}


def test_the_action_table_covers_every_expansion_verb_and_figure():
    rows = action_rows()
    assert sorted({r[0] for r in rows} - {"base game"}) == ALL
    base = GameConfig(players=2)
    for expansion in ALL:
        config = GameConfig(players=2, expansions=[expansion])
        texts = [r[2].strip("`") for r in rows if r[0] == expansion]
        verbs = {t.verb for t in config.action_types if t not in base.action_types}
        figures = set(config.figure_kinds) - set(base.figure_kinds)
        for verb in verbs:
            assert any(t.split()[0] == verb for t in texts), (expansion, verb)
        for figure in figures:
            assert any(t.startswith(f"figure {figure} ") for t in texts), (expansion, figure)


# -- the bot guide's entry point and the pages' links -------------------------------------------


def test_the_entry_point_example_names_the_group_and_the_class():
    toml = [code for lang, _, code in blocks(GUIDES / "bots.md") if lang == "toml"]
    assert len(toml) == 1
    points = tomllib.loads(toml[0])["project"]["entry-points"]
    assert list(points) == [ENTRY_POINT_GROUP]
    assert points[ENTRY_POINT_GROUP] == {"city": "mybot:CityBot"}
    assert "class CityBot(SeededBot)" in files(GUIDES / "bots.md")["mybot.py"]


def test_bot_in_25_lines():
    code = files(GUIDES / "bots.md")["mybot.py"]
    assert len(code.splitlines()) <= 30


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", DOCS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_links_stay_in_the_repository_and_resolve(page):
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        assert "://" not in target and not target.startswith(("/", "#")), target
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), target
