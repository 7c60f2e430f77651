"""The same seed gives the same bag draws in the library, the command line's stdio server and
the PettingZoo environment: each surface plays the same moves from the same game seed, and the
tokens drawn (``chance`` events) are the same."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from carcassonne import GameConfig, GameState, PlaceFigure
from carcassonne.serialize import action_text
from carcassonne_hills_sheep.flock import GROW, SCORE, Flock

SEED = 6

CONFIG = GameConfig(players=2, expansions=["hills-sheep"])


def _choice(state: GameState, rng: random.Random) -> object:
    """A fixed policy that uses the bag: a shepherd when it can, else a legal action picked by
    ``rng`` (seeded: the same moves every time)."""
    legal = state.legal_actions()
    for action in legal:
        if type(action) is PlaceFigure and action.figure == "shepherd":
            return action
        if type(action) is Flock:
            return Flock(*action[:3], GROW if rng.random() < 0.5 else SCORE)
    return rng.choice(legal)


def _library(seed: int) -> tuple[list[object], list[str]]:
    state = GameState.new(CONFIG, seed=seed)
    rng = random.Random(0)
    actions: list[object] = []
    draws: list[str] = []
    while not state.is_over:
        action = _choice(state, rng)
        actions.append(action)
        draws += [e.outcome for e in state.apply(action) if e.type == "chance"]
    return actions, draws


def test_the_library_draws_the_same_tokens_for_the_same_seed_and_others_for_another():
    actions, draws = _library(SEED)
    assert len(draws) >= 5 and _library(SEED)[1] == draws
    other = GameState.new(CONFIG, seed=SEED + 1)
    assert other.draw_pile() != GameState.new(CONFIG, seed=SEED).draw_pile()


def test_the_stdio_server_draws_what_the_library_draws():
    actions, draws = _library(SEED)
    new = {"id": 0, "op": "new", "players": 2, "expansions": ["hills-sheep"], "seed": SEED}
    lines = [json.dumps(new)]
    lines += [
        json.dumps({"id": i + 1, "op": "apply", "action": action_text(a), "fields": ["pending"]})
        for i, a in enumerate(actions)
    ]
    done = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "serve", "--stdio"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True] * len(lines)
    served = [e["outcome"] for a in answers[1:] for e in a["events"] if e["type"] == "chance"]
    assert served == draws


def test_the_pettingzoo_environment_draws_what_the_library_draws():
    pytest.importorskip("pettingzoo")
    from carcassonne.envs.pettingzoo import env as make_env

    environment = make_env(players=2, expansions=["hills-sheep"])
    environment.reset(seed=SEED)
    state = environment.state
    assert state is not None
    # the environment's game seed comes from reset(seed=...); the library, given that seed,
    # deals and draws the same
    actions, draws = _library(state.seed)
    seen: list[str] = []
    for action in actions:
        code = environment.codec.encode(action)
        count = len(state.log)
        environment.step(code)
        seen += [e.outcome for e in state.log[count:] if type(e).__name__ == "ForcedChance"]
    assert seen == draws
