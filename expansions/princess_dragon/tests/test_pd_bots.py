"""The bots move the dragon with purpose: while the dragon is on the board the figures count
with what they would score at the end (``carcassonne_held_points``), so the greedy bot steps
onto another player's figure rather than onto an empty tile."""

from __future__ import annotations

from carcassonne import GameConfig, GameState, Pass, PlaceFigure, PlaceTile
from carcassonne.bots.simple import GreedyBot
from carcassonne_princess_dragon.dragon import DragonStep
from carcassonne_princess_dragon.worth import held_points


def _dragon_to_move() -> GameState:
    """Alice's volcano at 1,0 calls the dragon; Bob's meeple on the monastery at 1,1 below it;
    Alice's dragon tile at 2,0: her first step may go to 0,0, 1,1 or 2,0."""
    state = GameState.new(GameConfig(players=2, expansions=["princess-dragon"], seed=1), seed=1)

    def tile(name: str, x: int, y: int) -> None:
        state.force_draw(name)
        state.apply(PlaceTile(name, x, y, 0))

    tile("DG/RFr.v", 1, 0)
    state.apply(Pass())
    tile("BA/L", 1, 1)
    state.apply(PlaceFigure("meeple", 1, 1, "monastery"))
    tile("DG/RFr.d", 2, 0)
    state.apply(Pass())
    return state


def test_greedy_steps_the_dragon_onto_the_other_players_figure():
    state = _dragon_to_move()
    assert (state.pending.kind, state.pending.player) == ("dragon", 0)
    assert state.legal_actions() == [DragonStep(0, 0), DragonStep(1, 1), DragonStep(2, 0)]
    # Bob's monastery would score 1 + 3 neighbours now: that is what the dragon can take
    assert held_points(state) == [0, 4]
    # whatever its random generator (ties are broken at random), greedy eats Bob's meeple
    assert {GreedyBot(seed).choose(state) for seed in range(8)} == {DragonStep(1, 1)}


def test_without_the_dragon_nothing_is_at_stake():
    state = GameState.new(GameConfig(players=2, expansions=["princess-dragon"], seed=1), seed=1)
    state.force_draw("BA/L")
    state.apply(PlaceTile("BA/L", 0, 1, 0))
    state.apply(PlaceFigure("meeple", 0, 1, "monastery"))
    assert held_points(state) is None
