"""A game opened from a JCloisterZone file (``POST /api/games`` with ``jcz``) in headless
Chromium: the hand-written Traders & Builders fixture of tests/jcz, cut where Alice has taken
the wine of a city and plays the second part of her turn. The page shows the counters each
player holds with the look their plugin declares (``piece_kinds``), the figures left, and the
second part of the turn, without knowing the expansion."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from carcassonne.plugins import installed_expansions

FIXTURE = Path(__file__).resolve().parents[1] / "jcz/fixtures/traders-builders.jcz"
#: The messages up to the COMMIT of Alice's first part of turn 7 (the 21st message).
CUT = 21

pytestmark = pytest.mark.skipif(
    "traders-builders" not in installed_expansions(), reason="traders-builders is not installed"
)


def _open(server: str) -> str:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["replay"] = data["replay"][:CUT]
    assert data["replay"][-1]["type"] == "COMMIT" and data["replay"][-1]["player"] == 0
    data["gameAnnotations"] = {"drawOrder": data["gameAnnotations"]["drawOrder"][:7]}
    body = json.dumps({"jcz": json.dumps(data)}).encode()
    request = urllib.request.Request(
        f"{server}/api/games", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        game: str = json.load(answer)["game"]["id"]
    return game


def test_goods_held_and_the_second_part_are_shown(
    server: str, browser: Any, artifacts: Path
) -> None:
    game = _open(server)
    page = browser.new_context(viewport={"width": 1200, "height": 760}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/?game={game}")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    assert page.locator("#turn-part").text_content() == "Second part of the turn"
    assert page.locator("#whose-turn").text_content() == "Alice to place the drawn tile"
    alice, bob = page.locator(".player-list .player").all()
    assert alice.locator(".piece.held").count() == 1
    held = alice.locator('.piece.held[data-kind="wine"]')
    assert held.get_attribute("title") == "wine token: 1"
    assert bob.locator(".piece.held").count() == 0
    # Alice's builder stands on her road and Bob's pig in his farmer's field: not in supply
    assert [s.strip() for s in alice.locator(".pieces .piece").all_text_contents()][:2] == [
        "meeple ×6",
        "pig ×1",
    ]
    assert bob.locator(".pieces .piece").all_text_contents() == ["builder ×1", "meeple ×6"]
    page.screenshot(path=str(artifacts / "web-traders-builders.png"))
    assert errors == []
