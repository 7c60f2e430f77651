"""Names shared by the modules of the expansion: plugin name, option keys, tile marks, the bag."""

from __future__ import annotations

from carcassonne import GameState, Option

NAME = "hills-sheep"
SHEPHERD = "shepherd"

#: Tile tags in hills_sheep.toml (a mark of the tile, not a feature).
HILL = "hill"
VINEYARD = "vineyard"

OPT_SHEPHERDS = f"{NAME}.shepherds"
OPT_TIEBREAK = f"{NAME}.hill_tiebreak"
OPT_CLOSED = f"{NAME}.closed_field"
OPT_HIDDEN = f"{NAME}.hidden_tile"

OPTIONS = (
    Option(OPT_SHEPHERDS, 1, doc="shepherds per player (any count from 0)"),
    Option(
        OPT_TIEBREAK,
        "presence",
        ("presence", "count"),
        "presence: of the players tied for a majority, those with a follower on a hill tile of "
        "the feature win (JCZ default); count: the tied player with the most followers on hill "
        "tiles wins, equal counts stay tied",
    ),
    Option(
        OPT_CLOSED,
        "choose",
        ("choose", "score_only"),
        "choose: a field with your shepherd that your own tile extends and closes still lets "
        "you grow (one draw) or score (JCZ); score_only: the flock is scored at once, no draw",
    ),
    Option(
        OPT_HIDDEN,
        "next",
        ("next", "bottom", "none"),
        "next: the next tile of the pile goes under a hill, unseen (the rulebook); bottom: the "
        "last tile of the pile does, so the pile ends one tile sooner and the tiles to come "
        "keep their order (JCZ only counts the hidden tiles: a .jcz import of a game in "
        "progress); none: no tile does (a .jcz import of a finished game, whose file deals "
        "every tile its game had)",
    ),
)

#: The bag's tokens in the order JCZ lists them: outcome name -> (sheep, tokens in the box).
TOKENS: tuple[tuple[str, int, int], ...] = (
    ("1", 1, 4),
    ("2", 2, 5),
    ("3", 3, 5),
    ("4", 4, 2),
    ("wolf", 0, 2),
)
WOLF = "wolf"
#: The piece kind of a sheep token showing ``n`` sheep.
SHEEP_KINDS = {name: f"sheep-{name}" for name, sheep, _ in TOKENS if sheep}
SHEEP_VALUES = {f"sheep-{name}": sheep for name, sheep, _ in TOKENS if sheep}
BAG = f"{NAME}.bag"


def tile_has(state: GameState, x: int, y: int, mark: str) -> bool:
    placed = state.tile_at(x, y)
    return placed is not None and mark in placed.tile.tags
