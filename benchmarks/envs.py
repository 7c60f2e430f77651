"""Benchmark: steps per second of the environments of docs/ai.md next to the engine's own.

    python benchmarks/envs.py --games 5 --repeat 3 [--expansions river abbot abbey-mayor]

A step is one decision (a draw, a placement, a figure choice, ...), made uniformly at random
among the legal ones; complete games, fixed seeds. Workloads:

* ``engine``: ``state.legal_actions()`` and ``state.apply()``;
* ``engine+ids``: the same plus the fixed ids of every legal action (what a mask needs);
* ``openspiel``: ``legal_actions()`` / ``chance_outcomes()`` and ``apply_action()`` on the
  OpenSpiel state (chance nodes count as steps), no observation;
* ``openspiel+obs``: the same plus the observation of the player to act as a numpy tensor
  (``open_spiel.python.observation.make_observation(game).set_from(state, player)``; the
  list-returning ``state.observation_tensor()`` is much slower);
* ``pettingzoo``: ``env.last()`` (observation and mask) and ``env.step()``.

Needs the extras (``pip install carcassonne-engine[openspiel,pettingzoo]``); workloads whose
library is missing are skipped with a note. Rates are steps per second of CPU time
(``time.process_time``), so that other jobs on the machine change them less. Measure here,
never in timed tests. Quote the median of --repeat runs with the command line.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from carcassonne import GameConfig, GameState
from carcassonne.envs import MissingExtraError
from carcassonne.envs.actions import ActionCodec


def engine_steps(config: GameConfig, seed: int, with_ids: bool) -> int:
    state = GameState.new(config, seed=seed)
    codec = ActionCodec(config) if with_ids else None
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        if codec is not None:
            action = rng.choice(list(codec.legal_ids(state).values()))
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
    return steps


def openspiel_steps(game: Any, seed: int, observer: Any) -> int:
    state = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            codes = [c for c, _ in outcomes]
            state.apply_action(rng.choices(codes, [p for _, p in outcomes])[0])
        else:
            if observer is not None:
                observer.set_from(state, state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def pettingzoo_steps(env: Any, seed: int) -> int:
    import numpy as np

    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


def measure(run: Callable[[int], int], games: int, seed: int, repeat: int) -> list[float]:
    rates = []
    for _ in range(repeat):
        steps = 0
        start = time.process_time()  # CPU time: the machine may be shared
        for game in range(games):
            steps += run(seed + game)
        rates.append(steps / (time.process_time() - start))
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansions", nargs="*", default=[])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median is reported")
    args = parser.parse_args(argv)

    config = GameConfig(players=args.players, expansions=args.expansions)
    workloads: list[tuple[str, Callable[[int], int]]] = [
        ("engine", lambda s: engine_steps(config, s, False)),
        ("engine+ids", lambda s: engine_steps(config, s, True)),
    ]
    try:
        import pyspiel

        import carcassonne.envs.openspiel  # noqa: F401  (registers the game)

        params = {"players": args.players, "expansions": ",".join(args.expansions)}
        game = pyspiel.load_game("python_carcassonne", params)
        from open_spiel.python.observation import make_observation

        observer = make_observation(game)
        workloads.append(("openspiel", lambda s: openspiel_steps(game, s, None)))
        workloads.append(("openspiel+obs", lambda s: openspiel_steps(game, s, observer)))
    except (ImportError, MissingExtraError):
        print("openspiel: not installed, skipped")
    try:
        from carcassonne.envs.pettingzoo import env as make_env

        env = make_env(players=args.players, expansions=tuple(args.expansions))
        workloads.append(("pettingzoo", lambda s: pettingzoo_steps(env, s)))
    except (ImportError, MissingExtraError):
        print("pettingzoo: not installed, skipped")

    print(f"{args.players} players, expansions: {' '.join(args.expansions) or 'none'}")
    for name, run in workloads:
        rates = measure(run, args.games, args.seed, args.repeat)
        runs = ", ".join(f"{r:,.0f}" for r in rates)
        print(f"{name:14} {statistics.median(rates):>10,.0f} steps/s (runs: {runs})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
