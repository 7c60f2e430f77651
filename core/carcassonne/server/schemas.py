"""JSON Schemas (draft 2020-12) of every message: the WebSocket's, both ways, and the stdio
protocol's, so that front ends in any language can generate clients and check what they get.

The server serves them at ``/api/schemas/{name}``; ``docs/schemas/`` holds the same documents as
files (``python -m carcassonne.server.schemas docs/schemas`` writes them; a test checks they are
current). The game state inside messages is the document of
:func:`carcassonne.serialize.state_to_json` (``$defs/state``).
"""

from __future__ import annotations

import json
import os
import sys
import typing
from pathlib import Path
from typing import Any

from carcassonne import events
from carcassonne.values import SILHOUETTES

DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://carcassonne-engine.invalid/schemas/"

Schema = dict[str, Any]


def _obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None) -> Schema:
    """A closed object: these keys and no others."""
    props = {**required, **(optional or {})}
    return {
        "type": "object",
        "properties": props,
        "required": sorted(required),
        "additionalProperties": False,
    }


INT: Schema = {"type": "integer"}
SEQ: Schema = {"type": "integer", "minimum": 0}
#: A piece's silhouette (``PieceKind.shape``): one of the silhouettes, or "" for its mark.
SHAPE: Schema = {"enum": ["", *SILHOUETTES]}
STR: Schema = {"type": "string"}
BOOL: Schema = {"type": "boolean"}
ANY: Schema = {}
ID: Schema = {"type": ["string", "integer", "null"], "description": "repeated in the answer"}
SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": 5}
NULLABLE_SEAT: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": 5}

#: The marks a piece is drawn with (``PieceKind.mark``).
MARKS = ("disc", "square", "triangle", "diamond", "star", "ring")


def _field_schema(hint: Any) -> Schema:
    """The schema of an event field from its annotation (int, str, bool, optional, tuples)."""
    if hint is int:
        return INT
    if hint is str:
        return STR
    if hint is bool:
        return BOOL
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        return {"type": "array", "items": _field_schema(args[0])}
    if type(None) in args:
        (inner,) = (a for a in args if a is not type(None))
        found = _field_schema(inner)
        return {**found, "type": [found["type"], "null"]}
    return ANY  # pragma: no cover - every core event field is one of the above


def _core_events() -> dict[str, Schema]:
    """The engine's event types (:mod:`carcassonne.events`) as closed objects, by ``type``."""
    found: dict[str, Schema] = {}
    for value in vars(events).values():
        if not (isinstance(value, type) and issubclass(value, events.Event)):
            continue
        if value is events.Event:
            continue
        hints = typing.get_type_hints(value)
        fields = {name: _field_schema(hints[name]) for name in value._fields}  # type: ignore[attr-defined]
        found[value.type] = _obj({"type": {"const": value.type}, **fields})
    return found


#: The engine's event types by ``type``: every event it makes conforms to one.
CORE_EVENTS: dict[str, Schema] = _core_events()

#: Shared definitions: the game state, actions, events, errors.
DEFS: dict[str, Schema] = {
    "action": {
        "description": "an action object: its verb in 'type', then its fields (docs/protocol.md)",
        "type": "object",
        "properties": {"type": STR},
        "required": ["type"],
        "additionalProperties": {"type": ["string", "integer"]},
    },
    "action_input": {
        "description": "an action as notation text ('tile BA/C 0,-1 r180') or as an object",
        "oneOf": [STR, {"$ref": "#/$defs/action"}],
    },
    "action_json": _obj({"action": {"$ref": "#/$defs/action"}, "text": STR}),
    "event": {
        "description": (
            "an event (docs/protocol.md, 'Events'): the engine's own types have the fields of "
            "$defs/event-<type>; an expansion's may have any"
        ),
        "type": "object",
        "properties": {"type": STR},
        "required": ["type"],
        "allOf": [
            {
                "if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                "then": {"$ref": f"#/$defs/event-{name}"},
            }
            for name in sorted(CORE_EVENTS)
        ],
    },
    **{f"event-{name}": schema for name, schema in sorted(CORE_EVENTS.items())},
    "error": _obj({"code": STR, "message": STR}),
    "log_entry": {
        "description": (
            "an action's entry of the web page's log, as GET /api/games/{game}/history has it "
            "(docs/web.md): with the changes, an update of an action carries it"
        ),
        **_obj(
            {
                "seq": SEQ,
                "seat": NULLABLE_SEAT,
                "text": STR,
                "words": STR,
                "events": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"type": STR, "words": STR},
                        "required": ["type", "words"],
                    },
                },
            }
        ),
    },
    "figure": _obj(
        {"owner": INT, "kind": STR, "x": INT, "y": INT, "location": STR, "feature": INT}
    ),
    "state": _obj(
        {
            "config": _obj(
                {
                    "players": INT,
                    "names": {"type": "array", "items": STR},
                    "expansions": {"type": "array", "items": STR},
                    "options": {"type": "object"},
                    "seed": {"type": ["integer", "null"]},
                }
            ),
            "view": {"oneOf": [{"const": "full"}, {"const": "spectator"}, SEQ]},
            "turn": INT,
            "current_player": INT,
            "pending": _obj(
                {"kind": STR, "player": INT, "data": ANY},
            ),
            "drawn_tile": {"type": ["string", "null"]},
            "tiles": {
                "type": "array",
                "items": _obj(
                    {
                        "id": STR,
                        "x": INT,
                        "y": INT,
                        "rotation": {"enum": [0, 90, 180, 270]},
                        "placed_by": INT,
                        "features": {"type": "object", "additionalProperties": INT},
                    }
                ),
            },
            "features": {
                "type": "array",
                "items": _obj(
                    {
                        "id": INT,
                        "kind": STR,
                        "tiles": {
                            "type": "array",
                            "items": {
                                "type": "array",
                                "items": INT,
                                "minItems": 2,
                                "maxItems": 2,
                            },
                        },
                        "complete": BOOL,
                        "open_edges": INT,
                        "figures": {"type": "array", "items": {"$ref": "#/$defs/figure"}},
                        "shields": INT,
                        "attributes": {"type": "object"},
                    }
                ),
            },
            "figures": {"type": "array", "items": {"$ref": "#/$defs/figure"}},
            "scores": {"type": "array", "items": INT},
            "supplies": {
                "type": "array",
                "items": {"type": "object", "additionalProperties": INT},
            },
            "held": {
                "type": "array",
                "items": {"type": "object", "additionalProperties": INT},
            },
            "legal_actions": {"type": "array", "items": {"$ref": "#/$defs/action_json"}},
            "events": {"type": "array", "items": {"$ref": "#/$defs/event"}},
            "tiles_left": INT,
            "actions_played": INT,
            "game_over": BOOL,
            "ranking": {"type": ["array", "null"], "items": INT},
            "ext": {"type": "object"},
            "pieces": {"type": "array", "items": {"$ref": "#/$defs/piece"}},
            "piece_kinds": {
                "type": "object",
                "description": "how each kind of piece the game knows looks (held counters too)",
                "additionalProperties": {"$ref": "#/$defs/piece_look"},
            },
            "figure_kinds": {
                "type": "object",
                "description": "how each kind of figure the game has looks",
                "additionalProperties": _obj(
                    {
                        "label": STR,
                        "glyph": STR,
                        "shape": {"enum": list(SILHOUETTES)},
                        "provider": STR,
                    }
                ),
            },
            "prisoners": {
                "type": "array",
                "items": _obj({"captor": SEQ, "player": SEQ, "kind": STR}),
            },
            "set_aside": {"type": "array", "items": STR, "description": "face up, public"},
            "under": {
                "type": "array",
                "description": "how many tiles lie face down under a tile (never which)",
                "items": _obj({"x": INT, "y": INT, "count": {"type": "integer", "minimum": 1}}),
            },
            "turn_part": SEQ,
            "chance": {
                "oneOf": [
                    {"type": "null"},
                    _obj(
                        {
                            "name": STR,
                            "outcomes": {
                                "type": "array",
                                "items": _obj(
                                    {
                                        "outcome": STR,
                                        "probability": {
                                            "type": "number",
                                            "exclusiveMinimum": 0,
                                            "maximum": 1,
                                        },
                                        "action": {"$ref": "#/$defs/action"},
                                        "text": STR,
                                    }
                                ),
                            },
                        }
                    ),
                ],
            },
        },
        {
            "draw_pile": {"type": "array", "items": STR},
            "draw_pile_counts": {"type": "object", "additionalProperties": INT},
        },
    ),
    "piece_look": _obj(
        {
            "label": STR,
            "glyph": STR,
            "mark": {"enum": list(MARKS)},
            "colour": STR,
            "neutral": BOOL,
            "provider": STR,
            "shape": SHAPE,
            "badge": STR,
        }
    ),
    "piece": _obj(
        {
            "kind": STR,
            "label": STR,
            "glyph": STR,
            "mark": {"enum": list(MARKS)},
            "colour": STR,
            "neutral": BOOL,
            "shape": SHAPE,
            "badge": STR,
            "owner": {"type": ["integer", "null"], "minimum": 0, "description": "null: neutral"},
            "x": INT,
            "y": INT,
            "location": {"type": ["string", "null"], "description": "null: the tile as a whole"},
        }
    ),
    "seat_presence": _obj(
        {
            "seat": SEAT,
            "kind": {"enum": ["human", "bot"]},
            "name": STR,
            "taken": BOOL,
            "online": BOOL,
        }
    ),
}

#: What a move changed in the state (docs/protocol.md, "Changes instead of the state"): an
#: ``apply`` with ``changes`` answers it, an ``update`` carries it to a WebSocket client that
#: asked for it: the state's keys that changed, ``tiles`` and ``features`` holding only the
#: entries added or changed, and the feature ids / squares that are gone.
DEFS["changes"] = {
    **DEFS["state"],
    "required": [],
    "properties": {
        **DEFS["state"]["properties"],
        "removed_features": {"type": "array", "items": INT},
        "removed_tiles": {"type": "array", "items": {"type": "array", "items": INT}},
    },
}


def _document(name: str, title: str, variants: dict[str, Schema], tag: str) -> Schema:
    """One schema for a family of messages told apart by ``tag`` (``op`` or ``type``)."""
    return {
        "$schema": DIALECT,
        "$id": BASE + name,
        "title": title,
        "oneOf": [{"$ref": f"#/$defs/{key}"} for key in variants],
        "$defs": {**DEFS, **variants},
        "x-tag": tag,
    }


def _op(op: str, required: dict[str, Schema], optional: dict[str, Schema] | None = None) -> Schema:
    return _obj({"op": {"const": op}, **required}, {"id": ID, **(optional or {})})


def _type(kind: str, fields: dict[str, Schema]) -> Schema:
    return _obj({"type": {"const": kind}, **fields})


WS_CLIENT = _document(
    "ws-client.json",
    "A message a client sends on a game's WebSocket",
    {
        "hello": _op(
            "hello",
            {},
            {
                "seat": NULLABLE_SEAT,
                "token": {"type": ["string", "null"]},
                "seq": {"type": ["integer", "null"]},
                "changes": BOOL,
            },
        ),
        "apply": _op("apply", {"seq": SEQ, "action": {"$ref": "#/$defs/action_input"}}),
        "undo": _op("undo", {"seq": SEQ}),
        "undo_answer": _op("undo_answer", {"seq": SEQ, "accept": BOOL}),
        "sync": _op("sync", {}),
        "ping": _op("ping", {}),
    },
    "op",
)

WS_SERVER = _document(
    "ws-server.json",
    "A message the server sends on a game's WebSocket",
    {
        "sync": _type(
            "sync",
            {
                "id": ID,
                "game": STR,
                "seat": NULLABLE_SEAT,
                "seq": SEQ,
                "state": {"$ref": "#/$defs/state"},
                "missed": {
                    "type": ["array", "null"],
                    "items": _obj(
                        {
                            "seq": SEQ,
                            "seat": NULLABLE_SEAT,
                            "kind": {"enum": ["action", "undo"]},
                            "text": STR,
                        }
                    ),
                },
            },
        ),
        "update": {
            **_obj(
                {
                    "type": {"const": "update"},
                    "game": STR,
                    "seq": SEQ,
                    "seat": NULLABLE_SEAT,
                    "action": {"oneOf": [{"$ref": "#/$defs/action_json"}, {"type": "null"}]},
                    "undone": {"type": ["integer", "null"], "minimum": 1},
                    "events": {"type": "array", "items": {"$ref": "#/$defs/event"}},
                },
                {
                    "state": {"$ref": "#/$defs/state"},
                    "changes": {"$ref": "#/$defs/changes"},
                    "entry": {"$ref": "#/$defs/log_entry"},
                },
            ),
            # the state, or (a client that said hello with changes) what the change changed
            "oneOf": [{"required": ["state"]}, {"required": ["changes"]}],
        },
        "ok": _type("ok", {"id": ID, "seq": SEQ}),
        "error_message": _type("error", {"id": ID, "error": {"$ref": "#/$defs/error"}}),
        "pong": _type("pong", {"id": ID}),
        "presence": _type(
            "presence",
            {"game": STR, "seats": {"type": "array", "items": {"$ref": "#/$defs/seat_presence"}}},
        ),
        "undo_request": _type("undo-request", {"game": STR, "seq": SEQ, "seat": SEAT}),
        "undo_declined": _type("undo-declined", {"game": STR, "seq": SEQ, "by": SEAT}),
    },
    "type",
)

_FIELDS: dict[str, Schema] = {
    "player": {"type": ["integer", "null"]},
    "fields": {"type": "array", "items": STR},
}
#: Who draws chance inside a turn: the engine (the default) or the client (``chance`` actions).
_CHANCE: dict[str, Schema] = {"chance": {"enum": ["engine", "client"]}}

STDIO_REQUEST = _document(
    "stdio-request.json",
    "A request line of 'carcassonne serve --stdio' (docs/protocol.md)",
    {
        "hello": _op("hello", {}),
        "new": _op(
            "new",
            {},
            {
                "players": INT,
                "expansions": {
                    "oneOf": [
                        {"type": "array", "items": STR},
                        {"type": "object", "additionalProperties": {"type": "object"}},
                    ]
                },
                "options": {"type": "object"},
                "seed": INT,
                "names": {"type": "array", "items": STR},
                **_CHANCE,
                **_FIELDS,
            },
        ),
        "load_record": _op("load_record", {}, {"text": STR, "path": STR, **_CHANCE, **_FIELDS}),
        "load_position": _op("load_position", {}, {"text": STR, "path": STR, **_CHANCE, **_FIELDS}),
        "load_jcz": _op("load_jcz", {}, {"text": STR, "path": STR, **_CHANCE, **_FIELDS}),
        "legal_actions": _op("legal_actions", {}),
        "apply": _op(
            "apply", {"action": {"$ref": "#/$defs/action_input"}}, {"changes": BOOL, **_FIELDS}
        ),
        "undo": _op("undo", {}, {"count": {"type": "integer", "minimum": 1}, **_FIELDS}),
        "state": _op("state", {}, _FIELDS),
        "save_record": _op("save_record", {}, {"path": STR}),
        "save_position": _op("save_position", {}, {"path": STR}),
        "figure_options": _op("figure_options", {}),
        "why": _op("why", {"action": {"$ref": "#/$defs/action_input"}}),
        "placements": _op("placements", {"tile": STR}, {"distinct": BOOL}),
        "outcome": _op("outcome", {}),
        "tiles": _op(
            "tiles",
            {},
            {
                "ids": {"type": "array", "items": STR},
                "expansions": {"type": ["array", "object"]},
                "options": {"type": "object"},
                "svg": BOOL,
            },
        ),
        "expansions": _op("expansions", {}),
        "error_codes": _op("error_codes", {}, {"expansions": {"type": ["array", "object"]}}),
        "board_svg": _op(
            "board_svg",
            {},
            {"player": {"type": ["integer", "null"]}, "highlight": BOOL, "coordinates": BOOL},
        ),
        "quit": _op("quit", {}),
    },
    "op",
)


STDIO_ANSWER = _document(
    "stdio-answer.json",
    "An answer line of 'carcassonne serve --stdio' (docs/protocol.md)",
    {
        "failure": _obj(
            {
                "id": ANY,
                "ok": {"const": False},
                "error": _obj(
                    {"type": STR, "message": STR},
                    {
                        "code": STR,
                        "reason": STR,
                        "details": {"type": "object"},
                        "field": STR,
                        "where": STR,
                    },
                ),
            }
        ),
        "success": {
            "type": "object",
            "properties": {
                "id": ANY,
                "ok": {"const": True},
                "protocol": INT,
                "engine": STR,
                "state": {"$ref": "#/$defs/partial_state"},
                "changes": {"$ref": "#/$defs/changes"},
                "pending": _obj({"kind": STR, "player": INT}),
                "legal_actions": {"type": "array", "items": {"$ref": "#/$defs/action_json"}},
                "applied": {"$ref": "#/$defs/action_json"},
                "events": {"type": "array", "items": {"$ref": "#/$defs/event"}},
                "text": STR,
                "path": STR,
                "bye": {"const": True},
                # figure_options, why, placements, outcome, tiles, expansions, error_codes,
                # board_svg (docs/protocol.md)
                "features": {"type": "array", "items": {"type": "object"}},
                "other": {"type": "array", "items": {"$ref": "#/$defs/action_json"}},
                "action": {"$ref": "#/$defs/action_json"},
                "legal": BOOL,
                "code": STR,
                "reason": STR,
                "details": {"type": "object"},
                "tile": STR,
                "placements": {"type": "array", "items": {"$ref": "#/$defs/action_json"}},
                "outcome": {"type": "object"},
                "start_tile": STR,
                "kinds": {"type": "object"},
                "tiles": {"type": "array", "items": {"type": "object"}},
                "expansions": {"type": "array", "items": {"type": "object"}},
                "codes": {"type": "array", "items": {"type": "object"}},
                "svg": STR,
            },
            "required": ["id", "ok"],
            "additionalProperties": False,
        },
    },
    "ok",
)

#: A state limited to some keys: the state's properties, none required.
STDIO_ANSWER["$defs"]["partial_state"] = {
    **DEFS["state"],
    "required": [],
}

#: Every schema by file name.
SCHEMAS: dict[str, Schema] = {
    doc["$id"].removeprefix(BASE): doc
    for doc in (WS_CLIENT, WS_SERVER, STDIO_REQUEST, STDIO_ANSWER)
}


def schema_text(schema: Schema) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write(folder: Path) -> list[Path]:
    """Write every schema into ``folder`` (``docs/schemas``)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in SCHEMAS.items():
        path = folder / name
        tmp = path.with_suffix(".tmp")
        with tmp.open("w", encoding="utf-8") as out:
            out.write(schema_text(schema))
            out.flush()
            os.fsync(out.fileno())
        tmp.replace(path)
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - python -m carcassonne.server.schemas docs/schemas
    for written_path in write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")):
        print(written_path)
