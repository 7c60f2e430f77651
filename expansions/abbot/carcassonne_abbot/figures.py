"""Where the abbot may stand, and who may stand on a garden.

The abbot goes only on the monastery (an abbey holds one too) or the garden of the tile just
placed, and only if nobody stands there. A garden is the abbot's alone: this plugin vetoes any
other figure that some plugin offers on a garden, so the rule holds whatever else is installed.
"""

from __future__ import annotations

from carcassonne import Action, GameState, PlaceFigure

ABBOT = "abbot"
GARDEN = "garden"
#: Feature kinds the abbot may stand on (an abbey tile carries a ``monastery`` feature).
ABBOT_KINDS = frozenset({"monastery", GARDEN})


def placements(state: GameState, x: int, y: int, player: int) -> list[Action]:
    """The abbot's placements on the tile at ``(x, y)`` (none with an empty supply).

    Most tiles have neither a monastery nor a garden: their segments' kinds are read from the
    tile first, and only a tile that has one has its features looked up.
    """
    if state.supply[player].get(ABBOT, 0) <= 0:
        return []
    placed = state.board.get((x, y))
    if placed is None:
        return []
    for seg in placed.rot.features:  # a plain loop: any() over a generator costs more
        if seg.kind in ABBOT_KINDS:
            break
    else:
        return []
    return [
        PlaceFigure(ABBOT, x, y, seg.location)
        for node, seg in state.segments(x, y)
        if seg.kind in ABBOT_KINDS and not state.figures_on(node)
    ]


#: The garden names of a tile without a garden (most tiles).
_NO_GARDEN: frozenset[str] = frozenset()


def _garden_names(state: GameState, x: int, y: int) -> frozenset[str]:
    """Every name of every garden segment of the tile at ``(x, y)`` (read from the tile: no
    feature is looked up)."""
    placed = state.board.get((x, y))
    if placed is None:
        return _NO_GARDEN
    names = _NO_GARDEN
    for seg in placed.rot.features:
        if seg.kind == GARDEN:
            names = names.union(seg.locations)
    return names


def garden_intruders(state: GameState, options: list[Action]) -> list[Action]:
    """The options that would put a figure other than an abbot on a garden."""
    gardens: dict[tuple[int, int], frozenset[str]] = {}  # tile -> names of its gardens
    vetoed: list[Action] = []
    for option in options:
        if type(option) is not PlaceFigure or option.figure == ABBOT:
            continue
        tile = (option.x, option.y)
        names = gardens.get(tile)
        if names is None:
            names = gardens[tile] = _garden_names(state, option.x, option.y)
        if option.location in names:
            vetoed.append(option)
    return vetoed
