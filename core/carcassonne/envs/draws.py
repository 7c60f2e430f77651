"""Tile draws as explicit chance events on top of the engine.

The engine draws from its own shuffled pile. Game-theory libraries want the draw as a chance
node instead: the list of tiles that may come next with their probabilities, and the outcome
applied as if it had been drawn. :class:`ChanceGame` does that with the engine's public
``force_draw``: when the engine has just drawn a tile, the draw counts as not yet made; the
outcome chosen for it is forced (the engine's own pick goes back on the pile).

Probabilities: every copy still to be drawn from the current draw stack is equally likely
(stacks come one after the other, tiles sent to the bottom of their stack, like the River's
lake, come last). A tile that fits nowhere goes back to the box and the same player draws again:
another chance node. This module reads the configuration's stack layout (``config.stacks``,
``config.bottom``), which the public API does not list (see docs/ai.md).

One draw stays the engine's: when the tile on top of its shuffled pile fits nowhere at the start
of a turn, the engine returns it to the box before the chance node is shown (its own shuffle,
fixed by the game's seed, decides it; about one base game in sixty, docs/ai.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from carcassonne import GameConfig, GameState
from carcassonne.events import TileDrawn, TileReturned


def remaining_in_order(state: GameState, drawn: str | None) -> list[str]:
    """The tiles still to be drawn, next first, with the not-yet-counted ``drawn`` on top."""
    pile = state.draw_pile()
    return [drawn, *pile] if drawn is not None else pile


def drawable(config: GameConfig, state: GameState, drawn: str | None) -> Counter[str]:
    """Tile id -> copies that may be drawn next (the current stack, bottom tiles last)."""
    order = remaining_in_order(state, drawn)
    total = sum(len(stack) for stack in config.stacks.values())
    taken = total - len(order)
    current: list[str] = order
    for key in sorted(config.stacks):
        size = len(config.stacks[key])
        if taken < size:
            current = order[: size - taken]
            break
        taken -= size
    regular = [t for t in current if t not in config.bottom]
    return Counter(regular or current)


class ChanceGame:
    """An engine state whose draws are chance events decided by the caller.

    ``chance`` is true while a drawn tile waits to be chosen; :meth:`outcomes` lists the
    candidates with their probabilities and :meth:`choose` applies one. Player actions go
    through :meth:`apply`.
    """

    __slots__ = ("state", "chance")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.chance = _drew(state)

    def clone(self) -> ChanceGame:
        other = ChanceGame.__new__(ChanceGame)
        other.state = self.state.clone()
        other.chance = self.chance
        return other

    @property
    def drawn(self) -> str | None:
        """The drawn tile the players know of (none while the draw is a chance event)."""
        return None if self.chance else self.state.drawn

    def remaining(self) -> Counter[str]:
        """Tiles not yet drawn, as the players know them (the engine's pick counts as undrawn)."""
        hidden = self.state.drawn if self.chance else None
        return Counter(remaining_in_order(self.state, hidden))

    def outcomes(self) -> list[tuple[str, float]]:
        """(tile id, probability) for the pending draw, sorted by tile id."""
        counts = drawable(self.state.config, self.state, self.state.drawn)
        total = sum(counts.values())
        return [(tile, counts[tile] / total) for tile in sorted(counts)]

    def choose(self, tile: str) -> bool:
        """Make ``tile`` the drawn tile; False if it fitted nowhere (another draw follows)."""
        if not self.chance:
            raise ValueError("no draw is pending")
        if tile not in drawable(self.state.config, self.state, self.state.drawn):
            raise ValueError(f"tile {tile} cannot be drawn now")
        if tile != self.state.drawn:
            self.state.force_draw(tile)
        if self.state.drawn == tile:
            self.chance = False
            return True
        return False

    def apply(self, action: Any) -> None:
        if self.chance:
            raise ValueError("a draw is pending: choose a tile first")
        self.state.apply(action)
        self.chance = _drew(self.state)


def _drew(state: GameState) -> bool:
    """Whether the last step left a freshly drawn tile waiting to be placed."""
    if state.is_over or state.pending.kind != "tile":
        return False
    return any(isinstance(e, TileDrawn) for e in state.last_events)


def returned_tiles(state: GameState) -> list[str]:
    """Tiles the last step sent back to the box."""
    return [e.tile for e in state.last_events if isinstance(e, TileReturned)]
