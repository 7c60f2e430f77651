"""``carcassonne explain``: where every point came from (exact words for a small record and for
the mechanics' awards, transfers and captures; the sum by source is the score in random games of
every test plugin and every installed expansion), whether an action is legal (refusal code,
reason, what is legal instead, exit status), ``--json`` keys, and bad input as one line."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import shlex
import sys
from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.cli.explain import ledger_json, ledger_lines
from carcassonne.cli.ledger import build_ledger
from carcassonne.cli.words import player_name
from carcassonne.plugins import installed_expansions
from carcassonne.position import build_state, parse_position

#: Ann closes a city of two tiles (4 points); Bob's road is closed by Ann's tile (3 points for
#: Bob); Ann's farmer scores the field beside the city at the end (3 points). The game starts at
#: a position whose pile holds three tiles.
RECORD = """format = 1
players = ["Ann", "Bob"]
seed = 7

[position]
format = 1
players = ["Ann", "Bob"]
tiles = ["BA/RCr 0,0 r0"]
pile = ["BA/C", "BA/LR", "BA/LR"]
---
tile BA/C 0,-1 r180
figure meeple 0,-1 S
tile BA/LR 1,0 r90
figure meeple 1,0 W
tile BA/LR -1,0 r270
figure meeple -1,0 NL
"""


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "small.carc"
    path.write_text(RECORD, encoding="utf-8")
    return path


def test_where_the_points_came_from(cli, record):
    result = cli("explain", str(record))
    assert (result.status, result.err) == (0, "")
    assert result.out == (
        f"Where the points came from in {record}, at its end (the game is over)\n"
        "\n"
        "A Ann: 7 points\n"
        "   +4  turn 1: city of 2 tiles (0,-1; 0,0), after A Ann placed BA/C at 0,-1\n"
        "   +3  end of the game: field of 3 tiles (-1,0; 0,0; 1,0)\n"
        "\n"
        "B Bob: 3 points\n"
        "   +3  turn 3: road of 3 tiles (-1,0; 0,0; 1,0), after A Ann placed BA/LR at -1,0\n"
        "\n"
        "Summary\n"
        "  A Ann  city 4, field 3 = 7\n"
        "  B Bob  road 3 = 3\n"
    )


def test_the_examples_of_the_docs_are_what_the_command_prints(cli, record, monkeypatch):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    examples = re.findall(r"^```console\n\$ carcassonne (explain .*?)\n(.*?)^```", doc, re.S | re.M)
    assert len(examples) == 2
    monkeypatch.chdir(record.parent)
    for command, shown in examples:
        result = cli(*shlex.split(command))
        assert result.out == shown, command


def test_after_a_turn(cli, record):
    result = cli("explain", str(record), "--turn", "2")
    assert result.status == 0
    assert result.out == (
        f"Where the points came from in {record}, after turn 2\n"
        "\n"
        "A Ann: 4 points\n"
        "   +4  turn 1: city of 2 tiles (0,-1; 0,0), after A Ann placed BA/C at 0,-1\n"
        "\n"
        "B Bob: 0 points\n"
        "  none\n"
        "\n"
        "Summary\n"
        "  A Ann  city 4 = 4\n"
        "  B Bob  no points = 0\n"
    )


def test_an_illegal_action_says_why_and_what_is_legal_there(cli, record):
    result = cli("explain", str(record), "--turn", "2", "--action", "tile BA/LR -1,0 r90")
    assert (result.status, result.err) == (1, "")
    assert result.out == (
        "turn 3, A Ann to decide: tile (BA/LR drawn)\n"
        "not legal: place BA/LR at -1,0 turned 90°\n"
        "refused (edges-mismatch): its edges do not match its neighbours at -1,0: "
        "E (field against road)\n"
        "legal instead:\n"
        "    place BA/LR at -1,0 turned 270°   (tile BA/LR -1,0 r270)\n"
    )


def test_a_refused_square_offers_the_nearest_squares(cli, record):
    result = cli("explain", str(record), "--turn", "2", "--action", "tile BA/LR 5,5 r0")
    assert result.status == 1
    lines = result.out.splitlines()
    assert lines[2] == "refused (not-adjacent): 5,5 does not touch any tile along an edge"
    assert lines[4:7] == [
        "    place BA/LR at 1,1 turned 0°   (tile BA/LR 1,1 r0)",
        "    place BA/LR at 1,1 turned 90°   (tile BA/LR 1,1 r90)",
        "    place BA/LR at 1,1 turned 270°   (tile BA/LR 1,1 r270)",
    ]
    assert lines[-1] == "    and 10 more" and len(lines) == 4 + 8 + 1


def test_a_figure_refused_offers_the_figure_spots_of_that_tile(cli, record):
    moment = ["--turn", "1", "--action", "figure meeple 0,0 N"]
    after_turn_1 = cli("explain", str(record), *moment)
    assert after_turn_1.status == 1  # turn 1 is over: Bob has a tile to place
    assert after_turn_1.out.splitlines()[2].startswith("refused (wrong-decision): ")
    # Ann's figure decision of turn 1: one step into the record
    path = Path(str(record).replace("small", "cut"))
    path.write_text(RECORD.split("figure meeple 0,-1 S")[0], encoding="utf-8")
    result = cli("explain", str(path), "--action", "figure meeple 0,0 N")
    assert result.status == 1
    assert result.out == (
        "turn 1, A Ann to decide: figure\n"
        "not legal: put a meeple on the city at 0,0 N\n"
        "refused (not-last-tile): a figure goes on the tile just placed (0,-1), not on 0,0\n"
        "legal instead:\n"
        "    put a meeple on the city at 0,-1 S   (figure meeple 0,-1 S)\n"
        "    put a meeple on the field at 0,-1 NL   (figure meeple 0,-1 NL)\n"
        "    place no figure   (pass)\n"
    )


def test_a_legal_action(cli, record):
    result = cli("explain", str(record), "--turn", "2", "--action", "tile BA/LR -1,0 r270")
    assert (result.status, result.err) == (0, "")
    assert result.out == (
        "turn 3, A Ann to decide: tile (BA/LR drawn)\nlegal: place BA/LR at -1,0 turned 270°\n"
    )


def test_json_of_the_points(cli, record):
    data = json.loads(cli("explain", str(record), "--json").out)
    assert list(data) == ["file", "turn", "upto", "game_over", "scores", "players", "removals"]
    assert (data["turn"], data["upto"], data["game_over"], data["scores"]) == (
        3,
        None,
        True,
        [7, 3],
    )
    ann = data["players"][0]
    assert list(ann) == ["player", "name", "letter", "score", "by_source", "items"]
    assert (ann["name"], ann["letter"], ann["by_source"]) == ("Ann", "A", {"city": 4, "field": 3})
    assert ann["items"][0] == {
        "points": 4,
        "source": "city",
        "turn": 1,
        "text": "turn 1: city of 2 tiles (0,-1; 0,0), after A Ann placed BA/C at 0,-1",
        "type": "points",
        "kind": "city",
        "reason": "completed",
        "final": False,
        "feature": {"kind": "city", "tiles": [[0, -1], [0, 0]]},
        "placed": {"player": 0, "tile": "BA/C", "x": 0, "y": -1},
    }
    assert ann["items"][1]["final"] is True and ann["items"][1]["placed"] is None
    assert data["removals"] == []


def test_json_of_an_action(cli, record):
    result = cli("explain", str(record), "--turn", "2", "--action", "tile BA/LR -1,0 r90", "--json")
    assert result.status == 1
    data = json.loads(result.out)
    assert data == {
        "file": str(record),
        "turn": 3,
        "decision": {"kind": "tile", "player": 0},
        "action": "tile BA/LR -1,0 r90",
        "text": "place BA/LR at -1,0 turned 90°",
        "legal": False,
        "code": "edges-mismatch",
        "reason": "its edges do not match its neighbours at -1,0: E (field against road)",
        "details": {
            "x": -1,
            "y": 0,
            "sides": ["E"],
            "tile_edges": {"E": "field"},
            "neighbour_edges": {"E": "road"},
        },
        "nearby": [{"action": "tile BA/LR -1,0 r270", "text": "place BA/LR at -1,0 turned 270°"}],
        "more": 0,
    }


def test_a_position_explains_its_starting_points(cli, tmp_path):
    path = tmp_path / "puzzle.toml"
    path.write_text(
        'format = 1\nplayers = ["Ann", "Bob"]\ntiles = ["BA/RCr 0,0 r0"]\nscores = [12, 0]\n',
        encoding="utf-8",
    )
    result = cli("explain", str(path))
    assert result.status == 0
    assert result.out.splitlines()[:4] == [
        f"Where the points came from in {path}, at its end (turn 1 goes on)",
        "",
        "A Ann: 12 points",
        "  +12  the game began with these points (a position)",
    ]
    assert result.out.splitlines()[-2] == "  A Ann  start 12 = 12"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nothing.carc"], "{dir}/nothing.carc: cannot read the file: No such file or directory"),
        (
            ["bad.carc"],
            "{dir}/bad.carc: not a valid record: line 4: column 6: unknown tile 'NOPE': "
            "expected a tile id (e.g. BA/RCr, or its letter D)",
        ),
        (
            ["bad.toml"],
            "{dir}/bad.toml: not a valid position: line 3: column 14: not valid TOML: "
            "Invalid value",
        ),
        (["small.carc", "--turn", "4"], "--turn 4: the game has turns 1 to 3, not 4"),
        (["small.carc", "--turn", "0"], "--turn 0: the game has turns 1 to 3, not 0"),
        (
            ["small.carc", "--action", "tile BA/LR 1,0 r45"],
            "--action 'tile BA/LR 1,0 r45': column 16: a rotation must be r0, r90, r180 or "
            "r270, not 'r45'",
        ),
        (
            ["small.carc", "--action", "tyle"],
            "--action 'tyle': column 1: unknown action 'tyle' (expected one of chance, draw, "
            "figure, pass, tile)",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(cli, record, argv, message):
    folder = record.parent
    (folder / "bad.carc").write_text(
        'format = 1\nplayers = ["a", "b"]\n---\ntile NOPE 0,1 r0\n', encoding="utf-8"
    )
    (folder / "bad.toml").write_text('format = 1\nplayers = ["a", "b"]\nscores = [3, x]\n')
    result = cli("explain", str(folder / argv[0]), *argv[1:])
    assert (result.status, result.out) == (2, "")
    assert result.err == f"carcassonne: {message.format(dir=folder)}\n"


# -- the general mechanics: points for no feature, transfers, captures ----------------------

_NAME = "carcassonne_test_mechanics_plugins"


def mechanics_plugins() -> dict[str, object]:
    """The test plugins of tests/mechanics/plugins.py, loaded by path (importlib mode)."""
    module = sys.modules.get(_NAME)
    if module is None:
        path = Path(__file__).parents[1] / "mechanics" / "plugins.py"
        spec = importlib.util.spec_from_file_location(_NAME, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[_NAME] = module
        spec.loader.exec_module(module)
    plugins = module.PLUGINS
    assert isinstance(plugins, dict)
    return plugins


def _goods_and_tower_game() -> GameState:
    """Ann closes a city (4 points and a goods token); Bob builds a tower floor and takes Ann's
    meeple prisoner; Ann buys it back for 3 points; the most goods give Ann 10 at the end."""
    plugins = mechanics_plugins()
    config = GameConfig(
        players=2,
        names=["Ann", "Bob"],
        plugins=[(name, plugins[name]) for name in ("t-goods", "t-tower")],
    )
    position = {
        "format": 1,
        "players": ["Ann", "Bob"],
        "tiles": ["BA/RCr 0,0 r0"],
        "figures": ["Ann meeple 0,0 W"],
        "pile": ["BA/C", "BA/L", "BA/LR"],
    }
    state = build_state(config, parse_position(position, config))
    for action in (
        "tile BA/C 0,-1 r180",
        "figure meeple 0,-1 S",
        "tile BA/L 0,1 r0",
        "t-floor 0,1",
        "t-capture 0 meeple 0,0 W",
        "t-ransom 0 meeple",
        "draw",
        "tile BA/LR 1,0 r90",
        "pass",
    ):
        state.apply(action)
    assert state.is_over
    return state


def test_awards_without_a_feature_transfers_and_captures():
    state = _goods_and_tower_game()

    def who(player: int) -> str:
        return player_name(state, player)

    ledger = build_ledger(state, who)
    assert ledger_lines("game.carc", ledger, who) == [
        "Where the points came from in game.carc, at its end (the game is over)",
        "",
        "A Ann: 11 points",
        "   +4  turn 1: city of 2 tiles (0,-1; 0,0), after A Ann placed BA/C at 0,-1",
        "   -3  turn 3: A Ann pays 3 points to B Bob: ransom",
        "  +10  end of the game: most goods",
        "",
        "B Bob: 3 points",
        "   +3  turn 3: A Ann pays 3 points to B Bob: ransom",
        "",
        "Figures taken off the board",
        "  turn 2: B Bob takes A Ann's meeple at 0,0 W prisoner: captured by a tower",
        "  turn 3: B Bob releases A Ann's meeple, back to its owner: ransom",
        "",
        "Summary",
        "  A Ann  city 4, goods 10, transfer -3 = 11",
        "  B Bob  transfer 3 = 3",
    ]
    data = ledger_json("game.carc", ledger)
    goods = data["players"][0]["items"][2]
    assert goods == {
        "points": 10,
        "source": "goods",
        "turn": 3,
        "text": "end of the game: most goods",
        "type": "points",
        "kind": "goods",
        "reason": "most goods",
        "final": True,
        "feature": None,
        "placed": None,
    }
    paid = data["players"][0]["items"][1]
    assert (paid["type"], paid["points"], paid["payer"], paid["payee"]) == ("transfer", -3, 0, 1)
    assert data["removals"][0]["event"]["type"] == "figure-captured"


# -- the sum by source is the score, whatever the mechanics -----------------------------------

MIXES = [(name,) for name in sorted(installed_expansions())] + [
    tuple(sorted(installed_expansions()))
]


def _random_game(config: GameConfig, seed: int) -> GameState:
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):  # a bound: every game of these rules ends far sooner
        if state.is_over:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


def _check_sums(state: GameState, seed: int) -> set[str]:
    ledger = build_ledger(state, str)
    sums = [ledger.by_source(p) for p in range(state.players)]
    assert [sum(s.values()) for s in sums] == state.scores
    assert sums == [dict(p) for p in state.outcome().points]
    # after a turn in the middle too: the sum is the score then
    turn = random.Random(seed).randint(state.initial().turn, state.turn)
    middle = build_ledger(state, str, turn)
    assert [sum(middle.by_source(p).values()) for p in range(state.players)] == (
        middle.state.scores
    )
    return {source for s in sums for source in s}


@pytest.mark.parametrize("name", sorted(mechanics_plugins()))
def test_the_sum_by_source_is_the_score_with_every_test_plugin(name):
    plugin = mechanics_plugins()[name]
    sources: set[str] = set()
    # a test plugin modelled on a real expansion plays without it (mixes_with)
    for seed, mix in enumerate(sys.modules[_NAME].mixes_with(name, [(), *MIXES])):
        config = GameConfig(players=3, expansions=list(mix), plugins=[(name, plugin)])
        sources |= _check_sums(_random_game(config, seed), seed)
    if name == "t-goods":
        assert "goods" in sources


@pytest.mark.parametrize("mix", MIXES, ids="+".join)
def test_the_sum_by_source_is_the_score_with_every_expansion(mix):
    for seed in range(3):
        _check_sums(_random_game(GameConfig(players=2, expansions=list(mix)), seed), seed)


def test_the_sum_holds_with_transfers_and_a_position_start():
    """Random games of the tower (ransoms move points) from a position with points."""
    plugin = mechanics_plugins()["t-tower"]
    seen = set()
    for seed in range(12):
        config = GameConfig(players=2, plugins=[("t-tower", plugin)])
        start = build_state(
            config,
            parse_position(
                {"format": 1, "players": ["red", "blue"], "tiles": ["BA/RCr 0,0 r0"],
                 "scores": [5, 7], "seed": seed},
                config,
            ),
        )  # fmt: skip
        rng = random.Random(seed)
        for _ in range(5000):
            if start.is_over:
                break
            start.apply(rng.choice(start.legal_actions()))
        seen |= _check_sums(start, seed)
    assert {"start", "transfer"} <= seen


def test_after_a_turn_the_next_tile_is_the_one_the_record_dealt(cli, tmp_path):
    """A ``drew`` line after the last action of turn N belongs to it: the moment explained is
    the record's, not the seed's."""
    path = tmp_path / "drew.carc"
    path.write_text(
        'format = 1\nplayers = ["Ann", "Bob"]\nseed = 7\n---\ndrew BA/C\ntile BA/C 0,-1 r180\n'
        "figure meeple 0,-1 S\ndrew BA/L\n",
        encoding="utf-8",
    )
    result = cli("explain", str(path), "--turn", "1", "--action", "pass")
    assert result.out.splitlines()[0] == "turn 2, B Bob to decide: tile (BA/L drawn)"
    assert result.status == 1


def test_render_at_a_turn_takes_the_tile_the_record_dealt(tmp_path):
    """``render --turn N`` (at_turn) shows turn N with the tile of the record's ``drew`` line,
    not the one the seed would deal (the seed deals BA/RFr here)."""
    from carcassonne.cli.render import at_turn
    from carcassonne.record import load_record

    text = (
        'format = 1\nplayers = ["Ann", "Bob"]\nseed = 7\n---\ndrew BA/C\ntile BA/C 0,-1 r180\n'
        "figure meeple 0,-1 S\ndrew BA/L\ntile BA/L -1,-1 r0\n"
    )
    state = load_record(text, text=True)
    at_two = at_turn(state, 2)
    assert (at_two.turn, at_two.player, at_two.drawn) == (2, 1, "BA/L")
    assert at_two.pending.kind == "tile"
