"""The page's own routes on a real server: ``/`` and its static files, ``/picture`` (the board
with the legal moves placed on it) and ``/history`` (every action with its events)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

STATIC = [
    "app.js",
    "api.js",
    "board.js",
    "changes.js",
    "game.js",
    "lobby.js",
    "panel.js",
    "replay.js",
    "style.css",
]


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers["content-type"], answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["content-type"], exc.read().decode()


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


class Seat:
    """A WebSocket client on one seat."""

    def __init__(self, ws: Any, seat: int, token: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"op": "hello", "seat": seat, "token": token, "id": 1}))
        self.updates: list[dict[str, Any]] = []
        sync = self.until("sync")
        self.seq, self.state = sync["seq"], sync["state"]

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=10))
            if message["type"] == "update":
                self.updates.append(message)
                self.seq, self.state = message["seq"], message["state"]
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message

    def apply(self, action: Any) -> None:
        self.ws.send(json.dumps({"op": "apply", "seq": self.seq, "action": action, "id": 2}))
        self.until("ok")


def test_the_page_and_its_files_are_served(server: str) -> None:
    status, kind, html = get(server + "/")
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert '<script type="module" src="/web/app.js"></script>' in html
    for name in STATIC:
        status, kind, text = get(f"{server}/web/{name}")
        assert status == 200, name
        assert kind.startswith("text/css" if name.endswith(".css") else "text/javascript"), kind
        for module in re.findall(r'from "\./([a-z]+\.js)"', text):
            assert module in STATIC  # every import is served
    assert get(server + "/web/nothing.js")[0] == 404


@pytest.fixture()
def game(server: str) -> Iterator[tuple[str, Seat]]:
    seats = [{"kind": "human", "name": "ann"}, {"kind": "bot", "bot": "greedy"}]
    body = {"seats": seats, "expansions": ["abbot"], "seed": 3, "bot_think": 0}
    game_id = post(server + "/api/games", body)["game"]["id"]
    token = post(f"{server}/api/games/{game_id}/seats/0", {})["token"]
    with connect(server.replace("http", "ws") + f"/api/games/{game_id}/ws") as ws:
        yield game_id, Seat(ws, 0, token)


def picture(server: str, game_id: str, seat: int | None) -> dict[str, Any]:
    query = "" if seat is None else f"?seat={seat}"
    status, _, text = get(f"{server}/api/games/{game_id}/picture{query}")
    assert status == 200, text
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_picture_places_every_legal_move(server: str, game: tuple[str, Seat]) -> None:
    game_id, ann = game
    state = ann.state
    drawn = state["drawn_tile"]
    mine = picture(server, game_id, 0)
    assert mine["seq"] == ann.seq == 0
    assert mine["svg"].startswith("<svg") and 'data-tile="' in mine["svg"]
    assert [m["text"] for m in mine["moves"]] == [a["text"] for a in state["legal_actions"]]
    rotations: dict[tuple[int, int], set[int]] = {}
    for move in mine["moves"]:
        action = move["action"]
        assert move["square"] == [action["x"], action["y"]] and "point" not in move
        rotations.setdefault((action["x"], action["y"]), set()).add(action["rotation"])
    assert set(mine["tile_art"]) == {drawn}
    wanted = {r for rs in rotations.values() for r in rs}
    assert {int(r) for r in mine["tile_art"][drawn]} == wanted
    assert mine["drawn_art"].startswith("<svg")
    assert mine["last_tiles"] == []  # only the start tile, placed by nobody
    assert len(mine["colors"]) == 2

    watcher = picture(server, game_id, None)
    assert watcher["moves"] == [] and watcher["svg"] == mine["svg"]
    assert picture(server, game_id, 1)["moves"] == []  # not the bot's turn
    # every seat but the one deciding, and a spectator, get one same answer (shared per seq)
    assert picture(server, game_id, 1) == watcher
    assert {k: v for k, v in mine.items() if k not in ("moves", "tile_art")} == {
        k: v for k, v in watcher.items() if k not in ("moves", "tile_art")
    }

    # ann places her tile: the figure spots, each labelled with the kind of its feature
    first = state["legal_actions"][0]["action"]
    ann.apply(first)
    spots = picture(server, game_id, 0)
    assert spots["seq"] == 1
    assert spots["last_tiles"] == [{"player": 0, "x": first["x"], "y": first["y"]}]
    placed = next(t for t in ann.state["tiles"] if (t["x"], t["y"]) == (first["x"], first["y"]))
    kinds = {f["id"]: f["kind"] for f in ann.state["features"]}
    assert [m["text"] for m in spots["moves"]] == [a["text"] for a in ann.state["legal_actions"]]
    located = [m for m in spots["moves"] if "point" in m]
    assert located, spots["moves"]
    for move in located:
        action = move["action"]
        assert move["kind"] == kinds[placed["features"][action["location"]]]
        px, py = move["point"]
        assert first["x"] * 100 <= px <= first["x"] * 100 + 100
        assert first["y"] * 100 <= py <= first["y"] * 100 + 100
    assert [m["text"] for m in spots["moves"] if "point" not in m] == ["pass"]


def test_the_history_has_every_action_with_its_events(server: str, game: tuple[str, Seat]) -> None:
    game_id, ann = game
    for _ in range(3):  # ann's tile and figure, then the bot's two moves, three times
        ann.apply(ann.state["legal_actions"][0]["action"])
        while ann.state["pending"]["player"] != 0:
            ann.until("update")
    status, _, text = get(f"{server}/api/games/{game_id}/history")
    assert status == 200
    history = json.loads(text)
    assert history["seq"] == ann.seq and history["outcome"] is None
    told = [
        {"seq": u["seq"], "seat": u["seat"], "text": u["action"]["text"], "events": u["events"]}
        for u in ann.updates
    ]
    # the history adds words (the action's, each event's; {N} names seat N) to what was told
    plain = [
        {
            **{k: v for k, v in e.items() if k != "words"},
            "events": [{k: v for k, v in ev.items() if k != "words"} for ev in e["events"]],
        }
        for e in history["entries"]
    ]
    assert plain == told
    first = history["entries"][0]
    placed = first["events"][0]
    assert placed["type"] == "tile-placed"
    x, y, rotation = placed["x"], placed["y"], placed["rotation"]
    assert first["words"].startswith("place a tile with ")
    assert first["words"].endswith(f" at {x},{y} turned {rotation}°")
    assert placed["words"] == f"{{0}} places {placed['tile']} at {x},{y} turned {rotation}°"


def test_errors_are_named(server: str, game: tuple[str, Seat]) -> None:
    game_id, _ = game
    status, _, text = get(f"{server}/api/games/{game_id}/picture?seat=7")
    assert status == 400
    assert json.loads(text) == {
        "error": {"code": "bad-seat", "message": "seat must be a whole number from 0 to 1, not '7'"}
    }
    for route in ("picture", "history"):
        status, _, text = get(f"{server}/api/games/nope/{route}")
        assert status == 404
        assert json.loads(text)["error"] == {"code": "not-found", "message": "no game 'nope'"}


def test_six_players_get_six_colours(server: str) -> None:
    seats = [{"kind": "human", "name": "ann"}] + [{"kind": "bot", "bot": "random"}] * 5
    body = {"seats": seats, "expansions": ["river", "inns-cathedrals"], "bot_think": 0}
    game_id = post(server + "/api/games", body)["game"]["id"]
    shown = picture(server, game_id, None)
    assert len(shown["colors"]) == 6 and len(set(shown["colors"])) == 6


def test_tile_art_is_remembered_per_tile_type_and_drawn_again_for_another() -> None:
    """The page's tile pictures (``picture``'s ``drawn_art`` and ``tile_art``) are remembered
    by tile and rotation across games of the same tile sets, and are exactly the engine's
    picture of that tile; a game whose tile under the same id differs gets its own."""
    from carcassonne.config import GameConfig
    from carcassonne.server import web
    from carcassonne.svg import tile as tile_picture

    base = GameConfig(players=2, seed=1)
    again = GameConfig(players=3, seed=2)
    tile_id = next(iter(base.tile_types))
    first = web._tile_art(base, tile_id, 90)
    assert first == str(
        tile_picture(base.tile_types[tile_id], 90, size=web.SQUARE, kinds=base.kinds)
    )
    assert web._tile_art(again, tile_id, 90) is first  # the same tile type: not drawn again
    other = GameConfig(players=2, seed=1, expansions=["river"])
    river_tile = next(t for t in other.tile_types if t not in base.tile_types)
    drawn = web._tile_art(other, river_tile, 0)
    assert drawn == str(
        tile_picture(other.tile_types[river_tile], 0, size=web.SQUARE, kinds=other.kinds)
    )
    web._ART[(tile_id, 90)] = (object(), base.kinds, "stale")  # another tile under that id
    assert web._tile_art(base, tile_id, 90) == first


def test_the_picture_of_each_seq_is_the_engines_when_the_board_is_not_drawn_again(
    server: str,
) -> None:
    """With a client following changes, the server knows which changes leave the board as it
    was (a figure not placed, a tile drawn) and answers the picture of the seq before instead
    of drawing it again; the legend is drawn once per game. After each of 40 moves of two
    people, the picture and the legend are exactly the engine's pictures of that state, drawn
    again or not."""
    from carcassonne.config import GameConfig
    from carcassonne.serialize import action_from_text
    from carcassonne.server.web import LEGEND_WIDTH, SQUARE
    from carcassonne.state import GameState
    from carcassonne.svg import board as board_picture
    from carcassonne.svg.legend import legend as legend_picture

    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    body = {"seats": seats, "expansions": ["abbot"], "seed": 5}
    game_id = post(server + "/api/games", body)["game"]["id"]
    tokens = [post(f"{server}/api/games/{game_id}/seats/{n}", {})["token"] for n in (0, 1)]
    local = GameState.new(GameConfig(players=2, seed=5, expansions=["abbot"]))
    legend = str(legend_picture(local, width=LEGEND_WIDTH))
    url = server.replace("http", "ws") + f"/api/games/{game_id}/ws"
    with connect(url) as ann, connect(url) as bob:
        ann.send(json.dumps({"op": "hello", "seat": 0, "token": tokens[0], "changes": True}))
        bob.send(json.dumps({"op": "hello", "seat": 1, "token": tokens[1]}))
        seq, svg, kept = 0, None, 0
        while True:
            message = json.loads(ann.recv(timeout=10))
            assert message["type"] in ("sync", "update", "presence", "ok"), message
            if message["type"] not in ("sync", "update"):
                continue
            if message["type"] == "update":
                local.apply(action_from_text(message["action"]["text"], local))
            seq = message["seq"]
            shown = picture(server, game_id, None)
            assert shown["seq"] == seq  # nothing moves until one of the two does
            assert shown["svg"] == str(
                board_picture(local, highlight=None, last_move=False, size=SQUARE)
            )
            assert shown["legend"] == legend
            kept += shown["svg"] == svg
            svg = shown["svg"]
            if seq == 40:
                break
            # whoever decides: no figure when that is on offer, else the first legal action
            player = local.pending.player
            moves = picture(server, game_id, player)["moves"]
            chosen = next((m for m in moves if m["text"] == "pass"), moves[0])
            apply = {"op": "apply", "seq": seq, "action": chosen["text"]}
            (ann if player == 0 else bob).send(json.dumps(apply))
    assert kept >= 10  # a pass leaves the board as it was: the picture of the seq before
