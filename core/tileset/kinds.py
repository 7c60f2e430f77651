"""The feature kinds the core registers. Plugins register others (``river``, ``garden``, ...)."""

from __future__ import annotations

from carcassonne.tileset.model import FeatureKind

CITY = FeatureKind(
    "city", "sides", edge="city", completion="edges", attributes=frozenset({"shields"})
)
ROAD = FeatureKind("road", "sides", edge="road", banks=True, completion="edges")
FIELD = FeatureKind("field", "halves", borders=True)
MONASTERY = FeatureKind("monastery", "center", completion="surround")

CORE_KINDS: dict[str, FeatureKind] = {k.name: k for k in (CITY, ROAD, FIELD, MONASTERY)}

# Kinds the expansions in this repository register; spelled out here only as documentation of
# their shape for tests of the tile format. The expansions own the real definitions.
RIVER_SHAPE = FeatureKind(
    "river", "sides", edge="river", banks=True, occupiable=False, provider="river"
)
GARDEN_SHAPE = FeatureKind("garden", "center", completion="surround", provider="abbot")
ABBEY_SHAPE = FeatureKind(
    "abbey", "sides", edge="abbey", wildcard=True, occupiable=False, provider="abbey-mayor"
)
