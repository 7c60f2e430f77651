"""Issue 33, engine and files: each bad input gets its specific answer (a code, a located
message on one line), Abbey & Mayor's abbey and barn are refused and listed as ``apply`` does,
and killed writes leave no temporary file behind. Each test failed before its fix."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne import Draw, GameConfig, GameState, IllegalActionError, PlaceFigure, PlaceTile
from carcassonne.errors import CarcassonneError, ConfigError
from carcassonne.files import write_atomic
from carcassonne.limits import whole_number
from carcassonne.position import dump_position, load_position
from carcassonne.record import dump_record, load_record
from carcassonne.testing import board
from carcassonne.tileset.catalog import core_kinds
from carcassonne.tileset.loader import parse_tileset_text

AM = ("abbey-mayor",)
MANY = {"box_counts": False}
#: Eight all-field monasteries around (1, 1): a hole there.
RING = [
    f"BA/L @({x},{y}) r0"
    for x, y in [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
]


# -- apply() of things that are not actions -------------------------------------------------


@pytest.mark.parametrize("given", [None, 5, [], {}, 2.5, ("tile", "BA/C", 0, 1, 0)])
def test_apply_of_a_non_action_is_refused_with_a_code(given: object) -> None:
    state = GameState.new(GameConfig(players=2, seed=3))
    key = state.key()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(given)  # type: ignore[arg-type]
    assert refused.value.code == "not-an-action"
    assert refused.value.details == {"given": type(given).__name__}
    assert state.why_illegal(given).code == "not-an-action"  # type: ignore[arg-type,union-attr]
    assert state.key() == key


def test_a_list_or_dict_in_an_action_field_is_a_bad_field_type() -> None:
    state = GameState.new(GameConfig(players=2, seed=3))
    state.apply(state.legal_actions()[0])
    figure = next(a for a in state.legal_actions() if type(a) is PlaceFigure)
    key = state.key()
    for bad in (figure._replace(location=["N"]), figure._replace(x=[0]), figure._replace(y={})):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(bad)
        assert refused.value.code == "bad-field-type"
        assert state.why_illegal(bad).code == "bad-field-type"  # type: ignore[union-attr]
    assert state.key() == key


# -- unknown tiles ---------------------------------------------------------------------------


def test_an_unknown_tile_during_an_abbey_mayor_draw_decision() -> None:
    config = GameConfig(players=2, seed=3, expansions=list(AM), options={"explicit_draws": True})
    state = GameState.new(config)
    assert state.pending.kind == "draw"
    key = state.key()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(PlaceTile("XX/nope", 1, 0, 0))
    assert refused.value.code == "unknown-tile" and refused.value.details == {"tile": "XX/nope"}
    assert state.key() == key


def test_a_tile_of_another_edition_names_the_edition() -> None:
    state = GameState.new(GameConfig(players=2, seed=3, options={"edition": "C1"}))
    refusal = state.why_illegal(PlaceTile("BA/CcG", 1, 0, 0))
    assert refusal is not None and refusal.code == "unknown-tile"
    assert (
        refusal.reason
        == "unknown tile 'BA/CcG' (a tile of edition C2: the option edition = \"C2\")"
    )
    with pytest.raises(ConfigError, match='edition C2: the option edition = "C2"'):
        state.placements_of("BA/CcG")


# -- one integer parser ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "①", "١", "1²", "", "-", "+1", " 1", "1" * 31])
def test_whole_number_takes_ascii_digits_only(text: str) -> None:
    assert whole_number(text) is None


def test_whole_number_reads_what_it_takes() -> None:
    assert [whole_number(t) for t in ("0", "42", "-7", "9" * 30)] == [0, 42, -7, int("9" * 30)]
    assert whole_number("123", max_digits=2) is None


def test_a_feature_attribute_of_5000_digits_is_a_located_problem() -> None:
    text = (
        '[set]\nname = "t"\n\n[[tile]]\nid = "T/1"\ncount = 1\n'
        f'features = "city N E S W shields={"9" * 5000}"\n'
    )
    with pytest.raises(CarcassonneError) as problem:
        parse_tileset_text(text, "t.toml", core_kinds())
    assert "a number has at most 30 digits" in str(problem.value)
    assert "line 7" in str(problem.value) or "t.toml:7:" in str(problem.value)


@pytest.mark.parametrize("digit", ["²", "①"])
@pytest.mark.parametrize(
    "edit",
    [
        ('player = "blue"', 'player = "{d}"'),
        ('last_placer = "red"', 'last_placer = "{d}"'),
        ('"red meeple 0,-1 E"', '"{d} meeple 0,-1 E"'),
        ("[supply.red]", '[supply."{d}"]'),
    ],
)
def test_unicode_digits_in_a_position_are_unknown_players(
    digit: str, edit: tuple[str, str]
) -> None:
    state = GameState.new(GameConfig(players=2, seed=3))
    state.apply(state.legal_actions()[0])
    state.apply(next(a for a in state.legal_actions() if type(a) is PlaceFigure))
    text = dump_position(state)
    old, new = edit
    assert old in text
    with pytest.raises(CarcassonneError) as problem:
        load_position(text.replace(old, new.format(d=digit)), text=True)
    assert digit in str(problem.value) or "unknown player" in str(problem.value)


# -- options beyond 64 bits ----------------------------------------------------------------------


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 2**70])
def test_options_beyond_64_bits_are_refused(value: int) -> None:
    with pytest.raises(ConfigError, match="must fit in 64 bits"):
        GameConfig(players=2, options={"meeples": value})
    GameConfig(players=2, options={"meeples": 2**63 - 1})  # the largest a record can hold


# -- messages quoting values on one line ---------------------------------------------------------


@pytest.mark.parametrize("raw", ["a\\nb", "a\\u2028b", "a\\u202eb", 'a\\"b'])
def test_record_and_position_errors_quote_values_on_one_line(raw: str) -> None:
    state = GameState.new(GameConfig(players=2, seed=3))
    for dump, load in ((dump_record, load_record), (dump_position, load_position)):
        text = dump(state).replace('edition = "C2"', f'edition = "{raw}"')
        with pytest.raises(CarcassonneError) as problem:
            load(text, text=True)
        message = str(problem.value)
        assert "\n" not in message and "\u2028" not in message and "\u202e" not in message
        assert f'not "{raw}"' in message


# -- the tile file's table-header keys -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, where",
    [
        ('[set."BA/C"]\nx = 1\n', "1:6"),
        ('[set]\nname = "t"\n\n[set.extra]\nx = 1\n', "4:6"),
        ('[set]\nname = "t"\n\n[ set . "odd key" ]\nx = 1\n', "4:9"),
    ],
)
def test_an_unknown_key_in_a_table_header_is_located_there(
    tmp_path: Path, text: str, where: str
) -> None:
    path = tmp_path / "t.toml"
    path.write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "tiles", "check", str(path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert f"{path}:{where}: unknown key" in done.stdout + done.stderr, done.stdout + done.stderr


# -- killed writes -------------------------------------------------------------------------------

KILLED_WRITER = """
import os, sys, time
from carcassonne import files
os.replace = lambda src, dst: (print("written", flush=True), time.sleep(120))
files.write_atomic(sys.argv[1], "the new save")
"""


def test_a_killed_write_leaves_no_temporary_file_once_written_again(tmp_path: Path) -> None:
    target = tmp_path / "game.txt"
    target.write_text("the old save")
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(target)], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None and writer.stdout.readline() == "written\n"
    writer.send_signal(signal.SIGKILL)  # between writing the temporary file and renaming it
    writer.wait(30)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 2 and names[0].startswith(".game.txt.") and names[0].endswith(".tmp")
    assert target.read_text() == "the old save"
    # a write going on in a live process (here: this one) is never touched
    live = tmp_path / f".game.txt.{os.getpid()}.busy.tmp"
    live.write_text("someone else's")
    write_atomic(target, "a later save")
    assert sorted(p.name for p in tmp_path.iterdir()) == [live.name, "game.txt"]
    assert target.read_text() == "a later save"


# -- supplies are not shared and mutable -----------------------------------------------------


def test_a_supply_cannot_be_changed_through_a_clone() -> None:
    state = GameState.new(GameConfig(players=2, seed=3, expansions=list(AM)))
    clone = state.clone()
    with pytest.raises(TypeError, match="read only"):
        state.supply[0]["meeple"] = 0
    with pytest.raises(TypeError):
        state.supply[0].update(meeple=0)
    assert clone.supply[0]["meeple"] == 7 and state.supply[0]["meeple"] == 7
    assert state.supply[0] == {"barn": 1, "mayor": 1, "meeple": 7, "wagon": 1}
    mine = state.supply[0].copy()  # a plain dict of the caller's own
    mine["meeple"] = 0
    assert clone.supply[0]["meeple"] == 7


# -- Abbey & Mayor: the abbey's placements, the barn ----------------------------------------------


def test_abbey_placements_are_the_holes_only() -> None:
    no_hole = board(["BA/L @(0,0) r0"], expansions=AM, pile=["BA/L", "BA/L"], options=MANY)
    assert no_hole.placements_of("AM/A") == []
    refusal = no_hole.placement_refusal("AM/A", 1, 0, 0)
    assert refusal is not None and refusal.code == "abbey-not-in-hole"
    with pytest.raises(IllegalActionError) as refused:  # not "wrong-tile": no hole anywhere
        no_hole.apply(PlaceTile("AM/A", 1, 0, 0))
    assert refused.value.code == "abbey-not-in-hole"
    assert refused.value.details == {"x": 1, "y": 0, "holes": []}
    ring = board(RING, expansions=AM, pile=["BA/L", "BA/L"], options=MANY)
    assert ring.placements_of("AM/A") == [PlaceTile("AM/A", 1, 1, 0)]
    assert PlaceTile("AM/A", 1, 1, 0) in ring.legal_actions()
    assert ring.placement_refusal("AM/A", 1, 1, 0) is None
    assert ring.placement_refusal("AM/A", 3, 0, 0).code == "abbey-not-in-hole"  # type: ignore[union-attr]
    assert ring.placement_refusal("AM/A", 1, 1, 90).code == "abbey-rotation"  # type: ignore[union-attr]


def test_a_barn_off_a_field_corner_gets_its_code() -> None:
    state = board(["BA/L @(0,0) r0"], expansions=AM, pile=["BA/RrC", "BA/L"], options=MANY)
    state.apply(state.placements_of("BA/RrC")[0])
    barn = PlaceFigure("barn", *state.last_tile, "NW")  # type: ignore[misc]
    refusal = state.why_illegal(barn)
    assert refusal is not None and refusal.code == "barn-not-on-field-corner"
    assert refusal.details["corners"] == []


def _barns_offered(farmers: bool) -> list[object]:
    """The barn placements offered once a fourth monastery closes a 2x2 block of fields."""
    options = {**MANY, "farmers": farmers}
    tiles = ["BA/L @(0,0) r0", "BA/L @(1,0) r0", "BA/L @(0,1) r0"]
    state = board(tiles, expansions=AM, pile=["BA/L", "BA/L"], options=options)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("BA/L", 1, 1, 0))
    return [a for a in state.legal_actions() if getattr(a, "figure", None) == "barn"]


def test_with_farmers_off_there_is_no_barn() -> None:
    assert _barns_offered(True) == [PlaceFigure("barn", 1, 1, "NW")]
    assert _barns_offered(False) == []
    config = GameConfig(players=2, seed=3, expansions=list(AM), options={"farmers": False})
    assert "barn" not in config.figure_kinds
    assert "barn" not in GameState.new(config).supply[0]


def test_no_abbey_while_the_rivers_tiles_are_drawn() -> None:
    river = ("river", *AM)
    # a river tile still in the pile (behind the drawn one: a made-up order, so that a hole
    # exists while the River's tiles are drawn)
    during = board(RING, expansions=river, pile=["BA/L", "RI.1/II"], options=MANY)
    assert during.draw_pile() == ["RI.1/II"]
    assert during.placements_of("AM/A") == []
    assert not any(a.tile == "AM/A" for a in during.legal_actions() if type(a) is PlaceTile)
    refusal = during.placement_refusal("AM/A", 1, 1, 0)
    assert refusal is not None and refusal.code == "abbey-before-land"
    after = board(RING, expansions=river, pile=["BA/L", "BA/L"], options=MANY)
    assert after.placements_of("AM/A") == [PlaceTile("AM/A", 1, 1, 0)]
