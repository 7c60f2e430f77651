"""Positions: set up any situation directly (puzzles, tests, bug reports).

A :class:`Position` lists placed tiles, figures, scores, supplies, whose turn it is and the draw
pile. :func:`build_state` turns it into a playable :class:`GameState`, checking everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from carcassonne import events as ev
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.state import Decision, GameState


class PositionError(CarcassonneError):
    """A position is inconsistent (edges do not match, a figure stands nowhere, ...)."""


@dataclass
class Position:
    #: ``(tile id, x, y, rotation)`` in placement order; the first one is the start tile.
    tiles: Sequence[tuple[str, int, int, int]]
    #: ``(player, figure kind, x, y, location)``.
    figures: Sequence[tuple[int, str, int, int, str]] = ()
    scores: Sequence[int] | None = None
    #: Whose turn it is.
    player: int = 0
    #: The draw pile, next tile first. ``None``: every tile not on the board, shuffled.
    pile: Sequence[str] | None = None
    #: Plugin data overrides, ``name -> value``.
    ext: dict[str, Any] = field(default_factory=dict)


def build_state(config: GameConfig, position: Position) -> GameState:
    """A state at ``position`` with ``position.player`` about to take a turn."""
    state = GameState.new(config)
    # wipe the board the fresh game laid and lay the position's instead
    for name in ("board", "frontier", "surround"):
        getattr(state, name).clear()
    for name in ("parent", "nkind", "npos", "nopen", "ntiles", "nfigs", "nborders", "nattrs"):
        getattr(state, name).clear()
    if not position.tiles:
        raise PositionError("a position needs at least one tile")
    for i, (tile_id, x, y, rotation) in enumerate(position.tiles):
        try:
            tid = config.resolve_tile(tile_id)
        except CarcassonneError as exc:
            raise PositionError(f"tile #{i + 1}: {exc}") from None
        tile = config.tile_types[tid]
        if rotation not in (0, 90, 180, 270):
            raise PositionError(f"tile #{i + 1} {tid}: rotation must be 0, 90, 180 or 270")
        if (x, y) in state.board:
            raise PositionError(f"tile #{i + 1} {tid}: {x},{y} is already taken")
        if i > 0:
            pattern = state.frontier.get((x, y))
            if pattern is None:
                raise PositionError(f"tile #{i + 1} {tid} at {x},{y} touches no earlier tile")
            if rotation not in config.fits(tile, pattern):
                raise PositionError(
                    f"tile #{i + 1} {tid} at {x},{y} rotation {rotation}: edges do not match"
                )
        state._put_tile(tile, x, y, rotation, -1)
    supply = [dict(s) for s in state.supply]
    for player, kind, x, y, location in position.figures:
        if not 0 <= player < config.players:
            raise PositionError(f"figure of unknown player {player}")
        if kind not in config.figure_kinds:
            raise PositionError(f"unknown figure kind {kind!r}")
        if supply[player][kind] <= 0:
            raise PositionError(f"player {player} has no {kind} left for {x},{y} {location}")
        supply[player][kind] -= 1
        try:
            state.place_figure(player, kind, x, y, location, [])
        except CarcassonneError as exc:
            raise PositionError(str(exc)) from None
    if position.scores is not None:
        if len(position.scores) != config.players:
            raise PositionError(f"{config.players} scores expected, got {len(position.scores)}")
        state.scores = list(position.scores)
    on_board: dict[str, int] = {}
    for tile_id, *_ in position.tiles:
        tid = config.resolve_tile(tile_id)
        on_board[tid] = on_board.get(tid, 0) + 1
    if position.pile is None:
        remaining = [t for t in config.shuffled_pile()]
        for tid, n in on_board.items():
            for _ in range(n):
                if tid in remaining:
                    remaining.remove(tid)
        state.pile = remaining
    else:
        state.pile = [config.resolve_tile(t) for t in reversed(list(position.pile))]
    state.ext.update(position.ext)
    if not 0 <= position.player < config.players:
        raise PositionError(f"no player {position.player}")
    state.player = position.player
    state.pending = Decision("draw", position.player)
    state.drawn = None
    state._cands = None
    state._legal = None
    events: list[ev.Event] = [ev.TurnStarted(position.player, state.turn)]
    state._start_turn(events)
    state.last_events = events
    state.log = []
    state._origin = state._snapshot()
    return state
