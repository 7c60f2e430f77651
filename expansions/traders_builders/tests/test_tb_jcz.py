"""Traders & Builders in JCloisterZone's saved games: the hand-written fixture
``tests/jcz/fixtures/traders-builders.jcz`` imports (builder, pig, goods, the second part of a
turn as a second PLACE_TILE by the same player) and exports back to the same messages; the
``builder``, ``pig`` and ``traders`` elements set the options; a goods value JCZ cannot play is
refused on export with the setup key."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from carcassonne import GameConfig, GameState, events
from carcassonne.jcz import dump_jcz, load_jcz_state, replay_jcz
from carcassonne.jcz.errors import JczError

FIXTURE = Path(__file__).resolve().parents[3] / "tests/jcz/fixtures/traders-builders.jcz"
TB = "traders-builders"


def _game() -> dict[str, Any]:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_fixture_imports_with_builder_pig_goods_and_a_second_part() -> None:
    replayed = replay_jcz(FIXTURE)
    state = replayed.state
    assert state.is_over and state.scores == [16, 4]
    assert state.config.expansions == (TB,)
    assert state.held_pieces()[0]["wine"] == 1 and state.held_pieces()[1]["wine"] == 0
    # the 8th tile is Alice's second part after her 7th; nobody else earned one
    parts = [e for evs in replayed.events for e in evs if isinstance(e, events.TurnPartStarted)]
    assert [(e.player, e.part) for e in parts] == [(0, 1)]
    goods = [
        e for evs in replayed.events for e in evs
        if isinstance(e, events.PointsScored) and e.kind == "goods"
    ]  # fmt: skip
    assert [(e.player, e.points) for e in goods] == [(0, 10)]
    # Bob's pig stays in his farmer's field to the end
    assert sorted((f.player, f.kind) for _, f in state.figures()) == [(1, "meeple"), (1, "pig")]


def test_the_fixture_exports_to_the_same_messages() -> None:
    original = _game()
    written = json.loads(dump_jcz(load_jcz_state(FIXTURE)))

    def strip(data: dict[str, Any]) -> list[tuple[object, ...]]:
        return [
            (m["type"], m["player"], m["payload"].get("meepleId"), m["payload"].get("pointer"))
            for m in data["replay"]
        ]

    assert strip(written) == strip(original)
    assert written["setup"]["sets"] == original["setup"]["sets"]
    assert written["setup"]["elements"] == original["setup"]["elements"]


def _with(change: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(_game())
    data["setup"]["elements"].update(change)
    for key, value in change.items():
        if value is None:
            del data["setup"]["elements"][key]
    return data


def test_the_elements_set_the_options() -> None:
    options = load_jcz_state(json.dumps(_game()), text=True).config.options
    assert (options[f"{TB}.builders"], options[f"{TB}.pigs"]) == (1, 1)
    assert options[f"{TB}.goods_points"] == 10
    two = load_jcz_state(json.dumps(_with({"builder": 2.0})), text=True).config.options
    assert two[f"{TB}.builders"] == 2


def test_without_traders_the_goods_score_nothing() -> None:
    state = load_jcz_state(json.dumps(_with({"traders": None})), text=True)
    assert state.config.options[f"{TB}.goods_points"] == 0
    assert state.scores == [6, 4]  # the wine is held, and worth nothing


def test_without_a_pig_its_deploy_is_refused_with_the_message_index() -> None:
    with pytest.raises(JczError, match=r"replay\[10\]: DEPLOY_MEEPLE") as info:
        load_jcz_state(json.dumps(_with({"pig": None})), text=True)
    assert info.value.where == "replay[10]"


def test_a_goods_value_jcz_cannot_play_is_refused_on_export() -> None:
    config = GameConfig(players=2, expansions=[TB], options={f"{TB}.goods_points": 7}, seed=1)
    with pytest.raises(JczError, match="goods_points' = 7: JCZ's goods score 10") as info:
        dump_jcz(GameState.new(config))
    assert info.value.where == "setup.elements.traders"
