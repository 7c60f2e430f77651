"""The magic portal (princess-dragon.md §5).

After placing a portal tile the player's figure may go onto any placed tile, on a feature that
holds no figure and is not complete (on the portal tile itself the usual rules hold). The core
checks each placement away from the tile just placed (supply, a kind that takes the figure,
free, not complete); this module says which figures may try: every follower (meeple, large
meeple), and the figures of other expansions that stand on a feature of the tile just placed,
each on the feature kinds it takes there (abbot: monastery, garden; mayor: city; wagon: road,
city, monastery). The barn stays on the corners of the portal tile.
"""

from __future__ import annotations

from carcassonne import Action, GameState, PlaceFigure
from carcassonne_princess_dragon.common import PORTAL

#: Figures that are not followers and where they may stand (JCZ; the rules are silent). Their
#: expansions are not imported: only their kind names are read from the game's figure kinds.
OTHER_FIGURES: dict[str, frozenset[str]] = {
    "abbot": frozenset({"monastery", "garden"}),
    "mayor": frozenset({"city"}),
    "wagon": frozenset({"road", "city", "monastery"}),
}


def placements(state: GameState, x: int, y: int, player: int) -> list[Action]:
    """Figures through the portal of the tile just placed at ``(x, y)``, onto other tiles (in
    no particular order: the core sorts the figure phase's actions)."""
    placed = state.tile_at(x, y)
    if placed is None or PORTAL not in placed.tile.tags:
        return []
    takes = _takers(state, player)
    if not takes:
        return []
    figures_on = state.figures_on
    is_complete = state.is_complete
    new = tuple.__new__  # PlaceFigure's fields are exact here: no NamedTuple __new__ per action
    out: list[Action] = []
    # whether each feature is free and open, asked once per feature, not once per segment
    free: dict[int, bool] = {}
    for square in state.board:
        sx, sy = square
        if sx == x and sy == y:
            continue
        for feature, seg in state.segments(sx, sy):
            names = takes.get(seg.kind)
            if not names:
                continue
            ok = free.get(feature)
            if ok is None:
                ok = free[feature] = not figures_on(feature) and not is_complete(feature)
            if ok:
                location = seg.locations[0]
                out += [new(PlaceFigure, (name, sx, sy, location)) for name in names]
    return out


def _takers(state: GameState, player: int) -> dict[str, list[str]]:
    """Feature kind -> the figures ``player`` has left that may go onto a feature of that kind
    (followers on the kinds that take followers, fields only with farmers; the other figures on
    the kinds of :data:`OTHER_FIGURES`), in the order of the game's figure kinds."""
    config = state.config
    supply = state.supply[player]
    figures = [k for k in config.figure_kinds if supply.get(k, 0) > 0]
    followers = [k for k in figures if k in config.followers]
    others = [k for k in figures if k in OTHER_FIGURES]
    if not followers and not others:
        return {}
    farmers = bool(config.options["farmers"])
    takes: dict[str, list[str]] = {}
    for name, kind in config.kinds.items():
        if not kind.occupiable:
            continue
        names = followers if kind.followers and (name != "field" or farmers) else []
        names = [*names, *(k for k in others if name in OTHER_FIGURES[k])]
        if names:
            takes[name] = names
    return takes
