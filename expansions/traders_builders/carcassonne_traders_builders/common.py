"""Names shared by the modules of the expansion, its options, and what counts as a follower."""

from __future__ import annotations

from carcassonne import ConfigError, Figure, GameConfig, GameState, Option, Rotated

#: Entry-point name; also the key of the goods tokens in ``state.ext``.
NAME = "traders-builders"

BUILDER = "builder"
#: The kinds of feature a builder goes on.
BUILDER_KINDS = frozenset({"road", "city"})
PIG = "pig"
#: Abbey & Mayor's barn: a pig may be in its field only as the rules below decide.
BARN = "barn"

OPT_BUILDERS = f"{NAME}.builders"
OPT_PIGS = f"{NAME}.pigs"
OPT_TRIGGER = f"{NAME}.builder_trigger"
OPT_DOUBLE_TURN = f"{NAME}.double_turn"
OPT_LAST_TILE = f"{NAME}.last_tile_second_part"
OPT_PIG_BARN_BONUS = f"{NAME}.pig_barn_bonus"
OPT_PIG_INTO_BARN = f"{NAME}.pig_into_barn_field"
OPT_GOODS_POINTS = f"{NAME}.goods_points"

OPTIONS: tuple[Option, ...] = (
    Option(OPT_BUILDERS, 1, doc="builders per player (any count from 0)"),
    Option(OPT_PIGS, 1, doc="pigs per player (any count from 0)"),
    Option(
        OPT_TRIGGER,
        "extend",
        ("extend", "complete-or-extend"),
        "extend: a drawn tile that becomes part of the builder's road or city gives the second "
        "part (C2/C3, JCZ); complete-or-extend: an abbey that closes it does too (C1 wording)",
    ),
    Option(
        OPT_DOUBLE_TURN,
        "automatic",
        ("automatic", "optional"),
        "automatic: the second part follows at once (JCZ); optional: the player may decline it",
    ),
    Option(
        OPT_LAST_TILE,
        "abbey",
        ("abbey", "none"),
        "a second part earned with the last tile: abbey = its owner may place an abbey first, "
        "before the end-of-game abbey round (JCZ); none = it lapses",
    ),
    Option(
        OPT_PIG_BARN_BONUS,
        True,
        (True, False),
        "a pig adds 1 per completed city when farmers are scored by a barn during play "
        "(4 and 2 instead of 3 and 1)",
    ),
    Option(
        OPT_PIG_INTO_BARN,
        True,
        (True, False),
        "a pig may go on the tile that joins its owner's farmer field to a barn field",
    ),
    Option(OPT_GOODS_POINTS, 10, doc="points per goods kind to each player with the most tokens"),
)


def count_option(config: GameConfig, key: str) -> int:
    """A whole-number option from 0 (figure counts, goods points)."""
    value = config.options[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ConfigError(f"option {key!r} must be a whole number from 0, not {value!r}")
    return value


def is_follower(state: GameState, figure: Figure) -> bool:
    """Whether a figure counts as a follower for the builder and the pig: meeple, large meeple,
    mayor (even with 0 shields), wagon. Builders, pigs and barns never count in a majority: a
    kind whose strength is the number 0 is not a follower (a mayor's strength is a function)."""
    kind = state.config.figure_kinds.get(figure.kind)
    return kind is not None and kind.strength != 0


def holds_follower(state: GameState, figures: tuple[Figure, ...], player: int) -> bool:
    """Whether ``figures`` (those on one feature: ``state.figures_on``) hold one of the
    player's followers."""
    kinds = state.config.figure_kinds
    for figure in figures:
        if figure.player == player:
            kind = kinds.get(figure.kind)
            if kind is not None and kind.strength != 0:
                return True
    return False


#: A tile's segments the builder and the pig may go on, as ``(index, location)`` pairs: its
#: roads and cities, its fields.
Segments = tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]

#: id(rotated tile) -> (that rotated tile, its :data:`Segments`); bounded (see below).
_SEGMENTS: dict[int, tuple[Rotated, Segments]] = {}
#: More rotated tiles than every tile set of a configuration has: a process that builds many
#: configurations (tests) starts over rather than keep them all.
_CACHED = 4096


def segments_of(rot: Rotated) -> Segments:
    """The roads and cities, and the fields, of one rotation of a tile, in segment order.

    The figure phase and the builder's trigger ask this every turn; sorting a tile's segments
    by kind once per rotation spares them a test per segment. A segment's feature is then
    ``placed.order + index`` (the node ``state.figures_on`` and ``state.is_complete`` take), so
    no ``(feature, segment)`` list is built for every segment of every tile placed. The entry
    keeps the rotated tile, so no other object takes its id while it is cached."""
    entry = _SEGMENTS.get(id(rot))
    if entry is not None and entry[0] is rot:
        return entry[1]
    if len(_SEGMENTS) >= _CACHED:
        _SEGMENTS.clear()
    found: Segments = (
        tuple((f.index, f.location) for f in rot.features if f.kind in BUILDER_KINDS),
        tuple((f.index, f.location) for f in rot.features if f.kind == "field"),
    )
    _SEGMENTS[id(rot)] = (rot, found)
    return found
