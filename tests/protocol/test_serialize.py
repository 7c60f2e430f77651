"""The state as JSON: exact content, player views, determinism across replays and undo."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.bots import GreedyBot, RandomBot
from carcassonne.plugins import installed_expansions
from carcassonne.serialize import (
    STATE_KEYS,
    ActionFormatError,
    action_from_dict,
    action_from_text,
    action_json,
    action_text,
    dumps,
    legal_json,
    state_to_json,
    text_encoder,
)
from carcassonne.testing import board, place


def start_board():
    return board(["BA/RCr @(0,0) r0"], [(0, "meeple", 0, 0, "N")], pile=["BA/C", "BA/L"])


def test_board_features_figures_and_tiles_are_exact():
    data = state_to_json(start_board())
    meeple = {"owner": 0, "kind": "meeple", "x": 0, "y": 0, "location": "N", "feature": 0}
    assert data["figures"] == [meeple]
    assert data["features"] == [
        {
            "id": 0,
            "kind": "city",
            "tiles": [[0, 0]],
            "complete": False,
            "open_edges": 1,
            "figures": [meeple],
            "shields": 0,
            "attributes": {},
        },
        {
            "id": 1,
            "kind": "road",
            "tiles": [[0, 0]],
            "complete": False,
            "open_edges": 2,
            "figures": [],
            "shields": 0,
            "attributes": {},
        },
        {
            "id": 2,
            "kind": "field",
            "tiles": [[0, 0]],
            "complete": False,
            "open_edges": 0,
            "figures": [],
            "shields": 0,
            "attributes": {},
        },
        {
            "id": 3,
            "kind": "field",
            "tiles": [[0, 0]],
            "complete": False,
            "open_edges": 0,
            "figures": [],
            "shields": 0,
            "attributes": {},
        },
    ]
    assert data["tiles"] == [
        {
            "id": "BA/RCr",
            "x": 0,
            "y": 0,
            "rotation": 0,
            "placed_by": -1,
            "features": {"E": 1, "EL": 2, "ER": 3, "N": 0},
        }
    ]
    assert data["scores"] == [0, 0]
    assert data["supplies"] == [{"meeple": 6}, {"meeple": 7}]
    assert data["pending"] == {"kind": "tile", "player": 0, "data": None}
    assert data["drawn_tile"] == "BA/C"
    assert data["draw_pile"] == ["BA/L"]
    assert data["tiles_left"] == 1
    assert data["game_over"] is False and data["ranking"] is None
    assert data["events"] == [
        {"type": "turn", "player": 0, "turn": 1},
        {"type": "tile-drawn", "player": 0, "tile": "BA/C"},
    ]
    assert set(data) == STATE_KEYS - {"draw_pile_counts"}


def test_legal_actions_come_as_dicts_and_as_notation_text():
    state = start_board()
    data = state_to_json(state)
    assert len(data["legal_actions"]) == len(state.legal_actions())
    first = data["legal_actions"][0]
    action = state.legal_actions()[0]
    assert first == {"action": action.to_dict(), "text": first["text"]}
    for item in data["legal_actions"]:
        assert action_from_text(item["text"], state) == action_from_dict(
            item["action"], state.config
        )


def test_completed_city_is_scored_and_its_meeple_returned_in_the_events():
    state = start_board()
    place(state, "BA/C @(0,-1) r180")
    data = state_to_json(state)
    assert data["scores"] == [4, 0]
    assert data["figures"] == []
    city = data["features"][0]
    assert (city["kind"], city["complete"], city["open_edges"]) == ("city", True, 0)
    assert city["tiles"] == [[0, -1], [0, 0]]
    kinds = [e["type"] for e in data["events"]]
    assert kinds[:3] == ["feature-completed", "points", "figure-returned"]


def test_player_view_hides_the_draw_order_and_the_seed_but_not_the_drawn_tile():
    state = GameState.new(GameConfig(players=3, seed=11))
    full = state_to_json(state)
    view = state_to_json(state, player=2)
    assert view["view"] == 2 and full["view"] == "full"
    assert "draw_pile" not in view and "draw_pile_counts" not in full
    assert full["config"]["seed"] == 11 and view["config"]["seed"] is None
    assert view["drawn_tile"] == full["drawn_tile"] is not None
    counts = view["draw_pile_counts"]
    assert sum(counts.values()) == state.tiles_left() == len(full["draw_pile"])
    assert counts == {t: full["draw_pile"].count(t) for t in set(full["draw_pile"])}
    assert list(counts) == sorted(counts)
    hidden = {k: v for k, v in view.items() if k not in ("view", "draw_pile_counts", "config")}
    shown = {k: v for k, v in full.items() if k not in ("view", "draw_pile", "config")}
    assert hidden == shown


@pytest.mark.parametrize("player", [-1, 3, True, "0"])
def test_player_view_of_a_missing_player_is_refused(player):
    state = GameState.new(GameConfig(players=3))
    with pytest.raises(ValueError, match="no player"):
        state_to_json(state, player=player)


def play_bots(seed: int, actions: int | None = None) -> GameState:
    state = GameState.new(GameConfig(players=2), seed=seed)
    bots = [GreedyBot(seed), RandomBot(seed + 1)]
    while not state.is_over and (actions is None or len(state.log) < actions):
        state.apply(bots[state.pending.player].choose(state))
    return state


def test_replaying_a_game_gives_byte_identical_json():
    played = play_bots(5)
    replayed = GameState.new(GameConfig(players=2), seed=5)
    for action in played.log:
        replayed.apply(action)
    assert replayed.is_over
    assert dumps(state_to_json(replayed)) == dumps(state_to_json(played))
    assert dumps(state_to_json(replayed, player=1)) == dumps(state_to_json(played, player=1))
    # and the text is canonical JSON: sorted keys, one line
    text = dumps(state_to_json(played))
    assert "\n" not in text and text == json.dumps(json.loads(text), sort_keys=True)
    final = state_to_json(played)
    assert final["game_over"] is True and final["legal_actions"] == []
    assert final["ranking"] == list(played.ranking())
    assert final["events"][-1]["type"] == "game-over"


def test_undo_gives_back_the_same_json():
    state = play_bots(8, actions=40)
    before = dumps(state_to_json(state))
    for action in state.legal_actions()[:3]:
        state.apply(action)
        state.undo()
        after = json.loads(dumps(state_to_json(state)))
        expected = json.loads(before)
        # undo replays from the origin: only the events of the last action differ
        after.pop("events"), expected.pop("events")
        assert after == expected


def test_action_from_dict_builds_core_actions_and_explains_mistakes():
    config = GameConfig(players=2)
    assert action_from_dict({"type": "pass"}, config) == Pass()
    assert action_from_dict(
        {"type": "tile", "tile": "BA/C", "x": 1, "y": -2, "rotation": 90}, config
    ) == PlaceTile("BA/C", 1, -2, 90)
    assert action_from_dict(
        {"type": "figure", "figure": "meeple", "x": 0, "y": 0, "location": "N"}, config
    ) == PlaceFigure("meeple", 0, 0, "N")
    cases = [
        ("pass", "an action must be notation text or an object with a 'type'"),
        ({"type": "jump"}, "unknown action type 'jump' (known: chance, draw, figure, pass, tile)"),
        ({"type": "pass", "x": 1}, "action 'pass' has no field(s) x"),
        ({"type": "tile", "tile": "BA/C", "x": 1}, "action 'tile' needs field(s) y, rotation"),
        (
            {"type": "tile", "tile": "BA/C", "x": 1.5, "y": 0, "rotation": 0},
            "field 'x' of 'tile' must be a whole number",
        ),
        (
            {"type": "tile", "tile": "BA/C", "x": True, "y": 0, "rotation": 0},
            "field 'x' of 'tile' must be a whole number",
        ),
        (
            {"type": "figure", "figure": 3, "x": 0, "y": 0, "location": "N"},
            "field 'figure' of 'figure' must be a string",
        ),
    ]
    for data, message in cases:
        with pytest.raises(ActionFormatError) as info:
            action_from_dict(data, config)
        assert str(info.value) == message


@settings(max_examples=60, deadline=None)
@given(
    x=st.integers(-80, 80),
    y=st.integers(-80, 80),
    rotation=st.sampled_from([0, 90, 180, 270]),
    index=st.integers(0, 10_000),
)
def test_a_placement_entry_is_written_as_the_action_writes_itself(x, y, rotation, index):
    """``action_json`` of a tile placement is made from its tile's text (found once per
    tile): the same dict and text as the action's own ``to_dict`` and notation, for every
    tile of every installed expansion."""
    config = GameConfig(expansions=sorted(installed_expansions()))
    tiles = sorted(config.tile_types)
    tile = tiles[index % len(tiles)]
    action = PlaceTile(tile, x, y, rotation)
    assert action_json(action) == {"action": action.to_dict(), "text": action_text(action)}
    assert action_json(action)["text"] == f"tile {tile} {x},{y} r{rotation}"


def test_dumps_writes_as_json_dumps():
    """``dumps`` makes its encoder once (``text_encoder``): the same text as ``json.dumps``."""
    value = {"b": [1, 2.5, None, True], "a": {"é": "\u2028", "z": -(2**70)}, "c": "x\ny"}
    assert dumps(value) == json.dumps(value, sort_keys=True, ensure_ascii=False)
    compact = text_encoder(",", ":")
    expected = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert compact(value) == expected
    with pytest.raises(TypeError):
        dumps({"a": object()})


@pytest.mark.parametrize("mix", [(), ("river", "abbot", "abbey-mayor"), "all"], ids=str)
def test_legal_json_is_every_legal_action_written(mix):
    """``legal_json`` writes a tile decision from its rows (``placement_rows``) without
    building the actions: after every move of random games it is ``action_json`` of every
    legal action, in order, and each entry's id names the same action."""
    expansions = sorted(installed_expansions()) if mix == "all" else list(mix)
    rows_seen = 0
    for seed in range(3):
        state = GameState.new(GameConfig(players=3, expansions=expansions), seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            written = legal_json(state)
            assert written == [action_json(a) for a in legal]
            rows_seen += state.placement_rows() is not None
            index = rng.randrange(len(legal))
            assert state.action_for_id(index) == legal[index]
            state.apply(legal[index])
    # no rows where a plugin offers actions at any time (then written from the actions)
    assert rows_seen > 100 or state.config.hooks.offers_anytime
