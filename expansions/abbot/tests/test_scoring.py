"""Scoring the abbot: 9 for a surrounded monastery or garden, 1 + neighbours at the end."""

from __future__ import annotations

from carcassonne.testing import BLUE, RED, board, place, points

from .shared import AB01_BOARD


def kinds(events: list, type_: str) -> list[str]:
    return [e.kind for e in events if e.type == type_]


def test_ab01_abbot_on_a_surrounded_garden_scores_9_and_returns() -> None:
    state = board(AB01_BOARD, [(RED, "abbot", 0, 0, "garden")], player=BLUE, expansions=("abbot",))
    events = place(state, "BA/L @(1,1) r0")
    assert points(events) == {RED: 9}
    assert kinds(events, "feature-completed") == ["garden"]
    returned = [
        (e.player, e.figure, e.x, e.y, e.location) for e in events if e.type == "figure-returned"
    ]
    assert returned == [(RED, "abbot", 0, 0, "garden")]
    assert state.supply[RED]["abbot"] == 1
    assert state.scores == [9, 0]


def test_an_empty_surrounded_garden_completes_and_scores_nothing() -> None:
    state = board(AB01_BOARD, player=BLUE, expansions=("abbot",))
    events = place(state, "BA/L @(1,1) r0")
    assert kinds(events, "feature-completed") == ["garden"]
    assert points(events) == {}


MONASTERY_RING = [
    "BA/RCr @(0,0) r0",
    "BA/L @(0,1) r0",
    "BA/RFr @(1,0) r0",
    "BA/RFr @(-1,0) r0",
    "BA/L @(1,1) r0",
    "BA/L @(-1,1) r0",
    "BA/L @(-1,2) r0",
    "BA/C @(0,2) r180",
]


def test_abbot_on_a_surrounded_monastery_scores_9_and_returns() -> None:
    state = board(
        MONASTERY_RING, [(RED, "abbot", 0, 1, "monastery")], player=BLUE, expansions=("abbot",)
    )
    events = place(state, "BA/C @(1,2) r180")
    assert points(events) == {RED: 9}
    assert kinds(events, "feature-completed") == ["monastery"]
    assert state.supply[RED]["abbot"] == 1


def test_final_scoring_of_abbots_like_monks() -> None:
    # Red's abbot on the garden at (1,0) (neighbours: (0,0), (0,1)): 1 + 2.
    # Blue's abbot on the monastery at (0,1) (neighbours: (0,0), (1,0), (-1,1)): 1 + 3.
    # Red's monk on the monastery at (-1,1) (neighbours: (0,0), (0,1)): 1 + 2.
    state = board(
        ["BA/RCr @(0,0) r0", "BA/RFrG @(1,0) r0", "BA/L @(0,1) r0", "BA/L @(-1,1) r0"],
        [
            (RED, "abbot", 1, 0, "garden"),
            (BLUE, "abbot", 0, 1, "monastery"),
            (RED, "meeple", -1, 1, "monastery"),
        ],
        expansions=("abbot",),
        pile=[],
    )
    assert state.is_over
    events = state.last_events
    assert points(events) == {RED: 6, BLUE: 4}
    finals = sorted((e.player, e.kind, e.points) for e in events if e.type == "points")
    assert finals == [(RED, "garden", 3), (RED, "monastery", 3), (BLUE, "monastery", 4)]
    assert all(e.final for e in events if e.type == "points")
