"""Speed work must not change the game: legal actions and events on fixed seeds, as recorded.

Each game below is played from a fixed seed (random choices by a seeded generator, or greedy
bots); its fingerprint is a SHA-256 over every list of legal actions and every list of events
(as ``to_dict()`` JSON) in order, and the final scores. The recorded fingerprints in
``fingerprints.json`` come from the engine before the speed work of issue 16 (commit 019dbac).

A rules change that is meant to change games re-records them (and says so in its commit)::

    python tests/engine/test_fingerprints.py --record
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.bots import GreedyBot

RECORDED = Path(__file__).with_name("fingerprints.json")

#: name -> (players, expansions, seeds, bot); bot "random" or "greedy"
GAMES: dict[str, tuple[int, list[str], range, str]] = {
    "base-2p-random": (2, [], range(8), "random"),
    "base-4p-random": (4, [], range(3), "random"),
    "river-abbot-abbey-mayor-2p-random": (2, ["river", "abbot", "abbey-mayor"], range(6), "random"),
    "inns-cathedrals-3p-random": (3, ["inns-cathedrals"], range(3), "random"),
    "all-3p-random": (
        3,
        ["river", "abbot", "abbey-mayor", "inns-cathedrals"],
        range(3),
        "random",
    ),
    "base-2p-greedy": (2, [], range(1), "greedy"),
    "all-2p-greedy": (2, ["river", "abbot", "abbey-mayor", "inns-cathedrals"], range(1), "greedy"),
}


def fingerprint(players: int, expansions: list[str], seed: int, bot: str) -> str:
    config = GameConfig(players=players, expansions=expansions, seed=seed)
    state = GameState.new(config, seed=seed)
    digest = hashlib.sha256()

    def feed(items: list[dict[str, object]]) -> None:
        digest.update(json.dumps(items, sort_keys=True).encode())
        digest.update(b"\n")

    feed([e.to_dict() for e in state.last_events])
    rng = random.Random(seed)
    bots = [GreedyBot(seed * 10 + p) for p in range(players)]
    while not state.is_over:
        legal = state.legal_actions()
        feed([a.to_dict() for a in legal])
        if bot == "greedy":
            action = bots[state.pending.player].choose(state)
        else:
            action = rng.choice(legal)
        feed([e.to_dict() for e in state.apply(action)])
    feed([{"scores": state.scores}])
    return digest.hexdigest()


def all_fingerprints() -> dict[str, list[str]]:
    return {
        name: [fingerprint(players, expansions, seed, bot) for seed in seeds]
        for name, (players, expansions, seeds, bot) in GAMES.items()
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_games_are_as_recorded(name: str) -> None:
    players, expansions, seeds, bot = GAMES[name]
    recorded = json.loads(RECORDED.read_text())[name]
    assert [fingerprint(players, expansions, seed, bot) for seed in seeds] == recorded


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    RECORDED.write_text(json.dumps(all_fingerprints(), indent=1) + "\n")
    print(f"recorded {RECORDED}")
