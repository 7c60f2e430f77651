"""Traders & Builders' JCloisterZone names: the ``traders-and-builders`` set, the ``builder``,
``pig`` and ``traders`` elements, and the two figures.

JCZ has no message of its own for the expansion: the builder and the pig are deployed like any
follower (``DEPLOY_MEEPLE`` with ``0.builder.1``, ``0.pig.1``), and the builder's second part
of the turn is simply a second ``PLACE_TILE`` … ``COMMIT`` by the same player. Its rules are
this expansion's defaults, set explicitly on import; JCZ has no rule ids for the options, so a
game played with another value of them is written as if played with JCZ's.
"""

from __future__ import annotations

from collections.abc import Mapping

from carcassonne import OptionValue
from carcassonne.jcz.names import (
    JczConfig,
    JczElement,
    JczFigure,
    JczName,
    JczSet,
    JczUnsupported,
    Json,
    count_value,
    is_on,
    jcz_edition,
)
from carcassonne_traders_builders.common import (
    BUILDER,
    OPT_BUILDERS,
    OPT_DOUBLE_TURN,
    OPT_GOODS_POINTS,
    OPT_LAST_TILE,
    OPT_PIG_BARN_BONUS,
    OPT_PIG_INTO_BARN,
    OPT_PIGS,
    OPT_TRIGGER,
    PIG,
)

#: JCZ's goods: 10 points per kind (``TradeGoodsCapability.RESOURCE_POINTS``).
JCZ_GOODS_POINTS = 10


def _set_options(edition: int | None) -> Mapping[str, OptionValue]:
    """What JCZ plays (traders-builders.md, Decisions: the JCZ column)."""
    if edition not in (None, 1, 2):
        raise JczUnsupported(f"the set traders-and-builders has editions 1 and 2, not {edition}")
    return {
        OPT_TRIGGER: "extend",
        OPT_DOUBLE_TURN: "automatic",
        OPT_LAST_TILE: "abbey",
        OPT_PIG_BARN_BONUS: True,
        OPT_PIG_INTO_BARN: True,
    }


def _figure_element(element: str, option: str) -> JczElement:
    """``builder: n`` (and ``pig``): n figures each; absent or 0, none."""

    def read(value: Json) -> Mapping[str, OptionValue]:
        return {option: count_value(value, element) if value is not None else 0}

    def write(config: JczConfig) -> Json:
        return config.options[option] or None

    return JczElement(element, read, write)


def _read_traders(value: Json) -> Mapping[str, OptionValue]:
    """JCZ's goods are on or off; off, the tokens are still taken but score nothing."""
    return {OPT_GOODS_POINTS: JCZ_GOODS_POINTS if is_on(value) else 0}


def _write_traders(config: JczConfig) -> Json:
    points = config.options[OPT_GOODS_POINTS]
    if points == 0:
        return None
    if points != JCZ_GOODS_POINTS:
        raise JczUnsupported(
            f"option {OPT_GOODS_POINTS!r} = {points!r}: JCZ's goods score {JCZ_GOODS_POINTS}"
        )
    return True


NAMES: list[JczName] = [
    JczSet(
        "traders-and-builders",
        lambda c: f"traders-and-builders:{jcz_edition(c)}",
        _set_options,
    ),
    _figure_element("builder", OPT_BUILDERS),
    _figure_element("pig", OPT_PIGS),
    JczElement("traders", _read_traders, _write_traders),
    JczFigure("builder", BUILDER),
    JczFigure("pig", PIG),
]
