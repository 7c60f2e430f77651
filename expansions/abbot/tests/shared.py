"""What several test modules of the Abbot share."""

from __future__ import annotations

import pytest

from carcassonne.plugins import installed_expansions

#: examples.md AB-01 without its last tile: a garden at (0,0) with seven of its eight neighbours.
AB01_BOARD = [
    "BA/RFrG @(0,0) r0",
    "BA/C @(0,-1) r0",
    "BA/C @(-1,-1) r0",
    "BA/C @(1,-1) r0",
    "BA/RFr @(-1,0) r0",
    "BA/RFr @(1,0) r0",
    "BA/L @(0,1) r0",
    "BA/L @(-1,1) r0",
]


def usable_expansion(wanted: str) -> str:
    """The entry-point name of an installed expansion that loads, else skip the test."""
    for name, entry_point in installed_expansions().items():
        if name.replace("-", "_") == wanted:
            try:
                entry_point.load()
            except Exception as exc:  # another engineer's expansion may be unfinished
                pytest.skip(f"expansion {name} does not load yet: {exc}")
            return name
    pytest.skip(f"expansion {wanted} is not installed")
