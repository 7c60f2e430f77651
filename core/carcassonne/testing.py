"""Helpers for tests of the engine, of expansions and of fans' plugins.

Build a board directly (examples in the rules are boards, not whole games), play one more tile
with a forced draw, and read the points an action scored::

    state = board(["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=BLUE)
    assert points(place(state, "BA/C @(0,-1) r180")) == {RED: 4}
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from carcassonne.actions import Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import IllegalActionError
from carcassonne.position import Position, build_state
from carcassonne.state import GameState

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3

_CONFIGS: dict[tuple, GameConfig] = {}


def config(
    players: int = 2, expansions: tuple[str, ...] = (), options: dict | None = None, **more
) -> GameConfig:
    """A configuration (cached: tests build many boards with the same one)."""
    options = {**(options or {}), **more}
    key = (players, tuple(sorted(expansions)), tuple(sorted(options.items())))
    if key not in _CONFIGS:
        _CONFIGS[key] = GameConfig(players=players, expansions=expansions, options=options, seed=1)
    return _CONFIGS[key]


def board(
    tiles,
    figures=(),
    player=0,
    players=2,
    expansions=(),
    pile=None,
    options: dict | None = None,
    **more,
) -> GameState:
    """A state with ``tiles`` (``"ID @(x,y) rR"`` strings or tuples) and figures on them.

    ``pile=[]`` ends the game at once: final scoring runs and its events are ``last_events``.
    """
    parsed = [parse_tile(t) if isinstance(t, str) else t for t in tiles]
    cfg = config(players, tuple(expansions), options, **more)
    return build_state(cfg, Position(tiles=parsed, figures=list(figures), player=player, pile=pile))


def parse_tile(text: str) -> tuple[str, int, int, int]:
    tile, at, rot = text.split()
    x, y = at.strip("@()").split(",")
    return tile, int(x), int(y), int(rot.lstrip("r"))


def place(state: GameState, text: str, figure: tuple[str, str] | None = None) -> list:
    """Draw and place a tile (forcing the draw), then place ``(kind, location)`` or pass.

    Returns the events of the whole turn.
    """
    tile, x, y, rot = parse_tile(text)
    if state.pending.kind == "draw":
        state.force_draw(tile)
        state.apply(Draw())
    else:
        state.force_draw(tile)
    events = list(state.apply(PlaceTile(tile, x, y, rot)))
    if figure is None:
        events += state.apply(Pass())
    else:
        events += state.apply(PlaceFigure(figure[0], x, y, figure[1]))
    return events


def points(events) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in events:
        if e.type == "points":
            out[e.player] = out.get(e.player, 0) + e.points
    return out


def random_game(config: GameConfig, seed: int):
    """Yield ``(state before, action, events, state after)`` for each action of a random game.

    The actions are uniformly random legal ones (seeded); "before" is a clone, "after" is the
    live state. Handy for invariant tests of the engine and of plugins.
    """
    state = GameState.new(config, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        before = state.clone()
        events = state.apply(action)
        yield before, action, events, state


def figure_totals(state: GameState) -> list[dict[str, int]]:
    """Per player, figures in supply plus figures on the board, by kind (constant in a game)."""
    totals = [dict(s) for s in state.supply]
    for _, fig in state.figures():
        totals[fig.player][fig.kind] += 1
    return totals


def initial_figures(config: GameConfig) -> list[dict[str, int]]:
    """What :func:`figure_totals` must always be."""
    return [{k.name: k.count for k in config.figure_kinds.values()} for _ in range(config.players)]


def check_actions(state: GameState, wrong: Iterable[Any] = ()) -> None:
    """Every legal action applies (each on a clone); each of ``wrong`` that is not legal is
    refused with :class:`IllegalActionError` and leaves the state equal to what it was."""
    legal = state.legal_actions()
    for action in legal:
        state.clone().apply(action)
    probe = state.clone()
    for action in wrong:
        if action in legal:
            continue
        try:
            probe.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was accepted, but it is not a legal action")
        if probe != state:
            raise AssertionError(f"refusing {action} changed the state")


def play_out(state: GameState, seed: int) -> tuple[list[int], int]:
    """Finish a game with seeded uniformly random legal actions; return the final scores and
    the number of actions taken (a state sent to another process must finish identically)."""
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return list(state.scores), actions
