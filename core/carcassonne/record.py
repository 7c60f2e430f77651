"""Game records: a game as a header and the actions in order, replayed exactly on load.

The format (docs/records.md) is text: a TOML header (format version, engine and expansion
versions, players, options, seed), a line ``---``, then one entry per line: an action in the
notation of :mod:`carcassonne.notation`, or ``drew TILE`` (``drew TILE returned`` when the tile
fitted nowhere and went back to the box) after the action that caused the draw. Recording every
draw is what makes a record independent of the shuffle: loading forces the recorded draws
(``GameState.force_draw``) wherever the seed would have dealt another tile, so a record can
impose a draw order (puzzles, bug reports, tests) and a hand-written record may even leave the
``drew`` lines out (a placement of another tile than the dealt one forces that tile).

A chance draw inside a turn (``GameState.ask_chance``: the sheep bag) is written ``chance
OUTCOME`` after the action whose apply drew it, and forced (``GameState.force_chance``) before
that action is applied again on load. A game played with ``auto_chance`` off has its chance
decisions answered by ``ChanceOutcome`` actions (``chance NAME OUTCOME``), written as actions;
a record holding one is replayed with ``auto_chance`` off.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

import carcassonne
from carcassonne import events as ev
from carcassonne.actions import ChanceOutcome, PlaceTile
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.files import FileError, read_text, write_atomic
from carcassonne.notation import NotationError, action_from_text, action_to_text
from carcassonne.plugins import expansion_version, installed_expansions
from carcassonne.position import build_state, dump_position, parse_position
from carcassonne.state import GameState
from carcassonne.toml_input import InputProblem, check_text, key_line, load_toml
from carcassonne.values import ForcedChance, ForcedDraw

#: The record format version this engine writes and reads.
FORMAT = 1
SEPARATOR = "---"
_HEADER_KEYS = (
    "format",
    "engine",
    "players",
    "seed",
    "expansions",
    "options",
    "plugins",
    "position",
)


class RecordError(CarcassonneError):
    """A record cannot be read or replayed. ``line`` (1-based, 0: the file as a whole) names
    the line; ``reason`` says why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class Entry:
    """One line of the moves: an ``action`` (its notation), a tile that was ``drew`` (with
    ``returned`` when it went back to the box), the outcome of a ``chance`` draw the action
    above made, or a ``note`` (a comment)."""

    kind: str
    text: str
    returned: bool = False
    #: The line in the record text (0 for entries not read from a text).
    line: int = field(default=0, compare=False)


@dataclass
class Record:
    """A record: the header (a TOML table) and the entries in order."""

    header: dict[str, Any]
    entries: list[Entry]


# ---------------------------------------------------------------------------------------------
# From a state to a record


def _draws(events: Iterable[Any]) -> list[Entry]:
    out: list[Entry] = []
    for event in events:
        if type(event) is ev.TurnStarted:
            out.append(Entry("note", f"turn {event.turn}"))
        elif type(event) is ev.TileDrawn:
            out.append(Entry("drew", event.tile))
        elif type(event) is ev.TileReturned:
            out[-1] = Entry("drew", event.tile, returned=True)
    return out


def record_of(state: GameState) -> Record:
    """The record of a game, up to this very moment (a turn may be half played).

    A game that began at a position (``load_position``, ``build_state``) carries that
    position in the header (table ``position``) and replays from it.
    """
    config = state.config
    start: dict[str, Any] | None = None
    replay = GameState.new(config, seed=state.seed)
    if replay != state.initial():
        replay, start = _start_position(state)
    # the chance decisions answered by ChanceOutcome actions stay for the actions to answer
    replay.auto_chance = not _answers_chance(state.log)
    names = config.names
    entries: list[Entry] = []

    def add(events: Iterable[Any]) -> None:
        for event in events:
            if type(event) is ev.TurnStarted:
                entries.append(Entry("note", f"turn {event.turn}: {names[event.player]}"))
        entries.extend(e for e in _draws(events) if e.kind == "drew")

    add(replay.last_events)
    chances: list[str] = []  # the outcomes the next action drew (logged before it)
    # Whether the tile waiting to be placed was forced (not dealt by the seed), and whether a
    # force before a draw lifted the tile the next draw takes: a forced tile forced over
    # again stays in the record, since it went back on the pile where the seed had not put it.
    forced = lifted = False
    for item in state.log:
        if isinstance(item, ForcedChance):
            chances.append(_outcome_word(item.outcome))
            replay.force_chance(item.outcome)
            continue
        if isinstance(item, ForcedDraw):
            before = len(replay.last_events)
            if replay.pending.kind == "tile":
                if not forced:
                    # the dealt tile goes back on top of the pile: it was never really drawn
                    for i in range(len(entries) - 1, -1, -1):
                        if entries[i].kind == "drew" and not entries[i].returned:
                            del entries[i]
                            break
                forced = True
            else:
                lifted = True
            replay.force_draw(item.tile)
            add(replay.last_events[before:])
        else:
            entries.append(Entry("action", action_to_text(item)))
            entries.extend(Entry("chance", outcome) for outcome in chances)
            chances = []
            events = replay.apply(item)
            drew = _drawn(events)
            if drew:
                forced, lifted = lifted and not drew[0][1], False
            add(events)
    if chances:
        raise RecordError(0, f"the log ends with chance outcomes no action drew: {chances}")
    if state.is_over:
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, state.scores, strict=True))
        entries.append(Entry("note", f"game over: {scores}"))
    header: dict[str, Any] = {
        "format": FORMAT,
        "engine": carcassonne.__version__,
        "players": list(names),
        "seed": state.seed,
    }
    if config.extra_plugins:
        header["plugins"] = [name for name, _ in config.extra_plugins]
    header["expansions"] = {name: expansion_version(name) for name in config.expansions}
    header["options"] = dict(config.options)
    if start is not None:
        header["position"] = start
    return Record(header, entries)


def _answers_chance(log: Iterable[Any]) -> bool:
    """Whether a game's log answers chance decisions itself (``auto_chance`` was off)."""
    return any(type(item) is ChanceOutcome for item in log)


def _outcome_word(outcome: str) -> str:
    if not outcome or any(c.isspace() or c == "#" for c in outcome):
        raise RecordError(0, f"the chance outcome {outcome!r} cannot be written as one word")
    return outcome


def _start_position(state: GameState) -> tuple[GameState, dict[str, Any]]:
    """The position a game began at, as a TOML table, and a fresh state at it."""
    origin = state.initial()
    try:
        table = tomllib.loads(dump_position(origin))
    except CarcassonneError as exc:
        raise RecordError(0, f"the position this game began at cannot be saved: {exc}") from None
    start = {key: value for key, value in table.items() if key not in _HEADER_KEYS}
    return build_state(state.config, parse_position(table, state.config)), start


def format_record(record: Record) -> str:
    """The text of a record."""
    lines = ["# Carcassonne game record (docs/records.md)", tomli_w.dumps(record.header).rstrip()]
    lines.append(SEPARATOR)
    for entry in record.entries:
        if entry.kind == "note":
            lines.append(f"# {entry.text}")
        elif entry.kind == "drew":
            lines.append(f"drew {entry.text}" + (" returned" if entry.returned else ""))
        elif entry.kind == "chance":
            lines.append(f"chance {entry.text}")
        else:
            lines.append(entry.text)
    return "\n".join(lines) + "\n"


def dump_record(state: GameState) -> str:
    return format_record(record_of(state))


def save_record(state: GameState, path: str | Path) -> None:
    """Write the game's record to ``path`` atomically (``FileError`` names the file)."""
    write_atomic(path, dump_record(state))


# ---------------------------------------------------------------------------------------------
# From text to a record


def _key_line(lines: list[str], key: str) -> int:
    """The line of a header key (``key = ...`` or ``[key]``), for messages."""
    return key_line("\n".join(lines), key)


def _lines(text: str) -> list[str]:
    """The lines of a record. Only ``\n`` ends a line (``\r\n`` too), as in TOML: a name or
    a comment holding U+2028 or U+0085 stays on its line (``str.splitlines`` would split it)."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def parse_record(text: str) -> Record:
    """Read a record's text (header and entries) without replaying it."""
    try:
        check_text(text)
    except InputProblem as exc:
        raise RecordError(exc.line, f"column {exc.column}: {exc.message}") from None
    lines = _lines(text)
    if lines and lines[-1] == "":
        lines.pop()
    try:
        split = next(i for i, line in enumerate(lines) if line.strip() == SEPARATOR)
    except StopIteration:
        raise RecordError(
            len(lines) + 1, f"expected a line {SEPARATOR!r} between the header and the moves"
        ) from None
    header_lines = lines[:split]
    try:
        header = load_toml("\n".join(header_lines))
    except InputProblem as exc:
        message = exc.message
        message = f"the header is {message}" if message.startswith("not valid") else message
        raise RecordError(exc.line, message) from None
    _check_header(header, header_lines)
    entries: list[Entry] = []
    for number, raw in enumerate(lines[split + 1 :], split + 2):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            entries.append(Entry("note", line[1:].strip(), line=number))
            continue
        words = line.split("#", 1)[0].split()
        if words and words[0] == "drew":
            if len(words) not in (2, 3) or (len(words) == 3 and words[2] != "returned"):
                raise RecordError(number, "expected 'drew TILE' or 'drew TILE returned'")
            entries.append(Entry("drew", words[1], returned=len(words) == 3, line=number))
        elif words and words[0] == "chance" and len(words) < 3:
            # ``chance OUTCOME``; ``chance NAME OUTCOME`` is the ChanceOutcome action
            if len(words) == 1:
                column = raw.index("chance") + len("chance") + 1
                raise RecordError(
                    number,
                    f"column {column}: expected 'chance OUTCOME' (the outcome of a chance draw "
                    "the action above made) or 'chance NAME OUTCOME' (an action)",
                )
            entries.append(Entry("chance", words[1], line=number))
        else:
            entries.append(Entry("action", line, line=number))
    return Record(header, entries)


def _check_header(header: dict[str, Any], lines: list[str]) -> None:
    def fail(key: str, reason: str) -> RecordError:
        return RecordError(_key_line(lines, key), reason)

    if "format" not in header:
        raise RecordError(1, "the header has no 'format' (the record format version)")
    if header["format"] != FORMAT or type(header["format"]) is not int:
        raise fail(
            "format",
            f"unknown record format version {header['format']!r} "
            f"(this engine reads version {FORMAT})",
        )
    for key in header:
        if key not in _HEADER_KEYS:
            raise fail(key, f"unknown header key {key!r} (known: {', '.join(_HEADER_KEYS)})")
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise fail("players", "'players' must be a list of player names")
    if type(header.get("seed", 0)) is not int:
        raise fail("seed", "'seed' must be a whole number")
    plugins = header.get("plugins", [])
    if not isinstance(plugins, list) or not all(isinstance(p, str) for p in plugins):
        raise fail("plugins", "'plugins' must be a list of plugin names")
    if "position" in header and not isinstance(header["position"], dict):
        raise fail("position", "'position' must be a table (the position the game began at)")
    if not isinstance(header.get("engine", ""), str):
        raise fail("engine", "'engine' must be the engine version (text)")
    expansions = header.get("expansions", {})
    if not isinstance(expansions, dict) or not all(isinstance(v, str) for v in expansions.values()):
        raise fail("expansions", "'expansions' must be a table of expansion name = version")
    if not isinstance(header.get("options", {}), dict):
        raise fail("options", "'options' must be a table of option = value")


# ---------------------------------------------------------------------------------------------
# Replaying


def load_record(
    source: str | Path, *, text: bool = False, plugins: Iterable[tuple[str, Any]] = ()
) -> GameState:
    """Replay a record (a file path, or the record itself with ``text=True``) and return the
    game, ready to continue. Raises :class:`RecordError` naming the line; nothing half-loaded
    is ever returned. ``plugins``: the extra plugin objects the game was played with, if any.
    """
    if text:
        content = str(source)
    else:
        try:
            content = read_text(source)
        except FileError as exc:
            error = RecordError(0, str(exc))
            error.line = exc.line
            raise error from None
    return replay_record(parse_record(content), plugins=plugins, source=content)


def config_of(record: Record, plugins: Iterable[tuple[str, Any]] = (), source: str = "") -> Any:
    """The game configuration a record's header describes."""
    header = record.header
    lines = _lines(source)
    installed = installed_expansions()
    expansions = header.get("expansions", {})
    for name in expansions:
        if name not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise RecordError(
                _key_line(lines, "expansions"),
                f"expansion {name!r} is not installed (installed expansions: {known})",
            )
    plugins = tuple(plugins)
    wanted = sorted(header.get("plugins", []))
    if wanted != sorted(name for name, _ in plugins):
        raise RecordError(
            _key_line(lines, "plugins"),
            f"the game was played with the plugin objects {wanted} "
            "(pass them to load_record(plugins=...))",
        )
    names = header["players"]
    try:
        return GameConfig(
            players=len(names),
            names=names,
            expansions=list(expansions),
            options=header.get("options", {}),
            seed=header.get("seed", 0),
            plugins=plugins,
        )
    except CarcassonneError as exc:
        key = "options" if "option" in str(exc) else "players"
        raise RecordError(_key_line(lines, key), str(exc)) from None


def replay_record(
    record: Record, plugins: Iterable[tuple[str, Any]] = (), source: str = ""
) -> GameState:
    """The game a record describes, replayed action by action."""
    config = config_of(record, plugins, source)
    try:
        return _replay(config, record.entries, record.header.get("position"), source)
    except RecordError as exc:
        note = _version_note(record.header)
        if note:
            raise RecordError(exc.line, f"{exc.reason} ({note})") from None
        raise


def _version_note(header: dict[str, Any]) -> str:
    differ = []
    if header.get("engine", carcassonne.__version__) != carcassonne.__version__:
        differ.append(f"engine {header['engine']}, installed {carcassonne.__version__}")
    for name, version in header.get("expansions", {}).items():
        if version != expansion_version(name):
            differ.append(f"{name} {version}, installed {expansion_version(name)}")
    return "the record was made with " + "; ".join(differ) if differ else ""


def _replay(
    config: GameConfig, entries: list[Entry], start: dict[str, Any] | None = None, source: str = ""
) -> GameState:
    state = GameState.new(config) if start is None else _at_position(config, start, source)
    moves = [e for e in entries if e.kind != "note"]
    actions: dict[tuple[int, str], Any] = {}
    for entry in moves:
        if entry.kind == "action":
            try:
                actions[entry.line, entry.text] = action_from_text(entry.text, config)
            except NotationError as exc:
                raise RecordError(entry.line, f"column {exc.column}: {exc.message}") from None
    # a game that answered its chance decisions with actions replays with auto_chance off
    state.auto_chance = not _answers_chance(actions.values())
    i = 0
    draws: list[Entry] = []
    while i < len(moves) and moves[i].kind != "action":
        if moves[i].kind == "chance":
            raise RecordError(
                moves[i].line,
                f"'chance {moves[i].text}' comes before any action: a chance line follows "
                "the action whose apply drew it",
            )
        draws.append(moves[i])
        i += 1
    _reconcile(state, _drawn(state.last_events), draws, config)
    while i < len(moves):
        entry = moves[i]
        i += 1
        draws = []
        chances: list[Entry] = []
        while i < len(moves) and moves[i].kind != "action":
            (chances if moves[i].kind == "chance" else draws).append(moves[i])
            i += 1
        action = actions[entry.line, entry.text]
        for chance in chances:
            state.force_chance(chance.text)
        try:
            if (
                type(action) is PlaceTile
                and state.pending.kind == "tile"
                and action.tile != state.drawn
            ):
                # a hand-written record may leave out the draw: deal the placed tile
                state.force_draw(action.tile)
            events = state.apply(action)
        except CarcassonneError as exc:
            line = entry.line
            if str(exc).startswith("the forced chance outcome"):
                # the recorded outcome is not one of the draw's: name its line
                line = next((c.line for c in chances if repr(c.text) in str(exc)), line)
            raise RecordError(line, str(exc)) from None
        if chances:
            _check_chances(state, chances)
        _reconcile(state, _drawn(events), draws, config)
    return state


def _drawn_before_last(state: GameState) -> list[str]:
    """The chance outcomes logged just before the last action (those its apply drew)."""
    log = state.log
    k = len(log) - 1
    while k > 0 and type(log[k - 1]) is ForcedChance:
        k -= 1
    return [item.outcome for item in log[k : len(log) - 1] if type(item) is ForcedChance]


def _check_chances(state: GameState, chances: list[Entry]) -> None:
    """Every ``chance`` line after an action must have been taken by one of its draws."""
    drawn = _drawn_before_last(state)
    if len(drawn) < len(chances):
        extra = chances[len(drawn)]
        made = (
            f"only {len(drawn)} chance draw" + "s" * (len(drawn) > 1) if drawn else "no chance draw"
        )
        raise RecordError(
            extra.line,
            f"the record says 'chance {extra.text}', but the action above made {made}",
        )


def _at_position(config: GameConfig, start: Any, source: str) -> GameState:
    from carcassonne.position import build_state, parse_position

    line = _key_line(_lines(source), "position")
    if not isinstance(start, dict):
        raise RecordError(line, "'position' must be a table (the position the game began at)")
    try:
        return build_state(config, parse_position(start, config))
    except CarcassonneError as exc:
        raise RecordError(line, f"the starting position is wrong: {exc}") from None


def _drawn(events: Iterable[Any]) -> list[tuple[str, bool]]:
    return [(e.text, e.returned) for e in _draws(events) if e.kind == "drew"]


def _reconcile(
    state: GameState, actual: list[tuple[str, bool]], expected: list[Entry], config: GameConfig
) -> None:
    """Make the draws the game just made match the recorded ones, forcing where they differ.

    ``actual``: ``(tile, returned)`` for each tile the last action drew. A tile the game
    returned to the box cannot be taken back; a tile waiting to be placed is exchanged for the
    recorded one with ``force_draw`` (which may itself return tiles that fit nowhere). A
    further ``drew`` line for the same draw forces again (``force_draw`` called twice before
    the tile was placed: the first forced tile goes back on the pile, where the record must
    say it was).
    """
    done = 0
    for entry in expected:
        try:
            tile = config.resolve_tile(entry.text)
        except CarcassonneError as exc:
            raise RecordError(entry.line, str(exc)) from None
        said = f"drew {tile}" + (" returned" if entry.returned else "")
        while True:
            if done < len(actual):
                got, returned = actual[done]
                if got == tile and returned == entry.returned:
                    done += 1
                    break
                if returned or got == tile:
                    what = "returned it to the box" if returned else "it fits on the board"
                    raise RecordError(
                        entry.line, f"the game drew {got} here and {what}; the record says {said!r}"
                    )
            if state.pending.kind != "tile" or done < len(actual) - 1:
                raise RecordError(
                    entry.line,
                    f"the record says {said!r}, but no tile is drawn at this point "
                    f"(the game waits for a {state.pending.kind} decision)",
                )
            if done == len(actual) and (done == 0 or tile == state.drawn):
                raise RecordError(
                    entry.line,
                    f"the record says {said!r}, but the game already drew {state.drawn} "
                    "and waits for it to be placed",
                )
            before = len(state.last_events)
            try:
                state.force_draw(tile)
            except CarcassonneError as exc:
                raise RecordError(entry.line, str(exc)) from None
            actual = actual[:done] + _drawn(state.last_events[before:])
