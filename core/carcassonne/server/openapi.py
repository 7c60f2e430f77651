"""The OpenAPI 3.1 document of the REST API, served at ``/api/openapi.json``.

Written out by hand next to the routes (:mod:`routes`) rather than generated, so that it states
the contract, error answers included; the schemathesis run of the tests checks the live server
against it.
"""

from __future__ import annotations

from typing import Any

from carcassonne.server.schemas import BOOL, INT, STR, Schema

ERROR: Schema = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": STR,
                "message": STR,
                "where": {
                    "type": "string",
                    "description": "where in an uploaded .jcz file: a JSON path or line and column",
                },
            },
            "required": ["code", "message"],
            "additionalProperties": False,
        }
    },
    "required": ["error"],
    "additionalProperties": False,
}

SCALAR: Schema = {"type": ["string", "integer", "boolean"]}

SEAT_IN: Schema = {
    "type": "object",
    "properties": {
        "kind": {"enum": ["human", "bot"]},
        "bot": {"type": "string", "description": "bot seats: a name from /api/expansions 'bots'"},
        "name": {"type": "string", "minLength": 1, "maxLength": 40},
    },
    "required": ["kind"],
    "additionalProperties": False,
}

NEW_GAME: Schema = {
    "type": "object",
    "properties": {
        "seats": {
            "type": "array",
            "items": SEAT_IN,
            "minItems": 2,
            "maxItems": 6,
            "contains": {"properties": {"kind": {"const": "human"}}},
            "description": "one seat per player, in turn order; at least one human seat",
        },
        "expansions": {
            "oneOf": [
                {"type": "array", "items": STR},
                {
                    "type": "object",
                    "additionalProperties": {"type": "object", "additionalProperties": SCALAR},
                },
            ]
        },
        "options": {"type": "object", "additionalProperties": SCALAR},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**53 - 1},
        "private": BOOL,
        "bot_think": {"type": "number", "minimum": 0, "maximum": 10},
        "jcz": {
            "type": "string",
            "description": (
                "open a JCloisterZone saved game (the text of a .jcz file, docs/jcz.md) and go "
                "on from where it ends; then no expansions, options or seed, and seats are "
                "optional (default: a human seat per player of the file)"
            ),
        },
    },
    "anyOf": [{"required": ["seats"]}, {"required": ["jcz"]}],
    "additionalProperties": False,
}

GAME: Schema = {
    "type": "object",
    "properties": {
        "id": STR,
        "status": {"enum": ["waiting", "playing", "over"]},
        "seq": {"type": "integer", "minimum": 0},
        "private": BOOL,
        "players": INT,
        "expansions": {"type": "array", "items": STR},
        "options": {"type": "object"},
        "bot_think": {"type": "number"},
        "created": {"type": "number"},
        "updated": {"type": "number"},
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seat": INT,
                    "kind": {"enum": ["human", "bot"]},
                    "bot": {"type": ["string", "null"]},
                    "name": STR,
                    "taken": BOOL,
                },
                "required": ["seat", "kind", "bot", "name", "taken"],
                "additionalProperties": False,
            },
        },
    },
    "required": [
        "id", "status", "seq", "private", "players", "expansions", "options", "bot_think",
        "created", "updated", "seats",
    ],
    "additionalProperties": False,
}  # fmt: skip

OPTION: Schema = {
    "type": "object",
    "properties": {"key": STR, "default": SCALAR, "choices": {"type": "array"}, "doc": STR},
    "required": ["key", "default", "choices", "doc"],
}

CATALOGUE: Schema = {
    "type": "object",
    "properties": {
        "expansions": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": STR,
                    "version": STR,
                    "options": {"type": "array", "items": {"$ref": "#/components/schemas/Option"}},
                },
                "required": ["name", "version"],
            },
        },
        "options": {"type": "array", "items": {"$ref": "#/components/schemas/Option"}},
        "bots": {"type": "array", "items": STR},
    },
    "required": ["expansions", "options", "bots"],
    "additionalProperties": False,
}


def _json(schema: Schema, description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _errors(*statuses: int) -> dict[str, Any]:
    why = {
        400: "a malformed request (bad JSON, a wrong field, a bad configuration)",
        401: "no token was sent",
        403: "the token does not hold that seat",
        404: "no such game, seat or schema",
        409: "the seat is taken / the game is not over yet / no position can be taken now",
        413: "the request body is too large",
        429: "too many requests from this address",
    }
    return {str(s): _json(_ref("Error"), why[s]) for s in (*statuses, 429)}


GAME_ID = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
SEAT_NO = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0, "maximum": 5},
}
GAME_ANSWER = {"type": "object", "properties": {"game": _ref("Game")}, "required": ["game"]}
TEXT = {"content": {"text/plain": {"schema": {"type": "string"}}}}


def openapi_document() -> dict[str, Any]:
    from carcassonne import __version__
    from carcassonne.server.web import openapi_paths as web_paths

    return {
        "openapi": "3.1.0",
        "info": {
            "title": "carcassonne-engine game server",
            "version": __version__,
            "description": "REST API of 'carcassonne serve --http' (docs/server.md). Play happens "
            "on the WebSocket /api/games/{game}/ws; its messages are specified by the JSON "
            "Schemas at /api/schemas/ws-client.json and /api/schemas/ws-server.json.",
        },
        "paths": {
            "/api/expansions": {
                "get": {
                    "operationId": "listExpansions",
                    "summary": "Expansions, their options, the core options and the bots",
                    "responses": {"200": _json(_ref("Catalogue"), "the catalogue"), **_errors()},
                }
            },
            "/api/games": {
                "get": {
                    "operationId": "listGames",
                    "summary": "Public games, most recently updated first",
                    "parameters": [
                        {
                            "name": "limit",
                            "in": "query",
                            "required": False,
                            "schema": {"type": "integer", "minimum": 1, "maximum": 100},
                        }
                    ],
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "properties": {"games": {"type": "array", "items": _ref("Game")}},
                                "required": ["games"],
                            },
                            "the games",
                        ),
                        **_errors(400),
                    },
                },
                "post": {
                    "operationId": "createGame",
                    "summary": "Create a game (its seed stays secret)",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("NewGame")}},
                    },
                    "responses": {
                        "201": _json(GAME_ANSWER, "the game"),
                        **_errors(400, 413),
                    },
                },
            },
            "/api/games/{game}": {
                "get": {
                    "operationId": "getGame",
                    "parameters": [GAME_ID],
                    "responses": {"200": _json(GAME_ANSWER, "the game"), **_errors(404)},
                }
            },
            "/api/games/{game}/seats/{seat}": {
                "post": {
                    "operationId": "joinSeat",
                    "summary": "Take a free human seat; the answer holds the seat's secret token",
                    "parameters": [GAME_ID, SEAT_NO],
                    "requestBody": {
                        "required": False,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "name": {"type": "string", "minLength": 1, "maxLength": 40}
                                    },
                                    "additionalProperties": False,
                                }
                            }
                        },
                    },
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "properties": {
                                    "seat": INT,
                                    "token": STR,
                                    "game": _ref("Game"),
                                },
                                "required": ["seat", "token", "game"],
                                "additionalProperties": False,
                            },
                            "the seat is yours",
                        ),
                        **_errors(400, 404, 409, 413),
                    },
                },
                "delete": {
                    "operationId": "leaveSeat",
                    "summary": "Give a seat up (send its token as a bearer token)",
                    "parameters": [GAME_ID, SEAT_NO],
                    "security": [{"seatToken": []}],
                    "responses": {
                        "200": _json(GAME_ANSWER, "the seat is free"),
                        **_errors(401, 403, 404),
                    },
                },
            },
            "/api/games/{game}/record": {
                "get": {
                    "operationId": "getRecord",
                    "summary": "The game's record (docs/records.md), once the game is over",
                    "parameters": [GAME_ID],
                    "responses": {
                        "200": {"description": "the record", **TEXT},
                        **_errors(404, 409),
                    },
                }
            },
            "/api/games/{game}/position": {
                "get": {
                    "operationId": "getPosition",
                    "summary": "The position now (docs/positions.md), the pile as counts only",
                    "parameters": [GAME_ID],
                    "responses": {
                        "200": {"description": "the position", **TEXT},
                        **_errors(404, 409),
                    },
                }
            },
            "/api/games/{game}/board.svg": {
                "get": {
                    "operationId": "getBoard",
                    "summary": "A picture of the board",
                    "parameters": [GAME_ID],
                    "responses": {
                        "200": {
                            "description": "the board",
                            "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                        },
                        **_errors(404),
                    },
                }
            },
            "/api/schemas/{name}": {
                "get": {
                    "operationId": "getSchema",
                    "summary": "A JSON Schema of the WebSocket or stdio messages",
                    "parameters": [{"name": "name", "in": "path", "required": True, "schema": STR}],
                    "responses": {"200": _json({"type": "object"}, "the schema"), **_errors(404)},
                }
            },
            "/api/openapi.json": {
                "get": {
                    "operationId": "getOpenapi",
                    "responses": {"200": _json({"type": "object"}, "this document"), **_errors()},
                }
            },
            **web_paths(GAME_ID, _errors),  # the web page's routes (docs/web.md)
        },
        "components": {
            "schemas": {
                "Error": ERROR,
                "Game": GAME,
                "NewGame": NEW_GAME,
                "Option": OPTION,
                "Catalogue": CATALOGUE,
            },
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}},
        },
    }
