"""The abbot's early return (rules.md 3.4), in each allowed and forbidden situation."""

from __future__ import annotations

from typing import Any

import pytest

from carcassonne import Draw, IllegalActionError, Pass, PlaceFigure, PlaceTile, notation, serialize
from carcassonne.testing import BLUE, RED, board, points
from carcassonne_abbot.actions import ReturnAbbot

# AB-03: Red's abbot on the monastery at (0,1), which has 4 neighbours.
AB03_BOARD = [
    "BA/RCr @(0,0) r0",
    "BA/L @(0,1) r0",
    "BA/RFr @(1,0) r0",
    "BA/L @(1,1) r0",
    "BA/RFr @(-1,0) r0",
]
RED_ABBOT = (RED, "abbot", 0, 1, "monastery")
RETURN = ReturnAbbot(0, 1, "monastery")


def place_tile(state: Any, tile: str, x: int, y: int, rotation: int) -> list:
    """Draw ``tile`` (forced) and place it; the figure phase is then pending."""
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())
    events = list(state.apply(PlaceTile(tile, x, y, rotation)))
    assert state.pending.kind == "figure"
    return events


def observable(state: Any) -> tuple:
    return (
        tuple(state.scores),
        tuple(tuple(sorted(s.items())) for s in state.supply),
        tuple(sorted((f, fig) for f, fig in state.figures())),
        state.pending,
        tuple(state.legal_actions()),
    )


def test_ab03_early_return_scores_at_once_before_the_scoring_phase() -> None:
    # A Blue meeple on the start city, which Red's tile closes: Blue scores in phase 3, after
    # Red's early return scored in phase 2.
    state = board(
        AB03_BOARD, [RED_ABBOT, (BLUE, "meeple", 0, 0, "N")], player=RED, expansions=("abbot",)
    )
    place_tile(state, "BA/C", 0, -1, 180)
    assert RETURN in state.legal_actions()
    events = state.apply(RETURN)
    scored = [(e.player, e.points, e.kind, e.reason) for e in events if e.type == "points"]
    assert scored == [(RED, 5, "monastery", "abbot returned"), (BLUE, 4, "city", "completed")]
    types = [e.type for e in events]
    assert types.index("points") < types.index("feature-completed")
    returned = [
        (e.player, e.figure, e.x, e.y, e.location) for e in events if e.type == "figure-returned"
    ]
    assert returned == [(RED, "abbot", 0, 1, "monastery"), (BLUE, "meeple", 0, 0, "N")]
    assert state.supply[RED]["abbot"] == 1
    assert state.figures_on(state.feature_at(0, 1, "monastery")) == ()
    assert state.scores == [5, 4]


def test_early_return_counts_the_tile_just_placed_next_to_the_monastery() -> None:
    state = board(AB03_BOARD, [RED_ABBOT], player=RED, expansions=("abbot",))
    place_tile(state, "BA/L", -1, 1, 0)
    assert points(state.apply(RETURN)) == {RED: 6}


def test_early_return_from_a_garden() -> None:
    # garden at (1,0) with neighbours (0,0) and (0,1)
    state = board(
        ["BA/RCr @(0,0) r0", "BA/RFrG @(1,0) r0", "BA/L @(0,1) r0"],
        [(RED, "abbot", 1, 0, "garden")],
        player=RED,
        expansions=("abbot",),
    )
    place_tile(state, "BA/RFr", -1, 0, 0)
    assert ReturnAbbot(1, 0, "garden") in state.legal_actions()
    events = state.apply(ReturnAbbot(1, 0, "garden"))
    scored = [(e.player, e.points, e.kind) for e in events if e.type == "points"]
    assert scored == [(RED, 3, "garden")]


def test_early_return_is_allowed_with_an_empty_supply() -> None:
    state = board(
        AB03_BOARD,
        [RED_ABBOT, (RED, "meeple", 0, 0, "N")],
        player=RED,
        expansions=("abbot",),
        options={"meeples": 1},
    )
    place_tile(state, "BA/RFr", 2, 0, 0)
    assert state.supply[RED] == {"abbot": 0, "meeple": 0}
    assert set(state.legal_actions()) == {RETURN, Pass()}
    assert points(state.apply(RETURN)) == {RED: 5}
    assert state.supply[RED] == {"abbot": 1, "meeple": 0}


def test_no_early_return_when_the_tile_just_placed_completes_the_feature() -> None:
    ring = AB03_BOARD + ["BA/L @(-1,1) r0", "BA/L @(-1,2) r0", "BA/C @(0,2) r180"]
    state = board(ring, [RED_ABBOT], player=RED, expansions=("abbot",))
    place_tile(state, "BA/C", 1, 2, 180)
    assert set(state.legal_actions()) == {
        PlaceFigure("meeple", 1, 2, "S"),
        PlaceFigure("meeple", 1, 2, "NL"),
        Pass(),
    }
    before = observable(state)
    with pytest.raises(IllegalActionError, match="the monastery at 0,1 is complete"):
        state.apply(RETURN)
    assert observable(state) == before
    events = state.apply(Pass())
    assert points(events) == {RED: 9}
    assert state.supply[RED]["abbot"] == 1


def test_only_the_active_players_abbots_may_return() -> None:
    state = board(
        AB03_BOARD + ["BA/L @(-1,1) r0"],
        [RED_ABBOT, (BLUE, "abbot", -1, 1, "monastery")],
        player=BLUE,
        expansions=("abbot",),
    )
    place_tile(state, "BA/RFr", 2, 0, 0)
    returns = [a for a in state.legal_actions() if type(a) is ReturnAbbot]
    assert returns == [ReturnAbbot(-1, 1, "monastery")]
    with pytest.raises(IllegalActionError):
        state.apply(RETURN)


def test_no_early_return_in_a_turn_with_a_figure_placement() -> None:
    state = board(AB03_BOARD, [RED_ABBOT], player=RED, expansions=("abbot",), pile=["BA/RFr"] * 2)
    place_tile(state, "BA/RFr", 2, 0, 0)
    state.apply(PlaceFigure("meeple", 2, 0, "E"))
    assert state.pending.kind != "figure"
    assert RETURN not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(RETURN)


def test_a_returned_abbot_may_be_placed_again_later() -> None:
    state = board(AB03_BOARD, [RED_ABBOT], player=RED, expansions=("abbot",))
    place_tile(state, "BA/RFr", 2, 0, 0)
    state.apply(RETURN)
    place_tile(state, "BA/RFr", 3, 0, 0)  # Blue's turn
    state.apply(Pass())
    place_tile(state, "BA/L", 2, 1, 0)  # Red's turn
    assert PlaceFigure("abbot", 2, 1, "monastery") in state.legal_actions()


def test_the_return_action() -> None:
    assert RETURN.to_dict() == {"type": "abbot-return", "x": 0, "y": 1, "location": "monastery"}
    assert RETURN != PlaceFigure("abbot", 0, 1, "monastery")
    assert RETURN == ReturnAbbot(0, 1, "monastery")
    state = board(AB03_BOARD, expansions=("abbot",))
    assert ReturnAbbot in state.config.action_types
    assert notation.action_to_text(RETURN) == "abbot-return 0,1 monastery"
    assert notation.action_from_text("abbot-return 0,1 monastery", state.config) == RETURN
    assert serialize.action_from_dict(RETURN.to_dict(), state.config) == RETURN


def test_returns_follow_each_game_when_games_of_one_configuration_interleave() -> None:
    """Where an abbot was last seen is only a hint: a game whose abbot stands elsewhere, and an
    abbot that has gone home, get their own answers."""
    here = board(AB03_BOARD, [RED_ABBOT], player=RED, expansions=("abbot",))
    there = board(
        AB03_BOARD, [(RED, "abbot", 1, 1, "monastery")], player=RED, expansions=("abbot",)
    )
    assert here.config is there.config
    elsewhere = ReturnAbbot(1, 1, "monastery")
    for state, expected in ((here, RETURN), (there, elsewhere), (here, RETURN), (there, elsewhere)):
        probe = state.clone()
        place_tile(probe, "BA/C", 0, -1, 180)
        assert [a for a in probe.legal_actions() if type(a) is ReturnAbbot] == [expected]
    place_tile(here, "BA/C", 0, -1, 180)
    here.apply(RETURN)  # home again: Blue's turn, then Red's with the abbot in the supply
    for _ in range(2):
        assert here.pending.kind == "tile"
        here.apply(here.legal_actions()[0])
        if here.player == RED:
            break
        here.apply(Pass())
    assert here.player == RED and here.pending.kind == "figure"
    assert not [a for a in here.legal_actions() if type(a) is ReturnAbbot]
