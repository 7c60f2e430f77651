"""The TOML form -> a position and its configuration: every key checked, errors with the key's
line and column."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from carcassonne.actions import Action, PlaceFigure, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.files import FileError, read_text
from carcassonne.limits import MAX_NOTATION_DIGITS, whole_number
from carcassonne.notation import NotationError, action_from_text
from carcassonne.plugins import installed_expansions
from carcassonne.position.build import build_state, check_count
from carcassonne.position.model import FORMAT, Position, PositionError, strings, whole
from carcassonne.position.write import from_toml
from carcassonne.state import GameState
from carcassonne.toml_input import InputProblem, key_position, load_toml
from carcassonne.values import NEUTRAL

_KEYS = (
    "format", "engine", "players", "seed", "turn", "player", "last_placer", "pending", "drawn",
    "part", "more_parts", "turn_actions", "turn_started", "then", "scores",
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
    if data.get("format") != FORMAT or not whole(data.get("format")):
        raise PositionError(
            f"format: unknown position format version {data.get('format')!r} "
            f"(this engine reads version {FORMAT})",
            "format",
        )
    for key in data:
        if key not in _KEYS:
            raise PositionError(f"unknown key {key!r} (known: {', '.join(_KEYS)})", key)
    names = data.get("players")
    if not strings(names):
        raise PositionError("players: a list of player names expected", "players")
    expansions = data.get("expansions", {})
    if strings(expansions):
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
    if not whole(seed):
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
    if isinstance(value, str) and whole_number(value, max_digits=2) is not None:
        value = whole_number(value, max_digits=2)
    if whole(value) and 0 <= value < len(names):
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
    if not strings(value):
        raise PositionError(f"{key}: a list of texts expected, not {value!r}", key)
    check_count(config, key, len(value))
    return list(value)


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
    if pile is not None and not (strings(pile) or isinstance(pile, dict)):
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
    if turn is not None and not whole(turn):
        raise PositionError(f"turn: a whole number expected, not {turn!r}", "turn")
    for key in ("part", "chances", "chance_salt"):
        if key in data and not whole(data[key]):
            raise PositionError(f"{key}: a whole number expected, not {data[key]!r}", key)
    return Position(
        tiles=tiles,
        figures=figures,
        scores=scores,
        player=_player(names, data.get("player", 0), "player", "player"),
        pile=pile,
        ext={key: from_toml(value) for key, value in ext.items()},
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
        then=[
            _parse_action(config, t, i, "then")
            for i, t in enumerate(_list_of_text(data, "then", config))
        ],
    )


def _coords(text: str, where: str, key: str) -> tuple[int, int]:
    x_text, comma, y_text = text.partition(",")
    x = whole_number(x_text, max_digits=MAX_NOTATION_DIGITS)
    y = whole_number(y_text, max_digits=MAX_NOTATION_DIGITS)
    if not comma or x is None or y is None:
        raise PositionError(f"{where}: coordinates x,y expected, not {text!r}", key)
    return x, y


def _parse_piece(
    names: Sequence[str], text: str, index: int
) -> tuple[str, int, int, int, str | None]:
    """``"[owner] kind x,y [location]"``: no owner for a neutral piece."""
    where = f"pieces[{index}] {text!r}"
    owner, rest = _owner(names, text)
    if owner in names or whole_number(owner, max_digits=2) is not None:
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


def _parse_action(config: GameConfig, text: str, index: int, key: str = "turn_actions") -> Action:
    try:
        action: Action = action_from_text(text, config)
    except NotationError as exc:
        raise PositionError(
            f"{key}[{index}] {text!r}: column {exc.column}: {exc.message}", key
        ) from None
    return action
