"""A move that names another player shows that player's name on its button, never a seat
number: the server writes every seat field of an action (``player`` and the fields a plugin
annotates ``Seat``) as ``{N}`` and the page puts the seat's name in. Played with the Tower's
ransom (its ``captor`` field) in a game opened from a ``.jcz`` file in headless Chromium, whose
log lists the file's moves in words."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from carcassonne import Draw, GameConfig, GameState, PlaceFigure, PlaceTile
from carcassonne.jcz import dump_jcz
from carcassonne.plugins import installed_expansions
from carcassonne.values import ForcedChance, ForcedDraw

pytestmark = pytest.mark.skipif(
    "tower" not in installed_expansions(), reason="the tower expansion is not installed"
)


def _game() -> GameState:
    """Bob's tower takes Alice's farmer; Alice raises a tower of her own: she decides a
    capture and may pay Bob a ransom for her farmer."""
    config = GameConfig(players=2, names=("Alice", "Bob"), expansions=("tower",), seed=1)
    state = GameState.new(config)

    def lay(tile: str, x: int, y: int, rotation: int) -> None:
        state.force_draw(tile)
        if state.pending.kind == "draw":
            state.apply(Draw())
        state.apply(PlaceTile(tile, x, y, rotation))

    def act(text: str) -> None:
        state.apply(next(a for a in state.legal_actions() if str(a) == text))

    lay("BA/C", 0, -1, 180)
    state.apply(PlaceFigure("meeple", 0, -1, "S"))
    lay("TO/RCr", 1, 0, 0)
    state.apply(PlaceFigure("meeple", 1, 0, "E"))
    lay("BA/RFr", 2, 0, 0)
    state.apply(PlaceFigure("meeple", 2, 0, "NL"))
    lay("BA/RFr", -1, 0, 0)
    act("tower-floor 1,0")
    act("tower-capture 0 meeple 2,0 NL")
    lay("TO/C", 1, 1, 180)
    act("tower-floor 1,0")
    return state


def test_the_ransom_button_names_the_captor(server: str, browser: Any, artifacts: Path) -> None:
    state = _game()
    ransom = [a for a in state.legal_actions() if a.verb == "tower-ransom"]
    assert [str(a) for a in ransom] == ["tower-ransom 1 meeple"]
    body = json.dumps({"jcz": dump_jcz(state)}).encode()
    request = urllib.request.Request(
        f"{server}/api/games", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        game = json.load(answer)["game"]["id"]
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/?game={game}&seat=1")
    page.fill("#join-name", "Alice")
    page.click("#join-button")
    button = page.locator('.move-button[data-text="tower-ransom 1 meeple"]')
    button.wait_for()
    assert button.text_content() == "Tower ransom: captor Bob, meeple"
    labels = page.locator(".all-moves li button").all_text_contents()
    assert "tower ransom: captor Bob, meeple" in labels
    assert not [t for t in labels if re.search(r"\bseat \d", t)]
    # a spot on the board that is not a figure's is labelled in words, with the names
    points = page.eval_on_selector_all(".move-point text", "ns => ns.map(n => n.textContent)")
    assert points == ["tower capture: Bob's meeple at the road at 1,0 E"]
    # the log lists the file's moves: the game goes on from them (its history begins there)
    played = [a for a in state.log if not isinstance(a, ForcedDraw | ForcedChance)]
    page.wait_for_function(f"document.querySelectorAll('#log > li.entry').length === {len(played)}")
    words = page.locator("#log > li.entry .words").all_text_contents()
    assert words[:2] == [
        "place a tile with a city at 0,-1 turned 180°",
        "put a meeple on the city at 0,-1 S",
    ]
    assert words[8] == "tower capture: Alice's meeple at the field at 2,0 NL"
    assert errors == []
    page.screenshot(path=str(artifacts / "web-seat-names.png"))
