"""The abbey: a monastery tile each player holds and may place into a hole instead of drawing.

The tile itself (``AM/A``, tag ``abbey``) has wildcard ``abbey`` edges: the core's union-find
already makes them close whatever touches them without joining anything. This module only deals
the abbeys out, offers them and counts them: ``state.ext["abbey-mayor"]`` is a tuple with the
number of abbeys each player still holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from carcassonne import Action, GameState, PlaceTile, Setup, TileType
from carcassonne_abbey_mayor.common import NAME, OPT_ABBEY, OPT_ABBEY_ENDGAME

ABBEY_TAG = "abbey"


class _WithTiles(Protocol):
    """A configuration as abbey_tiles reads it: a GameConfig, or a Setup's ``config``."""

    @property
    def tile_types(self) -> Mapping[str, TileType]: ...


def abbey_tiles(config: _WithTiles) -> list[str]:
    """Ids of the abbey tiles of the active tile sets (one with the shipped data)."""
    return sorted(t.id for t in config.tile_types.values() if ABBEY_TAG in t.tags)


def setup(setup: Setup) -> None:
    """Take every abbey out of the draw stacks and hand one to each player (if enabled)."""
    config = setup.config
    for tile_id in abbey_tiles(config):
        while setup.remove_copy(tile_id):
            pass
    held = 1 if config.options[OPT_ABBEY] and abbey_tiles(config) else 0
    setup.ext[NAME] = (held,) * config.players


def held(state: GameState, player: int) -> int:
    data = state.ext.get(NAME)
    assert data is None or isinstance(data, tuple)
    return int(data[player]) if data else 0


def turn_actions(state: GameState) -> list[Action]:
    """One ``PlaceTile`` of the player's abbey per hole (rotation 0: an abbey looks the same).

    Called at the start of every turn: the holes are looked for before the abbey's id, because
    most turns have none and finding the id scans every tile type of the configuration.
    """
    if not held(state, state.player):
        return []
    holes = state.holes()
    if not holes or before_land(state):
        return []
    tiles = abbey_tiles(state.config)
    if not tiles:
        return []
    return [PlaceTile(tiles[0], x, y, 0) for x, y in holes]


def before_land(state: GameState) -> bool:
    """Whether tiles of a stack drawn before the land tiles (key below 0: the River's) are
    still to be drawn. The abbey is placed instead of drawing a *land* tile (rules.md §4.1),
    so not while those are drawn. Which tiles are left is public (only their order is not)."""
    early = {tid for key, stack in state.config.stacks.items() if key < 0 for tid in stack}
    return bool(early) and any(tid in early for tid in state.draw_pile())


def vetoes(
    state: GameState, tile: TileType, candidates: list[tuple[int, int, int]]
) -> list[tuple[int, int, int]]:
    """Every placement of an abbey that its turn action would not offer. An abbey dealt as the
    drawn tile (a puzzle, a test: the game itself never deals one) is placed like any drawn
    tile instead."""
    if ABBEY_TAG not in tile.tags or state.drawn == tile.id:
        return []
    if before_land(state):
        return list(candidates)
    holes = set(state.holes())
    return [(x, y, r) for x, y, r in candidates if r != 0 or (x, y) not in holes]


def tile_placed(state: GameState, tile: TileType) -> None:
    """An abbey on the board is one fewer in its owner's hand."""
    if ABBEY_TAG not in tile.tags:
        return
    held_now = state.ext[NAME]
    assert isinstance(held_now, tuple)
    data = list(held_now)
    data[state.player] -= 1
    state.ext[NAME] = tuple(data)


def last_placer(state: GameState) -> int:
    """Who placed the most recent tile (the last drawn tile may have gone back to the box,
    making the current player someone who placed nothing)."""
    newest = state.tile_at(*state.placement_order()[-1])
    return newest.player if newest is not None and newest.player >= 0 else state.player


def extra_turns(state: GameState) -> list[int]:
    """Abbey holders, clockwise from the player after the last tile-placer up to that player."""
    if not state.config.options[OPT_ABBEY_ENDGAME]:
        return []
    n = state.players
    last = last_placer(state)
    order = [(last + 1 + i) % n for i in range(n)]
    return [p for p in order if held(state, p)]
