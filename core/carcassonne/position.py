"""Positions: set up any situation directly (puzzles, tests, bug reports), and save one.

A :class:`Position` lists placed tiles, figures, scores, supplies, whose turn it is, what is
pending (a tile to draw, or a drawn tile to place) and the draw pile. :func:`build_state` turns
it into a playable :class:`GameState`, checking everything: edges match, figures stand on real
features that are not complete (a complete one would have been scored), figures on the board
plus supply make each player's count, tiles on the board plus the pile fit in the game's tile
set. Each error names the entry it is about.

The TOML form (docs/positions.md) adds the configuration (players, expansions, options, seed)
and writes tiles and figures in the action notation without the verb: ``"BA/RCr 0,0 r90"``,
``"red meeple 0,0 N"``.
"""

from __future__ import annotations

import heapq
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

import tomli_w

import carcassonne
from carcassonne.actions import Action, Draw, PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.files import FileError, read_text, write_atomic
from carcassonne.limits import MAX_INT, MAX_SCORE, MAX_TURN
from carcassonne.notation import NotationError, action_from_text, action_to_text
from carcassonne.plugins import expansion_version, installed_expansions
from carcassonne.state import GameState
from carcassonne.toml_input import InputProblem, key_position, load_toml
from carcassonne.values import NEUTRAL

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


def _whole(value: object) -> bool:
    return type(value) is int


def _strings(value: object) -> TypeGuard[list[str]]:
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


# ---------------------------------------------------------------------------------------------
# Position -> state


def build_state(config: GameConfig, position: Position) -> GameState:
    """A state at ``position``: ``position.player`` about to draw, or to place ``drawn``."""
    state = GameState.empty(config)
    if not _whole(position.player) or not 0 <= position.player < config.players:
        raise PositionError(
            f"no player {position.player!r} (the game has {config.players})", "player"
        )
    _lay_tiles(state, position.tiles)
    _mark_last_placer(state, position.last_placer)
    _place_figures(state, position.figures)
    _put_pieces(state, position.pieces)
    _put_under(state, position.tiles_under)
    _take_prisoners(state, position.prisoners)
    _set_supply(state, position.supply, bool(position.prisoners))
    if position.scores is not None:
        if (
            not isinstance(position.scores, Sequence)
            or len(position.scores) != config.players
            or not all(_whole(s) and abs(s) <= MAX_SCORE for s in position.scores)
        ):
            raise PositionError(
                f"scores: {config.players} whole numbers expected, got {position.scores!r}",
                "scores",
            )
        state.scores = list(position.scores)
    if position.drawn is not None and (not isinstance(position.drawn, str) or not position.drawn):
        raise PositionError(f"drawn: a tile id expected, not {position.drawn!r}", "drawn")
    drawn = _tile_id(config, position.drawn, "the drawn tile", "drawn") if position.drawn else None
    aside = _set_aside(state, position.set_aside)
    pile = _pile(state, position, drawn, aside)
    _check_ext(config, position.ext)
    state.ext.update(position.ext)
    turn = position.turn if position.turn is not None else 1
    if not _whole(turn) or not 1 <= turn <= MAX_TURN:
        raise PositionError(
            f"turn: a whole number from 1 to {MAX_TURN} expected, not {turn!r}", "turn"
        )
    _set_chance(state, position)
    part, more_parts = _turn_part(position)
    turn_actions = _turn_actions(config, position.turn_actions)
    if type(position.turn_started) is not bool:
        raise PositionError(
            f"turn_started: true or false expected, not {position.turn_started!r}",
            "turn_started",
        )
    try:
        state.resume_at(
            player=position.player,
            turn=turn,
            pile=pile,
            drawn=drawn,
            part=part,
            more_parts=more_parts,
            started=position.turn_started,
            turn_actions=turn_actions,
        )
    except CarcassonneError as exc:
        raise PositionError(str(exc), "drawn" if drawn else "pile") from None
    return state


def _check_ext(config: GameConfig, ext: Mapping[str, Any]) -> None:
    """Plugin data the game sets up keeps the shape of its initial value: tuples of the same
    length, tables with the same keys, values of the same types, and whole numbers from 0 to
    their initial value (plugin data counts what the players still hold, like the Abbey &
    Mayor's abbeys). Data no plugin of the game sets up is kept as given."""
    if not isinstance(ext, Mapping):
        raise PositionError(f"ext: a table of plugin data expected, not {ext!r}", "ext")
    for name, value in ext.items():
        if name not in config.initial_ext:  # no plugin of the game set it up: kept as given
            continue
        problem = _shape_problem(value, config.initial_ext[name], f"ext.{name}")
        if problem:
            raise PositionError(problem, "ext")


def _shape_problem(value: Any, like: Any, where: str) -> str | None:
    if isinstance(like, bool) or isinstance(like, str) or isinstance(like, float):
        if type(value) is not type(like):
            return f"{where}: {type(like).__name__} expected, not {value!r}"
        return None
    if isinstance(like, int):
        if not _whole(value) or not 0 <= value <= like:
            return f"{where}: a whole number from 0 to {like} expected, not {value!r}"
        return None
    if isinstance(like, tuple):
        if not isinstance(value, tuple) or len(value) != len(like):
            return f"{where}: {len(like)} values expected, not {value!r}"
        for i, (item, model) in enumerate(zip(value, like, strict=True)):
            problem = _shape_problem(item, model, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(like, Mapping):
        if not isinstance(value, Mapping) or set(value) != set(like):
            return f"{where}: a table with the keys {', '.join(sorted(map(str, like)))} expected"
        for key in like:
            problem = _shape_problem(value[key], like[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    return None if value == like else f"{where}: cannot be changed by a position"


def _tile_id(config: GameConfig, name: str, what: str, key: str) -> str:
    if not isinstance(name, str):
        raise PositionError(f"{what}: a tile id expected, not {name!r}", key)
    try:
        return config.resolve_tile(name)
    except CarcassonneError:
        raise PositionError(f"{what}: unknown tile {name!r}", key) from None


def _lay_tiles(state: GameState, tiles: Sequence[tuple[str, int, int, int]]) -> None:
    config = state.config
    if not tiles:
        raise PositionError("a position needs at least one tile", "tiles")
    _check_count(config, "tiles", len(tiles))
    # Laid in order, each as soon as it touches the board: a heap of the indices of the
    # waiting tiles that touch the board (linear in the tiles, not quadratic).
    waiting: dict[tuple[int, int], tuple[int, str, str, int]] = {}
    for index, (tile_id, x, y, rotation) in enumerate(tiles):
        label = f"tile {tile_id} at {x},{y}"
        tid = _tile_id(config, tile_id, label, "tiles")
        if not (_whole(x) and _whole(y) and _whole(rotation)):
            raise PositionError(f"{label}: coordinates and rotation must be whole numbers", "tiles")
        if rotation not in (0, 90, 180, 270):
            raise PositionError(
                f"{label}: rotation must be 0, 90, 180 or 270, not {rotation}", "tiles"
            )
        if (x, y) in waiting:
            raise PositionError(f"{label}: {x},{y} is already taken", "tiles")
        waiting[(x, y)] = (index, label, tid, rotation)
    first = next(iter(waiting))
    ready = [(waiting[first][0], first)]
    queued = {first}
    while ready:
        _, (x, y) = heapq.heappop(ready)
        _index, label, tid, rotation = waiting.pop((x, y))
        if not state.edges_fit(tid, x, y, rotation):
            raise PositionError(
                f"{label} r{rotation}: its edges do not match its neighbours", "tiles"
            )
        state.lay_tile(tid, x, y, rotation)
        for near in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if near in waiting and near not in queued:
                queued.add(near)
                heapq.heappush(ready, (waiting[near][0], near))
    if waiting:
        label = min(waiting.values())[1]
        raise PositionError(f"{label} is not connected to the other tiles", "tiles")


def _place_figures(state: GameState, figures: Sequence[tuple[int, str, int, int, str]]) -> None:
    config = state.config
    for player, kind, x, y, location in figures:
        valid = _whole(player) and 0 <= player < config.players
        who = config.names[player] if valid else f"player {player}"
        label = f"figure {who} {kind} at {x},{y} {location}"
        if not valid:
            raise PositionError(f"{label}: no player {player}", "figures")
        if not (_whole(x) and _whole(y) and isinstance(location, str)):
            raise PositionError(f"{label}: whole-number coordinates expected", "figures")
        if not isinstance(kind, str) or kind not in config.figure_kinds:
            known = ", ".join(config.figure_kinds)
            raise PositionError(
                f"{label}: unknown figure kind {kind!r} (known: {known})", "figures"
            )
        try:
            feature = state.feature_at(x, y, location)
        except CarcassonneError as exc:
            raise PositionError(f"{label}: {exc}", "figures") from None
        kind_name = state.feature_kind(feature)
        feature_kind = config.kinds.get(kind_name)
        if feature_kind is None or not feature_kind.occupiable:
            raise PositionError(f"{label}: no figure may stand on a {kind_name}", "figures")
        if state.supply[player].get(kind, 0) <= 0:
            count = config.figure_kinds[kind].count
            raise PositionError(f"{label}: {who} has only {count} {kind}(s)", "figures")
        state.place_figure(player, kind, x, y, location, [])
    for root, figure in state.figures():
        if state.is_complete(root):
            raise PositionError(
                f"figure {config.names[figure.player]} {figure.kind} at {figure.x},{figure.y} "
                f"{figure.location}: its {state.feature_kind(root)} is complete "
                "(it would have been scored)",
                "figures",
            )


def _put_pieces(state: GameState, pieces: Sequence[tuple[str, int, int, int, str | None]]) -> None:
    config = state.config
    _check_count(config, "pieces", len(pieces))
    for kind, owner, x, y, location in pieces:
        who = "" if owner == NEUTRAL or not _whole(owner) else f"{config.names[owner]} "
        where = f"{x},{y}" + ("" if location is None else f" {location}")
        label = f"piece {who}{kind} at {where}"
        if not isinstance(kind, str) or kind not in config.piece_kinds:
            known = ", ".join(sorted(config.piece_kinds)) or "none"
            raise PositionError(f"{label}: unknown piece kind {kind!r} (known: {known})", "pieces")
        if not (_whole(x) and _whole(y)) or not (location is None or isinstance(location, str)):
            raise PositionError(f"{label}: whole-number coordinates expected", "pieces")
        neutral = config.piece_kinds[kind].neutral
        if neutral and owner != NEUTRAL:
            raise PositionError(f"{label}: a {kind} is neutral, it has no owner", "pieces")
        if not neutral and not (_whole(owner) and 0 <= owner < config.players):
            raise PositionError(f"{label}: a {kind} belongs to a player", "pieces")
        if (x, y) not in state.board:
            raise PositionError(f"{label}: no tile at {x},{y}", "pieces")
        try:
            state.put_piece(kind, owner, x, y, location, [])
        except CarcassonneError as exc:
            raise PositionError(f"{label}: {exc}", "pieces") from None


def _put_under(state: GameState, tiles: Sequence[tuple[str, int, int]]) -> None:
    config = state.config
    _check_count(config, "tiles_under", len(tiles))
    for tile, x, y in tiles:
        label = f"tile {tile} under {x},{y}"
        tid = _tile_id(config, tile, label, "tiles_under")
        if not (_whole(x) and _whole(y)) or (x, y) not in state.board:
            raise PositionError(f"{label}: no tile at {x},{y} to lie under", "tiles_under")
        state.put_tile_under(x, y, tid)


def _take_prisoners(state: GameState, prisoners: Sequence[tuple[int, int, str]]) -> None:
    """Prisoners come out of their owners' supplies: board + supply + prisoners make the
    count."""
    config = state.config
    _check_count(config, "prisoners", len(prisoners))
    for captor, player, kind in prisoners:
        for who in (captor, player):
            if not (_whole(who) and 0 <= who < config.players):
                raise PositionError(f"prisoners: no player {who!r}", "prisoners")
        label = f"prisoner {config.names[player]} {kind} held by {config.names[captor]}"
        if captor == player:
            raise PositionError(f"{label}: a player holds only other players' figures", "prisoners")
        if not isinstance(kind, str) or kind not in config.figure_kinds:
            known = ", ".join(config.figure_kinds)
            raise PositionError(
                f"{label}: unknown figure kind {kind!r} (known: {known})", "prisoners"
            )
        if state.supply[player][kind] <= 0:
            count = config.figure_kinds[kind].count
            raise PositionError(
                f"{label}: {config.names[player]} has only {count} {kind}(s), on the board and "
                "held as prisoners",
                "prisoners",
            )
        state.add_prisoner(captor, player, kind)


def _set_aside(state: GameState, tiles: Sequence[str]) -> list[str]:
    config = state.config
    if isinstance(tiles, str) or not isinstance(tiles, Sequence):
        raise PositionError(f"set_aside: a list of tile ids expected, not {tiles!r}", "set_aside")
    _check_count(config, "set_aside", len(tiles))
    aside = [_tile_id(config, tile, "set_aside", "set_aside") for tile in tiles]
    for tid in aside:
        state.set_aside_tile(tid)
    return aside


def _set_chance(state: GameState, position: Position) -> None:
    for key, value in (("chances", position.chances), ("chance_salt", position.chance_salt)):
        if not _whole(value) or not 0 <= value <= MAX_INT:
            raise PositionError(f"{key}: a whole number from 0 expected, not {value!r}", key)
    forced = position.forced_chances
    if not _strings(list(forced)) or isinstance(forced, str):
        raise PositionError(
            f"forced_chances: a list of outcomes expected, not {forced!r}", "forced_chances"
        )
    if position.chances:
        state.set_chance_count(position.chances)
    if position.chance_salt:
        state.reseed_chance(position.chance_salt)
    for outcome in forced:
        state.force_chance(outcome)


def _turn_part(position: Position) -> tuple[int, tuple[str, ...]]:
    part, more = position.part, position.more_parts
    if not _whole(part) or not 0 <= part <= MAX_TURN:
        raise PositionError(f"part: a whole number from 0 expected, not {part!r}", "part")
    if isinstance(more, str) or not _strings(list(more)):
        raise PositionError(f"more_parts: a list of reasons expected, not {more!r}", "more_parts")
    if len(more) > MAX_TURN:
        raise PositionError(f"more_parts: {len(more)} parts, at most {MAX_TURN}", "more_parts")
    return part, tuple(more)


def _turn_actions(config: GameConfig, actions: Sequence[Action]) -> tuple[Action, ...]:
    for action in actions:
        if not isinstance(action, tuple) or not hasattr(action, "verb"):
            raise PositionError(f"turn_actions: an action expected, not {action!r}", "turn_actions")
    return tuple(actions)


def _mark_last_placer(state: GameState, player: int | None) -> None:
    """Record ``player`` as the one who placed the newest tile (positions lay tiles as nobody's)."""
    if player is None:
        return
    if not 0 <= player < state.config.players:
        raise PositionError(f"last_placer: no player {player}")
    newest = state.placement_order()[-1]
    state.board[newest] = state.board[newest]._replace(player=player)


def _set_supply(
    state: GameState, supply: Sequence[Mapping[str, int]] | None, prisoners: bool = False
) -> None:
    """Each player's supply as given: any number up to the count minus their figures on the
    board and held as prisoners (a puzzle where Red has no meeple left); a kind left out keeps
    all the rest."""
    if supply is None:
        return
    config = state.config
    if not isinstance(supply, Sequence) or len(supply) != config.players:
        raise PositionError(f"supply: {config.players} players expected, got {supply!r}", "supply")
    for player, given in enumerate(supply):
        name = config.names[player]
        if not isinstance(given, Mapping):
            raise PositionError(
                f"supply of {name}: a table of figure kind = count expected, not {given!r}",
                "supply",
            )
        for kind, have in given.items():
            if kind not in config.figure_kinds:
                raise PositionError(f"supply of {name}: unknown figure kind {kind!r}", "supply")
            if not _whole(have):
                raise PositionError(
                    f"supply of {name}: the count of {kind} must be a whole number, not {have!r}",
                    "supply",
                )
        for kind, spec in config.figure_kinds.items():
            most = state.supply[player][kind]
            have = given.get(kind, most)
            if not isinstance(have, int) or isinstance(have, bool) or not 0 <= have <= most:
                on_board = spec.count - most
                where = "on the board or held as prisoners" if prisoners else "on the board"
                raise PositionError(
                    f"supply of {name}: {have!r} {kind}(s) in the supply and {on_board} {where}, "
                    f"but each player has {spec.count}",
                    "supply",
                )
            state.supply[player] = {**state.supply[player], kind: have}  # replaced, not changed


def game_tiles(config: GameConfig) -> Counter[str]:
    """The tiles a game deals: the start tile and the draw stacks."""
    counts: Counter[str] = Counter(t for stack in config.stacks.values() for t in stack)
    counts[config.start_tile] += 1
    return counts


def _pile(
    state: GameState, position: Position, drawn: str | None, aside: Sequence[str] = ()
) -> list[str]:
    """The draw pile, top last (as ``GameState.resume_at`` takes it), checked against the
    game's tiles (with those set aside and under placed tiles)."""
    config = state.config
    on_board = Counter(placed.tile.id for placed in state.board.values())
    if drawn is not None:
        on_board[drawn] += 1
    off_pile = Counter(aside) + Counter(tid for _pos, tid in state._extras.under)
    on_board += off_pile
    counts = game_tiles(config)
    pile = position.pile
    if pile is None:
        remaining = list(config.shuffled_pile())
        for tid, n in on_board.items():
            for _ in range(n):
                if tid in remaining:
                    remaining.remove(tid)
        return remaining
    total = sum(counts.values())
    if isinstance(pile, Mapping):
        tiles = []
        for name, n in sorted(pile.items()):
            if not _whole(n) or n < 0:
                raise PositionError(
                    f"pile: the count of {name} must be a whole number >= 0", "pile"
                )
            if n > total:
                raise PositionError(f"pile: {n} of {name}, but the game has {total} tiles", "pile")
            tiles += [_tile_id(config, name, "pile", "pile")] * n
            if len(tiles) > total:
                raise PositionError(f"pile: more than the {total} tiles of the game", "pile")
        tiles.sort()
        random.Random(config.seed).shuffle(tiles)
    elif isinstance(pile, Sequence) and not isinstance(pile, str):
        if len(pile) > total:
            raise PositionError(f"pile: {len(pile)} tiles, but the game has {total}", "pile")
        tiles = [_tile_id(config, name, "pile", "pile") for name in pile]
    else:
        raise PositionError(
            f"pile: a list of tile ids or a table of tile id = count expected, not {pile!r}",
            "pile",
        )
    in_pile = Counter(tiles)
    if not config.options["box_counts"]:
        return tiles[::-1]  # any tiles, any number of times: a foreign game's position
    for tid in sorted(in_pile):
        if tid not in counts:
            raise PositionError(f"pile: tile {tid} is not dealt from the pile in this game", "pile")
    # tiles the game never deals (an expansion's tiles held by the players) are the
    # expansion's to count
    for tid in sorted(set(in_pile) | (set(on_board) & set(counts))):
        if on_board[tid] + in_pile[tid] > counts[tid]:
            where = f"{on_board[tid] - off_pile[tid]} on the board" + (
                " (with the drawn tile)" if drawn else ""
            )
            if off_pile[tid]:
                where += f", {off_pile[tid]} set aside or under tiles"
            raise PositionError(
                f"tile {tid}: {where} and {in_pile[tid]} in the pile, "
                f"but the game has {counts[tid]}",
                _count_key(tid, in_pile, Counter(aside), state),
            )
    return tiles[::-1]


def _count_key(tid: str, in_pile: Counter[str], aside: Counter[str], state: GameState) -> str:
    """The key a tile count that is too high is about: the pile, else the side areas."""
    if in_pile[tid]:
        return "pile"
    if aside[tid]:
        return "set_aside"
    if any(under == tid for _pos, under in state._extras.under):
        return "tiles_under"
    return "tiles"


# ---------------------------------------------------------------------------------------------
# State -> position


def position_of(state: GameState) -> Position:
    """The position of a game about to draw or with a drawn tile to place."""
    kind = state.pending.kind
    if kind not in ("draw", "tile") or state.in_extra_turns():
        raise PositionError(
            "a position can be taken only when a tile is about to be drawn or placed "
            f"(the game waits for a {kind} decision)"
        )
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


def _last_placer(state: GameState) -> int | None:
    newest = state.tile_at(*state.placement_order()[-1])
    return newest.player if newest is not None and newest.player >= 0 else None


# ---------------------------------------------------------------------------------------------
# TOML


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


def _from_toml(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_toml(v) for v in value)
    if isinstance(value, dict):
        return {k: _from_toml(v) for k, v in value.items()}
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


_KEYS = (
    "format", "engine", "players", "seed", "turn", "player", "last_placer", "pending", "drawn",
    "part", "more_parts", "turn_actions", "turn_started", "scores",
    "tiles", "figures", "pieces", "prisoners", "pile", "set_aside", "tiles_under", "chances",
    "forced_chances", "chance_salt", "expansions", "options", "supply", "ext",
)  # fmt: skip


def load_position(
    source: str | Path, *, text: bool = False, plugins: Sequence[tuple[str, object]] = ()
) -> GameState:
    """The game at a saved position (a TOML file, or its text with ``text=True``);
    ``plugins``: extra plugin objects the game uses.

    Every problem is a :class:`PositionError` whose message starts with the line of the key
    it is about (``line 7: tiles[1] ...``); a file that cannot be read names the file.
    """
    if text:
        content = str(source)
    else:
        try:
            content = read_text(source)
        except FileError as exc:
            raise PositionError(str(exc), None, exc.line) from None
    try:
        data = load_toml(content)
    except InputProblem as exc:
        raise PositionError(
            f"column {exc.column}: {exc.message}", None, exc.line, exc.column
        ) from None
    try:
        config = config_of(data, plugins)
        return build_state(config, parse_position(data, config))
    except PositionError as exc:
        if exc.line or exc.key is None:
            raise
        line, column = key_position(content, exc.key)
        raise PositionError(exc.reason, exc.key, line, column) from None


def config_of(data: dict[str, Any], plugins: Sequence[tuple[str, object]] = ()) -> GameConfig:
    """The configuration a position table names (players, expansions, options, seed), with
    extra plugin objects (scenario files, ``--plugin``)."""
    if data.get("format") != FORMAT or not _whole(data.get("format")):
        raise PositionError(
            f"format: unknown position format version {data.get('format')!r} "
            f"(this engine reads version {FORMAT})",
            "format",
        )
    for key in data:
        if key not in _KEYS:
            raise PositionError(f"unknown key {key!r} (known: {', '.join(_KEYS)})", key)
    names = data.get("players")
    if not _strings(names):
        raise PositionError("players: a list of player names expected", "players")
    expansions = data.get("expansions", {})
    if _strings(expansions):
        expansions = dict.fromkeys(expansions, "")
    if not isinstance(expansions, dict) or not all(isinstance(v, str) for v in expansions.values()):
        raise PositionError(
            "expansions: a table of name = version (or a list of names) expected", "expansions"
        )
    installed = installed_expansions()
    for name in expansions:
        if name not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise PositionError(
                f"expansions: {name!r} is not installed (installed: {known})", "expansions"
            )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: a table of option = value expected", "options")
    seed = data.get("seed", 0)
    if not _whole(seed):
        raise PositionError(f"seed: a whole number expected, not {seed!r}", "seed")
    if "engine" in data and not isinstance(data["engine"], str):
        raise PositionError("engine: the engine version (text) expected", "engine")
    try:
        return GameConfig(
            players=len(names),
            names=names,
            expansions=list(expansions),
            options=options,
            seed=seed,
            plugins=list(plugins),
        )
    except CarcassonneError as exc:
        key = "options" if "option" in str(exc) else "players"
        raise PositionError(str(exc), key) from None


def _player(names: Sequence[str], value: Any, where: str, key: str) -> int:
    """A player named by name or by index; a name wins (a player may be called "1")."""
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, str) and value.isdigit() and len(value) < 3:
        value = int(value)
    if _whole(value) and 0 <= value < len(names):
        return value
    raise PositionError(f"{where}: unknown player {value!r} (players: {', '.join(names)})", key)


def _owner(names: Sequence[str], text: str) -> tuple[str, str]:
    """Split a figure entry into its owner (a player name, which may hold spaces, or an
    index) and the rest; the longest name the entry starts with wins."""
    for name in sorted(names, key=len, reverse=True):
        if text.startswith(name + " "):
            return name, text[len(name) + 1 :]
    owner, _, rest = text.partition(" ")
    return owner, rest


def _list_of_text(data: dict[str, Any], key: str, config: GameConfig) -> list[str]:
    value = data.get(key, [])
    if not _strings(value):
        raise PositionError(f"{key}: a list of texts expected, not {value!r}", key)
    _check_count(config, key, len(value))
    return list(value)


#: At most this many pieces per tile of the game in a position (a bound on its size).
_PIECES_PER_TILE = 8


def _check_count(config: GameConfig, key: str, count: int) -> None:
    """At most as many tiles as the game has (the board's size), at most as many figures as
    the players have: checked before any entry is read, so a huge list is refused at once."""
    if key in ("tiles", "set_aside", "tiles_under"):
        most = sum(game_tiles(config).values()) + len(config.tile_types)
        what = "tiles"
    elif key == "pieces":
        most = (sum(game_tiles(config).values()) + len(config.tile_types)) * _PIECES_PER_TILE
        what = "pieces"
    else:
        most = config.players * sum(kind.count for kind in config.figure_kinds.values())
        what = "figures"
    if count > most:
        raise PositionError(f"{key}: {count} {what}, but the game has at most {most}", key)


def parse_position(data: dict[str, Any], config: GameConfig) -> Position:
    """A :class:`Position` from the TOML table of a position."""
    if not isinstance(data, dict):
        raise PositionError(f"a position must be a table, not {data!r}")
    names = list(config.names)
    tiles = []
    for i, text in enumerate(_list_of_text(data, "tiles", config)):
        where = f"tiles[{i}] {text!r}"
        try:
            action = action_from_text(f"tile {text}", config)
        except NotationError as exc:
            raise PositionError(
                f"{where}: column {exc.column - 5}: {exc.message}", "tiles"
            ) from None
        if type(action) is not PlaceTile:
            raise PositionError(f"{where}: a tile 'ID x,y rR' expected", "tiles")
        tiles.append((action.tile, action.x, action.y, action.rotation))
    figures = []
    for i, text in enumerate(_list_of_text(data, "figures", config)):
        where = f"figures[{i}] {text!r}"
        owner, rest = _owner(names, text)
        player = _player(names, owner, where, "figures")
        try:
            action = action_from_text(f"figure {rest}", config)
        except NotationError as exc:
            column = exc.column - len("figure ") + len(owner) + 1
            raise PositionError(f"{where}: column {column}: {exc.message}", "figures") from None
        if type(action) is not PlaceFigure:
            raise PositionError(f"{where}: a figure 'owner kind x,y location' expected", "figures")
        figures.append((player, action.figure, action.x, action.y, action.location))
    pending = data.get("pending", "draw")
    drawn = data.get("drawn")
    if pending not in ("draw", "tile"):
        raise PositionError(f"pending: 'draw' or 'tile' expected, not {pending!r}", "pending")
    if (pending == "tile") != (drawn is not None):
        raise PositionError(
            "pending = 'tile' goes with drawn = the tile waiting to be placed", "pending"
        )
    if drawn is not None and (not isinstance(drawn, str) or not drawn):
        raise PositionError(f"drawn: a tile id expected, not {drawn!r}", "drawn")
    supply = data.get("supply")
    supplies: list[dict[str, int]] | None = None
    if supply is not None:
        if not isinstance(supply, dict) or not all(isinstance(k, dict) for k in supply.values()):
            raise PositionError(
                "supply: a table of player name = { figure kind = count }", "supply"
            )
        supplies = [{} for _ in names]
        for who, kinds in supply.items():
            supplies[_player(names, who, "supply", "supply")] = dict(kinds)
    pile = data.get("pile")
    if pile is not None and not (_strings(pile) or isinstance(pile, dict)):
        raise PositionError(
            f"pile: a list of tile ids or a table of tile id = count expected, not {pile!r}",
            "pile",
        )
    ext = data.get("ext", {})
    if not isinstance(ext, dict):
        raise PositionError(f"ext: a table of plugin data expected, not {ext!r}", "ext")
    scores = data.get("scores")
    if scores is not None and not isinstance(scores, list):
        raise PositionError(
            f"scores: {config.players} whole numbers expected, got {scores!r}", "scores"
        )
    turn = data.get("turn")
    if turn is not None and not _whole(turn):
        raise PositionError(f"turn: a whole number expected, not {turn!r}", "turn")
    for key in ("part", "chances", "chance_salt"):
        if key in data and not _whole(data[key]):
            raise PositionError(f"{key}: a whole number expected, not {data[key]!r}", key)
    return Position(
        tiles=tiles,
        figures=figures,
        scores=scores,
        player=_player(names, data.get("player", 0), "player", "player"),
        pile=pile,
        ext={key: _from_toml(value) for key, value in ext.items()},
        supply=supplies,
        drawn=drawn,
        turn=turn,
        last_placer=(
            None
            if data.get("last_placer") is None
            else _player(names, data["last_placer"], "last_placer", "last_placer")
        ),
        pieces=[
            _parse_piece(names, t, i) for i, t in enumerate(_list_of_text(data, "pieces", config))
        ],
        prisoners=[
            _parse_prisoner(names, t, i)
            for i, t in enumerate(_list_of_text(data, "prisoners", config))
        ],
        set_aside=_list_of_text(data, "set_aside", config),
        tiles_under=[
            _parse_under(t, i) for i, t in enumerate(_list_of_text(data, "tiles_under", config))
        ],
        part=data.get("part", 0),
        more_parts=_list_of_text(data, "more_parts", config),
        chances=data.get("chances", 0),
        forced_chances=_list_of_text(data, "forced_chances", config),
        chance_salt=data.get("chance_salt", 0),
        turn_actions=[
            _parse_action(config, t, i)
            for i, t in enumerate(_list_of_text(data, "turn_actions", config))
        ],
        turn_started=data.get("turn_started", False),
    )


_COORDS = re.compile(r"-?\d{1,9},-?\d{1,9}")


def _coords(text: str, where: str, key: str) -> tuple[int, int]:
    if not _COORDS.fullmatch(text):
        raise PositionError(f"{where}: coordinates x,y expected, not {text!r}", key)
    x, y = text.split(",")
    return int(x), int(y)


def _parse_piece(
    names: Sequence[str], text: str, index: int
) -> tuple[str, int, int, int, str | None]:
    """``"[owner] kind x,y [location]"``: no owner for a neutral piece."""
    where = f"pieces[{index}] {text!r}"
    owner, rest = _owner(names, text)
    if owner in names or (owner.isdigit() and len(owner) < 3):
        player = _player(names, owner, where, "pieces")
    else:
        player, rest = NEUTRAL, text
    words = rest.split()
    if len(words) not in (2, 3):
        raise PositionError(f"{where}: a piece '[owner] kind x,y [location]' expected", "pieces")
    x, y = _coords(words[1], where, "pieces")
    return words[0], player, x, y, words[2] if len(words) == 3 else None


def _parse_prisoner(names: Sequence[str], text: str, index: int) -> tuple[int, int, str]:
    """``"captor holds player kind"``."""
    where = f"prisoners[{index}] {text!r}"
    captor, rest = _owner(names, text)
    verb, _, rest = rest.partition(" ")
    if verb != "holds" or not rest:
        raise PositionError(f"{where}: a prisoner 'captor holds player kind' expected", "prisoners")
    owner, kind = _owner(names, rest)
    if not kind or " " in kind:
        raise PositionError(f"{where}: a prisoner 'captor holds player kind' expected", "prisoners")
    return (
        _player(names, captor, where, "prisoners"),
        _player(names, owner, where, "prisoners"),
        kind,
    )


def _parse_under(text: str, index: int) -> tuple[str, int, int]:
    """``"tile x,y"``: a tile face down under the tile at x,y."""
    where = f"tiles_under[{index}] {text!r}"
    words = text.split()
    if len(words) != 2:
        raise PositionError(f"{where}: 'tile x,y' expected", "tiles_under")
    x, y = _coords(words[1], where, "tiles_under")
    return words[0], x, y


def _parse_action(config: GameConfig, text: str, index: int) -> Action:
    try:
        action: Action = action_from_text(text, config)
    except NotationError as exc:
        raise PositionError(
            f"turn_actions[{index}] {text!r}: column {exc.column}: {exc.message}", "turn_actions"
        ) from None
    return action
