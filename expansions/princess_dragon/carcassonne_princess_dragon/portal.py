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
from carcassonne_princess_dragon.common import PORTAL, tagged

#: Figures that are not followers and where they may stand (JCZ; the rules are silent). Their
#: expansions are not imported: only their kind names are read from the game's figure kinds.
OTHER_FIGURES: dict[str, frozenset[str]] = {
    "abbot": frozenset({"monastery", "garden"}),
    "mayor": frozenset({"city"}),
    "wagon": frozenset({"road", "city", "monastery"}),
}


def placements(state: GameState, x: int, y: int, player: int) -> list[Action]:
    """Figures through the portal of the tile just placed at ``(x, y)``, onto other tiles."""
    placed = state.tile_at(x, y)
    if placed is None or not tagged(placed.tile, PORTAL):
        return []
    config = state.config
    supply = state.supply[player]
    kinds = config.kinds
    figures = [k for k in config.figure_kinds if supply.get(k, 0) > 0]
    followers = [k for k in figures if k in config.followers]
    others = [(k, OTHER_FIGURES[k]) for k in figures if k in OTHER_FIGURES]
    if not followers and not others:
        return []
    farmers = bool(config.options["farmers"])
    out: list[Action] = []
    # whether each feature is free and open, asked once per feature, not once per segment
    free: dict[int, bool] = {}
    for square in state.placement_order():
        if square == (x, y):
            continue
        sx, sy = square
        for feature, seg in state.segments(sx, sy):
            ok = free.get(feature)
            if ok is None:
                ok = not state.figures_on(feature) and not state.is_complete(feature)
                free[feature] = ok
            if not ok:
                continue
            kind = kinds.get(seg.kind)
            if kind is None or not kind.occupiable:
                continue
            location = seg.location
            if kind.followers and (seg.kind != "field" or farmers):
                out += [PlaceFigure(f, sx, sy, location) for f in followers]
            out += [PlaceFigure(f, sx, sy, location) for f, takes in others if seg.kind in takes]
    return out
