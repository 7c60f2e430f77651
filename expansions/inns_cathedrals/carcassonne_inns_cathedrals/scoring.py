"""Inn and cathedral scoring (inns-cathedrals.md §4), as a change of the base game's awards.

The base game awards a road 1 per tile and a city 2 per tile and shield when completed (1 and 1
at the end). An inn anywhere on a road makes it 2 per tile when completed and 0 when still open
at the end; a cathedral makes a city 3 per tile and per shield, or 0. Marks never stack, and
the award keeps one line per feature and player (no "+4, -4" in the log), so this is an
``adjust_awards`` change rather than a second award.

The large meeple needs nothing here: its strength 2 only decides who gets the points.
"""

from __future__ import annotations

from carcassonne import Award, GameState

INN = "inn"
CATHEDRAL = "cathedral"
#: The lake of the crossing tile's inn reaches its west road in the C2/C3 art; it counts as an
#: inn only with the option ``crossing_inn = both``.
LAKE = "lake"

INN_POINTS_PER_TILE = 2
CATHEDRAL_POINTS = 3  # per tile and per shield


def has_inn(state: GameState, road: int, lake_is_inn: bool) -> bool:
    return bool(state.feature_attr(road, INN) or (lake_is_inn and state.feature_attr(road, LAKE)))


def feature_points(state: GameState, feature: int, kind: str) -> int:
    """What a completed inn road or cathedral city is worth."""
    tiles = len(state.feature_tiles(feature))
    if kind == "road":
        return INN_POINTS_PER_TILE * tiles
    return CATHEDRAL_POINTS * (tiles + state.feature_attr(feature, "shields"))


def adjust(
    state: GameState,
    awards: list[Award],
    lake_is_inn: bool,
    zero_when_open: bool,
    inns: bool = True,
    cathedrals: bool = True,
) -> list[Award]:
    """The awards with inn roads and cathedral cities rescored (others untouched); ``inns`` or
    ``cathedrals`` off leaves that mark without effect (JCZ's elements ``inn``, ``cathedral``)."""
    out = []
    for award in awards:
        kind = award.kind
        if award.feature is None:  # points for no feature: neither an inn nor a cathedral
            out.append(award)
            continue
        marked = (inns and kind == "road" and has_inn(state, award.feature, lake_is_inn)) or (
            cathedrals and kind == "city" and state.feature_attr(award.feature, CATHEDRAL)
        )
        if marked:
            reason = INN if kind == "road" else CATHEDRAL
            if state.is_complete(award.feature):
                award = award._replace(
                    points=feature_points(state, award.feature, kind), reason=reason
                )
            elif zero_when_open:
                award = award._replace(points=0, reason=f"{reason} (open)")
        out.append(award)
    return out
