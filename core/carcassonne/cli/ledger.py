"""Where every point of a game came from: its score changes, in order, with their causes.

The game is replayed from its origin (the start, or the position a record began at) and each
event that changes a score becomes an :class:`Item` of its player: points scored (for a feature,
or for none: a majority of goods, the fairy), each side of a point transfer, and the points a
position began with. The items of a player add up to their score by construction, and their
sums by source are what ``GameState.outcome().points`` reports. Figures taken off the board by
a rule (removed, captured, released) are kept beside them, since they explain lost points too.

Nothing here names an expansion: the words are the events' (``kind``, ``reason``) and
:mod:`carcassonne.cli.words`'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from carcassonne import events as ev
from carcassonne.cli.game_args import UserError
from carcassonne.cli.words import event_words
from carcassonne.errors import CarcassonneError
from carcassonne.state import GameState
from carcassonne.values import ForcedDraw

#: The summary's source of the points a position began with, and of points moved between
#: players (the names ``GameState.outcome().points`` uses).
START = "start"
TRANSFER = "transfer"
#: Squares of a feature shown in words (all of them are in the JSON).
SHOWN_SQUARES = 6
#: The core's reasons of feature scoring: the text says them otherwise (``end of the game``).
PLAIN_REASONS = ("", "completed", "final")

Who = Callable[[int], str]


@dataclass(frozen=True)
class Item:
    """One change of one player's score: ``points`` (negative for a payer), the summary's
    ``source``, the ``turn`` (``None`` for the points a position began with), a sentence, and
    the details of ``--json``."""

    player: int
    points: int
    source: str
    turn: int | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Removal:
    """A figure a rule took off the board, or a prisoner released, in ``turn``."""

    turn: int
    text: str
    event: dict[str, Any]


@dataclass
class Ledger:
    """The game at the moment explained (``state``) and how its scores came about."""

    state: GameState
    items: list[Item]
    removals: list[Removal]
    #: The last turn asked for (``--turn``), ``None`` for the end of the record.
    upto: int | None = None

    def player_items(self, player: int) -> list[Item]:
        return [item for item in self.items if item.player == player]

    def by_source(self, player: int) -> dict[str, int]:
        """Points by source, sorted by name; they add up to ``state.scores[player]``."""
        out: dict[str, int] = {}
        for item in self.player_items(player):
            out[item.source] = out.get(item.source, 0) + item.points
        return dict(sorted(out.items()))


@dataclass
class _Turn:
    """What the replay knows of the turn going on: its number, its player, its last tile."""

    number: int
    player: int
    placed: ev.TilePlaced | None = None


def build_ledger(state: GameState, who: Who, upto: int | None = None) -> Ledger:
    """Replay ``state``'s game up to the end of turn ``upto`` (its end when ``None``) and
    collect every score change; ``upto`` outside the game's turns is a :class:`UserError`."""
    origin = state.initial()  # not undo(len(log)): chance outcomes are log entries, not steps
    if upto is not None and not origin.turn <= upto <= state.turn:
        raise UserError(
            f"--turn {upto}: the game has turns {origin.turn} to {state.turn}, not {upto}"
        )
    items = [
        Item(p, points, START, None, "the game began with these points (a position)",
             {"type": START})
        for p, points in enumerate(origin.scores)
        if points
    ]  # fmt: skip
    removals: list[Removal] = []
    turn = _Turn(origin.turn, origin.player)
    replay = origin
    for entry in state.log:
        # the draw the record forced after the last action of turn ``upto`` still belongs to it:
        # the tile the next player holds is the record's
        if upto is not None and replay.turn > upto and not isinstance(entry, ForcedDraw):
            break
        for event in replay.replay_entry(entry):
            _note(replay, event, turn, who, items, removals)
    return Ledger(replay, items, removals, upto)


def _note(
    state: GameState,
    event: ev.Event,
    turn: _Turn,
    who: Who,
    items: list[Item],
    removals: list[Removal],
) -> None:
    """Keep what ``event`` says of the scores or the figures; follow the turn."""
    if isinstance(event, ev.TurnStarted):
        turn.number, turn.player, turn.placed = event.turn, event.player, None
    elif isinstance(event, ev.TilePlaced):
        turn.placed = event
    elif isinstance(event, ev.PointsScored):
        items.append(_scored(state, event, turn, who))
    elif isinstance(event, ev.PointsTransferred):
        text = f"turn {turn.number}: {event_words(state, event, who)}"
        data = {"type": TRANSFER, "payer": event.payer, "payee": event.payee,
                "reason": event.reason}  # fmt: skip
        items.append(Item(event.payer, -event.points, TRANSFER, turn.number, text, data))
        items.append(Item(event.payee, event.points, TRANSFER, turn.number, text, data))
    elif isinstance(event, ev.FigureRemoved | ev.FigureCaptured | ev.PrisonerReleased):
        words = event_words(state, event, who)
        removals.append(Removal(turn.number, f"turn {turn.number}: {words}", event.to_dict()))


def _scored(state: GameState, event: ev.PointsScored, turn: _Turn, who: Who) -> Item:
    """The item of points scored: what for, when, after whose tile."""
    squares = _squares(state, event.feature)
    if event.feature is None:
        what = event.reason or event.kind
        if event.kind not in what:
            what += f" ({event.kind})"
    else:
        what = f"{event.kind} {_size(squares)}".rstrip()
        if event.reason not in PLAIN_REASONS:
            what += f" ({event.reason})"
    placed = turn.placed
    if event.final:
        text = f"end of the game: {what}"
    elif placed is not None:
        text = (
            f"turn {turn.number}: {what}, after {who(placed.player)} placed {placed.tile} "
            f"at {placed.x},{placed.y}"
        )
    else:
        text = f"turn {turn.number}: {what}, in {who(turn.player)}'s turn"
    data = {
        "type": "points",
        "kind": event.kind,
        "reason": event.reason,
        "final": event.final,
        "feature": None
        if event.feature is None
        else {"kind": event.kind, "tiles": [list(square) for square in squares]},
        "placed": None
        if placed is None or event.final
        else {"player": placed.player, "tile": placed.tile, "x": placed.x, "y": placed.y},
    }
    return Item(event.player, event.points, event.kind, turn.number, text, data)


def _squares(state: GameState, feature: int | None) -> list[tuple[int, int]]:
    """The squares of a scored feature, sorted (none for points for no feature)."""
    if feature is None:
        return []
    try:
        return sorted(state.feature_tiles(state.feature_id(feature)))
    except CarcassonneError:  # a plugin's award naming no feature of the board
        return []


def _size(squares: list[tuple[int, int]]) -> str:
    """``at 0,1``, ``of 3 tiles (-1,0; 0,0; 1,0)``, longer lists cut with ``and N more``."""
    if not squares:
        return ""
    if len(squares) == 1:
        return f"at {squares[0][0]},{squares[0][1]}"
    shown = "; ".join(f"{x},{y}" for x, y in squares[:SHOWN_SQUARES])
    if len(squares) > SHOWN_SQUARES:
        shown += f"; and {len(squares) - SHOWN_SQUARES} more"
    return f"of {len(squares)} tiles ({shown})"


__all__ = ["START", "TRANSFER", "Item", "Ledger", "Removal", "build_ledger"]
