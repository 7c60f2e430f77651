"""Corners of the general mechanics' API that a fan expansion's author runs into: log entries
they can name, forced moves, figures placed away from the tile just placed, the testing kit's
points, state identity mid-turn, feature ids out of range, forced chance through undo, and the
exact refusals of chance outcomes and figures elsewhere."""

from __future__ import annotations

import pytest

import carcassonne
import carcassonne.testing
from carcassonne import (
    Action,
    CarcassonneError,
    ChanceOutcome,
    Decision,
    Draw,
    ForcedChance,
    ForcedDraw,
    GameConfig,
    GameState,
    IllegalActionError,
    Pass,
    PlaceFigure,
    TileType,
    hookimpl,
)
from carcassonne.codes import CORE_CODES
from carcassonne.events import Event
from carcassonne.protocol import Server
from carcassonne.testing import BLUE, RED, board, points

from .plugins import PLUGINS, DragonStep, Ransom


def _with(name: str, tiles: list[str], figures=(), pile=None, players=2) -> GameState:
    return board(tiles, figures, pile=pile, players=players, plugins=[(name, PLUGINS[name])])


def _refused(state: GameState, action: Action | str) -> tuple[str, str, dict[str, object]]:
    """The refusal of ``action`` by apply, checked to equal why_illegal's and to leave the
    state unchanged."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert state == before
    why = state.why_illegal(action)
    assert why is not None
    error = caught.value
    assert (error.code, error.reason, dict(error.details)) == (why.code, why.reason, why.details)
    assert why.code in {c.code for c in CORE_CODES}
    return why.code, why.reason, dict(why.details)


# -- 1. log entries a fan's test can name -----------------------------------------------------


def test_log_entries_are_exported_from_carcassonne_and_the_testing_kit() -> None:
    assert "ForcedChance" in carcassonne.__all__ and "ForcedDraw" in carcassonne.__all__
    assert carcassonne.testing.ForcedChance is ForcedChance
    assert carcassonne.testing.ForcedDraw is ForcedDraw
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    state.force_draw("BA/L")
    assert state.log == [ForcedDraw("BA/L")]


# -- 2. decisions that cannot be passed -------------------------------------------------------


def _dragon_called() -> GameState:
    """Red places a city next to the start tile while the dragon stands on the monastery
    south of it: each player in turn must move the dragon."""
    state = _with("t-dragon", ["BA/RCr @(0,0) r0", "BA/L @(0,1) r0"], pile=["BA/C", "BA/L"])
    state.put_piece("dragon", -1, 0, 1, None, [])
    state.apply("tile BA/C 0,-1 r180")
    state.apply("pass")  # no figure: the dragon's round comes before scoring
    return state


def test_a_forced_move_lists_no_pass_and_refuses_one() -> None:
    state = _dragon_called()
    assert state.pending == Decision("t-dragon", RED, 0, passable=False)
    assert state.legal_actions() == [DragonStep(0, 0)]
    assert _refused(state, Pass()) == (
        "not-passable",
        "the t-dragon decision of player 0 cannot be passed: it is a forced move "
        "(choose one of its actions)",
        {"kind": "t-dragon", "player": 0},
    )
    state.apply(DragonStep(0, 0))
    assert state.pending == Decision("t-dragon", BLUE, 1, passable=False)
    assert state.legal_actions() == [DragonStep(0, -1)]


def test_a_forced_move_with_no_action_left_is_skipped() -> None:
    # the dragon alone on the board with nowhere it has not been: both steps are moot
    state = _with("t-dragon", ["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    state.put_piece("dragon", -1, 0, 0, None, [])
    state.apply("tile BA/C 0,-1 r180")
    state.apply("pass")
    # red's step goes to the new city; blue's would have nowhere left but the start tile
    assert state.legal_actions() == [DragonStep(0, -1)]
    state.apply(DragonStep(0, -1))
    assert state.pending.kind == "tile" and state.player == BLUE


def test_decisions_stay_passable_by_default() -> None:
    assert Decision("t-x", 0).passable is True
    state = board(["BA/RCr @(0,0) r0"])
    assert state.pending.passable is True


# -- 3. figures placed away from the tile just placed -----------------------------------------


class CarelessPortal:
    """A monastery is a portal to every road of every other tile, offered without looking:
    the core must keep the occupied and the complete ones out. A tile with a city asks a
    decision offering the same roads."""

    @hookimpl
    def carcassonne_figure_actions(self, state: GameState, x: int, y: int) -> list[Action]:
        placed = state.tile_at(x, y)
        if placed is None or not any(f.kind == "monastery" for f in placed.rot.features):
            return []
        return self._roads(state, (x, y))

    def _roads(self, state: GameState, here: tuple[int, int]) -> list[Action]:
        return [
            PlaceFigure("meeple", sx, sy, seg.location)
            for sx, sy in state.placement_order()
            if (sx, sy) != here
            for _, seg in state.segments(sx, sy)
            if seg.kind == "road"
        ]

    @hookimpl
    def carcassonne_tile_placed(self, state: GameState, x: int, y: int, tile: TileType) -> None:
        if any(f.kind == "city" for f in tile.features):
            state.ask(Decision("careless", state.player))

    @hookimpl
    def carcassonne_decision_actions(
        self, state: GameState, decision: Decision
    ) -> list[Action] | None:
        if decision.kind != "careless":
            return None
        assert state.last_tile is not None
        return self._roads(state, state.last_tile)

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        return None


#: The start road (0,0) W-E runs between two crossings: complete. Blue holds the road going
#: south from the east crossing.
_ROADS = ["BA/RCr @(0,0) r0", "BA/RRR @(1,0) r0", "BA/RRR @(-1,0) r0"]
_BLUE_SOUTH = [(BLUE, "meeple", 1, 0, "S")]


def _careless(pile: list[str]) -> GameState:
    return board(_ROADS, _BLUE_SOUTH, pile=pile, plugins=[("careless", CarelessPortal())])


def test_figures_elsewhere_are_offered_only_on_free_incomplete_features() -> None:
    state = _careless(["BA/L", "BA/L"])
    state.apply("tile BA/L 0,1 r0")
    assert state.legal_actions() == [
        PlaceFigure("meeple", -1, 0, "S"),
        PlaceFigure("meeple", -1, 0, "W"),
        PlaceFigure("meeple", 0, 1, "NL"),
        PlaceFigure("meeple", 0, 1, "monastery"),
        PlaceFigure("meeple", 1, 0, "E"),
        Pass(),
    ]
    assert _refused(state, PlaceFigure("meeple", 1, 0, "S")) == (
        "feature-occupied",
        "the road at 1,0 S already holds blue's meeple",
        {
            "feature": state.feature_at(1, 0, "S"),
            "figures": [{"player": 1, "kind": "meeple", "x": 1, "y": 0, "location": "S"}],
        },
    )
    road = state.feature_at(0, 0, "E")
    assert _refused(state, PlaceFigure("meeple", 0, 0, "E")) == (
        "feature-complete",
        "the road at 0,0 E is complete: a figure goes on a complete feature only on the tile "
        "just placed",
        {"feature": road, "x": 0, "y": 0, "location": "E"},
    )
    events = state.apply(PlaceFigure("meeple", 1, 0, "E"))
    assert state.figures_on(state.feature_at(1, 0, "E")) == (
        carcassonne.Figure(RED, "meeple", 1, 0, "E"),
    )
    assert points(events) == {}


def test_a_figure_elsewhere_needs_one_in_the_supply() -> None:
    state = _careless(["BA/L", "BA/L"])
    state.supply[RED] = {**state.supply[RED], "meeple": 0}
    state.apply("tile BA/L 0,1 r0")
    assert state.legal_actions() == [Pass()]
    assert _refused(state, PlaceFigure("meeple", 1, 0, "E")) == (
        "no-figure-left",
        "red has no meeple left",
        {"figure": "meeple", "player": RED},
    )


def test_a_plugin_decision_offering_figures_elsewhere_is_checked_too() -> None:
    state = _careless(["BA/C", "BA/C"])
    state.apply("tile BA/C 0,1 r180")  # a city: the careless decision before the figure phase
    assert state.pending == Decision("careless", RED)
    assert state.legal_actions() == [
        PlaceFigure("meeple", -1, 0, "S"),
        PlaceFigure("meeple", -1, 0, "W"),
        PlaceFigure("meeple", 1, 0, "E"),
        Pass(),
    ]
    assert _refused(state, PlaceFigure("meeple", 1, 0, "S"))[0] == "feature-occupied"
    assert _refused(state, PlaceFigure("meeple", -1, 0, "E"))[0] == "feature-complete"


class NoEast:
    """Vetoes every figure onto the square east of the start (as the dragon's square is
    closed to every figure, the wagon's move included)."""

    @hookimpl
    def carcassonne_veto_figure_actions(
        self, state: GameState, actions: list[Action]
    ) -> list[Action]:
        return [a for a in actions if type(a) is PlaceFigure and (a.x, a.y) == (1, 0)]


def test_a_plugin_decisions_figures_elsewhere_obey_other_plugins_vetoes() -> None:
    state = board(
        _ROADS,
        _BLUE_SOUTH,
        pile=["BA/C", "BA/C"],
        plugins=[("careless", CarelessPortal()), ("no-east", NoEast())],
    )
    state.apply("tile BA/C 0,1 r180")
    assert state.pending == Decision("careless", RED)
    assert state.legal_actions() == [
        PlaceFigure("meeple", -1, 0, "S"),
        PlaceFigure("meeple", -1, 0, "W"),
        Pass(),
    ]
    with pytest.raises(IllegalActionError):
        state.apply(PlaceFigure("meeple", 1, 0, "E"))


# -- 4. the testing kit's points count transfers ----------------------------------------------


def test_points_count_transfers_for_the_payer_and_the_payee() -> None:
    from carcassonne import Figure

    tiles = ["BA/RCr @(0,0) r0", "BA/L @(0,1) r0"]
    state = _with("t-tower", tiles, [(1, "meeple", 0, 0, "E")], pile=["BA/RFr", "BA/RFr", "BA/L"])
    state.scores[1] = 5
    state.remove_figure(Figure(1, "meeple", 0, 0, "E"), "captured", [], captor=0)
    state.apply("tile BA/RFr 1,0 r0")
    state.apply("pass")
    events = state.apply(Ransom(1, "meeple"))
    assert points(events) == {RED: 3, BLUE: -3}
    assert state.scores == [3, 2]


# -- 5. equal states list the same actions ----------------------------------------------------


def test_states_that_differ_in_the_turn_so_far_are_not_equal() -> None:
    state = _careless(["BA/L", "BA/L"])
    state.apply("tile BA/L 0,1 r0")
    other = state.clone()
    other.last_tile = (1, 0)  # as if the tile had gone elsewhere: other figure actions
    assert other.legal_actions() != state.legal_actions()
    assert other != state and other.key() != state.key()
    asked = state.clone()
    asked.ask(Decision("careless", RED))
    assert asked != state
    acted = state.clone()
    acted.turn_actions = (*state.turn_actions, Draw())
    assert acted != state
    assert state.clone() == state and state.clone().key() == state.key()


# -- 6. feature ids out of range --------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "feature_kind",
        "feature_tiles",
        "feature_open",
        "feature_attrs",
        "figures_on",
        "bordering",
        "completed_cities",
        "is_complete",
        "majority",
        "feature_id",
    ],
)
@pytest.mark.parametrize("wrong", [-1, -2, 4, 999, None, 1.0])
def test_every_feature_query_refuses_ids_out_of_range(query: str, wrong: object) -> None:
    state = board(["BA/RCr @(0,0) r0"])  # features 0 to 3
    message = f"no feature {wrong!r} on this board (ids run from 0 to 3)"
    with pytest.raises(CarcassonneError) as caught:
        getattr(state, query)(wrong)
    assert str(caught.value) == message
    with pytest.raises(CarcassonneError, match="no feature -1 on this board"):
        state.feature_attr(-1, "shields")
    with pytest.raises(CarcassonneError, match="no feature -1 on this board"):
        state.same_feature(0, -1)
    assert state.feature_kind(3) == state.feature_kind(state.feature_at(0, 0, "SL"))


# -- 7. forced chance outcomes through undo ---------------------------------------------------


def test_undo_keeps_chance_outcomes_forced_and_not_drawn() -> None:
    state = _with("t-sheep", ["BA/RCr @(0,0) r0"], pile=["BA/RFr"] * 4)
    state.force_chance("wolf")
    state.apply("tile BA/RFr 1,0 r0")  # draws nothing
    before = state.clone()
    state.apply("pass")
    state.undo()
    assert state == before
    events = state.apply("figure shepherd 1,0 EL")  # the forced wolf is drawn
    assert ChanceOutcome("t-sheep-bag", "wolf") not in state.legal_actions()
    assert [e.outcome for e in events if e.type == "chance"] == ["wolf"]


def test_a_failed_action_keeps_the_chance_outcomes_forced() -> None:
    state = _with("t-sheep", ["BA/RCr @(0,0) r0"], pile=["BA/RFr"] * 4)
    state.apply("tile BA/RFr 1,0 r0")
    state.force_chance("dragon")  # no outcome of the bag: the draw fails half-way
    before = state.clone()
    with pytest.raises(CarcassonneError, match="the forced chance outcome 'dragon'"):
        state.apply("figure shepherd 1,0 EL")
    assert state == before


# -- 8. exact refusals of chance outcomes -----------------------------------------------------


def test_chance_outcomes_are_refused_with_exact_messages() -> None:
    state = _with("t-sheep", ["BA/RCr @(0,0) r0"], pile=["BA/RFr"] * 4)
    assert _refused(state, ChanceOutcome("t-sheep-bag", "wolf")) == (
        "wrong-decision",
        "no chance draw is pending: the engine draws chance outcomes itself (auto_chance is on)",
        {"expected": "tile"},
    )
    state.auto_chance = False
    assert _refused(state, ChanceOutcome("t-sheep-bag", "wolf")) == (
        "wrong-decision",
        "no chance draw is pending: the tile decision of player 0 is",
        {"expected": "tile"},
    )
    state.apply("tile BA/RFr 1,0 r0")
    state.apply("figure shepherd 1,0 EL")  # the bag waits for the caller
    assert _refused(state, ChanceOutcome("bag", "wolf")) == (
        "not-offered",
        "the pending chance draw is t-sheep-bag, not bag",
        {"name": "t-sheep-bag"},
    )
    assert _refused(state, ChanceOutcome("t-sheep-bag", "dog")) == (
        "not-offered",
        "'dog' is not a possible outcome of t-sheep-bag (sheep, wolf)",
        {"outcomes": ["sheep", "wolf"]},
    )


def test_the_protocol_why_gives_the_same_refusals() -> None:
    server = Server([("t-sheep", PLUGINS["t-sheep"])])
    server.handle({"op": "new", "seed": 1, "chance": "client"})
    why = server.handle({"op": "why", "action": "chance t-sheep-bag wolf"})
    assert (why["legal"], why["code"], why["reason"]) == (
        False,
        "chance-not-pending",
        "no chance draw waits for an outcome: the game waits for a tile decision, "
        "not a chance outcome",
    )


def test_figures_off_the_offered_tiles_are_refused_with_exact_messages() -> None:
    state = _careless(["BA/L", "BA/L"])
    state.apply("tile BA/L 0,1 r0")
    assert _refused(state, PlaceFigure("meeple", 5, 5, "E")) == (
        "not-last-tile",
        "a figure goes on the tile just placed (0,1) or on a tile a rule offers "
        "(-1,0; 0,0; 1,0), not on 5,5",
        {"last_tile": [0, 1], "offered": [[-1, 0], [0, 0], [1, 0]]},
    )
    assert _refused(state, PlaceFigure("meeple", 1, 0, "N")) == (
        "no-feature",
        "the tile at 1,0 has no feature at 'N' "
        "(try: E, EL, ER, NE, NL, NR, NW, S, SE, SL, SR, SW, W, WL, WR)",
        {"location": "N", "locations": [*"E EL ER NE NL NR NW S SE SL SR SW W WL WR".split()]},
    )
    plain = board(["BA/RCr @(0,0) r0"], pile=["BA/L", "BA/L"])
    plain.apply("tile BA/L 0,1 r0")
    assert _refused(plain, PlaceFigure("meeple", 0, 0, "E")) == (
        "not-last-tile",
        "a figure goes on the tile just placed (0,1), not on 0,0",
        {"last_tile": [0, 1]},
    )


def test_a_rule_of_its_own_places_with_its_own_action() -> None:
    """The placement rules above are the core's for ``PlaceFigure``; a plugin whose figure
    joins an occupied feature (a flier) applies its own action with state.place_figure."""
    state = board(_ROADS, _BLUE_SOUTH)
    events: list[Event] = []
    state.place_figure(RED, "meeple", 1, 0, "S", events)  # the mutator checks no rule
    assert len(state.figures_on(state.feature_at(1, 0, "S"))) == 2


# -- a compulsory figure phase: a veto of Pass ------------------------------------------------


class _MonkMust:
    """A test rule: whoever places a monastery must put a monk on it, if they have one."""

    @hookimpl
    def carcassonne_veto_figure_actions(self, state: GameState, actions: list[Action]):
        x, y = state.last_tile
        monk = [
            a
            for a in actions
            if type(a) is PlaceFigure and (a.x, a.y, a.location) == (x, y, "monastery")
        ]
        if not monk:
            return []
        return [a for a in actions if a not in monk] + [Pass()]


def test_a_veto_of_pass_makes_the_figure_phase_compulsory() -> None:
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/L", "BA/RFr"],
                  plugins=[("monk-must", _MonkMust())])  # fmt: skip
    state.apply("tile BA/L 0,1 r0")
    assert [str(a) for a in state.legal_actions()] == ["figure meeple 0,1 monastery"]
    with pytest.raises(IllegalActionError):
        state.apply(Pass())
    state.apply("figure meeple 0,1 monastery")
    state.apply("tile BA/RFr 1,0 r0")  # no monastery: no veto, Pass is offered
    assert Pass() in state.legal_actions()


def test_a_tile_goes_under_from_the_top_or_the_bottom_of_the_pile() -> None:
    """``put_under(..., where)``: the next tile (``top``) or the last (``bottom``: the pile
    ends sooner, the tiles to come keep their order); anything else is refused."""
    state = GameState.new(GameConfig(players=2, seed=5))
    pile = state.draw_pile()
    events: list[Event] = []
    assert state.put_under(0, 0, "test", events, "bottom")
    assert state.draw_pile() == pile[:-1] and state._hidden_under() == (((0, 0), pile[-1]),)
    assert state.put_under(0, 0, "test", events)
    assert state.draw_pile() == pile[1:-1] and state.tiles_under(0, 0) == 2
    with pytest.raises(CarcassonneError, match="from the 'top' or the 'bottom', not 'middle'"):
        state.put_under(0, 0, "test", events, "middle")
    assert state.draw_pile() == pile[1:-1]
