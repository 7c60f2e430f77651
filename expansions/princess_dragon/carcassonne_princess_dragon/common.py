"""Names shared by the modules of the expansion: plugin name, option keys, tags, pieces, and the
expansion's data in ``state.ext``."""

from __future__ import annotations

from typing import NamedTuple

from carcassonne import GameState, Option, TileType

#: Entry-point name; also the key of the expansion's data in ``state.ext``.
NAME = "princess-dragon"

#: Tile tags (tiles file) and the city attribute of the princess.
VOLCANO = "volcano"
DRAGON_TAG = "dragon"
PORTAL = "portal"
PRINCESS = "princess"

#: Piece kinds (neutral figures) and the decision kind of a dragon step.
DRAGON = "dragon"
FAIRY = "fairy"
STEP = "dragon"
#: Steps of one dragon move, whatever the number of players.
STEPS = 6
#: The barn stands on a tile corner: never eaten, never joined by the fairy, never removed.
BARN = "barn"

OPT_DRAGON_MOVE = f"{NAME}.dragon_move"
OPT_FAIRY_PLACEMENT = f"{NAME}.fairy_placement"
OPT_PRINCESS_ACTION = f"{NAME}.princess_action"
OPT_DRAGON_TILE_BLOCKS = f"{NAME}.dragon_tile_blocks"
OPT_FAIRY_ABBOT_RETURN = f"{NAME}.fairy_abbot_return_bonus"

OPTIONS: tuple[Option, ...] = (
    Option(
        OPT_DRAGON_MOVE,
        "before_scoring",
        ("before_scoring", "after_scoring"),
        "when a dragon tile moves the dragon: before the turn's scoring (C2, HiG) or after it "
        "(RGG C1)",
    ),
    Option(
        OPT_FAIRY_PLACEMENT,
        "next_follower",
        ("next_follower", "on_tile"),
        "the fairy joins one of your followers (C2) or a tile holding one (RGG/Z-Man C1)",
    ),
    Option(
        OPT_PRINCESS_ACTION,
        "may",
        ("may", "must"),
        "a princess tile whose city holds a knight: removing one is allowed (C2) or the only "
        "action (RGG/Z-Man C1)",
    ),
    Option(
        OPT_DRAGON_TILE_BLOCKS,
        True,
        (True, False),
        "no figure may go onto the dragon's tile at all (JCZ); False: only not onto the "
        "volcano of this turn (the printed rule)",
    ),
    Option(
        OPT_FAIRY_ABBOT_RETURN,
        True,
        (True, False),
        "the fairy's 3 points when its abbot returns early (rules as written); False: none (JCZ)",
    ),
)


class Data(NamedTuple):
    """The expansion's data in ``state.ext``: squares the dragon stood on during the current
    move (its start first), and the fairy's figure as ``(player, kind)`` (empty: nobody; the
    fairy piece stands on that figure's tile and location)."""

    visited: tuple[tuple[int, int], ...] = ()
    fairy_for: tuple[int, str] | tuple[()] = ()


_EMPTY = Data()


def data(state: GameState) -> Data:
    """Read several times a turn: the stored pair becomes a ``Data`` without its Python-level
    ``__new__`` (tuples as stored: a position reads arrays back as tuples)."""
    raw = state.ext.get(NAME)
    if not raw:
        return _EMPTY
    assert isinstance(raw, tuple) and len(raw) == 2
    return tuple.__new__(Data, raw)


def store(state: GameState, value: Data) -> None:
    state.ext[NAME] = (value.visited, value.fairy_for)


# The two fields read and written alone, as the hooks of most turns do: no ``Data`` built and
# no ``_replace`` (a Python-level call per turn), the same stored pair.


def fairy_for(state: GameState) -> tuple[int, str] | tuple[()]:
    """``data(state).fairy_for``."""
    raw = state.ext.get(NAME)
    return raw[1] if raw else ()  # type: ignore[no-any-return,index]


def visited(state: GameState) -> tuple[tuple[int, int], ...]:
    """``data(state).visited``."""
    raw = state.ext.get(NAME)
    return raw[0] if raw else ()  # type: ignore[no-any-return,index]


def set_fairy_for(state: GameState, owner: tuple[int, str] | tuple[()]) -> None:
    raw = state.ext.get(NAME)
    state.ext[NAME] = (raw[0] if raw else (), owner)  # type: ignore[index]


def set_visited(state: GameState, visited: tuple[tuple[int, int], ...]) -> None:
    raw = state.ext.get(NAME)
    state.ext[NAME] = (visited, raw[1] if raw else ())  # type: ignore[index]


def tagged(tile: TileType, tag: str) -> bool:
    return tag in tile.tags
