"""Fit tables (``GameConfig.fit_table``): which rotations of a tile fit a frontier pattern,
answered for every pattern when the table is built, checked against the rule written out
from the tiles' edge names."""

from __future__ import annotations

from itertools import product

import pytest

from carcassonne import GameConfig, GameState

ALL = [
    "river",
    "abbot",
    "abbey-mayor",
    "inns-cathedrals",
    "traders-builders",
    "princess-dragon",
    "tower",
    "hills-sheep",
]


def _fits_by_names(config: GameConfig, tile_id: str, pattern: int) -> tuple[int, ...]:
    """The rotations whose edge on each side equals the neighbour's (by name), where there
    is a neighbour; a wildcard edge (the abbey's) on either side matches anything."""
    names = {code: name for name, code in config.edge_codes.items()}
    wild = config.wildcard_edges
    rotations = []
    for rot in config.tile_types[tile_id].rotations:
        ok = True
        for side in range(4):
            code = (pattern >> (4 * side)) & 15
            if code == 0:
                continue
            need, have = names[code], rot.edges[side]
            ok = ok and (need == have or need in wild or have in wild)
        if ok:
            rotations.append(rot.rotation)
    return tuple(rotations)


@pytest.mark.parametrize("expansions", [[], ALL], ids=["base", "all"])
def test_every_pattern_is_answered_when_the_table_is_built_as_the_edges_say(expansions):
    config = GameConfig(expansions=expansions)
    count = len(config.edge_codes)
    patterns = [
        n | e << 4 | s << 8 | w << 12 for n, e, s, w in product(range(count + 1), repeat=4)
    ]
    for tile_id, tile in config.tile_types.items():
        table = config.fit_table(tile)
        assert len(table) == (count + 1) ** 4, tile_id  # filled, not filling
        for pattern in patterns:
            assert table[pattern] == _fits_by_names(config, tile_id, pattern), (tile_id, pattern)
        assert len(table) == (count + 1) ** 4, tile_id  # no lookup added an entry


def test_a_game_adds_no_pattern_to_the_tables():
    config = GameConfig(players=2, seed=4)
    state = GameState.new(config)
    tables = {tid: config.fit_table(tile) for tid, tile in config.tile_types.items()}
    sizes = {tid: len(table) for tid, table in tables.items()}
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert {tid: len(table) for tid, table in tables.items()} == sizes
    assert set(sizes.values()) == {4**4}  # base: city, field, road and "no neighbour"
