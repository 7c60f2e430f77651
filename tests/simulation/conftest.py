"""Shared by the simulation tests: a summary without its timing, the one part that depends on
how the games were run."""

from __future__ import annotations

import pytest

TIMING = ("seconds", "games_per_second")


@pytest.fixture(scope="session")
def played():
    """``played(outcome)``: the outcome's summary without the timing."""

    def without_timing(outcome) -> dict:
        summary = outcome.summary()
        for key in TIMING:
            summary.pop(key)
        return summary

    return without_timing
