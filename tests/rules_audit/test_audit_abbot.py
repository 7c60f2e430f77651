"""Rules audit, the Abbot (rules.md §3): early return in every kind of turn."""

from __future__ import annotations

import pytest

from carcassonne.plugins import installed_expansions

if "abbot" not in installed_expansions():
    pytest.skip("expansion not installed: " + "abbot", allow_module_level=True)

from carcassonne import Draw, Pass, PlaceFigure, PlaceTile  # noqa: E402
from carcassonne.testing import BLUE, RED, board, points  # noqa: E402
from carcassonne_abbot.actions import ReturnAbbot  # noqa: E402

AB03 = [
    "BA/RCr @(0,0) r0",
    "BA/L @(0,1) r0",
    "BA/RFr @(1,0) r0",
    "BA/L @(1,1) r0",
    "BA/RFr @(-1,0) r0",
]


def start_turn(state, tile, x, y, rotation):
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile(tile, x, y, rotation))


def test_early_return_is_offered_beside_every_placement_and_excludes_them():
    state = board(AB03, [(RED, "abbot", 0, 1, "monastery")], expansions=("abbot",))
    start_turn(state, "BA/RFr", 2, 0, 0)  # next to (1,0), not next to the abbot's monastery
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 2, 0, "E"),
        PlaceFigure("meeple", 2, 0, "NL"),
        PlaceFigure("meeple", 2, 0, "ER"),
        ReturnAbbot(0, 1, "monastery"),
        Pass(),
    }
    events = state.apply(ReturnAbbot(0, 1, "monastery"))
    assert points(events) == {RED: 5}
    # the turn is over: no figure may follow the return
    assert state.player == BLUE
    assert state.figures() == []


def test_the_abbot_on_a_garden_returns_when_the_tile_completes_another_feature():
    # the abbot's garden at (1,0) stays open while Red's tile closes the start city
    state = board(
        ["BA/RCr @(0,0) r0", "BA/RFrG @(1,0) r0", "BA/L @(0,1) r0"],
        [(RED, "abbot", 1, 0, "garden"), (BLUE, "meeple", 0, 0, "N")],
        expansions=("abbot",),
    )
    start_turn(state, "BA/C", 0, -1, 180)  # now next to the garden too (diagonal)
    events = state.apply(ReturnAbbot(1, 0, "garden"))
    got = [(e.player, e.kind, e.points, e.reason) for e in events if e.type == "points"]
    assert got == [(RED, "garden", 4, "abbot returned"), (BLUE, "city", 4, "completed")]


def test_early_return_in_an_end_game_abbey_turn():
    if "abbey-mayor" not in installed_expansions():
        pytest.skip("Abbey & Mayor is not installed")
    # monasteries and city caps round the hole (0,0) and a road south of it; Red's abbot on (1,0)
    ring = [
        "BA/L @(0,-1) r0", "BA/L @(1,-1) r0", "BA/L @(1,0) r0", "BA/L @(1,1) r0",
        "BA/RFr @(0,1) r90", "BA/C @(-1,1) r270", "BA/C @(-1,0) r270",
    ]  # fmt: skip
    state = board(
        ring,
        [(RED, "abbot", 1, 0, "monastery")],
        player=BLUE,
        expansions=("abbot", "abbey-mayor"),
        pile=["BA/RRR"],
    )
    state.apply(Draw())
    state.apply(PlaceTile("BA/RRR", 0, 2, 180))
    state.apply(Pass())
    # the last tile is down: Red (after Blue) may place the abbey, then take the abbot back
    assert state.pending.player == RED
    state.apply(PlaceTile("AM/A", 0, 0, 0))
    assert ReturnAbbot(1, 0, "monastery") in state.legal_actions()
    events = state.apply(ReturnAbbot(1, 0, "monastery"))
    # (1,0): itself + (0,-1), (1,-1), (0,0) abbey, (0,1), (1,1)
    assert [(e.player, e.points, e.final) for e in events if e.type == "points"] == [
        (RED, 6, False)
    ]
    assert state.is_over
    assert state.scores == [6, 0]
