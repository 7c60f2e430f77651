"""A small numpy agent that learns to beat the random player, through the PettingZoo environment.

    python examples/train_linear.py --train 100 --eval 50

The agent scores each legal action by a linear value of the position it leads to (an
"afterstate": the engine's clone with the action applied) and plays the best one, exploring at
random 10 % of the time while it learns. After each training game against a random player it
moves the weights of every position it chose towards the game's final score difference (Monte
Carlo regression). Features: score lead, figures left, figures standing on each feature kind
(own and opponents') and the size of the features the agent's figures stand on. Needs
``pip install carcassonne-engine[pettingzoo]``; about a minute and a half
of CPU time. docs/ai.md quotes a run.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from carcassonne import GameState
from carcassonne.envs.pettingzoo import CarcassonneEnv, env

KINDS = ("city", "road", "monastery", "field")


def features(state: GameState, me: int) -> np.ndarray:
    """What the agent sees of a position, from player ``me``'s side."""
    others = [p for p in range(state.players) if p != me]
    lead = state.scores[me] - max(state.scores[p] for p in others)
    mine = np.zeros(len(KINDS))  # figures per kind
    theirs = np.zeros(len(KINDS))
    size = np.zeros(len(KINDS))  # tiles of the features own figures stand on, per kind
    for feature, figure in state.figures():
        kind = state.feature_kind(feature)
        if kind in KINDS:
            i = KINDS.index(kind)
            if figure.player == me:
                mine[i] += 1
                size[i] += len(state.feature_tiles(feature)) / 10
            else:
                theirs[i] += 1
    left = state.supply[me].get("meeple", 0)
    return np.concatenate(([1.0, lead / 10, left / 7], mine, theirs, size))


def choose(game: CarcassonneEnv, weights: np.ndarray, me: int, rng, explore: float):
    """(id, features of its afterstate) of the best legal action, or a random one."""
    legal = game.codec.legal_ids(game.state)
    codes = list(legal)
    if rng.random() < explore:
        code = codes[rng.integers(len(codes))]
        after = game.state.clone()
        after.apply(legal[code])
        return code, features(after, me)
    best = None
    for code in codes:
        after = game.state.clone()
        after.apply(legal[code])
        phi = features(after, me)
        value = float(weights @ phi) + rng.random() * 1e-6  # random tie-break
        if best is None or value > best[0]:
            best = (value, code, phi)
    assert best is not None
    return best[1], best[2]


def play(game: CarcassonneEnv, weights: np.ndarray, seed: int, explore: float, rng):
    """One game: the agent is player_0, a random player player_1. Returns (lead, visited)."""
    game.reset(seed=seed)
    visited = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        if agent == "player_0":
            code, phi = choose(game, weights, 0, rng, explore)
            visited.append(phi)
        else:
            code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        game.step(code)
    a, b = game.state.scores
    return a - b, visited


def evaluate(game: CarcassonneEnv, weights: np.ndarray, games: int, rng) -> float:
    wins = 0.0
    for g in range(games):
        lead, _ = play(game, weights, 10_000 + g, 0.0, rng)
        wins += 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=100, help="training games")
    parser.add_argument("--eval", type=int, default=50, help="evaluation games (fixed seeds)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    game = env(players=2)
    weights = np.zeros(len(features(GameState.new(game.config), 0)))
    start, cpu = time.perf_counter(), time.process_time()
    before = evaluate(game, weights, args.eval, rng)  # all-zero weights: random moves
    print(f"before training: wins {before:.0%} of {args.eval} games against random")
    step = 0.05
    for g in range(args.train):
        lead, visited = play(game, weights, g, 0.1, rng)
        target = lead / 10
        for phi in visited:  # normalised least mean squares: stable whatever the feature scale
            weights += step * (target - weights @ phi) * phi / (1.0 + phi @ phi)
        if (g + 1) % 25 == 0:
            print(f"  {g + 1} training games, last lead {lead:+d}")
    after = evaluate(game, weights, args.eval, rng)
    print(f"after {args.train} training games: wins {after:.0%} of {args.eval} against random")
    print(f"weights: {np.round(weights, 2).tolist()}")
    print(f"{time.process_time() - cpu:.0f} s CPU, {time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
