"""The game state as plain JSON data, for front ends, the stdio protocol and tests.

Why a separate module: the engine's containers (union-find lists, tuples of named tuples) are
shaped for speed, not for reading. :func:`state_to_json` turns them into one self-describing
document whose lists are sorted and whose keys are sorted by ``json.dumps(sort_keys=True)``, so
that replaying a recorded game gives byte-identical output.

A *player view* (``player=N``) is what that player may know: it hides the order of the draw pile
(only counts per tile id remain, those of the tiles face down under others included) and the
seed that determines it. The drawn tile and the tiles set aside are public; of the tiles under
another only their number per square is shown, in every view.
"""

from __future__ import annotations

import json
import json.encoder
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from carcassonne.actions import (
    CORE_ACTIONS,
    ChanceOutcome,
    PlaceTile,
    TypedAction,
    action_fields,
    field_types,
)
from carcassonne.codes import Refusal, error_codes
from carcassonne.errors import CarcassonneError
from carcassonne.geometry import CORNERS, HALVES, SIDES
from carcassonne.notation import NotationError, action_to_text
from carcassonne.notation import action_from_text as notation_action_from_text
from carcassonne.values import NEUTRAL, FigureKind, PieceKind


class ActionFormatError(CarcassonneError):
    """An action given as text or as a dict could not be understood."""


# -- actions as text and as dicts ------------------------------------------------------------


def action_text(action: Any) -> str:
    """The notation text of an action (``carcassonne.notation``)."""
    return action_to_text(action)


def action_from_text(text: str, state: Any) -> Any:
    """Parse notation text for ``state``; raise :class:`ActionFormatError` with a reason."""
    try:
        return notation_action_from_text(text, state)
    except NotationError as exc:
        raise ActionFormatError(str(exc)) from None


def illegal_message(exc: Any) -> str:
    """The message of an ``IllegalActionError`` with the action in notation."""
    action = exc.action
    shown = action_text(action) if hasattr(action, "verb") else repr(action)
    return f"illegal action {shown}: {exc.reason}"


def action_types(config: Any) -> dict[str, type[TypedAction]]:
    """Action classes by verb: the core's and those the configuration's plugins declare."""
    return {cls.verb: cls for cls in (*CORE_ACTIONS, *config.action_types)}


def action_from_dict(data: Any, config: Any) -> Any:
    """Build an action from ``{"type": verb, field: value, ...}`` (what ``to_dict`` gives).

    Field values must be JSON strings or whole numbers as the action type declares them; the
    legality check is left to ``state.apply``.
    """
    if not isinstance(data, dict):
        raise ActionFormatError("an action must be notation text or an object with a 'type'")
    types = action_types(config)
    verb = data.get("type")
    cls = types.get(verb) if isinstance(verb, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action type {verb!r} (known: {', '.join(sorted(types))})")
    fields = action_fields(cls)
    extra = sorted(set(data) - set(fields) - {"type"})
    if extra:
        raise ActionFormatError(f"action {verb!r} has no field(s) {', '.join(extra)}")
    missing = [f for f in fields if f not in data]
    if missing:
        raise ActionFormatError(f"action {verb!r} needs field(s) {', '.join(missing)}")
    hints = field_types(cls)
    values = []
    for name in fields:
        value = data[name]
        expected = hints.get(name, "")
        if "int" in expected and (not isinstance(value, int) or isinstance(value, bool)):
            raise ActionFormatError(f"field {name!r} of {verb!r} must be a whole number")
        if expected == "str" and not isinstance(value, str):
            raise ActionFormatError(f"field {name!r} of {verb!r} must be a string")
        if not isinstance(value, str | int):
            raise ActionFormatError(f"field {name!r} of {verb!r} must be a string or a number")
        values.append(value)
    return cls(*values)


def action_json(action: Any) -> dict[str, Any]:
    """An action as ``{"action": dict, "text": notation}``.

    It depends on nothing but the action (its type and fields), and writing it is most of the
    cost of a state's legal actions, which front ends receive after every move: it is
    remembered, up to :data:`_TEXTS_KEPT` actions (then forgotten all at once), by type and
    then by the plain tuple of its fields (a plain tuple hashes in C, an action's ``__hash__``
    is Python: this halves the lookup). The same dict is returned for equal actions: callers
    read it, never change it."""
    by_type = _texts.get(type(action))
    if by_type is None:
        by_type = _texts[type(action)] = {}
    key = tuple(action)
    shown = by_type.get(key)
    if shown is None:
        shown = _write_action(action, by_type, key)
    return shown


def legal_json(state: Any) -> list[dict[str, Any]]:
    """The state's legal actions as :func:`action_json` entries (the ``legal_actions`` key),
    looked up with the per-type tables directly: this is done after every move a front end
    is told of."""
    rows = state.placement_rows()
    if rows is not None:
        return _placements_json(*rows)
    out: list[dict[str, Any]] = []
    append = out.append
    kind = table = None
    for action in state.legal_actions():
        if type(action) is not kind:
            kind = type(action)
            table = _texts.get(kind)
            if table is None:
                table = _texts[kind] = {}
        assert table is not None
        key = tuple(action)
        shown = table.get(key)
        append(shown if shown is not None else _write_action(action, table, key))
    return out


def _placements_json(
    tid: str, squares: list[tuple[int, int]], fitting: list[tuple[int, ...]]
) -> list[dict[str, Any]]:
    """:func:`legal_json` of a tile decision from its rows (``GameState.placement_rows``):
    the entries looked up by their fields, each placement built only when it is new."""
    global _kept
    table = _texts.get(PlaceTile)
    if table is None:
        table = _texts[PlaceTile] = {}
    prefix = _tile_texts.get(tid)
    if prefix is None:
        prefix = _tile_texts[tid] = _tile_text(tid)
    out: list[dict[str, Any]] = []
    append = out.append
    get = table.get
    verb = PlaceTile.verb
    for (x, y), rotations in zip(squares, fitting, strict=True):
        for rotation in rotations:
            key = (tid, x, y, rotation)
            shown = get(key)
            if shown is None:
                if not prefix or _kept >= _TEXTS_KEPT:  # as _write_action does
                    shown = _write_action(PlaceTile(tid, x, y, rotation), table, key)
                else:  # _placement_entry, inline: most of a tile's placements are new
                    _kept += 1
                    shown = table[key] = {
                        "action": {"type": verb, "tile": tid, "x": x, "y": y, "rotation": rotation},
                        "text": f"{prefix}{x},{y} r{rotation}",
                    }
            append(shown)
    return out


def _write_action(action: Any, table: dict[tuple[Any, ...], dict[str, Any]], key: Any) -> Any:
    global _kept
    if _kept >= _TEXTS_KEPT:
        for each in _texts.values():
            each.clear()
        _tile_texts.clear()
        _kept = 0
    _kept += 1
    if type(action) is PlaceTile:
        shown = table[key] = _placement_entry(action)
    else:
        shown = table[key] = {"action": action.to_dict(), "text": action_text(action)}
    return shown


def _placement_entry(action: PlaceTile) -> dict[str, Any]:
    """:func:`action_json` of a tile placement, written from its tile's text (found once
    per tile): a tile decision has about forty new placements, most of them never seen
    before (a new square or tile), whose entries were a tenth of a front end's move."""
    tid, x, y, rotation = action
    prefix = _tile_texts.get(tid)
    if prefix is None:
        prefix = _tile_texts[tid] = _tile_text(tid)
    if not prefix:  # the notation of this tile is not "tile <tile> x,y r<rotation>"
        return {"action": action.to_dict(), "text": action_text(action)}
    return {
        "action": {"type": PlaceTile.verb, "tile": tid, "x": x, "y": y, "rotation": rotation},
        "text": f"{prefix}{x},{y} r{rotation}",
    }


def _tile_text(tid: str) -> str:
    """The notation of a placement of tile ``tid`` up to its coordinates (``tile BA/C ``),
    checked on two placements; empty when the notation has another form."""
    first = action_text(PlaceTile(tid, 0, 0, 0))
    prefix = first[: -len("0,0 r0")] if first.endswith(" 0,0 r0") else ""
    if not prefix or action_text(PlaceTile(tid, -3, 12, 270)) != f"{prefix}-3,12 r270":
        return ""
    return prefix


#: How many actions :func:`action_json` remembers (a few MB at most).
_TEXTS_KEPT = 50_000
_texts: dict[type, dict[tuple[Any, ...], dict[str, Any]]] = {}
_kept = 0
#: by tile id, the notation of its placements up to their coordinates (:func:`_tile_text`)
_tile_texts: dict[str, str] = {}


# -- generic conversion ------------------------------------------------------------


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for plugin values: tuples become lists, sets sorted lists, named tuples
    and dataclasses dicts. Sets are sorted by their JSON text, so the output is deterministic."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if hasattr(value, "to_dict"):
        return to_jsonable(value.to_dict())
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {k: to_jsonable(v) for k, v in value._asdict().items()}
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        items = [to_jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: to_jsonable(getattr(value, k)) for k in value.__dataclass_fields__}
    return repr(value)


#: Every key a serialized state may have (``draw_pile`` in the full view, ``draw_pile_counts`` in
#: a player's view).
STATE_KEYS = frozenset(
    {
        "actions_played", "chance", "config", "current_player", "draw_pile", "draw_pile_counts",
        "drawn_tile", "events", "ext", "features", "figures", "game_over", "held", "legal_actions",
        "pending", "figure_kinds", "piece_kinds", "pieces", "prisoners", "ranking", "scores",
        "set_aside",
        "supplies", "tiles", "tiles_left", "turn", "turn_part", "under", "view",
    }
)  # fmt: skip


# -- the state ------------------------------------------------------------


def state_to_json(state: Any, *, player: int | None = None) -> dict[str, Any]:
    """The whole state as JSON data; ``player=N`` gives that player's view (hidden draw order).

    Lists are sorted (tiles and figures by position, features by id), so the same game always
    gives the same document.

    It is called for every change a game server sends (docs/server.md), hence written for
    speed: the segments of every tile are looked up once and serve both ``tiles`` and
    ``features``, and the notation of each legal action is remembered (:func:`action_json`).
    """
    config = state.config
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < config.players
    ):
        raise ValueError(f"no player {player!r} in a {config.players}-player game")
    segments = _segments(state)
    data = game_constants_json(state, player)
    data["tiles"] = _tiles(segments)
    data["features"] = _features(state, segments)
    data.update(changing_json(state, player))
    return data


#: The keys of a serialized state that never change during a game (its configuration and the
#: looks of its kinds of pieces and figures): :func:`game_constants_json`.
CONSTANT_KEYS = frozenset({"config", "view", "piece_kinds", "figure_kinds"})


def game_constants_json(state: Any, player: int | None) -> dict[str, Any]:
    """The keys of :data:`CONSTANT_KEYS`: the same for every state of one game and view."""
    config = state.config
    described = config.describe()
    described["seed"] = state.seed
    if player is not None:
        described["seed"] = None  # the seed would reveal the order of the draw pile
    return {
        "config": described,
        "view": "full" if player is None else player,
        "piece_kinds": {name: _look(kind) for name, kind in config.piece_kinds.items()},
        "figure_kinds": {name: _figure_look(kind) for name, kind in config.figure_kinds.items()},
    }


def changing_json(
    state: Any, player: int | None, figures: bool = True, memo: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Every key of the state but the constants, ``tiles`` and ``features`` (and ``figures``
    when ``figures`` is false): what is worked out again for each move
    (:mod:`carcassonne.json_view` sends the keys of it that changed). ``memo``: a dict kept
    from one move to the next of one game (a :class:`~carcassonne.json_view.JsonView`'s),
    where a player's pile counts are kept and found again while the pile is the same."""
    pending = state.pending
    held = state.held_pieces()
    data: dict[str, Any] = {
        "turn": state.turn,
        "current_player": state.player,
        "pending": {
            "kind": pending.kind,
            "player": pending.player,
            "data": to_jsonable(pending.data),
        },
        "drawn_tile": state.drawn,
        "scores": list(state.scores),
        "supplies": [
            dict(sorted({**figures, **pieces}.items()))
            for figures, pieces in zip(state.supply, held, strict=True)
        ],
        "held": [dict(sorted(pieces.items())) for pieces in held],
        "legal_actions": legal_json(state),
        "events": [e.to_dict() for e in state.last_events],
        "tiles_left": state.tiles_left(),
        "actions_played": len(state.log),
        "game_over": state.is_over,
        "ranking": list(state.ranking()) if state.is_over else None,
        "ext": to_jsonable(dict(sorted(state.ext.items()))),
        # the general mechanics (docs/protocol.md, "The state"): public in every view
        "pieces": _pieces(state),
        "prisoners": [
            {"captor": p.captor, "player": p.player, "kind": p.kind} for p in state.prisoners()
        ],
        "set_aside": state.set_aside_tiles(),
        "under": _under(state),
        "turn_part": state.turn_part,
        "chance": _chance(state),
    }
    if figures:
        data["figures"] = _figures(state)
    pile = state.draw_pile()
    if player is None:
        data["draw_pile"] = pile
    else:
        # the tiles this player has not seen: the pile's and those face down under tiles (the
        # pile alone would tell, by the difference, which tile went under)
        data["draw_pile_counts"] = _pile_counts(pile, state._hidden_under(), memo)
    return data


def _pile_counts(
    pile: list[str], under: tuple[tuple[tuple[int, int], str], ...], memo: dict[str, Any] | None
) -> dict[str, int]:
    """How many of each tile a player has not seen (the pile's and those face down under
    tiles), sorted by tile; with ``memo``, the counts last made while pile and tiles under
    are equal to them (a figure decision's pile is its tile decision's)."""
    if memo is not None:
        known = memo.get("pile")
        if known is not None and known[0] == pile and known[1] == under:
            counts: dict[str, int] = known[2]
            return counts
    unseen = Counter(pile)
    unseen.update(tile for _pos, tile in under)
    counts = dict(sorted(unseen.items()))
    if memo is not None:
        memo["pile"] = (pile, under, counts)
    return counts


def text_encoder(comma: str = ", ", colon: str = ": ") -> Callable[[Any], str]:
    """A function that writes JSON text exactly as ``json.dumps(value, sort_keys=True,
    ensure_ascii=False, separators=(comma, colon))`` does, made once.

    Why: ``json.dumps`` with options builds a ``JSONEncoder`` and then its C encoder for every
    call, which costs as much as writing a small value; a front end writes a few dozen small
    values a move (the pieces of :class:`~carcassonne.json_view.JsonView`'s text, the legal
    actions' entries). The C encoder is made here once, without the check for circular
    references (serialized data has none: it is built fresh from the state); where the C
    encoder is missing (another Python), the encoder's own ``encode``."""
    encoder = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(comma, colon))
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - CPython has it
        return encoder.encode
    chunks = make(
        None, encoder.default, json.encoder.encode_basestring, None, colon, comma, True, False, True
    )
    join = "".join

    def encode(value: Any) -> str:
        return join(chunks(value, 0))

    return encode


#: ``json.dumps(data, sort_keys=True, ensure_ascii=False)``, made once (:func:`text_encoder`).
_dumps = text_encoder()


def dumps(data: Any) -> str:
    """The canonical JSON text of serialized data (sorted keys, one line)."""
    return _dumps(data)


#: ``((x, y), placed tile, [(feature, segment), ...])`` for every tile, sorted by ``(y, x)``.
_Segments = list[tuple[tuple[int, int], Any, list[tuple[int, Any]]]]


def _segments(state: Any) -> _Segments:
    segments = state.segments
    out = [((x, y), placed, segments(x, y)) for (x, y), placed in state.board.items()]
    out.sort(key=lambda t: (t[0][1], t[0][0]))
    return out


def _tiles(segments: _Segments) -> list[dict[str, Any]]:
    return [tile_entry(x, y, placed, segs) for (x, y), placed, segs in segments]


def tile_entry(x: int, y: int, placed: Any, segs: list[tuple[int, Any]]) -> dict[str, Any]:
    """One tile of the state's ``tiles``; ``segs``: ``state.segments(x, y)``."""
    where = {seg.locations[0]: feature for feature, seg in segs}
    return {
        "id": placed.tile.id,
        "x": x,
        "y": y,
        "rotation": placed.rotation,
        "placed_by": placed.player,
        "features": dict(sorted(where.items())),
    }


def _features(state: Any, segments: _Segments) -> list[dict[str, Any]]:
    # the squares of every feature in one pass (the engine does not track them for fields)
    squares: dict[int, set[tuple[int, int]]] = {}
    for pos, _placed, segs in segments:
        for feature, _seg in segs:
            found = squares.get(feature)
            if found is None:
                squares[feature] = {pos}
            else:
                found.add(pos)
    return [feature_entry(state, root, squares[root]) for root in state.features()]


def feature_entry(state: Any, root: int, squares: Iterable[tuple[int, int]]) -> dict[str, Any]:
    """One feature of the state's ``features``; ``squares``: the squares it covers."""
    return feature_entry_on(state, root, [[x, y] for x, y in sorted(squares)])


def feature_entry_on(state: Any, root: int, tiles: list[list[int]]) -> dict[str, Any]:
    """One feature of the state's ``features``; ``tiles``: its ``tiles`` (sorted squares)."""
    on = state.figures_on(root)
    figures = sorted((_figure(state, root, fig) for fig in on), key=figure_key) if on else []
    attrs = state.feature_attrs(root)
    return {
        "id": root,
        "kind": state.feature_kind(root),
        "tiles": tiles,
        "complete": state.is_complete(root),
        "open_edges": state.feature_open(root),
        "figures": figures,
        "shields": attrs.get("shields", 0),
        "attributes": dict(sorted(attrs.items())) if attrs else {},
    }


def _figure(state: Any, root: int, fig: Any) -> dict[str, Any]:
    return {
        "owner": fig.player,
        "kind": fig.kind,
        "x": fig.x,
        "y": fig.y,
        "location": fig.location,
        "feature": root,
    }


def figure_key(fig: dict[str, Any]) -> tuple:
    return (fig["y"], fig["x"], fig["location"], fig["owner"], fig["kind"])


def _figures(state: Any) -> list[dict[str, Any]]:
    figures = [_figure(state, root, fig) for root, fig in state.figures()]
    figures.sort(key=figure_key)
    return figures


def _look(kind: Any) -> dict[str, Any]:
    """How a kind of piece looks (``PieceKind``), for front ends."""
    return {
        "label": kind.label or kind.name,
        "glyph": kind.glyph,
        "mark": kind.mark,
        "colour": kind.colour,
        "neutral": kind.neutral,
        "provider": kind.provider,
        "shape": kind.shape,
        "badge": kind.badge,
    }


def _figure_look(kind: FigureKind) -> dict[str, Any]:
    """How a figure kind looks, for front ends: its words, one character and its silhouette
    (``FigureKind.silhouette``: the declared shape, or the default one)."""
    return {
        "label": kind.words,
        "glyph": kind.glyph or kind.name[:1].upper(),
        "shape": kind.silhouette,
        "provider": kind.provider,
    }


def _pieces(state: Any) -> list[dict[str, Any]]:
    """The pieces on the board in the order they were put there, each with its kind's look
    (a kind no plugin describes looks like ``PieceKind(name)``'s defaults); ``owner`` is
    ``None`` for a neutral piece."""
    kinds = state.config.piece_kinds
    out = []
    for piece in state.pieces():
        kind = kinds.get(piece.kind) or PieceKind(piece.kind)
        out.append(
            {
                "kind": piece.kind,
                **{key: value for key, value in _look(kind).items() if key != "provider"},
                "owner": None if piece.owner == NEUTRAL else piece.owner,
                "x": piece.x,
                "y": piece.y,
                "location": piece.location,
            }
        )
    return out


def _under(state: Any) -> list[dict[str, int]]:
    """How many tiles lie face down under each tile (squares with none left out), by
    ``(y, x)``: the count only, in every view, never the tile ids."""
    under = state._hidden_under()
    if not under:
        return []
    counts = Counter(pos for pos, _tile in under)  # one pass, not per square
    return [{"x": x, "y": y, "count": counts[x, y]} for x, y in sorted(counts, key=_by_row)]


def _by_row(pos: tuple[int, int]) -> tuple[int, int]:
    return pos[1], pos[0]


def _chance(state: Any) -> dict[str, Any] | None:
    """The pending chance decision (``auto_chance`` off): what is drawn, each outcome with its
    probability and the action that answers it; ``None`` when none is pending."""
    if state.pending.kind != "chance":
        return None
    odds = state.chance_odds()
    return {
        "name": state.pending.data.name,
        "outcomes": [
            {"outcome": action.outcome, "probability": probability, **action_json(action)}
            for action, probability in odds
        ],
    }


# -- what a front end asks besides the state ------------------------------------------------


def refusal_json(refusal: Refusal | None) -> dict[str, Any]:
    """``{"legal": true}``, or ``{"legal": false, "code", "reason", "details"}``."""
    if refusal is None:
        return {"legal": True}
    return {
        "legal": False,
        "code": refusal.code,
        "reason": refusal.reason,
        "details": to_jsonable(dict(refusal.details)),
    }


def figure_options_json(state: Any) -> dict[str, Any]:
    """The pending decision's actions grouped by the feature they name.

    ``features``: one entry per feature (``id``, ``kind``, ``x``, ``y``, ``location`` -
    canonical -, every location name of the segment, ``figures`` already there, and the
    ``actions`` on it); ``other``: actions naming no feature (``pass``, a draw).
    """
    groups: dict[int, dict[str, Any]] = {}
    other = []
    for action in state.legal_actions():
        fields = action_fields(type(action))
        placed = None
        if {"x", "y", "location"} <= set(fields):
            placed = state.tile_at(action.x, action.y)
        index = placed.rot.by_location.get(action.location) if placed is not None else None
        if placed is None or index is None:
            other.append(action_json(action))
            continue
        feature = state.feature_at(action.x, action.y, action.location)
        group = groups.get(feature)
        if group is None:
            segment = placed.rot.features[index]
            group = groups[feature] = {
                "feature": feature,
                "kind": state.feature_kind(feature),
                "x": action.x,
                "y": action.y,
                "location": segment.location,
                "locations": list(segment.locations),
                "figures": sorted(
                    (_figure(state, feature, f) for f in state.figures_on(feature)),
                    key=figure_key,
                ),
                "actions": [],
            }
        group["actions"].append(action_json(action))
    return {"features": list(groups.values()), "other": other}


def chance_refusal(state: Any, action: Any) -> Refusal | None:
    """The refusal of a chance outcome while no chance draw waits for one
    (``chance-not-pending``): the engine draws chance itself (``state.auto_chance``) or none
    is pending now. ``None`` for any other action, or when a chance decision is pending (the
    engine then judges the outcome itself)."""
    if type(action) is not ChanceOutcome or state.pending.kind in ("chance", "end"):
        return None
    if state.auto_chance:
        why = "the engine draws chance itself in this game"
    else:
        why = f"the game waits for a {state.pending.kind} decision, not a chance outcome"
    return Refusal(
        "chance-not-pending",
        f"no chance draw waits for an outcome: {why}",
        {"pending": state.pending.kind, "auto_chance": state.auto_chance},
    )


def outcome_json(state: Any) -> dict[str, Any]:
    outcome = state.outcome()
    return {
        "over": outcome.over,
        "scores": list(outcome.scores),
        "ranking": list(outcome.ranking),
        "winners": list(outcome.winners),
        "points": [dict(p) for p in outcome.points],
    }


def _names(indices: tuple[int, ...], names: tuple[str, ...]) -> list[str]:
    return [names[i] for i in indices]


def tile_json(tile: Any) -> dict[str, Any]:
    """A tile type in its reference orientation (r0), with what a front end draws it from:
    the edge type of each side and each feature's sides, sides it shares with another
    feature (``shares`` in the tile format), half-edges (the field parts along an
    edge, ``NL`` = north edge, left half seen from inside), corners, inner pockets, centre,
    location names, attributes (shields ...) and the features a field borders."""
    rot = tile.rotations[0]
    features = []
    for f in rot.features:
        features.append(
            {
                "index": f.index,
                "kind": f.kind,
                "sides": _names(f.sides, SIDES),
                "shared": _names(f.shared, SIDES),
                "halves": _names(f.halves, HALVES),
                "corners": _names(f.corners, CORNERS),
                "inner": list(f.inner),
                "center": f.center,
                "locations": list(f.locations),
                "attributes": dict(sorted(f.attrs.items())),
                "borders": list(f.borders),
            }
        )
    return {
        "id": tile.id,
        "alias": tile.alias,
        "count": tile.count,
        "description": tile.description,
        "set": tile.set_name,
        "tags": sorted(tile.tags),
        "edges": dict(zip(SIDES, rot.edges, strict=True)),
        "features": features,
    }


def tiles_json(config: Any, ids: list[str] | None = None) -> dict[str, Any]:
    """The tile types of a configuration (or only ``ids``), sorted by id, with the feature
    kinds they use (how each is placed and shown) and the start tile."""
    types = config.tile_types
    chosen = sorted(types) if ids is None else list(dict.fromkeys(ids))
    kinds = {
        name: {
            "placement": kind.placement,
            "edge": kind.edge,
            "completion": kind.completion,
            "occupiable": kind.occupiable,
            "glyph": kind.glyph,
            "provider": kind.provider,
        }
        for name, kind in sorted(config.kinds.items())
    }
    return {
        "start_tile": config.start_tile,
        "kinds": kinds,
        "tiles": [tile_json(types[tid]) for tid in chosen],
    }


def expansions_json() -> list[dict[str, Any]]:
    """Every installed expansion with its version and its rule options (key, default, allowed
    values, what it does); the base game's options come first as ``base``."""
    from carcassonne.config import GameConfig
    from carcassonne.plugins import expansion_version, installed_expansions

    base = GameConfig()
    out: list[dict[str, Any]] = [
        {"name": "base", "version": None, "options": _options(base, set())}
    ]
    for name in sorted(installed_expansions()):
        config = GameConfig(expansions=[name])
        out.append(
            {
                "name": name,
                "version": expansion_version(name),
                "options": _options(config, set(base.option_specs)),
                "action_verbs": sorted(t.verb for t in config.action_types),
                "figure_kinds": sorted(set(config.figure_kinds) - set(base.figure_kinds)),
            }
        )
    return out


def _options(config: Any, skip: set[str]) -> list[dict[str, Any]]:
    return [
        {
            "key": spec.key,
            "default": spec.default,
            "choices": list(spec.choices),
            "doc": spec.doc,
        }
        for key, spec in sorted(config.option_specs.items())
        if key not in skip
    ]


def error_codes_json(config: Any) -> list[dict[str, str]]:
    """Every code a refusal may carry in a game of ``config``: the core's, then the plugins'."""
    return [
        {"code": c.code, "meaning": c.meaning, "provider": c.provider}
        for c in error_codes(config).values()
    ]
