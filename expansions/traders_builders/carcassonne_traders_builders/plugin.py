"""The hook implementations of Traders & Builders (entry point ``traders-builders``).

* 24 land tiles with goods marks: ``carcassonne_tile_sets`` + ``carcassonne_kind_extensions``
  (``wine``, ``grain``, ``cloth`` on cities);
* builder and pig, strength 0 (never in a majority): ``carcassonne_figure_kinds`` and
  ``carcassonne_figure_actions``; the builder's second part: ``state.another_turn_part`` from
  ``carcassonne_tile_placed``;
* the pig's bonus: ``carcassonne_adjust_awards``;
* goods tokens: ``carcassonne_score`` (taken during play, 10 per kind at the end),
  ``carcassonne_held_pieces`` and ``carcassonne_piece_kinds`` (how they look);
* a builder or pig whose owner's last follower left its feature goes home:
  ``carcassonne_after_scoring``;
* options: ``carcassonne_rule_options``;
* JCloisterZone's names (:mod:`.jcz`): ``carcassonne_jcz_names``.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import ClassVar, NamedTuple

from carcassonne import (
    Action,
    Award,
    Decision,
    FigureKind,
    GameConfig,
    GameState,
    KindExtension,
    Option,
    PieceKind,
    PlaceFigure,
    ReturnedFigure,
    ScoreItem,
    TileType,
    TypedAction,
    hookimpl,
)
from carcassonne import events as ev
from carcassonne.events import Event
from carcassonne.jcz.names import JczName
from carcassonne_traders_builders import builder, goods, pig
from carcassonne_traders_builders.common import (
    BUILDER,
    NAME,
    OPT_BUILDERS,
    OPT_PIGS,
    OPTIONS,
    PIG,
    count_option,
    holds_follower,
    segments_of,
)


class _NoFields(NamedTuple):
    pass


class SecondPart(TypedAction, _NoFields):
    """Take the second part of the turn the builder earned (``double_turn = optional``)."""

    __slots__ = ()
    verb: ClassVar[str] = "second-part"


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return list(OPTIONS)


@hookimpl
def carcassonne_kind_extensions() -> list[KindExtension]:
    return [KindExtension("city", goods.ATTRIBUTES)]


@hookimpl
def carcassonne_figure_kinds(config: GameConfig) -> list[FigureKind]:
    return [
        FigureKind(BUILDER, count_option(config, OPT_BUILDERS), strength=0, provider=NAME,
                   shape="builder"),
        FigureKind(PIG, count_option(config, OPT_PIGS), strength=0, provider=NAME, shape="pig"),
    ]


@hookimpl
def carcassonne_piece_kinds(config: GameConfig) -> list[PieceKind]:
    return list(goods.PIECES)


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_traders_builders.tiles") / "traders_builders.toml"]


@hookimpl
def carcassonne_action_types() -> list[type[TypedAction]]:
    return [SecondPart]


@hookimpl
def carcassonne_tile_placed(
    state: GameState, x: int, y: int, tile: TileType, rotation: int
) -> None:
    """Every argument of the hook taken, in its order: the core then calls this without
    picking arguments (this runs every turn). Most turns every builder of the player is in
    the supply: nothing to extend, no call further."""
    if state.supply[state.player].get(BUILDER, 0) < state.config.figure_kinds[BUILDER].count:
        builder.tile_placed(state, x, y)


@hookimpl
def carcassonne_figure_actions(state: GameState, x: int, y: int, player: int) -> list[Action]:
    """The builder on each fitting road or city of the tile just placed, then the pig on each
    fitting field. Only the segments either figure may take are looked at (kept per rotated
    tile: :func:`segments_of`), and only those somebody stands in are checked (few)."""
    supply = state.supply[player]
    builders = supply.get(BUILDER, 0) > 0
    pigs = supply.get(PIG, 0) > 0
    if not builders and not pigs:
        return []
    placed = state.board[x, y]
    roads_cities, fields = segments_of(placed.rot)
    base = placed.order
    figures_on = state.figures_on
    found: list[Action] = []
    if builders:
        for index, location in roads_cities:
            figures = figures_on(base + index)
            if figures and builder.fits(state, base + index, figures, player):
                found.append(PlaceFigure(BUILDER, x, y, location))
    if pigs:
        for index, location in fields:
            figures = figures_on(base + index)
            if figures and pig.fits(state, figures, player):
                found.append(PlaceFigure(PIG, x, y, location))
    return found


@hookimpl
def carcassonne_decision_actions(state: GameState, decision: Decision) -> list[Action] | None:
    if decision.kind != builder.DECISION:
        return None
    return [SecondPart()]


@hookimpl
def carcassonne_apply_action(state: GameState, action: Action) -> list[Event] | None:
    if type(action) is not SecondPart:
        return None
    state.another_turn_part(builder.REASON)
    return []


@hookimpl
def carcassonne_score(
    state: GameState, completed: list[int], final: bool
) -> list[ScoreItem] | None:
    if final:
        return goods.final_awards(state)
    if completed:  # most turns complete nothing: no call further
        goods.take(state, completed)
    return None


@hookimpl
def carcassonne_adjust_awards(
    state: GameState, awards: list[Award], final: bool
) -> list[Award] | None:
    if not awards or not _pigs_out(state):
        return None  # no pig on the board (most scorings): the awards stay as they are
    return pig.adjust(state, awards, final)


def _pigs_out(state: GameState) -> bool:
    """Whether some player's pig is on the board: their supply lacks one."""
    pigs = state.config.figure_kinds[PIG].count
    for supply in state.supply:
        if supply.get(PIG, 0) < pigs:
            return True
    return False


#: Events of a figure leaving the board by another rule than scoring (eaten, captured). The
#: core's event classes are not subclassed: their exact types are compared, in C.
_LEFT = frozenset({ev.FigureRemoved, ev.FigureCaptured})


@hookimpl
def carcassonne_after_scoring(
    state: GameState, returned: list[ReturnedFigure]
) -> list[Decision] | None:
    """A builder or pig whose owner has no follower left in its feature goes home (§3.3):
    after a scoring (a barn) or a rule that removed the follower. Most parts return no figure
    and remove none: that is told first, by one pass over the action's events in C; the
    supplies are read and the board scanned only when a follower may have left."""
    if not returned and _LEFT.isdisjoint(map(type, state.last_events)):
        return None
    kinds = state.config.figure_kinds
    builders, pigs = kinds[BUILDER].count, kinds[PIG].count
    for supply in state.supply:
        if supply.get(BUILDER, 0) < builders or supply.get(PIG, 0) < pigs:
            break
    else:
        return None  # no builder or pig out
    events: list[Event] = []
    for feature, figure in state.figures():
        if figure.kind in (BUILDER, PIG):
            if holds_follower(state, state.figures_on(feature), figure.player):
                continue
            state.remove_figure(figure, "its owner's last follower left", events)
    if events:
        state.emit(events)
    return []


@hookimpl
def carcassonne_held_points(state: GameState) -> list[int]:
    return goods.held_points(state)


@hookimpl
def carcassonne_held_pieces(state: GameState) -> dict[str, tuple[int, ...]]:
    return goods.held_pieces(state)


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_traders_builders.jcz import NAMES

    return list(NAMES)
