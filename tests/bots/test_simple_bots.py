"""Bots: they finish games under every installed expansion, answer other players' decisions,
are reproducible from their seeds, and the greedy bot takes the best immediate points."""

from __future__ import annotations

import pytest

from carcassonne import GameConfig, GameState, PlaceTile
from carcassonne.bots import BOTS, GreedyBot, RandomBot, make_bot
from carcassonne.plugins import installed_expansions
from carcassonne.testing import BLUE, RED, board

EXPANSIONS = sorted(installed_expansions())
CONFIGS = [[name] for name in EXPANSIONS] + ([EXPANSIONS] if len(EXPANSIONS) > 1 else [])


def play(state: GameState, bots: list) -> GameState:
    while not state.is_over:
        action = bots[state.pending.player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state


@pytest.mark.parametrize("expansions", [[]] + CONFIGS, ids=lambda e: "+".join(e) or "base")
def test_greedy_and_random_bots_finish_a_game(expansions):
    config = GameConfig(players=2, expansions=expansions, seed=4)
    state = play(GameState.new(config), [GreedyBot(1), RandomBot(2)])
    assert state.is_over and state.legal_actions() == []
    assert state.last_events[-1].type == "game-over"


def test_same_seeds_give_the_same_game():
    config = GameConfig(players=3, seed=9)
    logs = []
    for _ in range(2):
        state = play(GameState.new(config), [RandomBot(5), GreedyBot(6), RandomBot(7)])
        logs.append((list(state.log), list(state.scores)))
    assert logs[0] == logs[1]
    other = play(GameState.new(config), [RandomBot(50), GreedyBot(6), RandomBot(7)])
    assert list(other.log) != logs[0][0]


def test_greedy_closes_its_own_city():
    state = board(
        ["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=RED, pile=["BA/C", "BA/L"]
    )
    assert len(state.legal_actions()) == 4
    for seed in range(5):
        assert GreedyBot(seed).choose(state) == PlaceTile("BA/C", 0, -1, 180)


def test_greedy_does_not_close_a_city_for_the_opponent():
    state = board(
        ["BA/RCr @(0,0) r0"], [(BLUE, "meeple", 0, 0, "N")], player=RED, pile=["BA/C", "BA/L"]
    )
    closing = PlaceTile("BA/C", 0, -1, 180)
    assert closing in state.legal_actions()
    choices = {GreedyBot(seed).choose(state) for seed in range(12)}
    assert closing not in choices
    assert choices <= set(state.legal_actions())
    assert len(choices) > 1  # ties are broken by the bot's own generator


def test_greedy_puts_a_meeple_on_the_city_it_closes():
    state = board(["BA/RCr @(0,0) r0"], player=RED, pile=["BA/C", "BA/L"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    action = GreedyBot(0).choose(state)
    assert action.to_dict() == {
        "type": "figure",
        "figure": "meeple",
        "x": 0,
        "y": -1,
        "location": "S",
    }


@pytest.mark.skipif("abbey-mayor" not in EXPANSIONS, reason="Abbey & Mayor is not installed")
def test_bots_answer_decisions_of_players_other_than_the_active_one():
    config = GameConfig(players=3, expansions=["abbey-mayor"])
    for seed in range(40):
        state = GameState.new(config, seed=seed)
        bots = [RandomBot(seed)] * 3
        while not state.is_over and state.pending.player == state.player:
            state.apply(bots[state.pending.player].choose(state))
        if not state.is_over:
            break
    else:
        pytest.fail("no decision of a non-active player in 40 random games")
    for bot in (RandomBot(1), GreedyBot(1)):
        action = bot.choose(state)
        assert action in state.legal_actions()
        probe = state.clone()
        probe.apply(action)


def test_registry_and_errors():
    assert sorted(BOTS) == ["greedy", "mcts", "random"]
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    with pytest.raises(KeyError, match="unknown bot 'clever' \\(known: greedy, mcts, random\\)"):
        make_bot("clever")
    over = board(["BA/RCr @(0,0) r0"], pile=[])
    for bot in (RandomBot(), GreedyBot()):
        with pytest.raises(ValueError, match="the game is over"):
            bot.choose(over)


def _greedy_game(config: GameConfig, seed: int) -> tuple[list, list[int]]:
    state = GameState.new(config, seed=seed)
    bots = [GreedyBot(seed * 10 + p) for p in range(config.players)]
    actions = []
    while not state.is_over:
        actions.append(bots[state.pending.player].choose(state))
        state.apply(actions[-1])
    return actions, state.scores


@pytest.mark.parametrize(
    "players, options",
    [(2, {}), (3, {"farmers": False}), (2, {"explicit_draws": True})],
    ids=["2p", "3p-no-farmers", "explicit-draws"],
)
def test_greedy_skipping_figure_choices_that_cannot_score_changes_no_choice(
    monkeypatch, players, options
):
    # with the base rules alone, a placement that completes nothing gains (0, 0) whatever
    # figure follows while the game goes on, so greedy plays out neither such placements nor
    # their figure choices: the games must be those of playing every choice out (both
    # shortcuts turned off)
    from carcassonne.bots import simple

    config = GameConfig(players=players, seed=3, options=options)
    fast = [_greedy_game(config, seed) for seed in range(2)]
    played_out = []
    value = simple.GreedyBot._value
    monkeypatch.setattr(
        simple.GreedyBot, "_value", lambda *args, **kw: played_out.append(1) or value(*args, **kw)
    )
    assert [_greedy_game(config, seed) for seed in range(2)] == fast
    shortcut = len(played_out)
    played_out.clear()
    monkeypatch.setattr(simple, "_base_rules", lambda state: False)
    slow = [_greedy_game(config, seed) for seed in range(2)]
    assert fast == slow
    assert shortcut < len(played_out) / 3  # most placements were not played out


def test_greedy_knows_the_game_goes_on_only_where_it_does():
    # _GoesOn.after(placement) must never say the game goes on where no tile of the pile fits
    # after that placement; near the end (few squares take a pile tile) it says so less often
    import random

    from carcassonne.bots.simple import _GoesOn

    unsure = 0
    for seed in range(3):
        state, rng = GameState.new(GameConfig(players=2, seed=seed)), random.Random(seed)
        while not state.is_over:
            if state.pending.kind == "tile":
                goes_on = _GoesOn(state)
                for action in state.legal_actions():
                    after = state.clone()
                    after.apply(action)
                    fits = any(map(after.fits_somewhere, after.draw_pile()))
                    assert fits or not goes_on.after(action), action
                    unsure += not goes_on.after(action)
            state.apply(rng.choice(state.legal_actions()))
    assert unsure > 0  # the last tile of each game, at least
    # the last tile of the pile, all city, takes only the square above the start tile: the
    # cap drawn now may cover that square (and then nothing takes it) or go elsewhere
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/Cccc+"])
    goes_on = _GoesOn(state)
    assert not goes_on.always and goes_on.squares == {(0, -1)}
    assert [a for a in state.legal_actions() if not goes_on.after(a)] == [
        PlaceTile("BA/C", 0, -1, 180)
    ]
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    assert not state.fits_somewhere("BA/Cccc+")


def test_completions_and_fits_somewhere():
    # BA/C (a cap) closes the start tile's city at 0,-1 turned 180; elsewhere it completes none
    state = board(["BA/RCr @(0,0) r0"], player=RED, pile=["BA/C", "BA/L"])
    assert state.completions() == []
    assert state.fits_somewhere("BA/C") and state.fits_somewhere("BA/L")
    closing = state.clone()
    closing.apply(PlaceTile("BA/C", 0, -1, 180))
    (city,) = closing.completions()
    assert closing.feature_kind(city) == "city" and closing.is_complete(city)
    assert closing.feature_tiles(city) == {(0, 0), (0, -1)}
    elsewhere = state.clone()
    elsewhere.apply(next(a for a in state.legal_actions() if (a.x, a.y) != (0, -1)))
    assert elsewhere.completions() == []


@pytest.mark.parametrize("expansions", [[], ["river"]], ids=["base", "river"])
def test_fits_somewhere_answers_as_placements_of_does(expansions):
    # every tile type at every tile decision of a random game: the lazy answer (first square
    # that takes it) and, for tiles a plugin may veto (river tiles), the vetoed list agree
    import random

    config = GameConfig(players=2, expansions=expansions, seed=7)
    state, rng = GameState.new(config), random.Random(7)
    answers = set()
    while not state.is_over:
        if state.pending.kind == "tile":
            for tile in config.tile_types:
                fits = state.fits_somewhere(tile)
                assert fits == bool(state.placements_of(tile)), tile
                answers.add(fits)
        state.apply(rng.choice(state.legal_actions()))
    assert answers == {True, False}  # both answers were checked
