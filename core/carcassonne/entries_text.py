"""The JSON text of a state's ``legal_actions``, from texts kept per entry and, for a tile's
placements, from a pattern per tile.

Why a module: after every move a front end is sent the legal actions (a tile's forty
placements, then its figures), and writing them was the largest piece of the text of a move
(issue 34): most placements of a drawn tile are new (a new square, another tile), so keeping
each entry's text is not enough. A placement's entry (``serialize.action_json`` of a
``PlaceTile``) differs from its tile's other placements only in three numbers, so its text is
the tile's pattern with those numbers put in, the pattern checked once per tile and encoder
against the encoder's own text of an entry.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, count, repeat
from operator import is_
from typing import Any

#: Writes one JSON value as text, keys sorted (``json.dumps`` with ``sort_keys``, orjson with
#: ``OPT_SORT_KEYS``).
Encode = Callable[[Any], str]
#: A tile's pattern (:func:`_pattern`): the texts between its numbers, or ``None`` where the
#: encoder writes its placements otherwise (then each is written whole).
_Pattern = tuple[str, str, str, str, str, str] | None


def entries_text(entries: list[Any], encode: Encode, comma: str, colon: str) -> str:
    """The text ``encode`` writes for ``entries`` (``action_json`` entries), separators
    ``comma`` and ``colon``: each entry's text kept by the entry's identity (the entries are
    ``action_json``'s, the same dict for the same action in every later state), per encoder, up
    to :data:`_KEPT` texts (then forgotten all at once), each kept with its entry, whose ``id``
    stays its own; a new placement written from its tile's pattern."""
    kind = (encode, comma, colon)
    kept = _kept.get(kind)
    if kept is None:
        kept = _kept[kind] = ({}, {}, {})
    texts, alive, patterns = kept
    ids = list(map(id, entries))
    found = list(map(texts.get, ids))  # the lookups in C: most entries are known
    if None in found:
        if len(texts) + len(entries) > _KEPT:
            texts.clear()
            alive.clear()
        for i in compress(count(), map(is_, found, repeat(None))):
            entry = entries[i]
            text = _placement_text(entry, patterns, encode, comma, colon)
            found[i] = texts[ids[i]] = encode(entry) if text is None else text
            alive[ids[i]] = entry  # held, so that no other value takes its id
    return "[" + comma.join(found) + "]"  # type: ignore[arg-type]  # no None is left


def _placement_text(
    entry: Any, patterns: dict[str, _Pattern], encode: Encode, comma: str, colon: str
) -> str | None:
    """A placement entry's text from its tile's pattern; ``None`` for any other entry, or
    where the pattern does not write what ``encode`` writes."""
    action = entry.get("action") if type(entry) is dict else None
    if type(action) is not dict or action.get("type") != "tile" or len(action) != 5:
        return None
    tile, x, y, rotation = action.get("tile"), action.get("x"), action.get("y"), action["rotation"]
    if type(tile) is not str or type(x) is not int or type(y) is not int:
        return None
    if type(rotation) is not int or len(entry) != 2:
        return None
    if tile not in patterns:
        patterns[tile] = _pattern(entry, tile, x, y, rotation, encode, comma, colon)
    pattern = patterns[tile]
    if pattern is None:
        return None
    head, after_rotation, after_x, after_y, text_head, end = pattern
    return (
        f"{head}{rotation}{after_rotation}{x}{after_x}{y}{after_y}"
        f"{text_head}{x},{y} r{rotation}{end}"
    )


def _pattern(
    entry: dict[str, Any],
    tile: str,
    x: int,
    y: int,
    rotation: int,
    encode: Encode,
    comma: str,
    colon: str,
) -> _Pattern:
    """The texts between the numbers of tile ``tile``'s placement entries, made from the
    encoder's texts of their keys and strings and checked on ``entry`` (whose text must be
    ``encode(entry)``); ``None`` if it is not, or the notation is not ``<prefix>x,y r<r>``."""
    text = entry["text"]
    suffix = f"{x},{y} r{rotation}"
    if type(text) is not str or not text.endswith(suffix):
        return None
    prefix = encode(text[: -len(suffix)])
    if not prefix.endswith('"'):
        return None

    def key(name: str) -> str:
        return encode(name) + colon

    pattern = (
        "{" + key("action") + "{" + key("rotation"),
        comma + key("tile") + encode(tile) + comma + key("type") + encode("tile") + comma
        + key("x"),
        comma + key("y"),
        "}" + comma + key("text"),
        prefix[:-1],
        '"}',
    )  # fmt: skip
    head, after_rotation, after_x, after_y, text_head, end = pattern
    written = (
        f"{head}{rotation}{after_rotation}{x}{after_x}{y}{after_y}"
        f"{text_head}{x},{y} r{rotation}{end}"
    )
    return pattern if written == encode(entry) else None


#: How many entries' texts :func:`entries_text` keeps for each kind of text.
_KEPT = 50_000
#: by encoder and separators: ``({id: text}, {id: entry}, {tile: pattern})``
_kept: dict[
    tuple[Encode, str, str], tuple[dict[int, str], dict[int, Any], dict[str, _Pattern]]
] = {}
