"""The page draws the general mechanics without knowing any expansion: the test plugins of
``tests/mechanics/plugins.py``, installed as expansions by entry point (``mechanics.py``), in
a real server; two people play over the WebSocket from here until the board has pieces,
prisoners and a tile under another (or a second part of a turn and tiles set aside), and the
page, watching, shows each of them."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .mechanics import install

httpx = pytest.importorskip("httpx", reason="the server-test extra is not installed")
ws_sync = pytest.importorskip("websockets.sync.client", reason="the server extra is missing")


@pytest.fixture(scope="module")
def mech_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that has the test plugins as expansions."""
    folder = tmp_path_factory.mktemp("mechanics")
    env = install(folder)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [
        sys.executable, "-m", "carcassonne.cli.main", "serve", "--http", "--port", str(port),
        "--db", f"sqlite:///{folder / 'games.db'}", "--bot-think", "0",
    ]  # fmt: skip
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped: {proc.stderr.read()}")  # type: ignore[union-attr]
        try:
            with urllib.request.urlopen(base + "/api/expansions", timeout=2) as answer:
                names = {e["name"] for e in json.load(answer)["expansions"]}
            assert "t-tower" in names, names
            break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


class Seat:
    """A person's connection: sends moves, follows updates."""

    def __init__(self, base: str, game: str, seat: int) -> None:
        token = httpx.post(f"{base}/api/games/{game}/seats/{seat}", json={"name": f"p{seat}"})
        assert token.status_code == 200, token.text
        url = base.replace("http://", "ws://") + f"/api/games/{game}/ws"
        self.conn = ws_sync.connect(url, max_queue=None).__enter__()
        self.ids = 0
        self.state: dict[str, Any] = {}
        self.seq = -1
        self.send({"op": "hello", "seat": seat, "token": token.json()["token"], "seq": None})
        self.wait(lambda m: m["type"] == "sync")

    def send(self, message: dict[str, Any]) -> int:
        self.ids += 1
        self.conn.send(json.dumps({**message, "id": self.ids}))
        return self.ids

    def wait(self, done: Any) -> dict[str, Any]:
        """Read messages until ``done(message)``; an error message fails the test."""
        while True:
            message = json.loads(self.conn.recv(timeout=20))
            if message["type"] in ("sync", "update"):
                self.seq, self.state = message["seq"], message["state"]
            if message["type"] == "error":
                raise AssertionError(message)
            if done(message):
                return message

    def follow(self, seq: int) -> None:
        """Read updates until this connection has seen ``seq``."""
        if self.seq < seq:
            self.wait(lambda m: self.seq >= seq)


def play_until(
    base: str, expansions: list[str], seed: int, policy: Any, goal: Any
) -> tuple[str, dict[str, Any]]:
    """A game of two people playing ``policy``'s moves until ``goal(state)``: its id and the
    state then (seat 0's view)."""
    created = httpx.post(
        f"{base}/api/games",
        json={
            "seats": [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}],
            "expansions": expansions,
            "seed": seed,
        },
    )
    assert created.status_code == 201, created.text
    game = created.json()["game"]["id"]
    seats = [Seat(base, game, 0), Seat(base, game, 1)]
    rng = random.Random(seed)
    for _ in range(300):
        state = seats[0].state
        if goal(state):
            break
        assert not state["game_over"], "the game ended before it showed what the test needs"
        mover = seats[state["pending"]["player"]]
        mover.follow(seats[0].seq)
        rid = mover.send({"op": "apply", "seq": mover.seq, "action": policy(state, rng)})
        done = mover.wait(lambda m, rid=rid: m.get("id") == rid and m["type"] == "ok")
        seats[0].follow(done["seq"])
    else:
        raise AssertionError("300 moves and the goal was not reached")
    for seat in seats:
        seat.conn.close()
    return game, seats[0].state


def towers_and_sheep(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = [a["action"] for a in state["legal_actions"]]
    wanted = [
        a for a in legal if a["type"] in ("t-floor", "t-capture") or a.get("figure") == "shepherd"
    ]
    return rng.choice(wanted) if wanted and rng.random() < 0.8 else rng.choice(legal)


def builders(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = [a["action"] for a in state["legal_actions"]]
    wanted = [a for a in legal if a.get("figure") == "t-builder"]
    return rng.choice(wanted or legal)


def watch(browser: Any, base: str, game: str, size: dict[str, int]) -> Any:
    page = browser.new_context(viewport=size).new_page()
    page.goto(f"{base}/?game={game}")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    return page


def test_the_page_draws_pieces_and_lists_prisoners_and_tiles_under(
    mech_server: str, browser: Any, artifacts: Path
) -> None:
    def goal(state: dict[str, Any]) -> bool:
        kinds = {p["kind"] for p in state["pieces"]}
        return (
            {"floor", "sheep"} <= kinds
            and bool(state["prisoners"])
            and bool(state["under"])
            and state["pending"]["kind"] == "tile"
        )

    expansions = ["t-tower", "t-sheep", "t-goods", "t-hill"]
    game, state = play_until(mech_server, expansions, 14, towers_and_sheep, goal)
    page = watch(browser, mech_server, game, {"width": 1280, "height": 800})
    page.wait_for_function(
        f"document.querySelectorAll('#board .board-piece').length === {len(state['pieces'])}"
    )
    drawn = page.evaluate(
        "[...document.querySelectorAll('#board .board-piece')].map(g => "
        "[g.dataset.kind, g.dataset.owner, g.dataset.x, g.dataset.y,"
        " g.querySelector('title').textContent,"
        " g.querySelector('circle,rect,polygon').getAttribute('fill')])"
    )
    colors = httpx.get(f"{mech_server}/api/games/{game}/picture").json()["colors"]
    expected = []
    for p in state["pieces"]:
        owner = "neutral" if p["owner"] is None else str(p["owner"])
        title = p["label"] if p["owner"] is None else f"{p['label']} (player {p['owner'] + 1})"
        fill = p["colour"] if p["owner"] is None else colors[p["owner"]]
        expected.append([p["kind"], owner, str(p["x"]), str(p["y"]), title, fill])
    assert drawn == expected
    # the mark of each kind: a floor is a square, a sheep a disc (from the plugins' PieceKind)
    assert page.locator("#board .board-piece.mark-square[data-kind=floor]").count() == sum(
        1 for p in state["pieces"] if p["kind"] == "floor"
    )
    assert page.locator("#board .board-piece.mark-disc[data-kind=sheep]").count() == sum(
        1 for p in state["pieces"] if p["kind"] == "sheep"
    )
    legend = page.evaluate(
        "[...document.querySelectorAll('#legend .legend-entry')].map(e => [e.dataset.kind,"
        " e.querySelector('.legend-label').textContent"
        " + (e.querySelector('.legend-count')?.textContent ?? '')])"
    )
    counts: dict[str, int] = {}
    for p in state["pieces"]:
        counts[p["kind"]] = counts.get(p["kind"], 0) + 1
    labels = {p["kind"]: p["label"] for p in state["pieces"]}
    assert legend == [
        [kind, labels[kind] + (f" ×{n}" if n > 1 else "")] for kind, n in counts.items()
    ]
    names = ["p0", "p1"]  # the names the seats joined with
    prisoners = page.evaluate(
        "[...document.querySelectorAll('#prisoners .prisoner')].map(e => e.textContent)"
    )
    assert prisoners == [
        f"{names[p['player']]}'s {p['kind']}, held by {names[p['captor']]}"
        for p in state["prisoners"]
    ]
    total = sum(u["count"] for u in state["under"])
    assert page.locator("#under").get_attribute("data-count") == str(total)
    assert page.locator("#under b").text_content() == str(total)
    assert page.locator("#turn-part").count() == 0  # the first part of a turn says nothing
    page.screenshot(path=str(artifacts / "web-mechanics.png"))


def test_the_page_says_second_part_of_the_turn_and_lists_tiles_set_aside(
    mech_server: str, browser: Any, artifacts: Path
) -> None:
    def goal(state: dict[str, Any]) -> bool:
        return (
            state["turn_part"] > 0
            and bool(state["set_aside"])
            and state["pending"]["kind"] == "tile"
        )

    game, state = play_until(mech_server, ["t-builder", "t-volcano"], 16, builders, goal)
    page = watch(browser, mech_server, game, {"width": 1000, "height": 700})
    page.wait_for_selector("#turn-part")
    assert page.locator("#turn-part").text_content() == "Second part of the turn"
    assert page.locator("#set-aside .aside-tile").all_text_contents() == state["set_aside"]
    assert page.locator("#under").count() == 0 and page.locator("#prisoners").count() == 0
    page.screenshot(path=str(artifacts / "web-turn-part.png"))
