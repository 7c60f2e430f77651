"""State -> position, and the position's TOML form (docs/positions.md): only what is not empty is
written, so positions of games without the general mechanics read as before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import tomli_w

import carcassonne
from carcassonne.actions import Action, Draw
from carcassonne.files import write_atomic
from carcassonne.notation import action_to_text
from carcassonne.plugins import expansion_version
from carcassonne.position.model import FORMAT, Position, PositionError
from carcassonne.state import GameState
from carcassonne.values import NEUTRAL, ForcedChance, ForcedDraw


def position_of(state: GameState) -> Position:
    """The position of a game about to draw or with a drawn tile to place; in the middle of
    a turn, the position where its tile was about to be drawn or placed, ``then`` the turn's
    actions so far (the game's log has them)."""
    kind = state.pending.kind
    if kind not in ("draw", "tile") or state.in_extra_turns():
        if kind == "end":
            raise PositionError("a position cannot be taken once the game is over")
        if state.in_extra_turns():
            raise PositionError(
                "a position can be taken in the end-of-game turns only when a tile is about "
                f"to be drawn or placed (the game waits for a {kind} decision)"
            )
        anchor, then = _turn_so_far(state)
        return replace(position_of(anchor), then=then)
    tiles = [(p.tile.id, x, y, p.rotation) for (x, y), p in state.board.items()]
    figures = [(fig.player, fig.kind, fig.x, fig.y, fig.location) for _, fig in state.figures()]
    # a full save: the tiles under placed tiles too, which views keep hidden
    x = state._extras
    taken = state.turn_actions
    return Position(
        tiles=tiles,
        figures=figures,
        scores=list(state.scores),
        player=state.player,
        pile=state.draw_pile(),
        ext=dict(state.ext),
        supply=[dict(s) for s in state.supply],
        drawn=state.drawn if kind == "tile" else None,
        turn=state.turn,
        last_placer=_last_placer(state),
        pieces=[(p.kind, p.owner, p.x, p.y, p.location) for p in x.pieces],
        prisoners=[(p.captor, p.player, p.kind) for p in x.prisoners],
        set_aside=list(x.aside),
        tiles_under=[(tid, px, py) for (px, py), tid in x.under],
        part=x.part,
        more_parts=list(x.more_parts),
        chances=x.chances,
        forced_chances=list(x.forced),
        chance_salt=x.salt,
        # a turn's one Draw is not written: loading infers it where drawing was a decision
        turn_actions=[] if kind == "tile" and taken == (Draw(),) else list(taken),
        turn_started=kind == "draw",
    )


def _turn_so_far(state: GameState) -> tuple[GameState, list[Action]]:
    """The game when the current turn's tile was last about to be drawn or placed, and the
    actions since: the log replayed from the game's start (a position is taken rarely).

    Chance outcomes drawn in this turn after its tile (a shepherd's bag draw in the figure
    phase) become the position's ``forced_chances``, in order, so that replaying ``then``
    draws them again; outcomes forced and not drawn yet follow them. Earlier turns' draws
    are part of the anchor's state, whatever phase they came in."""
    replay = state.initial()
    anchor: GameState | None = None
    then: list[Action] = []
    later: list[str] = []  # chance outcomes drawn after the anchor's tile, in this turn
    drawn_later = False  # a tile forced after the anchor's tile: a position cannot say it
    for item in state.log:
        at_tile = replay.pending.kind in ("draw", "tile") and not replay.in_extra_turns()
        if isinstance(item, ForcedDraw | ForcedChance):
            if isinstance(item, ForcedDraw):
                replay.force_draw(item.tile)
            else:
                replay.force_chance(item.outcome)
            if at_tile:  # forced where a position can be taken: part of that position
                anchor, then, later, drawn_later = replay.clone(), [], [], False
            elif anchor is not None:
                if isinstance(item, ForcedDraw):
                    drawn_later = True
                else:
                    later.append(item.outcome)
            continue
        if at_tile:
            anchor, then, later, drawn_later = replay.clone(), [], [], False
        replay.apply(item)
        if anchor is not None:
            then.append(item)
    if anchor is None:
        raise PositionError(
            f"a position cannot be taken here (the game waits for a {state.pending.kind} "
            "decision and no tile was drawn or placed yet)"
        )
    if drawn_later:
        raise PositionError(
            "a position cannot be taken here: a tile was forced in this turn after its tile"
        )
    for outcome in (*later, *state._extras.forced):
        anchor.force_chance(outcome)
    return anchor, then


def _last_placer(state: GameState) -> int | None:
    newest = state.tile_at(*state.placement_order()[-1])
    return newest.player if newest is not None and newest.player >= 0 else None


def _to_toml(value: Any, where: str) -> Any:
    """Plugin data as TOML values: tuples become arrays (and come back as tuples)."""
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [_to_toml(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise PositionError(f"{where}: a key {key!r} that is not a string cannot be saved")
            out[key] = _to_toml(item, f"{where}.{key}")
        return out
    raise PositionError(
        f"{where}: a {type(value).__name__} cannot be saved in a position "
        "(plugin data must be numbers, strings, booleans, tuples and tables)"
    )


def from_toml(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(from_toml(v) for v in value)
    if isinstance(value, dict):
        return {k: from_toml(v) for k, v in value.items()}
    return value


def _tile_text(tile: tuple[str, int, int, int]) -> str:
    tid, x, y, rotation = tile
    return f"{tid} {x},{y} r{rotation}"


def dump_position(state: GameState) -> str:
    """The TOML text of the game's position."""
    position = position_of(state)
    config = state.config
    names = list(config.names)
    data: dict[str, Any] = {
        "format": FORMAT,
        "engine": carcassonne.__version__,
        "players": names,
        "seed": state.seed,
        "turn": position.turn,
        "player": names[position.player],
        **({} if position.last_placer is None else {"last_placer": names[position.last_placer]}),
        "pending": "tile" if position.drawn else "draw",
    }
    if position.drawn:
        data["drawn"] = position.drawn
    data.update(_turn_data(state, position))
    data["scores"] = list(position.scores or ())
    data["tiles"] = [_tile_text(t) for t in position.tiles]
    data["figures"] = [
        f"{names[p]} {kind} {x},{y} {loc}" for p, kind, x, y, loc in position.figures
    ]
    if position.pieces:
        data["pieces"] = [_piece_text(names, piece) for piece in position.pieces]
    if position.prisoners:
        data["prisoners"] = [
            f"{names[captor]} holds {names[player]} {kind}"
            for captor, player, kind in position.prisoners
        ]
    data["pile"] = list(position.pile or ())
    if position.set_aside:
        data["set_aside"] = list(position.set_aside)
    if position.tiles_under:
        data["tiles_under"] = [f"{tid} {x},{y}" for tid, x, y in position.tiles_under]
    if position.chances:
        data["chances"] = position.chances
    if position.forced_chances:
        data["forced_chances"] = list(position.forced_chances)
    if position.chance_salt:
        data["chance_salt"] = position.chance_salt
    data["expansions"] = {name: expansion_version(name) for name in config.expansions}
    data["options"] = dict(config.options)
    data["supply"] = {names[p]: dict(s) for p, s in enumerate(position.supply or ())}
    data["ext"] = {key: _to_toml(value, f"ext.{key}") for key, value in position.ext.items()}
    return "# Carcassonne position (docs/positions.md)\n" + tomli_w.dumps(data)


def _turn_data(state: GameState, position: Position) -> dict[str, Any]:
    """The keys of the turn's progress, each only when it says something: existing
    positions stay as they were."""
    data: dict[str, Any] = {}
    if position.part:
        data["part"] = position.part
    if position.more_parts:
        data["more_parts"] = list(position.more_parts)
    if position.turn_actions:
        data["turn_actions"] = [action_to_text(a) for a in position.turn_actions]
    if position.then:
        data["then"] = [action_to_text(a) for a in position.then]
    if (
        position.turn_started
        and not position.drawn
        and not position.part
        and state.config.hooks.turn_started_used
    ):
        data["turn_started"] = True
    return data


def _piece_text(names: Sequence[str], piece: tuple[str, int, int, int, str | None]) -> str:
    """``"dragon 0,1"`` (neutral) or ``"red sheep 0,1 ER"``: the owner first, as figures."""
    kind, owner, x, y, location = piece
    text = f"{kind} {x},{y}" + ("" if location is None else f" {location}")
    return text if owner == NEUTRAL else f"{names[owner]} {text}"


def save_position(state: GameState, path: str | Path) -> None:
    """Write the game's position to ``path`` atomically (``FileError`` names the file)."""
    write_atomic(path, dump_position(state))
