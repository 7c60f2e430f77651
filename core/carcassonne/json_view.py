"""A game's JSON state kept up to date move by move, and what a move changed in it.

Why: front ends used to receive the whole state (``serialize.state_to_json``) after every
move, and building it cost about 50 times the engine's ``apply`` (issue 34): every tile, every
feature with its squares and figures, sorted, then written as JSON. A move changes a few of
them. :class:`JsonView` holds one view of one game (``player``: whose view, ``None`` for the
full one) as dicts by square and by feature id; :meth:`JsonView.advance` finds what a move
changed from the move's events and the squares around the tiles it placed, and returns only
that (the ``changes`` of docs/protocol.md):

- ``tiles``: the tiles placed and those whose ``features`` (feature ids) changed, whole;
- ``features``: the features added or changed, whole; ``removed_features``: the ids that
  merged into others and are gone;
- every other key of the state whose value changed, with its new value (``config``, ``view``,
  ``piece_kinds`` and ``figure_kinds`` never change during a game).

Applying the changes to the state before the move gives exactly ``state_to_json`` of the state
after it: the tests check this on random games of every expansion mix. Which features a move
can touch: the features on the squares of its tiles and their eight neighbours (joins, open
edges, the completion of a feature completed by its surroundings), those on the squares its
events name (figures placed, returned, removed, moved), those its events name by id (completed,
scored), the new ones, and those that absorbed merged ones. A move whose tiles the view cannot
account for (a board that shrank or grew by more than the tiles placed) is answered with every
tile and feature (still in the same form).

The view's JSON text (:meth:`JsonView.text`) is kept in pieces: each tile, feature and other
key is written once and its text reused until the value is replaced, so the text of a whole
state costs a join of the pieces plus the writing of what the move changed.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable
from itertools import compress, count, repeat
from operator import is_, is_not
from typing import Any

from carcassonne.entries_text import entries_text
from carcassonne.errors import CarcassonneError
from carcassonne.events import Event, TilePlaced
from carcassonne.serialize import (
    CONSTANT_KEYS,
    changing_json,
    feature_entry_on,
    figure_key,
    state_to_json,
    tile_entry,
)

Square = tuple[int, int]
#: The squares around a placed tile (and its own) whose features a placement may change.
_AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
#: Writes one JSON value as text, keys sorted (``json.dumps`` with ``sort_keys``, orjson with
#: ``OPT_SORT_KEYS``): an encoder whose text of a document is its pieces' texts joined.
Encode = Callable[[Any], str]


def _by_row(square: Square) -> tuple[int, int]:
    """The order of the state's ``tiles``: by row (``y``), then by column."""
    return square[1], square[0]


class JsonView:
    """One view (``player``, ``None`` for the full view) of one game as JSON data: the state
    it was built from or last advanced to."""

    def __init__(self, data: dict[str, Any], player: int | None) -> None:
        """From ``state_to_json(state, player=player)`` (as the answer holding it was sent)."""
        self.player = player
        self.rest = {k: v for k, v in data.items() if k not in ("tiles", "features")}
        self.tiles: dict[Square, dict[str, Any]] = {(t["x"], t["y"]): t for t in data["tiles"]}
        self.features: dict[int, dict[str, Any]] = {f["id"]: f for f in data["features"]}
        #: what :func:`~carcassonne.serialize.changing_json` keeps from one move to the next
        self.memo: dict[str, Any] = {}
        #: the texts of :meth:`text`, by encoder and separators (one kind per view in practice)
        self._pieces: dict[tuple[Encode, str, str], _Texts] = {}
        #: the squares of ``tiles`` and the ids of ``features`` in the order of the state's
        #: lists, kept until a tile or a feature is added or removed (``None``: to be sorted)
        self._tile_order: list[Square] | None = None
        self._feature_order: list[int] | None = None

    @classmethod
    def of(cls, state: Any, player: int | None) -> JsonView:
        return cls(state_to_json(state, player=player), player)

    def data(self) -> dict[str, Any]:
        """The whole state as ``state_to_json`` gives it (lists sorted as there)."""
        return {
            **self.rest,
            "tiles": list(map(self.tiles.__getitem__, self._tiles_in_order())),
            "features": list(map(self.features.__getitem__, self._features_in_order())),
        }

    def _tiles_in_order(self) -> list[Square]:
        order = self._tile_order
        if order is None:
            order = self._tile_order = sorted(self.tiles, key=_by_row)
        return order

    def _add_to_order(self, square: Square) -> None:
        """Put a new tile's square into the kept order: a new list (:class:`_ListText` tells
        a changed order by the list's identity), the square inserted where it sorts rather
        than every square sorted again."""
        order = self._tile_order
        if order is not None:
            order = order[:]
            insort(order, square, key=_by_row)
            self._tile_order = order

    def _features_in_order(self) -> list[int]:
        order = self._feature_order
        if order is None:
            order = self._feature_order = sorted(self.features)
        return order

    def text(
        self, encode: Encode, comma: str, colon: str, skip: frozenset[str] = frozenset()
    ) -> str:
        """The JSON text of :meth:`data` (without the keys in ``skip``) exactly as ``encode``
        writes it, whose separators between items and after keys are ``comma`` and ``colon``.

        Why: writing a whole state costs about as much as working it out; a move replaces a
        few of its values, so the others' texts are kept (by the identity of the value: the
        view replaces a value that changed, it never edits one) and only joined again."""
        texts = self._pieces.get((encode, comma, colon))
        if texts is None:
            texts = self._pieces[encode, comma, colon] = _Texts()
        rest = self.rest
        keys = (tuple(rest), skip)
        if texts.order is None or texts.order[0] != keys:
            texts.order = (keys, texts.layout(sorted({*rest, "tiles", "features"} - skip)))
        parts: list[str] = []
        append = parts.append
        for item in texts.order[1]:
            if item == "tiles":
                shown = texts.tiles.text(self.tiles, self._tiles_in_order(), encode, comma)
                append(texts.name("tiles", encode, colon) + shown)
            elif item == "features":
                roots = self._features_in_order()
                shown = texts.features.text(self.features, roots, encode, comma)
                append(texts.name("features", encode, colon) + shown)
            else:
                append(item.text(rest, encode, comma, colon))
        return "{" + comma.join(parts) + "}"

    def advance(self, state: Any, events: Iterable[Event]) -> dict[str, Any]:
        """Move the view to ``state``, which ``events`` (one move's) led to from the view's
        state; the changes (module docstring)."""
        events = list(events)
        placed = [(e.x, e.y) for e in events if type(e) is TilePlaced]
        board = state.board
        if len(board) != len(self.tiles) + len(placed) or any(p in self.tiles for p in placed):
            return self._replace(state)
        roots = set(state.features())
        gone = self.features.keys() - roots
        absorbed = {state.feature_id(root) for root in gone}
        squares: set[Square] = set()
        for x, y in placed:
            squares.update((x + dx, y + dy) for dx, dy in _AROUND)
        named: set[int] = set(roots - self.features.keys()) | absorbed
        for event in events:
            ex, ey = getattr(event, "x", None), getattr(event, "y", None)
            if type(ex) is int and type(ey) is int:
                squares.add((ex, ey))
            feature = getattr(event, "feature", None)
            if type(feature) is int:
                try:
                    named.add(state.feature_id(feature))
                except CarcassonneError:  # an id of a plugin's own, not a feature's
                    pass
        segments = state.segments
        for x, y in squares:
            named.update(root for root, _seg in segments(x, y))
        # the squares of the features that grew: their own, those of the features they
        # absorbed, the new tiles they are on (features only grow, by tiles and joins)
        grown: dict[int, set[Square]] = {}
        for x, y in placed:
            for root, _seg in segments(x, y):
                grown.setdefault(root, set()).add((x, y))
        # the tiles whose segments now belong to another feature: those of the absorbed ones
        retile = set(placed)
        merged: set[int] = set()  # the features that absorbed others
        for root in gone:
            squares_of = {(x, y) for x, y in self.features[root]["tiles"]}
            retile |= squares_of
            into = state.feature_id(root)
            grown.setdefault(into, set()).update(squares_of)
            merged.add(into)
        changes: dict[str, Any] = {}
        if retile:
            placed_tiles = []
            for x, y in sorted(retile, key=_by_row):
                entry = tile_entry(x, y, board[x, y], segments(x, y))
                if entry != self.tiles.get((x, y)):
                    if (x, y) not in self.tiles:
                        self._add_to_order((x, y))
                    self.tiles[x, y] = entry
                    placed_tiles.append(entry)
            if placed_tiles:
                changes["tiles"] = placed_tiles
        held = any(self.features[root]["figures"] for root in gone)  # figures' feature ids
        for root in gone:
            del self.features[root]
            self._feature_order = None
        features = []
        for root in sorted(named):
            had = self.features.get(root)
            tiles: list[list[int]]
            if root in grown and (had is None or root in merged):
                found = grown[root]
                if had is not None:
                    found.update((x, y) for x, y in had["tiles"])
                tiles = [[x, y] for x, y in sorted(found)]
            elif root in grown:  # grown by placed tiles only: squares it did not have
                assert had is not None
                tiles = had["tiles"][:]
                for x, y in grown[root]:
                    insort(tiles, [x, y])
            elif had is None:  # a feature no tile started (a plugin's): asked for
                tiles = [[x, y] for x, y in sorted(state.feature_tiles(root))]
            else:
                tiles = had["tiles"]
            entry = feature_entry_on(state, root, tiles)
            if entry != had:
                if had is None:
                    self._feature_order = None
                self.features[root] = entry
                features.append(entry)
                held = held or bool(entry["figures"]) or bool(had and had["figures"])
        if features:
            changes["features"] = features
        if gone:
            changes["removed_features"] = sorted(gone)
        rest = changing_json(state, self.player, figures=False, memo=self.memo)
        if held:  # the figures are those of the features, which the view has
            rest["figures"] = self._figures()
        for key, value in rest.items():
            if self.rest.get(key) != value:
                self.rest[key] = value
                changes[key] = value
        return changes

    def _figures(self) -> list[dict[str, Any]]:
        """The state's ``figures``: every feature's, sorted as ``state_to_json`` sorts them."""
        out = [fig for feature in self.features.values() for fig in feature["figures"]]
        out.sort(key=figure_key)
        return out

    def _replace(self, state: Any) -> dict[str, Any]:
        """Every tile and feature, and the keys that changed: for a move the view cannot
        follow (tiles taken off the board, placed on a taken square)."""
        new = JsonView.of(state, self.player)
        changes: dict[str, Any] = {
            "tiles": list(new.tiles.values()),
            "features": list(new.features.values()),
        }
        removed_tiles = sorted(self.tiles.keys() - new.tiles.keys(), key=_by_row)
        if removed_tiles:
            changes["removed_tiles"] = [[x, y] for x, y in removed_tiles]
        gone = sorted(self.features.keys() - new.features.keys())
        if gone:
            changes["removed_features"] = gone
        changes.update(
            (k, v) for k, v in new.rest.items() if k not in CONSTANT_KEYS and self.rest.get(k) != v
        )
        self.rest, self.tiles, self.features = new.rest, new.tiles, new.features
        self._tile_order = self._feature_order = None
        return changes


class _Texts:
    """The pieces of one kind of :meth:`JsonView.text` (an encoder and its separators)."""

    def __init__(self) -> None:
        self.tiles = _ListText()  # in the order of the state's tiles
        self.features = _ListText()  # by id
        self.keys: dict[str, str] = {}  # each key's text and the colon after it
        #: ``((the view's keys, skip), the layout of the text)`` (:meth:`layout`)
        self.order: tuple[tuple[tuple[str, ...], frozenset[str]], list[Any]] | None = None

    def layout(self, keys: list[str]) -> list[Any]:
        """The text's parts in the order of the sorted ``keys``: ``"tiles"``, ``"features"``,
        and a :class:`_KeysText` for each run of other keys between them."""
        out: list[Any] = []
        run: list[str] = []
        for key in keys:
            if key in ("tiles", "features"):
                if run:
                    out.append(_KeysText(run, self))
                run = []
                out.append(key)
            else:
                run.append(key)
        if run:
            out.append(_KeysText(run, self))
        return out

    def name(self, key: str, encode: Encode, colon: str) -> str:
        """``key``'s text and the colon after it."""
        name = self.keys.get(key)
        if name is None:
            name = self.keys[key] = encode(key) + colon
        return name


class _KeysText:
    """The text of a run of the state's keys (``"key": value`` each, separated by commas), each
    key's text kept while the view holds that very value for it (the view replaces a value
    that changed, it never edits one): compared with the last ones in C, as
    :class:`_ListText` does, and only the changed ones written."""

    def __init__(self, keys: list[str], texts: _Texts) -> None:
        self.keys = keys
        self.owner = texts
        self.values: list[Any] = [_UNSEEN] * len(keys)
        self.texts: list[str] = [""] * len(keys)

    def text(self, rest: dict[str, Any], encode: Encode, comma: str, colon: str) -> str:
        now = list(map(rest.__getitem__, self.keys))
        texts = self.texts
        for i in list(compress(count(), map(is_not, now, self.values))):
            key, value = self.keys[i], now[i]
            if key == "legal_actions" and type(value) is list:
                shown = entries_text(value, encode, comma, colon)
            else:
                shown = encode(value)
            texts[i] = self.owner.name(key, encode, colon) + shown
        self.values = now
        return comma.join(texts)


#: A value no key of a view holds: what a :class:`_KeysText` compares before its first text.
_UNSEEN = object()


class _ListText:
    """The text of a list of values taken from a dict in a given order (the view's tiles or
    features), each value's text kept while the list holds that very value at that place.

    Why not a lookup per value: a state has one or two hundred of them and a move changes a
    few, so the values are compared with the last ones in C (``map``, ``is_not``, ``compress``)
    and only the changed ones are written; when the order changed (a tile or feature added or
    removed) the texts are found by the value's identity among the last ones."""

    def __init__(self) -> None:
        self.order: list[Any] | None = None
        self.values: list[Any] = []
        self.texts: list[str | None] = []

    def text(self, values: dict[Any, Any], order: list[Any], encode: Encode, comma: str) -> str:
        now = list(map(values.__getitem__, order))
        texts = self.texts
        if order is self.order:
            changed = compress(count(), map(is_not, now, self.values))
        else:  # the values kept (their ids are of live values: self.values holds them)
            by_id = dict(zip(map(id, self.values), texts, strict=True))
            texts = self.texts = list(map(by_id.get, map(id, now)))
            changed = compress(count(), map(is_, texts, repeat(None)))
        for i in list(changed):
            texts[i] = encode(now[i])
        self.order, self.values = order, now
        return "[" + comma.join(texts) + "]"  # type: ignore[arg-type]  # no None is left


def changes_text(changes: dict[str, Any], encode: Encode, comma: str, colon: str) -> str:
    """The JSON text of a move's ``changes`` (or of any dict with string keys) exactly as
    ``encode`` writes it (separators ``comma`` and ``colon``, keys sorted), its
    ``legal_actions`` written from the entries' kept texts (``entries_text``): in a
    move's changes they are most of the text."""
    parts = []
    for key in sorted(changes):
        value = changes[key]
        if key == "legal_actions" and type(value) is list:
            shown = entries_text(value, encode, comma, colon)
        else:
            shown = encode(value)
        parts.append(encode(key) + colon + shown)
    return "{" + comma.join(parts) + "}"


def apply_changes(data: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The state after a move from the state before it and the move's ``changes``: what a
    front end does with them (a reference for front-end authors and for the tests)."""
    tiles = {(t["x"], t["y"]): t for t in data["tiles"]}
    for x, y in changes.get("removed_tiles", ()):
        del tiles[x, y]
    tiles.update(((t["x"], t["y"]), t) for t in changes.get("tiles", ()))
    features = {f["id"]: f for f in data["features"]}
    for root in changes.get("removed_features", ()):
        del features[root]
    features.update((f["id"], f) for f in changes.get("features", ()))
    special = {"tiles", "features", "removed_tiles", "removed_features"}
    out = {**data, **{k: v for k, v in changes.items() if k not in special}}
    out["tiles"] = sorted(tiles.values(), key=lambda t: (t["y"], t["x"]))
    out["features"] = [features[root] for root in sorted(features)]
    return out


__all__ = ["JsonView", "apply_changes", "changes_text"]
