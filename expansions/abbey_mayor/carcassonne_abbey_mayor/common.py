"""Names shared by the modules of the expansion: plugin name, option keys, figure kinds."""

from __future__ import annotations

from carcassonne import ConfigError, GameConfig, GameState, Option, OptionValue, RotatedFeature

#: Entry-point name; also the key of the expansion's data in ``state.ext``.
NAME = "abbey-mayor"

MAYOR = "mayor"
WAGON = "wagon"
BARN = "barn"

OPT_ABBEY = f"{NAME}.abbey"
OPT_MAYOR = f"{NAME}.mayor"
OPT_WAGON = f"{NAME}.wagon"
OPT_BARN = f"{NAME}.barn"
OPT_COUNTS = {MAYOR: f"{NAME}.mayors", WAGON: f"{NAME}.wagons", BARN: f"{NAME}.barns"}
OPT_ABBEY_ENDGAME = f"{NAME}.abbey_endgame"
OPT_WAGON_MOVE = f"{NAME}.wagon_move"
OPT_BARN_PLACEMENT = f"{NAME}.barn_placement"

OPTIONS: tuple[Option, ...] = (
    Option(OPT_ABBEY, True, (True, False), "each player gets one abbey tile"),
    Option(OPT_MAYOR, True, (True, False), "each player gets one mayor"),
    Option(OPT_WAGON, True, (True, False), "each player gets one wagon"),
    Option(OPT_BARN, True, (True, False), "each player gets one barn"),
    *(
        Option(key, 1, doc=f"{figure}s per player, when the {figure} is on (any count from 1)")
        for figure, key in OPT_COUNTS.items()
    ),
    Option(
        OPT_ABBEY_ENDGAME,
        True,
        (True, False),
        "after the last land tile, players still holding an abbey may place it (clockwise)",
    ),
    Option(
        OPT_WAGON_MOVE,
        "C2",
        ("C2", "C1"),
        "wagon targets: C2 = on its tile or the 8 around it; C1 = connected to the scored feature",
    ),
    Option(
        OPT_BARN_PLACEMENT,
        "not-occupied",
        ("not-occupied", "occupied"),
        "may a barn go into a field that already holds a barn",
    ),
)


def option(config: GameConfig, key: str) -> OptionValue:
    return config.options[key]


def figure_count(config: GameConfig, figure: str) -> int:
    """How many of ``figure`` each player gets (an option; at least 1)."""
    key = OPT_COUNTS[figure]
    count = config.options[key]
    assert isinstance(count, int)
    if count < 1:
        raise ConfigError(f"option {key!r} must be at least 1, not {count}")
    return count


def free_segments(state: GameState, x: int, y: int, kinds: frozenset[str]) -> list[RotatedFeature]:
    """The segments of the tile at ``(x, y)`` of one of ``kinds`` whose feature holds no figure.

    The mayor and the wagon both stand only on an unoccupied feature of the tile just placed:
    one pass finds those for both, so each feature of the tile is looked up once a turn.
    """
    figures_on = state.figures_on
    return [
        seg
        for feature, seg in state.segments(x, y)
        if seg.kind in kinds and not figures_on(feature)
    ]
