"""The general mechanics in the JSON views (``state_to_json``) and the stdio protocol: exact
content of the new keys, what a player's view hides (the tiles face down under others), the
schemas every view and event of a test plugin's game conforms to, and chance left to the
client (``"chance": "client"``)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import NEUTRAL, GameConfig, GameState
from carcassonne.protocol import Server
from carcassonne.serialize import STATE_KEYS, state_to_json
from carcassonne.testing import board

from .plugins import PLUGINS

HERE = Path(__file__).resolve().parent
LOOKS = ["t-tower", "t-sheep", "t-goods", "t-dragon"]


def plugins(*names: str) -> list[tuple[str, object]]:
    return [(name, PLUGINS[name]) for name in names]


def dressed() -> GameState:
    """Two tiles with a dragon, two tower floors and a player's sheep; a prisoner; a tile set
    aside and two under the start tile."""
    state = board(
        ["BA/RCr @(0,0) r0", "BA/LR @(0,1) r0"],
        [(1, "meeple", 0, 0, "N")],
        pile=["BA/C", "BA/L", "BA/RRR"],
        plugins=plugins(*LOOKS),
    )
    events: list[Any] = []
    state.put_piece("dragon", NEUTRAL, 0, 1, None, events)
    state.put_piece("floor", NEUTRAL, 0, 1, None, events)
    state.put_piece("floor", NEUTRAL, 0, 1, None, events)
    state.put_piece("sheep", 1, 0, 0, "N", events)
    state.add_prisoner(0, 1, "meeple")
    state.set_aside_tile("BA/CC.2")
    state.put_tile_under(0, 0, "BA/Rr")
    state.put_tile_under(0, 0, "BA/CCG")
    return state


DRAGON = {"kind": "dragon", "label": "the dragon", "glyph": "D", "mark": "triangle",
          "colour": "#b00020", "neutral": True, "shape": "", "badge": ""}  # fmt: skip
FLOOR = {"kind": "floor", "label": "tower floor", "glyph": "T", "mark": "square",
         "colour": "#6d4c41", "neutral": True, "shape": "", "badge": ""}  # fmt: skip


def test_the_new_keys_are_exact_and_the_same_in_every_view() -> None:
    state = dressed()
    full = state_to_json(state)
    tile = {"owner": None, "x": 0, "y": 1, "location": None}
    assert full["pieces"] == [
        {**DRAGON, **tile},
        {**FLOOR, **tile},
        {**FLOOR, **tile},
        {"kind": "sheep", "label": "sheep", "glyph": "s", "mark": "disc", "colour": "#444444",
         "neutral": False, "shape": "", "badge": "", "owner": 1, "x": 0, "y": 0,
         "location": "N"},
    ]  # fmt: skip
    assert full["prisoners"] == [{"captor": 0, "player": 1, "kind": "meeple"}]
    assert full["set_aside"] == ["BA/CC.2"]
    assert full["under"] == [{"x": 0, "y": 0, "count": 2}]
    assert full["turn_part"] == 0 and full["chance"] is None
    assert sorted(full["piece_kinds"]) == ["dragon", "floor", "goods", "sheep"]
    assert full["piece_kinds"]["goods"] == {
        "label": "goods token", "glyph": "g", "mark": "square", "colour": "#444444",
        "neutral": False, "provider": "t-goods", "shape": "", "badge": "",
    }  # fmt: skip
    assert full["figure_kinds"] == {
        "meeple": {"label": "meeple", "glyph": "M", "shape": "meeple", "provider": "core"},
        # the test plugin declares no look: the silhouette named like the kind
        "shepherd": {"label": "shepherd", "glyph": "S", "shape": "shepherd", "provider": "t-sheep"},
    }
    assert full["supplies"][1]["meeple"] == 5  # one on the board, one a prisoner
    for player in (0, 1):
        view = state_to_json(state, player=player)
        for key in ("pieces", "prisoners", "set_aside", "under", "turn_part", "chance"):
            assert view[key] == full[key], key
    assert {"pieces", "prisoners", "set_aside", "under", "turn_part", "chance",
            "piece_kinds", "figure_kinds"} <= STATE_KEYS  # fmt: skip


def test_a_base_game_has_the_new_keys_empty() -> None:
    data = state_to_json(GameState.new(GameConfig(seed=3)), player=0)
    assert [data[k] for k in ("pieces", "piece_kinds", "prisoners", "set_aside", "under")] == [
        [],
        {},
        [],
        [],
        [],
    ]
    assert data["turn_part"] == 0 and data["chance"] is None


def test_tiles_under_show_as_counts_never_ids_and_count_as_unseen() -> None:
    state = dressed()
    pile = state.draw_pile()
    view = state_to_json(state, player=0)
    # the pile and the two tiles under the start tile: what player 0 has not seen
    assert view["draw_pile_counts"] == dict(sorted(Counter([*pile, "BA/Rr", "BA/CCG"]).items()))
    assert state_to_json(state)["draw_pile"] == pile  # the full view: the pile alone
    # nowhere else: neither in a player's view nor in the full one (their ids are not in the
    # pile, so any mention would be theirs)
    assert "BA/Rr" not in pile and "BA/CCG" not in pile
    for data in (view, state_to_json(state)):
        rest = {k: v for k, v in data.items() if k not in ("draw_pile_counts", "draw_pile")}
        text = json.dumps(rest)
        assert "BA/Rr" not in text and "BA/CCG" not in text


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), swap=st.integers(0, 70))
def test_which_tile_went_under_is_not_in_any_players_view(seed: int, swap: int) -> None:
    """Two games alike but for which tile lies under the start tile (swapped with one of the
    pile): every player's view is the same text."""
    one = GameState.new(GameConfig(players=2, seed=seed, plugins=plugins("t-hill")))
    pile = one.draw_pile()
    other = one.clone()
    i = swap % len(pile)
    if pile[i] == pile[0]:
        return
    one.set_draw_pile(pile[1:])
    one.put_tile_under(0, 0, pile[0])
    other.set_draw_pile([*pile[1:i], pile[0], *pile[i + 1 :]])
    other.put_tile_under(0, 0, pile[i])
    for player in (0, 1):
        assert json.dumps(state_to_json(one, player=player), sort_keys=True) == json.dumps(
            state_to_json(other, player=player), sort_keys=True
        )
    assert state_to_json(one)["under"] == [{"x": 0, "y": 0, "count": 1}]


# -- schemas -------------------------------------------------------------------------------


def _validators() -> tuple[Any, Any, Any]:
    jsonschema = pytest.importorskip("jsonschema", reason="the server-test extra is missing")
    from carcassonne.server.schemas import SCHEMAS

    def check(name: str) -> Any:
        try:  # the fast one (a schemathesis dependency) when installed
            import jsonschema_rs

            return jsonschema_rs.validator_for(SCHEMAS[name])
        except ImportError:
            return jsonschema.Draft202012Validator(SCHEMAS[name])

    return check("stdio-request.json"), check("stdio-answer.json"), check("ws-server.json")


def _pick(state: dict[str, Any], rng: random.Random) -> Any:
    """A random legal action, the mechanics' own preferred (a shepherd, a floor, a builder)."""
    legal = [a["action"] for a in state["legal_actions"]]
    own = [a for a in legal if a["type"].startswith("t-") or a.get("figure") in
           ("shepherd", "t-builder")]  # fmt: skip
    return rng.choice(own) if own and rng.random() < 0.7 else rng.choice(legal)


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_every_view_and_answer_of_a_plugins_game_conforms(name: str) -> None:
    """A whole stdio game of the plugin (chance left to the client for half the games):
    every request and answer conforms to the stdio schemas, every state (full and per player)
    and event to the state's and the engine's event types."""
    request_check, answer_check, server_check = _validators()
    seen: Counter[str] = Counter()
    for seed in (1, 2):
        server = Server(plugins(name))
        rng = random.Random(seed)
        chance = "client" if seed % 2 else "engine"
        request: dict[str, Any] = {"id": 0, "op": "new", "players": 3, "seed": seed,
                                   "chance": chance}  # fmt: skip
        for step in range(400):
            request_check.validate(request)
            answer = server.handle(request)
            answer_check.validate(answer)
            assert answer["ok"], answer
            state = answer["state"]
            seen.update(e["type"] for e in answer.get("events", []))
            seen.update(k for k in ("pieces", "prisoners", "set_aside", "under") if state[k])
            seen.update(["part"] if state["turn_part"] else [])
            seen.update(["chance-pending"] if state["chance"] else [])
            update = {"type": "update", "game": "g", "seq": step, "seat": None, "action": None,
                      "undone": None, "events": answer.get("events", []),
                      "state": {**state, "view": "spectator"}}  # fmt: skip
            server_check.validate(update)
            if state["game_over"]:
                break
            request = {"id": step, "op": "apply", "action": _pick(state, rng),
                       "player": step % 3}  # fmt: skip
        assert state["game_over"]
        assert server.state is not None
        full = state_to_json(server.state)
        answer_check.validate({"id": 1, "ok": True, "state": full})
    wanted = {
        "t-builder": {"turn-part", "part"},
        "t-goods": {"points"},
        "t-dragon": {"piece-placed", "piece-moved", "pieces"},
        "t-fairy": {"piece-placed", "pieces"},
        "t-portal": {"figure-placed"},
        "t-tower": {"piece-placed", "figure-captured", "prisoners", "pieces"},
        "t-sheep": {"chance", "piece-placed", "chance-pending", "pieces"},
        "t-hill": {"tile-put-under", "under"},
        "t-volcano": {"tile-set-aside", "tiles-shuffled-in", "set_aside"},
    }[name]
    assert wanted <= set(seen), wanted - set(seen)


def test_points_for_no_feature_conform_with_a_null_feature_and_a_wrong_field_does_not() -> None:
    _, answer_check, _ = _validators()
    state = board(["BA/RCr @(0,0) r0"], pile=[], plugins=plugins("t-goods"))
    assert state.is_over
    events: list[Any] = []
    state.award(1, 10, None, "goods", "most goods", events)
    (shown,) = [e.to_dict() for e in events]
    assert shown == {"type": "points", "player": 1, "points": 10, "kind": "goods",
                     "feature": None, "reason": "most goods", "final": False}  # fmt: skip
    ok = {"id": 1, "ok": True, "events": [shown]}
    answer_check.validate(ok)
    for wrong in ({"feature": "city"}, {"points": None}, {"extra": 1}):
        assert not answer_check.is_valid({**ok, "events": [{**shown, **wrong}]}), wrong
    # an expansion's own event type may carry anything
    answer_check.validate({**ok, "events": [{"type": "t-something", "feature": "city"}]})
    pieces = state_to_json(dressed())["pieces"]
    assert not answer_check.is_valid(
        {"id": 1, "ok": True, "state": {"pieces": [{**pieces[0], "mark": "blob"}]}}
    )


# -- chance over the stdio protocol ---------------------------------------------------------


def sheep_server(chance: str) -> tuple[Server, dict[str, Any]]:
    """A sheep game (seed 1) played up to its first chance draw with the shepherd."""
    server = Server(plugins("t-sheep"))
    answer = server.handle({"op": "new", "seed": 1, "chance": chance})
    assert answer["ok"], answer
    state = answer["state"]
    rng = random.Random(1)
    for _ in range(200):
        legal = [a["action"] for a in state["legal_actions"]]
        shepherd = [a for a in legal if a.get("figure") == "shepherd"]
        answer = server.handle({"op": "apply", "action": (shepherd or [rng.choice(legal)])[0]})
        assert answer["ok"], answer
        state = answer["state"]
        if shepherd:
            return server, answer
    raise AssertionError("no shepherd in 200 moves")


def test_chance_left_to_the_client_waits_and_takes_its_outcome() -> None:
    server, answer = sheep_server("client")
    state = answer["state"]
    assert state["pending"]["kind"] == "chance" and state["pending"]["player"] == -1
    assert [e["type"] for e in answer["events"]][-1] != "chance"  # nothing drawn yet

    def outcome(o: str) -> dict[str, Any]:
        return {"type": "chance", "name": "t-sheep-bag", "outcome": o}

    assert state["chance"] == {
        "name": "t-sheep-bag",
        "outcomes": [
            {"outcome": "sheep", "probability": 0.6, "action": outcome("sheep"),
             "text": "chance t-sheep-bag sheep"},
            {"outcome": "wolf", "probability": 0.4, "action": outcome("wolf"),
             "text": "chance t-sheep-bag wolf"},
        ],
    }  # fmt: skip
    assert [a["action"] for a in state["legal_actions"]] == [outcome("sheep"), outcome("wolf")]
    before = server.handle({"op": "state"})
    bad = server.handle({"id": 7, "op": "apply", "action": outcome("bear")})
    assert bad["error"]["type"] == "illegal-action" and bad["error"]["code"] == "not-offered"
    assert server.handle({"op": "state"}) == before  # a refusal changes nothing
    done = server.handle({"op": "apply", "action": "chance t-sheep-bag sheep"})
    assert done["ok"] and done["applied"]["action"] == outcome("sheep")
    assert done["events"][0] == {"type": "chance", "name": "t-sheep-bag", "outcome": "sheep"}
    assert done["events"][1]["type"] == "piece-placed"
    assert done["state"]["chance"] is None and done["state"]["pieces"][0]["kind"] == "sheep"
    undone = server.handle({"op": "undo"})
    assert undone["state"]["chance"] == state["chance"] and undone["state"]["pieces"] == []


def test_chance_drawn_by_the_engine_shows_as_an_event_and_a_chance_action_is_refused() -> None:
    server, answer = sheep_server("engine")
    assert answer["state"]["pending"]["kind"] != "chance" and answer["state"]["chance"] is None
    drawn = [e for e in answer["events"] if e["type"] == "chance"]
    assert len(drawn) == 1 and drawn[0]["outcome"] in ("sheep", "wolf")
    pending = answer["state"]["pending"]["kind"]
    refused = server.handle({"id": 3, "op": "apply", "action": "chance t-sheep-bag wolf"})
    reason = "no chance draw waits for an outcome: the engine draws chance itself in this game"
    assert refused == {
        "id": 3,
        "ok": False,
        "error": {
            "type": "illegal-action",
            "message": f"illegal action chance t-sheep-bag wolf: {reason}",
            "code": "chance-not-pending",
            "reason": reason,
            "details": {"pending": pending, "auto_chance": True},
        },
    }
    why = server.handle({"op": "why", "action": {"type": "chance", "name": "x", "outcome": "y"}})
    assert why["legal"] is False and why["code"] == "chance-not-pending"


def test_a_chance_action_while_another_decision_waits_is_refused_by_its_code() -> None:
    server = Server(plugins("t-sheep"))
    server.handle({"op": "new", "seed": 1, "chance": "client"})
    refused = server.handle({"op": "apply", "action": "chance t-sheep-bag wolf"})["error"]
    assert refused["code"] == "chance-not-pending"
    assert refused["details"] == {"pending": "tile", "auto_chance": False}
    assert refused["reason"] == (
        "no chance draw waits for an outcome: the game waits for a tile decision, "
        "not a chance outcome"
    )


@pytest.mark.parametrize("op", ["new", "load_record", "load_position"])
def test_a_bad_chance_field_is_a_bad_request_naming_it(op: str) -> None:
    server = Server()
    text = {} if op == "new" else {"text": ""}
    answer = server.handle({"id": 1, "op": op, "chance": "dice", **text})
    assert answer == {
        "id": 1,
        "ok": False,
        "error": {
            "type": "bad-request",
            "message": "field 'chance' must be one of 'engine', 'client', not 'dice'",
            "field": "chance",
        },
    }
    assert server.handle({"op": op, "chance": 1, **text})["error"]["field"] == "chance"
    assert server.state is None


def test_a_position_loaded_with_chance_left_to_the_client() -> None:
    server = Server()
    server.handle({"op": "new", "seed": 5})
    text = server.handle({"op": "save_position"})["text"]
    loaded = server.handle({"op": "load_position", "text": text, "chance": "client"})
    assert loaded["ok"] and server.state is not None and server.state.auto_chance is False
    server.handle({"op": "load_position", "text": text})
    assert server.state.auto_chance is True


def test_the_real_stdio_process_leaves_chance_to_the_client() -> None:
    """``carcassonne serve --stdio --plugin`` with the sheep bag: the client answers."""
    server, answer = sheep_server("client")
    assert server.state is not None
    record = [a.to_dict() for a in server.state.log]  # the actions that led there
    lines = [json.dumps({"id": 0, "op": "new", "seed": 1, "chance": "client",
                         "fields": ["pending"]})]  # fmt: skip
    lines += [json.dumps({"id": i + 1, "op": "apply", "action": a, "fields": ["pending"]})
              for i, a in enumerate(record)]  # fmt: skip
    lines.append(json.dumps({"id": "c", "op": "state", "fields": ["chance", "pending"]}))
    lines.append(json.dumps({"id": "w", "op": "apply", "action": "chance t-sheep-bag wolf"}))
    done = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "serve", "--stdio",
         "--plugin", str(HERE / "sheep_plugin.py")],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True,
        encoding="utf-8", timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(a["ok"] for a in answers), [a for a in answers if not a["ok"]]
    assert answers[-2]["state"] == {"chance": answer["state"]["chance"],
                                    "pending": answer["state"]["pending"]}  # fmt: skip
    assert answers[-1]["events"][0] == {"type": "chance", "name": "t-sheep-bag",
                                        "outcome": "wolf"}  # fmt: skip
    assert answers[-1]["events"][1]["type"] == "figure-removed"
