"""Position -> state: lay the tiles, stand the figures and pieces, fill the supplies, the pile and
the side areas, then resume the turn; every entry is checked and an error names its key."""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from carcassonne.actions import Action
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.limits import MAX_INT, MAX_SCORE, MAX_TURN
from carcassonne.position.model import Position, PositionError, strings, whole
from carcassonne.state import GameState
from carcassonne.values import NEUTRAL, Supply


def build_state(config: GameConfig, position: Position) -> GameState:
    """A state at ``position``: ``position.player`` about to draw, or to place ``drawn``."""
    state = GameState.empty(config)
    if not whole(position.player) or not 0 <= position.player < config.players:
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
            or not all(whole(s) and abs(s) <= MAX_SCORE for s in position.scores)
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
    if not whole(turn) or not 1 <= turn <= MAX_TURN:
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
    _play_then(state, position.then)
    return state


def _play_then(state: GameState, actions: Sequence[Action]) -> None:
    """The turn's actions after the position (a position taken in the middle of a turn)."""
    if not isinstance(actions, Sequence) or isinstance(actions, str):
        raise PositionError(f"then: a list of actions expected, not {actions!r}", "then")
    for i, action in enumerate(actions):
        if not isinstance(action, Action):
            raise PositionError(f"then[{i}]: an action expected, not {action!r}", "then")
        try:
            state.apply(action)
        except CarcassonneError as exc:
            raise PositionError(f"then[{i}] {action}: {exc}", "then") from None


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
        if not whole(value) or not 0 <= value <= like:
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
    check_count(config, "tiles", len(tiles))
    # Laid in order, each as soon as it touches the board: a heap of the indices of the
    # waiting tiles that touch the board (linear in the tiles, not quadratic).
    waiting: dict[tuple[int, int], tuple[int, str, str, int]] = {}
    for index, (tile_id, x, y, rotation) in enumerate(tiles):
        label = f"tile {tile_id} at {x},{y}"
        tid = _tile_id(config, tile_id, label, "tiles")
        if not (whole(x) and whole(y) and whole(rotation)):
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
        valid = whole(player) and 0 <= player < config.players
        who = config.names[player] if valid else f"player {player}"
        label = f"figure {who} {kind} at {x},{y} {location}"
        if not valid:
            raise PositionError(f"{label}: no player {player}", "figures")
        if not (whole(x) and whole(y) and isinstance(location, str)):
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
    check_count(config, "pieces", len(pieces))
    for kind, owner, x, y, location in pieces:
        who = "" if owner == NEUTRAL or not whole(owner) else f"{config.names[owner]} "
        where = f"{x},{y}" + ("" if location is None else f" {location}")
        label = f"piece {who}{kind} at {where}"
        if not isinstance(kind, str) or kind not in config.piece_kinds:
            known = ", ".join(sorted(config.piece_kinds)) or "none"
            raise PositionError(f"{label}: unknown piece kind {kind!r} (known: {known})", "pieces")
        if not (whole(x) and whole(y)) or not (location is None or isinstance(location, str)):
            raise PositionError(f"{label}: whole-number coordinates expected", "pieces")
        neutral = config.piece_kinds[kind].neutral
        if neutral and owner != NEUTRAL:
            raise PositionError(f"{label}: a {kind} is neutral, it has no owner", "pieces")
        if not neutral and not (whole(owner) and 0 <= owner < config.players):
            raise PositionError(f"{label}: a {kind} belongs to a player", "pieces")
        if (x, y) not in state.board:
            raise PositionError(f"{label}: no tile at {x},{y}", "pieces")
        try:
            state.put_piece(kind, owner, x, y, location, [])
        except CarcassonneError as exc:
            raise PositionError(f"{label}: {exc}", "pieces") from None


def _put_under(state: GameState, tiles: Sequence[tuple[str, int, int]]) -> None:
    config = state.config
    check_count(config, "tiles_under", len(tiles))
    for tile, x, y in tiles:
        label = f"tile {tile} under {x},{y}"
        tid = _tile_id(config, tile, label, "tiles_under")
        if not (whole(x) and whole(y)) or (x, y) not in state.board:
            raise PositionError(f"{label}: no tile at {x},{y} to lie under", "tiles_under")
        state.put_tile_under(x, y, tid)


def _take_prisoners(state: GameState, prisoners: Sequence[tuple[int, int, str]]) -> None:
    """Prisoners come out of their owners' supplies: board + supply + prisoners make the
    count."""
    config = state.config
    check_count(config, "prisoners", len(prisoners))
    for captor, player, kind in prisoners:
        for who in (captor, player):
            if not (whole(who) and 0 <= who < config.players):
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
    check_count(config, "set_aside", len(tiles))
    aside = [_tile_id(config, tile, "set_aside", "set_aside") for tile in tiles]
    for tid in aside:
        state.set_aside_tile(tid)
    return aside


def _set_chance(state: GameState, position: Position) -> None:
    for key, value in (("chances", position.chances), ("chance_salt", position.chance_salt)):
        if not whole(value) or not 0 <= value <= MAX_INT:
            raise PositionError(f"{key}: a whole number from 0 expected, not {value!r}", key)
    forced = position.forced_chances
    if not strings(list(forced)) or isinstance(forced, str):
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
    if not whole(part) or not 0 <= part <= MAX_TURN:
        raise PositionError(f"part: a whole number from 0 expected, not {part!r}", "part")
    if isinstance(more, str) or not strings(list(more)):
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
            if not whole(have):
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
            state.supply[player] = Supply({**state.supply[player], kind: have})  # replaced


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
            if not whole(n) or n < 0:
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


#: At most this many pieces per tile of the game in a position (a bound on its size).
_PIECES_PER_TILE = 8


def check_count(config: GameConfig, key: str, count: int) -> None:
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
