"""Whatever a .jcz file holds, reading it gives a game or a JczError: never another exception.
Each example replaces one value of a fixture (found by a random walk) by another JSON value."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.jcz import JczError, load_jcz
from tests.jcz.shared import fixture_files

SOURCES = [json.loads(p.read_text(encoding="utf-8")) for p in fixture_files()]

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 9)
    | st.floats(-1, 10)
    | st.text(max_size=8)
    | st.sampled_from(["R90", "BA/C", "0.small.1", "N", "Field", "#END", "5.12.0", "basic:1"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _replace(data: Any, choices: list[int], value: object) -> None:
    """Walk into ``data`` by ``choices`` (an index per level) and replace what is reached."""
    parent, key = None, None
    node = data
    for choice in choices:
        if isinstance(node, dict) and node:
            parent, key = node, sorted(node)[choice % len(node)]
        elif isinstance(node, list) and node:
            parent, key = node, choice % len(node)
        else:
            break
        node = parent[key]
    if parent is not None:
        parent[key] = value


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, len(SOURCES) - 1),
    st.lists(st.integers(0, 50), min_size=1, max_size=6),
    JSON_VALUES,
)
def test_any_change_is_a_game_or_a_jcz_error(which, choices, value):
    data = json.loads(json.dumps(SOURCES[which]))
    _replace(data, choices, value)
    try:
        load_jcz(json.dumps(data), text=True)
    except JczError as exc:
        assert str(exc).startswith("<text>: ")
