"""The hook implementations of Inns & Cathedrals (entry point ``inns-cathedrals``).

* 18 land tiles: ``carcassonne_tile_sets`` (the base game shuffles them into the land tiles);
* inn on a road, cathedral in a city: ``carcassonne_kind_extensions``;
* the large meeple, strength 2, wherever a meeple may go: ``carcassonne_figure_kinds``
  (``follower=True``);
* inn and cathedral scoring: ``carcassonne_adjust_awards``;
* options: ``carcassonne_rule_options``.

The large meeple needs no placement code: the base game offers a follower wherever a meeple
may stand, and other plugins' vetoes (the Abbot keeps gardens for the abbot) apply to it.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import (
    Attribute,
    Award,
    ConfigError,
    FigureKind,
    GameConfig,
    GameState,
    KindExtension,
    Option,
    hookimpl,
)
from carcassonne.jcz.names import JczName
from carcassonne_inns_cathedrals import scoring

NAME = "inns-cathedrals"
BIG = "big"

BIGS = f"{NAME}.bigs"
FINAL_SCORING = f"{NAME}.final_scoring"
CROSSING_INN = f"{NAME}.crossing_inn"
INNS = f"{NAME}.inns"
CATHEDRALS = f"{NAME}.cathedrals"

INN = Attribute(scoring.INN, "inn", glyph="i", marker="inn", provider=NAME)
LAKE = Attribute(scoring.LAKE, "inn lake (an inn with crossing_inn = both)", provider=NAME)
CATHEDRAL = Attribute(scoring.CATHEDRAL, "cathedral", glyph="c", marker="cathedral", provider=NAME)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return [
        Option(BIGS, 1, doc="large meeples per player (any count from 0)"),
        Option(
            FINAL_SCORING,
            "zero",
            ("zero", "ignore"),
            "zero: an open inn road or cathedral city scores 0 at the end (official rule); "
            "ignore: scored as if it had no inn or cathedral (house rule)",
        ),
        Option(
            CROSSING_INN,
            "east",
            ("east", "both"),
            "east: the crossing tile's inn belongs to its east road only (C1 rules, JCZ); "
            "both: to its east and west roads (a reading of the C2/C3 art)",
        ),
        Option(INNS, True, (True, False), "inns score (false: inn roads score as plain roads)"),
        Option(
            CATHEDRALS,
            True,
            (True, False),
            "cathedrals score (false: cathedral cities score as plain cities)",
        ),
    ]


@hookimpl
def carcassonne_kind_extensions() -> list[KindExtension]:
    return [KindExtension("road", (INN, LAKE)), KindExtension("city", (CATHEDRAL,))]


@hookimpl
def carcassonne_figure_kinds(config: GameConfig) -> list[FigureKind]:
    count = config.options[BIGS]
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ConfigError(f"option {BIGS!r} must be a whole number from 0, not {count!r}")
    return [FigureKind(BIG, count, strength=2, provider=NAME, follower=True, shape="large-meeple",
                       label="large meeple")]


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_inns_cathedrals.tiles") / "inns_cathedrals.toml"]


@hookimpl
def carcassonne_adjust_awards(state: GameState, awards: list[Award], final: bool) -> list[Award]:
    options = state.config.options
    return scoring.adjust(
        state,
        awards,
        lake_is_inn=options[CROSSING_INN] == "both",
        zero_when_open=options[FINAL_SCORING] == "zero",
        inns=bool(options[INNS]),
        cathedrals=bool(options[CATHEDRALS]),
    )


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_inns_cathedrals.jcz import NAMES

    return list(NAMES)
