"""Positions: round trips, the documented example, and each check with its exact message."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState, Pass, PlaceTile, hookimpl
from carcassonne.position import (
    Position,
    PositionError,
    build_state,
    dump_position,
    load_position,
    position_of,
)
from carcassonne.testing import board

from .conftest import snapshot

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("expansions", [(), ("abbot",), ("river",), ("abbey-mayor",)])
def test_saving_and_loading_a_position_gives_an_equal_state(expansions: tuple[str, ...]) -> None:
    checked = 0
    for seed in range(3):
        state = GameState.new(GameConfig(players=3, seed=seed, expansions=list(expansions)))
        rng = random.Random(seed)
        while not state.is_over:
            if state.pending.kind in ("tile", "draw") and rng.random() < 0.15:
                text = dump_position(state)
                again = load_position(text, text=True)
                assert snapshot(again) == snapshot(state)
                assert dump_position(again) == text
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 10


def _doc_position() -> str:
    text = (DOCS / "positions.md").read_text(encoding="utf-8")
    return re.findall(r"```position\n(.*?)```", text, re.S)[0]


def test_the_documented_position_loads_and_plays() -> None:
    state = load_position(_doc_position(), text=True)
    assert (state.pending.kind, state.player, state.drawn) == ("tile", 1, "BA/C")
    assert state.draw_pile() == ["BA/L", "BA/RFr"]
    assert state.supply == [{"meeple": 6}, {"meeple": 7}]
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    state.apply(Pass())
    assert state.scores == [4, 0]
    assert state.supply == [{"meeple": 7}, {"meeple": 7}]


def test_a_pile_of_counts_is_shuffled_with_the_seed() -> None:
    text = _doc_position().replace('pile = ["BA/L", "BA/RFr"]', "pile = { L = 2, BA/C = 1 }")
    text = text.replace("pile = { L = 2, BA/C = 1 }", 'pile = { "BA/L" = 2, "BA/C" = 1 }')
    state = load_position(text, text=True)
    assert sorted(state.draw_pile()) == ["BA/C", "BA/L", "BA/L"]
    assert load_position(text, text=True).draw_pile() == state.draw_pile()


def test_an_empty_pile_ends_the_game_with_final_scoring() -> None:
    text = _doc_position().replace('pending = "tile"\ndrawn = "BA/C"\n', "")
    state = load_position(text.replace('pile = ["BA/L", "BA/RFr"]', "pile = []"), text=True)
    assert state.is_over
    assert state.scores == [1, 0]  # the unfinished one-tile city


def test_plugin_data_round_trips_as_tuples() -> None:
    state = board(["BA/RCr @(0,0) r0"])
    state.ext["fan"] = ((1, 2), "x", {"k": (True,)})
    again = load_position(dump_position(state), text=True)
    assert again.ext["fan"] == ((1, 2), "x", {"k": (True,)})
    state.ext["fan"] = frozenset({1})
    with pytest.raises(PositionError) as err:
        dump_position(state)
    assert str(err.value) == (
        "ext.fan: a frozenset cannot be saved in a position (plugin data must be numbers, "
        "strings, booleans, tuples and tables)"
    )


def test_a_position_in_the_figure_phase_is_the_tile_then_its_placement() -> None:
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    position = position_of(state)
    assert (position.drawn, list(position.then)) == ("BA/C", [PlaceTile("BA/C", 0, -1, 180)])
    text = dump_position(state)
    assert 'then = [\n    "tile BA/C 0,-1 r180",\n]' in text
    loaded = load_position(text, text=True)
    assert (loaded.pending, loaded.legal_actions()) == (state.pending, state.legal_actions())


def test_a_then_action_that_is_illegal_names_its_entry() -> None:
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    text = dump_position(state).replace('"tile BA/C 0,-1 r180"', '"tile BA/C 5,5 r180"')
    with pytest.raises(PositionError) as err:
        load_position(text, text=True)
    assert err.value.key == "then"
    assert err.value.reason.startswith("then[0] tile BA/C 5,5 r180: illegal action")


def test_no_position_once_the_game_is_over() -> None:
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    state.apply(Pass())
    assert state.is_over
    with pytest.raises(PositionError) as err:
        position_of(state)
    assert str(err.value) == "a position cannot be taken once the game is over"


def test_tiles_listed_out_of_order_are_laid_once_connected() -> None:
    config = GameConfig(players=2, seed=1)
    state = build_state(
        config, Position(tiles=[("D", 0, 0, 0), ("BA/C", 0, -2, 0), ("BA/C", 0, -1, 180)])
    )
    assert list(state.board) == [(0, 0), (0, -1), (0, -2)]


BASE = """format = 1
players = ["red", "blue"]
tiles = ["BA/RCr 0,0 r0"]
"""


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('tiles = ["BA/RCr 0,0 r0", "BA/C 1,0 r90"]',
         "tile BA/C at 1,0 r90: its edges do not match its neighbours"),
        ('tiles = ["BA/RCr 0,0 r0", "BA/C 5,5 r0"]',
         "tile BA/C at 5,5 is not connected to the other tiles"),
        ('tiles = ["BA/RCr 0,0 r0", "BA/C 0,0 r0"]', "tile BA/C at 0,0: 0,0 is already taken"),
        ('tiles = ["BA/RCr 0,0 r0", "BA/C 1,0 r45"]',
         "tiles[1] 'BA/C 1,0 r45': column 10: a rotation must be r0, r90, r180 or r270, not 'r45'"),
        ('figures = ["red meeple 0,0 X"]',
         "figures[0] 'red meeple 0,0 X': column 16: unknown location 'X': expected a feature "
         "location (a side N E S W, a half-edge NL NR EL ER SL SR WL WR, a corner NW NE SE SW, "
         "an inner pocket I II, or a name: monastery)"),
        ('figures = ["red meeple 0,0 monastery"]',
         "figure red meeple at 0,0 monastery: the tile at 0,0 has no feature at 'monastery' "
         "(try: E, EL, ER, N, SE, SL, SR, SW, W, WL, WR)"),
        ('figures = ["green meeple 0,0 N"]',
         "figures[0] 'green meeple 0,0 N': unknown player 'green' (players: red, blue)"),
        ('tiles = ["BA/RCr 0,0 r0", "BA/C 0,-1 r180"]\nfigures = ["red meeple 0,-1 S"]',
         "figure red meeple at 0,-1 S: its city is complete (it would have been scored)"),
        ('figures = ["red meeple 0,0 N"]\nsupply = { red = { meeple = 7 } }',
         "supply of red: 7 meeple(s) in the supply and 1 on the board, but each player has 7"),
        ('pile = ["BA/L", "BA/L", "BA/L", "BA/L", "BA/L"]',
         "tile BA/L: 0 on the board and 5 in the pile, but the game has 4"),
        ('pile = ["BA/RCr", "BA/RCr", "BA/RCr", "BA/RCr"]',
         "tile BA/RCr: 1 on the board and 4 in the pile, but the game has 4"),
        ("scores = [1]", "scores: 2 whole numbers expected, got [1]"),
        ('pending = "figure"', "pending: 'draw' or 'tile' expected, not 'figure'"),
        ('pending = "tile"', "pending = 'tile' goes with drawn = the tile waiting to be placed"),
        ("format = 2", None),
        ("colour = 1", None),
    ],
)  # fmt: skip
def test_each_check_names_the_entry(extra: str, message: str | None) -> None:
    lines = BASE.splitlines()
    key = extra.split(" ", 1)[0]
    text = "\n".join(line for line in lines if not line.startswith(key + " ")) + "\n" + extra
    with pytest.raises(PositionError) as err:
        load_position(text, text=True)
    # read from a text, the message starts with the line of the key the error is about
    assert str(err.value) == f"line {err.value.line}: {err.value.reason}"
    assert text.splitlines()[err.value.line - 1].startswith(err.value.key)
    if message is not None:
        assert err.value.reason == message
    elif key == "format":
        assert err.value.reason == (
            "format: unknown position format version 2 (this engine reads version 1)"
        )
    else:
        assert err.value.reason.startswith("unknown key 'colour' (known: format, engine, ")


class _NoCloister:
    @hookimpl
    def carcassonne_veto_placements(self, state, tile, candidates):
        return candidates if tile.id == "BA/L" else None


def test_a_drawn_tile_that_fits_nowhere_is_refused() -> None:
    config = GameConfig(players=2, seed=1, plugins=[("no-cloister", _NoCloister())])
    with pytest.raises(PositionError) as err:
        build_state(config, Position(tiles=[("D", 0, 0, 0)], drawn="BA/L", pile=[]))
    assert str(err.value) == "the drawn tile BA/L fits nowhere on this board"


# -- what front ends need: explicit supplies, the last tile-placer, foreign counts ------------


def test_a_supply_may_hold_fewer_figures_than_the_count_and_undo_keeps_it() -> None:
    text = BASE + 'player = "red"\nsupply = { red = { meeple = 0 } }\npile = ["BA/C", "BA/L"]\n'
    state = load_position(text, text=True)
    assert state.supply == [{"meeple": 0}, {"meeple": 7}]
    state.apply("tile BA/C 0,-1 r180")
    assert state.legal_actions() == [Pass()]
    assert state.why_illegal("figure meeple 0,-1 S").code == "no-figure-left"
    state.undo(1)
    assert state.supply == [{"meeple": 0}, {"meeple": 7}]
    assert "meeple = 0" in dump_position(state)
    with pytest.raises(PositionError, match=r"supply of red: -1 meeple\(s\) in the supply"):
        load_position(BASE + "supply = { red = { meeple = -1 } }\n", text=True)


def test_the_last_tile_placer_is_explicit_and_saved() -> None:
    text = (
        BASE.replace('tiles = ["BA/RCr 0,0 r0"]', 'tiles = ["BA/RCr 0,0 r0", "BA/C 0,-1 r180"]')
        + 'player = "red"\nlast_placer = "blue"\npile = ["BA/L"]\n'
    )
    state = load_position(text, text=True)
    assert state.player == 0
    assert state.tile_at(0, -1).player == 1 and state.tile_at(0, 0).player == -1
    assert position_of(state).last_placer == 1
    again = load_position(dump_position(state), text=True)
    assert again.tile_at(0, -1).player == 1
    assert 'last_placer = "blue"' in dump_position(state)
    assert "last_placer" not in dump_position(load_position(BASE, text=True))
    with pytest.raises(PositionError, match="last_placer: unknown player 'green'"):
        load_position(BASE + 'last_placer = "green"\n', text=True)


def test_abbey_end_game_turns_follow_the_last_tile_placer() -> None:
    from carcassonne_abbey_mayor.abbey import last_placer

    text = (
        BASE.replace('players = ["red", "blue"]', 'players = ["red", "blue", "green"]')
        + 'expansions = ["abbey-mayor"]\nplayer = "red"\nlast_placer = "green"\npile = ["BA/L"]\n'
    )
    assert last_placer(load_position(text, text=True)) == 2


def test_box_counts_off_lets_a_position_hold_more_copies() -> None:
    five = 'pile = ["BA/L", "BA/L", "BA/L", "BA/L", "BA/L"]\n'
    with pytest.raises(PositionError, match="but the game has 4"):
        load_position(BASE + five, text=True)
    state = load_position(BASE + five + "[options]\nbox_counts = false\n", text=True)
    assert state.draw_pile() == ["BA/L"] * 4 and state.drawn == "BA/L"


def test_a_one_player_position() -> None:
    state = load_position(BASE.replace('["red", "blue"]', '["solo"]'), text=True)
    assert state.config.players == 1 and state.supply == [{"meeple": 7}]


def _doc_error_rows() -> list[tuple[list[str], str]]:
    text = (DOCS / "positions.md").read_text(encoding="utf-8")
    table = text.split("<!-- position-errors -->", 1)[1].split("<!-- /position-errors -->")[0]
    rows = []
    for line in table.strip().splitlines()[2:]:
        changes, message = line.strip("|").rsplit("|", 1)
        rows.append((re.findall(r"`([^`]+)`", changes), message.strip().strip("`")))
    return rows


def _with_lines(text: str, lines: list[str]) -> str:
    """The position ``text`` with each ``key = value`` line replacing its key's (or added)."""
    for line in lines:
        key = line.split(" = ", 1)[0]
        pattern = re.compile(rf"^{re.escape(key)} = .*$", re.M)
        text = pattern.sub(lambda _m, line=line: line, text) if pattern.search(text) else (
            text + line + "\n"
        )
    return text


def test_the_documented_errors_are_exact() -> None:
    rows = _doc_error_rows()
    assert len(rows) == 8
    for lines, message in rows:
        with pytest.raises(PositionError) as err:
            load_position(_with_lines(_doc_position(), lines), text=True)
        assert str(err.value) == message, lines
        assert err.value.line == int(message.split(":")[0].split()[1])


def test_a_position_mid_turn_after_a_forced_draw_keeps_the_drawn_tile() -> None:
    state = GameState.new(GameConfig(players=2), seed=4)
    state.force_draw("BA/C")
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    position = position_of(state)
    assert (position.drawn, list(position.then)) == ("BA/C", [PlaceTile("BA/C", 0, -1, 180)])
    loaded = load_position(dump_position(state), text=True)
    assert (loaded.pending, loaded.legal_actions()) == (state.pending, state.legal_actions())
