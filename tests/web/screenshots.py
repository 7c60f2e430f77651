"""The screenshots of docs/web.md and the README: the lobby, and a game in progress at laptop and
phone sizes, taken from a real server in headless Chromium.

    python -m tests.web.screenshots docs/pictures     # needs the server and web-test extras

A game of ann, bob and a greedy bot with four expansions, seed 7, played by random clicks
(Player of tests/web/clicks.py) for 30 moves of the two people: a figure step, then on to the
next scoring; then a base game brought over the WebSocket to ann's last answer, which she gives
by clicking: the end. Each at 1366x768 and 390x844 (``web-<what>-<width>.png``).
"""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.web.clicks import Player, create_in_lobby
from tests.web.wsplay import two_people

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "games.db"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "carcassonne.cli.main",
            "serve",
            "--http",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--bot-think",
            "0",
        ]  # fmt: skip
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/expansions", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            ann_page = browser.new_context(viewport=LAPTOP).new_page()
            bob_page = browser.new_context(viewport=PHONE).new_page()
            game = create_in_lobby(ann_page, base, seed=7)
            bob_page.goto(f"{base}/?game={game}&seat=2")
            bob_page.fill("#join-name", "bob")
            bob_page.click("#join-button")
            bob_page.wait_for_selector("#board svg")
            rng = random.Random(7)
            ann, bob = Player(ann_page, rng), Player(bob_page, rng)
            while ann.moves + bob.moves < 30 or ann.body("decision") != "tile":
                for player in (ann, bob):
                    if player.to_move():
                        if ann.moves + bob.moves >= 30 and ann.body("decision") == "tile":
                            break
                        player.play_one()
                time.sleep(0.05)
            # ann's turn to place a tile: a square chosen, the figure spots next
            square = ann_page.eval_on_selector(
                ".move-square",
                "n => { const r = n.getBoundingClientRect(); "
                "return [r.x + r.width / 2, r.y + r.height / 2]; }",
            )
            ann_page.mouse.click(*square)
            ann_page.keyboard.press("Enter")
            ann_page.wait_for_function("document.body.dataset.decision === 'figure'")
            ann_page.wait_for_timeout(500)
            both(ann_page, folder, "figure", fit=False)
            # on to the next scoring of a feature (outlined with the log's words)
            for _ in range(200):
                if ann_page.locator(".scored").count():
                    break
                for player in (ann, bob):
                    if player.to_move() and not player.over():
                        player.play_one()
                time.sleep(0.05)
            ann_page.wait_for_timeout(500)
            both(ann_page, folder, "scoring")
            # the end: ann's own last answer in a base game, the final ranking
            game, seats = two_people(base, seed=5, goal=last_answer)
            end = browser.new_context(viewport=LAPTOP).new_page()
            seat = {"seat": 0, "token": seats[0].token, "name": "ann"}
            held = json.dumps(json.dumps({game: seat}))
            end.add_init_script(f"localStorage.setItem('carcassonne.seats', {held})")
            end.goto(f"{base}/?game={game}")
            end.wait_for_function("document.body.dataset.decision === 'figure'", timeout=60000)
            end.click("#pass")
            end.wait_for_selector("#ranking", timeout=60000)
            end.click("#fit")
            both(end, folder, "end")
            for connection in seats:
                connection.close()
            lobby = browser.new_context(viewport=LAPTOP).new_page()
            lobby.goto(base + "/")
            lobby.fill("#seats li:nth-child(1) .seat-name", "cat")
            lobby.check("#exp-river")
            lobby.check("#exp-abbot")
            lobby.wait_for_selector(".game-list")
            both(lobby, folder, "lobby")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


def both(page: Any, folder: Path, what: str, fit: bool = True) -> None:
    """Screenshots of the page at the laptop's and the phone's size (the board fitted unless
    ``fit`` is false: a figure step shows its tile close up)."""
    # the log shows the seq the page is at (its history answered: a screenshot taken before
    # would show an empty log)
    page.wait_for_function("document.body.dataset.logged === document.body.dataset.seq")
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        if fit and page.locator("#fit").count():
            page.click("#fit")
        page.screenshot(path=str(folder / f"web-{what}-{size['width']}.png"))
    page.set_viewport_size(LAPTOP)


def last_answer(state: dict[str, Any]) -> bool:
    """Ann's figure decision after the last tile: her answer ends the game."""
    pending = state["pending"]
    return (
        not state["game_over"]
        and state["tiles_left"] == 0
        and pending == {**pending, "kind": "figure", "player": 0}
    )


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures"))
