"""The general mechanics in words, for everything in the terminal that shows a game.

Two things are here so that ``str(state)``, the play screen, the play log, ``replay`` and
``explain`` say the same: the notes a board picture needs beside it (prisoners, tiles set aside,
the part of the turn, a pending chance draw, counters players hold) and one sentence per event.
Both come from what the core keeps (``state.prisoners()``, ``PieceKind.label`` …), never from
knowing an expansion.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from carcassonne import events as ev
from carcassonne.values import NEUTRAL

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def player_name(state: Any, player: int) -> str:
    """``B Bob``: a player's letter and name, as the play screen shows them."""
    return f"{chr(ord('A') + player)} {state.config.names[player]}"


def points_words(event: ev.PointsScored, who: Callable[[int], str]) -> str:
    """``A Ann scores 4 for a city``; points for no feature say what for (``most goods
    (goods)``); final scoring adds ``at the end``."""
    when = " at the end" if event.final else ""
    what = f"a {event.kind}"
    if event.feature is None:
        what = f"{event.reason} ({event.kind})" if event.reason else event.kind
    return f"{who(event.player)} scores {event.points} for {what}{when}"


def turn_part_text(part: int, reason: str = "") -> str:
    """``second part of the turn: builder`` for part 1 (parts count from 0)."""
    if 0 <= part < len(ORDINALS):
        text = f"{ORDINALS[part]} part of the turn"
    else:
        text = f"part {part + 1} of the turn"
    return f"{text}: {reason}" if reason else text


def part_reason(events: list[Any]) -> str:
    """The reason of the turn part the latest of ``events`` opened ('' when none did)."""
    for event in reversed(events):
        if isinstance(event, ev.TurnPartStarted):
            return event.reason
    return ""


def piece_label(state: Any, kind: str) -> str:
    """What a kind of piece is called: its ``PieceKind.label``, else its name."""
    look = state.config.piece_kinds.get(kind)
    return (look.label if look is not None and look.label else "") or kind


def counted(count: int, name: str) -> str:
    """``3 goods``, ``2 abbeys``, ``1 abbey``."""
    plural = count != 1 and not name.endswith("s")
    return f"{count} {name}{'s' if plural else ''}"


def held_texts(state: Any) -> list[list[str]]:
    """Per player, the counters they hold (``carcassonne_held_pieces``) that are not zero."""
    return [
        [counted(n, name) for name, n in sorted(held.items()) if n] for held in state.held_pieces()
    ]


def prisoner_texts(state: Any, who: Callable[[int], str]) -> list[list[str]]:
    """Per captor, the figures they hold: ``B's meeple`` (``who`` names a player)."""
    out: list[list[str]] = [[] for _ in range(state.players)]
    for prisoner in state.prisoners():
        out[prisoner.captor].append(f"{who(prisoner.player)}'s {prisoner.kind}")
    return out


def chance_text(state: Any) -> str:
    """``chance to draw: t-sheep-bag (sheep 60%, wolf 40%)``; '' when none is pending."""
    odds = state.chance_odds()
    if not odds:
        return ""
    name = odds[0][0].name
    shown = ", ".join(f"{action.outcome} {probability:.0%}" for action, probability in odds)
    return f"chance to draw: {name} ({shown})"


def state_notes(
    state: Any, who: Callable[[int], str], reason: str = "", *, players: bool = True
) -> list[str]:
    """The lines a board picture needs beside it, only those that apply: the turn part (with
    ``reason`` when known), a pending chance draw, tiles set aside, and unless ``players`` is
    false (the play screen shows them on the players' lines) prisoners and counters held."""
    notes = []
    if state.turn_part and not state.is_over:
        notes.append(turn_part_text(state.turn_part, reason))
    chance = chance_text(state)
    if chance:
        notes.append(chance)
    aside = state.set_aside_tiles()
    if aside:
        notes.append("set aside: " + ", ".join(aside))
    if not players:
        return notes
    for captor, held in enumerate(prisoner_texts(state, who)):
        if held:
            notes.append(f"{who(captor)} holds prisoner {', '.join(held)}")
    for player, held in enumerate(held_texts(state)):
        if held:
            notes.append(f"{who(player)} has {', '.join(held)}")
    return notes


def _piece(state: Any, kind: str, owner: int, who: Callable[[int], str]) -> str:
    """``the dragon`` (a neutral piece, by its label), ``B blue's sheep``."""
    label = piece_label(state, kind)
    return label if owner == NEUTRAL else f"{who(owner)}'s {label}"


def _where(x: int, y: int, location: str | None) -> str:
    return f"{x},{y}" + (f" {location}" if location else "")


def event_words(state: Any, event: Any, who: Callable[[int], str]) -> str | None:
    """One sentence for an event of the general mechanics, or ``None`` for another type."""
    if isinstance(event, ev.TurnPartStarted):
        return f"{who(event.player)} goes on: {turn_part_text(event.part, event.reason)}"
    if isinstance(event, ev.FigureRemoved):
        where = _where(event.x, event.y, event.location)
        return f"{who(event.player)}'s {event.figure} at {where} goes home: {event.reason}"
    if isinstance(event, ev.FigureCaptured):
        where = _where(event.x, event.y, event.location)
        return (
            f"{who(event.captor)} takes {who(event.player)}'s {event.figure} at {where} "
            f"prisoner: {event.reason}"
        )
    if isinstance(event, ev.PrisonerReleased):
        return (
            f"{who(event.captor)} releases {who(event.player)}'s {event.figure}, "
            f"back to its owner: {event.reason}"
        )
    if isinstance(event, ev.PointsTransferred):
        return (
            f"{who(event.payer)} pays {event.points} point{'s' if event.points != 1 else ''} "
            f"to {who(event.payee)}: {event.reason}"
        )
    if isinstance(event, ev.ChanceDrawn):
        return f"drawn by chance from {event.name}: {event.outcome}"
    if isinstance(event, ev.PiecePlaced):
        piece = _piece(state, event.kind, event.owner, who)
        return f"{piece} is put on {_where(event.x, event.y, event.location)}"
    if isinstance(event, ev.PieceMoved):
        piece = _piece(state, event.kind, event.owner, who)
        to = _where(event.x, event.y, event.location)
        return f"{piece} moves from {event.from_x},{event.from_y} to {to}"
    if isinstance(event, ev.PieceRemoved):
        piece = _piece(state, event.kind, event.owner, who)
        where = _where(event.x, event.y, event.location)
        return f"{piece} leaves {where}: {event.reason}"
    if isinstance(event, ev.TileSetAside):
        return f"tile {event.tile} is set aside: {event.reason}"
    if isinstance(event, ev.TilesShuffledIn):
        tiles = ", ".join(event.tiles) or "no tile"
        return f"shuffled back into the pile: {tiles} ({event.reason})"
    if isinstance(event, ev.TilePutUnder):
        return f"a tile goes face down under the tile at {event.x},{event.y}: {event.reason}"
    return None


def any_event_words(state: Any, event: Any, who: Callable[[int], str]) -> str:
    """One sentence for any event: the general mechanics' (:func:`event_words`), the core's,
    and ``type: field value, ...`` for a plugin's event type this module has no words for."""
    words = event_words(state, event, who)
    if words is not None:
        return words
    if isinstance(event, ev.PointsScored):
        return points_words(event, who)
    if isinstance(event, ev.TurnStarted):
        return f"turn {event.turn}: {who(event.player)}"
    if isinstance(event, ev.TileDrawn):
        return f"{who(event.player)} draws {event.tile}"
    if isinstance(event, ev.TileReturned):
        return f"tile {event.tile} fits nowhere and goes back to the box"
    if isinstance(event, ev.TilePlaced):
        return (
            f"{who(event.player)} places {event.tile} at {event.x},{event.y} "
            f"turned {event.rotation}°"
        )
    if isinstance(event, ev.FigurePlaced):
        where = _where(event.x, event.y, event.location)
        return f"{who(event.player)} puts a {event.figure} on {where}"
    if isinstance(event, ev.FigureReturned):
        return f"{who(event.player)}'s {event.figure} returns"
    if isinstance(event, ev.FeatureCompleted):
        return f"a {event.kind} of {counted(event.tiles, 'tile')} is completed"
    if isinstance(event, ev.DecisionPending):
        return f"{who(event.player)} decides: {event.kind}"
    if isinstance(event, ev.Note):
        return str(event.message)
    if isinstance(event, ev.GameOver):
        scores = ", ".join(f"{who(p)} {s}" for p, s in enumerate(event.scores))
        return f"the game is over: {scores}"
    fields = event._asdict().items() if hasattr(event, "_asdict") else ()
    return f"{event.type}: " + ", ".join(f"{k} {v}" for k, v in fields)


__all__ = [
    "any_event_words",
    "chance_text",
    "counted",
    "event_words",
    "held_texts",
    "part_reason",
    "player_name",
    "points_words",
    "prisoner_texts",
    "state_notes",
    "turn_part_text",
]
