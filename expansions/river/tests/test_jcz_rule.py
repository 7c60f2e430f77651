"""``river.uturn = "jcz"``: JCloisterZone's placement rule, the squares beyond the river's new
end (the next one, the one after it, and the squares beside both) must be free."""

from __future__ import annotations

from carcassonne.testing import board


def _placements(tiles: list[str], tile: str, mode: str) -> list[tuple[int, int, int]]:
    state = board(tiles, expansions=("river",), pile=[tile], **{"river.uturn": mode})
    return sorted(state.legal_tile_placements())


def test_a_tile_beside_the_square_after_the_new_end_refuses_the_placement():
    # the spring at 0,0 flows east; land north of it up to 2,-1, beside 2,0 where a straight
    # river tile at 1,0 would lead
    tiles = ["RI/s @(0,0) r0", "BA/L @(0,-1) r0", "BA/L @(1,-1) r0", "BA/L @(2,-1) r0"]
    assert _placements(tiles, "RI.1/IFI", "strict") == [(1, 0, 0), (1, 0, 180)]
    assert _placements(tiles, "RI.1/IFI", "jcz") == []


def test_free_squares_beyond_the_new_end_allow_it():
    tiles = ["RI/s @(0,0) r0", "BA/L @(0,-1) r0", "BA/L @(1,-1) r0"]
    assert _placements(tiles, "RI.1/IFI", "jcz") == [(1, 0, 0), (1, 0, 180)]


def test_the_refusal_says_why():
    # a curve at 1,0 may turn north (free) but not south, where 0,1 lies beside the next square
    tiles = ["RI/s @(0,0) r0", "BA/L @(0,1) r0"]
    state = board(tiles, expansions=("river",), pile=["RI.1/II"], **{"river.uturn": "jcz"})
    assert sorted(state.legal_tile_placements()) == [(1, 0, 90)]
    refusal = state.why_illegal("tile RI.1/II 1,0 r0")
    assert refusal is not None and refusal.code == "river-u-turn"
    assert refusal.reason == (
        "the squares beyond the river's new end are not free at 1,0 (river.uturn = jcz)"
    )
