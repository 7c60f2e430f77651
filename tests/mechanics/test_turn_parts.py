"""Another part of the same turn (the fan's builder, on ``state.another_turn_part``): the same
player plays on, the turn's decisions of other players are asked in seat order from the active
player, and ``state.player`` is right throughout."""

from __future__ import annotations

import random

from carcassonne import GameConfig, GameState
from carcassonne import events as ev
from carcassonne.testing import board

from .plugins import PLUGINS


def test_second_part_keeps_the_player_and_asks_decisions_in_seat_order() -> None:
    config = GameConfig(
        players=4, expansions=["abbey-mayor"], plugins=[("t-builder", PLUGINS["t-builder"])]
    )
    parts = wagon_turns = both = 0
    for seed in range(40):
        state = GameState.new(config, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            turn, active = state.turn, state.player
            asked: list[int] = []  # who answered the wagon decisions of this turn, in order
            had_part = False
            while not state.is_over and state.turn == turn:
                assert state.player == active, "state.player changed inside a turn"
                if state.pending.kind == "wagon":
                    asked.append(state.pending.player)
                for event in state.apply(rng.choice(state.legal_actions())):
                    if isinstance(event, ev.TurnPartStarted):
                        assert (event.player, event.turn) == (active, turn)
                        assert state.turn_part == event.part >= 1
                        had_part = True
            offsets = [(p - active) % 4 for p in asked]
            if had_part:
                parts += 1
                # the wagon decisions of each part come clockwise from the active player
                assert all(o >= 0 for o in offsets)
            if asked:
                wagon_turns += 1
                runs = [offsets[0]]
                for offset in offsets[1:]:
                    runs.append(offset)
                # within a part the order never goes back; a second part may start again
                drops = sum(1 for a, b in zip(runs, runs[1:], strict=False) if b < a)
                assert drops <= (1 if had_part else 0), f"wagons asked out of seat order: {asked}"
                both += had_part
    assert parts > 10 and wagon_turns > 10, (parts, wagon_turns)
    assert both >= 1, "no turn had both a second part and wagon decisions"


def test_a_builder_gives_a_second_tile_and_the_turn_part_counts() -> None:
    builder = [("t-builder", PLUGINS["t-builder"])]
    # red's builder on the start tile's road; red draws a straight road and extends it
    pile = ["BA/RFr", "BA/RFr", "BA/RFr", "BA/RFr"]
    state = board(["BA/RCr @(0,0) r0"], [(0, "t-builder", 0, 0, "E")], pile=pile, plugins=builder)
    assert state.turn_part == 0 and state.player == 0 and state.drawn == "BA/RFr"
    events = state.apply("tile BA/RFr 1,0 r0")
    events += state.apply("pass")
    started = [e for e in events if isinstance(e, ev.TurnPartStarted)]
    assert started == [ev.TurnPartStarted(0, 1, 1, "builder")]
    assert (state.player, state.turn, state.turn_part) == (0, 1, 1)
    assert state.pending.kind == "tile" and state.drawn == "BA/RFr"
    # the second part extends the road again, but gives no third part (the plugin's rule)
    state.apply("tile BA/RFr 2,0 r0")
    events = state.apply("pass")
    assert not any(isinstance(e, ev.TurnPartStarted) for e in events)
    assert (state.player, state.turn, state.turn_part) == (1, 2, 0)
    # undo goes back into the second part exactly
    state.undo(2)
    assert (state.player, state.turn, state.turn_part) == (0, 1, 1)


#: A road from the start tile east to 1,0 (open at 2,0) and a hole at 1,-1 for an abbey.
HOLE_BOARD = [
    "BA/LR @(0,0) r270", "BA/RFr @(1,0) r0", "BA/L @(0,-1) r0", "BA/L @(0,-2) r0",
    "BA/L @(1,-2) r0", "BA/L @(2,-2) r0", "BA/RFr @(2,-1) r0",
]  # fmt: skip


def test_a_part_asked_with_the_last_tile_is_an_end_of_game_turn_of_its_player() -> None:
    """The last tile gives a builder's part: no tile is left, so its player places an abbey
    first (an end-of-game turn), then the other abbey holders; without an abbey to place, or
    without the part, the round starts with the next player as before."""
    builder = [("t-builder", PLUGINS["t-builder"])]
    figures = [(0, "meeple", 0, 0, "E"), (0, "t-builder", 1, 0, "E")]
    state = board(HOLE_BOARD, figures, players=3, expansions=["abbey-mayor"], pile=["BA/RFr"],
                  plugins=builder)  # fmt: skip
    state.apply("draw")  # the abbey is an alternative: drawing is a decision
    state.apply("tile BA/RFr 2,0 r0")
    state.apply("pass")
    assert (state.player, state.pending.kind, state.in_extra_turns()) == (0, "draw", True)
    assert [str(a) for a in state.legal_actions()] == ["tile AM/A 1,-1 r0", "pass"]
    state.apply("tile AM/A 1,-1 r0")
    state.apply("pass")
    assert state.is_over  # the only hole is filled: nobody else has an abbey turn
    # the same last tile without the builder's part: Blue, the next player, starts the round
    state = board(HOLE_BOARD, figures[:1], players=3, expansions=["abbey-mayor"],
                  pile=["BA/RFr"], plugins=builder)  # fmt: skip
    state.apply("draw")
    state.apply("tile BA/RFr 2,0 r0")
    state.apply("pass")
    assert (state.player, state.pending.kind) == (1, "draw")
    # a part with nothing to do instead of drawing (no abbey in play) lapses: final scoring
    state = board(HOLE_BOARD, figures, players=3, pile=["BA/RFr"], plugins=builder)
    state.apply("tile BA/RFr 2,0 r0")
    state.apply("pass")
    assert state.is_over
