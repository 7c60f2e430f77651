"""The choices of a decision as a person picks them: by short keys shown on the board.

A decision's legal actions are grouped into what the screen shows:

* tile placements by square (a key on each empty square where the drawn tile fits), then by
  rotation, rotations that give the same tile on the board (a symmetric tile) merged into one;
* actions on a location of a placed tile (figures, the abbot's return, a wagon's move) by spot,
  a key drawn on a zoomed picture of the tile and the spot named by its feature ("N: city");
  several figure kinds on one spot are then chosen by number;
* everything else (draw, pass, a plugin's action) by number in a list.

Letters are for the board, numbers for lists; keys never collide with the prompt's commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from string import ascii_lowercase
from typing import Any

from carcassonne.actions import Draw, Pass, PlaceTile
from carcassonne.notation import action_to_text

Pos = tuple[int, int]


def letter_keys(count: int) -> list[str]:
    """``a`` … ``z``, then ``aa``, ``ab`` …: short keys for ``count`` things on the board."""
    keys = list(ascii_lowercase[:count])
    for first in ascii_lowercase:
        if len(keys) >= count:
            break
        keys.extend(first + second for second in ascii_lowercase[: count - len(keys)])
    return keys


@dataclass
class Spot:
    """One place on a tile where actions may go: ``key``, square, location and its name."""

    key: str
    square: Pos
    location: str
    name: str
    actions: list[Any] = field(default_factory=list)


@dataclass
class Choices:
    """A decision's actions grouped by what the player picks first."""

    squares: dict[str, Pos] = field(default_factory=dict)
    tiles: dict[Pos, list[Any]] = field(default_factory=dict)
    spots: list[Spot] = field(default_factory=list)
    listed: list[tuple[str, Any]] = field(default_factory=list)

    def square_keys(self) -> dict[Pos, str]:
        return {square: key for key, square in self.squares.items()}

    def lookup(self, key: str) -> Pos | Spot | Any | None:
        """What ``key`` names: a square, a spot or a listed action (``None``: no such key)."""
        if key in self.squares:
            return self.squares[key]
        for spot in self.spots:
            if spot.key == key:
                return spot
        for listed_key, action in self.listed:
            if listed_key == key:
                return action
        return None


def group(state: Any, actions: list[Any]) -> Choices:
    """Group ``actions`` (the legal actions, sorted) into squares, spots and a list."""
    choices = Choices()
    spots: dict[tuple[Pos, str], Spot] = {}
    rest: list[Any] = []
    for action in actions:
        if type(action) is PlaceTile:
            choices.tiles.setdefault((action.x, action.y), []).append(action)
        elif _spot_of(action) is not None and _spot_of(action)[0] in state.board:  # type: ignore[index]
            square, location = _spot_of(action)  # type: ignore[misc]
            spot = spots.get((square, location))
            if spot is None:
                spot = Spot("", square, location, spot_name(state, square, location))
                spots[(square, location)] = spot
            spot.actions.append(action)
        else:
            rest.append(action)
    square_keys = letter_keys(len(choices.tiles) + len(spots))
    for key, square in zip(square_keys, choices.tiles, strict=False):
        choices.squares[key] = square
    for key, spot in zip(square_keys[len(choices.tiles) :], spots.values(), strict=False):
        spot.key = key
        choices.spots.append(spot)
    others = [a for a in rest if type(a) is not Pass]
    choices.listed = [(str(i + 1), a) for i, a in enumerate(others)]
    choices.listed += [("0", a) for a in rest if type(a) is Pass]
    return choices


def _spot_of(action: Any) -> tuple[Pos, str] | None:
    fields = getattr(action, "_fields", ())
    if "x" in fields and "y" in fields and "location" in fields:
        return (action.x, action.y), action.location
    return None


def spot_name(state: Any, square: Pos, location: str) -> str:
    """``N: city``, ``ER: field``, ``monastery``: a location and the feature there."""
    try:
        kind = state.feature_kind(state.feature_at(square[0], square[1], location))
    except Exception:  # noqa: BLE001 - a plugin location the engine cannot name
        return location
    return kind if kind == location else f"{location}: {kind}"


def rotation_signature(tile: Any, rotation: int) -> tuple[object, ...]:
    """What a rotation puts on the board: edges and features in board orientation. Two
    rotations with equal signatures are the same move for the player (a symmetric tile)."""
    rot = tile.rotated(rotation)
    features = rot.features
    shapes = []
    for f in features:
        borders = tuple(sorted((features[b].kind, features[b].sides) for b in f.borders))
        shapes.append(
            (f.kind, f.sides, f.halves, f.inner, f.corners, tuple(sorted(f.attrs.items())),
             f.ends, borders)
        )  # fmt: skip
    return (rot.edges, tuple(sorted(shapes)))


def distinct_rotations(state: Any, placements: list[Any]) -> list[Any]:
    """Placements of one tile on one square, one per distinct result (first rotation kept)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for action in placements:
        tile = state.config.tile_types[action.tile]
        signature = rotation_signature(tile, action.rotation)
        if signature not in seen:
            seen.add(signature)
            out.append(action)
    return out


def describe(state: Any, action: Any) -> str:
    """A short phrase for a listed action."""
    if type(action) is Draw:
        return "draw a tile"
    if type(action) is Pass:
        return "place no figure" if state.pending.kind == "figure" else "pass"
    return action_to_text(action)
