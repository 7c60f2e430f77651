"""The position value and its error: what a position holds, checked by build and read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from carcassonne.actions import Action
from carcassonne.errors import CarcassonneError

FORMAT = 1


class PositionError(CarcassonneError):
    """A position is inconsistent (edges do not match, a figure stands nowhere, ...).

    ``key`` names the entry of the position file it is about (``tiles``, ``pile``, ...; None
    for the position as a whole) and ``reason`` says what is wrong. Read from a text, the
    error also carries the ``line`` and ``column`` of that key, and its message starts with
    ``line N:``.
    """

    def __init__(self, reason: str, key: str | None = None, line: int = 0, column: int = 0) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.reason = reason
        self.key = key
        self.line = line
        self.column = column


def whole(value: object) -> bool:
    return type(value) is int


def strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


@dataclass
class Position:
    #: ``(tile id, x, y, rotation)`` in placement order; the first one is laid first (the start
    #: tile). A tile that touches no earlier one is laid as soon as it touches the board.
    tiles: Sequence[tuple[str, int, int, int]]
    #: ``(player, figure kind, x, y, location)``.
    figures: Sequence[tuple[int, str, int, int, str]] = ()
    scores: Sequence[int] | None = None
    #: Whose turn it is.
    player: int = 0
    #: The draw pile, next tile first; or ``{tile id: count}`` shuffled with the game's seed.
    #: ``None``: every tile of the game not on the board, shuffled.
    pile: Sequence[str] | Mapping[str, int] | None = None
    #: Plugin data overrides, ``name -> value``.
    ext: dict[str, Any] = field(default_factory=dict)
    #: Figures in each player's supply (``None``: the per-player count minus those on the board).
    supply: Sequence[Mapping[str, int]] | None = None
    #: A drawn tile waiting to be placed; ``None``: the player is about to draw.
    drawn: str | None = None
    #: The turn number (``None``: 1).
    turn: int | None = None
    #: Who placed the most recent tile (the last of ``tiles``); ``None``: nobody (a tile of the
    #: set-up). Expansions that look back at the last tile-placer (Abbey & Mayor's end-game
    #: abbeys) read it; ``player`` is always who moves next.
    last_placer: int | None = None
    #: Pieces on the board (``carcassonne_piece_kinds``): ``(kind, owner, x, y, location)``,
    #: owner ``NEUTRAL`` (-1) for a neutral kind, location ``None`` for the tile as a whole.
    pieces: Sequence[tuple[str, int, int, int, str | None]] = ()
    #: Figures players hold of each other: ``(captor, player, figure kind)``, in the order
    #: they were taken. Each comes out of its owner's supply.
    prisoners: Sequence[tuple[int, int, str]] = ()
    #: Tiles set aside face up, in the order they were set aside.
    set_aside: Sequence[str] = ()
    #: Tiles face down under placed tiles: ``(tile id, x, y)``, in the order they were put there.
    tiles_under: Sequence[tuple[str, int, int]] = ()
    #: The part of the turn (0, or a further part a plugin gave) and the reasons of the parts
    #: still to come this turn.
    part: int = 0
    more_parts: Sequence[str] = ()
    #: How many chance draws the game has made (the next one is seeded by it), the outcomes
    #: the next draws are forced to, and the chance salt (``reseed_chance``).
    chances: int = 0
    forced_chances: Sequence[str] = ()
    chance_salt: int = 0
    #: The actions taken so far this turn (plugins' limits such as "once a turn" read them).
    turn_actions: Sequence[Action] = ()
    #: With the player about to draw: the start of the turn is behind (its
    #: ``carcassonne_turn_started`` hooks ran, the fairy's point is in the scores); loading
    #: does not run them again. ``False``: they run on load.
    turn_started: bool = False
    #: Actions of the current turn to apply after building the position: a position taken in
    #: the middle of a turn (the dragon halfway through its steps, a wagon to move) is the
    #: position where the turn's tile was drawn or about to be, then these actions.
    then: Sequence[Action] = ()
