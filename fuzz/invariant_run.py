"""The long invariant run: random games over every mix of the installed expansions and 2 to 6
players, checked after every action, for a time budget.

    python fuzz/invariant_run.py --seconds 600 [--seed 0]

After every action: each player's figures (supply plus board) are constant, scores never go
down (but for a payment from one player to another), a game that is not over has legal
actions, every legal action applies on a clone, wrong actions (another position, a float or
bool coordinate) are refused and leave the state equal,
``undo`` takes the action back exactly. Every few actions the position round-trips; at the end
the record round-trips (replaying it gives an equal state). Prints what it checked; exits 1 at
the first broken invariant, naming the mix, players, seed and action.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from typing import Any

from carcassonne import GameConfig, GameState, IllegalActionError, PlaceTile
from carcassonne.plugins import installed_expansions
from carcassonne.position import PositionError, dump_position, load_position
from carcassonne.record import dump_record, load_record
from carcassonne.testing import check_actions, figure_totals, initial_figures


def mixes() -> list[tuple[str, ...]]:
    names = sorted(installed_expansions())
    return [combo for n in range(len(names) + 1) for combo in itertools.combinations(names, n)]


def wrong_actions(state: GameState, legal: list[Any]) -> list[Any]:
    """Actions equal or close to legal ones that must be refused."""
    wrong: list[Any] = [PlaceTile(state.drawn or "BA/L", 999, 999, 0)]
    for action in legal[:3]:
        if type(action) is PlaceTile:
            wrong.append(PlaceTile(action.tile, float(action.x), action.y, action.rotation))
            wrong.append(PlaceTile(action.tile, action.x, action.y, float(action.rotation)))
            if action.y in (0, 1):
                wrong.append(PlaceTile(action.tile, action.x, bool(action.y), action.rotation))
    return wrong


class Broken(AssertionError):
    pass


def play_checked(config: GameConfig, seed: int, rng: random.Random) -> int:
    """One game with every check; returns the number of actions."""
    state = GameState.new(config, seed=seed)
    start = initial_figures(config)
    actions = 0
    while not state.is_over:
        legal = state.legal_actions()
        if not legal:
            raise Broken("a game that is not over has no legal action")
        check_actions(state, wrong_actions(state, legal))
        for bad in wrong_actions(state, legal)[1:]:
            probe = state.clone()
            try:
                probe.apply(bad)
            except IllegalActionError:
                pass
            else:
                raise Broken(f"{bad!r} with a float or bool field was applied")
        before = state.clone()
        scores = list(state.scores)
        action = rng.choice(legal)
        state.apply(action)
        actions += 1
        if figure_totals(state) != start:
            raise Broken(f"figures changed after {action}: {figure_totals(state)}")
        # a score may go down only as a payment to another player (the Tower's ransom): the
        # total never goes down, and no score goes down unless another goes up
        fell = any(a < b for a, b in zip(state.scores, scores, strict=True))
        rose = any(a > b for a, b in zip(state.scores, scores, strict=True))
        if sum(state.scores) < sum(scores) or (fell and not rose):
            raise Broken(f"a score went down after {action}: {scores} -> {state.scores}")
        if rng.random() < 0.1:
            undone = state.clone()
            undone.undo()
            if undone != before:
                raise Broken(f"undo of {action} did not restore the state")
        if rng.random() < 0.05 and state.pending.kind in ("draw", "tile"):
            try:
                text = dump_position(state)
            except PositionError:
                pass
            else:
                if load_position(text, text=True).legal_actions() != state.legal_actions():
                    raise Broken(f"the position after {action} does not round-trip")
    again = load_record(dump_record(state), text=True)
    if again.key() != state.key() or again.scores != state.scores:
        raise Broken("the record does not round-trip")
    return actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60, help="time budget (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    all_mixes = mixes()
    games = actions = 0
    seen: set[tuple[tuple[str, ...], int]] = set()
    started = time.monotonic()
    seed = args.seed
    while time.monotonic() - started < args.seconds:
        # 8 mixes and 5 player counts are coprime: every pair comes up within 40 games, and
        # every mix and every player count within the first 8
        mix = all_mixes[games % len(all_mixes)]
        players = 2 + games % 5
        config = GameConfig(players=players, expansions=list(mix))
        try:
            actions += play_checked(config, seed, rng)
        except Exception as exc:  # noqa: BLE001 - report the game, then stop
            print(
                f"FAILED: expansions={list(mix)} players={players} seed={seed}: "
                f"{type(exc).__name__}: {exc}"
            )
            return 1
        seen.add((mix, players))
        games += 1
        seed += 1
    elapsed = time.monotonic() - started
    print(
        f"ok: {games} games, {actions} actions, {len(seen)} of {len(all_mixes) * 5} "
        f"mix/player combinations in {elapsed:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
