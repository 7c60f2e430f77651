"""Hook implementations of The Princess & the Dragon; each delegates to the module of one
element (dragon and volcano, fairy, portal, princess)."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import (
    Action,
    Attribute,
    Award,
    Decision,
    ErrorCode,
    GameConfig,
    GameState,
    KindExtension,
    Option,
    PieceKind,
    Refusal,
    ReturnedFigure,
    ScoreItem,
    TileMark,
    TileType,
    TypedAction,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.jcz.names import JczName
from carcassonne_princess_dragon import dragon, explain, fairy, portal, princess, worth
from carcassonne_princess_dragon.common import (
    DRAGON,
    DRAGON_TAG,
    FAIRY,
    NAME,
    OPT_DRAGON_MOVE,
    OPTIONS,
    PORTAL,
    PRINCESS,
    STEP,
    VOLCANO,
)

PRINCESS_ATTRIBUTE = Attribute(PRINCESS, "princess", glyph="p", marker="princess", provider=NAME)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return list(OPTIONS)


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("carcassonne_princess_dragon.tiles") / "princess_dragon.toml"]


@hookimpl
def carcassonne_tile_marks() -> list[TileMark]:
    return [
        TileMark(VOLCANO, "volcano: the dragon comes here", "V", "triangle", "#e65100", NAME),
        TileMark(DRAGON_TAG, "dragon tile: the dragon moves", "d", "diamond", "#b00020", NAME),
        TileMark(PORTAL, "magic portal: a figure anywhere", "O", "ring", "#6a1b9a", NAME),
    ]


@hookimpl
def carcassonne_kind_extensions() -> list[KindExtension]:
    return [KindExtension("city", (PRINCESS_ATTRIBUTE,))]


@hookimpl
def carcassonne_piece_kinds(config: GameConfig) -> list[PieceKind]:
    return [
        PieceKind(DRAGON, "the dragon", glyph="&", mark="triangle", colour="#b00020",
                  neutral=True, provider=NAME, shape="dragon"),
        PieceKind(FAIRY, "the fairy", glyph="@", mark="star", colour="#2e7d32", neutral=True,
                  provider=NAME, shape="fairy"),
    ]  # fmt: skip


@hookimpl
def carcassonne_action_types() -> list[type[TypedAction]]:
    return [dragon.DragonStep, fairy.MoveFairy, princess.RemoveKnight]


@hookimpl
def carcassonne_set_aside_drawn(state: GameState, tile: TileType) -> str | None:
    return dragon.set_aside(state, tile)


@hookimpl
def carcassonne_turn_started(state: GameState) -> list[Event]:
    return fairy.turn_started(state)


@hookimpl
def carcassonne_tile_placed(state: GameState, x: int, y: int, tile: TileType) -> None:
    fairy.tile_placed(state)
    if VOLCANO in tile.tags:
        dragon.tile_placed(state, x, y, tile)


@hookimpl
def carcassonne_figure_actions(state: GameState, x: int, y: int, player: int) -> list[Action]:
    """Every figure phase: the portal's and the princess's actions only on their tiles (a tag
    and a flag read), the fairy's moves from the figures kept since the player's last look."""
    out: list[Action] = []
    placed = state.tile_at(x, y)
    if placed is not None:
        if PORTAL in placed.tile.tags:
            out += portal.placements(state, x, y, player)
        if princess.has_princess(placed.tile):
            out += princess.removals(state, x, y)
    out += fairy.moves(state, player)
    return out


@hookimpl
def carcassonne_veto_figure_actions(state: GameState, actions: list[Action]) -> list[Action]:
    return [*dragon.vetoes(state, actions), *princess.vetoes(state, actions)]


@hookimpl
def carcassonne_apply_action(state: GameState, action: Action) -> list[Event] | None:
    kind = type(action)
    if kind is dragon.DragonStep:
        return dragon.step(state, action)  # type: ignore[arg-type]
    if kind is fairy.MoveFairy:
        return fairy.move(state, action)  # type: ignore[arg-type]
    if kind is princess.RemoveKnight:
        return princess.remove(state, action)  # type: ignore[arg-type]
    return None


@hookimpl
def carcassonne_before_scoring(state: GameState) -> list[Decision]:
    events: list[Event] = []
    fairy.abbot_returned(state, events)
    if events:
        state.emit(events)
    if state.config.options[OPT_DRAGON_MOVE] != "before_scoring":
        return []
    return dragon.steps(state)


@hookimpl
def carcassonne_after_scoring(state: GameState, returned: list[ReturnedFigure]) -> list[Decision]:
    if state.config.options[OPT_DRAGON_MOVE] == "after_scoring":
        # asked, not returned: asked decisions keep their order (the steps go round the table)
        for decision in dragon.steps(state):
            state.ask(decision)
    return []


@hookimpl
def carcassonne_decision_actions(state: GameState, decision: Decision) -> list[Action] | None:
    if decision.kind != STEP:
        return None
    return dragon.options(state)


@hookimpl
def carcassonne_score(state: GameState, completed: list[int], final: bool) -> list[ScoreItem]:
    if not completed or not fairy.may_score(state):
        return []
    return fairy.score(state, set(completed))


@hookimpl
def carcassonne_adjust_awards(state: GameState, awards: list[Award], final: bool) -> list[Award]:
    if not awards or not fairy.may_score(state):
        return awards
    return fairy.adjust(state, awards)


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    """Read only to import or export a JCloisterZone game: the module loads on demand."""
    from carcassonne_princess_dragon.jcz import NAMES

    return NAMES


@hookimpl
def carcassonne_held_points(state: GameState) -> list[int] | None:
    return worth.held_points(state)


@hookimpl
def carcassonne_error_codes() -> list[ErrorCode]:
    return list(explain.ERROR_CODES)


@hookimpl
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    return explain.explain(state, action)
