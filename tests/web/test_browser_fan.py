"""A fan's expansion in the browser: offered by the lobby (from the server's list), its tile
drawn, placed and given a figure, all drawn from its tile data. It needs a fan expansion
installed (``.ci/run`` installs one made by ``carcassonne new expansion`` and names it in
``CARCASSONNE_WEB_FAN``); without one the test is skipped, unless that variable is set."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from carcassonne.config import GameConfig
from carcassonne.plugins import installed_expansions
from carcassonne.state import GameState

from .clicks import Player, create_in_lobby

SHIPPED = {"abbey-mayor", "abbot", "inns-cathedrals", "river"}
NAMED = os.environ.get("CARCASSONNE_WEB_FAN")


def fan_expansion() -> str:
    if NAMED:
        return NAMED
    fans = sorted(set(installed_expansions()) - SHIPPED)
    if not fans:
        pytest.skip("no fan expansion is installed (CARCASSONNE_WEB_FAN names one in CI)")
    return fans[0]


def seed_with_a_fan_tile_first(fan: str) -> tuple[int, str]:
    """A seed whose first drawn tile is one of the fan's (the game the lobby creates: three
    players, the fan's expansion)."""
    base = set(GameConfig(players=3).tile_types)
    for seed in range(2000):
        state = GameState.new(GameConfig(players=3, expansions=[fan], seed=seed))
        if state.drawn not in base:
            return seed, str(state.drawn)
    raise AssertionError(f"no seed in 0..1999 draws a tile of {fan} first")


def test_a_fans_tile_is_played_from_its_tile_data(server: str, browser: Any) -> None:
    fan = fan_expansion()
    seed, tile = seed_with_a_fan_tile_first(fan)
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_in_lobby(page, server, expansions=[fan], seed=seed)
    page.wait_for_function("document.body.dataset.decision === 'tile'")
    assert page.get_attribute("#drawn", "data-tile") == tile
    assert page.locator("#drawn .rotation svg").count() >= 1  # its legal rotations, drawn

    player = Player(page, random.Random(1))
    # Playwright's click waits until the square stands still and receives the click (a square
    # measured first and clicked later could have moved under load, and the click missed)
    page.locator(".move-square").first.click()
    page.wait_for_function("!document.getElementById('confirm').disabled")
    # Confirm twice before any answer can come: one move goes out, the second is held back
    page.evaluate(
        "(() => { const b = document.getElementById('confirm'); b.click(); b.click(); })()"
    )
    assert page.evaluate("document.getElementById('toast').className") == "toast info"
    assert player.toast() == "Your last move is still on its way."
    page.wait_for_function("document.body.dataset.decision === 'figure'")
    # the log's words come with the history (fetched after each update): wait for its line
    page.wait_for_function("document.querySelectorAll('#log > li').length > 0")
    assert page.locator("#log > li").count() == 1  # one tile placed, nothing refused
    placed = GameConfig(players=3, expansions=[fan]).tile_types[tile]
    kinds = {feature.kind for feature in placed.rotations[0].features}
    labels = set(page.eval_on_selector_all(".move-point", "ns => ns.map(n => n.dataset.kind)"))
    assert labels and labels <= kinds, (labels, kinds)

    spot = page.eval_on_selector(
        ".move-point circle",
        "n => { const r = n.getBoundingClientRect(); "
        "return [r.x + r.width / 2, r.y + r.height / 2]; }",
    )
    seq = player.body("seq")
    page.mouse.click(*spot)
    page.keyboard.press("Enter")
    page.wait_for_function("seq => document.body.dataset.seq !== seq", arg=seq)
    # ann's figure, on the fan's tile: in words, the notation as the tooltip
    entry = page.locator(f'#log li[data-seq="{int(seq) + 1}"] .words')
    assert entry.inner_text().startswith("put a meeple on the ")
    assert (entry.get_attribute("title") or "").startswith("figure meeple ")
    assert not errors, errors
