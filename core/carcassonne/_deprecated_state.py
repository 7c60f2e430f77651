"""``GameState`` queries removed without a deprecation in 027847d (the plugin API's first
cut, when the union-find moved to ``carcassonne.features``), back as deprecated aliases of
their replacements: each call warns with a ``DeprecationWarning`` naming the replacement
(docs/compatibility.md). They may go in a minor release after 0.1.0 (CHANGELOG.md).

A segment's node id of the old API is what a feature id is now: ``feature_at`` answers one,
and every query taking a feature accepts any id of it.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, cast

from carcassonne.errors import CarcassonneError

if TYPE_CHECKING:
    # the layer that has the queries (not carcassonne.state, which imports this module)
    from carcassonne.gamestate.queries import Queries as GameState
    from carcassonne.tileset.model import RotatedFeature
    from carcassonne.values import Figure

SINCE = "0.1.0"

#: Old name -> what to use instead (the table of CHANGELOG.md and the warnings).
DEPRECATED_QUERIES: dict[str, str] = {
    "find": "state.feature_id(feature)",
    "node_at": "state.feature_at(x, y, location)",
    "segment": "state.segments(x, y) (the (feature, segment) pairs of a tile)",
    "location_of": "the segment's location: state.segments(x, y)",
    "figure_location": "figure.location",
}


def _warn(name: str) -> None:
    warnings.warn(
        f"GameState.{name}() is deprecated since {SINCE}; use {DEPRECATED_QUERIES[name]}",
        DeprecationWarning,
        stacklevel=3,
    )


def _state(queries: DeprecatedQueries) -> GameState:
    return cast("GameState", queries)


def _segment(state: GameState, node: int) -> RotatedFeature:
    for placed in state.board.values():
        features = placed.rot.features
        if placed.order <= node < placed.order + len(features):
            return features[node - placed.order]
    raise CarcassonneError(f"no segment {node} on the board")


class DeprecatedQueries:
    """The removed queries, as deprecated aliases (a base class of ``GameState``)."""

    __slots__ = ()

    def find(self, node: int) -> int:
        """Deprecated: :meth:`GameState.feature_id`."""
        _warn("find")
        return _state(self).feature_id(node)

    def node_at(self, x: int, y: int, location: str) -> int:
        """Deprecated: :meth:`GameState.feature_at`."""
        _warn("node_at")
        return _state(self).feature_at(x, y, location)

    def segment(self, node: int) -> RotatedFeature:
        """Deprecated: the segment of a node id; :meth:`GameState.segments` lists a tile's."""
        _warn("segment")
        return _segment(_state(self), node)

    def location_of(self, node: int) -> str:
        """Deprecated: the location of a node id's segment (``segment.location``)."""
        _warn("location_of")
        return _segment(_state(self), node).location

    def figure_location(self, figure: Figure) -> str:
        """Deprecated: ``figure.location``."""
        _warn("figure_location")
        return figure.location
