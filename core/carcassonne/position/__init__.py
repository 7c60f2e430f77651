"""Positions: set up any situation directly (puzzles, tests, bug reports), and save one.

A :class:`Position` lists placed tiles, figures, scores, supplies, whose turn it is, what is
pending (a tile to draw, or a drawn tile to place) and the draw pile. :func:`build_state` turns
it into a playable :class:`GameState`, checking everything: edges match, figures stand on real
features that are not complete (a complete one would have been scored), figures on the board
plus supply make each player's count, tiles on the board plus the pile fit in the game's tile
set. Each error names the entry it is about.

The TOML form (docs/positions.md) adds the configuration (players, expansions, options, seed)
and writes tiles and figures in the action notation without the verb: ``"BA/RCr 0,0 r90"``,
``"red meeple 0,0 N"``.
"""

from carcassonne.position.build import build_state, game_tiles
from carcassonne.position.model import FORMAT, Position, PositionError
from carcassonne.position.read import config_of, load_position, parse_position
from carcassonne.position.write import dump_position, position_of, save_position

__all__ = [
    "FORMAT",
    "Position",
    "PositionError",
    "build_state",
    "config_of",
    "dump_position",
    "game_tiles",
    "load_position",
    "parse_position",
    "position_of",
    "save_position",
]
