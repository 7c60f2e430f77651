"""Worked examples this engine cannot play yet, kept as failing expectations: when the engine
learns the rule the test fails (``strict``) and the example moves to ``scenarios/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne.scenario import load_scenario, run_scenario

OPEN = Path(__file__).resolve().parent / "open"


def test_the_open_example_fails_where_the_shared_edge_is_missing():
    """What the engine does today: the east city of HS/CC!.v has its east side only, so Blue's
    cap completes it at once (the rules keep it open by the shared north edge)."""
    outcome = run_scenario(load_scenario(OPEN / "hs-12-two-cities-on-one-edge.toml"))
    assert outcome.step == 1
    assert [(m.what, m.got) for m in outcome.mismatches] == [
        ("points", "blue +4  [blue +4 city (completed)]"),
        ("open", "complete"),
    ]


@pytest.mark.xfail(
    strict=True, reason="HS/CC!.v: the tile format has no side shared by two segments"
)
def test_hs12_a_cap_against_the_shared_edge_joins_both_cities():
    outcome = run_scenario(load_scenario(OPEN / "hs-12-two-cities-on-one-edge.toml"))
    assert outcome.mismatches == []
