"""The web page (``/``) and the two REST routes it draws from (docs/web.md).

The page itself is static (``static/``: plain JavaScript modules and CSS, no build step). It
plays over the game's WebSocket like any client; what a browser cannot work out from a state
view alone comes from here:

* ``GET /api/games/{game}/picture?seat=N`` -- the engine's board picture (``carcassonne.svg``)
  plus, in the picture's coordinates, where each legal move of the pending decision goes
  (squares for tiles, points for figures and any move naming a location, labelled with the
  feature kind it names), the art of every tile a legal move names in each legal rotation, the
  drawn tile's art, the last square each player placed a tile on, the players' colours and the
  game's legend (every figure, piece and mark it can show, in words).
  Everything is drawn from the tile data and the legal actions, so a fan expansion's tiles and
  decisions show up without code here knowing them.
* ``GET /api/games/{game}/history`` -- every action that still counts, with the events it
  caused (the reason for every point), and the outcome once the game is over. It replays the
  log; nothing in it is secret (every client received those events as they happened).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from carcassonne.actions import action_fields
from carcassonne.config import GameConfig
from carcassonne.serialize import action_from_text, action_json, action_text, outcome_json
from carcassonne.server.entries import action_entry_words, entry, who
from carcassonne.server.games import (
    Games,
    effective_actions,
    number_param,
    origin_state,
)
from carcassonne.server.views import json_text
from carcassonne.state import GameState
from carcassonne.svg import board as board_picture
from carcassonne.svg import location_point, player_color
from carcassonne.svg import tile as tile_picture
from carcassonne.svg.legend import legend as legend_picture
from carcassonne.values import NEUTRAL, ForcedChance, ForcedDraw, PieceKind
from carcassonne.words import action_words, tile_words

#: square size of the board picture in pixels (the page scales it itself)
SQUARE = 100


def _static_dir() -> str:
    return str(resources.files("carcassonne.server") / "static")


def routes() -> list[BaseRoute]:
    """The page's routes, added to the application's route table by :mod:`app` (with the replay
    viewer's ``/api/replay``, which :mod:`replay` serves with this module's drawing)."""
    return [
        Route("/", index),
        Mount("/web", StaticFiles(directory=_static_dir()), name="web"),
        Route("/api/games/{game}/picture", picture),
        Route("/api/games/{game}/history", history),
    ]


async def index(request: Request) -> Response:
    return FileResponse(f"{_static_dir()}/index.html", media_type="text/html; charset=utf-8")


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def _seat_param(request: Request, players: int) -> int | None:
    raw = request.query_params.get("seat")
    if raw is None or raw == "":
        return None
    return number_param(raw, "seat", 0, players - 1)


#: the last board pictures drawn, by (game, seq): every browser of a game asks for the same one
_PICTURES: OrderedDict[tuple[str, int], str] = OrderedDict()
_PICTURE_CACHE = 64


#: the keys of the players' view whose change leaves the board picture as it was (the board
#: picture draws tiles, figures, pieces, tiles under tiles, prisoners and tiles set aside):
#: after a change of only these, the picture of the seq before is the picture of this one
_OFF_BOARD = frozenset(
    {
        "actions_played", "chance", "current_player", "draw_pile", "drawn_tile", "events",
        "features", "game_over", "held", "legal_actions", "pending", "ranking",
        "removed_features", "scores", "supplies", "tiles_left", "turn", "turn_part",
    }
)  # fmt: skip


async def picture(request: Request) -> Response:
    live = await _games(request).get(request.path_params["game"])
    seat = _seat_param(request, live.state.config.players)
    async with live.lock:
        key = (live.id, live.seq)
        moving = seat is not None and not live.state.is_over and live.state.pending.player == seat
        # only the seat to move gets moves: every other seat and spectator gets the same answer
        answer_key = (*key, seat if moving else None)
        body = _ANSWERS.get(answer_key)
        svg = _PICTURES.get(key)
        if body is None and svg is None:
            # a change that left the board as it was (a figure not placed, a tile drawn): the
            # board picture of the seq before, not drawn again (issue 34)
            changed = live.changed_keys()
            if changed is not None and changed <= _OFF_BOARD:
                svg = _PICTURES.get((live.id, live.seq - 1))
        legend = _legend_of(live.id, live.state)
        data = None
        if body is None and svg is not None and legend is not None:
            # the pictures drawn already: the rest (pieces, the moves' words) is made here, under
            # the lock, rather than on a clone in a worker thread (fractions of a millisecond)
            data = picture_json(live.state, seat, svg, legend)
        state = live.state.clone() if body is None and data is None else None
    if body is None:
        if data is None:
            assert state is not None
            data = await asyncio.to_thread(picture_json, state, seat, svg, legend)
            _remember(_LEGENDS, live.id, (state.config, data["legend"]), _PICTURE_CACHE)
        _remember(_PICTURES, key, data["svg"], _PICTURE_CACHE)
        data["seq"] = key[1]
        body = json_text(data).encode()
        _remember(_ANSWERS, answer_key, body, _PICTURE_CACHE)
    return Response(body, media_type="application/json")


#: the legend of each game's configuration (it depends on nothing else), by game
_LEGENDS: OrderedDict[str, tuple[GameConfig, str]] = OrderedDict()


def _legend_of(game: str, state: GameState) -> str | None:
    """The legend drawn for this game's configuration already, if any (``None``: draw it)."""
    known = _LEGENDS.get(game)
    return known[1] if known is not None and known[0] is state.config else None


#: the last picture answers' texts by (game, seq, seat to move or None): the browsers of a game
#: ask for the picture of each seq, and all but the one deciding get the same one (issue 34)
_ANSWERS: OrderedDict[tuple[str, int, int | None], bytes] = OrderedDict()


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any, size: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


def picture_json(
    state: GameState, seat: int | None, svg: str | None = None, legend: str | None = None
) -> dict[str, Any]:
    """What the page draws the board from, for ``seat`` (``None``: a spectator); ``svg``: the
    board picture when it is drawn already (it is the same for every seat); ``legend``: the
    game's legend when it is drawn already (it is the same for the whole game)."""
    config = state.config
    names = config.names
    to_move = not state.is_over and (seat is None or state.pending.player == seat)
    if svg is None:
        svg = str(board_picture(state, highlight=None, last_move=False, size=SQUARE))
    last: dict[int, tuple[int, int]] = {}
    for pos in state.placement_order():
        placed = state.board[pos]
        if placed.player >= 0:
            last[placed.player] = pos
    data: dict[str, Any] = {
        "svg": svg,
        "colors": [player_color(i, names[i]) for i in range(config.players)],
        "last_tiles": [{"player": p, "x": x, "y": y} for p, (x, y) in sorted(last.items())],
        "drawn_art": _tile_art(config, state.drawn, 0) if state.drawn else None,
        "drawn_words": tile_words(config.tile_types[state.drawn]) if state.drawn else None,
        "moves": [],
        "tile_art": {},
        "pieces": _pieces(state),
        "legend": legend if legend is not None else _legend(state),
        "area": [] if state.is_over else _area(state),
    }
    if to_move and seat is not None:
        data["moves"], data["tile_art"] = _moves(state)
    return data


def _legend(state: GameState) -> str:
    """The engine's legend of the game (:func:`carcassonne.svg.legend`): every figure, piece,
    tile mark, attribute and centre feature the game can show, drawn and in words."""
    return str(legend_picture(state, width=LEGEND_WIDTH))


#: The width of the legend picture (the page scales it to the card).
LEGEND_WIDTH = 420

#: Where the pieces standing on a tile as a whole go: along its top edge, one beside the other
#: (clear of the figures, which stand on their features); a piece at a location stands beside
#: the figure spot, the next one further along.
_PIECE_ROW = (18.0, 18.0, 20.0)
_PIECE_NEAR = (13.0, 11.0, 12.0)


def _pieces(state: GameState) -> list[dict[str, Any]]:
    """The pieces on the board (``state.pieces()``, in that order) with their look and where
    each is drawn in the picture's coordinates (``point``), so the page draws any kind from
    its mark, colour and glyph without knowing it."""
    kinds = state.config.piece_kinds
    seen: dict[tuple[int, int, str | None], int] = {}
    out: list[dict[str, Any]] = []
    for piece in state.pieces():
        key = (piece.x, piece.y, piece.location)
        index = seen[key] = seen.get(key, -1) + 1
        if piece.location is not None and (piece.x, piece.y) in state.board:
            px, py = location_point(state, piece.x, piece.y, piece.location)
            dx, dy, step = _PIECE_NEAR
            point = (px + dx + index * step, py + dy)
        else:
            dx, dy, step = _PIECE_ROW
            point = (piece.x * SQUARE + dx + index * step, piece.y * SQUARE + dy)
        kind = kinds.get(piece.kind) or PieceKind(piece.kind)
        out.append(
            {
                "kind": piece.kind,
                "label": kind.label or kind.name,
                "glyph": kind.glyph,
                "mark": kind.mark,
                "colour": kind.colour,
                "shape": kind.shape,
                "badge": kind.badge,
                "owner": None if piece.owner == NEUTRAL else piece.owner,
                "x": piece.x,
                "y": piece.y,
                "location": piece.location,
                "point": [round(point[0], 2), round(point[1], 2)],
            }
        )
    return out


def _area(state: GameState) -> list[list[int]]:
    """The squares the pending decision is about (``carcassonne_decision_area``: a tower's line
    of sight), which the page shades for every seat and spectator."""
    return [[x, y] for x, y in state.config.hooks.decision_area(state, state.pending)]


def _tile_art(config: GameConfig, tile_id: str, rotation: int) -> str:
    """A tile's picture as the page shows it (the drawn tile, each legal rotation of a move),
    remembered by tile type (games of the same tile sets share the objects) and rotation: a
    picture request of a tile decision draws about a dozen, and drawing one asks every
    installed expansion for its tile marks (``catalog.installed_tile_marks``: tens of
    milliseconds each, issue 34)."""
    tile_type, kinds = config.tile_types[tile_id], config.kinds
    key = (tile_id, rotation)
    with _ART_LOCK:  # pictures are drawn in worker threads
        known = _ART.get(key)
    if known is not None and known[0] is tile_type and (known[1] is kinds or known[1] == kinds):
        return known[2]
    art = str(tile_picture(tile_type, rotation, size=SQUARE, kinds=kinds))
    with _ART_LOCK:
        _remember(_ART, key, (tile_type, kinds, art), _ART_CACHE)
    return art


#: tile pictures by (tile, rotation), with the tile type and kinds they were drawn with
#: (another tile or other kinds under that id are drawn again)
_ART: OrderedDict[tuple[str, int], tuple[Any, Any, str]] = OrderedDict()
_ART_CACHE = 4096
_ART_LOCK = threading.Lock()


def _moves(state: GameState) -> tuple[list[dict[str, Any]], dict[str, dict[str, str]]]:
    """Each legal action with where it goes on the board: ``square`` for one naming a square
    but no location (a tile), ``point`` (+ the feature ``kind`` it names) for one naming a
    location on a placed tile; neither for the rest (pass, draw, ...)."""
    moves: list[dict[str, Any]] = []
    art: dict[str, dict[str, str]] = {}
    for action in state.legal_actions():
        fields = set(action_fields(type(action)))
        shown = action_json(action)
        move: dict[str, Any] = {
            "action": shown["action"],
            "text": shown["text"],
            "words": action_words(state, action, who),
        }
        x, y = getattr(action, "x", None), getattr(action, "y", None)
        if isinstance(x, int) and isinstance(y, int):
            location = getattr(action, "location", None) if "location" in fields else None
            if isinstance(location, str) and (x, y) in state.board:
                px, py = location_point(state, x, y, location)
                move["point"] = [round(px, 2), round(py, 2)]
                move["kind"] = _kind_at(state, x, y, location)
            elif location is None:
                move["square"] = [x, y]
        tile = getattr(action, "tile", None)
        rotation = getattr(action, "rotation", None)
        if isinstance(tile, str) and isinstance(rotation, int):
            rotations = art.setdefault(tile, {})
            if str(rotation) not in rotations:
                rotations[str(rotation)] = _tile_art(state.config, tile, rotation)
        moves.append(move)
    return moves, art


def _kind_at(state: GameState, x: int, y: int, location: str) -> str:
    """The kind of the feature at ``location`` of the tile at ``(x, y)`` (a corner: the
    field there), or the location's own name when no feature has that name."""
    placed = state.board[(x, y)]
    if location in placed.rot.by_location:
        return state.feature_kind(state.feature_at(x, y, location))
    return location


# -- history ------------------------------------------------------------------------------

#: the last histories computed, by (game, seq), as the text of the answer
_HISTORIES: OrderedDict[tuple[str, int], bytes] = OrderedDict()
_HISTORY_CACHE = 32


async def history(request: Request) -> Response:
    live = await _games(request).get(request.path_params["game"])
    async with live.lock:
        key = (live.id, live.seq)
        cached = _HISTORIES.get(key)
        args = (live.row, list(live.log), live.state.clone()) if cached is None else None
    if args is None:
        assert cached is not None
        return Response(cached, media_type="application/json")
    data = await asyncio.to_thread(history_json, *args)
    data["seq"] = key[1]
    # the answer's text is kept, not its data: every browser of the game asks for the same
    # history after each update, and writing it grows with the game (issue 34)
    body = json_text(data).encode()
    _remember(_HISTORIES, key, body, _HISTORY_CACHE)
    return Response(body, media_type="application/json")


#: per game, the last history replayed: the seqs of its actions, its entries and the state after
#: them, so that the next history applies only the actions since (a page fetches it after every
#: update, for the words); an undo, which changes the actions that count, replays from the start
_REPLAYED: OrderedDict[str, tuple[list[int], list[dict[str, Any]], GameState]] = OrderedDict()
_REPLAYED_CACHE = 32


def file_entries(origin: GameState) -> list[dict[str, Any]]:
    """The moves of the file a game was opened from (``.jcz``), which the game's origin has
    made already, as log entries with ``seq`` 0 (they are not in the server's log): replayed
    from the position the file began at, each draw and chance outcome as the origin logged it."""
    state = origin.initial()
    out = []
    for item in origin.log:
        if isinstance(item, ForcedDraw):
            state.force_draw(item.tile)
        elif isinstance(item, ForcedChance):
            state.force_chance(item.outcome)
        else:
            seat = state.pending.player
            words = action_entry_words(state, item)
            events = state.apply(item)
            out.append(entry(0, seat, action_text(item), words, state, events))
    return out


def history_json(row: Any, log: list[Any], final: GameState) -> dict[str, Any]:
    """The actions that still count with their events, replayed from the log (from the last
    replay of this game when the actions then are the first of the actions now)."""
    moves = effective_actions(log)
    if any(move.secret is not None for move in log):
        # the pile was shuffled anew after an undo: the seed deals other tiles than were
        # drawn, so the entries come from the game's own log (the file's moves first, if any)
        entries = file_entries(final)
        for item, move in zip(entries[len(entries) - len(moves) :], moves, strict=True):
            item.update(seq=move.seq, seat=move.seat)
        return {"entries": entries, "outcome": outcome_json(final) if final.is_over else None}
    seqs = [move.seq for move in moves]
    done = _REPLAYED.get(row.id)
    if done is not None and seqs[: len(done[0])] == done[0]:
        start, entries, state = len(done[0]), list(done[1]), done[2].clone()
    else:
        state = origin_state(row)
        # a game opened from a file: the file's moves first (the log goes on from them)
        start, entries = 0, file_entries(state) if row.config.get("record") is not None else []
    for move in moves[start:]:
        action = action_from_text(move.text, state)
        words = action_entry_words(state, action)
        events = state.apply(action)
        entries.append(entry(move.seq, move.seat, move.text, words, state, events))
    _REPLAYED[row.id] = (seqs, entries, state.clone())
    _REPLAYED.move_to_end(row.id)
    while len(_REPLAYED) > _REPLAYED_CACHE:
        _REPLAYED.popitem(last=False)
    return {"entries": entries, "outcome": outcome_json(final) if final.is_over else None}


# -- the OpenAPI description of the two routes (merged into /api/openapi.json) -----------------

_POINT = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
_MOVE = {
    "type": "object",
    "description": "a legal action of the pending decision and where it goes on the board",
    "properties": {
        "action": {"type": "object", "description": "the action as an object (docs/protocol.md)"},
        "text": {"type": "string", "description": "the action in notation"},
        "words": {
            "type": "string",
            "description": "the action in words; {N} stands for the name of seat N (from 0)",
        },
        "square": {**_POINT, "description": "the square [x, y] it names (a tile placement)"},
        "point": {**_POINT, "description": "where it goes, in the picture's coordinates"},
        "kind": {"type": "string", "description": "the kind of the feature at that point"},
    },
    "required": ["action", "text", "words"],
    "additionalProperties": False,
}
_PIECE = {
    "type": "object",
    "description": (
        "a piece on the board (the state's pieces, in order) and where it is drawn: its mark "
        "filled with colour (neutral) or with its owner's colour"
    ),
    "properties": {
        "kind": {"type": "string"},
        "label": {"type": "string"},
        "glyph": {"type": "string"},
        "mark": {"enum": ["disc", "square", "triangle", "diamond", "star", "ring"]},
        "colour": {"type": "string"},
        "owner": {"type": ["integer", "null"], "description": "null: a neutral piece"},
        "x": {"type": "integer"},
        "y": {"type": "integer"},
        "location": {"type": ["string", "null"]},
        "shape": {"type": "string", "description": 'a silhouette (PieceKind.shape) or ""'},
        "badge": {"type": "string", "description": 'text written on the piece, or ""'},
        "point": {**_POINT, "description": "where it is drawn, in the picture's coordinates"},
    },
    "required": [
        "kind",
        "label",
        "glyph",
        "mark",
        "colour",
        "shape",
        "badge",
        "owner",
        "x",
        "y",
        "location",
        "point",
    ],
    "additionalProperties": False,
}
_PICTURE = {
    "type": "object",
    "properties": {
        "seq": {"type": "integer", "minimum": 0},
        "svg": {"type": "string", "description": "the board (carcassonne.svg), 100 units a square"},
        "colors": {"type": "array", "items": {"type": "string"}},
        "last_tiles": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "player": {"type": "integer"},
                    "x": {"type": "integer"},
                    "y": {"type": "integer"},
                },
                "required": ["player", "x", "y"],
                "additionalProperties": False,
            },
        },
        "drawn_art": {"type": ["string", "null"], "description": "the drawn tile, unturned"},
        "drawn_words": {"type": ["string", "null"], "description": "the drawn tile in words"},
        "moves": {"type": "array", "items": _MOVE},
        "tile_art": {
            "type": "object",
            "description": "tile id -> rotation -> SVG, for the tiles the moves name",
            "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        "pieces": {"type": "array", "items": _PIECE},
        "legend": {
            "type": "string",
            "description": "the game's legend (carcassonne.svg.legend): every figure, piece, "
            "tile mark, attribute and centre feature it can show, in words",
        },
        "area": {
            "type": "array",
            "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
            "description": "squares [x, y] the pending decision is about (a tower's line of sight)",
        },
    },
    "required": [
        "seq",
        "svg",
        "colors",
        "last_tiles",
        "drawn_art",
        "drawn_words",
        "moves",
        "tile_art",
        "pieces",
        "area",
        "legend",
    ],
    "additionalProperties": False,
}
_HISTORY = {
    "type": "object",
    "properties": {
        "seq": {"type": "integer", "minimum": 0},
        "entries": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seq": {"type": "integer"},
                    "seat": {"type": ["integer", "null"]},
                    "text": {"type": "string"},
                    "words": {"type": "string", "description": "the action in words"},
                    "events": {
                        "type": "array",
                        "items": {"type": "object"},
                        "description": (
                            "each event's fields, its words (`words`) and for points scored "
                            "for a feature its squares (`squares`, [x, y] each)"
                        ),
                    },
                },
                "required": ["seq", "seat", "text", "words", "events"],
                "additionalProperties": False,
            },
        },
        "outcome": {
            "type": ["object", "null"],
            "description": "once the game is over: scores, ranking, winners, points by source",
        },
    },
    "required": ["seq", "entries", "outcome"],
    "additionalProperties": False,
}


def openapi_paths(game_id: dict[str, Any], errors: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """The page's routes for the OpenAPI document (``game_id``: the path parameter, ``errors``:
    the error responses by status, both as :mod:`openapi` writes them)."""

    def answer(schema: dict[str, Any], description: str) -> dict[str, Any]:
        return {"description": description, "content": {"application/json": {"schema": schema}}}

    seat = {
        "name": "seat",
        "in": "query",
        "required": False,
        "description": "the seat whose moves are placed (none: a spectator's picture)",
        "schema": {"type": "integer", "minimum": 0, "maximum": 5},
    }
    return {
        "/": {
            "get": {
                "operationId": "getWebPage",
                "summary": "The web page (docs/web.md)",
                "responses": {
                    "200": {
                        "description": "the page",
                        "content": {"text/html": {"schema": {"type": "string"}}},
                    },
                    **errors(),  # the rate limit covers the page too
                },
            }
        },
        "/api/games/{game}/picture": {
            "get": {
                "operationId": "getPicture",
                "summary": "The board picture with the legal moves placed on it (the web page)",
                "parameters": [game_id, seat],
                "responses": {"200": answer(_PICTURE, "the picture"), **errors(400, 404)},
            }
        },
        "/api/games/{game}/history": {
            "get": {
                "operationId": "getHistory",
                "summary": "Every action that counts with its events; the outcome once over",
                "parameters": [game_id],
                "responses": {"200": answer(_HISTORY, "the history"), **errors(404)},
            }
        },
        "/api/replay": {
            "post": {
                "operationId": "replayStep",
                "summary": "One step of a record or .jcz file: the board, the action in words",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _REPLAY_BODY}},
                },
                "responses": {"200": answer(_REPLAY, "the step"), **errors(400)},
            }
        },
    }


_REPLAY_BODY = {
    "type": "object",
    "properties": {
        "record": {"type": "string", "description": "a record's text"},
        "jcz": {"type": "string", "description": "a .jcz file's text (instead of record)"},
        "at": {"type": ["integer", "null"], "minimum": 0, "description": "null: the last step"},
    },
}
_REPLAY = {
    "type": "object",
    "description": "the picture of the state after `at` actions and that action (docs/web.md)",
    "properties": {
        **_PICTURE["properties"],  # type: ignore[dict-item]
        "steps": {"type": "integer"},
        "at": {"type": "integer"},
        "names": {"type": "array", "items": {"type": "string"}},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "over": {"type": "boolean"},
        "text": {"type": ["string", "null"]},
        "words": {"type": ["string", "null"]},
        "player": {"type": ["integer", "null"]},
        "events": {"type": "array", "items": {"type": "object"}},
        "record": {"type": ["string", "null"]},
    },
}
