"""A placed tile's segment ``i`` is feature ``placed.order + i`` (docs/hooks.md, "Reading the
game"): the id the Traders & Builders, The Tower and Hills & Sheep use without a query."""

from __future__ import annotations

import random

import pytest

from carcassonne import GameConfig, GameState


@pytest.mark.parametrize("expansions", [[], ["river", "abbot", "abbey-mayor", "inns-cathedrals"]])
def test_a_segment_is_its_tiles_order_plus_its_index(expansions: list[str]) -> None:
    state = GameState.new(GameConfig(players=3, expansions=expansions, seed=11))
    rng = random.Random(11)
    checked = 0
    while not state.is_over and state.turn < 40:
        state.apply(rng.choice(state.legal_actions()))
        for (x, y), placed in state.board.items():
            segments = state.segments(x, y)
            assert [seg.index for _, seg in segments] == list(range(len(placed.rot.features)))
            for feature, seg in segments:
                node = placed.order + seg.index
                assert state.same_feature(node, feature)
                assert state.feature_id(node) == feature
                assert state.same_feature(node, state.feature_at(x, y, seg.location))
                assert state.figures_on(node) == state.figures_on(feature)
                checked += 1
        by_order = [state.board[pos].order for pos in state.placement_order()]
        assert by_order == sorted(set(by_order))  # later tiles, larger orders; none shared
    assert checked > 2000
