"""The River's hook implementations: kind, tiles, options, setup and placement rules.

Rules (rules.md §2, defaults in the rules README):

* the spring is the start tile; the base start tile leaves the game (``river.start_tile``);
* the other river tiles form their own stack, drawn before the land tiles, the lake last;
* a river tile must continue the open end of the river and may not make a U-turn
  (``river.uturn``); a river tile that fits nowhere goes back to the box (the core does that
  when every candidate is vetoed).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import (
    Action,
    ConfigError,
    ErrorCode,
    FeatureKind,
    GameState,
    Option,
    PlaceTile,
    Refusal,
    Setup,
    TileType,
    hookimpl,
)
from carcassonne.jcz.names import JczName
from carcassonne_river.course import (
    NOT_CONTINUED,
    RIVER,
    U_TURN,
    is_river_tile,
    open_ends,
    veto_reasons,
    vetoed_placements,
)

NAME = "river"

#: The river stack's key: lower keys are drawn first, the land tiles are stack 0.
RIVER_STACK = -1

UTURN = f"{NAME}.uturn"
START_TILE = f"{NAME}.start_tile"

RIVER_KIND = FeatureKind(
    RIVER,
    "sides",
    edge=RIVER,
    banks=True,
    completion="never",
    occupiable=False,
    provider=NAME,
    glyph="~",
)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return [
        Option(
            UTURN,
            "strict",
            ("strict", "immediate", "jcz"),
            "strict: no two curves the same way in a row, nor three with only straights "
            "between (publisher FAQ); immediate: only two curves in a row; jcz: JCloisterZone's "
            "rule, the squares beyond the river's new end must be free (the next one, the one "
            "after it and the squares beside both)",
        ),
        Option(
            START_TILE,
            "remove",
            ("remove", "keep"),
            "remove: the spring replaces the base start tile (official rule); keep: the base "
            "start tile is shuffled into the land tiles",
        ),
    ]


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return [RIVER_KIND]


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_river.tiles") / "river.toml"]


@hookimpl
def carcassonne_setup(setup: Setup) -> None:
    """Spring at (0, 0); the other river tiles in their own stack, lake at its bottom."""
    types = setup.config.tile_types
    river_ids = {tile.id for tile in types.values() if is_river_tile(tile)}
    springs = sorted(tid for tid in river_ids if "spring" in types[tid].tags)
    if not springs:
        raise ConfigError("the river needs a tile tagged 'spring' to start from")
    river_stack: list[str] = []
    for key in sorted(setup.stacks):
        stack = setup.stacks[key]
        river_stack.extend(tid for tid in stack if tid in river_ids)
        stack[:] = [tid for tid in stack if tid not in river_ids]
    river_stack.remove(springs[0])
    replaced_start = setup.start
    setup.start = springs[0]
    if setup.config.options[START_TILE] == "keep" and replaced_start is not None:
        setup.stacks.setdefault(0, []).append(replaced_start)
    setup.stacks[RIVER_STACK] = river_stack
    setup.bottom.update(tid for tid in river_ids if "lake" in types[tid].tags)


@hookimpl
def carcassonne_vetoes_tile(tile: TileType) -> bool:
    """Only river tiles are vetoed: the land tiles' draws stay lazy (cheap for search)."""
    return is_river_tile(tile)


@hookimpl
def carcassonne_veto_placements(
    state: GameState, tile: TileType, candidates: list[tuple[int, int, int]]
) -> list[tuple[int, int, int]] | None:
    if not is_river_tile(tile):
        return None
    return vetoed_placements(state, tile, candidates, str(state.config.options[UTURN]))


@hookimpl
def carcassonne_error_codes() -> list[ErrorCode]:
    return [
        ErrorCode(
            NOT_CONTINUED,
            "a river tile must continue the open end of the river; details: open_ends",
            NAME,
        ),
        ErrorCode(U_TURN, "the river may not make a U-turn (option river.uturn)", NAME),
    ]


@hookimpl
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    """Which of the River's rules forbids a river tile's placement (edges already match)."""
    if type(action) is not PlaceTile:
        return None
    tile = state.config.tile_types.get(action.tile)
    if tile is None or not is_river_tile(tile):
        return None
    spot = (action.x, action.y, action.rotation)
    mode = str(state.config.options[UTURN])
    code = veto_reasons(state, tile, [spot], mode).get(spot)
    if code == NOT_CONTINUED:
        ends = open_ends(state)
        where = " or ".join(f"{x},{y}" for x, y in ends)
        return Refusal(
            code,
            "a river tile must continue the river"
            + (f" at {where}" if ends else " (it has no open end)"),
            {"x": action.x, "y": action.y, "open_ends": [[x, y] for x, y in ends]},
        )
    if code == U_TURN:
        why = (
            "the squares beyond the river's new end are not free"
            if mode == "jcz"
            else "the river would make a U-turn"
        )
        return Refusal(
            code,
            f"{why} at {action.x},{action.y} (river.uturn = {mode})",
            {"x": action.x, "y": action.y, "mode": mode},
        )
    return None


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_river.jcz import NAMES

    return list(NAMES)
