"""``expect.prisoners`` and ``expect.held`` of scenario files (docs/scenarios.md): exact
prisoners by holder, and pieces players hold by name, checked from a plugin defined here."""

from __future__ import annotations

from carcassonne import GameState, PieceKind, hookimpl
from carcassonne.scenario import parse_scenario, run_scenario


class Coins:
    """Players hold coins: Red 2, Blue 5 (a counter shown by ``carcassonne_held_pieces``)."""

    @hookimpl
    def carcassonne_piece_kinds(self, config: object) -> list[PieceKind]:
        return [PieceKind("coin", "coin", glyph="c", provider="coins")]

    @hookimpl
    def carcassonne_held_pieces(self, state: GameState) -> dict[str, tuple[int, ...]]:
        return {"coin": (2, 5)}


def _run(expect: str) -> list[str]:
    text = f"""
[position]
tiles = ["BA/RCr 0,0 r0"]
prisoners = ["red holds blue meeple", "red holds blue meeple"]

[[step]]
{expect}
"""
    outcome = run_scenario(parse_scenario(text, "t.scenario.toml", [("coins", Coins())]))
    return [f"{m.what}: {m.expected} / {m.got}" for m in outcome.mismatches]


def test_prisoners_and_held_pieces_that_hold_pass():
    assert _run('expect.prisoners = ["red holds blue meeple", "red holds blue meeple"]') == []
    assert _run("expect.held = { coin = { blue = 5 } }") == []
    assert _run("expect.held.coin = [2, 5]") == []


def test_wrong_prisoners_and_held_pieces_fail_with_expected_and_got():
    assert _run('expect.prisoners = ["red holds blue meeple"]') == [
        "prisoners: ['red holds blue meeple'] / ['red holds blue meeple', 'red holds blue meeple']"
    ]
    assert _run("expect.prisoners = []") == [
        "prisoners: none / ['red holds blue meeple', 'red holds blue meeple']"
    ]
    assert _run("expect.held.coin = { red = 3 }") == ["held coin: red 3 / red 2"]
