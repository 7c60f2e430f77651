"""One small plugin per general mechanic of the plugin API (docs/hooks.md, "Turn parts, pieces,
chance and the pile"), written as a fan would: on ``carcassonne`` and its public modules only.

They are not real expansions (their rules are made up to reach every branch of a mechanic on
the base tiles), but each plays whole games in every mix of the installed expansions: the tests
in this folder check every invariant with them, and their records and positions round trip.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import (
    NEUTRAL,
    Action,
    Award,
    ChanceOutcome,
    Decision,
    Figure,
    FigureKind,
    GameConfig,
    GameState,
    PieceKind,
    PlaceFigure,
    ScoreItem,
    TileType,
    TypedAction,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.geometry import SIDE_OFFSETS


class _Plugin:
    """Pickled by name (states pickle their configuration, plugins included): one object."""

    name: ClassVar[str]

    def __reduce__(self) -> tuple[object, ...]:
        return (plugin_named, (self.name,))


def plugin_named(name: str) -> object:
    return PLUGINS[name]


# ---------------------------------------------------------------------------------------------
# Another turn part: the builder


class Builder(_Plugin):
    """A builder on a road or city of the tile just placed; a later tile of its owner that
    extends that feature gives the owner a second tile in the same turn (once a turn). Its
    figure kind is ``t-builder``: the Traders & Builders expansion has the ``builder``."""

    name = "t-builder"

    @hookimpl
    def carcassonne_figure_kinds(self, config: GameConfig) -> list[FigureKind]:
        return [FigureKind("t-builder", 1, strength=0, provider=self.name)]

    @hookimpl
    def carcassonne_figure_actions(
        self, state: GameState, x: int, y: int, player: int
    ) -> list[Action]:
        if not state.supply[player].get("t-builder"):
            return []
        return [
            PlaceFigure("t-builder", x, y, seg.location)
            for feature, seg in state.segments(x, y)
            if seg.kind in ("road", "city")
            and not state.figures_on(feature)
            and not state.is_complete(feature)
        ]

    @hookimpl
    def carcassonne_tile_placed(self, state: GameState, x: int, y: int) -> None:
        if state.turn_part:
            return
        for feature, _seg in state.segments(x, y):
            if any(
                f.kind == "t-builder" and f.player == state.player
                for f in state.figures_on(feature)
            ):
                state.another_turn_part("builder")
                return


# ---------------------------------------------------------------------------------------------
# Points for no feature, counters players hold: goods


class Goods(_Plugin):
    """Each completed city gives the player who completed it one goods token; at the end the
    player(s) with the most goods score 10 points each, for no feature."""

    name = "t-goods"

    @hookimpl
    def carcassonne_piece_kinds(self, config: GameConfig) -> list[PieceKind]:
        return [PieceKind("goods", "goods token", glyph="g", mark="square", provider=self.name)]

    @hookimpl
    def carcassonne_held_pieces(self, state: GameState) -> dict[str, tuple[int, ...]]:
        return {"goods": self._held(state)}

    def _held(self, state: GameState) -> tuple[int, ...]:
        held = state.ext.get(self.name)
        return held if isinstance(held, tuple) else (0,) * state.players

    @hookimpl
    def carcassonne_score(
        self, state: GameState, completed: list[int], final: bool
    ) -> list[ScoreItem]:
        held = self._held(state)
        if final:
            best = max(held)
            if best == 0:
                return []
            return [
                Award(p, 10, None, "goods", "most goods") for p, n in enumerate(held) if n == best
            ]
        cities = sum(1 for f in completed if state.feature_kind(f) == "city")
        if cities:
            counts = list(held)
            counts[state.player] += cities
            state.ext[self.name] = tuple(counts)
        return []


# ---------------------------------------------------------------------------------------------
# Neutral figures, a decision asked of several players in turn, figures removed by a rule


class _StepFields(NamedTuple):
    x: int
    y: int


class DragonStep(TypedAction, _StepFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-dragon"


class Dragon(_Plugin):
    """A tile with a monastery calls the dragon onto it; then, before scoring, each player in
    turn (from the active one) moves it one square onto a placed tile it has not visited this
    move, and it eats every figure standing there."""

    name = "t-dragon"

    @hookimpl
    def carcassonne_piece_kinds(self, config: GameConfig) -> list[PieceKind]:
        return [
            PieceKind("dragon", "the dragon", glyph="D", mark="triangle", colour="#b00020",
                      neutral=True, provider=self.name)
        ]  # fmt: skip

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [DragonStep]

    @hookimpl
    def carcassonne_tile_placed(self, state: GameState, x: int, y: int, tile: TileType) -> None:
        if not any(f.kind == "monastery" for f in tile.features):
            return
        events: list[Event] = []
        dragon = state.pieces("dragon")
        if dragon:
            state.move_piece(dragon[0], x, y, None, events)
        else:
            state.put_piece("dragon", NEUTRAL, x, y, None, events)
        state.emit(events)
        state.ext[self.name] = ((x, y),)

    @hookimpl
    def carcassonne_before_scoring(self, state: GameState) -> list[Decision]:
        if not state.pieces("dragon") or state.last_tile is None:
            return []
        tile = state.tile_at(*state.last_tile)
        if tile is None or not any(f.kind == "city" for f in tile.rot.features):
            return []
        dragon = state.pieces("dragon")[0]
        state.ext[self.name] = ((dragon.x, dragon.y),)
        # a forced move: a step that can be taken must be (a dragon with nowhere to go is skipped)
        return [
            Decision("t-dragon", p, k, passable=False) for k, p in enumerate(state.seats_from())
        ]

    def _steps(self, state: GameState) -> list[tuple[int, int]]:
        dragon = state.pieces("dragon")[0]
        visited = state.ext.get(self.name) or ()
        assert isinstance(visited, tuple)
        out = []
        for dx, dy in SIDE_OFFSETS:
            square = (dragon.x + dx, dragon.y + dy)
            if square in state.board and square not in visited:
                out.append(square)
        return out

    @hookimpl
    def carcassonne_decision_actions(
        self, state: GameState, decision: Decision
    ) -> list[Action] | None:
        if decision.kind != "t-dragon":
            return None
        return [DragonStep(x, y) for x, y in self._steps(state)]

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        if type(action) is not DragonStep:
            return None
        events: list[Event] = []
        dragon = state.pieces("dragon")[0]
        state.move_piece(dragon, action.x, action.y, None, events)
        visited = state.ext.get(self.name) or ()
        assert isinstance(visited, tuple)
        state.ext[self.name] = visited + ((action.x, action.y),)
        for figure in [f for _, f in state.figures() if (f.x, f.y) == (action.x, action.y)]:
            state.remove_figure(figure, "eaten by the dragon", events)
        return events


# ---------------------------------------------------------------------------------------------
# Something at the start of a turn: the fairy


class _FairyFields(NamedTuple):
    x: int
    y: int


class MoveFairy(TypedAction, _FairyFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-fairy"


class Fairy(_Plugin):
    """Instead of a figure, move the fairy onto a tile holding one of your figures; at the
    start of your turn, 1 point (for no feature) if it stands on a tile with your figure."""

    name = "t-fairy"

    @hookimpl
    def carcassonne_piece_kinds(self, config: GameConfig) -> list[PieceKind]:
        return [PieceKind("fairy", "the fairy", glyph="F", mark="star", colour="#2e7d32",
                          neutral=True, provider=self.name)]  # fmt: skip

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [MoveFairy]

    @hookimpl
    def carcassonne_figure_actions(self, state: GameState, player: int) -> list[Action]:
        fairy = state.pieces("fairy")
        here = (fairy[0].x, fairy[0].y) if fairy else None
        squares = sorted({(f.x, f.y) for _, f in state.figures() if f.player == player})
        return [MoveFairy(x, y) for x, y in squares if (x, y) != here]

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        if type(action) is not MoveFairy:
            return None
        events: list[Event] = []
        fairy = state.pieces("fairy")
        if fairy:
            state.move_piece(fairy[0], action.x, action.y, None, events)
        else:
            state.put_piece("fairy", NEUTRAL, action.x, action.y, None, events)
        return events

    @hookimpl
    def carcassonne_turn_started(self, state: GameState) -> list[Event]:
        fairy = state.pieces("fairy")
        if not fairy:
            return []
        square = (fairy[0].x, fairy[0].y)
        if any((f.x, f.y) == square and f.player == state.player for _, f in state.figures()):
            events: list[Event] = []
            state.award(state.player, 1, None, "fairy", "the fairy", events)
            return events
        return []


# ---------------------------------------------------------------------------------------------
# A figure placed away from the tile just placed: the portal


class Portal(_Plugin):
    """A tile with a monastery is a portal: its player may put a meeple on any free and
    incomplete road anywhere on the board instead."""

    name = "t-portal"

    @hookimpl
    def carcassonne_figure_actions(
        self, state: GameState, x: int, y: int, player: int
    ) -> list[Action]:
        placed = state.tile_at(x, y)
        if placed is None or not state.supply[player].get("meeple"):
            return []
        if not any(f.kind == "monastery" for f in placed.rot.features):
            return []
        out: list[Action] = []
        for square in state.placement_order():
            if square == (x, y):
                continue
            for feature, seg in state.segments(*square):
                if seg.kind == "road" and not state.figures_on(feature):
                    if not state.is_complete(feature):
                        out.append(PlaceFigure("meeple", square[0], square[1], seg.location))
        return out


# ---------------------------------------------------------------------------------------------
# Pieces that are not figures, prisoners and their exchange, point transfers, any-time actions


class _FloorFields(NamedTuple):
    x: int
    y: int


class BuildFloor(TypedAction, _FloorFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-floor"


class _CaptureFields(NamedTuple):
    player: int
    figure: str
    x: int
    y: int
    location: str


class Capture(TypedAction, _CaptureFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-capture"


class _RansomFields(NamedTuple):
    player: int
    figure: str


class Ransom(TypedAction, _RansomFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-ransom"


class Tower(_Plugin):
    """Instead of a figure, add a floor (a piece, not a figure) to any tile with a monastery;
    then the builder may capture a figure on that tile or a tile beside it. Prisoners held both
    ways are exchanged at once; at any time of your turn you may buy one of yours back for 3
    points (paid to the holder), once a turn."""

    name = "t-tower"

    @hookimpl
    def carcassonne_piece_kinds(self, config: GameConfig) -> list[PieceKind]:
        return [PieceKind("floor", "tower floor", glyph="T", mark="square", colour="#6d4c41",
                          neutral=True, provider=self.name)]  # fmt: skip

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [BuildFloor, Capture, Ransom]

    @hookimpl
    def carcassonne_figure_actions(self, state: GameState) -> list[Action]:
        return [
            BuildFloor(sq[0], sq[1])
            for sq in state.placement_order()
            if any(seg.kind == "monastery" for _, seg in state.segments(*sq))
            and len(state.pieces_at(*sq)) < 3
        ]

    @hookimpl
    def carcassonne_decision_actions(
        self, state: GameState, decision: Decision
    ) -> list[Action] | None:
        if decision.kind != "t-capture":
            return None
        assert isinstance(decision.data, tuple)
        x, y = decision.data
        near = {(x, y)} | {(x + dx, y + dy) for dx, dy in SIDE_OFFSETS}
        return [
            Capture(f.player, f.kind, f.x, f.y, f.location)
            for _, f in state.figures()
            if (f.x, f.y) in near and f.kind == "meeple"
        ]

    @hookimpl
    def carcassonne_anytime_actions(self, state: GameState, player: int) -> list[Action]:
        if state.scores[player] < 3 or any(type(a) is Ransom for a in state.turn_actions):
            return []
        return sorted(
            {Ransom(p.player, p.kind) for p in state.prisoners() if p.player == player},
            key=repr,
        )

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        events: list[Event] = []
        if type(action) is BuildFloor:
            state.put_piece("floor", NEUTRAL, action.x, action.y, None, events)
            state.ask(Decision("t-capture", state.player, (action.x, action.y)))
            return events
        if type(action) is Capture:
            figure = Figure(action.player, action.figure, action.x, action.y, action.location)
            own = action.player == state.player  # your own figure goes back to your supply
            captor = None if own else state.player
            state.remove_figure(figure, "captured by a tower", events, captor=captor)
            self._exchange(state, events)
            return events
        if type(action) is Ransom:
            prisoner = next(
                p for p in state.prisoners() if (p.player, p.kind) == (action.player, action.figure)
            )
            state.transfer_points(action.player, prisoner.captor, 3, "ransom", events)
            state.release_prisoner(prisoner, "ransom", events)
            return events
        return None

    def _exchange(self, state: GameState, events: list[Event]) -> None:
        held = state.prisoners()
        for a in held:
            back = next((b for b in held if (b.captor, b.player) == (a.player, a.captor)), None)
            if back is not None:
                state.release_prisoner(a, "exchange", events)
                state.release_prisoner(back, "exchange", events)
                return


# ---------------------------------------------------------------------------------------------
# Chance inside a turn: the sheep bag


class Sheep(_Plugin):
    """A shepherd on a field of the tile just placed draws from a bag (3 sheep, 2 wolves): a
    sheep joins its flock (a piece beside it), a wolf sends the shepherd and the flock home."""

    name = "t-sheep"

    @hookimpl
    def carcassonne_figure_kinds(self, config: GameConfig) -> list[FigureKind]:
        return [FigureKind("shepherd", 1, strength=0, provider=self.name)]

    @hookimpl
    def carcassonne_piece_kinds(self, config: GameConfig) -> list[PieceKind]:
        return [PieceKind("sheep", "sheep", glyph="s", mark="disc", provider=self.name)]

    @hookimpl
    def carcassonne_figure_actions(
        self, state: GameState, x: int, y: int, player: int
    ) -> list[Action]:
        if not state.supply[player].get("shepherd"):
            return []
        return [
            PlaceFigure("shepherd", x, y, seg.location)
            for feature, seg in state.segments(x, y)
            if seg.kind == "field" and not state.figures_on(feature)
        ]

    @hookimpl
    def carcassonne_before_scoring(self, state: GameState) -> list[Decision]:
        placed = [a for a in state.turn_actions if type(a) is PlaceFigure]
        if placed and placed[-1].figure == "shepherd":
            state.ask_chance("t-sheep-bag", ("sheep", "wolf"), (3, 2))
        return []

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        if type(action) is not ChanceOutcome or action.name != "t-sheep-bag":
            return None
        events: list[Event] = []
        shepherd = next(f for _, f in state.figures() if f.kind == "shepherd" and
                        f.player == state.player and (f.x, f.y) == state.last_tile)  # fmt: skip
        if action.outcome == "sheep":
            state.put_piece("sheep", shepherd.player, shepherd.x, shepherd.y, shepherd.location,
                            events)  # fmt: skip
        else:
            for piece in state.pieces("sheep"):
                if piece.owner == shepherd.player:
                    state.remove_piece(piece, "the wolf", events)
            state.remove_figure(shepherd, "the wolf", events)
        return events


# ---------------------------------------------------------------------------------------------
# A tie-break, and a tile put under another: the hill


class Hill(_Plugin):
    """A tile with a monastery is a hill: the next tile of the pile goes under it, unseen; of
    players tied for a feature, those with a figure on a hill tile of it win."""

    name = "t-hill"

    @hookimpl
    def carcassonne_tile_placed(self, state: GameState, x: int, y: int, tile: TileType) -> None:
        if any(f.kind == "monastery" for f in tile.features):
            events: list[Event] = []
            state.put_under(x, y, "a hill", events)
            state.emit(events)

    @hookimpl
    def carcassonne_break_tie(
        self, state: GameState, feature: int, players: list[int]
    ) -> list[int] | None:
        tiles = state.feature_tiles(feature)
        on_hill = sorted(
            {
                f.player
                for f in state.figures_on(feature)
                if f.player in players and (f.x, f.y) in tiles and state.tiles_under(f.x, f.y)
            }
        )
        return on_hill or None


# ---------------------------------------------------------------------------------------------
# Tiles set aside and shuffled back in: the volcano


class Volcano(_Plugin):
    """Tiles with a city and a monastery... none exist: tiles with exactly one road are set
    aside while no monastery is on the board besides the first; the first monastery placed
    shuffles them all back into the pile."""

    name = "t-volcano"

    @hookimpl
    def carcassonne_set_aside_drawn(self, state: GameState, tile: TileType) -> str | None:
        if state.ext.get(self.name):
            return None
        roads = sum(1 for f in tile.features if f.kind == "road")
        return "no monastery yet" if roads == 1 else None

    @hookimpl
    def carcassonne_tile_placed(self, state: GameState, tile: TileType) -> None:
        if state.ext.get(self.name) or not any(f.kind == "monastery" for f in tile.features):
            return
        state.ext[self.name] = True
        events: list[Event] = []
        state.shuffle_in("the first monastery", events)
        state.emit(events)


def mixes_for(name: str, mixes: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The mixes the plugin ``name`` can join: a test plugin modelled on a real expansion's
    neutral figure (t-dragon, t-fairy beside The Princess & the Dragon) declares the same piece
    kind, which a game refuses; it plays in every mix without that expansion."""
    declared = getattr(PLUGINS[name], "carcassonne_piece_kinds", None)
    own = {kind.name for kind in declared(None)} if declared is not None else set()
    if not own:
        return mixes
    clashing = {
        expansion
        for expansion in {e for mix in mixes for e in mix}
        if own & set(GameConfig(expansions=[expansion]).piece_kinds)
    }
    return [mix for mix in mixes if not clashing & set(mix)]


#: Every mechanic's plugin, by name: the tests play each in every mix of the expansions.
PLUGINS: dict[str, object] = {
    plugin.name: plugin
    for plugin in (Builder(), Goods(), Dragon(), Fairy(), Portal(), Tower(), Sheep(), Hill(),
                   Volcano())
}  # fmt: skip


#: Installed expansions a test plugin cannot be mixed with, as it defines the same names (the
#: t-sheep's ``shepherd`` figure kind is Hills & Sheep's): two plugins may not define one name.
CLASHES: dict[str, frozenset[str]] = {"t-sheep": frozenset({"hills-sheep"})}


def mixes_with(name: str, mixes: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The mixes a test plugin plays in: those without an expansion declaring its piece kinds
    (:func:`mixes_for`), each without the expansions it clashes with by name (a mix that
    becomes equal to an earlier one is played once)."""
    clash = CLASHES.get(name, frozenset())
    out: list[tuple[str, ...]] = []
    for mix in mixes_for(name, mixes):
        kept = tuple(e for e in mix if e not in clash)
        if kept not in out:
            out.append(kept)
    return out
