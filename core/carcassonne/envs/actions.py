"""A fixed action space: every action of a configuration gets a stable integer id.

Learning libraries want a fixed number of distinct actions and a mask over them; the engine
gives lists of typed actions. :class:`ActionCodec` maps between the two without knowing any
expansion: it reads each action type's fields (``carcassonne.actions.field_types``) and gives
every field a fixed domain chosen by its name:

======================  ==========================================================
field                   domain (index order)
======================  ==========================================================
``x``, ``y``            the board window ``-radius .. radius`` (start tile at 0, 0)
``rotation``            0, 90, 180, 270
``figure``              the configuration's figure kinds, sorted by name
``location``            :func:`location_names`: sides, half-edges, corners
                        (``carcassonne.geometry``), then the centre kinds and the
                        inner field pockets of the configuration, each sorted
``player``              0 .. players - 1
``bool`` fields         False, True
``tile``                implied: not encoded (the drawn tile, or the abbey on offer)
======================  ==========================================================

Each action type owns one contiguous block of ids: the core types first in the order
``draw``, ``tile``, ``figure``, ``pass``, then plugin types sorted by verb. Inside a block an
id is the row-major index over the encoded fields in declaration order (so ``PlaceTile`` ids
are ``start + (x_index * width + y_index) * 4 + rotation_index``). An installed expansion's
action types therefore get ids from their verb and fields alone; a field whose name has no
domain here makes :class:`ActionCodec` raise at construction, naming the verb and the field.

Ids are stable for a given configuration (expansions, player count) and radius. Decoding an id
needs the state: an implied field (the tile) is whatever the legal action with that id carries.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from carcassonne import CarcassonneError, GameConfig, GameState
from carcassonne.actions import (
    CORE_ACTIONS,
    ChanceOutcome,
    PlaceTile,
    TypedAction,
    action_fields,
    field_choices,
    field_types,
    seat_fields,
)
from carcassonne.geometry import CORNERS, HALVES, ROTATIONS, SIDES
from carcassonne.serialize import action_types

#: Rotation -> its index in the rotation domain (``ROTATIONS``: 0, 90, 180, 270).
_ROTATION_INDEX = {rotation: i for i, rotation in enumerate(ROTATIONS)}

#: Well beyond the largest board seen in random games (docs/ai.md, "Board window").
DEFAULT_RADIUS = 32


class ActionEncodingError(CarcassonneError):
    """An action has no id in the fixed action space, or an id names no legal action."""


class OutsideWindowError(ActionEncodingError):
    """A legal action lies outside the board window: the game has outgrown the radius.

    The environments cut such a game off (PettingZoo: truncation; OpenSpiel: a terminal state),
    see docs/ai.md.
    """


@dataclass(frozen=True)
class Domain:
    """The values one field may take, in id order; no values: implied, not encoded."""

    name: str
    values: tuple[Hashable, ...]
    index: Mapping[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {v: i for i, v in enumerate(self.values)})

    @property
    def implied(self) -> bool:
        return not self.values

    @property
    def size(self) -> int:
        return len(self.values) or 1


@dataclass(frozen=True)
class Block:
    """The ids of one action type: ``start .. start + size - 1``."""

    verb: str
    action_type: type[TypedAction]
    fields: tuple[str, ...]
    domains: tuple[Domain, ...]
    start: int
    #: Multiplier of each field's index (0 for implied fields).
    strides: tuple[int, ...]

    @property
    def size(self) -> int:
        size = 1
        for domain in self.domains:
            size *= domain.size if not domain.implied else 1
        return size

    @property
    def shape(self) -> dict[str, int]:
        """Encoded field -> number of values, in id order (row-major)."""
        return {f: d.size for f, d in zip(self.fields, self.domains, strict=True) if not d.implied}


def location_names(config: GameConfig) -> tuple[str, ...]:
    """Every location a figure action may name in this configuration, in id order."""
    centre = sorted(name for name, kind in config.kinds.items() if kind.placement == "center")
    inner = sorted(
        {pocket for tile in config.tile_types.values() for f in tile.features for pocket in f.inner}
    )
    return (*SIDES, *HALVES, *CORNERS, *centre, *inner)


def _domain(
    verb: str,
    name: str,
    type_name: str,
    choices: tuple[Hashable, ...] | None,
    seat: bool,
    config: GameConfig,
    radius: int,
) -> Domain:
    if choices is not None:
        return Domain(name, choices)
    if seat:
        return Domain(name, tuple(range(config.players)))
    if name in ("x", "y"):
        return Domain(name, tuple(range(-radius, radius + 1)))
    if name == "rotation":
        return Domain(name, ROTATIONS)
    if name == "figure":
        return Domain(name, tuple(sorted(config.figure_kinds)))
    if name == "location":
        return Domain(name, location_names(config))
    if name == "player":
        return Domain(name, tuple(range(config.players)))
    if name == "tile":
        return Domain(name, ())
    if type_name == "bool":
        return Domain(name, (False, True))
    raise ActionEncodingError(
        f"action type {verb!r}: field {name!r} ({type_name}) has no fixed domain; the encoding "
        "knows fields named x, y, rotation, figure, location, player, tile, bool fields and "
        "fields annotated Literal[...] or Seat (docs/hooks.md)"
    )


def _ordered_types(config: GameConfig) -> list[type[TypedAction]]:
    by_verb = action_types(config)
    # chance outcomes are the environment's chance nodes, never a player's action
    core = [t for t in CORE_ACTIONS if t is not ChanceOutcome]
    plugin = [by_verb[verb] for verb in sorted(by_verb) if by_verb[verb] not in CORE_ACTIONS]
    return core + plugin


class ActionCodec:
    """Action <-> id for one configuration and board radius."""

    def __init__(self, config: GameConfig, radius: int = DEFAULT_RADIUS) -> None:
        if radius < 1:
            raise ActionEncodingError(f"the board radius must be at least 1, not {radius}")
        self.config = config
        self.radius = radius
        self.blocks: list[Block] = []
        start = 0
        for action_type in _ordered_types(config):
            names = action_fields(action_type)
            types = field_types(action_type)
            choices = field_choices(action_type)
            seats = seat_fields(action_type)
            domains = tuple(
                _domain(action_type.verb, n, types[n], choices.get(n), n in seats, config, radius)
                for n in names
            )
            strides = [0] * len(domains)
            stride = 1
            for i in range(len(domains) - 1, -1, -1):
                if not domains[i].implied:
                    strides[i] = stride
                    stride *= domains[i].size
            block = Block(action_type.verb, action_type, names, domains, start, tuple(strides))
            self.blocks.append(block)
            start += block.size
        self.num_actions = start
        self._by_type = {b.action_type: b for b in self.blocks}
        tiles = self._by_type[PlaceTile]
        assert tiles.fields == ("tile", "x", "y", "rotation") and tiles.strides[3] == 1
        #: The tile block's first id and the strides of x and y (rotation's is 1).
        self._tile_block = (tiles.start, tiles.strides[1], tiles.strides[2])

    # -- encoding ------------------------------------------------------------------------------

    def encode(self, action: Any) -> int:
        """The id of ``action``; raise :class:`ActionEncodingError` when it has none."""
        block = self._by_type.get(type(action))
        if block is None:
            raise ActionEncodingError(f"{action!r} is of a type this configuration does not know")
        code = block.start
        for value, domain, stride in zip(action, block.domains, block.strides, strict=True):
            if stride:
                i = domain.index.get(value)
                if i is None:
                    message = self._outside(block, domain, value)
                    if domain.name in ("x", "y"):
                        raise OutsideWindowError(message)
                    raise ActionEncodingError(message)
                code += i * stride
        return code

    def _tile_code(self, action: PlaceTile) -> int:
        """:meth:`encode` of a ``PlaceTile`` (tile, x, y, rotation: the tile implied) without
        the walk over its fields: the id of each of a drawn tile's placements."""
        _tile, x, y, rotation = action
        radius = self.radius
        if (
            type(x) is int
            and type(y) is int
            and -radius <= x <= radius
            and -radius <= y <= radius
            and rotation in _ROTATION_INDEX
        ):
            start, x_stride, y_stride = self._tile_block
            index = (x + radius) * x_stride + (y + radius) * y_stride
            return start + index + _ROTATION_INDEX[rotation]
        return self.encode(action)

    def _outside(self, block: Block, domain: Domain, value: object) -> str:
        if domain.name in ("x", "y"):
            return (
                f"{block.verb}: {domain.name}={value} lies outside the board window of radius "
                f"{self.radius}; use a larger radius"
            )
        return f"{block.verb}: {domain.name}={value!r} is not one of {list(domain.values)}"

    def legal_ids(self, state: GameState) -> dict[int, Any]:
        """Id -> action for every legal action of ``state``, ids ascending.

        Two legal actions with one id would make the encoding ambiguous: that raises.
        """
        out: dict[int, Any] = {}
        tile_code = self._tile_code
        for action in state.legal_actions():
            # a tile placement (most of the list) by arithmetic; anything else field by field
            code = tile_code(action) if type(action) is PlaceTile else self.encode(action)
            other = out.get(code)
            if other is not None:
                raise ActionEncodingError(f"{action!r} and {other!r} share the id {code}")
            out[code] = action
        return dict(sorted(out.items()))

    # -- decoding ------------------------------------------------------------------------------

    def block_of(self, code: int) -> Block:
        if not 0 <= code < self.num_actions:
            raise ActionEncodingError(f"action id {code} is outside 0..{self.num_actions - 1}")
        for block in reversed(self.blocks):
            if code >= block.start:
                return block
        raise AssertionError("unreachable: the first block starts at 0")

    def fields_of(self, code: int) -> tuple[str, dict[str, Hashable]]:
        """The verb and encoded field values an id stands for (implied fields left out)."""
        block = self.block_of(code)
        rest = code - block.start
        values: dict[str, Hashable] = {}
        for name, domain, stride in zip(block.fields, block.domains, block.strides, strict=True):
            if stride:
                values[name] = domain.values[rest // stride]
                rest %= stride
        return block.verb, values

    def describe(self, code: int) -> str:
        """Readable text of an id without a state: ``tile x=0 y=-1 rotation=90``."""
        verb, values = self.fields_of(code)
        return " ".join([verb, *(f"{k}={v}" for k, v in values.items())])

    def decode(self, state: GameState, code: int) -> Any:
        """The legal action of ``state`` with id ``code``."""
        action = self.legal_ids(state).get(code)
        if action is None:
            raise ActionEncodingError(f"action id {code} ({self.describe(code)}) is not legal now")
        return action

    def layout(self) -> list[dict[str, Any]]:
        """The blocks as data: verb, first id, size and field shape (for docs and networks)."""
        return [
            {"verb": b.verb, "start": b.start, "size": b.size, "shape": b.shape}
            for b in self.blocks
        ]
