"""The expansion mixes the environment tests play: each installed expansion alone, all together."""

from __future__ import annotations

MIXES: list[tuple[str, ...]] = [
    (),
    ("river",),
    ("abbot",),
    ("abbey-mayor",),
    ("inns-cathedrals",),
    ("traders-builders",),
    ("hills-sheep",),
    ("river", "abbot", "abbey-mayor", "inns-cathedrals", "traders-builders"),
]
