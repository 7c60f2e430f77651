"""The workloads of ``targets.py`` and ``instructions.py``: random games and 2-ply leaves played
the way a search plays them (by integer ids where the engine has them), mcts iterations, a stdio
``apply``, ``carcassonne --help``, the memory of a finished state. Each takes a size and a first
seed (a warm-up runs on other seeds) and returns one value in the unit ``target_work.WORKLOADS``
gives; CPU time of this process (``time.process_time``). Only the public API and long-standing
module names (``carcassonne.protocol``, ``carcassonne.bots.mcts``, ``carcassonne.cli.main``)
are used, so that older revisions run them too or fail with their own error.

The random games and leaves play by ids (``legal_action_ids``/``apply_id``) where the engine
has them and by action objects (``legal_actions``/``apply``) where it does not (revisions
before issue 34); the games are the same either way (ids number ``legal_actions()`` in its
order, so one random pick is the same action), and :func:`path` says which one a tree used.
Where the engine can skip its events (``apply_id(..., events=False)``, issue 34) they pass it,
as searches and playouts do, since nothing here reads them (:func:`no_events`).
"""

from __future__ import annotations

import functools
import gc
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from types import FunctionType, ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carcassonne import GameState


def path() -> str:
    """How this engine's workloads play: ``"ids"`` or ``"actions"`` (no integer path)."""
    from carcassonne import GameState

    return "ids" if hasattr(GameState, "legal_action_ids") else "actions"


@functools.cache
def no_events() -> dict[str, bool]:
    """The keywords that play without the engine's events: ``{"events": False}`` where the
    engine takes them, else none. Asked of a new game's first tile (a keyword the engine lacks
    is refused before anything is applied), so that a compiled build is asked too."""
    from carcassonne import GameConfig, GameState

    state = GameState.new(GameConfig(players=2, seed=1), seed=1)
    if not hasattr(state, "legal_action_ids"):
        return {}
    try:
        state.apply_id(0, events=False)
    except TypeError:
        return {}
    return {"events": False}


def random_games(expansions: list[str], games: int, first: int = 0, players: int = 2) -> float:
    """Random games per CPU-second (the games of ``speed.py``'s, by ids where possible)."""
    from carcassonne import GameConfig, GameState

    config = GameConfig(players=players, expansions=expansions, seed=1)
    rng = random.Random(1)
    by_ids = path() == "ids"
    quiet = bool(no_events())
    start = time.process_time()
    for seed in range(first, first + games):
        state = GameState.new(config, seed=seed)
        if by_ids and quiet:  # the keyword spelled out: ** would cost a dict a call
            while not state.is_over:
                state.apply_id(rng.choice(state.legal_action_ids()), events=False)
        elif by_ids:
            while not state.is_over:
                state.apply_id(rng.choice(state.legal_action_ids()))
        else:
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
    return games / (time.process_time() - start)


def leaf_2ply(positions: int, first: int = 0) -> float:
    """CPU µs per second-ply leaf (``speed.py``'s: every placement of the drawn tile, figure
    passed, then every placement of the next tile, figure passed: clone + placement + pass,
    which draws the tile after), by ids where possible."""
    from carcassonne import GameConfig, GameState, Pass

    config = GameConfig(players=2, seed=3)
    by_ids = path() == "ids"
    quiet = no_events()
    leaves, spent = 0, 0.0
    rng = random.Random(3)
    for seed in range(first, first + positions):
        state = _played(GameState.new(config, seed=seed), rng, 40)
        start = time.process_time()
        if by_ids:
            for one in state.legal_action_ids():
                ply1 = state.clone()
                ply1.apply_id(one, **quiet)
                ply1.apply(Pass(), **quiet)
                if ply1.pending.kind != "tile":
                    continue
                for two in ply1.legal_action_ids():
                    leaf = ply1.clone()
                    leaf.apply_id(two, **quiet)
                    leaf.apply(Pass(), **quiet)
                    leaf.scores  # noqa: B018 - what a search reads at a leaf
                    leaves += 1
        else:
            for first_action in state.legal_actions():
                ply1 = state.clone()
                ply1.apply(first_action)
                ply1.apply(Pass())
                if ply1.pending.kind != "tile":
                    continue
                for second in ply1.legal_actions():
                    leaf = ply1.clone()
                    leaf.apply(second)
                    leaf.apply(Pass())
                    leaf.scores  # noqa: B018 - what a search reads at a leaf
                    leaves += 1
        spent += time.process_time() - start
    return spent / leaves * 1e6


def _played(state: GameState, rng: random.Random, tiles_left: int) -> GameState:
    """``state`` played at random until ``tiles_left`` tiles remain, waiting on a tile."""
    while state.tiles_left() > tiles_left:
        state.apply(rng.choice(state.legal_actions()))
    while state.pending.kind != "tile" and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def expect_root() -> str | None:
    """The tree this process must measure (``--expect-root``), resolved; None when unchecked."""
    if "--expect-root" not in sys.argv:
        return None
    return os.path.realpath(sys.argv[sys.argv.index("--expect-root") + 1])


def mid_game(seed: int, tiles_left: int = 40) -> GameState:
    """A base 2-player game played at random until ``tiles_left`` tiles remain, waiting on a
    tile placement (the positions of ``speed.py``'s 2-ply leaf)."""
    from carcassonne import GameConfig, GameState

    return _played(
        GameState.new(GameConfig(players=2, seed=3), seed=seed), random.Random(seed), tiles_left
    )


def mcts(positions: int, first: int = 0) -> float:
    """Iterations per CPU-second of the mcts bot (200 iterations, its default) deciding the
    tile of mid-game positions."""
    done, spent = mcts_searches(positions, first)
    return done / spent


def mcts_searches(positions: int, first: int = 0) -> tuple[int, float]:
    """The iterations and the CPU seconds of the mcts searches of :func:`mcts`."""
    from carcassonne.bots.mcts import MctsBot

    done, spent = 0, 0.0
    for seed in range(first, first + positions):
        state = mid_game(seed)
        bot = MctsBot(seed, iterations=200)
        start = time.process_time()
        bot.choose(state)
        spent += time.process_time() - start
        done += bot.last_iterations
    return done, spent


def stdio_apply(games: int, first: int = 0) -> float:
    """CPU µs of one ``apply`` request of the stdio protocol, from the request line to the
    answer's JSON text, as ``carcassonne serve --stdio`` handles it (the front end's default
    request: no ``fields``, no ``player``); random legal actions, picked outside the timing."""
    from carcassonne import protocol

    dumps = getattr(protocol, "dumps", json.dumps)
    tune = getattr(protocol, "tune_gc", None)
    if tune is not None:  # the collector's settings serve_stdio() makes where the tree has it
        tune()
    applies, spent = 0, 0.0
    for seed in range(first, first + games):
        rng = random.Random(seed)
        server = protocol.Server()
        answer_line = getattr(server, "answer_line", None)
        answer = server.handle_line(json.dumps({"op": "new", "players": 2, "seed": seed}))
        if not answer.get("ok", True) or server.state is None:
            raise SystemExit(f"the stdio 'new' request failed: {answer}")
        while not server.state.is_over:
            action = rng.choice(server.state.legal_actions())
            line = json.dumps({"op": "apply", "action": action.to_dict()})
            start = time.process_time()
            if answer_line is not None:  # what its serve() writes, without a caller's copy
                text = answer_line(line)
            else:
                text = getattr(server, "answer_text", dumps)(server.handle_line(line))
            spent += time.process_time() - start
            if '"ok": true' not in text:
                raise SystemExit(f"the stdio 'apply' request failed: {text[:300]}")
            applies += 1
    return spent / applies * 1e6


def help_ms(_size: int, _first: int = 0) -> float:
    """CPU ms (user + system) of a fresh ``carcassonne --help`` process: the interpreter's
    start, the imports of the command line, argparse; the child checks, after, that its
    ``carcassonne`` modules are from the expected tree (this process's ``--expect-root``)."""
    root = expect_root()
    check = (
        ""
        if root is None
        else f"import os\nroot = {root + os.sep!r}\n"
        "wrong = [n for n, m in list(sys.modules.items()) if n.startswith('carcassonne') and "
        "getattr(m, '__file__', None) and not os.path.realpath(m.__file__).startswith(root)]\n"
        "if wrong: sys.exit('refusing to report: ' + ', '.join(wrong) + ' not from ' + "
        f"{root!r})\n"
    )
    code = (
        "import sys\nsys.argv = ['carcassonne', '--help']\n"
        "from carcassonne.cli.main import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert exc.code in (0, None), exc.code\n"
        + check
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or "usage" not in done.stdout:
        raise SystemExit(f"carcassonne --help failed: {done.stderr.strip()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu * 1e3


def memory_kib(games: int, first: int = 0) -> float:
    """KiB held by a finished random 2-player base game (the median over ``games`` seeds):
    ``sys.getsizeof`` summed over every object reachable from the state that is not also
    reachable from the modules and the configuration (tile tables, caches and interned values
    shared by every game are not the state's own)."""
    from carcassonne import GameConfig, GameState

    config = GameConfig(players=2, seed=1)
    found = []
    for seed in range(first, first + games):
        rng = random.Random(seed)
        state = GameState.new(config, seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        modules = [vars(m) for m in list(sys.modules.values()) if m is not None]
        shared, _ = _reach([*modules, config], set())
        _, size = _reach([state], shared)
        found.append(size / 1024)
    return statistics.median(found)


def _reach(roots: list[object], skip: set[int]) -> tuple[set[int], int]:
    """The ids of the objects reachable from ``roots`` (through ``gc.get_referents``, not into
    classes, modules and functions, nor through ``skip``) and the sum of their sizes."""
    seen: set[int] = set()
    size = 0
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in skip or isinstance(obj, type | ModuleType):
            continue
        seen.add(id(obj))
        size += sys.getsizeof(obj)
        if not isinstance(obj, FunctionType):
            stack.extend(gc.get_referents(obj))
    return seen, size
