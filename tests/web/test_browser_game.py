"""End to end in headless Chromium: two browsers and a bot play a whole game with every shipped
expansion by clicking; one browser reloads in the middle and goes on; an illegal click shows
the engine's reason; the final board is saved as a screenshot (printed, for CI's artifacts)."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

from carcassonne.record import load_record

from .clicks import EXPANSIONS, Player, create_in_lobby


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as answer:
        data: bytes = answer.read()
        return data


def test_two_browsers_and_a_bot_play_a_whole_game(
    server: str, browser: Any, artifacts: Path
) -> None:
    rng = random.Random(14)
    ann_context = browser.new_context(viewport={"width": 1280, "height": 800})
    bob_context = browser.new_context(viewport={"width": 1280, "height": 800})
    ann_page, bob_page = ann_context.new_page(), bob_context.new_page()
    errors: list[str] = []
    for page in (ann_page, bob_page):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = create_in_lobby(ann_page, server)

    # the game is in the lobby's list, and bob takes seat 2 through ann's link
    invite = ann_page.input_value('input[data-invite="1"]')
    assert invite == f"{server}/?game={game_id}&seat=2"
    bob_page.goto(invite)
    bob_page.fill("#join-name", "bob")
    bob_page.click("#join-button")
    bob_page.wait_for_selector("#board svg")
    ann_page.wait_for_function("document.querySelector('[data-invite]') === null")

    ann, bob = Player(ann_page, rng), Player(bob_page, rng)
    assert ann.body("seat") == "0" and bob.body("seat") == "1"

    # an illegal click: ann's tile onto the start tile; the engine's reason is shown in words
    ann_page.wait_for_function("document.body.dataset.decision === 'tile'", timeout=20000)
    start = ann_page.eval_on_selector(
        'use.tile[data-x="0"][data-y="0"]',
        "n => { const r = n.getBoundingClientRect(); "
        "return [r.x + r.width / 2, r.y + r.height / 2]; }",
    )
    seq = ann.body("seq")
    ann_page.mouse.click(*start)
    ann_page.wait_for_function("!document.getElementById('toast').hidden")
    shown = ann.toast()
    assert shown is not None
    assert shown.startswith("That move is not allowed: illegal action tile ")
    assert shown.endswith(" 0,0 r0: 0,0 is already taken"), shown
    assert ann.body("seq") == seq  # nothing changed

    reloaded = False
    deadline = time.monotonic() + 240
    while not ann.over():
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for player in (ann, bob):
            if not player.over() and player.to_move():
                player.play_one()
                moved = True
        if not reloaded and bob.moves >= 6:
            # bob reloads: the token kept by his browser puts him back on his seat
            log_lines = bob_page.locator("#log > li").count()
            bob_page.reload()
            bob_page.wait_for_selector("#board svg")
            bob_page.wait_for_function("document.body.dataset.seat === '1'")
            bob_page.wait_for_function(
                f"document.querySelectorAll('#log > li').length >= {log_lines}"
            )
            reloaded = True
        if not moved:
            time.sleep(0.05)
    assert reloaded and ann.moves > 10 and bob.moves > 10

    # the end as both browsers show it: the ranking with points by source, the record
    for page in (ann_page, bob_page):
        page.wait_for_selector("#ranking")
    record_text = fetch(f"{server}/api/games/{game_id}/record").decode()
    outcome = load_record(record_text, text=True).outcome()
    shown_scores = ann_page.eval_on_selector_all(
        ".players .score", "nodes => nodes.map(n => Number(n.dataset.score))"
    )
    assert shown_scores == list(outcome.scores)
    totals = ann_page.eval_on_selector_all(
        "#ranking tfoot td",
        "cells => cells.map(c => [Number(c.dataset.player), c.textContent])",
    )
    assert sorted(totals) == [[i, str(score)] for i, score in enumerate(outcome.scores)]
    by_source = ann_page.eval_on_selector_all(
        "#ranking tbody tr",
        "rows => rows.map(r => [r.firstElementChild.textContent, r.children.length])",
    )
    sources = sorted({source for points in outcome.points for source in points})
    assert by_source == [[source, 1 + len(outcome.scores)] for source in sources]
    href = ann_page.get_attribute("#record-link", "href")
    assert fetch(server + href).decode() == record_text
    details = json.loads(fetch(f"{server}/api/games/{game_id}"))
    assert details["game"]["status"] == "over"
    assert sorted(details["game"]["expansions"]) == EXPANSIONS
    assert not errors, errors

    # what the two people played besides tiles and meeples (random clicks: informative only)
    history = json.loads(fetch(f"{server}/api/games/{game_id}/history"))
    played = [e["text"] for e in history["entries"] if e["seat"] in (0, 1)]
    kinds = {
        "abbey into a hole": sum(t.startswith("tile AM/A ") for t in played),
        "abbot returned": sum(t.startswith("abbot-return") for t in played),
        "other figures": sum(t.startswith("figure ") and " meeple " not in t for t in played),
        "no figure": played.count("pass"),
    }
    print(f"the people's moves by clicking: {len(played)}; {kinds}")

    shot = artifacts / "web-final-board.png"
    ann_page.screenshot(path=str(shot))
    print(f"final board screenshot: {shot}")
    ann_context.close()
    bob_context.close()
