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

import random
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

import carcassonne
from carcassonne.actions import PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.notation import NotationError, action_from_text
from carcassonne.plugins import expansion_version, installed_expansions
from carcassonne.state import GameState

FORMAT = 1


class PositionError(CarcassonneError):
    """A position is inconsistent (edges do not match, a figure stands nowhere, ...)."""


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


# ---------------------------------------------------------------------------------------------
# Position -> state


def build_state(config: GameConfig, position: Position) -> GameState:
    """A state at ``position``: ``position.player`` about to draw, or to place ``drawn``."""
    state = GameState.empty(config)
    if not 0 <= position.player < config.players:
        raise PositionError(f"no player {position.player} (the game has {config.players})")
    _lay_tiles(state, position.tiles)
    _mark_last_placer(state, position.last_placer)
    _place_figures(state, position.figures)
    _set_supply(state, position.supply)
    if position.scores is not None:
        if len(position.scores) != config.players or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in position.scores
        ):
            raise PositionError(
                f"scores: {config.players} whole numbers expected, got {list(position.scores)}"
            )
        state.scores = list(position.scores)
    drawn = _tile_id(config, position.drawn, "the drawn tile") if position.drawn else None
    pile = _pile(state, position, drawn)
    state.ext.update(position.ext)
    turn = position.turn if position.turn is not None else 1
    try:
        state.resume_at(player=position.player, turn=turn, pile=pile, drawn=drawn)
    except CarcassonneError as exc:
        raise PositionError(str(exc)) from None
    return state


def _tile_id(config: GameConfig, name: str, what: str) -> str:
    try:
        return config.resolve_tile(name)
    except CarcassonneError:
        raise PositionError(f"{what}: unknown tile {name!r}") from None


def _lay_tiles(state: GameState, tiles: Sequence[tuple[str, int, int, int]]) -> None:
    config = state.config
    if not tiles:
        raise PositionError("a position needs at least one tile")
    waiting: list[tuple[str, str, int, int, int]] = []
    for tile_id, x, y, rotation in tiles:
        label = f"tile {tile_id} at {x},{y}"
        tid = _tile_id(config, tile_id, label)
        if rotation not in (0, 90, 180, 270):
            raise PositionError(f"{label}: rotation must be 0, 90, 180 or 270, not {rotation}")
        if (x, y) in state.board or any((w[2], w[3]) == (x, y) for w in waiting):
            raise PositionError(f"{label}: {x},{y} is already taken")
        waiting.append((label, tid, x, y, rotation))
    while waiting:
        ready = [i for i, w in enumerate(waiting) if state.touches_board(w[2], w[3])]
        if not ready:
            raise PositionError(f"{waiting[0][0]} is not connected to the other tiles")
        label, tid, x, y, rotation = waiting.pop(ready[0])
        if not state.edges_fit(tid, x, y, rotation):
            raise PositionError(f"{label} r{rotation}: its edges do not match its neighbours")
        state.lay_tile(tid, x, y, rotation)


def _place_figures(state: GameState, figures: Sequence[tuple[int, str, int, int, str]]) -> None:
    config = state.config
    for player, kind, x, y, location in figures:
        who = config.names[player] if 0 <= player < config.players else f"player {player}"
        label = f"figure {who} {kind} at {x},{y} {location}"
        if not 0 <= player < config.players:
            raise PositionError(f"{label}: no player {player}")
        if kind not in config.figure_kinds:
            known = ", ".join(config.figure_kinds)
            raise PositionError(f"{label}: unknown figure kind {kind!r} (known: {known})")
        try:
            feature = state.feature_at(x, y, location)
        except CarcassonneError as exc:
            raise PositionError(f"{label}: {exc}") from None
        kind_name = state.feature_kind(feature)
        feature_kind = config.kinds.get(kind_name)
        if feature_kind is None or not feature_kind.occupiable:
            raise PositionError(f"{label}: no figure may stand on a {kind_name}")
        if state.supply[player].get(kind, 0) <= 0:
            count = config.figure_kinds[kind].count
            raise PositionError(f"{label}: {who} has only {count} {kind}(s)")
        state.place_figure(player, kind, x, y, location, [])
    for root, figure in state.figures():
        if state.is_complete(root):
            raise PositionError(
                f"figure {config.names[figure.player]} {figure.kind} at {figure.x},{figure.y} "
                f"{figure.location}: its {state.feature_kind(root)} is complete "
                "(it would have been scored)"
            )


def _mark_last_placer(state: GameState, player: int | None) -> None:
    """Record ``player`` as the one who placed the newest tile (positions lay tiles as nobody's)."""
    if player is None:
        return
    if not 0 <= player < state.config.players:
        raise PositionError(f"last_placer: no player {player}")
    newest = state.placement_order()[-1]
    state.board[newest] = state.board[newest]._replace(player=player)


def _set_supply(state: GameState, supply: Sequence[Mapping[str, int]] | None) -> None:
    """Each player's supply as given: any number up to the count minus their figures on the
    board (a puzzle where Red has no meeple left); a kind left out keeps all the rest."""
    if supply is None:
        return
    config = state.config
    if len(supply) != config.players:
        raise PositionError(f"supply: {config.players} players expected, got {len(supply)}")
    for player, given in enumerate(supply):
        name = config.names[player]
        for kind in given:
            if kind not in config.figure_kinds:
                raise PositionError(f"supply of {name}: unknown figure kind {kind!r}")
        for kind, spec in config.figure_kinds.items():
            most = state.supply[player][kind]
            have = given.get(kind, most)
            if not isinstance(have, int) or isinstance(have, bool) or not 0 <= have <= most:
                on_board = spec.count - most
                raise PositionError(
                    f"supply of {name}: {have!r} {kind}(s) in the supply and {on_board} on the "
                    f"board, but each player has {spec.count}"
                )
            state.supply[player][kind] = have


def game_tiles(config: GameConfig) -> Counter[str]:
    """The tiles a game deals: the start tile and the draw stacks."""
    counts: Counter[str] = Counter(t for stack in config.stacks.values() for t in stack)
    counts[config.start_tile] += 1
    return counts


def _pile(state: GameState, position: Position, drawn: str | None) -> list[str]:
    """The draw pile, top last (as ``GameState.resume_at`` takes it), checked against the
    game's tiles."""
    config = state.config
    on_board = Counter(placed.tile.id for placed in state.board.values())
    if drawn is not None:
        on_board[drawn] += 1
    counts = game_tiles(config)
    pile = position.pile
    if pile is None:
        remaining = list(config.shuffled_pile())
        for tid, n in on_board.items():
            for _ in range(n):
                if tid in remaining:
                    remaining.remove(tid)
        return remaining
    if isinstance(pile, Mapping):
        tiles = []
        for name, n in sorted(pile.items()):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise PositionError(f"pile: the count of {name} must be a whole number >= 0")
            tiles += [_tile_id(config, name, "pile")] * n
        tiles.sort()
        random.Random(config.seed).shuffle(tiles)
    else:
        tiles = [_tile_id(config, name, "pile") for name in pile]
    in_pile = Counter(tiles)
    if not config.options["box_counts"]:
        return tiles[::-1]  # any tiles, any number of times: a foreign game's position
    for tid in sorted(in_pile):
        if tid not in counts:
            raise PositionError(f"pile: tile {tid} is not dealt from the pile in this game")
    # tiles the game never deals (an expansion's tiles held by the players) are the
    # expansion's to count
    for tid in sorted(set(in_pile) | (set(on_board) & set(counts))):
        if on_board[tid] + in_pile[tid] > counts[tid]:
            where = f"{on_board[tid]} on the board" + (" (with the drawn tile)" if drawn else "")
            raise PositionError(
                f"tile {tid}: {where} and {in_pile[tid]} in the pile, "
                f"but the game has {counts[tid]}"
            )
    return tiles[::-1]


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
    data["scores"] = list(position.scores or ())
    data["tiles"] = [_tile_text(t) for t in position.tiles]
    data["figures"] = [
        f"{names[p]} {kind} {x},{y} {loc}" for p, kind, x, y, loc in position.figures
    ]
    data["pile"] = list(position.pile or ())
    data["expansions"] = {name: expansion_version(name) for name in config.expansions}
    data["options"] = dict(config.options)
    data["supply"] = {names[p]: dict(s) for p, s in enumerate(position.supply or ())}
    data["ext"] = {key: _to_toml(value, f"ext.{key}") for key, value in position.ext.items()}
    return "# Carcassonne position (docs/positions.md)\n" + tomli_w.dumps(data)


def save_position(state: GameState, path: str | Path) -> None:
    Path(path).write_text(dump_position(state), encoding="utf-8")


_KEYS = (
    "format", "engine", "players", "seed", "turn", "player", "last_placer", "pending", "drawn",
    "scores",
    "tiles", "figures", "pile", "expansions", "options", "supply", "ext",
)  # fmt: skip


def load_position(
    source: str | Path, *, text: bool = False, plugins: Sequence[tuple[str, object]] = ()
) -> GameState:
    """The game at a saved position (a TOML file, or its text with ``text=True``);
    ``plugins``: extra plugin objects the game uses."""
    if text:
        content = str(source)
    else:
        try:
            content = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise PositionError(f"cannot read {source}: {exc.strerror or exc}") from None
    try:
        data = tomllib.loads(content)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError(f"the position is not valid TOML: {exc}") from None
    config = config_of(data, plugins)
    return build_state(config, parse_position(data, config))


def config_of(data: dict[str, Any], plugins: Sequence[tuple[str, object]] = ()) -> GameConfig:
    """The configuration a position table names (players, expansions, options, seed), with
    extra plugin objects (scenario files, ``--plugin``)."""
    if data.get("format") != FORMAT:
        raise PositionError(
            f"format: unknown position format version {data.get('format')!r} "
            f"(this engine reads version {FORMAT})"
        )
    for key in data:
        if key not in _KEYS:
            raise PositionError(f"unknown key {key!r} (known: {', '.join(_KEYS)})")
    names = data.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise PositionError("players: a list of player names expected")
    expansions = data.get("expansions", {})
    if isinstance(expansions, list):
        expansions = dict.fromkeys(expansions, "")
    if not isinstance(expansions, dict):
        raise PositionError("expansions: a table of name = version (or a list of names) expected")
    installed = installed_expansions()
    for name in expansions:
        if name not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise PositionError(f"expansions: {name!r} is not installed (installed: {known})")
    try:
        return GameConfig(
            players=len(names),
            names=names,
            expansions=list(expansions),
            options=data.get("options", {}),
            seed=data.get("seed", 0),
            plugins=list(plugins),
        )
    except CarcassonneError as exc:
        raise PositionError(str(exc)) from None


def _player(names: Sequence[str], value: Any, where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise PositionError(f"{where}: unknown player {value!r} (players: {', '.join(names)})")


def parse_position(data: dict[str, Any], config: GameConfig) -> Position:
    """A :class:`Position` from the TOML table of a position."""
    names = list(config.names)
    tiles = []
    for i, text in enumerate(data.get("tiles", [])):
        where = f"tiles[{i}] {text!r}"
        try:
            action = action_from_text(f"tile {text}", config)
        except NotationError as exc:
            raise PositionError(f"{where}: column {exc.column - 5}: {exc.message}") from None
        assert type(action) is PlaceTile
        tiles.append((action.tile, action.x, action.y, action.rotation))
    figures = []
    for i, text in enumerate(data.get("figures", [])):
        where = f"figures[{i}] {text!r}"
        owner, _, rest = str(text).partition(" ")
        player = _player(names, owner if not owner.isdigit() else int(owner), where)
        try:
            action = action_from_text(f"figure {rest}", config)
        except NotationError as exc:
            column = exc.column - len("figure ") + len(owner) + 1
            raise PositionError(f"{where}: column {column}: {exc.message}") from None
        assert type(action) is PlaceFigure
        figures.append((player, action.figure, action.x, action.y, action.location))
    pending = data.get("pending", "draw")
    drawn = data.get("drawn")
    if pending not in ("draw", "tile"):
        raise PositionError(f"pending: 'draw' or 'tile' expected, not {pending!r}")
    if (pending == "tile") != (drawn is not None):
        raise PositionError("pending = 'tile' goes with drawn = the tile waiting to be placed")
    supply = data.get("supply")
    supplies: list[dict[str, int]] | None = None
    if supply is not None:
        if not isinstance(supply, dict):
            raise PositionError("supply: a table of player name = { figure kind = count }")
        supplies = [{} for _ in names]
        for who, kinds in supply.items():
            supplies[_player(names, who, "supply")] = dict(kinds)
    pile = data.get("pile")
    ext = data.get("ext", {})
    return Position(
        tiles=tiles,
        figures=figures,
        scores=data.get("scores"),
        player=_player(names, data.get("player", 0), "player"),
        pile=pile,
        ext={key: _from_toml(value) for key, value in ext.items()},
        supply=supplies,
        drawn=drawn,
        turn=data.get("turn"),
        last_placer=(
            None
            if data.get("last_placer") is None
            else _player(names, data["last_placer"], "last_placer")
        ),
    )
