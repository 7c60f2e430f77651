"""``GameState.would_complete``: whether a placement completes a feature, known without playing
it, must be what playing it out finds (``completions()`` after it), in every mix."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import GameConfig, GameState, IllegalActionError, PlaceTile
from carcassonne.testing import RED, board

RING = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]
#: Boards of more monasteries than the box has (4 of BA/L, all field).
MANY = {"box_counts": False}


def completing(state: GameState) -> list[PlaceTile]:
    return [a for a in state.legal_actions() if state.would_complete(a)]


def test_a_cap_closing_the_start_city_and_nothing_else():
    state = board(["BA/RCr @(0,0) r0"], player=RED, pile=["BA/C", "BA/L"])
    assert state.drawn == "BA/C" and len(state.legal_actions()) == 4
    assert completing(state) == [PlaceTile("BA/C", 0, -1, 180)]


def test_a_monastery_placed_into_a_full_ring_completes_itself():
    ring = [f"BA/L @({dx},{dy}) r0" for dx, dy in RING]
    state = board(ring, pile=["BA/L"], options=MANY)
    assert completing(state) == [PlaceTile("BA/L", 0, 0, r) for r in (0, 90, 180, 270)]


def test_the_eighth_neighbour_completes_a_monastery():
    tiles = ["BA/L @(0,0) r0"] + [f"BA/L @({dx},{dy}) r0" for dx, dy in RING if (dx, dy) != (1, 1)]
    state = board(tiles, pile=["BA/L"], options=MANY)
    assert completing(state) == [PlaceTile("BA/L", 1, 1, r) for r in (0, 90, 180, 270)]


def test_refusals_are_applys_and_change_nothing():
    state = board(["BA/RCr @(0,0) r0"], player=RED, pile=["BA/C", "BA/L"])
    key = state.key()
    with pytest.raises(IllegalActionError) as wrong_tile:
        state.would_complete(PlaceTile("BA/L", 0, -1, 0))
    assert wrong_tile.value.code == "wrong-tile"
    with pytest.raises(IllegalActionError) as mismatch:
        state.would_complete(PlaceTile("BA/C", 0, -1, 0))  # its field edge against the city
    assert mismatch.value.code == "edges-mismatch"
    assert state.key() == key
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    with pytest.raises(IllegalActionError) as figure_phase:
        state.would_complete(PlaceTile("BA/C", 0, -2, 0))
    assert figure_phase.value.code == "wrong-decision"


def test_an_edge_against_an_abbey_closes_and_a_drawn_wildcard_tile_closes_its_neighbours():
    # the abbey's edges join nothing and close whatever touches them, either way round
    AM = ["abbey-mayor"]
    cap = board(["AM/A @(0,0) r0"], expansions=AM, pile=["BA/C"])
    facing = [("BA/C", -1, 0, 90), ("BA/C", 0, -1, 180), ("BA/C", 0, 1, 0), ("BA/C", 1, 0, 270)]
    assert completing(cap) == [PlaceTile(*a) for a in facing]
    drawn_abbey = board(["BA/C @(0,0) r180"], expansions=AM, pile=["AM/A"], options=MANY)
    assert completing(drawn_abbey) == [PlaceTile("AM/A", 0, 1, r) for r in (0, 90, 180, 270)]
    for state in (cap, drawn_abbey):
        for action in state.legal_actions():
            played = state.clone()
            played.apply(action)
            assert bool(played.completions()) == (action in completing(state))


def agree(config: GameConfig, seed: int, take_abbeys: bool = False) -> tuple[int, int]:
    """Every placement of every tile decision of a random game, asked and played out; returns
    (placements, completing ones)."""
    state, rng = GameState.new(config, seed=seed), random.Random(seed)
    asked = completes = 0
    while not state.is_over:
        actions = state.legal_actions()
        if state.pending.kind == "tile":
            for action in actions:
                played = state.clone()
                played.apply(action)
                assert state.would_complete(action) == bool(played.completions()), action
                asked += 1
                completes += bool(played.completions())
        placements = [a for a in actions if type(a) is PlaceTile]
        if take_abbeys and state.pending.kind == "draw" and placements:
            state.apply(placements[0])  # the abbey, whenever offered
        else:
            state.apply(rng.choice(actions))
    return asked, completes


@pytest.mark.parametrize(
    "expansions, take_abbeys",
    [
        (["river"], False),
        (["abbot"], False),
        (["inns-cathedrals"], False),
        (["abbey-mayor"], True),
        (["river", "abbot", "abbey-mayor", "inns-cathedrals"], True),
    ],
    ids=["river", "abbot", "inns-cathedrals", "abbey-mayor", "all"],
)
def test_every_placement_agrees_with_playing_it_out(expansions, take_abbeys):
    # no skip: the README's set-up installs every expansion of this repository
    config = GameConfig(players=3, expansions=expansions, seed=2)
    asked, completes = agree(config, 2, take_abbeys)
    assert asked > 1000 and 50 < completes < asked  # both answers met


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_base_games_agree(seed, players):
    asked, completes = agree(GameConfig(players=players, seed=seed), seed)
    assert completes < asked
