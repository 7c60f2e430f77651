"""The text of the legal actions (``entries_text``) is the encoder's own text of the list:
with each encoder a front end uses (the protocol's, the server's with and without orjson),
for every tile of every installed expansion, for placements seen before and new, and for
entries that are not placements; a tile whose pattern would write another text is written
whole."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, Pass, PlaceFigure, PlaceTile
from carcassonne.entries_text import entries_text
from carcassonne.plugins import installed_expansions
from carcassonne.serialize import action_json, text_encoder

TILES = sorted(GameConfig(expansions=sorted(installed_expansions())).tile_types)


def _orjson(value: Any) -> str:
    orjson = pytest.importorskip("orjson")
    text: str = orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    return text


ENCODERS = [
    (text_encoder(", ", ": "), ", ", ": "),
    (text_encoder(",", ":"), ",", ":"),
    (_orjson, ",", ":"),
]


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(
        st.tuples(
            st.integers(0, len(TILES) - 1),
            st.integers(-60, 60),
            st.integers(-60, 60),
            st.sampled_from([0, 90, 180, 270]),
        ),
        min_size=1,
        max_size=12,
    ),
    which=st.integers(0, len(ENCODERS) - 1),
)
def test_the_text_is_the_encoders_own(picks, which):
    encode, comma, colon = ENCODERS[which]
    actions: list[Any] = [PlaceTile(TILES[i], x, y, r) for i, x, y, r in picks]
    actions += [Pass(), PlaceFigure("meeple", picks[0][1], picks[0][2], "N")]
    entries = [action_json(a) for a in actions]
    for _ in range(2):  # new, then kept
        assert entries_text(entries, encode, comma, colon) == encode(entries)


def test_a_tile_whose_pattern_writes_another_text_is_written_whole():
    """An entry shaped like a placement but whose notation is not ``<prefix>x,y r<r>``."""
    encode, comma, colon = ENCODERS[0]
    odd = {
        "action": {"type": "tile", "tile": "ODD", "x": 1, "y": 2, "rotation": 90},
        "text": "place ODD at (1, 2)",
    }
    assert entries_text([odd], encode, comma, colon) == encode([odd])
    quoted = {
        "action": {"type": "tile", "tile": 'Q"\n', "x": -1, "y": 0, "rotation": 0},
        "text": 'tile Q"\n -1,0 r0',
    }
    assert entries_text([quoted], encode, comma, colon) == json.dumps(
        [quoted], sort_keys=True, ensure_ascii=False
    )
