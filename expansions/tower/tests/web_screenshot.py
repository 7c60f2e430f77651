"""The web page in the middle of a game with the Tower (docs/pictures/tower-web.png): Alice has
just raised her tower to height 2 and chooses whom to capture; the page shades the tower's line
of sight, marks Bob's highwayman in it, lists Bob's prisoner (Alice's farmer) and offers the
ransom. Taken from a real server in headless Chromium:

    python expansions/tower/tests/web_screenshot.py docs/pictures   # server and web-test extras
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from carcassonne import Draw, GameConfig, GameState, PlaceFigure, PlaceTile
from carcassonne.jcz import dump_jcz
from carcassonne_tower.common import AddFloor, Capture


def game() -> GameState:
    """Five turns: Bob's highwayman, Alice's farmer, Bob's tower captures the farmer, Alice
    builds her own tower onto his: height 2, and the capture is hers to choose."""
    config = GameConfig(players=2, names=("Alice", "Bob"), expansions=("tower",), seed=1)
    state = GameState.new(config)

    def lay(tile: str, x: int, y: int, rotation: int) -> None:
        state.force_draw(tile)
        if state.pending.kind == "draw":
            state.apply(Draw())
        state.apply(PlaceTile(tile, x, y, rotation))

    lay("BA/C", 0, -1, 180)
    state.apply(PlaceFigure("meeple", 0, -1, "S"))  # Alice: 4 points for the city
    lay("TO/RCr", 1, 0, 0)
    state.apply(PlaceFigure("meeple", 1, 0, "E"))  # Bob: a highwayman
    lay("BA/RFr", 2, 0, 0)
    state.apply(PlaceFigure("meeple", 2, 0, "NL"))  # Alice: a farmer
    lay("BA/RFr", -1, 0, 0)
    state.apply(AddFloor(1, 0))  # Bob: a tower of height 1 takes the farmer
    state.apply(Capture(0, "meeple", 2, 0, "NL"))
    lay("TO/C", 1, 1, 180)
    state.apply(AddFloor(1, 0))  # Alice: height 2
    assert state.pending.kind == "tower-capture" and state.player == 0
    return state


def main(folder: Path) -> None:
    text = dump_jcz(game())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "games.db"
    command = [sys.executable, "-m", "carcassonne.cli.main", "serve", "--http", "--port",
               str(port), "--db", f"sqlite:///{db}"]  # fmt: skip
    server = subprocess.Popen(command)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/expansions", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        body = json.dumps({"jcz": text}).encode()
        request = urllib.request.Request(
            base + "/api/games", body, {"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            game_id = json.loads(answer.read())["game"]["id"]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(f"{base}/?game={game_id}&seat=1")
            page.fill("#join-name", "Alice")
            page.click("#join-button")
            page.wait_for_selector("#board svg .decision-area")
            page.wait_for_timeout(500)
            page.screenshot(path=str(folder / "tower-web.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures"))
