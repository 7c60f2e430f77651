"""One rule for player names (``carcassonne.limits.name_problem``), enforced by ``GameConfig``;
every name it accepts round-trips through records and positions."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig
from carcassonne.errors import ConfigError
from carcassonne.limits import name_problem
from carcassonne.position import Position, build_state, dump_position, load_position
from carcassonne.record import dump_record, load_record


def round_trip(names: list[str]) -> None:
    config = GameConfig(players=len(names), names=names, seed=5)
    # a figure of each player, so that positions must read the owners back
    position = Position(
        tiles=[("BA/RCr", 0, 0, 0)],
        figures=[(1, "meeple", 0, 0, "N"), (0, "meeple", 0, 0, "E")],
        player=1,
    )
    state = build_state(config, position)
    again = load_position(dump_position(state), text=True)
    assert again.config.names == tuple(names)
    assert again.key() == state.key()
    record = load_record(dump_record(state), text=True)
    assert record.config.names == tuple(names)
    assert record.key() == state.key()


# hypothesis's default text (mostly printable), and every code point, surrogates included
NAMES = st.text(max_size=12) | st.text(st.characters(exclude_categories=()), max_size=12)


@settings(max_examples=100, deadline=None)
@given(st.lists(NAMES, min_size=2, max_size=2))
@example(["1", "0"])
@example(["red blue", "red"])
@example(["a\u2028b", "c"])
@example(["a\nb", "c"])
@example(["a\x85", "c"])
@example(["a\rb", "c"])
@example(["same", "same"])
@example([" x", "y"])
@example(["# not a comment", "--- x"])
@example(['"quoted" = 1', "[table]"])
@example(["Zoë 🐉", "名前"])
def test_names_are_refused_or_round_trip(names: list[str]) -> None:
    try:
        GameConfig(players=2, names=names)
    except ConfigError as exc:
        problem = next((name_problem(n) for n in names if name_problem(n)), None)
        assert str(exc) == (problem or f"player names must differ: {', '.join(names)}")
        return
    assert all(name_problem(n) is None for n in names) and names[0] != names[1]
    round_trip(names)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "a player name cannot be empty"),
        ("a\nb", "a player name cannot contain the character U+000A (control characters, line "
         "breaks and white space other than the space are refused)"),
        ("a\u2028", "a player name cannot contain the character U+2028 (control characters, line "
         "breaks and white space other than the space are refused)"),
        ("\ud800", "a player name cannot contain the character U+D800 (control characters, line "
         "breaks and white space other than the space are refused)"),
        (" ann", "a player name cannot start or end with a space: ' ann'"),
        ("x" * 41, "a player name has at most 40 characters, not 41"),
        (5, "a player name must be text, not int"),
    ],
)  # fmt: skip
def test_the_rule(name: object, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        GameConfig(players=2, names=[name, "other"])  # type: ignore[list-item]
    assert str(err.value) == message
