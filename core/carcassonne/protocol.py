"""A line-delimited JSON protocol over stdin/stdout (``carcassonne serve --stdio``).

A front end in any language starts the process, writes one JSON object per line and reads one
JSON object per line back. Every request may carry an ``id`` that the answer repeats. The server
holds one game at a time. See ``docs/protocol.md`` for the operations and a worked session.

Robustness is the point of this module: a request that is not JSON, not an object, names an
unknown operation, lacks a field, holds an illegal action or a bad record is answered with
``{"ok": false, "error": {"type": ..., "message": ...}}`` and leaves the game as it was. Every
request runs inside its own ``try``; an unexpected exception is reported as an ``internal``
error and the server goes on.
"""

from __future__ import annotations

import difflib
import functools
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from carcassonne import svg
from carcassonne.collector import tune_gc
from carcassonne.config import GameConfig
from carcassonne.errors import (
    CarcassonneError,
    ConfigError,
    IllegalActionError,
    NothingToUndoError,
    PluginError,
)
from carcassonne.files import FileError, read_text, write_atomic
from carcassonne.json_view import JsonView, changes_text
from carcassonne.limits import (
    MAX_NESTING,
    MAX_NUMBER_DIGITS,
    MAX_REQUEST_CHARS,
    int_in_range,
    name_problem,
)
from carcassonne.serialize import (
    STATE_KEYS,
    ActionFormatError,
    action_from_dict,
    action_from_text,
    action_json,
    chance_refusal,
    dumps,
    error_codes_json,
    expansions_json,
    figure_options_json,
    illegal_message,
    outcome_json,
    refusal_json,
    state_to_json,
    text_encoder,
    tiles_json,
    to_jsonable,
)
from carcassonne.state import GameState

PROTOCOL_VERSION = 1

#: The values of the ``chance`` field of ``new`` and the ``load_...`` operations: who
#: draws chance inside a turn (the sheep bag) -- the engine, or the client.
CHANCE_MODES = ("engine", "client")

#: Every ``type`` a failed answer may carry, with when (docs/protocol.md lists exactly these).
ERROR_TYPES: dict[str, str] = {
    "bad-json": "the line is not JSON",
    "bad-request": (
        "not an object, a missing field, a field of the wrong type, a field the op does not "
        "read, an unknown state key (`field` names the field)"
    ),
    "unknown-op": "`op` names no operation",
    "no-game": "a game operation before `new` / `load_record` / `load_position` / `load_jcz`",
    "bad-config": "unknown expansion or option, a bad option value, a bad player count",
    "bad-action": "the action text or object cannot be read",
    "illegal-action": "the action is not legal now: `code`, `reason` and `details` say why",
    "nothing-to-undo": "`undo` past the game's origin",
    "bad-record": "a record that cannot be read or replayed (the message names the line)",
    "bad-position": "a position that cannot be read or set up (the message names the line)",
    "bad-jcz": (
        "a `.jcz` file of `load_jcz` that cannot be read or replayed, or that holds what the "
        "engine does not support (`where`: the JSON path, message index, or line and column)"
    ),
    "io": (
        "a file cannot be read or written: a `path` of `load_record`, `load_position`, "
        "`load_jcz`, `save_record` or `save_position` (the message names it)"
    ),
    "plugin": (
        "an expansion breaks the plugin contract or cannot be loaded (a hook answering the "
        "wrong type, a broken tile file): a bug to report to the expansion"
    ),
    "error": "any other deliberate error of the engine (`CarcassonneError`); the message says what",
    "internal": "a bug in the engine or in an expansion; the game is left as it was",
}


class RequestError(CarcassonneError):
    """A request the server refuses; ``type`` is the machine-readable error type, ``extra``
    more fields of the error object (``field``: the request field at fault)."""

    def __init__(self, type_: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.type = type_
        self.message = message
        self.extra = extra


#: Fields every request may carry.
_COMMON = frozenset({"id", "op"})
#: Fields of the operations that answer with a state.
_VIEW = frozenset({"player", "fields"})
#: The fields each operation reads besides the common ones: anything else is an error naming it.
_OP_FIELDS: dict[str, frozenset[str]] = {
    "hello": frozenset(),
    "new": frozenset({"players", "expansions", "options", "seed", "names", "chance"}) | _VIEW,
    "load_record": frozenset({"text", "path", "chance"}) | _VIEW,
    "load_position": frozenset({"text", "path", "chance"}) | _VIEW,
    "load_jcz": frozenset({"text", "path", "chance"}) | _VIEW,
    "legal_actions": frozenset(),
    "figure_options": frozenset(),
    "apply": frozenset({"action", "changes"}) | _VIEW,
    "why": frozenset({"action"}),
    "placements": frozenset({"tile", "distinct"}),
    "undo": frozenset({"count"}) | _VIEW,
    "state": _VIEW,
    "outcome": frozenset(),
    "tiles": frozenset({"ids", "expansions", "options", "svg"}),
    "expansions": frozenset(),
    "error_codes": frozenset({"expansions"}),
    "save_record": frozenset({"path"}),
    "save_position": frozenset({"path"}),
    "board_svg": frozenset({"player", "highlight", "coordinates"}),
    "quit": frozenset(),
}


def _check_fields(op: str, request: dict[str, Any]) -> None:
    """Refuse a field the operation does not read (a misspelled ``seeed``), naming it."""
    known = _COMMON | _OP_FIELDS[op]
    for name in sorted(request, key=str):
        if name in known:
            continue
        close = difflib.get_close_matches(str(name), sorted(known), n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise RequestError(
            "bad-request",
            f"unknown field {name!r} for op {op!r} ({hint}known: {', '.join(sorted(known))})",
            field=name,
        )


def _field(request: dict[str, Any], name: str, kinds: type | tuple[type, ...], default: Any = ...):
    """A field of the request, checked for its JSON type (``bool`` is never a number)."""
    if name not in request:
        if default is ...:
            raise RequestError("bad-request", f"missing field {name!r}", field=name)
        return default
    value = request[name]
    number = kinds is int or (isinstance(kinds, tuple) and int in kinds)
    if not isinstance(value, kinds) or (number and isinstance(value, bool)):
        names = kinds.__name__ if isinstance(kinds, type) else "/".join(k.__name__ for k in kinds)
        raise RequestError(
            "bad-request", f"field {name!r} must be {_JSON_NAMES.get(names, names)}", field=name
        )
    if number and isinstance(value, int) and not int_in_range(value):
        raise RequestError("bad-request", f"field {name!r} must fit in 64 bits", field=name)
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number has more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def _problem(value: Any) -> str | None:
    """Why a decoded request cannot be served: a lone surrogate in a string (it cannot be
    written back as UTF-8) or nesting deeper than ``MAX_NESTING``; names the field."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_NESTING:
            return f"{where or 'the request'}: nested deeper than {MAX_NESTING} levels"
        if isinstance(item, str):
            if not _encodable(item):
                return f"{where or 'the request'}: a lone surrogate (\\ud800-\\udfff) in a string"
        elif isinstance(item, dict):
            for key, sub in item.items():
                if not _encodable(key):
                    return f"{where or 'the request'}: a lone surrogate in a key"
                stack.append((sub, f"{where}.{key}" if where else f"field {key!r}", depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, f"{where}[{i}]", depth + 1) for i, sub in enumerate(item))
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_JSON_NAMES = {
    "int": "a whole number",
    "bool": "true or false",
    "str": "a string",
    "dict": "an object",
    "list": "a list",
    "list/dict": "a list or an object",
    "str/dict": "notation text or an object",
}


class Server:
    """The protocol's state machine: one game, answered request by request."""

    def __init__(self, plugins: Sequence[tuple[str, object]] = ()) -> None:
        #: Extra plugin objects every game of this server uses (``serve --plugin``).
        self.plugins = list(plugins)
        self.state: GameState | None = None
        self.done = False
        #: Counts the changes of ``state`` (a new game, a move, an undo): what the view below
        #: and the legal actions' texts were made for.
        self._version = 0
        #: The JSON state last sent (for a view), followed move by move by ``changes`` answers.
        self._sent: tuple[int, JsonView] | None = None
        #: The legal actions of the state last sent (their ``action_json`` entries): an action
        #: sent back as the text the server gave is found there instead of being parsed again.
        self._texts: tuple[int, list[dict[str, Any]]] | None = None
        #: ``(state data, view)``: the ``state`` of the last answer when it was the view's
        #: whole data, whose text :meth:`answer_text` joins from the view's kept pieces.
        self._shown: tuple[dict[str, Any], JsonView, int] | None = None
        self._ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello,
            "new": self._new,
            "load_record": self._load_record,
            "load_position": self._load_position,
            "load_jcz": self._load_jcz,
            "legal_actions": self._legal_actions,
            "figure_options": self._figure_options,
            "apply": self._apply,
            "why": self._why,
            "placements": self._placements,
            "undo": self._undo,
            "state": self._state,
            "outcome": self._outcome,
            "tiles": self._tiles,
            "expansions": self._expansions,
            "error_codes": self._error_codes,
            "save_record": self._save_record,
            "save_position": self._save_position,
            "board_svg": self._board_svg,
            "quit": self._quit,
        }

    # -- the loop --------------------------------------------------------------

    def handle_line(self, line: str) -> dict[str, Any]:
        """The answer to one request line (never raises): the text :meth:`answer_line`
        writes, read back, so plain data of the caller's own.

        Why read back: the answer the server builds shares its ``state`` and ``changes`` with
        the view it follows move by move (:class:`~carcassonne.json_view.JsonView`), and its
        ``legal_actions`` entries with those :func:`~carcassonne.serialize.action_json` keeps
        for every later answer; a caller who edits an answer must not change what the server
        sends next. Reading the text (joined from kept pieces) back costs less than copying
        the answer in Python or with ``marshal``, shares nothing, and gives what a stdio
        client reads (an answer a plugin put a value JSON cannot hold into is the
        ``internal`` error :meth:`serve` writes)."""
        return _read_back(self.answer_line(line))

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to one decoded request (never raises): as :meth:`handle_line`, plain
        data of the caller's own."""
        return _read_back(self.answer_request(request))

    def answer_line(self, line: str) -> str:
        """The JSON text of the answer to one request line, as :meth:`serve` writes it
        (without the newline; never raises).

        Why a text: the answer the server builds shares its ``state`` (and ``changes``)
        with the view it follows move by move, and its text is joined from the pieces that
        view keeps; a caller who wants the text gets it without the reading back that
        :meth:`handle_line` does so that its answer is the caller's to change."""
        return self._text(self._handle_line(line))

    def answer_request(self, request: dict[str, Any]) -> str:
        """:meth:`answer_line` of a decoded request."""
        return self._text(self._handle(request))

    def _text(self, answer: dict[str, Any]) -> str:
        """The text ``serve`` writes for an answer: :meth:`answer_text`, or an ``internal``
        error's when a plugin put into it what JSON cannot hold. ``changes`` are written
        with their legal actions' kept texts (``changes_text``): the answer is the server's
        own, whose entries nobody changes."""
        try:
            changes = answer.get("changes")
            if type(changes) is dict and "state" not in answer:
                text = _text_of(answer, "changes", changes_text(changes, *_PIECES))
            else:
                text = self.answer_text(answer)
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: escaped JSON is still exact
            text = json.dumps(answer, sort_keys=True)
        except (TypeError, ValueError) as exc:  # a plugin value JSON cannot hold
            text = dumps(_error(answer.get("id"), "internal", f"internal error: {exc}"))
        return text

    def _handle_line(self, line: str) -> dict[str, Any]:
        """:meth:`handle_line`, the answer sharing its ``state`` or ``changes`` with the view
        the server keeps (for :meth:`_text` only)."""
        if len(line) > MAX_REQUEST_CHARS:
            return _error(
                None, "bad-request", f"a request has at most {MAX_REQUEST_CHARS} characters"
            )
        try:
            request = json.loads(line, parse_constant=_reject_constant, parse_int=_bounded_int)
        except (ValueError, RecursionError) as exc:
            return _error(None, "bad-json", f"not valid JSON: {exc}")
        if not isinstance(request, dict):
            return _error(None, "bad-request", "a request must be a JSON object")
        problem = _problem(request)
        if problem:
            rid = request.get("id")
            return _error(rid if _problem(rid) is None else None, "bad-request", problem)
        return self._handle(request)

    def _handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """:meth:`handle`, the answer sharing its ``state`` or ``changes`` with the view the
        server keeps (for :meth:`_text` only)."""
        rid = request.get("id")
        try:
            op = _field(request, "op", str)
            handler = self._ops.get(op)
            if handler is None:
                raise RequestError(
                    "unknown-op", f"unknown op {op!r} (known: {', '.join(sorted(self._ops))})"
                )
            _check_fields(op, request)
            answer = handler(request)
        except RequestError as exc:
            return _error(rid, exc.type, exc.message, **exc.extra)
        except IllegalActionError as exc:
            return _error(
                rid,
                "illegal-action",
                illegal_message(exc),
                code=exc.code,
                reason=exc.reason,
                details=to_jsonable(exc.details),
            )
        except NothingToUndoError as exc:
            return _error(rid, "nothing-to-undo", str(exc))
        except ConfigError as exc:
            return _error(rid, "bad-config", str(exc))
        except CarcassonneError as exc:
            return _error(rid, _error_type(exc), str(exc))
        except Exception as exc:  # noqa: BLE001 - the server must survive any request
            return _error(rid, "internal", f"internal error: {type(exc).__name__}: {exc}")
        return {"id": rid, "ok": True, **answer}

    def serve(self, lines: IO[str], out: IO[str]) -> int:
        """Answer every line of ``lines`` on ``out`` until ``quit`` or end of input."""
        for line in lines:
            if not line.strip():
                continue
            out.write(self.answer_line(line) + "\n")
            out.flush()
            if self.done:
                break
        return 0

    def answer_text(self, answer: dict[str, Any]) -> str:
        """``dumps(answer)``, the same text: when the answer's ``state`` is the whole view the
        server follows (an answer :meth:`answer_line` writes, not a caller's copy), its text
        is joined from the pieces the view keeps (:meth:`JsonView.text`) rather than written
        again."""
        shown, state = self._shown, answer.get("state")
        if (
            shown is None
            or state is None
            or shown[0] is not state
            or shown[2] != self._version  # the view has moved on since
        ):
            return dumps(answer)
        return _text_of(answer, "state", shown[1].text(*_PIECES))

    # -- helpers --------------------------------------------------------------

    def _game(self) -> GameState:
        if self.state is None:
            raise RequestError(
                "no-game", "no game: send 'new', 'load_record', 'load_position' or 'load_jcz'"
            )
        return self.state

    def _view(self, request: dict[str, Any], game: GameState) -> tuple[int | None, list | None]:
        """The checked ``player`` (view) and ``fields`` (state keys) of a request.

        Checked before anything changes, so that a bad view leaves the game as it was.
        """
        player = _field(request, "player", int, None) if request.get("player") is not None else None
        if player is not None and not 0 <= player < game.config.players:
            count = game.config.players
            new_game = request.get("op") == "new"
            hint = "; the number of players is the field 'players'" if new_game else ""
            raise RequestError(
                "bad-request",
                f"field 'player' (whose view to send) names no player {player} in this "
                f"{count}-player game (players are 0 to {count - 1}{hint})",
                field="player",
            )
        fields = _field(request, "fields", list, None)
        if fields is not None:
            if not all(isinstance(f, str) for f in fields):
                raise RequestError("bad-request", "field 'fields' must list state keys")
            unknown = sorted(set(fields) - STATE_KEYS)
            if unknown:
                raise RequestError(
                    "bad-request",
                    f"unknown state key(s) {', '.join(unknown)} "
                    f"(known: {', '.join(sorted(STATE_KEYS))})",
                )
        return player, fields

    def _state_answer(self, request: dict[str, Any], game: GameState) -> dict[str, Any]:
        """``{"state": ...}``: the whole state, or only the keys listed in ``fields``. Called
        once ``game`` is the server's state (``self.state``) and ``_version`` counts it."""
        player, fields = self._view(request, game)
        state = state_to_json(game, player=player)
        self._remember(state, player)
        if fields is None:
            assert self._sent is not None
            self._shown = (state, self._sent[1], self._version)
        if fields is not None:
            state = {key: state[key] for key in fields if key in state}
        return {"state": state}

    def _remember(self, state: dict[str, Any], player: int | None) -> None:
        """Keep what was sent for the current version: the view ``changes`` answers follow,
        and the legal actions by their text."""
        self._sent = (self._version, JsonView(state, player))
        self._remember_texts(state["legal_actions"])

    def _remember_texts(self, legal: list[dict[str, Any]]) -> None:
        self._texts = (self._version, legal)

    def _sent_action(self, text: str, state: GameState) -> Any:
        """The legal action whose text the last answer gave as ``text``, if any (a scan of a
        few dozen strings costs less than building a table after every move), built alone
        from its id (the entries are in the order of the legal actions' ids)."""
        sent = self._texts
        if sent is None or sent[0] != self._version:
            return None
        for index, entry in enumerate(sent[1]):
            if entry["text"] == text:
                return state.action_for_id(index)
        return None

    def _auto_chance(self, request: dict[str, Any]) -> bool:
        """The request's ``chance`` field: ``"engine"`` (the default) draws chance inside a
        turn itself, ``"client"`` leaves each chance decision pending for the client to answer
        with a ``chance`` action (``state.auto_chance`` off)."""
        chance = _field(request, "chance", str, "engine")
        if chance not in CHANCE_MODES:
            raise RequestError(
                "bad-request",
                f"field 'chance' must be one of {', '.join(map(repr, CHANCE_MODES))}, "
                f"not {chance!r}",
                field="chance",
            )
        return chance == "engine"

    def _source(self, request: dict[str, Any]) -> tuple[str, bool]:
        """``(text or path, is_text)`` from a request's ``text`` or ``path`` field."""
        if "text" in request:
            return _field(request, "text", str), True
        if "path" in request:
            return _field(request, "path", str), False
        raise RequestError("bad-request", "missing field 'text' or 'path'", field="text")

    # -- operations --------------------------------------------------------------

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        from carcassonne import __version__

        return {"protocol": PROTOCOL_VERSION, "engine": __version__}

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        players = _field(request, "players", int, 2)
        expansions = _field(request, "expansions", (list, dict), [])
        if isinstance(expansions, list) and not all(isinstance(e, str) for e in expansions):
            raise RequestError("bad-request", "field 'expansions' must list expansion names")
        if isinstance(expansions, dict):
            for name, values in expansions.items():
                if values is not None and not isinstance(values, dict):
                    raise RequestError(
                        "bad-request",
                        f"field 'expansions': the options of {name!r} must be an object",
                    )
        options = _field(request, "options", dict, {})
        seed = _field(request, "seed", int, 0)
        names = _field(request, "names", list, None)
        if names is not None and not all(isinstance(n, str) for n in names):
            raise RequestError("bad-request", "field 'names' must list player names")
        for i, name in enumerate(names or ()):
            problem = name_problem(name)
            if problem:
                raise RequestError("bad-config", f"field 'names'[{i}]: {problem}")
        auto_chance = self._auto_chance(request)
        config = GameConfig(
            players=players,
            expansions=expansions,
            options=options,
            seed=seed,
            names=names,
            plugins=self.plugins,
        )
        state = GameState.new(config)
        state.auto_chance = auto_chance
        return self._replace_game(request, state)

    def _load_record(self, request: dict[str, Any]) -> dict[str, Any]:
        from carcassonne.record import load_record

        return self._load_with(functools.partial(load_record, plugins=self.plugins), request)

    def _load_position(self, request: dict[str, Any]) -> dict[str, Any]:
        from carcassonne.position import load_position

        return self._load_with(functools.partial(load_position, plugins=self.plugins), request)

    def _load_jcz(self, request: dict[str, Any]) -> dict[str, Any]:
        """A JCloisterZone saved game (docs/jcz.md), going on from where the file ends."""
        from carcassonne.jcz.errors import JczError
        from carcassonne.jcz.load import load_jcz_state

        source, is_text = self._source(request)
        auto_chance = self._auto_chance(request)
        if not is_text:
            try:  # an unreadable path is an "io" error, as for the other loads
                read_text(Path(source))
            except FileError as exc:
                raise RequestError("io", str(exc)) from None
        try:  # a path is read again by the importer, whose messages then name the file
            state = load_jcz_state(source, text=is_text, plugins=self.plugins)
        except JczError as exc:
            extra = {"where": exc.where} if exc.where else {}
            raise RequestError("bad-jcz", str(exc), **extra) from None
        state.auto_chance = auto_chance
        return self._replace_game(request, state)

    def _load_with(self, loader: Any, request: dict[str, Any]) -> dict[str, Any]:
        """Load a game; it becomes the current one only once the answer is ready."""
        source, is_text = self._source(request)
        auto_chance = self._auto_chance(request)
        state = _load(loader, source, is_text)
        state.auto_chance = auto_chance
        return self._replace_game(request, state)

    def _replace_game(self, request: dict[str, Any], state: GameState) -> dict[str, Any]:
        """Make ``state`` the current game once its answer is ready (a bad view leaves the
        previous game in place)."""
        before = (self.state, self._version, self._sent, self._texts, self._shown)
        self.state = state
        self._version += 1
        try:
            return self._state_answer(request, state)
        except BaseException:
            self.state, self._version, self._sent, self._texts, self._shown = before
            raise

    def _legal_actions(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        return {
            "pending": {"kind": state.pending.kind, "player": state.pending.player},
            "legal_actions": [action_json(a) for a in state.legal_actions()],
        }

    def _figure_options(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        return {
            "pending": {"kind": state.pending.kind, "player": state.pending.player},
            **figure_options_json(state),
        }

    def _action(self, request: dict[str, Any], state: GameState) -> Any:
        """The request's ``action`` (notation text or an object), read for ``state``."""
        if "action" not in request:
            raise RequestError("bad-request", "missing field 'action'", field="action")
        given = request["action"]
        if isinstance(given, str):
            known = self._sent_action(given, state)
            if known is not None:
                return known
        try:
            if isinstance(given, str):
                return action_from_text(given, state)
            if isinstance(given, dict):
                return action_from_dict(given, state.config)
        except ActionFormatError as exc:
            raise RequestError("bad-action", str(exc), field="action") from None
        raise RequestError(
            "bad-request", "field 'action' must be text or an object", field="action"
        )

    def _why(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        action = self._action(request, state)
        refusal = chance_refusal(state, action) or state.why_illegal(action)
        return {"action": action_json(state.canonical(action)), **refusal_json(refusal)}

    def _placements(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        tile = _field(request, "tile", str)
        distinct = _field(request, "distinct", bool, False)
        try:
            tid = state.config.resolve_tile(tile)
        except CarcassonneError as exc:
            raise RequestError("bad-request", str(exc), field="tile") from None
        return {
            "tile": tid,
            "placements": [action_json(a) for a in state.placements_of(tid, distinct=distinct)],
        }

    def _outcome(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"outcome": outcome_json(self._game())}

    def _config_for(self, request: dict[str, Any]) -> GameConfig:
        """The current game's configuration, or one for the request's ``expansions`` (and
        ``options``), or the base game's."""
        if "expansions" in request or "options" in request:
            expansions = _field(request, "expansions", (list, dict), [])
            options = _field(request, "options", dict, {})
            return GameConfig(expansions=expansions, options=options)
        if self.state is not None:
            return self.state.config
        return GameConfig()

    def _tiles(self, request: dict[str, Any]) -> dict[str, Any]:
        config = self._config_for(request)
        ids = _field(request, "ids", list, None)
        if ids is not None:
            if not all(isinstance(i, str) for i in ids):
                raise RequestError("bad-request", "field 'ids' must list tile ids", field="ids")
            try:
                ids = [config.resolve_tile(i) for i in ids]
            except CarcassonneError as exc:
                raise RequestError("bad-request", str(exc), field="ids") from None
        answer = tiles_json(config, ids)
        if _field(request, "svg", bool, False):
            import carcassonne.svg as svg

            for tile in answer["tiles"]:
                picture = svg.tile(config.tile_types[tile["id"]], kinds=config.kinds)
                tile["svg"] = str(picture)
        return answer

    def _expansions(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"expansions": expansions_json()}

    def _error_codes(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"codes": error_codes_json(self._config_for(request))}

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        action = self._action(request, state)
        self._view(request, state)
        refusal = chance_refusal(state, action)
        if refusal is not None:
            raise IllegalActionError(action, refusal.reason, refusal.code, **refusal.details)
        changes = _field(request, "changes", bool, False)
        player, fields = self._view(request, state)
        sent = self._sent
        follow = sent is not None and sent[0] == self._version and sent[1].player == player
        if changes and not follow:
            sent = (self._version, JsonView.of(state, player))  # the state before the move
        events = state.apply(action)
        self._version += 1
        if not changes and not follow:
            answer = self._state_answer(request, state)
        else:  # the view of the state last sent, moved along by the move's events
            assert sent is not None
            view = sent[1]
            delta = view.advance(state, events)
            self._sent = (self._version, view)
            if "legal_actions" in delta:
                self._remember_texts(delta["legal_actions"])
            else:  # the same texts name the same actions
                self._texts = (self._version, self._texts[1]) if self._texts else None
            if changes:
                if fields is not None:
                    delta = {key: value for key, value in delta.items() if _kept(key, fields)}
                answer = {"changes": delta}
            else:  # the whole state, as state_to_json gives it (the tests check it is)
                data = view.data()
                if fields is None:
                    self._shown = (data, view, self._version)
                else:
                    data = {key: data[key] for key in fields if key in data}
                answer = {"state": data}
        answer["applied"] = action_json(state.log[-1] if state.log else action)
        shown = answer.get("changes", answer.get("state", {})).get("events")
        if shown is None or len(shown) != len(events) or list(state.last_events) != events:
            shown = [e.to_dict() for e in events]  # else the state's events are the move's
        answer["events"] = shown
        return answer

    def _undo(self, request: dict[str, Any]) -> dict[str, Any]:
        count = _field(request, "count", int, 1)
        if count < 1:
            raise RequestError("bad-request", "field 'count' must be at least 1")
        state = self._game()
        self._view(request, state)
        state.undo(count)
        self._version += 1
        return self._state_answer(request, state)

    def _state(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._state_answer(request, self._game())

    def _save_record(self, request: dict[str, Any]) -> dict[str, Any]:
        from carcassonne.record import dump_record

        return _save(dump_record(self._game()), request)

    def _save_position(self, request: dict[str, Any]) -> dict[str, Any]:
        from carcassonne.position import dump_position

        return _save(dump_position(self._game()), request)

    def _board_svg(self, request: dict[str, Any]) -> dict[str, Any]:
        """The board as SVG (docs/pictures.md), for a player's view when ``player`` is given:
        legal moves are marked only when the game waits on that player."""
        state = self._game()
        player, _ = self._view(request, state)
        highlight = _field(request, "highlight", bool, True)
        coordinates = _field(request, "coordinates", bool, True)
        picture = svg.board(
            state,
            player_view=player,
            highlight="legal" if highlight else None,
            coordinates=coordinates,
        )
        return {"svg": str(picture)}

    def _quit(self, request: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {"bye": True}


#: ``dumps`` of one piece of a state (:meth:`Server.answer_text`): the same encoder, made once
#: (``json.dumps`` with options makes one per call, which costs more than a small piece's text).
_piece_text = text_encoder(", ", ": ")
#: the encoder and separators of :meth:`JsonView.text` and ``changes_text`` for an answer
_PIECES = (_piece_text, ", ", ": ")


def _text_of(answer: dict[str, Any], key: str, text: str) -> str:
    """``dumps(answer)`` where the text of ``answer[key]`` is ``text`` (made from kept
    pieces): the other keys written as ``dumps`` writes them, in sorted order."""
    parts = [
        f"{_piece_text(name)}: {text if name == key else _piece_text(answer[name])}"
        for name in sorted(answer)
    ]
    return "{" + ", ".join(parts) + "}"


def _read_back(text: str) -> dict[str, Any]:
    """An answer's text as data (:meth:`Server.handle_line`)."""
    answer: dict[str, Any] = json.loads(text)
    return answer


def _kept(key: str, fields: list[str]) -> bool:
    """Whether a key of ``changes`` is one of the state keys a request's ``fields`` lists."""
    if key == "removed_features":
        return "features" in fields
    if key == "removed_tiles":
        return "tiles" in fields
    return key in fields


def _load(loader: Callable[..., GameState], source: str, is_text: bool) -> GameState:
    if not is_text:
        try:
            source = read_text(Path(source))
        except FileError as exc:
            raise RequestError("io", str(exc)) from None
    return loader(source, text=True)


def _save(text: str, request: dict[str, Any]) -> dict[str, Any]:
    path = _field(request, "path", str, None)
    if path is None:
        return {"text": text}
    try:
        write_atomic(path, text)
    except FileError as exc:
        raise RequestError("io", str(exc)) from None
    return {"path": path}


def _error_type(exc: CarcassonneError) -> str:
    """The protocol's error type of a deliberate error (``ERROR_TYPES``). The modules of the
    formats are imported when an error needs them, as the operations that load them do."""
    from carcassonne.local_plugins import PluginLoadError
    from carcassonne.notation import NotationError
    from carcassonne.position import PositionError
    from carcassonne.record import RecordError
    from carcassonne.tileset.errors import TileSetError

    types: tuple[tuple[type[CarcassonneError] | tuple[type[CarcassonneError], ...], str], ...] = (
        (RecordError, "bad-record"),
        (PositionError, "bad-position"),
        ((NotationError, ActionFormatError), "bad-action"),
        (FileError, "io"),
        ((PluginError, PluginLoadError, TileSetError), "plugin"),
    )
    for classes, type_ in types:
        if isinstance(exc, classes):
            return type_
    return "error"


def _error(rid: Any, type_: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"type": type_, "message": message, **extra}}


def serve_stdio(plugins: Sequence[tuple[str, object]] = ()) -> int:
    """Run the server on this process's stdin and stdout (UTF-8, one JSON object per line);
    ``plugins``: extra plugin objects for every game."""
    # newline="\n": only LF ends a request, so a raw CR inside a line cannot split it in two
    tune_gc()  # a long-running process: full collections were a tenth of an apply
    stdin = open(  # noqa: SIM115
        sys.stdin.fileno(), encoding="utf-8", errors="replace", newline="\n", closefd=False
    )
    return Server(plugins).serve(stdin, sys.stdout)
