"""Fuzzing every input surface: generated and mutated inputs raise only the documented error
type of their format, and whatever loads round-trips.

Runs briefly in the test suite (``FUZZ_EXAMPLES`` examples per target, 25 by default);
``fuzz/fuzz_inputs.py --seconds N`` runs the same targets for as long as asked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState
from carcassonne.notation import NotationError, action_from_text, action_to_text
from carcassonne.position import PositionError, dump_position, load_position
from carcassonne.protocol import Server
from carcassonne.record import RecordError, dump_record, load_record
from carcassonne.serialize import dumps
from carcassonne.tileset.catalog import installed_kinds
from carcassonne.tileset.errors import TileSetError
from carcassonne.tileset.loader import parse_tileset_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: The error types of docs/protocol.md a bad request may get (never ``internal``).
PROTOCOL_ERRORS = {
    "bad-json", "bad-request", "unknown-op", "no-game", "bad-config", "bad-action",
    "illegal-action", "nothing-to-undo", "bad-record", "bad-position", "io",
}  # fmt: skip

CONFIG = GameConfig(players=3, expansions=["river", "abbot", "abbey-mayor"], seed=4)


def _sample_game() -> GameState:
    state = GameState.new(CONFIG)
    for _ in range(9):
        state.apply(state.legal_actions()[-1])
    while state.pending.kind not in ("draw", "tile"):
        state.apply(state.legal_actions()[0])
    return state


SAMPLE = _sample_game()
RECORD = dump_record(SAMPLE)
POSITION = dump_position(SAMPLE)
TILES = (ROOT / "tiles" / "base.toml").read_text(encoding="utf-8")

#: Pieces that break parsers: huge numbers, deep nesting, line separators, surrogates, NUL.
NASTY = [
    "9" * 40, "-" + "9" * 5000, "[" * 60, "]" * 60, "{ a = " * 40, "\ud800", "\udfff", "\u2028",
    "\x85", "\r", "\n", "\x00", "\t", '"', "'", '"""', "#", "=", ",", ".", "true", "nan", "inf",
    "1.5", "0.0", "-0", "r90", "r45", "@(1,2)", "1,-2", "BA/C", "D", "meeple", "---", "[[tile]]",
    "[set]", "[position]", "N", "abbey", "drew", "returned", "tile", "figure", "pass", " ",
]  # fmt: skip

pieces = st.one_of(st.sampled_from(NASTY), st.text(max_size=8))
edits = st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 12), st.lists(pieces, max_size=3)), max_size=4
)


def mutate(text: str, changes: list[tuple[float, int, list[str]]]) -> str:
    """``text`` with a few slices replaced by nasty pieces."""
    for where, cut, insert in changes:
        at = int(where * len(text))
        text = text[:at] + "".join(insert) + text[at + cut :]
    return text


# -- the targets (also run by fuzz/fuzz_inputs.py) -----------------------------------------------


def check_notation(text: str) -> None:
    try:
        action = action_from_text(text, CONFIG)
    except NotationError:
        return
    assert action_from_text(action_to_text(action), CONFIG) == action


def check_record(text: str) -> None:
    try:
        state = load_record(text, text=True)
    except RecordError:
        return
    again = load_record(dump_record(state), text=True)
    assert again.key() == state.key()


def check_position(text: str) -> None:
    try:
        state = load_position(text, text=True)
    except PositionError:
        return
    try:
        saved = dump_position(state)
    except PositionError:  # e.g. the game ended on load: no position to take
        return
    assert load_position(saved, text=True).key() == state.key()


def check_tiles(text: str) -> None:
    try:
        tileset = parse_tileset_text(text, "fuzz.toml", installed_kinds())
    except TileSetError as err:
        assert all("\n" not in str(p) for p in err.problems)
        return
    assert tileset.tiles is not None


def check_protocol(lines: list[str]) -> None:
    server = Server()
    for line in lines:
        answer = server.handle_line(line)
        if not answer["ok"]:
            assert answer["error"]["type"] in PROTOCOL_ERRORS, answer
        text = dumps(answer) if _encodable(answer) else json.dumps(answer, sort_keys=True)
        assert json.loads(text) == answer or answer.get("id") is None
        if server.done:
            break


def _encodable(answer: Any) -> bool:
    try:
        dumps(answer).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# -- strategies --------------------------------------------------------------------------------

notation_texts = st.one_of(
    st.text(max_size=40),
    st.lists(pieces, max_size=6).map(" ".join),
    st.builds(
        lambda verb, args: " ".join([verb, *args]),
        st.sampled_from(["tile", "figure", "pass", "draw", "abbot-return", "x"]),
        st.lists(pieces, max_size=5),
    ),
)
record_texts = edits.map(lambda e: mutate(RECORD, e))
position_texts = edits.map(lambda e: mutate(POSITION, e))
tile_texts = edits.map(lambda e: mutate(TILES, e))

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=10)
    | st.sampled_from(NASTY),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
OPS = ["hello", "new", "load_record", "load_position", "legal_actions", "apply", "undo", "state",
       "save_record", "save_position", "quit", "nope"]  # fmt: skip
FIELDS = ["id", "players", "expansions", "options", "seed", "names", "text", "path", "action",
          "count", "player", "fields"]  # fmt: skip
requests = st.builds(
    lambda op, fields: json.dumps({"op": op, **fields}),
    st.sampled_from(OPS),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=3),
)
protocol_lines = st.lists(
    st.one_of(
        requests,
        st.text(max_size=30),
        edits.map(lambda e: mutate('{"id": 1, "op": "new", "seed": 3}', e)),
        st.just('{"op": "new"}'),
        st.just('{"op": "apply", "action": "tile BA/C 0,-1 r180"}'),
    ),
    max_size=6,
)


# -- the tests ---------------------------------------------------------------------------------


@FUZZ
@given(notation_texts)
def test_fuzz_notation(text: str) -> None:
    check_notation(text)


@FUZZ
@given(record_texts)
def test_fuzz_records(text: str) -> None:
    check_record(text)


@FUZZ
@given(position_texts)
def test_fuzz_positions(text: str) -> None:
    check_position(text)


@FUZZ
@given(tile_texts)
def test_fuzz_tile_files(text: str) -> None:
    check_tiles(text)


@FUZZ
@given(protocol_lines)
def test_fuzz_protocol(lines: list[str]) -> None:
    check_protocol(lines)


#: target name -> (check, strategy), for fuzz/fuzz_inputs.py
TARGETS = {
    "notation": (check_notation, notation_texts),
    "records": (check_record, record_texts),
    "positions": (check_position, position_texts),
    "tiles": (check_tiles, tile_texts),
    "protocol": (check_protocol, protocol_lines),
}
