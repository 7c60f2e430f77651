"""The protocol's operations for front ends: unknown fields, tile definitions, installed
expansions, figure options by feature, placements, why, outcome, codes of refused actions."""

from __future__ import annotations

import pytest

from carcassonne import GameConfig
from carcassonne.codes import error_codes
from carcassonne.plugins import installed_expansions
from carcassonne.protocol import _OP_FIELDS, Server


def server(seed: int = 13, **new) -> Server:
    s = Server()
    answer = s.handle({"op": "new", "seed": seed, **new})
    assert answer["ok"], answer
    return s


@pytest.mark.parametrize(
    ("request_", "field", "message"),
    [
        ({"op": "new", "seeed": 4}, "seeed",
         "unknown field 'seeed' for op 'new' (did you mean 'seed'? known: chance, expansions, "
         "fields, id, names, op, options, player, players, seed)"),
        ({"op": "hello", "verbose": True}, "verbose",
         "unknown field 'verbose' for op 'hello' (known: id, op)"),
        ({"op": "apply", "actions": "pass"}, "actions",
         "unknown field 'actions' for op 'apply' (did you mean 'action'? known: action, changes, "
         "fields, id, op, player)"),
        ({"op": "undo", "cout": 2}, "cout",
         "unknown field 'cout' for op 'undo' (did you mean 'count'? known: count, fields, id, op, "
         "player)"),
    ],
)  # fmt: skip
def test_unknown_fields_are_errors_naming_the_field(request_, field, message):
    s = server()
    before = s.handle({"op": "state"})
    answer = s.handle(request_)
    assert answer["error"] == {"type": "bad-request", "message": message, "field": field}
    assert s.handle({"op": "state"}) == before


def test_every_op_declares_its_fields():
    assert set(_OP_FIELDS) == set(Server()._ops)


def test_a_view_of_a_player_that_is_not_there_explains_players():
    answer = Server().handle({"op": "new", "player": 3})
    assert answer["error"]["field"] == "player"
    assert answer["error"]["message"] == (
        "field 'player' (whose view to send) names no player 3 in this 2-player game "
        "(players are 0 to 1; the number of players is the field 'players')"
    )


def test_illegal_actions_carry_code_reason_and_details():
    answer = server().handle({"op": "apply", "action": "tile BA/C 0,1 r0"})
    assert answer["error"] == {
        "type": "illegal-action",
        "code": "edges-mismatch",
        "reason": "its edges do not match its neighbours at 0,1: N (city against field)",
        "message": "illegal action tile BA/C 0,1 r0: its edges do not match its neighbours at "
        "0,1: N (city against field)",
        "details": {
            "x": 0,
            "y": 1,
            "sides": ["N"],
            "tile_edges": {"N": "city"},
            "neighbour_edges": {"N": "field"},
        },
    }


def test_why_changes_nothing():
    s = server()
    before = s.handle({"op": "state"})
    assert s.handle({"op": "why", "action": "tile BA/C 0,-1 r180"})["legal"] is True
    answer = s.handle({"op": "why", "action": {"type": "tile", "tile": "BA/C", "x": 9, "y": 9,
                                               "rotation": 0}})  # fmt: skip
    assert (answer["legal"], answer["code"]) == (False, "not-adjacent")
    assert s.handle({"op": "state"}) == before


def test_tile_definitions_carry_drawable_geometry():
    answer = Server().handle({"op": "tiles", "ids": ["D"]})
    assert answer["start_tile"] == "BA/RCr"
    assert set(answer["kinds"]) == {"city", "field", "monastery", "road"}
    (tile,) = answer["tiles"]
    assert tile["id"] == "BA/RCr" and tile["alias"] == "D" and tile["count"] == 4
    assert tile["edges"] == {"N": "city", "E": "road", "S": "field", "W": "road"}
    by_kind = {}
    for f in tile["features"]:
        by_kind.setdefault(f["kind"], []).append(f)
    assert [f["sides"] for f in by_kind["city"]] == [["N"]]
    assert [f["sides"] for f in by_kind["road"]] == [["E", "W"]]
    halves = sorted(h for f in by_kind["field"] for h in f["halves"])
    assert halves == sorted(["EL", "ER", "SL", "SR", "WL", "WR"])
    city_index = by_kind["city"][0]["index"]
    assert any(city_index in f["borders"] for f in by_kind["field"])
    every = Server().handle({"op": "tiles", "expansions": ["river"]})
    ids = [t["id"] for t in every["tiles"]]
    assert ids == sorted(GameConfig(expansions=["river"]).tile_types)
    assert every["kinds"]["river"]["provider"] == "river"
    bad = Server().handle({"op": "tiles", "ids": ["ZZ"]})
    assert (bad["ok"], bad["error"]["field"]) == (False, "ids")


def test_expansions_with_their_options():
    answer = Server().handle({"op": "expansions"})["expansions"]
    names = [e["name"] for e in answer]
    assert names == ["base", *sorted(installed_expansions())]
    base = answer[0]
    assert {o["key"] for o in base["options"]} == {
        "box_counts", "edition", "explicit_draws", "farmers", "meeples", "tiny_city",
    }  # fmt: skip
    river = next(e for e in answer if e["name"] == "river")
    uturn = next(o for o in river["options"] if o["key"] == "river.uturn")
    assert (uturn["default"], uturn["choices"]) == ("strict", ["strict", "immediate", "jcz"])
    abbot = next(e for e in answer if e["name"] == "abbot")
    assert (abbot["action_verbs"], abbot["figure_kinds"]) == (["abbot-return"], ["abbot"])


def test_figure_options_are_grouped_by_feature():
    s = server(seed=13)
    s.handle({"op": "apply", "action": "tile BA/C 0,-1 r180"})
    answer = s.handle({"op": "figure_options"})
    assert answer["pending"] == {"kind": "figure", "player": 0}
    assert [(g["kind"], g["location"], [a["text"] for a in g["actions"]])
            for g in answer["features"]] == [
        ("city", "S", ["figure meeple 0,-1 S"]),
        ("field", "NL", ["figure meeple 0,-1 NL"]),
    ]  # fmt: skip
    assert [a["text"] for a in answer["other"]] == ["pass"]


def test_placements_of_a_tile_not_drawn():
    answer = server().handle({"op": "placements", "tile": "X", "distinct": True})
    assert answer["tile"] == "BA/RRRR"
    assert [p["text"] for p in answer["placements"]] == [
        "tile BA/RRRR -1,0 r0",
        "tile BA/RRRR 1,0 r0",
    ]
    every = server().handle({"op": "placements", "tile": "BA/RRRR"})
    assert len(every["placements"]) == 8
    bad = server().handle({"op": "placements", "tile": "BA/RRRR", "distinct": "yes"})
    assert bad["error"] == {
        "type": "bad-request",
        "message": "field 'distinct' must be true or false",
        "field": "distinct",
    }


def test_outcome_and_error_codes():
    s = server()
    s.handle({"op": "apply", "action": "tile BA/C 0,-1 r180"})
    s.handle({"op": "apply", "action": "figure meeple 0,-1 S"})
    assert s.handle({"op": "outcome"})["outcome"] == {
        "over": False,
        "scores": [4, 0],
        "ranking": [1, 2],
        "winners": [0],
        "points": [{"city": 4}, {}],
    }
    codes = Server().handle({"op": "error_codes", "expansions": ["river"]})["codes"]
    assert [c["code"] for c in codes] == list(error_codes(GameConfig(expansions=["river"])))
    assert {"code": "river-u-turn", "provider": "river",
            "meaning": "the river may not make a U-turn (option river.uturn)"} in codes  # fmt: skip


def test_held_pieces_are_in_supplies_and_wagon_data_has_named_fields():
    s = server(seed=2, expansions=["abbey-mayor"])
    state = s.handle({"op": "state", "fields": ["supplies", "held"]})["state"]
    assert state["held"] == [{"abbey": 1}, {"abbey": 1}]
    assert state["supplies"][0] == {"abbey": 1, "barn": 1, "mayor": 1, "meeple": 7, "wagon": 1}
    from carcassonne.bots import RandomBot

    bot = RandomBot(1)
    for _ in range(400):
        pending = s.state.pending
        if pending.kind == "wagon":
            data = s.handle({"op": "state", "fields": ["pending"]})["state"]["pending"]["data"]
            assert set(data) == {"x", "y", "location", "feature"}
            return
        s.state.apply(bot.choose(s.state))
    raise AssertionError("no wagon decision in 400 actions")


def test_a_feature_named_by_another_location_is_applied_with_the_canonical_one():
    s = server(seed=13)
    s.handle({"op": "apply", "action": "tile BA/C 0,-1 r180"})
    s.handle({"op": "apply", "action": "pass"})
    s.state.force_draw("BA/RFr")
    s.handle({"op": "apply", "action": "tile BA/RFr 1,0 r0"})
    answer = s.handle({"op": "apply", "action": "figure meeple 1,0 W", "fields": ["figures"]})
    assert answer["applied"]["text"] == "figure meeple 1,0 E"
    assert answer["events"][0]["location"] == "E"
    record = s.handle({"op": "save_record"})["text"]
    assert "figure meeple 1,0 E" in record and "1,0 W" not in record


def test_tile_definitions_come_with_their_pictures_on_request():
    answer = Server().handle({"op": "tiles", "ids": ["BA/RCr", "BA/L"], "svg": True})
    pictures = [t["svg"] for t in answer["tiles"]]
    assert all(p.startswith("<svg") and 'data-tile="' in p for p in pictures)
    assert 'data-tile="BA/RCr"' in pictures[0] and 'data-tile="BA/L"' in pictures[1]
    assert "svg" not in Server().handle({"op": "tiles", "ids": ["BA/L"]})["tiles"][0]
