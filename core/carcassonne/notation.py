"""Action notation: every action as a short line of text, and back.

``tile BA/RFr 1,-2 r90``, ``figure meeple 1,-2 N``, ``draw``, ``pass``: a verb followed by its
arguments (docs/notation.md). The Lark grammar (``grammar/actions.lark``) only splits a text into
a verb and typed tokens; which arguments a verb takes comes from the action class itself: its
named-tuple fields, in order, with their types. That is what lets an expansion add an action
(``abbot-return 0,1 monastery``) through the ``carcassonne_action_types`` hook without touching
the grammar or this module.

How fields read and write:

* a field ``x`` directly followed by a field ``y`` (both ``int``) is one coordinate token
  ``x,y`` (``@(x,y)`` and ``(x,y)`` are accepted too);
* an ``int`` field named ``rotation`` is ``r0``/``r90``/``r180``/``r270`` (a bare number is
  accepted on input);
* other ``int`` fields are whole numbers, ``bool`` fields ``yes``/``no``;
* ``str`` fields are words; a field named ``tile`` resolves aliases (``D`` -> ``BA/RCr``), one
  named ``figure`` must be a figure kind of the game and one named ``location`` a feature
  location name.
"""

from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from carcassonne.actions import (
    CORE_ACTIONS,
    TypedAction,
    action_fields,
    field_types,
    register_text_writer,
)
from carcassonne.errors import CarcassonneError
from carcassonne.geometry import CORNERS, HALVES, ROTATIONS, SIDES
from carcassonne.limits import MAX_LINE_CHARS, MAX_NOTATION_DIGITS

if TYPE_CHECKING:
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput

#: Names of inner field pockets (touching no edge).
INNER = ("I", "II")


class NotationError(CarcassonneError):
    """A text is not an action. ``column`` (1-based) is where reading failed; ``message`` says
    what was expected there."""

    def __init__(self, text: str, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.text = text
        self.column = column
        self.message = message


@functools.cache
def _parser() -> Lark:
    """The grammar's parser, built when a text is first read: Lark is imported only then, so
    that ``import carcassonne`` and ``carcassonne --help`` do not pay for it (issue 34)."""
    from importlib import resources

    from lark import Lark

    grammar = resources.files("carcassonne.grammar").joinpath("actions.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", start="start")


# ---------------------------------------------------------------------------------------------
# Argument slots derived from an action class's fields


@dataclass(frozen=True)
class _Slot:
    """One argument token of a verb: which fields it fills and how it reads."""

    kind: str  # "coord", "rotation", "int", "bool", "str"
    fields: tuple[str, ...]
    optional: bool


# Per action type. A dict rather than functools.cache, whose Hashable arguments mypy does not
# accept class objects for (python/mypy#20409).
_SLOTS: dict[type[TypedAction], tuple[_Slot, ...]] = {}


def _slots(cls: type[TypedAction]) -> tuple[_Slot, ...]:
    slots = _SLOTS.get(cls)
    if slots is None:
        slots = _SLOTS[cls] = _make_slots(cls)
    return slots


def _make_slots(cls: type[TypedAction]) -> tuple[_Slot, ...]:
    fields = action_fields(cls)
    types = field_types(cls)
    defaults = getattr(cls, "_field_defaults", {})
    slots = []
    i = 0
    while i < len(fields):
        name = fields[i]
        kind = types[name]
        if name == "x" and i + 1 < len(fields) and fields[i + 1] == "y" and kind == "int":
            slots.append(_Slot("coord", ("x", "y"), "x" in defaults))
            i += 2
            continue
        if kind == "int":
            slot_kind = "rotation" if name == "rotation" else "int"
        elif kind in ("str", "bool"):
            slot_kind = kind
        else:
            raise TypeError(
                f"action {cls.__name__}: field {name!r} of type {kind} has no notation "
                "(use int, str or bool)"
            )
        slots.append(_Slot(slot_kind, (name,), name in defaults))
        i += 1
    return tuple(slots)


# ---------------------------------------------------------------------------------------------
# Writing


def _word(value: str, field: str) -> str:
    if value in _WORDS:
        return value
    if not value or any(c.isspace() for c in value) or value.startswith("#"):
        raise NotationError(value, 1, f"the {field} {value!r} cannot be written as one word")
    if len(_WORDS) < _WORDS_KEPT:
        _WORDS.add(value)
    return value


#: Words already found writable (tile ids, figure kinds, locations): checked once each.
_WORDS: set[str] = set()
_WORDS_KEPT = 10_000

#: How each action type is written: a format, the fields it takes, which of them are words
#: (checked with :func:`_word`); ``None`` for a type with a yes/no field (written slot by slot).
_WRITERS: dict[type[TypedAction], tuple[str, tuple[str, ...], tuple[int, ...]] | None] = {}


def _writer(cls: type[TypedAction]) -> tuple[str, tuple[str, ...], tuple[int, ...]] | None:
    parts = [cls.verb.replace("{", "{{").replace("}", "}}")]
    fields: list[str] = []
    words: list[int] = []
    for slot in _slots(cls):
        if slot.kind == "bool":
            return None
        if slot.kind == "coord":
            parts.append("{},{}")
        elif slot.kind == "rotation":
            parts.append("r{}")
        else:
            if slot.kind != "int":
                words.append(len(fields))
            parts.append("{}")
        fields.extend(slot.fields)
    return " ".join(parts), tuple(fields), tuple(words)


def action_to_text(action: Any) -> str:
    """The notation of an action: ``tile BA/RFr 1,-2 r90``, ``figure meeple 1,-2 N``, ...

    Front ends receive the text of every legal action after every move, so it is written
    with a format made once per action type (:func:`_writer`)."""
    cls = type(action)
    if cls in _WRITERS:
        plan = _WRITERS[cls]
    else:
        plan = _WRITERS[cls] = _writer(cls)
    if plan is None:
        return _slot_by_slot(action)
    form, fields, words = plan
    values = [getattr(action, name) for name in fields]
    for i in words:
        values[i] = _word(str(values[i]), fields[i])
    return form.format(*values)


def _slot_by_slot(action: Any) -> str:
    parts = [action.verb]
    for slot in _slots(type(action)):
        values = [getattr(action, f) for f in slot.fields]
        if slot.kind == "coord":
            parts.append(f"{values[0]},{values[1]}")
        elif slot.kind == "rotation":
            parts.append(f"r{values[0]}")
        elif slot.kind == "int":
            parts.append(str(values[0]))
        elif slot.kind == "bool":
            parts.append("yes" if values[0] else "no")
        else:
            parts.append(_word(str(values[0]), slot.fields[0]))
    return " ".join(parts)


register_text_writer(action_to_text)


# ---------------------------------------------------------------------------------------------
# Reading


class _Vocabulary:
    """What one game configuration accepts: verbs, figure kinds, location names, tiles."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self.verbs: dict[str, type[TypedAction]] = {}
        for cls in (*CORE_ACTIONS, *config.action_types):
            self.verbs.setdefault(cls.verb, cls)
        self.figures = tuple(config.figure_kinds)
        centres = sorted(k.name for k in config.kinds.values() if k.placement == "center")
        self.locations = frozenset((*SIDES, *HALVES, *CORNERS, *INNER, *centres))
        self.centres = tuple(centres)

    def verb_list(self) -> str:
        return ", ".join(sorted(self.verbs))

    def expected(self, slot: _Slot) -> str:
        """What a slot expects, in the user's words."""
        if slot.kind == "coord":
            return "coordinates x,y (e.g. 1,-2)"
        if slot.kind == "rotation":
            return "a rotation (r0, r90, r180 or r270)"
        if slot.kind == "int":
            return f"a whole number ({slot.fields[0]})"
        if slot.kind == "bool":
            return f"yes or no ({slot.fields[0]})"
        name = slot.fields[0]
        if name == "tile":
            return "a tile id (e.g. BA/RCr, or its letter D)"
        if name == "figure":
            return f"a figure kind ({', '.join(self.figures)})"
        if name == "location":
            names = ", ".join(self.centres)
            return (
                "a feature location (a side N E S W, a half-edge NL NR EL ER SL SR WL WR, "
                f"a corner NW NE SE SW, an inner pocket I II, or a name: {names})"
            )
        return f"a word ({name})"


_VOCABULARIES: weakref.WeakKeyDictionary[Any, _Vocabulary] = weakref.WeakKeyDictionary()


def _vocabulary(config: Any) -> _Vocabulary:
    vocab = _VOCABULARIES.get(config)
    if vocab is None:
        vocab = _VOCABULARIES[config] = _Vocabulary(config)
    return vocab


def _found(text: str, column: int) -> str:
    rest = text[column - 1 :].split()
    return repr(rest[0]) if rest else "the end of the text"


def _tokens(text: str, vocab: _Vocabulary) -> list[Token]:
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        column = _column_of(exc, text)
        raise NotationError(
            text,
            column,
            f"expected an action ({vocab.verb_list()}), found {_found(text, column)}",
        ) from None
    return list(tree.children)  # type: ignore[arg-type]


def _column_of(exc: UnexpectedInput, text: str) -> int:
    """1-based offset into the text (a multi-line text counts as one line)."""
    from lark.exceptions import UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        return len(text.split("#", 1)[0].rstrip()) + 1
    return (exc.pos_in_stream or 0) + 1


def action_from_text(text: str, state_or_config: Any) -> Any:
    """Read one action. ``state_or_config``: a ``GameState`` or ``GameConfig`` (for the verbs
    of its expansions, its figure kinds and tile aliases). Raises :class:`NotationError`.

    Only the form is checked here; whether the action is legal is ``state.apply``'s business.
    """
    config = getattr(state_or_config, "config", state_or_config)
    vocab = _vocabulary(config)
    if not isinstance(text, str):
        raise NotationError(str(text), 1, f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_LINE_CHARS:
        raise NotationError(
            text[:40], MAX_LINE_CHARS + 1, f"an action has at most {MAX_LINE_CHARS} characters"
        )
    tokens = _tokens(text, vocab)
    verb_token, args = tokens[0], tokens[1:]
    cls = vocab.verbs.get(str(verb_token))
    if cls is None:
        raise NotationError(
            text,
            (verb_token.start_pos or 0) + 1,
            f"unknown action {str(verb_token)!r} (expected one of {vocab.verb_list()})",
        )
    values: dict[str, Any] = {}
    slots = _slots(cls)
    for index, slot in enumerate(slots):
        if index >= len(args):
            if slot.optional:
                break
            column = len(text.split("#", 1)[0].rstrip()) + 1
            raise NotationError(
                text,
                column,
                f"expected {vocab.expected(slot)} after {_so_far(cls, index)}, "
                "found the end of the text",
            )
        values.update(_read(text, args[index], slot, vocab))
    if len(args) > len(slots):
        extra = args[len(slots)]
        raise NotationError(
            text,
            (extra.start_pos or 0) + 1,
            f"expected the end of the {cls.verb!r} action, found {str(extra)!r}",
        )
    return cls(**values)


def _so_far(cls: type[TypedAction], index: int) -> str:
    if index == 0:
        return f"{cls.verb!r}"
    previous = _slots(cls)[index - 1]
    return "the coordinates" if previous.kind == "coord" else f"the {previous.fields[0]}"


def _read(text: str, token: Token, slot: _Slot, vocab: _Vocabulary) -> dict[str, Any]:
    value = str(token)
    column = (token.start_pos or 0) + 1

    def fail(message: str | None = None) -> NotationError:
        return NotationError(
            text, column, message or f"expected {vocab.expected(slot)}, found {value!r}"
        )

    def number(digits: str) -> int:
        if len(digits.lstrip("+-")) > MAX_NOTATION_DIGITS:
            raise fail(
                f"a number has at most {MAX_NOTATION_DIGITS} digits, found {value[:20]!r}..."
            )
        return int(digits)

    kind = slot.kind
    if kind == "coord":
        if token.type != "COORD":
            raise fail()
        x, y = value.lstrip("@").strip("()").split(",")
        return {"x": number(x), "y": number(y)}
    if kind == "rotation":
        if token.type not in ("ROTATION", "NUMBER"):
            raise fail()
        degrees = number(value.lstrip("r"))
        if degrees not in ROTATIONS:
            raise fail(f"a rotation must be r0, r90, r180 or r270, not {value!r}")
        return {slot.fields[0]: degrees}
    if kind == "int":
        if token.type != "NUMBER":
            raise fail()
        return {slot.fields[0]: number(value)}
    if kind == "bool":
        if value not in ("yes", "no"):
            raise fail()
        return {slot.fields[0]: value == "yes"}
    if token.type == "COORD":  # numbers are words here: a tile set may number its tiles
        raise fail()
    name = slot.fields[0]
    if name == "tile":
        try:
            return {name: vocab.config.resolve_tile(value)}
        except CarcassonneError:
            raise fail(f"unknown tile {value!r}: expected {vocab.expected(slot)}") from None
    if name == "figure" and value not in vocab.figures:
        raise fail(f"unknown figure kind {value!r}: expected {vocab.expected(slot)}")
    if name == "location" and value not in vocab.locations:
        raise fail(f"unknown location {value!r}: expected {vocab.expected(slot)}")
    return {name: value}
