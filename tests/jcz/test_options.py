"""The options that make a JCZ game play the same, set from a file's setup: Inns & Cathedrals
without its ``inn`` or ``cathedral`` element, the River's placement rule and pack, a first
edition, a game without followers."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from carcassonne.jcz import load_jcz_state

#: Inns & Cathedrals, cut short after 4 tiles: Alice's big follower on an inn road of 4 tiles,
#: Bob's knight in a cathedral city left open.
GAME: dict[str, Any] = {
    "appVersion": "5.12.0",
    "setup": {
        "sets": {"basic:1": 1, "inns-and-cathedrals:1": 1},
        "elements": {
            "small-follower": 7,
            "big-follower": 1,
            "farmers": True,
            "inn": True,
            "cathedral": True,
        },
        "rules": {},
        "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}],
    },
    "players": [{"name": "Alice", "slot": 0}, {"name": "Bob", "slot": 1}],
    "gameAnnotations": {"drawOrder": ["IC/RFr.i", "IC/Cccc.c", "BA/RRR", "BA/RRR"], "endTurn": 4},
    "replay": [
        {
            "type": "PLACE_TILE",
            "payload": {"tileId": "IC/RFr.i", "rotation": "R0", "position": [1, 0]},
        },
        {
            "type": "DEPLOY_MEEPLE",
            "payload": {
                "pointer": {"position": [1, 0], "location": "WE", "feature": "Road"},
                "meepleId": "0.big.1",
            },
        },
        {"type": "COMMIT", "payload": {"random": 0.5}},
        {
            "type": "PLACE_TILE",
            "payload": {"tileId": "IC/Cccc.c", "rotation": "R0", "position": [0, -1]},
        },
        {
            "type": "DEPLOY_MEEPLE",
            "payload": {
                "pointer": {"position": [0, -1], "location": "NWSE", "feature": "City"},
                "meepleId": "1.small.1",
            },
        },
        {"type": "COMMIT", "payload": {"random": 0.5}},
        {
            "type": "PLACE_TILE",
            "payload": {"tileId": "BA/RRR", "rotation": "R0", "position": [2, 0]},
        },
        {"type": "PASS", "payload": {}},
        {"type": "COMMIT", "payload": {"random": 0.5}},
        {
            "type": "PLACE_TILE",
            "payload": {"tileId": "BA/RRR", "rotation": "R0", "position": [-1, 0]},
        },
        {"type": "PASS", "payload": {}},
        {"type": "COMMIT", "payload": {"random": 0.5}},
    ],
}


@pytest.mark.parametrize(
    ("leave_out", "scores"),
    [
        ((), [8, 0]),  # inn road 2 per tile; the open cathedral city 0 at the end
        (("inn",), [4, 0]),  # a plain road
        (("cathedral",), [8, 2]),  # a plain open city: 1 per tile at the end
        (("inn", "cathedral"), [4, 2]),
    ],
)
def test_inn_and_cathedral_elements(leave_out, scores):
    data = copy.deepcopy(GAME)
    for element in leave_out:
        del data["setup"]["elements"][element]
    state = load_jcz_state(json.dumps(data), text=True)
    options = state.config.options
    assert options["inns-cathedrals.inns"] is ("inn" not in leave_out)
    assert options["inns-cathedrals.cathedrals"] is ("cathedral" not in leave_out)
    assert (state.is_over, state.scores) == (True, scores)


def test_jcz_options_of_the_sets():
    data = copy.deepcopy(GAME)
    data["setup"]["sets"] = {"basic:1": 1, "river/1:1": 1}
    data["setup"]["elements"] = {"small-follower": 5}
    data["setup"]["rules"] = {"tiny-city-scoring": "2"}
    data["setup"]["start"] = [{"tile": "RI/s", "x": 0, "y": 0, "rotation": 0}]
    data["gameAnnotations"] = {}
    data["replay"] = []
    state = load_jcz_state(json.dumps(data), text=True)
    config = state.config
    assert config.expansions == ("river",)
    wanted = {
        "edition": "C1",
        "meeples": 5,
        "farmers": False,
        "tiny_city": 2,
        "river.start_tile": "keep",
        "river.uturn": "jcz",
    }
    assert {key: config.options[key] for key in wanted} == wanted
    assert state.tile_at(0, 0) is not None and state.tile_at(0, 0).tile.id == "RI/s"
