"""The fixed action encoding: stable ids, every legal action one id and back, any plugin's types."""

from __future__ import annotations

import random
import types
from typing import ClassVar, Literal, NamedTuple

import pytest

from carcassonne import GameConfig, GameState, hookimpl
from carcassonne.actions import Seat, TypedAction, field_choices, field_types, seat_fields
from carcassonne.envs.actions import ActionCodec, ActionEncodingError, location_names

from .mixes import MIXES


def test_base_layout():
    codec = ActionCodec(GameConfig(players=2), radius=24)
    assert codec.layout() == [
        {"verb": "draw", "start": 0, "size": 1, "shape": {}},
        {
            "verb": "tile",
            "start": 1,
            "size": 49 * 49 * 4,
            "shape": {"x": 49, "y": 49, "rotation": 4},
        },
        {
            "verb": "figure",
            "start": 9605,
            "size": 49 * 49 * 17,
            "shape": {"figure": 1, "x": 49, "y": 49, "location": 17},
        },
        {"verb": "pass", "start": 9605 + 49 * 49 * 17, "size": 1, "shape": {}},
    ]
    assert codec.num_actions == 9605 + 49 * 49 * 17 + 1


def test_location_table_follows_geometry_then_centre_kinds_then_pockets():
    config = GameConfig(players=2, expansions=["abbot", "abbey-mayor"])
    assert location_names(config) == (
        "N",
        "E",
        "S",
        "W",
        "NL",
        "NR",
        "EL",
        "ER",
        "SL",
        "SR",
        "WL",
        "WR",
        "NW",
        "NE",
        "SE",
        "SW",
        "garden",
        "monastery",
        "I",
        "II",
    )


def test_ids_of_known_actions():
    from carcassonne import Draw, Pass, PlaceFigure, PlaceTile

    codec = ActionCodec(GameConfig(players=2), radius=2)  # 5 x 5 window
    assert codec.encode(Draw()) == 0
    assert codec.encode(PlaceTile("BA/C", -2, -2, 0)) == 1
    # row-major over (x, y, rotation): x=0 -> index 2, y=-1 -> index 1, 90 degrees -> 1
    assert codec.encode(PlaceTile("any tile", 0, -1, 90)) == 1 + (2 * 5 + 1) * 4 + 1
    assert codec.describe(1 + (2 * 5 + 1) * 4 + 1) == "tile x=0 y=-1 rotation=90"
    figure_start = 1 + 5 * 5 * 4
    assert codec.encode(PlaceFigure("meeple", 2, 2, "monastery")) == figure_start + 25 * 17 - 1
    assert codec.encode(Pass()) == figure_start + 25 * 17
    with pytest.raises(ActionEncodingError, match="x=3 lies outside the board window of radius 2"):
        codec.encode(PlaceTile("BA/C", 3, 0, 0))
    with pytest.raises(ActionEncodingError, match="figure: location='nowhere' is not one of"):
        codec.encode(PlaceFigure("meeple", 0, 0, "nowhere"))


def _random_states(expansions: tuple[str, ...], seed: int):
    state = GameState.new(
        GameConfig(players=3 if seed % 2 else 2, expansions=list(expansions)), seed=seed
    )
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("expansions", MIXES)
def test_every_legal_action_has_one_id_and_back(expansions):
    for seed in range(2):
        codec = None
        for state in _random_states(expansions, seed):
            codec = codec or ActionCodec(state.config)
            legal = state.legal_actions()
            ids = codec.legal_ids(state)  # raises if two actions share an id
            assert sorted(ids.values(), key=codec.encode) == sorted(legal, key=codec.encode)
            assert len(ids) == len(legal)
            for code, action in ids.items():
                assert 0 <= code < codec.num_actions
                assert codec.decode(state, code) == action
                verb, fields = codec.fields_of(code)
                assert verb == action.verb
                assert all(getattr(action, k) == v for k, v in fields.items())


class _JumpFields(NamedTuple):
    player: int
    x: int
    y: int
    far: bool


class Jump(TypedAction, _JumpFields):
    __slots__ = ()
    verb: ClassVar[str] = "fan-jump"


class _AlphaFields(NamedTuple):
    location: str


class Alpha(TypedAction, _AlphaFields):
    __slots__ = ()
    verb: ClassVar[str] = "a-fan-alpha"


def _fan(*kinds):
    return types.SimpleNamespace(carcassonne_action_types=hookimpl(lambda: list(kinds)))


def test_a_fans_action_types_get_blocks_by_verb():
    config = GameConfig(players=3, plugins=[("fan", _fan(Jump, Alpha))])
    codec = ActionCodec(config, radius=1)
    layout = codec.layout()
    assert [b["verb"] for b in layout] == [
        "draw",
        "tile",
        "figure",
        "pass",
        "a-fan-alpha",
        "fan-jump",
    ]
    alpha, jump = layout[4], layout[5]
    assert alpha["shape"] == {"location": 17}
    assert jump == {
        "verb": "fan-jump",
        "start": alpha["start"] + 17,
        "size": 3 * 3 * 3 * 2,
        "shape": {"player": 3, "x": 3, "y": 3, "far": 2},
    }
    code = codec.encode(Jump(2, 1, -1, True))
    assert code == jump["start"] + ((2 * 3 + 2) * 3 + 0) * 2 + 1
    assert codec.fields_of(code) == ("fan-jump", {"player": 2, "x": 1, "y": -1, "far": True})
    # registration order does not matter: the ids come from the verbs
    again = ActionCodec(GameConfig(players=3, plugins=[("fan", _fan(Alpha, Jump))]), radius=1)
    assert again.layout() == layout


class _OddFields(NamedTuple):
    amount: int


class Odd(TypedAction, _OddFields):
    __slots__ = ()
    verb: ClassVar[str] = "fan-odd"


def test_a_field_without_a_domain_is_refused_by_name():
    config = GameConfig(players=2, plugins=[("fan", _fan(Odd))])
    with pytest.raises(ActionEncodingError) as caught:
        ActionCodec(config)
    assert str(caught.value) == (
        "action type 'fan-odd': field 'amount' (int) has no fixed domain; the encoding knows "
        "fields named x, y, rotation, figure, location, player, tile, bool fields and fields "
        "annotated Literal[...] or Seat (docs/hooks.md)"
    )


class _ChoiceFields(NamedTuple):
    choice: Literal["grow", "score"]
    payee: Seat


class Choice(TypedAction, _ChoiceFields):
    __slots__ = ()
    verb: ClassVar[str] = "fan-choice"


def test_literal_and_seat_fields_get_one_id_per_value():
    """A ``Literal`` field's values in declared order, a ``Seat`` field one per player."""
    config = GameConfig(players=3, plugins=[("fan", _fan(Choice))])
    codec = ActionCodec(config)
    block = next(b for b in codec.blocks if b.verb == "fan-choice")
    assert block.shape == {"choice": 2, "payee": 3}
    assert field_types(Choice) == {"choice": "str", "payee": "int"}
    assert field_choices(Choice) == {"choice": ("grow", "score")}
    assert seat_fields(Choice) == frozenset({"payee"})
    ids = [codec.encode(Choice(c, p)) for c in ("grow", "score") for p in range(3)]
    assert ids == list(range(block.start, block.start + 6))


def test_an_id_not_legal_now_is_refused():
    state = GameState.new(GameConfig(players=2), seed=1)
    codec = ActionCodec(state.config)
    with pytest.raises(ActionEncodingError, match=r"action id 0 \(draw\) is not legal now"):
        codec.decode(state, 0)
    with pytest.raises(ActionEncodingError, match="outside 0.."):
        codec.decode(state, codec.num_actions)


def test_tile_ids_by_arithmetic_are_the_field_by_field_ids():
    """``legal_ids`` encodes tile placements by arithmetic (the integer path of issue 34): the
    same id as ``encode`` everywhere in the window, the same error just outside it."""
    from carcassonne.envs.actions import OutsideWindowError

    state = GameState.new(GameConfig(players=2), seed=4)
    rng = random.Random(4)
    wide, narrow = ActionCodec(state.config), ActionCodec(state.config, radius=2)
    outside = 0
    while not state.is_over and state.turn < 40:
        legal = state.legal_actions()
        assert codec_pairs(wide, state) == {wide.encode(a): a for a in legal}
        try:
            expected = {narrow.encode(a): a for a in legal}
        except OutsideWindowError as error:
            outside += 1
            with pytest.raises(OutsideWindowError) as caught:
                narrow.legal_ids(state)
            assert str(caught.value) == str(error)
        else:
            assert codec_pairs(narrow, state) == expected
        state.apply(rng.choice(legal))
    assert outside > 0  # the narrow window was outgrown


def codec_pairs(codec, state):
    ids = codec.legal_ids(state)
    assert list(ids) == sorted(ids)
    return ids
