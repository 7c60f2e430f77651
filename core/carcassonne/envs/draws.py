"""Tile draws and chance inside a turn as explicit chance events on top of the engine.

Game-theory libraries want each draw as a chance node: the tiles that may come next with their
probabilities, and the outcome applied as if it had been drawn. :class:`ChanceGame` drives an
engine state whose configuration has the option ``explicit_draws``: the engine then stops at a
``draw`` decision before every draw (and again after a drawn tile went back to the box), so no
tile is drawn before the caller picked it. A chance outcome is applied with the engine's public
``force_draw`` (the tile goes on top of the pile) followed by ``Draw``. A tile that fits nowhere
goes back to the box inside the engine, visibly (``TileReturned``), and another chance node
follows with that copy gone.

A chance draw inside a turn (a plugin's ``state.ask_chance``, docs/hooks.md) is a chance event
too: :class:`ChanceGame` turns the engine's ``auto_chance`` off, so such a ``chance`` decision
waits; its outcomes are the decision's, with the odds of ``state.chance_odds()``, and the chosen
one is applied as the engine's ``ChanceOutcome``.

Probabilities of a draw: every copy still to be drawn from the current draw stack is equally likely
(stacks come one after the other, tiles sent to the bottom of their stack, like the River's
lake, come last): exactly how ``GameConfig.shuffled_pile`` builds the pile. This module reads
the configuration's stack layout (``config.stacks``, ``config.bottom``), which the public API
does not list (see docs/ai.md).
"""

from __future__ import annotations

from collections import Counter

from carcassonne import GameConfig, GameState
from carcassonne.actions import Action, ChanceOutcome, Draw


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

    ``chance`` is true while a draw waits for its tile or a chance decision inside the turn
    waits for its outcome (:attr:`drawing` tells which); :meth:`outcomes` lists the candidates
    with their probabilities and :meth:`choose` applies one. Player actions go through
    :meth:`apply`; a player's ``Draw`` (chosen over an alternative such as the abbey) makes the
    draw a chance event. The state's configuration must have the option ``explicit_draws``;
    the state's ``auto_chance`` is turned off (every chance event is the caller's).
    """

    __slots__ = ("state", "chance")

    def __init__(self, state: GameState) -> None:
        if not state.config.explicit_draws:
            raise ValueError("ChanceGame needs a configuration with the option explicit_draws")
        if state.auto_chance:
            state.auto_chance = False
        self.state = state
        self.chance = _waits(state)

    def clone(self) -> ChanceGame:
        other = ChanceGame.__new__(ChanceGame)
        other.state = self.state.clone()
        other.chance = self.chance
        return other

    @property
    def drawing(self) -> bool:
        """Whether the chance event waiting is a tile draw (else a chance decision, or none)."""
        return self.chance and self.state.pending.kind == "draw"

    @property
    def drawn(self) -> str | None:
        """The drawn tile waiting to be placed (none while a draw is pending)."""
        return self.state.drawn

    def remaining(self) -> Counter[str]:
        """Tiles not yet drawn."""
        return Counter(self.state.draw_pile())

    def outcomes(self) -> list[tuple[str, float]]:
        """(outcome, probability) of the pending chance event: for a draw, tile ids sorted;
        for a chance decision, its outcomes of weight above 0 in the decision's order."""
        if not self.chance:
            raise ValueError("no draw or chance draw is pending")
        if not self.drawing:
            return [(o.outcome, p) for o, p in self.state.chance_odds()]
        return chance_outcomes(self.state.config, self.state.draw_pile())

    def choose(self, outcome: str) -> bool:
        """Apply the pending chance event's ``outcome``: draw that tile, or answer the chance
        decision. False if the tile fitted nowhere and went back to the box (another draw
        follows, or the regular play is over if the pile is empty)."""
        if not self.chance:
            raise ValueError("no draw or chance draw is pending")
        state = self.state
        if not self.drawing:
            odds = state.chance_odds()
            if all(o.outcome != outcome for o, _ in odds):
                raise ValueError(
                    f"{outcome!r} is not an outcome of {odds[0][0].name} now: "
                    f"{', '.join(o.outcome for o, _ in odds)}"
                )
            state.apply(ChanceOutcome(odds[0][0].name, outcome))
            self.chance = _waits(state)
            return True
        if outcome not in drawable(state.config, state.draw_pile()):
            raise ValueError(f"tile {outcome} cannot be drawn now")
        state.force_draw(outcome)
        state.apply(_DRAW)
        self.chance = _waits(state)
        return state.drawn == outcome

    def apply(self, action: Action) -> None:
        if self.chance:
            what = "a tile" if self.drawing else "its outcome"
            pending = "a draw" if self.drawing else "a chance draw"
            raise ValueError(f"{pending} is pending: choose {what} first")
        if action == _DRAW and self.state.pending.kind == "draw":
            if action not in self.state.legal_actions():
                raise ValueError("drawing is not legal now")
            self.chance = True  # the player chose to draw: the tile is chance's
            return
        self.state.apply(action)
        self.chance = _waits(self.state)


_DRAW = Draw()


def _waits(state: GameState) -> bool:
    """Whether the engine waits for chance and nothing else: a draw with no alternative, or a
    chance decision inside the turn."""
    kind = state.pending.kind
    return kind == "chance" or (kind == "draw" and state.legal_actions() == [_DRAW])
