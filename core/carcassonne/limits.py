"""The limits every input surface enforces, defined once (documented in docs/limits.md).

Files and requests come from anywhere: a fuzzer, a broken front end, a hand-edited save. Each
reader checks sizes against these numbers before doing work proportional to them, so that a bad
input is refused quickly with a located message instead of exhausting time, memory or the
stack. Player names follow one rule (:func:`name_problem`) that every format can write and read
back.
"""

from __future__ import annotations

#: Characters in a file the engine reads (records, positions, tile sets).
MAX_FILE_CHARS = 4_000_000
#: Characters in one line of such a file.
MAX_LINE_CHARS = 10_000
#: Characters in one protocol request line (it may carry a whole record as text).
MAX_REQUEST_CHARS = 8_000_000
#: Digits in a number literal of a file or request (checked before any conversion).
MAX_NUMBER_DIGITS = 30
#: Whole numbers in files and requests are 64-bit (as TOML defines them).
MIN_INT = -(2**63)
MAX_INT = 2**63 - 1
#: Digits of a number in the action notation (coordinates, rotations, counts).
MAX_NOTATION_DIGITS = 9
#: Nesting of arrays and tables (TOML) or lists and objects (JSON).
MAX_NESTING = 32
#: Scores and turn numbers in a position (far beyond any real game).
MAX_SCORE = 1_000_000
MAX_TURN = 1_000_000
#: Characters in a player name.
MAX_NAME_CHARS = 40


def int_in_range(value: int) -> bool:
    return MIN_INT <= value <= MAX_INT


def whole_number(text: str, max_digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """``text`` as a whole number when it is one, else None: an optional ``-`` and 1 to
    ``max_digits`` ASCII digits, nothing else.

    The one way every reader turns text into a number (URL parts and query parameters of the
    server, attributes and keys of files): ``str.isdigit`` and ``int`` also take other
    digits (``²`` passes ``isdigit`` and fails ``int``; ``١٢`` passes both) and ``int``
    refuses more than 4,300 digits with a bare ``ValueError``, so neither is used alone.
    """
    digits = text[1:] if text.startswith("-") else text
    if not 1 <= len(digits) <= max_digits or not (digits.isascii() and digits.isdigit()):
        return None
    return int(text)


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or None when it can.

    The rule: text of 1 to ``MAX_NAME_CHARS`` printable characters (letters, digits, marks,
    punctuation, symbols and the plain space: no control characters, line or paragraph
    separators, other white space or lone surrogates), not starting or ending with a space.
    Records and positions write names inside TOML strings and in comment lines, so any name
    that passes is written on one line and read back unchanged.
    """
    if not isinstance(name, str):
        return f"a player name must be text, not {type(name).__name__}"
    if not name:
        return "a player name cannot be empty"
    if len(name) > MAX_NAME_CHARS:
        return f"a player name has at most {MAX_NAME_CHARS} characters, not {len(name)}"
    if not name.isprintable():
        bad = next(c for c in name if not c.isprintable())
        return (
            f"a player name cannot contain the character U+{ord(bad):04X} "
            "(control characters, line breaks and white space other than the space are refused)"
        )
    if name != name.strip(" "):
        return f"a player name cannot start or end with a space: {name!r}"
    return None
