"""The mcts bot: legal in every expansion mix, deterministic for a seed and an iteration count,
blind to the real order of the pile, sensible on a small board, at ease with a fan's plugin;
its options and the registry.
Iterations are kept tiny: strength is measured in benchmarks/mcts_strength.py, not here."""

from __future__ import annotations

import math
import random
from collections import Counter
from pathlib import Path
from typing import ClassVar, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcassonne import (
    ChanceOutcome,
    Decision,
    GameConfig,
    GameState,
    PlaceTile,
    TypedAction,
    hookimpl,
)
from carcassonne.bots import (
    BotOptionError,
    MctsBot,
    UnknownBotError,
    bot_from_spec,
    make_bot,
    parse_spec,
)
from carcassonne.bots.determinise import PileSampler
from carcassonne.events import ChanceDrawn
from carcassonne.local_plugins import load_plugins
from carcassonne.plugins import installed_expansions
from carcassonne.testing import BLUE, RED, board

EXPANSIONS = sorted(installed_expansions())
MIXES = [[]] + [[name] for name in EXPANSIONS] + ([EXPANSIONS] if len(EXPANSIONS) > 1 else [])


def tiny(seed: int) -> MctsBot:
    return MctsBot(seed, iterations=6, horizon=3)


@pytest.mark.parametrize("expansions", MIXES, ids=lambda e: "+".join(e) or "base")
def test_mcts_plays_only_legal_actions_to_the_end_in_every_mix(expansions):
    players = 3 if expansions else 2  # three players: decisions of non-active players (wagon)
    state = GameState.new(GameConfig(players=players, expansions=expansions, seed=5))
    bots = [tiny(1), make_bot("random", 2), tiny(3)][:players]
    decisions = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = bots[state.pending.player].choose(state)
        assert action in legal
        state.apply(action)
        decisions += 1
    assert state.last_events[-1].type == "game-over"
    assert decisions > 40


def test_same_seed_and_iterations_give_the_same_moves():
    config = GameConfig(players=2, expansions=EXPANSIONS, seed=11)

    def first_moves(seed: int) -> list:
        state = GameState.new(config)
        bot, moves = MctsBot(seed, iterations=10, horizon=4), []
        for _ in range(12):
            action = bot.choose(state)
            moves.append(action)
            state.apply(action)
        return moves

    assert first_moves(7) == first_moves(7)
    assert len({tuple(first_moves(seed)) for seed in (1, 2, 3, 4)}) > 1


def test_the_real_order_of_the_pile_does_not_change_the_move():
    state = GameState.new(GameConfig(players=2, seed=3))
    for _ in range(6):
        state.apply(make_bot("random", 0).choose(state))
    other = state.clone()
    order = other.draw_pile()
    random.Random(1).shuffle(order)
    other.set_draw_pile(order)
    assert other.draw_pile() != state.draw_pile()
    assert MctsBot(4, iterations=30).choose(state) == MctsBot(4, iterations=30).choose(other)


@pytest.mark.skipif("river" not in EXPANSIONS, reason="the River is not installed")
def test_sampled_piles_keep_the_river_first_and_the_lake_last_of_it():
    config = GameConfig(players=2, expansions=["river"], seed=2)
    state = GameState.new(config)
    state.apply(state.legal_actions()[0])  # place the first river tile
    remaining = state.draw_pile()
    river = Counter(t for t in remaining if t.startswith("RI."))
    lakes = [t for t in river.elements() if "lake" in config.tile_types[t].tags]
    count = sum(river.values())
    assert 0 < count < len(remaining) and len(lakes) == 1
    sampler = PileSampler(state)
    orders = {tuple(sampler.sample(random.Random(seed))) for seed in range(20)}
    assert len(orders) == 20
    for order in orders:
        assert Counter(order) == Counter(remaining)
        assert Counter(order[:count]) == river  # the river stack before the land tiles
        assert order[count - 1] == lakes[0]  # the lake at the bottom of the river


def test_sampled_piles_of_the_base_game_are_any_order_of_the_remaining_tiles():
    state = GameState.new(GameConfig(players=2, seed=8))
    sampler = PileSampler(state)
    first = Counter(sampler.sample(random.Random(s))[0] for s in range(300))
    assert set(first) <= set(state.draw_pile())
    assert len(first) > 10  # not the real next tile every time
    assert sampler.sample(random.Random(5)) == sampler.sample(random.Random(5))


def test_mcts_closes_its_own_city_and_leaves_the_opponents_open():
    own = board(
        ["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=RED, pile=["BA/C", "BA/L"]
    )
    assert MctsBot(1, iterations=300).choose(own) == PlaceTile("BA/C", 0, -1, 180)
    theirs = board(
        ["BA/RCr @(0,0) r0"], [(BLUE, "meeple", 0, 0, "N")], player=RED, pile=["BA/C", "BA/L"]
    )
    assert MctsBot(1, iterations=300).choose(theirs) != PlaceTile("BA/C", 0, -1, 180)


def test_a_time_budget_returns_a_legal_action_after_some_iterations():
    state = GameState.new(GameConfig(players=2, seed=1))
    bot = bot_from_spec("mcts:seconds=0.05", 3)
    assert bot.choose(state) in state.legal_actions()
    assert isinstance(bot, MctsBot) and bot.last_iterations >= 1


def test_specs_and_option_errors():
    assert parse_spec("mcts:iterations=50:exploration=0.5") == (
        "mcts",
        {"iterations": 50, "exploration": 0.5},
    )
    assert parse_spec("greedy") == ("greedy", {})
    bot = bot_from_spec("mcts:seconds=2:horizon=0", 1)
    assert isinstance(bot, MctsBot) and (bot.seconds, bot.iterations, bot.horizon) == (2.0, None, 0)
    assert make_bot("mcts", 1).iterations == 200  # neither bound given: 200 iterations
    cases = [
        ("mcts:iterations=0", "mcts: iterations must be at least 1"),
        ("mcts:iterations=many", "mcts: option iterations needs a whole number, not 'many'"),
        ("mcts:depth=3", "mcts: unknown option 'depth' (options: exploration, horizon,"),
        ("mcts:fast", "mcts: option 'fast' must look like KEY=VALUE"),
        ("greedy:iterations=3", "greedy: unknown option 'iterations' (options: none)"),
        ("mcts:seconds=-1", "mcts: seconds must be positive"),
    ]
    for spec, message in cases:
        with pytest.raises(BotOptionError) as info:
            bot_from_spec(spec)
        assert str(info.value).startswith(message)
    with pytest.raises(UnknownBotError, match="^unknown bot 'alphago' \\(known: greedy, mcts"):
        bot_from_spec("alphago:iterations=3")
    with pytest.raises(BotOptionError, match="unknown option 'depth'"):
        make_bot("mcts", 0, depth=3)


class _DoubleFields(NamedTuple):
    pass


class Double(TypedAction, _DoubleFields):
    """A fan's action: after scoring, the active player may take 2 points when an even number
    of tiles is left (nothing otherwise)."""

    __slots__ = ()
    verb: ClassVar[str] = "test-double"


class EvenBonus:
    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [Double]

    @hookimpl
    def carcassonne_after_scoring(self, state: GameState) -> list[Decision]:
        return [Decision("double", state.player)]

    @hookimpl
    def carcassonne_decision_actions(self, state: GameState, decision: Decision) -> list | None:
        return [Double()] if decision.kind == "double" else None

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: TypedAction) -> list | None:
        if type(action) is not Double:
            return None
        events: list = []
        if state.tiles_left() % 2 == 0:
            state.award(state.pending.player, 2, 0, "double", "double", events)
        return events


def test_mcts_plays_a_fans_plugin_with_its_own_decisions_and_actions():
    config = GameConfig(players=2, seed=4, plugins=[("even-bonus", EvenBonus())])
    state = GameState.new(config)
    bots = [tiny(1), tiny(2)]
    kinds = Counter()
    while not state.is_over:
        kinds[state.pending.kind] += 1
        action = bots[state.pending.player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert kinds["double"] > 30
    assert state.last_events[-1].type == "game-over"


class _BetFields(NamedTuple):
    pass


class Bet(TypedAction, _BetFields):
    """A fan's action: after scoring, the active player may toss a coin (heads: 10 points to
    them, tails: 10 points to the opponent)."""

    __slots__ = ()
    verb: ClassVar[str] = "test-bet"


class Coin:
    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [Bet]

    @hookimpl
    def carcassonne_after_scoring(self, state: GameState) -> list[Decision]:
        return [Decision("bet", state.player)]

    @hookimpl
    def carcassonne_decision_actions(self, state: GameState, decision: Decision) -> list | None:
        return [Bet()] if decision.kind == "bet" else None

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: TypedAction) -> list | None:
        if type(action) is Bet:
            state.ask_chance("test-coin", ("heads", "tails"))
            return []
        if type(action) is not ChanceOutcome or action.name != "test-coin":
            return None
        events: list = []
        winner = state.player if action.outcome == "heads" else 1 - state.player
        state.award(winner, 10, None, "coin", "the coin", events)
        return events


def _toss(state: GameState) -> str:
    """What the coin would show if the player at ``state`` bet now (the game's own draw)."""
    probe = state.clone()
    drawn = [e for e in probe.apply(Bet()) if type(e) is ChanceDrawn]
    return drawn[0].outcome


def test_mcts_and_greedy_do_not_see_the_games_own_future_chance_draws():
    state = GameState.new(GameConfig(players=2, seed=4, plugins=[("coin", Coin())]))
    while state.pending.kind != "bet":
        state.apply(state.legal_actions()[0])
    # the same position, with the game's next chance draw the other way round: a bot that drew
    # the game's own outcomes would bet on heads and pass on tails
    other = state.clone()
    salt = next(s for s in range(1, 60) if _reseeded(other, s) != _toss(state))
    other.reseed_chance(salt)
    assert {_toss(state), _toss(other)} == {"heads", "tails"}
    first = MctsBot(1, iterations=40, horizon=1)
    assert first.choose(state) == MctsBot(1, iterations=40, horizon=1).choose(other)
    assert make_bot("greedy", 1).choose(state) == make_bot("greedy", 1).choose(other)
    # and the search does not always see the same toss: it draws its own
    seen = Counter()
    sampler = PileSampler(state)
    rng = random.Random(0)
    for _ in range(40):
        clone = state.clone()
        sampler.deal(clone, rng)
        seen[_toss(clone)] += 1
    assert seen["heads"] > 5 and seen["tails"] > 5


def _reseeded(state: GameState, salt: int) -> str:
    probe = state.clone()
    probe.reseed_chance(salt)
    return _toss(probe)


def test_sampled_piles_deal_the_tiles_put_under_others_back_in():
    state = GameState.new(GameConfig(players=2, seed=8))
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    events: list = []
    under = state.draw_pile()[0]
    assert state.put_under(0, 0, "test", events)
    pile = Counter(state.draw_pile())
    unseen = pile + Counter([under])
    sampler = PileSampler(state)
    samples = [Counter(sampler.sample(random.Random(seed))) for seed in range(60)]
    assert all(sum(s.values()) == sum(pile.values()) for s in samples)
    assert all(not (s - unseen) for s in samples)  # only tiles the player has not seen
    # the pile alone would tell which tile went under; the samples do not keep it out
    assert any(s[under] == unseen[under] for s in samples)
    assert any(s != pile for s in samples)


def test_mcts_plays_a_game_with_chance_inside_turns_to_the_end():
    sheep = Path(__file__).parents[1] / "mechanics" / "sheep_plugin.py"
    state = GameState.new(GameConfig(players=2, seed=6, plugins=load_plugins([str(sheep)])))
    bots = [tiny(1), tiny(2)]
    draws = Counter()
    while not state.is_over:
        action = bots[state.pending.player].choose(state)
        assert action in state.legal_actions()
        draws.update(e.outcome for e in state.apply(action) if type(e) is ChanceDrawn)
    assert draws["sheep"] and draws["wolf"]


def test_mcts_decides_in_a_solo_game():
    # one player (solo play, puzzles): no opponent, so the margin is measured against oneself
    state = GameState.new(GameConfig(players=1, seed=2))
    assert MctsBot(1, iterations=5, horizon=2).choose(state) in state.legal_actions()


@given(st.lists(st.integers(min_value=0, max_value=200), min_size=2, max_size=6))
def test_playout_results_are_the_win_share_mixed_with_the_margin_over_the_best_opponent(scores):
    bot = MctsBot(0, margin_weight=0.3, margin_scale=12.0)
    top = max(scores)
    expected = []
    for p, score in enumerate(scores):
        best_other = max(s for q, s in enumerate(scores) if q != p)
        win = 1.0 / scores.count(top) if score == top else 0.0
        margin = 0.5 + 0.5 * math.tanh((score - best_other) / bot.margin_scale)
        expected.append(0.7 * win + 0.3 * margin)
    assert bot._results(scores) == expected
