"""Tile draws as explicit chance events on top of the engine.

Game-theory libraries want each draw as a chance node: the tiles that may come next with their
probabilities, and the outcome applied as if it had been drawn. :class:`ChanceGame` drives an
engine state whose configuration has the option ``explicit_draws``: the engine then stops at a
``draw`` decision before every draw (and again after a drawn tile went back to the box), so no
tile is drawn before the caller picked it. A chance outcome is applied with the engine's public
``force_draw`` (the tile goes on top of the pile) followed by ``Draw``. A tile that fits nowhere
goes back to the box inside the engine, visibly (``TileReturned``), and another chance node
follows with that copy gone.

Probabilities: every copy still to be drawn from the current draw stack is equally likely
(stacks come one after the other, tiles sent to the bottom of their stack, like the River's
lake, come last): exactly how ``GameConfig.shuffled_pile`` builds the pile. This module reads
the configuration's stack layout (``config.stacks``, ``config.bottom``), which the public API
does not list (see docs/ai.md).
"""

from __future__ import annotations

from collections import Counter

from carcassonne import GameConfig, GameState
from carcassonne.actions import Action, Draw


def drawable(config: GameConfig, pile: list[str]) -> Counter[str]:
    """Tile id -> copies that may be drawn next from ``pile`` (next first): the current stack,
    its bottom tiles only once the others are gone."""
    total = sum(len(stack) for stack in config.stacks.values())
    taken = total - len(pile)
    current: list[str] = pile
    for key in sorted(config.stacks):
        size = len(config.stacks[key])
        if taken < size:
            current = pile[: size - taken]
            break
        taken -= size
    regular = [t for t in current if t not in config.bottom]
    return Counter(regular or current)


def chance_outcomes(config: GameConfig, pile: list[str]) -> list[tuple[str, float]]:
    """(tile id, probability) of the next draw from ``pile``, sorted by tile id."""
    counts = drawable(config, pile)
    total = sum(counts.values())
    return [(tile, counts[tile] / total) for tile in sorted(counts)]


class ChanceGame:
    """An engine state whose draws are chance events decided by the caller.

    ``chance`` is true while a draw waits for its tile; :meth:`outcomes` lists the candidates
    with their probabilities and :meth:`choose` applies one. Player actions go through
    :meth:`apply`; a player's ``Draw`` (chosen over an alternative such as the abbey) makes the
    draw a chance event. The state's configuration must have the option ``explicit_draws``.
    """

    __slots__ = ("state", "chance")

    def __init__(self, state: GameState) -> None:
        if not state.config.explicit_draws:
            raise ValueError("ChanceGame needs a configuration with the option explicit_draws")
        self.state = state
        self.chance = _draw_only(state)

    def clone(self) -> ChanceGame:
        other = ChanceGame.__new__(ChanceGame)
        other.state = self.state.clone()
        other.chance = self.chance
        return other

    @property
    def drawn(self) -> str | None:
        """The drawn tile waiting to be placed (none while a draw is pending)."""
        return self.state.drawn

    def remaining(self) -> Counter[str]:
        """Tiles not yet drawn."""
        return Counter(self.state.draw_pile())

    def outcomes(self) -> list[tuple[str, float]]:
        """(tile id, probability) for the pending draw, sorted by tile id."""
        return chance_outcomes(self.state.config, self.state.draw_pile())

    def choose(self, tile: str) -> bool:
        """Draw ``tile``; False if it fitted nowhere and went back to the box (another draw
        follows, or the regular play is over if the pile is empty)."""
        if not self.chance:
            raise ValueError("no draw is pending")
        state = self.state
        if tile not in drawable(state.config, state.draw_pile()):
            raise ValueError(f"tile {tile} cannot be drawn now")
        state.force_draw(tile)
        state.apply(_DRAW)
        self.chance = _draw_only(state)
        return state.drawn == tile

    def apply(self, action: Action) -> None:
        if self.chance:
            raise ValueError("a draw is pending: choose a tile first")
        if action == _DRAW and self.state.pending.kind == "draw":
            if action not in self.state.legal_actions():
                raise ValueError("drawing is not legal now")
            self.chance = True  # the player chose to draw: the tile is chance's
            return
        self.state.apply(action)
        self.chance = _draw_only(self.state)


_DRAW = Draw()


def _draw_only(state: GameState) -> bool:
    """Whether the engine waits for a draw and nothing else (a chance event at once)."""
    return state.pending.kind == "draw" and state.legal_actions() == [_DRAW]
