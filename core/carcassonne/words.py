"""Actions and tiles in words, for people: the web page's buttons and log, the terminal's
``explain``. Made from what the core keeps (a tile's features, an action's fields, the feature
kind at a location, figure and piece names), so that a plugin's tiles and actions have words
without code of their own: ``place a tile with a city and a road at 2,-1 turned 90°``,
``put a meeple on the city at 2,-1 N``, ``abbot return: the monastery at 0,1``.
"""

from __future__ import annotations

from typing import Any

from carcassonne.actions import Draw, Pass, PlaceFigure, PlaceTile, action_fields, seat_fields
from carcassonne.errors import CarcassonneError

#: the kinds a tile's words leave out: every tile has fields
_UNSAID = frozenset({"field"})


def _counted(count: int, kind: str) -> str:
    if count == 1:
        return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"
    if kind.endswith("y") and kind[-2:-1] not in ("a", "e", "o", "u"):
        return f"{count} {kind[:-1]}ies"
    return f"{count} {kind}{'' if kind.endswith('s') else 's'}"


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def tile_words(tile: Any) -> str:
    """``a tile with a city and 2 roads``; ``a field tile`` when it has nothing else."""
    counts: dict[str, int] = {}
    for feature in tile.features:
        if feature.kind not in _UNSAID:
            counts[feature.kind] = counts.get(feature.kind, 0) + 1
    if not counts:
        return "a field tile"
    return "a tile with " + _listed([_counted(n, kind) for kind, n in counts.items()])


def _kind_at(state: Any, x: int, y: int, location: str) -> str | None:
    try:
        return str(state.feature_kind(state.feature_at(x, y, location)))
    except (CarcassonneError, KeyError):
        return None


def _spot(state: Any, x: int, y: int, location: str) -> str:
    kind = _kind_at(state, x, y, location)
    if kind is None:
        return f"{x},{y} {location}"
    return f"the {kind} at {x},{y}" + ("" if location == kind else f" {location}")


def action_words(state: Any, action: Any, who: Any = None) -> str:
    """``action`` in words, in ``state`` (before it is applied). ``who(player)`` names a player
    (default ``player N``, counting from 1)."""
    name = who or (lambda p: f"player {p + 1}")
    if type(action) is PlaceTile:
        tile = state.config.tile_types.get(action.tile)
        what = tile_words(tile) if tile is not None else f"tile {action.tile}"
        return f"place {what} at {action.x},{action.y} turned {action.rotation}°"
    if type(action) is PlaceFigure:
        return f"put a {action.figure} on {_spot(state, action.x, action.y, action.location)}"
    if type(action) is Draw:
        return "draw a tile"
    if type(action) is Pass:
        kind = "" if state.is_over else state.pending.kind
        return "place no figure" if kind == "figure" else "pass"
    values = action._asdict()
    fields = action_fields(type(action))
    # every field that holds a player (``player`` and the fields a plugin annotates ``Seat``)
    # is named with ``who``: the page shows the seat's name, never its number
    seats = seat_fields(type(action)) | {"player"}
    parts: list[str] = []
    if "x" in fields and "y" in fields:
        if "location" in fields and isinstance(values.get("location"), str):
            spot = _spot(state, values["x"], values["y"], values["location"])
        else:
            spot = f"{values['x']},{values['y']}"
        if "figure" in fields and "player" in fields:
            parts.append(f"{name(values['player'])}'s {values['figure']} at {spot}")
        else:
            parts.append(f"at {spot}" if "location" not in fields else spot)
    for key in fields:
        if key in ("x", "y", "location") or ("x" in fields and key in ("player", "figure")):
            continue
        value = values[key]
        if key in seats and isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{key} {name(value)}")
        elif key == "tile" and value in state.config.tile_types:
            parts.append(tile_words(state.config.tile_types[value]))
        else:
            parts.append(str(value).replace("-", " "))
    head = type(action).verb.replace("-", " ")
    return f"{head}: {', '.join(parts)}" if parts else head


__all__ = ["action_words", "tile_words"]
