"""Positions of games with each mechanic's test plugin: saved at random moments of random games
in every mix of the installed expansions, loaded again, they are the same game (key, legal
actions, views) and play on exactly like it; each check of the mechanics' keys has its exact
message (docs/positions.md)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState
from carcassonne import events as ev
from carcassonne.plugins import installed_expansions
from carcassonne.position import PositionError, dump_position, load_position
from carcassonne.serialize import state_to_json
from carcassonne.testing import mixes

from .plugins import PLUGINS, mixes_for

MIXES = mixes(installed_expansions())  # every mix up to 4 expansions, then a cover

#: What a position does not keep, by design (docs/positions.md): who placed each tile but the
#: newest, the events that led there and the length of the log.
_NOT_KEPT = ("placed_by", "events", "actions_played")


def _plugins(name: str) -> list[tuple[str, object]]:
    return [(name, PLUGINS[name])]


def _key(state: GameState) -> tuple[object, ...]:
    """``state.key()`` without who placed each tile (a position keeps only the newest's)."""
    key = state.key()
    board = tuple((pos, tid, rotation) for pos, tid, rotation, _player in key[0])  # type: ignore[attr-defined]
    return (board, *key[1:])


def _view(state: GameState, player: int | None) -> dict[str, Any]:
    view = state_to_json(state, player=player)
    for tile in view["tiles"]:
        del tile["placed_by"]
    return {k: v for k, v in view.items() if k not in _NOT_KEPT}


def _same_game(state: GameState, again: GameState) -> None:
    assert _key(again) == _key(state)
    assert again.legal_actions() == state.legal_actions()
    for player in (None, *range(state.players)):
        assert _view(again, player) == _view(state, player)


def _plays_on_alike(state: GameState, again: GameState, rng: random.Random) -> int:
    """Both games take the same random actions to the end: the same events after each."""
    state, steps = state.clone(), 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        assert again.apply(action) == state.apply(action), f"after {steps} steps: {action}"
        steps += 1
    assert again.is_over and again.scores == state.scores
    assert again.outcome().scores == state.outcome().scores
    return steps


#: Keys of docs/positions.md each plugin's positions write (at least once over the mixes).
WRITTEN: dict[str, tuple[str, ...]] = {
    "t-builder": ("part",),
    "t-dragon": ("pieces",),
    "t-fairy": ("pieces",),
    "t-goods": ("t-goods",),  # its plugin data, under [ext]
    "t-hill": ("tiles_under",),
    "t-portal": (),
    "t-sheep": ("pieces", "chances"),
    "t-tower": ("pieces", "prisoners", "turn_actions"),
    "t-volcano": ("set_aside", "chances"),
}


def _check_positions(
    name: str, mix: tuple[str, ...], seed: int, players: int, chances: int, keys: set[str]
) -> int:
    """Play a random game; at ``chances`` random moments a position can be taken, save it,
    load it and compare; the last one is also played on to the end. Returns how many."""
    config = GameConfig(players=players, expansions=list(mix), plugins=_plugins(name))
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    checked = 0
    last: tuple[GameState, GameState] | None = None
    while not state.is_over:
        if (
            state.pending.kind in ("draw", "tile")
            and not state.in_extra_turns()
            and rng.random() < 0.2
            and checked < chances
        ):
            text = dump_position(state)
            keys.update(line.split(" = ")[0] for line in text.splitlines() if " = " in line)
            again = load_position(text, text=True, plugins=_plugins(name))
            _same_game(state, again)
            assert dump_position(again) == text
            checked += 1
            last = (state.clone(), again)
        state.apply(rng.choice(state.legal_actions()))
    if last is not None:
        _plays_on_alike(*last, random.Random(seed + 1))
    return checked


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_positions_of_every_mechanic_round_trip_in_every_mix(name: str) -> None:
    keys: set[str] = set()
    checked = sum(
        _check_positions(name, mix, seed=index, players=2 + index % 3, chances=4, keys=keys)
        for index, mix in enumerate(mixes_for(name, MIXES))
    )
    assert checked >= 2 * len(mixes_for(name, MIXES))
    missing = [key for key in WRITTEN[name] if key not in keys]
    assert not missing, f"{name}: no position wrote {missing}"


def test_a_saved_draw_decision_does_not_start_the_turn_again() -> None:
    """The fairy's point comes at the start of a turn: a game saved at the draw decision
    (``explicit_draws``) has it in the scores, and loading does not give it again."""
    config = GameConfig(players=2, options={"explicit_draws": True}, plugins=_plugins("t-fairy"))
    state = GameState.new(config, seed=4)
    rng = random.Random(4)
    found = 0
    for _ in range(400):
        if state.is_over:
            break
        points = [e for e in state.last_events if type(e) is ev.PointsScored and e.kind == "fairy"]
        if state.pending.kind == "draw" and points and not state.in_extra_turns():
            text = dump_position(state)
            assert "turn_started = true\n" in text
            again = load_position(text, text=True, plugins=_plugins("t-fairy"))
            _same_game(state, again)
            _plays_on_alike(state, again, random.Random(found))
            unstarted = load_position(
                text.replace("turn_started = true\n", ""), text=True, plugins=_plugins("t-fairy")
            )
            assert unstarted.scores[state.player] == state.scores[state.player] + 1
            found += 1
        state.apply(rng.choice(state.legal_actions()))
    assert found >= 2


# -- the checks of the mechanics' keys -----------------------------------------------------------

TWO = [("t-tower", PLUGINS["t-tower"]), ("t-sheep", PLUGINS["t-sheep"])]

BASE = """format = 1
players = ["red", "blue"]
tiles = ["BA/RCr 0,0 r0", "BA/L 0,1 r0"]
pile = ["BA/C"]
"""


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('pieces = ["cow 0,0"]',
         "piece cow at 0,0: unknown piece kind 'cow' (known: floor, sheep)"),
        ('pieces = ["floor 5,5"]', "piece floor at 5,5: no tile at 5,5"),
        ('pieces = ["red floor 0,1"]',
         "piece red floor at 0,1: a floor is neutral, it has no owner"),
        ('pieces = ["sheep 0,0 N"]', "piece sheep at 0,0 N: a sheep belongs to a player"),
        ('pieces = ["red sheep 0,0 monastery"]',
         "piece red sheep at 0,0 monastery: the tile at 0,0 has no feature at 'monastery' "
         "(try: E, EL, ER, N, SE, SL, SR, SW, W, WL, WR)"),
        ('pieces = ["floor"]', "pieces[0] 'floor': a piece '[owner] kind x,y [location]' expected"),
        ('pieces = ["floor 0;1"]', "pieces[0] 'floor 0;1': coordinates x,y expected, not '0;1'"),
        ('prisoners = ["blue holds red wizard"]',
         "prisoner red wizard held by blue: unknown figure kind 'wizard' (known: meeple, "
         "shepherd)"),
        ('prisoners = ["red holds red meeple"]',
         "prisoner red meeple held by red: a player holds only other players' figures"),
        ('prisoners = ["blue has red meeple"]',
         "prisoners[0] 'blue has red meeple': a prisoner 'captor holds player kind' expected"),
        ('prisoners = ["green holds red meeple"]',
         "prisoners[0] 'green holds red meeple': unknown player 'green' (players: red, blue)"),
        ('prisoners = ["blue holds red shepherd", "blue holds red shepherd"]',
         "prisoner red shepherd held by blue: red has only 1 shepherd(s), on the board and held "
         "as prisoners"),
        ('prisoners = ["blue holds red meeple"]\nsupply = { red = { meeple = 7 } }',
         "supply of red: 7 meeple(s) in the supply and 1 on the board or held as prisoners, but "
         "each player has 7"),
        ('set_aside = ["XX"]', "set_aside: unknown tile 'XX'"),
        ('set_aside = ["BA/L", "BA/L", "BA/L", "BA/L"]',
         "tile BA/L: 1 on the board, 4 set aside or under tiles and 0 in the pile, but the game "
         "has 4"),
        ('tiles_under = ["BA/L 5,5"]', "tile BA/L under 5,5: no tile at 5,5 to lie under"),
        ('tiles_under = ["XX 0,1"]', "tile XX under 0,1: unknown tile 'XX'"),
        ('tiles_under = ["BA/L"]', "tiles_under[0] 'BA/L': 'tile x,y' expected"),
        ('tiles_under = ["BA/L 0,1", "BA/L 0,1", "BA/L 0,0", "BA/L 0,0"]',
         "tile BA/L: 1 on the board, 4 set aside or under tiles and 0 in the pile, but the game "
         "has 4"),
        ("part = -1", "part: a whole number from 0 expected, not -1"),
        ('part = "two"', "part: a whole number expected, not 'two'"),
        ("more_parts = [1]", "more_parts: a list of texts expected, not [1]"),
        ('chances = "x"', "chances: a whole number expected, not 'x'"),
        ("chances = -2", "chances: a whole number from 0 expected, not -2"),
        ("chance_salt = -1", "chance_salt: a whole number from 0 expected, not -1"),
        ('forced_chances = "wolf"', "forced_chances: a list of texts expected, not 'wolf'"),
        ('turn_actions = ["fly 1,2"]',
         "turn_actions[0] 'fly 1,2': column 1: unknown action 'fly' (expected one of chance, "
         "draw, figure, pass, t-capture, t-floor, t-ransom, tile)"),
        ("turn_started = 1", "turn_started: true or false expected, not 1"),
    ],
)  # fmt: skip
def test_each_check_of_the_mechanics_names_its_key(extra: str, message: str) -> None:
    text = BASE + extra + "\n"
    key = extra.split(" ", 1)[0]
    if "\nsupply" in extra:
        key = "supply"
    with pytest.raises(PositionError) as err:
        load_position(text, text=True, plugins=TWO)
    assert err.value.key == key
    assert str(err.value) == f"line {err.value.line}: {err.value.reason}"
    assert text.splitlines()[err.value.line - 1].startswith(key + " ")
    assert err.value.reason == message


def test_the_mechanics_keys_load_into_the_state() -> None:
    text = BASE + (
        'figures = ["blue meeple 0,0 N"]\n'
        'pieces = ["floor 0,1", "red sheep 0,0 SE"]\n'
        'prisoners = ["blue holds red meeple"]\n'
        'set_aside = ["BA/RFr"]\n'
        'tiles_under = ["BA/C 0,1"]\n'
        'part = 1\nmore_parts = ["builder"]\nchances = 3\nforced_chances = ["wolf"]\n'
    )
    state = load_position(text, text=True, plugins=TWO)
    assert [tuple(p) for p in state.pieces()] == [
        ("floor", -1, 0, 1, None),
        ("sheep", 0, 0, 0, "ER"),  # the field at SE, named by its first location
    ]
    assert [tuple(p) for p in state.prisoners()] == [(1, 0, "meeple")]
    assert state.supply == [{"meeple": 6, "shepherd": 1}, {"meeple": 6, "shepherd": 1}]
    assert state.set_aside_tiles() == ["BA/RFr"] and state.tiles_under(0, 1) == 1
    assert (state.turn_part, state.pending.kind, state.drawn) == (1, "tile", "BA/C")
    again = dump_position(state)
    for line in text.splitlines()[4:]:
        key = line.split(" = ")[0]
        assert f"\n{key} = " in again, key
    assert _key(load_position(again, text=True, plugins=TWO)) == _key(state)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    name=st.sampled_from(["t-tower", "t-sheep", "t-builder", "t-hill", "t-volcano"]),
)
def test_positions_round_trip_for_any_seed(seed: int, players: int, name: str) -> None:
    keys: set[str] = set()
    _check_positions(name, (), seed=seed, players=players, chances=3, keys=keys)


def test_the_documented_mechanics_keys_load() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "positions.md"
    section = docs.read_text(encoding="utf-8").split("## The general mechanics", 1)[1]
    keys = re.findall(r"```toml\n(.*?)```", section, re.S)[0]
    plugins = [(name, PLUGINS[name]) for name in ("t-dragon", "t-sheep", "t-tower", "t-builder")]
    state = load_position(BASE + keys, text=True, plugins=plugins)
    assert [p.kind for p in state.pieces()] == ["dragon", "sheep"]
    assert state.turn_part == 1 and state.pending.kind == "draw"
    assert state.set_aside_tiles() == ["BA/RFr"] and state.tiles_under(0, 1) == 1
    message = re.findall(r"\(`(line \d+: piece cow .*?)`\)", " ".join(section.split()))[0]
    with pytest.raises(PositionError) as err:
        load_position(BASE + 'pieces = ["cow 0,0"]\n', text=True, plugins=plugins[:2])
    assert str(err.value) == message
