"""The ransom (tower.md §6): once in your own turn, buy back one of your followers held by
another player, for 3 points paid to that player (a transfer, not a score). Needs 3 points.
By default at any moment of the turn; with ``tower.ransom_timing = turn_start`` only before the
tile is drawn (or the abbey placed)."""

from __future__ import annotations

from carcassonne import Action, GameState, PlaceTile, Prisoner
from carcassonne.events import Event
from carcassonne_tower.common import OPT_RANSOM_TIMING, RANSOM_POINTS, Ransom


def paid_this_turn(state: GameState) -> bool:
    return any(type(a) is Ransom for a in state.turn_actions)


def too_late(state: GameState) -> bool:
    """With ``turn_start`` timing: whether the turn is past its start (a tile drawn or placed)."""
    if state.config.options[OPT_RANSOM_TIMING] != "turn_start":
        return False
    started = state.drawn is not None or state.last_tile is not None or state.turn_part > 0
    return started or any(type(a) is PlaceTile for a in state.turn_actions)


def options(state: GameState, player: int) -> list[Action]:
    """The ransoms ``player`` may pay now: one per (holder, kind) of their prisoners.

    Asked at every decision of the game (an action at any time): the cheap refusals first,
    and only then the list of this turn's actions."""
    if state.scores[player] < RANSOM_POINTS:
        return []
    prisoners = state.prisoners()
    if not prisoners:
        return []
    held = {(p.captor, p.kind) for p in prisoners if p.player == player}
    if not held or paid_this_turn(state) or too_late(state):
        return []
    return [Ransom(captor, kind) for captor, kind in sorted(held)]


def pay(state: GameState, action: Ransom) -> list[Event]:
    events: list[Event] = []
    player = state.player
    state.transfer_points(player, action.captor, RANSOM_POINTS, "ransom", events)
    state.release_prisoner(Prisoner(action.captor, player, action.figure), "ransom", events)
    return events


def held_points(state: GameState) -> list[int] | None:
    """What prisoners are worth to a bot that weighs one move (``carcassonne_held_points``,
    read by bots only): nothing at the end of the game, but until then a prisoner is a ransom
    of 3 points its holder may get, and a follower its owner must buy back to use: +3 to the
    holder, -2 to the owner. One point less for the owner, as a follower back in hand is worth
    something: so a capture pays, and a ransom pays only when the follower it frees scores at
    once (3 points paid, 2 given back, 1 short)."""
    prisoners = state.prisoners()
    if not prisoners:
        return None
    points = [0] * state.players
    for prisoner in prisoners:
        points[prisoner.captor] += RANSOM_POINTS
        points[prisoner.player] -= RANSOM_POINTS - 1
    return points
