"""Chance outcomes drawn in the middle of a turn, and outcomes a position forces, with the test
sheep plugin (a bag draw in the figure phase): positions taken at every decision of a turn
(not only where a tile is about to be drawn or placed) round trip, and a game begun at a
position whose ``forced_chances`` were drawn undoes, records and saves again without drawing
any of them twice (docs/positions.md)."""

from __future__ import annotations

import random

from carcassonne import GameConfig, GameState, PlaceFigure
from carcassonne.position import dump_position, load_position
from carcassonne.record import dump_record, load_record
from carcassonne.values import ForcedChance

from .plugins import PLUGINS

SHEEP = [("t-sheep", PLUGINS["t-sheep"])]


def _config(players: int = 2) -> GameConfig:
    return GameConfig(players=players, plugins=SHEEP)


def _load(text: str) -> GameState:
    return load_position(text, text=True, plugins=SHEEP)


def _played(state: GameState, seed: int) -> tuple[list[object], list[int]]:
    """Every event of a seeded random game played on from ``state`` (a clone), and the scores."""
    state, rng, events = state.clone(), random.Random(seed), []
    while not state.is_over:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events, list(state.scores)


def _first_draw_done(seed: int) -> GameState:
    """A game one action after its first bag draw (a turn later than the draw's)."""
    state, rng = GameState.new(_config(), seed=seed), random.Random(seed)
    while not any(type(item) is ForcedChance for item in state.log):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_positions_after_a_draw_in_an_earlier_turn_round_trip_at_every_decision() -> None:
    """A bag draw in the figure phase of an earlier turn used to make every later position
    in the middle of a turn fail ("an outcome was forced in this turn after its tile")."""
    for seed in range(3):
        state, rng = _first_draw_done(seed), random.Random(seed)
        taken = 0
        while not state.is_over and taken < 40:
            text = dump_position(state)
            again = _load(text)
            assert again.legal_actions() == state.legal_actions()
            assert dump_position(again) == text
            if taken % 10 == 0:
                assert _played(again, seed) == _played(state, seed)
            taken += 1
            state.apply(rng.choice(state.legal_actions()))
        assert taken == 40


def test_a_position_taken_after_this_turns_draw_forces_it_for_the_rest_of_the_turn() -> None:
    """Between a shepherd's placement (which draws from the bag) and the end of its turn (the
    dragon still to move: Hills & Sheep with the Princess & the Dragon), the position is the
    turn's tile and ``then`` what followed; the drawn outcome is forced, so loading replays
    the very same draw whatever the seed would give."""
    config = GameConfig(players=2, expansions=["hills-sheep", "princess-dragon"])
    for seed in range(40):
        state, rng = GameState.new(config, seed=seed), random.Random(seed)
        while not state.is_over:
            if (
                type(state.log[-1] if state.log else None) is PlaceFigure
                and any(type(item) is ForcedChance for item in state.log[-2:])
                and state.pending.kind not in ("draw", "tile")
            ):
                break
            state.apply(rng.choice(state.legal_actions()))
        else:
            continue
        drawn = [item.outcome for item in state.log if type(item) is ForcedChance][-1]
        text = dump_position(state)
        assert f'forced_chances = [\n    "{drawn}",\n]' in text
        again = load_position(text, text=True)
        assert again.legal_actions() == state.legal_actions()
        assert [i.outcome for i in again.log if type(i) is ForcedChance] == [drawn]
        assert dump_position(again) == text
        assert _played(again, seed) == _played(state, seed)
        return
    raise AssertionError("no seed had a turn go on after a shepherd's draw")


def _forced_then_drawn() -> tuple[GameState, str]:
    """A game begun at a position that forces the next bag draw to ``wolf``, played until
    that draw was made and one action more."""
    for seed in range(40):
        state, rng = GameState.new(_config(), seed=seed), random.Random(seed)
        while not state.is_over and state.pending.kind != "tile":
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(30):
            if state.pending.kind == "tile":
                break
            state.apply(rng.choice(state.legal_actions()))
        state.force_chance("wolf")
        start = _load(dump_position(state))
        game = start.clone()
        while not game.is_over:
            legal = game.legal_actions()
            shepherd = [a for a in legal if type(a) is PlaceFigure and a.figure == "shepherd"]
            game.apply(shepherd[0] if shepherd else rng.choice(legal))
            if any(type(item) is ForcedChance for item in game.log) and (
                type(game.log[-1]) is not ForcedChance
            ):
                break
        if game.is_over or not any(type(i) is ForcedChance for i in game.log):
            continue
        game.apply(rng.choice(game.legal_actions()))
        return game, dump_position(start)
    raise AssertionError("no seed placed a shepherd")


def test_undo_at_a_position_that_forced_a_draw_does_not_draw_it_twice() -> None:
    """The position's forced outcome was drawn and logged: undoing the last action replayed
    the log on the origin, which still had it forced, so the next draw came out forced."""
    game, _start = _forced_then_drawn()
    before = game.clone()
    last = game.log[-1]
    game.undo(1)
    assert game._extras.forced == ()
    game.apply(last)
    assert game.key() == before.key()
    assert _played(game, 7) == _played(before, 7)


def test_a_record_of_a_game_begun_at_a_forced_draw_replays_it_once() -> None:
    game, start = _forced_then_drawn()
    assert 'forced_chances = [\n    "wolf",\n]' in start
    again = load_record(dump_record(game), text=True, plugins=SHEEP)
    assert again.key() == game.key()
    assert [i.outcome for i in again.log if type(i) is ForcedChance] == [
        i.outcome for i in game.log if type(i) is ForcedChance
    ]
    assert _played(again, 3) == _played(game, 3)
    assert dump_position(again) == dump_position(game)
