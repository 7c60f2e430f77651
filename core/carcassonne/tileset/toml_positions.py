"""Where each table and key of a tile-set file's TOML text is (tomllib gives no positions):
what the loader's problems are located by (line and column), down to a character of the
``features`` string.

Part of the loader (:mod:`carcassonne.tileset.loader`); imports nothing of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class _Table:
    line: int
    column: int
    #: key -> (line, column, absolute offset of the value)
    keys: dict[str, tuple[int, int, int]] = field(default_factory=dict)


@dataclass
class _Positions:
    text: str
    line_starts: list[int]
    root: _Table
    set_table: _Table | None
    tiles: list[_Table]
    others: list[tuple[str, int, int]]  # unexpected table headers: (name, line, column)

    def linecol(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:  # last line start <= offset
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.line_starts[lo] + 1


#: one part of a dotted key: bare, "basic" or 'literal'
_PART = r"(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')"
_PART_RE = re.compile(_PART)
_HEADER_RE = re.compile(rf"\s*(\[\[?)\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]\]?")
# a key, possibly dotted (``features.x = ...``): located by its first part
_KEY_RE = re.compile(
    r"\s*([A-Za-z0-9_-]+)(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*'))*\s*=\s*"
)


def _string_end(text: str, start: int, delim: str) -> int:
    """Offset just after the string that opens at ``start`` with ``delim``."""
    i = start + len(delim)
    basic = delim[0] == '"'
    while i < len(text):
        if basic and text[i] == "\\":
            i += 2
            continue
        if text.startswith(delim, i):
            j = i + len(delim)
            while j < len(text) and text[j] == delim[0] and j - i < len(delim) + 2:
                j += 1
            return j
        if len(delim) == 1 and text[i] == "\n":
            return i
        i += 1
    return len(text)


def _scan(text: str) -> _Positions:
    line_starts = [0]
    for m in re.finditer("\n", text):
        line_starts.append(m.end())
    root = _Table(1, 1)
    pos = _Positions(text, line_starts, root, None, [], [])
    current: _Table | None = root
    offset = 0
    lineno = 0
    while offset < len(text):
        lineno = pos.linecol(offset)[0]
        end = text.find("\n", offset)
        end = len(text) if end < 0 else end
        line = text[offset:end]
        next_offset = end + 1
        header = _HEADER_RE.match(line)
        key = _KEY_RE.match(line)
        if header and not key:
            name = header.group(2)
            column = header.start(1) + 1
            table = _Table(lineno, column)
            parts = list(_PART_RE.finditer(name))
            first = parts[0].group(0).strip("\"'")
            if header.group(1) == "[[" and name == "tile":
                pos.tiles.append(table)
            elif header.group(1) == "[" and name == "set":
                if pos.set_table is not None:  # keys seen in [set.x] headers before it
                    table.keys.update(pos.set_table.keys)
                pos.set_table = table
            elif header.group(1) == "[" and first == "set" and len(parts) > 1:
                # [set.x] or [set."x"]: the key x of [set], located where it is written
                if pos.set_table is None:
                    pos.set_table = _Table(lineno, column)
                sub = parts[1]
                where = (lineno, header.start(2) + sub.start() + 1, offset + header.end())
                pos.set_table.keys.setdefault(sub.group(0).strip("\"'"), where)
            else:
                pos.others.append((name, lineno, column))
            current = table
        elif key and current is not None:
            value = offset + key.end()
            current.keys.setdefault(key.group(1), (lineno, key.start(1) + 1, value))
            for delim in ('"""', "'''", '"', "'"):
                if text.startswith(delim, value):
                    string_end = _string_end(text, value, delim)
                    if string_end > end:  # a multi-line string: go on after its last line
                        nl = text.find("\n", string_end)
                        next_offset = len(text) if nl < 0 else nl + 1
                    break
        offset = next_offset
    return pos


_ESCAPES = {"b": 1, "t": 1, "n": 1, "f": 1, "r": 1, '"': 1, "\\": 1, "u": 5, "U": 9}


def _string_offsets(text: str, value: int, decoded: str) -> list[int] | None:
    """Absolute offset in ``text`` of each character of the TOML string that starts at
    ``value`` (plus one for the end), or None if it cannot be mapped exactly."""
    out: list[int] = []
    for delim in ('"""', "'''", '"', "'"):
        if text.startswith(delim, value):
            break
    else:
        return None
    basic = delim[0] == '"'
    i = value + len(delim)
    if len(delim) == 3:
        if text.startswith("\r\n", i):
            i += 2
        elif text.startswith("\n", i):
            i += 1
    while i < len(text):
        ch = text[i]
        if text.startswith(delim, i):
            extra = 0
            while text.startswith(delim[0], i + len(delim) + extra) and extra < 2:
                extra += 1
            out.extend(range(i, i + extra))
            out.append(i + extra)
            break
        if basic and ch == "\\":
            nxt = text[i + 1 : i + 2]
            if len(delim) == 3 and nxt in (" ", "\t", "\r", "\n"):
                j = i + 1
                while j < len(text) and text[j] in " \t\r\n":
                    j += 1
                i = j
                continue
            out.append(i)
            i += 1 + _ESCAPES.get(nxt, 1)
            continue
        if ch == "\r" and text.startswith("\r\n", i):
            out.append(i)
            i += 2
            continue
        out.append(i)
        i += 1
    if len(out) != len(decoded) + 1:
        return None
    return out
