"""A task of a simulation: a batch of games with consecutive seeds, and playing it.

A task carries only plain data — the configuration spec (``GameConfig.describe()``), the bot
spec of each seat, the first seed and the number of games — so it pickles in a few hundred bytes
and runs the same in this process, in a worker process or on another machine that has
carcassonne-engine and the same expansions installed. Game ``seed`` is played with
``GameState.new(config, seed=seed)`` and seat ``p``'s bot is seeded with ``seed * 31 + p + 1``,
so a game's result depends on its seed only, never on which task or worker played it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carcassonne.bots import bot_from_spec
from carcassonne.config import GameConfig
from carcassonne.local_plugins import load_plugins
from carcassonne.simulation.stats import Stats
from carcassonne.state import GameState


@dataclass(frozen=True)
class Task:
    config: dict[str, Any]  # GameConfig keywords, as GameConfig.describe() gives them
    seats: tuple[str, ...]  # a bot spec per seat: "greedy", "mcts:iterations=200"
    first_seed: int
    games: int
    save_dir: str | None = None  # a record per game there (on the machine that plays it)


@dataclass
class TaskResult:
    stats: Stats
    interrupted: bool = False  # the batch stopped early: stats hold the games it finished
    cpu_seconds: float = 0.0  # CPU time the worker spent on the batch (benchmarks read it)


# Building a configuration loads plugins and tiles: once per process and spec, not per task.
_configs: dict[str, GameConfig] = {}
# Where a local worker process reports each game it finishes (``simulate --jobs N``): a
# manager's queue, set by ``report_games_to`` when the process starts; ``None`` elsewhere.
_ticks: Any = None
# Set when a worker process was interrupted (Ctrl-C reaches the whole process group): the
# tasks it still receives return at once, so the run stops quickly with a partial summary.
_stopped = False


def config_for(spec: dict[str, Any]) -> GameConfig:
    key = json.dumps(spec, sort_keys=True)
    config = _configs.get(key)
    if config is None:
        # plugins given with --plugin travel as their specs (module paths, files), loaded here
        spec = dict(spec)
        specs = spec.pop("plugin_specs", ())
        plugins = load_plugins(specs) if specs else ()
        config = _configs[key] = GameConfig(**spec, plugins=plugins)
    return config


def report_games_to(ticks: Any) -> None:
    """Make this worker process report every finished game: ``ticks.put(first_seed)`` of its
    task, so that the progress bar moves per game, not per batch (the pool's initializer)."""
    global _ticks
    _ticks = ticks


def bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 31 + seat + 1


def play_game(config: GameConfig, seats: tuple[str, ...], seed: int, stats: Stats) -> GameState:
    """One bot game with the given seed; its events and result go into ``stats``."""
    state = GameState.new(config, seed=seed)
    bots = [bot_from_spec(spec, bot_seed(seed, p)) for p, spec in enumerate(seats)]
    stats.events(state.last_events)
    while not state.is_over:
        stats.events(state.apply(bots[state.pending.player].choose(state)))
    stats.game(state)
    return state


def run_task(task: Task) -> TaskResult:
    """Play the task's games (the function workers run)."""
    global _stopped
    started = time.process_time()
    config = config_for(task.config)
    stats = Stats.empty(config.players)
    if _stopped:
        return TaskResult(stats, interrupted=True)
    try:
        for seed in range(task.first_seed, task.first_seed + task.games):
            played = Stats.empty(config.players)  # a game counts only once it is finished
            state = play_game(config, task.seats, seed, played)
            if task.save_dir is not None:
                save_game(state, Path(task.save_dir), seed)
            stats.merge(played)
            if _ticks is not None:  # put() returns once the manager has it: never after the
                _ticks.put(task.first_seed)  # result, so the parent sees ticks before it
    except KeyboardInterrupt:
        _stopped = True
        return TaskResult(stats, True, time.process_time() - started)
    return TaskResult(stats, False, time.process_time() - started)


def save_game(state: GameState, folder: Path, seed: int) -> None:
    """The game's record as ``game-SEED.txt`` (a record names the game's own seed), written
    atomically: a reader (or a second run) never sees half a record."""
    from carcassonne.files import write_atomic
    from carcassonne.record import dump_record

    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / f"game-{seed}.txt", dump_record(state))  # FileError names the file
