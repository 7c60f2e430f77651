"""Seeded random games with Traders & Builders in every mix with the River, the Abbot, Abbey &
Mayor and Inns & Cathedrals (2 to 6 players) hold the engine's invariants and the expansion's
own: figures are conserved, scores never fall, one award line per feature and player, a builder
or pig always stands with one of its owner's followers, a turn has at most two parts, goods
tokens never exceed the marks of the completed cities; undo (a second part included), replays,
records and positions are exact."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from carcassonne import Action, GameConfig, GameState, PlaceFigure, PlaceTile, testing
from carcassonne import events as ev
from carcassonne.plugins import installed_expansions
from carcassonne.position import dump_position, load_position
from carcassonne.record import dump_record, load_record

TB = "traders-builders"
OTHERS = ("river", "abbot", "abbey-mayor", "inns-cathedrals")
MIXES = [(TB, *c) for n in range(len(OTHERS) + 1) for c in itertools.combinations(OTHERS, n)]
BOGUS = (PlaceFigure("builder", 99, 99, "N"), PlaceFigure("pig", 0, 0, "monastery"))
SPECIAL = ("builder", "pig")


def check_specials(state: GameState) -> None:
    """Every builder and pig stands in a feature holding a follower of its owner."""
    strength = {k: kind.strength for k, kind in state.config.figure_kinds.items()}
    for feature, figure in state.figures():
        if figure.kind not in SPECIAL:
            continue
        own = [f for f in state.figures_on(feature)
               if f.player == figure.player and strength[f.kind] != 0]  # fmt: skip
        assert own, f"a lonely {figure}"


def near_own_builder(state: GameState, legal: list[Action]) -> list[Action]:
    """Tile placements beside a tile holding the active player's builder (they may extend its
    feature: random play would seldom give a second part)."""
    squares = {(f.x, f.y) for _, f in state.figures()
               if f.kind == "builder" and f.player == state.player}  # fmt: skip
    return [
        a
        for a in legal
        if type(a) is PlaceTile and any(abs(a.x - x) + abs(a.y - y) == 1 for x, y in squares)
    ]


def goods_marks_completed(state: GameState) -> int:
    total = 0
    for feature in state.features():
        if state.feature_kind(feature) == "city" and state.is_complete(feature):
            total += sum(state.feature_attr(feature, k) for k in ("wine", "grain", "cloth"))
    return total


def play(config: GameConfig, seed: int) -> tuple[GameState, Counter[str]]:
    seen: Counter[str] = Counter()
    initial = testing.initial_figures(config)
    rng = random.Random(seed)
    state = GameState.new(config, seed=seed)
    steps = 0
    while not state.is_over:
        before = state.clone()
        legal = state.legal_actions()
        # prefer the expansion's figures: random play would seldom place them
        own = [a for a in legal if type(a) is PlaceFigure and a.figure in SPECIAL]
        own = own or near_own_builder(state, legal)
        action = rng.choice(own) if own and rng.random() < 0.7 else rng.choice(legal)
        events = state.apply(action)
        steps += 1
        assert testing.figure_totals(state) == initial
        assert all(a >= b for a, b in zip(state.scores, before.scores, strict=True))
        assert state.turn_part <= 1
        testing.check_award_lines(state, events)
        check_specials(state)
        if type(action) is PlaceFigure and action.figure in SPECIAL:
            seen[action.figure] += 1
        for e in events:
            if isinstance(e, ev.TurnPartStarted):
                seen["second part"] += 1
            if isinstance(e, ev.PointsScored) and e.kind == "goods":
                seen["goods points"] += 1
        if steps % 9 == 0:
            testing.check_actions(before, BOGUS)
            undone = state.clone()
            undone.undo()
            assert undone == before, f"undo of {action} did not restore the state"
        if state.turn_part and rng.random() < 0.3:
            undone = state.clone()
            undone.undo()
            assert undone == before
        if not state.is_over:
            held = sum(sum(p[k] for k in ("wine", "grain", "cloth")) for p in state.held_pieces())
            assert held <= goods_marks_completed(state)
    return state, seen


def check_round_trips(state: GameState) -> None:
    again = load_record(dump_record(state), text=True)
    assert again.key() == state.key() and again.scores == state.scores
    replay = GameState.new(state.config, seed=state.seed)
    for action in state.log:
        replay.replay_entry(action)
    assert replay == state


def check_positions(config: GameConfig, seed: int) -> int:
    """Positions saved at random draws load as the same game and play on alike."""
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        if state.pending.kind in ("draw", "tile") and not state.in_extra_turns():
            if rng.random() < 0.1:
                text = dump_position(state)
                again = load_position(text, text=True)
                assert again.legal_actions() == state.legal_actions()
                assert again.held_pieces() == state.held_pieces()
                assert dump_position(again) == text
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    return checked


@pytest.mark.parametrize("mix", MIXES, ids="+".join)
def test_random_games_in_every_mix(mix: tuple[str, ...]) -> None:
    missing = set(mix) - set(installed_expansions())
    if missing:
        pytest.skip(f"not installed: {sorted(missing)}")
    seen: Counter[str] = Counter()
    index = MIXES.index(mix)
    for seed in range(2):
        players = 2 + (index + seed * 3) % 5  # 2 to 6 players over the mixes
        config = GameConfig(players=players, expansions=mix, seed=seed)
        state, counts = play(config, seed)
        seen += counts
        if seed == 0:
            check_round_trips(state)
            assert check_positions(config, seed) > 0
    assert seen["builder"] > 0 and seen["pig"] + seen["builder"] > 1, seen


def test_random_games_give_second_parts_and_goods_points() -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        _, counts = play(GameConfig(players=2 + seed, expansions=[TB], seed=seed), seed)
        seen += counts
    assert seen["second part"] > 0 and seen["goods points"] > 0, seen
