"""Names shared by the modules of the expansion: plugin name, option keys, tags, pieces, and the
expansion's data in ``state.ext``."""

from __future__ import annotations

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


# The expansion's data in ``state.ext[NAME]``: the pair ``(visited, fairy_for)``, absent until
# first written. ``visited``: the squares the dragon stood on during the current move (its start
# first). ``fairy_for``: the fairy's figure as ``(player, kind)``, or empty: nobody (the fairy
# piece stands on that figure's tile and location). Each field is read and written alone, as the
# hooks of most turns do (a position reads the arrays back as tuples).


def visited(state: GameState) -> tuple[tuple[int, int], ...]:
    raw = state.ext.get(NAME)
    return raw[0] if raw else ()  # type: ignore[index]


def fairy_for(state: GameState) -> tuple[int, str] | tuple[()]:
    raw = state.ext.get(NAME)
    return raw[1] if raw else ()  # type: ignore[index]


def set_visited(state: GameState, value: tuple[tuple[int, int], ...]) -> None:
    raw = state.ext.get(NAME)
    state.ext[NAME] = (value, raw[1] if raw else ())  # type: ignore[index]


def set_fairy_for(state: GameState, owner: tuple[int, str] | tuple[()]) -> None:
    raw = state.ext.get(NAME)
    state.ext[NAME] = (raw[0] if raw else (), owner)  # type: ignore[index]


def tagged(tile: TileType, tag: str) -> bool:
    return tag in tile.tags
