"""A grid of characters with a style per character, printed as plain text or with ANSI codes.

The play screen is drawn on a canvas first and printed in one go, so the same drawing serves a
colour terminal, a terminal with ``NO_COLOR`` set (bold and underline only, no colour) and a
pipe (plain text): only :meth:`Canvas.text` knows the difference.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import IO

#: SGR codes of each style with colour; styles missing here are plain.
COLOUR_SGR = {
    "key": "1;36",
    "title": "1",
    "dim": "2",
    "warn": "1;31",
    "red": "31",
    "blue": "34",
    "yellow": "33",
    "green": "32",
    "black": "90",
    "pink": "35",
    "neutral": "7",
}
#: Without colour (``NO_COLOR``) only attributes remain.
MONO_SGR = {"key": "1", "title": "1", "warn": "1", "neutral": "7"}
#: What marks a line cut to the screen's width (``...`` where the output cannot encode it).
ELLIPSIS = "\u2026"
#: A ``last:<colour>`` style marks the latest tile of a player: bold in the player's colour,
#: underlined without colour.
LAST_PREFIX = "last:"


@dataclass(frozen=True)
class Look:
    """How output is shown: ``ansi`` (a terminal) and ``colour`` (ANSI colours allowed)."""

    ansi: bool = False
    colour: bool = False
    #: What marks a cut line: the ellipsis character, or ``...`` for an output that cannot
    #: encode it.
    ellipsis: str = ELLIPSIS

    @classmethod
    def of(cls, stream: IO[str]) -> Look:
        """A terminal gets ANSI attributes, and colours unless ``NO_COLOR`` is set (any
        non-empty value, https://no-color.org) or ``TERM=dumb``; a pipe gets plain text."""
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        try:
            ELLIPSIS.encode(getattr(stream, "encoding", None) or "utf-8")
            ellipsis = ELLIPSIS
        except (UnicodeEncodeError, LookupError):
            ellipsis = "..."
        if not tty or os.environ.get("TERM") == "dumb":
            return cls(False, False, ellipsis)
        return cls(True, not os.environ.get("NO_COLOR"), ellipsis)

    def sgr(self, style: str) -> str:
        if not self.ansi or not style:
            return ""
        if style.startswith(LAST_PREFIX):
            colour = COLOUR_SGR.get(style[len(LAST_PREFIX) :], "")
            return f"1;4;{colour}" if self.colour and colour else "4"
        table = COLOUR_SGR if self.colour else MONO_SGR
        return table.get(style, "")


class Canvas:
    """``height`` rows of ``width`` characters; writes outside are clipped."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, row: int, col: int, text: str, style: str = "") -> None:
        if not 0 <= row < self.height:
            return
        for i, char in enumerate(text):
            c = col + i
            if 0 <= c < self.width:
                self.chars[row][c] = char
                self.styles[row][c] = style

    def style(self, row: int, col: int, width: int, style: str) -> None:
        """Restyle ``width`` characters without changing them."""
        if 0 <= row < self.height:
            for c in range(max(col, 0), min(col + width, self.width)):
                self.styles[row][c] = style

    def paste(self, other: Canvas, row: int, col: int) -> None:
        for r in range(other.height):
            for c in range(other.width):
                if 0 <= row + r < self.height and 0 <= col + c < self.width:
                    self.chars[row + r][col + c] = other.chars[r][c]
                    self.styles[row + r][col + c] = other.styles[r][c]

    def text(self, look: Look = Look()) -> str:
        """The rows, right-stripped, with ANSI codes where ``look`` allows them."""
        lines = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            end = len("".join(chars).rstrip())
            out = []
            current = ""
            for char, style in zip(chars[:end], styles[:end], strict=True):
                code = look.sgr(style)
                if code != current:
                    out.append("\x1b[0m" if current else "")
                    out.append(f"\x1b[{code}m" if code else "")
                    current = code
                out.append(char)
            if current:
                out.append("\x1b[0m")
            lines.append("".join(out))
        return "\n".join(lines)


def lines_canvas(lines: list[tuple[str, str]], width: int) -> Canvas:
    """A canvas of text lines, each with one style."""
    canvas = Canvas(width, len(lines))
    for row, (text, style) in enumerate(lines):
        canvas.put(row, 0, text, style)
    return canvas
