"""Whether one action is legal at a moment of a game, why not, and what is legal instead.

The judgement is the engine's, as the protocol's ``why`` gives it: ``chance_refusal`` for a
chance outcome while none is pending, else ``state.why_illegal`` (the core's refusals and the
plugins' ``carcassonne_explain_illegal``). What is offered instead are the legal actions of the
same kind nearest to the one refused: the rotations of the tile at that square (or the nearest
squares where it fits), the figure actions on that tile, the actions of the same type, or when
there are none the whole decision's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carcassonne.actions import Action, Pass, PlaceFigure, PlaceTile, action_fields
from carcassonne.cli.game_args import UserError
from carcassonne.cli.keys import describe, distinct_rotations
from carcassonne.codes import Refusal
from carcassonne.errors import CarcassonneError
from carcassonne.serialize import (
    ActionFormatError,
    action_from_text,
    action_text,
    chance_refusal,
    refusal_json,
)
from carcassonne.state import GameState

#: How many legal actions are offered instead of a refused one.
NEARBY = 8

Who = Callable[[int], str]


@dataclass(frozen=True)
class Verdict:
    """An action (canonical: a location by the name the engine offers), its refusal (``None``
    when legal) and the legal actions offered instead, with how many more there are."""

    action: Action
    refusal: Refusal | None
    nearby: tuple[Action, ...] = ()
    more: int = 0


def judge(state: GameState, text: str) -> Verdict:
    """The verdict on the action ``text`` (notation) now; unreadable notation is a
    :class:`UserError` naming the column."""
    try:
        action = action_from_text(text, state)
    except ActionFormatError as exc:
        raise UserError(f"--action {text!r}: {exc}") from None
    refusal = chance_refusal(state, action) or state.why_illegal(action)
    action = state.canonical(action)
    if refusal is None:
        return Verdict(action, None)
    offered = _nearby(state, action)
    return Verdict(action, refusal, tuple(offered[:NEARBY]), max(0, len(offered) - NEARBY))


def _nearby(state: GameState, action: Action) -> list[Action]:
    legal = state.legal_actions()
    same = [a for a in legal if type(a) is type(action)]
    if not same:
        return legal
    if type(action) is PlaceTile:
        return _placements_near(state, action, same)
    spot = _square(action)
    if spot is not None:
        here = [a for a in same if _square(a) == spot]
        declines = [a for a in legal if type(a) is Pass]
        return (here or same) + declines
    return same


def _placements_near(state: GameState, action: PlaceTile, legal: list[Action]) -> list[Action]:
    """The distinct rotations at the action's square, else those at the squares nearest to it."""
    by_square: dict[tuple[int, int], list[Any]] = {}
    for placement in legal:
        assert type(placement) is PlaceTile
        by_square.setdefault((placement.x, placement.y), []).append(placement)

    def distance(square: tuple[int, int]) -> tuple[int, tuple[int, int]]:
        return abs(square[0] - action.x) + abs(square[1] - action.y), square

    here = by_square.get((action.x, action.y))
    if here:
        return list(distinct_rotations(state, here))
    out: list[Action] = []
    for square in sorted(by_square, key=distance):
        out.extend(distinct_rotations(state, by_square[square]))
    return out


def _square(action: Action) -> tuple[int, int] | None:
    """The square of an action that names a spot on a tile (a figure's), else ``None``."""
    fields = action_fields(type(action))
    if "x" in fields and "y" in fields and "location" in fields:
        values = action._asdict()
        return values["x"], values["y"]
    return None


def action_words(state: GameState, action: Action) -> str:
    """``place BA/C at 0,-1 turned 180°``, ``put a meeple on the city at 0,-1 S``; other
    actions as the play screen lists them (``draw a tile``, ``place no figure``, notation)."""
    if type(action) is PlaceTile:
        return f"place {action.tile} at {action.x},{action.y} turned {action.rotation}°"
    if type(action) is PlaceFigure:
        where = f"{action.x},{action.y} {action.location}"
        try:
            kind = state.feature_kind(state.feature_at(action.x, action.y, action.location))
        except CarcassonneError:  # no tile there, or no such location: say where only
            return f"put a {action.figure} on {where}"
        return f"put a {action.figure} on the {kind} at {where}"
    return describe(state, action)


def decision_words(state: GameState, who: Who) -> str:
    """``turn 3, A Ann to decide: tile (BA/LR drawn)``, or that the game is over."""
    if state.is_over:
        return f"turn {state.turn}: the game is over"
    pending = state.pending
    drawn = f" ({state.drawn} drawn)" if pending.kind == "tile" and state.drawn else ""
    return f"turn {state.turn}, {who(pending.player)} to decide: {pending.kind}{drawn}"


def verdict_lines(state: GameState, verdict: Verdict, who: Who) -> list[str]:
    """The verdict in words, one line each."""
    lines = [decision_words(state, who)]
    words = action_words(state, verdict.action)
    refusal = verdict.refusal
    if refusal is None:
        return [*lines, f"legal: {words}"]
    lines += [f"not legal: {words}", f"refused ({refusal.code}): {refusal.reason}"]
    if verdict.nearby:
        lines.append("legal instead:")
        lines += [f"    {action_words(state, a)}   ({action_text(a)})" for a in verdict.nearby]
        if verdict.more:
            lines.append(f"    and {verdict.more} more")
    else:
        lines.append("nothing is legal now")
    return lines


def verdict_json(state: GameState, verdict: Verdict) -> dict[str, Any]:
    """``action``, ``text``, ``legal`` (and ``code``, ``reason``, ``details``), ``decision``,
    ``nearby`` (``action``, ``text`` each) and ``more``."""
    return {
        "turn": state.turn,
        "decision": {"kind": state.pending.kind, "player": state.pending.player},
        "action": action_text(verdict.action),
        "text": action_words(state, verdict.action),
        **refusal_json(verdict.refusal),
        "nearby": [
            {"action": action_text(a), "text": action_words(state, a)} for a in verdict.nearby
        ],
        "more": verdict.more,
    }


__all__ = ["Verdict", "action_words", "decision_words", "judge", "verdict_json", "verdict_lines"]
