"""Action notation: exact forms, errors with their column, and round trips of random games."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from carcassonne import Draw, GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.notation import NotationError, action_from_text, action_to_text

DOCS = Path(__file__).resolve().parents[2] / "docs"
BASE = GameConfig(players=2, seed=1)
ABBOT = GameConfig(players=2, seed=1, expansions=["abbot"])


@pytest.mark.parametrize(
    ("text", "action", "written"),
    [
        ("draw", Draw(), "draw"),
        ("pass", Pass(), "pass"),
        ("tile BA/RFr 1,-2 r90", PlaceTile("BA/RFr", 1, -2, 90), "tile BA/RFr 1,-2 r90"),
        ("tile D 1,-2 r90", PlaceTile("BA/RCr", 1, -2, 90), "tile BA/RCr 1,-2 r90"),
        ("tile D @(1,-2) 270", PlaceTile("BA/RCr", 1, -2, 270), "tile BA/RCr 1,-2 r270"),
        ("  tile BA/Cccc+ @3,+4 r0  ", PlaceTile("BA/Cccc+", 3, 4, 0), "tile BA/Cccc+ 3,4 r0"),
        ("figure meeple 1,-2 N", PlaceFigure("meeple", 1, -2, "N"), "figure meeple 1,-2 N"),
        ("figure meeple 0,0 monastery # a comment", PlaceFigure("meeple", 0, 0, "monastery"),
         "figure meeple 0,0 monastery"),
    ],
)  # fmt: skip
def test_core_forms(text: str, action: object, written: str) -> None:
    parsed = action_from_text(text, BASE)
    assert parsed == action
    assert action_to_text(parsed) == written


def test_a_state_gives_the_configuration() -> None:
    state = GameState.new(BASE)
    assert action_from_text("tile D 0,1 r0", state) == PlaceTile("BA/RCr", 0, 1, 0)


def test_an_expansion_action_reads_from_its_fields() -> None:
    action = action_from_text("abbot-return 0,1 garden", ABBOT)
    assert type(action).__name__ == "ReturnAbbot"
    assert tuple(action) == (0, 1, "garden")
    assert action_to_text(action) == "abbot-return 0,1 garden"
    with pytest.raises(NotationError) as err:
        action_from_text("abbot-return 0,1 garden", BASE)
    assert str(err.value) == (
        "column 1: unknown action 'abbot-return' (expected one of chance, draw, figure, pass, tile)"
    )


def _doc_error_rows() -> list[tuple[str, str]]:
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    section = text.split("## Errors", 1)[1].split("##", 1)[0]
    return re.findall(r"^\| `([^`]*)` \| `([^`]*)` \|$", section, re.M)


def test_the_documented_errors_are_exact() -> None:
    rows = _doc_error_rows()
    assert len(rows) == 7
    for text, message in rows:
        with pytest.raises(NotationError) as err:
            action_from_text(text, BASE)
        assert str(err.value) == message, text
        assert err.value.text == text
        assert err.value.column == int(message.split(":")[0].split()[1])


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("", 1, "expected an action (chance, draw, figure, pass, tile), found the end of the text"),
        ("Tile D 0,1 r0", 1, "expected an action (chance, draw, figure, pass, tile), found 'Tile'"),
        ("12 x", 1, "expected an action (chance, draw, figure, pass, tile), found '12'"),
        ("tile", 5, "expected a tile id (e.g. BA/RCr, or its letter D) after 'tile', "
                    "found the end of the text"),
        ("tile D", 7, "expected coordinates x,y (e.g. 1,-2) after the tile, found the end of "
                      "the text"),
        ("tile 1,2 1,2 r0", 6, "expected a tile id (e.g. BA/RCr, or its letter D), found '1,2'"),
        ("tile D 1,2,3 r0", 8, "expected coordinates x,y (e.g. 1,-2), found '1,2,3'"),
        ("tile D 1,2 north", 12, "expected a rotation (r0, r90, r180 or r270), found 'north'"),
        ("figure meeple 1,2 X", 19, "unknown location 'X': expected a feature location (a side "
         "N E S W, a half-edge NL NR EL ER SL SR WL WR, a corner NW NE SE SW, an inner pocket "
         "I II, or a name: monastery)"),
        ("figure 1,2 N", 8, "expected a figure kind (meeple), found '1,2'"),
        ("draw 1", 6, "expected the end of the 'draw' action, found '1'"),
    ],
)  # fmt: skip
def test_errors_name_the_column(text: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as err:
        action_from_text(text, BASE)
    assert (err.value.column, err.value.message) == (column, message)


def test_a_word_with_spaces_cannot_be_written() -> None:
    with pytest.raises(NotationError, match="the location 'N S' cannot be written as one word"):
        action_to_text(PlaceFigure("meeple", 0, 0, "N S"))


@pytest.mark.parametrize("expansions", [(), ("abbot",), ("river",), ("abbey-mayor",)])
def test_every_legal_action_of_random_games_round_trips(expansions: tuple[str, ...]) -> None:
    seen: set[str] = set()
    for seed in range(3):
        config = GameConfig(players=3, seed=seed, expansions=list(expansions))
        state = GameState.new(config)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                text = action_to_text(action)
                assert action_from_text(text, config) == action, text
                seen.add(action.verb)
            state.apply(rng.choice(actions))
    assert {"tile", "figure", "pass"} <= seen
