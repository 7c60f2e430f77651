"""Inns & Cathedrals' JCloisterZone names: the set, the big follower and the ``inn`` and
``cathedral`` elements (options ``inns``, ``cathedrals``). JCZ scores an inn on the crossing's
east road only and open inns and cathedrals 0 at the end: this expansion's defaults, set
explicitly on import."""

from __future__ import annotations

from collections.abc import Mapping

from carcassonne import OptionValue
from carcassonne.jcz.names import (
    JczElement,
    JczFigure,
    JczName,
    JczSet,
    Json,
    count_value,
    is_on,
    jcz_edition,
)

NAME = "inns-cathedrals"
BIG = "big"
BIGS = f"{NAME}.bigs"


def _set_options(edition: int | None) -> Mapping[str, OptionValue]:
    return {f"{NAME}.crossing_inn": "east", f"{NAME}.final_scoring": "zero"}


def _bigs(value: Json) -> Mapping[str, OptionValue]:
    return {BIGS: count_value(value, "big-follower") if value is not None else 0}


NAMES: list[JczName] = [
    JczSet("inns-and-cathedrals", lambda c: f"inns-and-cathedrals:{jcz_edition(c)}", _set_options),
    JczElement("big-follower", _bigs, lambda c: c.options[BIGS] or None),
    # JCZ's inn and cathedral capabilities: a file of this set without one plays without it
    JczElement(
        "inn", lambda v: {f"{NAME}.inns": is_on(v)}, lambda c: c.options[f"{NAME}.inns"] or None
    ),
    JczElement(
        "cathedral",
        lambda v: {f"{NAME}.cathedrals": is_on(v)},
        lambda c: c.options[f"{NAME}.cathedrals"] or None,
    ),
    JczFigure("big", BIG, java_class="BigFollower"),
]
