"""The plugin API's extension points, used from plugins defined here (never installed).

``InnsAndBig`` adds an attribute to another plugin's kind (an inn on the base game's ``road``),
a follower of strength 2, and an award change (inn-style: 2 per tile when complete, 0 at the
end) — with no core change, in every expansion mix, and one award line per scored feature.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, NamedTuple

import pytest

from carcassonne import (
    Attribute,
    Award,
    Decision,
    Draw,
    FigureKind,
    GameConfig,
    GameState,
    KindExtension,
    Pass,
    PlaceFigure,
    PlaceTile,
    TypedAction,
    hookimpl,
    testing,
)
from carcassonne.plugins import installed_expansions
from carcassonne.position import Position, build_state
from carcassonne.testing import BLUE, RED, parse_tile, place, points

INN_TILES = """\
[set]
name = "inns-test"
description = "A straight road with an inn, for the plugin API tests"

[[tile]]
id = "IT/RR.i"
count = 4
description = "Straight road west-east with an inn"
features = \"\"\"
road E W inn=1
field NL NR EL WR
field ER SL SR WL
\"\"\"
"""

INN = Attribute("inn", "inn", glyph="i", marker="inn", provider="inns-and-big")


class InnsAndBig:
    """A fan's plugin: inns on roads, a big follower, and inn scoring."""

    def __init__(self, tiles: Path) -> None:
        self.tiles = tiles

    @hookimpl
    def carcassonne_kind_extensions(self) -> list[KindExtension]:
        return [KindExtension("road", (INN,))]

    @hookimpl
    def carcassonne_figure_kinds(self, config: GameConfig) -> list[FigureKind]:
        return [FigureKind("big", 1, strength=2, provider="inns-and-big", follower=True)]

    @hookimpl
    def carcassonne_tile_sets(self) -> list[Path]:
        return [self.tiles]

    @hookimpl
    def carcassonne_adjust_awards(
        self, state: GameState, awards: list[Award], final: bool
    ) -> list[Award]:
        out = []
        for award in awards:
            if award.kind == "road" and state.feature_attr(award.feature, "inn"):
                tiles = len(state.feature_tiles(award.feature))
                award = award._replace(points=0 if final else 2 * tiles, reason="inn")
            out.append(award)
        return out


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> InnsAndBig:
    path = tmp_path_factory.mktemp("inns") / "inns.toml"
    path.write_text(INN_TILES, encoding="utf-8")
    return InnsAndBig(path)


def config_with(plugin: InnsAndBig, expansions: tuple[str, ...] = ()) -> GameConfig:
    return GameConfig(players=2, expansions=expansions, seed=3, plugins=[("inns-big", plugin)])


def board_with(plugin: InnsAndBig, tiles: list[str], figures: list, pile=None) -> GameState:
    position = Position(
        tiles=[parse_tile(t) for t in tiles], figures=figures, player=RED, pile=pile
    )
    return build_state(config_with(plugin), position)


def test_the_extension_adds_the_attribute_to_the_base_kind(plugin):
    config = config_with(plugin)
    assert config.kinds["road"].attributes == {"inn"}
    assert config.kinds["road"].attribute("inn") == INN
    assert config.kinds["city"].attribute("shields").marker == "shield"
    assert config.tile_types["IT/RR.i"].features[0].attrs == {"inn": 1}


def test_a_completed_inn_road_scores_two_per_tile_in_one_award_line(plugin):
    state = board_with(
        plugin,
        ["BA/LR @(0,0) r0", "IT/RR.i @(0,1) r90"],
        [(RED, "meeple", 0, 1, "N")],
        pile=["BA/LR", "BA/L"],
    )
    events = place(state, "BA/LR @(0,2) r180")
    awards = [e for e in events if e.type == "points"]
    assert [(e.player, e.points, e.kind, e.reason) for e in awards] == [(RED, 6, "road", "inn")]


def test_an_open_inn_road_scores_nothing_at_the_end(plugin):
    state = board_with(plugin, ["IT/RR.i @(0,0) r0"], [(RED, "meeple", 0, 0, "E")], pile=[])
    assert state.is_over
    assert points(state.last_events) == {}
    assert [e.type for e in state.last_events if e.type == "points"] == []


def test_the_big_follower_goes_wherever_a_meeple_may(plugin):
    state = board_with(plugin, ["BA/RCr @(0,0) r0"], [], pile=["BA/C", "BA/L"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    assert state.legal_actions() == [
        PlaceFigure("big", 0, -1, "S"),  # the city cap
        PlaceFigure("big", 0, -1, "NL"),  # the field
        PlaceFigure("meeple", 0, -1, "S"),
        PlaceFigure("meeple", 0, -1, "NL"),
        Pass(),
    ]


def test_the_big_follower_wins_the_majority_with_strength_two(plugin):
    state = board_with(
        plugin,
        ["BA/LR @(0,0) r0", "IT/RR.i @(0,1) r90"],
        [(RED, "meeple", 0, 0, "S"), (BLUE, "big", 0, 1, "N")],
        pile=["BA/LR", "BA/L"],
    )
    assert points(place(state, "BA/LR @(0,2) r180")) == {BLUE: 6}


def test_other_plugins_rules_apply_to_the_follower(plugin):
    """The Abbot keeps gardens for the abbot: no big follower there either."""
    if "abbot" not in installed_expansions():
        pytest.skip("the abbot expansion is not installed")
    config = config_with(plugin, ("abbot",))
    state = build_state(
        config, Position(tiles=[parse_tile("BA/RCr @(0,0) r0")], player=RED, pile=["BA/CG"])
    )
    state.apply(PlaceTile("BA/CG", 0, -1, 180))
    placed = {(a.figure, a.location) for a in state.legal_actions() if type(a) is PlaceFigure}
    assert ("big", "garden") not in placed and ("meeple", "garden") not in placed
    assert ("abbot", "garden") in placed and ("big", "S") in placed


MIXES = [(), ("river",), ("abbot",), ("abbey-mayor",), ("river", "abbot", "abbey-mayor")]


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "+".join(m) or "base")
def test_random_games_with_the_plugin_in_every_mix(plugin, mix):
    missing = set(mix) - set(installed_expansions())
    if missing:
        pytest.skip(f"not installed: {sorted(missing)}")
    config = config_with(plugin, mix)
    initial = testing.initial_figures(config)
    bigs_placed = 0
    for seed in range(3):
        for _before, action, events, state in testing.random_game(config, seed):
            assert testing.figure_totals(state) == initial
            bigs_placed += type(action) is PlaceFigure and action.figure == "big"
            testing.check_award_lines(state, events)
            for e in events:
                if e.type == "points" and e.kind == "road" and e.reason == "inn":
                    assert e.points == 2 * len(state.feature_tiles(e.feature))
                    assert not e.final
    assert bigs_placed > 0


# -- decisions at any moment ---------------------------------------------------------------------


class _TollFields(NamedTuple):
    pass


class TakeToll(TypedAction, _TollFields):
    __slots__ = ()
    verb: ClassVar[str] = "toll"


class Toll:
    """After each placement the next player may take a toll of 1 point, before the figure
    phase; a late decision after scoring comes after a decision asked while scoring."""

    order: list[str]

    def __init__(self) -> None:
        self.order = []

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [TakeToll]

    @hookimpl
    def carcassonne_tile_placed(self, state: GameState, x: int, y: int) -> None:
        state.ask(Decision("toll", (state.player + 1) % state.players, (x, y)))

    @hookimpl
    def carcassonne_score(self, state: GameState, completed: list[int], final: bool) -> None:
        if not final:
            state.ask(Decision("early", state.player))

    @hookimpl
    def carcassonne_after_scoring(self, state: GameState) -> list[Decision]:
        return [Decision("late", state.player)]

    @hookimpl
    def carcassonne_decision_actions(self, state: GameState, decision: Decision) -> list:
        return [TakeToll()] if decision.kind in ("toll", "early", "late") else None

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: TypedAction) -> list | None:
        if type(action) is not TakeToll:
            return None
        events: list = []
        state.award(state.pending.player, 1, 0, "toll", state.pending.kind, events)
        return events


def test_a_decision_asked_when_a_tile_is_placed_comes_before_the_figure_phase():
    state = GameState.new(GameConfig(players=2, seed=5, plugins=[("toll", Toll())]))
    tile = state.legal_actions()[0]
    events = state.apply(tile)
    assert state.pending == Decision("toll", BLUE, (tile.x, tile.y))
    assert [e.type for e in events][-1] == "decision"
    assert state.legal_actions() == [TakeToll(), Pass()]
    state.apply(TakeToll())
    assert state.scores == [0, 1]
    assert state.pending == Decision("figure", RED)
    state.apply(Pass())
    assert state.pending == Decision("early", RED)
    state.apply(Pass())
    assert state.pending == Decision("late", RED)
    state.apply(TakeToll())
    assert state.scores == [1, 1] and state.pending.kind == "tile" and state.player == BLUE
    state.undo(4)
    assert state.pending == Decision("toll", BLUE, (tile.x, tile.y)) and state.scores == [0, 0]


def test_random_games_with_asked_decisions_finish():
    config = GameConfig(players=3, seed=2, plugins=[("toll", Toll())])
    for seed in range(2):
        for _before, _action, _events, state in testing.random_game(config, seed):
            assert state.pending.kind in ("tile", "figure", "toll", "early", "late", "end")
        assert state.is_over and sum(state.scores) > 0


class MootThenTurnAction:
    """Every turn may start with a toll instead of a draw (a turn action), and after each
    scoring phase the plugin asks a decision with no action of its own (moot: only ``Pass``),
    which the core skips."""

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [TakeToll]

    @hookimpl
    def carcassonne_turn_actions(self, state: GameState) -> list[TypedAction]:
        return [TakeToll()]

    @hookimpl
    def carcassonne_after_scoring(self, state: GameState) -> list[Decision]:
        return [Decision("moot", state.player)]

    @hookimpl
    def carcassonne_decision_actions(self, state: GameState, decision: Decision) -> list | None:
        return [] if decision.kind == "moot" else None

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: TypedAction) -> list | None:
        return [] if type(action) is TakeToll else None


def test_a_skipped_moot_decision_leaves_no_stale_legal_actions():
    # the core lists the moot decision's actions ([Pass]) to see that it is moot; the next
    # turn's draw decision must list its own (it once answered [Pass] from that list)
    state = GameState.new(GameConfig(players=2, seed=5, plugins=[("moot", MootThenTurnAction())]))
    assert state.pending == Decision("draw", RED)
    assert state.legal_actions() == [Draw(), TakeToll()]
    state.apply(Draw())
    state.apply(state.legal_actions()[0])
    state.apply(Pass())  # no figure: scoring, the moot decision (skipped), the next turn
    assert state.pending == Decision("draw", BLUE)
    assert state.legal_actions() == [Draw(), TakeToll()]
