"""The feature kinds the core registers. Plugins register others (``river``, ``garden``, ...)."""

from __future__ import annotations

from carcassonne.tileset.model import Attribute, FeatureKind

SHIELDS = Attribute("shields", "shield", glyph="+", marker="shield")

CITY = FeatureKind(
    "city",
    "sides",
    edge="city",
    completion="edges",
    attributes=frozenset({SHIELDS.name}),
    attribute_info=(SHIELDS,),
    glyph="#",
)
ROAD = FeatureKind("road", "sides", edge="road", banks=True, completion="edges")
FIELD = FeatureKind("field", "halves", borders=True, glyph=".")
MONASTERY = FeatureKind("monastery", "center", completion="surround", glyph="M")

CORE_KINDS: dict[str, FeatureKind] = {k.name: k for k in (CITY, ROAD, FIELD, MONASTERY)}
