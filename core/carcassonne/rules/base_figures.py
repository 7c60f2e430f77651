"""Base game figure phase: a follower on a free feature of the tile just placed.

The meeple is the base game's follower. Any plugin's figure kind declared with
``follower=True`` (a big meeple) is offered here in the same way, so every other plugin's rules
about followers (vetoes on barn fields, on gardens) apply to it unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.actions import Action, PlaceFigure
from carcassonne.hookspecs import hookimpl

if TYPE_CHECKING:
    # the protocol of the queries used here: carcassonne.state imports this module's importers
    from carcassonne.values import StateView

#: The kind of feature that only holds followers when the ``farmers`` option is on.
FIELD = "field"


@hookimpl
def carcassonne_figure_actions(state: StateView, x: int, y: int, player: int) -> list[Action]:
    config = state.config
    supply = state.supply[player]
    followers = [name for name in config.followers if supply.get(name, 0) > 0]
    if not followers:
        return []
    farmers = config.options["farmers"]
    kinds = config.kinds
    new = tuple.__new__  # builds PlaceFigure without its Python-level __new__ (every figure phase)
    out: list[Action] = []
    for feature, seg in state.segments(x, y):
        kind = kinds.get(seg.kind)
        if kind is None or not kind.occupiable or not kind.followers:
            continue
        if seg.kind == FIELD and not farmers:
            continue
        if state.figures_on(feature):
            continue
        for name in followers:
            out.append(new(PlaceFigure, (name, x, y, seg.locations[0])))  # its canonical name
    return out
