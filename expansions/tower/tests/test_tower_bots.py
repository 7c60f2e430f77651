"""The bots play the Tower with purpose: the greedy bot builds a tower to capture a rival's
follower and pays a ransom only when the follower it frees scores at once; the searching bot
captures a follower that would score for a rival; the web page shows a capture's line of sight."""

from __future__ import annotations

import pytest

from carcassonne import Draw, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.bots import make_bot
from carcassonne.position import load_position
from carcassonne_tower.common import AddFloor, Capture, Ransom
from carcassonne_tower.ransom import held_points

RED, BLUE = 0, 1


def position(body: str) -> GameState:
    return load_position(f'format = 1\nplayers = ["red", "blue"]\nexpansions = ["tower"]\n{body}',
                         text=True)  # fmt: skip


def lay(state: GameState, tile: str, x: int, y: int, rotation: int) -> None:
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile(tile, x, y, rotation))


CAPTURE = """
player = "red"
tiles = ["TO/C 0,0 r0", "BA/L 1,0 r0"]
figures = ["blue meeple 1,0 monastery"]
"""


def test_greedy_builds_a_tower_to_capture_a_rivals_follower():
    state = position(CAPTURE)
    lay(state, "BA/L", 0, 1, 0)  # completes nothing: a figure here gains nothing now
    assert AddFloor(0, 0) in state.legal_actions()
    greedy = make_bot("greedy", seed=1)
    assert greedy.choose(state) == AddFloor(0, 0)
    state.apply(AddFloor(0, 0))
    assert state.legal_actions() == [Capture(BLUE, "meeple", 1, 0, "monastery"), Pass()]
    assert greedy.choose(state) == Capture(BLUE, "meeple", 1, 0, "monastery")
    state.apply(Capture(BLUE, "meeple", 1, 0, "monastery"))
    assert held_points(state) == [3, -2]


RANSOM = """
player = "blue"
scores = [0, 5]
tiles = ["BA/RCr 0,0 r0"]
prisoners = ["red holds blue meeple"]
supply = { blue = { meeple = 0 } }
"""


def test_greedy_pays_a_ransom_only_for_a_follower_that_scores_at_once():
    state = position(RANSOM)
    greedy = make_bot("greedy", seed=1)
    assert state.legal_actions() == [Draw(), Ransom(RED, "meeple")]
    assert greedy.choose(state) == Draw()  # at the start of the turn it would only cost
    lay(state, "BA/RFr", 1, 0, 0)  # a road that completes nothing
    assert Ransom(RED, "meeple") in state.legal_actions()
    assert greedy.choose(state) == Pass()
    state = position(RANSOM)
    lay(state, "BA/C", 0, -1, 180)  # closes the city of the start tile: 4 points with a meeple
    assert state.legal_actions() == [Ransom(RED, "meeple"), Pass()]
    assert greedy.choose(state) == Ransom(RED, "meeple")
    state.apply(Ransom(RED, "meeple"))
    assert greedy.choose(state) == PlaceFigure("meeple", 0, -1, "S")
    state.apply(PlaceFigure("meeple", 0, -1, "S"))
    assert state.scores == [3, 6]  # 5 - 3 paid + 4 for the city


def test_greedy_picks_the_placement_that_the_ransom_makes_pay():
    state = position(RANSOM)
    state.force_draw("BA/C")
    state.apply(Draw())
    greedy = make_bot("greedy", seed=1)
    assert greedy.choose(state) == PlaceTile("BA/C", 0, -1, 180)


def test_mcts_captures_a_rivals_monk_and_buys_back_a_follower_that_scores():
    for seed in (0, 1):
        mcts = make_bot("mcts", seed=seed, iterations=100)
        state = position(CAPTURE)
        lay(state, "BA/L", 0, 1, 0)
        state.apply(AddFloor(0, 0))
        assert mcts.choose(state) == Capture(BLUE, "meeple", 1, 0, "monastery")
        state = position(RANSOM)
        lay(state, "BA/C", 0, -1, 180)
        assert mcts.choose(state) == Ransom(RED, "meeple")


def test_the_web_picture_shades_the_line_of_sight_of_a_capture():
    pytest.importorskip("starlette", reason="the server extra (pip install -e '.[server]')")
    from carcassonne.server.web import picture_json

    state = position(CAPTURE)
    lay(state, "BA/L", 0, 1, 0)
    assert picture_json(state, RED)["area"] == []
    state.apply(AddFloor(0, 0))
    picture = picture_json(state, RED)
    assert picture["area"] == [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]
    texts = [m["text"] for m in picture["moves"]]
    assert texts == ["tower-capture 1 meeple 1,0 monastery", "pass"]
    assert picture_json(state, None)["area"] == picture["area"]  # spectators see it too
