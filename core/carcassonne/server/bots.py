"""Bots as seats: when a bot's decision is pending, it thinks, then moves like any client.

The bot's choice runs off the event loop, so the loop keeps answering clients while a bot
thinks: the quick bots (``random``, ``greedy``: well under a millisecond a move) in a thread
pool, any other (the search bot, ``mcts``: seconds of pure Python) in a process pool, where
its search cannot hold the interpreter lock that the event loop needs (the state travels
there pickled, a few kB). The move then goes through the same :meth:`Games.commit` as a
person's, based on the ``seq`` the bot looked at, so a bot that was overtaken (an undo, another
process) is refused as stale and simply not played. ``bot_think`` (seconds, per game) is waited
before each move, so that people can follow the game.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import zlib
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from carcassonne.bots import BOTS, make_bot
from carcassonne.server.games import Change, Games, Live, ServerError
from carcassonne.state import GameState

log = logging.getLogger("carcassonne.server")


def bot_names() -> list[str]:
    """The bots a seat may be given (the engine's registry: random, greedy, and any added)."""
    return sorted(BOTS)


#: Bots that choose in well under a millisecond: a thread costs less than a trip to a process.
QUICK_BOTS = frozenset({"random", "greedy"})


def _choose(name: str, seed: int, state: GameState) -> Any:
    return make_bot(name, seed).choose(state)


class BotRunner:
    """Plays the bot seats of the games of one process (``workers`` threads for the quick
    bots, and as many processes, started when a slow bot first moves, for the others)."""

    def __init__(self, games: Games, workers: int = 2) -> None:
        self.games = games
        self.workers = workers
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")
        self._processes: ProcessPoolExecutor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        games.listeners.append(self._changed)
        games.on_load.append(self.wake)

    async def _changed(self, live: Live, change: Change) -> None:
        self.wake(live)

    def wake(self, live: Live) -> None:
        """Start the bot whose decision is pending, unless one is already thinking."""
        if live.bot_to_move() is None:
            return
        running = self._tasks.get(live.id)
        if running is not None and not running.done():
            return
        task = asyncio.get_running_loop().create_task(self._play(live))
        self._tasks[live.id] = task
        task.add_done_callback(lambda done: self._forget(live.id, done))

    def _forget(self, game_id: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]

    async def _play(self, live: Live) -> None:
        while True:
            seat = live.bot_to_move()
            if seat is None or seat.bot is None:
                return
            await asyncio.sleep(live.row.bot_think)
            seq = live.seq
            snapshot = live.state.clone()
            if live.bot_to_move() is not seat:
                continue
            seed = zlib.crc32(f"{live.row.seed}:{seat.seat}:{seq}".encode())
            loop = asyncio.get_running_loop()
            pool = self._pool_for(seat.bot)
            action = await loop.run_in_executor(pool, _choose, seat.bot, seed, snapshot)
            async with live.lock:
                try:  # stale if the game moved on meanwhile (here, or in another process)
                    await self.games.commit(live, seat.seat, seq, action)
                except ServerError as exc:
                    log.info("bot move in %s not played: %s", live.id, exc.message)
                except Exception:  # noqa: BLE001 - a failing bot must not stop the server
                    log.exception("bot %s failed in game %s", seat.bot, live.id)
                    return

    def _pool_for(self, bot: str) -> Executor:
        if bot in QUICK_BOTS:
            return self.pool
        if self._processes is None:
            # spawn, not fork: the server process has threads and an event loop
            context = multiprocessing.get_context("spawn")
            self._processes = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._processes

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
