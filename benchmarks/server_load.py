"""Load test of the game server (loopback only, bounded in time): N concurrent games of scripted
WebSocket clients and bots against a real ``carcassonne serve --http`` process, on SQLite and
on PostgreSQL. One command, at most about 2 minutes per store:

    python benchmarks/server_load.py                      # 100 games, both stores, 60 s each
    python benchmarks/server_load.py --store sqlite --games 10 --seconds 20
    python benchmarks/server_load.py --store postgresql --db postgresql://USER@127.0.0.1:PORT/postgres

The games (docs/server.md, "Load"): game ``i`` has a scripted client on seat 0 and, on seat 1,
the random bot (even ``i``) or a second scripted client (odd ``i``); every fifth game also has
a spectator. Before the server starts, every game is written to a fresh database with a random
prefix of 0 to 130 random moves (a base game has about 140), so the games are spread over all
phases of a game, as on a server that has been running for a while, and the view sizes are the
average's, not the small ones of fresh games. When a game ends, its table starts a new game
(over REST, from move 0) so that N games are always being played.

Pacing: a scripted client waits ``think`` x uniform(0.5, 1.5) seconds before each decision (the
tile, then the figure); a bot waits ``think`` (the game's ``bot_think``) and then thinks in the
server's pool. With the default ``--think 1`` a game makes about one move per second, several
times faster than people play (several seconds per tile), so this is a heavy load.

Measured over a window of ``--seconds`` after ``--warmup`` seconds (all clients connected):
accepted moves per second (every seat, bots included); the latency of ``apply`` as the client
sees it, from sending it to receiving its own answer (``ok``, sent after the ``update``), p50
and p99; the CPU time of the server process per accepted move (``/proc``: user + system, all
its threads), which does not depend on what else the machine is doing; the CPU the clients
(this process) used; the load average. ``--think 0`` is a saturation test.

With ``--store postgresql`` and no ``--db``, a throw-away PostgreSQL cluster is started on a free
loopback port (``initdb`` of the installed server; default settings, so every commit waits for
the disk) and removed at the end. Needs the extras ``server,postgres,server-test``.

``--web`` makes every client also do what the web page does after each ``sync`` and
``update`` (docs/web.md): fetch the board picture of the new ``seq``, and the whole history
unless the update carries the action's log entry and follows the log it holds (a server that
sends no entries: after every update); with ``--changes`` it is the page's own kind of client
(issue 34).

``--stdio N`` measures the stdio protocol instead (``carcassonne serve --stdio``, in this
process): N ``apply`` requests of random 2-player base games (seeds 0, 1, ...), each answered
and written as JSON as ``serve`` does, and prints the CPU time per apply; ``--changes`` asks for
the move's changes instead of the whole state (docs/protocol.md); with the collector's
settings ``serve --stdio`` makes (``carcassonne.collector``) where the tree has them, and the
answer's text written by ``Server.answer_line`` where the tree has it (else ``handle_line`` and
``answer_text``). Load-free, in instructions:
``valgrind --tool=callgrind --toggle-collect=_operator_call python benchmarks/server_load.py
--stdio 300`` counts only the server's answers (divide the total by N). The client picks its move
from the engine's legal actions with a seeded generator, so every revision plays the same
games: run the same file with another checkout's interpreter to compare (issue 34).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import operator
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson  # the server extra installs it; the clients parse every update with it
from websockets.asyncio.client import ClientConnection, connect

from carcassonne.config import GameConfig
from carcassonne.serialize import action_text
from carcassonne.server.storage import GameRow, MoveRow, SeatRow
from carcassonne.server.stores import open_store
from carcassonne.state import GameState

#: Moves written before the server starts: uniformly 0..PREFIX (a base game has about 140).
PREFIX = 130
#: ``--changes``: the WebSocket clients say hello with ``changes`` (their updates carry what
#: changed, docs/server.md), as the stdio clients of ``--stdio N --changes`` ask for it.
CHANGES = False
#: ``--web``: every client does what the web page does after each ``sync`` and ``update``
#: (docs/web.md): it asks for the board picture (``/picture``, with its seat) of the new ``seq``
#: and, unless the update carried its log entry, the history (``/history``), each request
#: waited for before the next message is read.
WEB = False


#: ``--profile``: the server under cProfile, timing the CPU of the event loop's thread.
PROFILED = """
import cProfile, sys, time
from carcassonne.cli.main import main
profile = cProfile.Profile(time.thread_time)
try:
    profile.runcall(main, sys.argv[2:])
except BaseException:
    pass
finally:
    profile.dump_stats(sys.argv[1])
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- PostgreSQL ----------------------------------------------------------------------------


@contextlib.contextmanager
def temporary_postgres() -> Iterator[str]:
    """A PostgreSQL cluster on a free loopback port for the duration (as ``.ci/run`` starts
    one, but with default durability: fsync on, every commit waits for the disk)."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    found = shutil.which("initdb")
    initdb = bins[-1] if bins else (Path(found) if found else None)
    if initdb is None:
        raise SystemExit("no PostgreSQL server installed (apt-get install postgresql) and no --db")
    pgbin = initdb.parent
    folder = Path(tempfile.mkdtemp(prefix="carcassonne-pg-"))
    port = free_port()
    as_root = os.geteuid() == 0
    if as_root:  # PostgreSQL refuses to run as root: its own user runs it
        shutil.chown(folder, "postgres")

    def run(command: str) -> None:
        argv = (
            ["su", "postgres", "-s", "/bin/bash", "-c", command]
            if as_root
            else ["bash", "-c", command]
        )
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)

    data = folder / "data"
    run(f"{pgbin}/initdb -D {data} -U carcassonne --auth=trust -E UTF8")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=50"
    run(f'{pgbin}/pg_ctl -D {data} -l {folder}/log -w -o "{options}" start')
    try:
        yield f"postgresql://carcassonne@127.0.0.1:{port}/postgres"
    finally:
        run(f"{pgbin}/pg_ctl -D {data} -m fast stop")
        shutil.rmtree(folder, ignore_errors=True)


async def fresh_pg(url: str) -> str:
    import asyncpg

    name = "load_" + secrets.token_hex(5)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return url.rpartition("/")[0] + "/" + name


# -- the games -----------------------------------------------------------------------------


def seats_of(i: int) -> list[dict[str, Any]]:
    other = {"kind": "bot", "bot": "random"} if i % 2 == 0 else {"kind": "human"}
    return [{"kind": "human"}, other]


async def prefill(db: str, games: int, think: float, rng: random.Random) -> list[str]:
    """Write ``games`` games with random prefixes straight into the store (the server is not
    running yet), 10 games at a time; their ids, in order."""
    store = open_store(db)
    await store.open()
    prefixes = [rng.randint(0, PREFIX) for _ in range(games)]
    ids = [f"load{i:03d}_{secrets.token_hex(3)}" for i in range(games)]
    gate = asyncio.Semaphore(10)

    async def write(i: int) -> None:
        config = GameConfig(players=2, seed=i)
        described = config.describe()
        del described["seed"]
        now = time.time()
        row = GameRow(ids[i], described, i, False, think, "waiting", 0, now, now)
        seats = [
            SeatRow(n, s["kind"], s.get("bot"), s.get("bot") or f"seat {n}", None)
            for n, s in enumerate(seats_of(i))
        ]
        state = GameState.new(config)
        moves = random.Random(i)
        async with gate:
            await store.create_game(row, seats)
            for seq in range(1, prefixes[i] + 1):
                if state.is_over:
                    break
                action = moves.choice(state.legal_actions())
                who = state.pending.player
                state.apply(action)
                move = MoveRow(seq, who, "action", action_text(action), now)
                await store.append(ids[i], move, state.is_over, "{}")

    try:
        await asyncio.gather(*(write(i) for i in range(games)))
    finally:
        await store.close()
    return ids


@dataclass
class Stats:
    window: tuple[float, float] = (0.0, 0.0)
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    moves: int = 0  # updates seen by seat 0 inside the window (one per accepted change)
    games_finished: int = 0

    def inside(self, t: float) -> bool:
        return self.window[0] <= t < self.window[1]


async def rest(http: httpx.AsyncClient, method: str, path: str, **kw: Any) -> Any:
    """A REST call that waits out the server's rate limit (429) instead of failing, and sends a
    GET again when the server closed the kept-alive connection it went on (idle for uvicorn's
    5 s as the request left), as browsers do."""
    for _ in range(200):
        try:
            answer = await http.request(method, path, **kw)
        except httpx.RemoteProtocolError:
            if method != "GET":
                raise
            continue
        if answer.status_code != 429:
            answer.raise_for_status()
            return answer.json()
        await asyncio.sleep(0.2)
    raise RuntimeError(f"{method} {path}: still rate-limited")


async def player(
    base: str, game: str, seat: int | None, token: str | None, think: float, stop: float,
    stats: Stats, rng: random.Random,
) -> None:  # fmt: skip
    """One client: a seat that plays random legal actions after thinking, or a spectator (no
    seat) that reads. Returns when the game is over or the run ends."""
    async with connect(f"ws://{base}/api/games/{game}/ws", max_size=2**23) as ws:
        hello = {"op": "hello", "seat": seat, "token": token, "id": "h"}
        if CHANGES:
            hello["changes"] = True
        await ws.send(json.dumps(hello))
        if not WEB:
            await play(ws, seat, think, stop, stats, rng)
            return
        # from an address of its own (127.0.0.0/8 is all loopback): the server's REST rate
        # limit is per address, and a browser has its own
        local = f"127.{rng.randrange(1, 255)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        transport = httpx.AsyncHTTPTransport(local_address=local)
        async with httpx.AsyncClient(
            base_url=f"http://{base}", timeout=60, transport=transport
        ) as http:
            await play(ws, seat, think, stop, stats, rng, (http, game))


async def play(
    ws: ClientConnection, seat: int | None, think: float, stop: float, stats: Stats,
    rng: random.Random, web: tuple[httpx.AsyncClient, str] | None = None,
) -> None:  # fmt: skip
    state: dict[str, Any] | None = None
    seq = 0
    logged = -1  # --web: the seq of the log this client holds
    sent_at: float | None = None
    next_id = 0
    while True:
        now = time.monotonic()
        if now >= stop:
            return
        if (seat is not None and state is not None and sent_at is None
                and not state["game_over"] and state["pending"]["player"] == seat):  # fmt: skip
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(state["legal_actions"])["text"]
            next_id += 1
            sent_at = time.monotonic()
            await ws.send(json.dumps({"op": "apply", "id": next_id, "seq": seq, "action": action}))
        try:
            text = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
        except TimeoutError:
            return
        arrived = time.monotonic()
        message = orjson.loads(text)
        kind = message["type"]
        if kind in ("sync", "update"):
            seq = message["seq"]
            if "changes" in message and state is not None:
                # the keys this client reads are whole in the changes (tiles and features,
                # partial there, it does not read)
                state = {**state, **message["changes"]}
            else:
                state = message["state"]
            if kind == "update" and seat == 0 and stats.inside(arrived):
                stats.moves += 1
            if web is not None:  # as the page: the picture of this seq, and the log
                http, game = web
                shown = "" if seat is None else str(seat)
                await rest(http, "GET", f"/api/games/{game}/picture", params={"seat": shown})
                # the update's log entry appended when it follows the log held (a server that
                # sends none: the whole history each seq), the whole history at the end
                if "entry" in message and seq == logged + 1 and not state["game_over"]:
                    logged = seq
                else:
                    answer = await rest(http, "GET", f"/api/games/{game}/history")
                    logged = answer.get("seq", seq)
            if state["game_over"]:
                stats.games_finished += seat == 0
                return
        elif kind == "ok" and sent_at is not None and message["id"] == next_id:
            if stats.inside(sent_at):
                stats.latencies.append(arrived - sent_at)
            sent_at = None
        elif kind == "error":
            code = message["error"]["code"]
            if stats.inside(arrived):
                stats.errors[code] = stats.errors.get(code, 0) + 1
            if message["id"] == next_id:
                sent_at = None


async def table(
    i: int, first_game: str, base: str, http: httpx.AsyncClient, think: float, stop: float,
    stats: Stats,
) -> None:  # fmt: skip
    """Game ``i`` of the run: play it; when it ends, start a fresh one with the same seats."""
    rng = random.Random(i)
    game = first_game
    while time.monotonic() < stop:
        clients = []
        for seat, spec in enumerate(seats_of(i)):
            if spec["kind"] == "human":
                joined = await rest(http, "POST", f"/api/games/{game}/seats/{seat}", json={})
                clients.append(player(base, game, seat, joined["token"], think, stop, stats, rng))
        if i % 5 == 0:
            clients.append(player(base, game, None, None, think, stop, stats, rng))
        await asyncio.gather(*clients)
        if time.monotonic() >= stop:
            return
        created = await rest(
            http, "POST", "/api/games", json={"seats": seats_of(i), "bot_think": think}
        )
        game = created["game"]["id"]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, all its threads (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_store(store: str, db: str, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    folder = tempfile.mkdtemp(prefix="carcassonne-load-")
    try:
        if store == "postgresql":
            db = await fresh_pg(db)
        else:
            db = f"sqlite:///{Path(folder) / 'games.db'}"
        began = time.monotonic()
        ids = await prefill(db, args.games, args.think, rng)
        prefilled = time.monotonic() - began
        port = free_port()
        command = [
            sys.executable, "-m", "carcassonne.cli.main", "serve", "--http", "--port", str(port),
            "--db", db, "--bot-think", str(args.think),
        ]  # fmt: skip
        if args.profile:
            profile = f"{args.profile}.{store}"
            command[1:3] = ["-c", PROFILED, profile]
        server = subprocess.Popen(command)
        base = f"127.0.0.1:{port}"
        try:
            return await drive(server, base, ids, args, store, prefilled)
        finally:
            # SIGINT: uvicorn stops and re-raises it, which a profiled run survives to write out
            server.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
            server.wait(60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def drive(
    server: subprocess.Popen[bytes], base: str, ids: list[str], args: argparse.Namespace,
    store: str, prefilled: float,
) -> dict[str, Any]:  # fmt: skip
    # no keep-alive: a request on a connection the server is closing as idle would fail
    limits = httpx.Limits(max_connections=20, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60, limits=limits) as http:
        for _ in range(600):
            try:
                if (await http.get("/api/openapi.json")).status_code == 200:
                    break
            except httpx.TransportError:
                await asyncio.sleep(0.1)
        stats = Stats()
        start = time.monotonic()
        window_start = start + args.warmup
        stop = window_start + args.seconds
        stats.window = (window_start, stop)
        tables = [
            asyncio.create_task(table(i, g, base, http, args.think, stop, stats))
            for i, g in enumerate(ids)
        ]
        await asyncio.sleep(max(0.0, window_start - time.monotonic()))
        cpu0, own0, load0 = cpu_seconds(server.pid), time.process_time(), os.getloadavg()
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        cpu1, own1, load1 = cpu_seconds(server.pid), time.process_time(), os.getloadavg()
        await asyncio.gather(*tables)
    lat = sorted(stats.latencies)
    seconds = args.seconds
    return {
        "store": store,
        "games": args.games,
        "think": args.think,
        "seconds": seconds,
        "moves": stats.moves,
        "moves_per_s": round(stats.moves / seconds, 1),
        "applies": len(lat),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "server_cpu_s": round(cpu1 - cpu0, 2),
        "server_cpu_ms_per_move": round(1000 * (cpu1 - cpu0) / stats.moves, 2)
        if stats.moves
        else None,
        "clients_cpu_s": round(own1 - own0, 2),
        "load_average": [round(load0[0], 2), round(load1[0], 2)],
        "errors": stats.errors,
        "games_finished": stats.games_finished,
        "prefill_s": round(prefilled, 1),
    }


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    stores = ["sqlite", "postgresql"] if args.store == "both" else [args.store]
    results = []
    with contextlib.ExitStack() as stack:
        pg = args.db
        if "postgresql" in stores and pg is None:
            pg = stack.enter_context(temporary_postgres())
        for store in stores:
            result = await run_store(store, pg or "", args)
            print(json.dumps(result), flush=True)
            results.append(result)
    return results


def _answer(server: Any, line: str) -> str:
    """The answer's text as ``serve`` writes it: ``Server.answer_line`` where the revision has
    it (the answer's text without the copy ``handle_line`` makes for a library caller), else
    ``Server.answer_text`` of ``handle_line`` (the state's text joined from the followed
    view's pieces), else ``dumps``."""
    from carcassonne.serialize import dumps

    answer_line = getattr(server, "answer_line", None)
    if answer_line is not None:
        text: str = answer_line(line)
        return text
    return getattr(server, "answer_text", dumps)(server.handle_line(line))


def stdio_applies(count: int, changes: bool) -> dict[str, Any]:
    """``count`` applies through the stdio protocol's server in this process (module
    docstring): the server's CPU per apply, the client's work (choosing, parsing) left out."""
    from carcassonne import protocol

    tune = getattr(protocol, "tune_gc", None)
    if tune is not None:  # as serve_stdio() does where the tree has it
        tune()
    server = protocol.Server()
    extra = {"changes": True} if changes else {}
    rng = random.Random(1)
    games = 0
    spent = 0.0
    sizes = 0
    for _ in range(count):
        state = server.state
        if state is None or state.is_over:
            line = json.dumps({"op": "new", "seed": games})
            games += 1
            server.handle_line(line)
            state = server.state
            assert state is not None
        line = json.dumps(
            {"op": "apply", "action": action_text(rng.choice(state.legal_actions())), **extra}
        )
        began = time.process_time()
        # operator.call: under ``valgrind --tool=callgrind --toggle-collect=_operator_call``
        # only the server's work is counted (the instructions of the answers, load-free)
        text = operator.call(_answer, server, line)
        spent += time.process_time() - began
        sizes += len(text)
        if '"ok": true' not in text:
            raise SystemExit(f"refused: {line}: {text[:300]}")
    return {
        "applies": count,
        "changes": changes,
        "games": games,
        "cpu_us_per_apply": round(1e6 * spent / count, 1),
        "answer_chars": sizes // count,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--seconds", type=float, default=60, help="measured window (default 60)")
    parser.add_argument("--warmup", type=float, default=15, help="seconds before the window")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each move")
    parser.add_argument("--store", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument(
        "--db", default=None, help="a PostgreSQL server URL (default: a temporary cluster)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the prefixes")
    parser.add_argument(
        "--profile", default=None, help="profile the server's event loop (CPU) into PATH.STORE"
    )
    parser.add_argument(
        "--stdio", type=int, default=None, metavar="N",
        help="measure N stdio applies in this process instead (no server, no store)",
    )  # fmt: skip
    parser.add_argument(
        "--changes", action="store_true", help="clients ask for the changes, not the state"
    )
    parser.add_argument(
        "--web", action="store_true",
        help="clients also fetch the picture and history after each update, as the web page",
    )  # fmt: skip
    args = parser.parse_args(argv)
    global CHANGES, WEB
    CHANGES = args.changes
    WEB = args.web
    if args.stdio is not None:
        print(json.dumps(stdio_applies(args.stdio, args.changes)))
        return 0
    if not 1 <= args.games <= 500:
        parser.error("--games must be from 1 to 500")
    run = asyncio.run
    with contextlib.suppress(ImportError):  # the server extra installs it (not on Windows)
        import uvloop

        run = uvloop.run  # the clients' event loop costs less CPU with it
    results = run(main_async(args))
    print("\n| store | games | think | moves/s | p50 apply | p99 apply | server CPU/move | load |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        load = "-".join(str(x) for x in r["load_average"])
        print(
            f"| {r['store']} | {r['games']} | {r['think']} s | {r['moves_per_s']} "
            f"| {r['p50_ms']} ms | {r['p99_ms']} ms | {r['server_cpu_ms_per_move']} ms | {load} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
