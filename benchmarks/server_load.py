"""Load test of the game server (loopback only, bounded): N concurrent games, each with a
scripted WebSocket client on seat 0 and, on seat 1, a bot (every other game) or a second
scripted client. Reports accepted moves per second (all seats, bots included) and the p50/p99
latency of ``apply`` as a client sees it (sending ``apply`` to receiving its ``ok``).

    python benchmarks/server_load.py --games 100 --seconds 30 [--db postgresql://...] [--think 1]

Without ``--db`` the server uses a fresh SQLite file in a temporary folder; with a PostgreSQL
URL it uses a fresh database created there. ``--think``: seconds a scripted client and a bot
wait before each move (uniformly 0.5x-1.5x for clients); 0 is a saturation test. The server is
a separate ``carcassonne serve --http`` process, as in production; the clients run in this one.
Needs the server extras (and postgres for a PostgreSQL URL).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def fresh_pg(url: str) -> str:
    import asyncpg

    name = "load_" + secrets.token_hex(5)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return url.rpartition("/")[0] + "/" + name


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.finished = 0


async def scripted(
    base: str, game: str, seat: int, token: str, think: float, stop: float, stats: Stats
) -> None:
    """Play seat ``seat`` with random legal actions until the game ends or time is up."""
    rng = random.Random(hash((game, seat)))
    async with connect(f"ws://{base}/api/games/{game}/ws", max_size=2**22) as ws:
        await ws.send(json.dumps({"op": "hello", "seat": seat, "token": token, "id": "h"}))
        state: dict[str, Any] | None = None
        seq = 0
        sent: dict[int, float] = {}
        waiting = False
        next_id = 0
        while time.monotonic() < stop:
            if state is not None and not waiting and not state["game_over"]:
                if state["pending"]["player"] == seat:
                    if think:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    action = rng.choice(state["legal_actions"])["text"]
                    next_id += 1
                    sent[next_id] = time.perf_counter()
                    waiting = True
                    await ws.send(
                        json.dumps({"op": "apply", "id": next_id, "seq": seq, "action": action})
                    )
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(text)
            kind = message["type"]
            if kind in ("sync", "update"):
                seq, state = message["seq"], message["state"]
                if state["game_over"]:
                    stats.finished += seat == 0
                    return
            elif kind == "ok" and message["id"] in sent:
                stats.latencies.append(time.perf_counter() - sent.pop(message["id"]))
                waiting = False
            elif kind == "error":
                code = message["error"]["code"]
                stats.errors[code] = stats.errors.get(code, 0) + 1
                sent.pop(message["id"], None)
                waiting = False


async def run(args: argparse.Namespace) -> dict[str, Any]:
    db = args.db
    folder = tempfile.mkdtemp(prefix="carcassonne-load-")
    if db is None:
        db = f"sqlite:///{Path(folder) / 'games.db'}"
    elif db.startswith("postgres"):
        db = await fresh_pg(db)
    port = args.port or free_port()
    command = [
        sys.executable, "-m", "carcassonne.cli.main", "serve", "--http", "--port", str(port),
        "--db", db, "--bot-think", str(args.think),
    ]  # fmt: skip
    server = subprocess.Popen(command) if not args.port else None
    base = f"127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as http:
            for _ in range(300):
                try:
                    if (await http.get("/api/openapi.json")).status_code == 200:
                        break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            players = []
            for i in range(args.games):
                other = {"kind": "bot", "bot": "random"} if i % 2 == 0 else {"kind": "human"}
                answer = await http.post(
                    "/api/games", json={"seats": [{"kind": "human"}, other], "seed": i}
                )
                game = answer.json()["game"]
                for seat in (0,) if i % 2 == 0 else (0, 1):
                    joined = await http.post(f"/api/games/{game['id']}/seats/{seat}", json={})
                    players.append((game["id"], seat, joined.json()["token"]))
            start_seq = await total_seq(http)
            stats = Stats()
            began = time.monotonic()
            stop = began + args.seconds
            await asyncio.gather(
                *(scripted(base, g, s, t, args.think, stop, stats) for g, s, t in players)
            )
            elapsed = time.monotonic() - began
            moves = await total_seq(http) - start_seq
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
    lat = sorted(stats.latencies)
    return {
        "store": "postgresql" if db.startswith("postgres") else "sqlite",
        "games": args.games,
        "think": args.think,
        "seconds": round(elapsed, 1),
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "applies": len(lat),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        "errors": stats.errors,
        "games_finished": stats.finished,
    }


async def total_seq(http: httpx.AsyncClient) -> int:
    games = (await http.get("/api/games", params={"limit": 100})).json()["games"]
    return sum(g["seq"] for g in games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games (at most 100)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each move")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument(
        "--port", type=int, default=0, help="use a server already running on 127.0.0.1:PORT"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100:
        parser.error("--games must be from 1 to 100 (the API lists 100 games at most)")
    print(json.dumps(asyncio.run(run(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
