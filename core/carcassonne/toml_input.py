"""Reading TOML from untrusted text (records, positions, tile sets) within documented limits.

``tomllib`` reads any size of number (and fails with a bare ``ValueError`` past 4,300 digits)
and recurses once per level of nesting (``RecursionError`` deep down). :func:`load_toml` checks
the text first — its size, its line lengths, the digits of each number literal and the depth of
arrays and inline tables — so that each of these problems is an :class:`InputProblem` with a
line and a column, then parses, then checks that whole numbers are 64-bit and tables are not
nested too deeply through dotted keys.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from carcassonne.errors import CarcassonneError
from carcassonne.limits import (
    MAX_FILE_CHARS,
    MAX_LINE_CHARS,
    MAX_NESTING,
    MAX_NUMBER_DIGITS,
    int_in_range,
)


class InputProblem(CarcassonneError):
    """Text that breaks a limit or is not valid TOML, at ``line`` and ``column`` (1-based)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)")


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters escaped, for messages."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def check_text(text: str) -> None:
    """Size, line lengths, number literals and nesting of a TOML text, before parsing."""
    if len(text) > MAX_FILE_CHARS:
        raise InputProblem(1, 1, f"the text is longer than {MAX_FILE_CHARS} characters")
    line = 1
    start = 0  # offset of the current line
    depth = 0
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            if i - start > MAX_LINE_CHARS:
                raise InputProblem(line, MAX_LINE_CHARS + 1, _long_line())
            line += 1
            start = i + 1
            i += 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'":
            delim = text[i : i + 3] if text.startswith(c * 3, i) else c
            j = i + len(delim)
            while j < n and not text.startswith(delim, j):
                if text[j] == "\\" and c == '"':
                    j += 1
                elif text[j] == "\n":
                    if len(delim) == 1:
                        break
                    if j - start > MAX_LINE_CHARS:
                        raise InputProblem(line, MAX_LINE_CHARS + 1, _long_line())
                    line += 1
                    start = j + 1
                j += 1
            i = j + len(delim) if j < n and text.startswith(delim, j) else j
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise InputProblem(
                    line, i - start + 1, f"arrays and tables nest deeper than {MAX_NESTING} levels"
                )
            i += 1
        elif c in "]}":
            depth = max(depth - 1, 0)
            i += 1
        elif c.isdigit():
            j = i
            while j < n and (text[j].isdigit() or text[j] == "_"):
                j += 1
            digits = sum(1 for ch in text[i:j] if ch != "_")
            if digits > MAX_NUMBER_DIGITS:
                raise InputProblem(
                    line, i - start + 1, f"a number has more than {MAX_NUMBER_DIGITS} digits"
                )
            i = j
        else:
            i += 1
    if n - start > MAX_LINE_CHARS:
        raise InputProblem(line, MAX_LINE_CHARS + 1, _long_line())


def _long_line() -> str:
    return f"the line is longer than {MAX_LINE_CHARS} characters"


def load_toml(text: str) -> dict[str, Any]:
    """The TOML document of ``text``, or :class:`InputProblem` with a line and a column."""
    check_text(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.search(message)
        if found:
            line, column = int(found.group(1)), int(found.group(2))
        else:
            line = text.count("\n") + 1
            column = len(text) - text.rfind("\n")
        message = _TOML_POSITION.sub("", message).replace(" (at end of document)", "").strip()
        raise InputProblem(line, column, f"not valid TOML: {message}") from None
    except (ValueError, RecursionError) as exc:  # pragma: no cover - check_text stops these
        raise InputProblem(1, 1, f"not valid TOML: {exc}") from None
    _check_values(data, text)
    return data


def _check_values(data: dict[str, Any], text: str) -> None:
    """Whole numbers within 64 bits, tables not nested too deeply (dotted keys)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_NESTING:
            line = key_line(text, path[0])
            raise InputProblem(
                line, 1, f"{'.'.join(path[:3])}...: tables nest deeper than {MAX_NESTING} levels"
            )
        if isinstance(value, dict):
            stack.extend((v, (*path, str(k))) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, (*path, f"[{i}]")) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and not int_in_range(value):
            line = key_line(text, path[0]) if path else 1
            raise InputProblem(
                line, 1, f"{'.'.join(path)}: a whole number must fit in 64 bits (TOML)"
            )


def key_position(text: str, key: str) -> tuple[int, int]:
    """Line and column (1-based) where the top-level ``key`` is first set (see
    :func:`key_line`); ``(1, 1)`` when nothing sets it."""
    pattern = re.compile(
        rf"^([ \t]*)(\[\[?[ \t]*{re.escape(key)}[ \t]*[.\]]|{re.escape(key)}[ \t]*[.=])", re.M
    )
    found = pattern.search(text)
    if not found:
        return 1, 1
    return text.count("\n", 0, found.start()) + 1, len(found.group(1)) + 1


def key_line(text: str, key: str) -> int:
    """The first line that sets the top-level ``key`` (``key = ...``, ``key.sub = ...``,
    ``[key]`` or ``[key.sub]``), 1 when none does (for messages)."""
    pattern = re.compile(
        rf"^[ \t]*(\[\[?[ \t]*{re.escape(key)}[ \t]*[.\]]|{re.escape(key)}[ \t]*[.=])", re.M
    )
    found = pattern.search(text)
    return text.count("\n", 0, found.start()) + 1 if found else 1
