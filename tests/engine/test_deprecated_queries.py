"""The five GameState queries removed in 027847d without a deprecation are back as deprecated
aliases: each warns naming its replacement and answers as the replacement does."""

from __future__ import annotations

import pytest

from carcassonne import CarcassonneError
from carcassonne.testing import RED, board


@pytest.fixture
def state():
    return board(["BA/LR @(-1,0) r270", "BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")])


def test_find_and_node_at_are_feature_id_and_feature_at(state):
    with pytest.deprecated_call(
        match=r"GameState.node_at\(\) is deprecated since 0.1.0; use "
        r"state.feature_at\(x, y, location\)"
    ):
        node = state.node_at(0, 0, "N")
    assert node == state.feature_at(0, 0, "N")
    with pytest.deprecated_call(
        match=r"GameState.find\(\) is deprecated since 0.1.0; use "
        r"state.feature_id\(feature\)"
    ):
        assert state.find(node) == state.feature_id(node)
    with pytest.deprecated_call():
        road = state.find(state.node_at(-1, 0, "E"))
    assert state.same_feature(road, state.feature_at(0, 0, "W"))  # one road over two tiles


def test_segment_and_location_of_name_the_segment(state):
    placed = state.tile_at(0, 0)
    for feature, segment in state.segments(0, 0):
        node = placed.order + segment.index  # a segment's node id, as the old API gave out
        with pytest.deprecated_call(match=r"GameState.segment\(\) is deprecated since 0.1.0"):
            assert state.segment(node) == segment
        with pytest.deprecated_call(match=r"GameState.location_of\(\) is deprecated since 0.1"):
            assert state.location_of(node) == segment.location == segment.locations[0]
        assert state.same_feature(node, feature)
    with pytest.deprecated_call(), pytest.raises(CarcassonneError, match="no segment 999"):
        state.segment(999)


def test_figure_location_is_the_figures_location(state):
    ((_feature, figure),) = state.figures()
    with pytest.deprecated_call(match=r"use figure.location"):
        assert state.figure_location(figure) == figure.location == "N"
