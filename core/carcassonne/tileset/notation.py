"""The edge notation of a tile's ``features`` string: parsing (Lark) and canonical writing.

The grammar lives in ``grammar/tiles.lark`` (package ``carcassonne.grammar``). It knows neither
feature kinds nor location names; :mod:`carcassonne.tileset.loader` checks those. This module
only turns text into :class:`RawFeature` records with offsets into the text, and turns Lark's
errors into messages in the user's words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from carcassonne.geometry import HALF_INDEX, HALVES, SIDE_INDEX, SIDES
from carcassonne.limits import MAX_NUMBER_DIGITS, whole_number

#: Names of the inner field pockets (touching no edge), in canonical order.
INNER: tuple[str, ...] = ("I", "II")

LOCATION_WORDS = "a side (N E S W), a half-edge (NL NR EL ER SL SR WL WR) or an inner pocket (I II)"


@dataclass
class RawFeature:
    """One feature as written, with offsets into the notation text (for messages)."""

    kind: str
    offset: int
    #: (name, offset) of each location before ``->``.
    locations: list[tuple[str, int]] = field(default_factory=list)
    #: (name, offset) of each location after ``shares``.
    shared: list[tuple[str, int]] = field(default_factory=list)
    #: (name, value, offset) of each ``name=value`` attribute.
    attrs: list[tuple[str, int, int]] = field(default_factory=list)
    #: (name, offset) of each location after ``->``.
    borders: list[tuple[str, int]] = field(default_factory=list)


@functools.cache
def _parser() -> Lark:
    grammar = resources.files("carcassonne.grammar").joinpath("tiles.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", start="start")


def location_type(name: str) -> str | None:
    """``"side"``, ``"half"``, ``"inner"`` or None for an unknown name."""
    if name in SIDE_INDEX:
        return "side"
    if name in HALF_INDEX:
        return "half"
    if name in INNER:
        return "inner"
    return None


def _describe_expected(expected: set[str], kinds: list[str]) -> str:
    words = []
    if "KIND" in expected:  # a new feature: an empty one is no option worth naming
        expected = expected - {"_SEP", "$END"}
    if "KIND" in expected:
        known = ", ".join(kinds) if kinds else "city, road, field, monastery"
        words.append(f"a feature kind ({known})")
    if "LOCATION" in expected:
        words.append(LOCATION_WORDS)
    if "NAME" in expected:
        words.append("an attribute (name=number, e.g. shields=1)")
    if "EQUALS" in expected:
        words.append("'=' after the attribute name")
    if "INT" in expected:
        words.append("a whole number")
    if "SHARES" in expected:
        words.append("'shares' and the sides shared with another feature")
    if "ARROW" in expected:
        words.append("'->' followed by the locations of the bordered features")
    if "_SEP" in expected or "$END" in expected:
        words.append("the end of the feature (a new line or ';')")
    if not words:  # pragma: no cover - every terminal of the grammar is named above
        words = sorted(expected)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _found(token: Token) -> str:
    if token.type == "$END":
        return "the end of the line"
    if token.type == "_SEP":
        return "the end of the feature" if token.value == ";" else "the end of the line"
    return f"'{token.value}'"


def _error_message(err: UnexpectedInput, kinds: list[str]) -> str:
    if isinstance(err, UnexpectedToken):
        expected = set(err.accepts or err.expected)
        return f"expected {_describe_expected(expected, kinds)}, found {_found(err.token)}"
    if isinstance(err, UnexpectedCharacters):
        expected = set(err.allowed or ())
        return f"unexpected character '{err.char}': expected {_describe_expected(expected, kinds)}"
    if isinstance(err, UnexpectedEOF):  # pragma: no cover - LALR reports $END as a token
        return f"expected {_describe_expected(set(err.expected), kinds)}, found the end"
    return str(err)  # pragma: no cover


def _split_lines(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` with their offsets (each parsed on its own so that every syntax
    error of a tile is reported, not only the first)."""
    out = []
    start = 0
    for line in text.split("\n"):
        out.append((start, line))
        start += len(line) + 1
    return out


def parse_notation(
    text: str, kinds: list[str] | None = None
) -> tuple[list[RawFeature], list[tuple[int, str]]]:
    """Parse a features string. Returns the features and the syntax errors as (offset, message).

    ``kinds`` only serves the messages ("expected a feature kind (city, field, ...)").
    """
    kinds = kinds or []
    features: list[RawFeature] = []
    errors: list[tuple[int, str]] = []
    parser = _parser()
    for start, line in _split_lines(text):
        if not line.strip():
            continue
        try:
            tree = parser.parse(line)
        except UnexpectedInput as err:
            pos = getattr(err, "pos_in_stream", None)
            token = getattr(err, "token", None)
            if isinstance(token, Token) and token.type == "$END":
                pos = token.end_pos if token.end_pos is not None else len(line)
            elif isinstance(token, Token) and token.start_pos is not None:
                pos = token.start_pos
            if pos is None or pos < 0:
                pos = len(line)
            errors.append((start + pos, _error_message(err, kinds)))
            continue
        for node in tree.children:
            if isinstance(node, Tree) and node.data == "feature":
                features.append(_feature(node, start, errors))
    return features, errors


def _feature(node: Tree, base: int, errors: list[tuple[int, str]]) -> RawFeature:
    kind_tok = node.children[0]
    assert isinstance(kind_tok, Token)
    feat = RawFeature(kind=str(kind_tok), offset=base + (kind_tok.start_pos or 0))
    for child in node.children[1:]:
        assert isinstance(child, Tree)
        if child.data == "location":
            tok = child.children[0]
            assert isinstance(tok, Token)
            feat.locations.append((str(tok), base + (tok.start_pos or 0)))
        elif child.data == "attribute":
            name, _eq, value = child.children
            assert isinstance(name, Token) and isinstance(value, Token)
            number = whole_number(str(value))
            if number is None:  # the grammar takes only ASCII digits: too many of them
                at = base + (value.start_pos or 0)
                errors.append((at, f"a number has at most {MAX_NUMBER_DIGITS} digits"))
                continue
            feat.attrs.append((str(name), number, base + (name.start_pos or 0)))
        elif child.data in ("border", "shared"):
            into = feat.borders if child.data == "border" else feat.shared
            for loc in child.children[1:]:
                assert isinstance(loc, Tree)
                tok = loc.children[0]
                assert isinstance(tok, Token)
                into.append((str(tok), base + (tok.start_pos or 0)))
    return feat


def canonical_locations(
    sides: tuple[int, ...], halves: tuple[int, ...], inner: tuple[str, ...]
) -> list[str]:
    """Location names in canonical order: sides N E S W, then half-edges clockwise from NL,
    then inner pockets."""
    return (
        [SIDES[s] for s in sorted(sides)]
        + [HALVES[h] for h in sorted(halves)]
        + [i for i in INNER if i in inner]
        + sorted(i for i in inner if i not in INNER)
    )
