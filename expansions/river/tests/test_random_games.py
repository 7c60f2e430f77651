"""Random games with the River (alone and with every other installed expansion) keep the
engine's invariants and lay a river that obeys the River's rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.geometry import SIDE_OFFSETS, opposite
from carcassonne.plugins import installed_expansions
from carcassonne.testing import board, check_actions, figure_totals, random_game
from carcassonne_river.course import LEFT, RIGHT, river_sides, turn

OTHERS = sorted(name for name in installed_expansions() if name != "river")

CONFIGS = {
    "river": GameConfig(players=2, expansions=["river"], seed=0),
    "river-immediate-keep": GameConfig(
        players=3,
        expansions={"river": {"uturn": "immediate", "start_tile": "keep"}},
        seed=0,
    ),
    "river-c1": GameConfig(players=2, expansions=["river"], options={"edition": "C1"}, seed=0),
    "river+all": GameConfig(players=4, expansions=["river", *OTHERS], seed=0),
}


def river_course(state: GameState) -> tuple[list[tuple[int, int]], list[int]]:
    """The squares of the river from the spring downstream, and the turn made on each tile."""
    squares, turns = [(0, 0)], []
    (outlet,) = river_sides(state.tile_at(0, 0).rot)
    x, y = 0, 0
    while True:
        dx, dy = SIDE_OFFSETS[outlet]
        placed = state.tile_at(x + dx, y + dy)
        if placed is None or placed.rot.edges[opposite(outlet)] != "river":
            break
        x, y, inlet = x + dx, y + dy, opposite(outlet)
        squares.append((x, y))
        outlets = [s for s in river_sides(placed.rot) if s != inlet]
        if not outlets:
            break
        (outlet,) = outlets
        turns.append(turn(inlet, outlet))
    return squares, turns


def check_river(state: GameState, strict: bool) -> None:
    squares, turns = river_course(state)
    on_board = {pos for pos, placed in state.board.items() if "river" in placed.rot.edges}
    assert set(squares) == on_board, "every river tile lies on one course from the spring"
    curves = [t for t in turns if t in (LEFT, RIGHT)]
    for a, b in zip(turns, turns[1:], strict=False):
        assert not (a == b and a in (LEFT, RIGHT)), f"U-turn in {turns}"
    if strict:
        for a, b, c in zip(curves, curves[1:], curves[2:], strict=False):
            assert not a == b == c, f"three turns the same way in {turns}"


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_games_hold_the_invariants(name, seed):
    config = CONFIGS[name]
    initial = {k.name: k.count for k in config.figure_kinds.values()}
    last_scores = [0] * config.players
    draws = [e.tile for e in GameState.new(config, seed=seed).last_events if e.type == "tile-drawn"]
    returned: list[str] = []
    placed: list[str] = []
    aside: list[str] = []  # drawn, set aside (a dragon tile before any volcano), drawn again
    state = None
    for _, _, events, state in random_game(config, seed):
        assert figure_totals(state) == [initial] * config.players
        # scores never fall, but for points paid to another player (a ransom)
        for e in events:
            if e.type == "points-transferred":
                last_scores[e.payer] -= e.points
                last_scores[e.payee] += e.points
        assert all(a >= b for a, b in zip(state.scores, last_scores, strict=True))
        last_scores = list(state.scores)
        draws += [e.tile for e in events if e.type == "tile-drawn"]
        returned += [e.tile for e in events if e.type == "tile-returned"]
        placed += [e.tile for e in events if e.type == "tile-placed"]
        aside += [e.tile for e in events if e.type == "tile-set-aside"]
    assert state is not None and state.is_over
    assert draws[:11] and all(t.startswith("RI.1/") for t in draws[:11])
    assert draws[10] == "RI.1/I.e"
    assert not any(t.startswith("RI") for t in draws[11:])
    assert len(state.board) == 1 + len(placed)
    left = Counter(draws) - Counter(returned) - Counter(placed) - Counter(aside)
    assert not left, "a drawn tile vanished"
    check_river(state, strict=config.options["river.uturn"] == "strict")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_legal_actions_apply_and_others_are_rejected(seed):
    rng = random.Random(seed)
    for before, _, _, _ in random_game(CONFIGS["river+all"], seed):
        if rng.random() > 0.1:
            continue
        wrong = [
            PlaceTile("RI.1/IFI", 99, 99, 0),
            PlaceTile(before.drawn or "RI.1/IFI", 0, -1, 0),
            PlaceFigure("meeple", 0, 0, "E"),  # the spring's river
        ]
        if before.pending.kind != "figure":
            wrong.append(Pass())
        check_actions(before, wrong)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_clone_undo_and_replay_give_equal_states_and_events(seed):
    config = CONFIGS["river+all"]
    record = []
    for before, action, events, state in random_game(config, seed):
        record.append((action, [e.to_dict() for e in events]))
        assert state.clone() == state
        if random.Random(len(state.log)).random() < 0.05:
            again = state.clone()
            again.undo()
            assert again == before
    replay = GameState.new(config, seed=seed)
    for action, events in record:
        assert [e.to_dict() for e in replay.apply(action)] == events


def test_the_abbot_may_stand_on_the_garden_of_the_river_curve():
    if "abbot" not in installed_expansions():
        pytest.skip("the abbot expansion is not installed")
    state = board(
        ["RI/s @(0,0) r0", "RI.1/II @(1,0) r0"],
        expansions=("river", "abbot"),
        pile=["RI.1/IIG", "BA/L"],
    )
    state.apply(PlaceTile("RI.1/IIG", 1, 1, 180))
    assert PlaceFigure("abbot", 1, 1, "garden") in state.legal_actions()


def test_without_the_abbot_the_garden_is_decoration():
    state = board(
        ["RI/s @(0,0) r0", "RI.1/II @(1,0) r0"], expansions=("river",), pile=["RI.1/IIG", "BA/L"]
    )
    state.apply(PlaceTile("RI.1/IIG", 1, 1, 180))
    assert state.legal_actions() == [
        PlaceFigure("meeple", 1, 1, "NL"),
        PlaceFigure("meeple", 1, 1, "NR"),
        Pass(),
    ]
