"""The rules of Traders & Builders one by one, where the scenario files cannot look: the tokens
players hold, the optional double turn, lonely builders and pigs, placement limits, options."""

from __future__ import annotations

import pytest

from carcassonne import (
    ConfigError,
    Decision,
    GameConfig,
    GameState,
    IllegalActionError,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.testing import board

RED, BLUE = 0, 1
TB = "traders-builders"


def tokens(state: GameState, player: int) -> tuple[int, int, int]:
    held = state.held_pieces()[player]
    return (held["wine"], held["grain"], held["cloth"])


def test_the_completing_player_takes_the_goods_without_a_follower() -> None:
    """TB-01: Blue closes Red's city of a grain and a wine tile; Red scores, Blue takes both."""
    state = board(
        ["TB/Cc.g @(0,0) r0", "TB/CFc.w @(-1,0) r0", "BA/C @(0,-1) r180"],
        [(RED, "meeple", 0, 0, "N")], player=BLUE, expansions=[TB], pile=["BA/C", "BA/L"],
    )  # fmt: skip
    assert tokens(state, BLUE) == (0, 0, 0) and TB not in state.ext
    state.apply("tile BA/C -2,0 r90")
    state.apply("pass")
    assert state.scores == [8, 0]
    assert (tokens(state, RED), tokens(state, BLUE)) == ((0, 0, 0), (1, 1, 0))
    state.undo(2)  # undo takes the tokens back
    assert tokens(state, BLUE) == (0, 0, 0)


def test_a_city_gives_a_token_per_mark_and_open_cities_give_none() -> None:
    """Two wine tiles in one city give two wine; a city still open at the end gives nothing."""
    tiles = ["BA/C @(-1,0) r90", "TB/CFc.w @(0,0) r0", "TB/CRc.w @(1,0) r0"]
    state = board(tiles, [(RED, "meeple", 0, 0, "W")], expansions=[TB], pile=["BA/C", "BA/L"])
    state.apply("tile BA/C 2,0 r270")
    state.apply("pass")
    assert tokens(state, RED) == (2, 0, 0) and state.scores == [8, 0]
    state = board(tiles, [(RED, "meeple", 0, 0, "W")], expansions=[TB], pile=[])
    assert state.is_over and tokens(state, RED) == (0, 0, 0)
    assert state.outcome().points[RED].get("goods", 0) == 0


def test_goods_of_a_city_closed_by_an_abbey_go_to_the_abbeys_owner() -> None:
    tiles = [
        "TB/CFc.w @(0,0) r0", "BA/C @(-1,0) r90", "BA/L @(0,-1) r0", "BA/L @(1,-1) r0",
        "BA/LR @(2,-1) r180", "BA/L @(2,0) r0", "BA/LR @(2,1) r0", "BA/L @(1,1) r0",
    ]  # fmt: skip
    state = board(tiles, [(BLUE, "meeple", 0, 0, "W")], expansions=[TB, "abbey-mayor"])
    state.apply("tile AM/A 1,0 r0")
    state.apply("pass")
    assert state.scores == [0, 4]
    assert (tokens(state, RED), tokens(state, BLUE)) == ((1, 0, 0), (0, 0, 0))


ROAD = ["BA/LR @(0,0) r270", "BA/RFr @(1,0) r0"]
ROAD_FIGURES = [(RED, "meeple", 0, 0, "E"), (RED, "builder", 1, 0, "E")]


def test_optional_double_turn_is_a_decision_the_player_may_pass() -> None:
    options = {f"{TB}.double_turn": "optional"}
    pile = ["BA/RFr", "BA/RFr", "BA/RFr"]
    state = board(ROAD, ROAD_FIGURES, expansions=[TB], options=options, pile=pile)
    state.apply("tile BA/RFr 2,0 r0")
    assert state.pending == Decision("second-part", RED)
    assert [str(a) for a in state.legal_actions()] == ["second-part", "pass"]
    taken = state.clone()
    state.apply("pass")  # declined: the figure phase, then Blue's turn
    state.apply("pass")
    assert (state.player, state.turn_part) == (BLUE, 0)
    taken.apply("second-part")
    taken.apply("pass")
    assert (taken.player, taken.turn_part) == (RED, 1)


def test_extending_another_players_builder_gives_nothing() -> None:
    state = board(ROAD, ROAD_FIGURES, player=BLUE, expansions=[TB], pile=["BA/RFr", "BA/RFr"])
    state.apply("tile BA/RFr 2,0 r0")
    state.apply("pass")
    assert (state.player, state.turn_part) == (RED, 0)


def test_the_builder_needs_an_own_follower_an_open_feature_and_no_own_builder_there() -> None:
    # Red's meeple on the road: the builder may join it on the next road tile
    state = board(["BA/LR @(0,0) r270"], [(RED, "meeple", 0, 0, "E")], expansions=[TB],
                  options={f"{TB}.builders": 2}, pile=["BA/RFr", "BA/RFr", "BA/RFr"])  # fmt: skip
    state.apply("tile BA/RFr 1,0 r0")
    assert "figure builder 1,0 E" in map(str, state.legal_actions())
    assert "figure pig 1,0 NL" not in map(str, state.legal_actions())  # no farmer of Red's
    state.apply("figure builder 1,0 E")
    state.apply("tile BA/RFr 2,0 r0")  # Blue's turn
    state.apply("pass")
    state.apply("tile BA/RFr 3,0 r0")  # Red: the road holds Red's builder already
    assert "figure builder 3,0 E" not in map(str, state.legal_actions())
    # a builder never goes on a feature the tile completes
    state = board(["BA/LR @(0,0) r270"], [(RED, "meeple", 0, 0, "E")], expansions=[TB],
                  pile=["BA/RRR"])  # fmt: skip
    state.apply("tile BA/RRR 1,0 r0")
    assert not [a for a in map(str, state.legal_actions()) if "builder" in a]
    with pytest.raises(IllegalActionError):
        state.apply("figure builder 1,0 W")


def test_the_wagon_and_the_large_meeple_qualify_the_builder_the_builder_does_not() -> None:
    for kind, expansion in (("wagon", "abbey-mayor"), ("big", "inns-cathedrals")):
        state = board(["BA/LR @(0,0) r270"], [(RED, kind, 0, 0, "E")],
                      expansions=[TB, expansion], pile=["BA/RFr"])  # fmt: skip
        if state.pending.kind == "draw":
            state.apply("draw")
        state.apply("tile BA/RFr 1,0 r0")
        assert "figure builder 1,0 E" in map(str, state.legal_actions()), kind
    state = board(["BA/LR @(0,0) r270"], [(RED, "builder", 0, 0, "E")], expansions=[TB],
                  options={f"{TB}.builders": 2}, pile=["BA/RFr"])  # fmt: skip
    state.apply("tile BA/RFr 1,0 r0")
    assert "figure builder 1,0 E" not in map(str, state.legal_actions())


class Eater:
    """A test rule: before scoring, every meeple on the start tile is removed."""

    @hookimpl
    def carcassonne_before_scoring(self, state: GameState) -> list[Decision]:
        events: list[Event] = []
        for _, figure in state.figures():
            if (figure.x, figure.y) == (0, 0) and figure.kind == "meeple":
                state.remove_figure(figure, "eaten", events)
        state.emit(events)
        return []


def test_a_builder_or_pig_goes_home_when_its_owners_last_follower_leaves() -> None:
    figures = [*ROAD_FIGURES, (RED, "meeple", 0, 0, "NL"), (RED, "pig", 1, 0, "NL")]
    state = board(ROAD, figures, expansions=[TB], pile=["BA/L", "BA/L"],
                  plugins=[("eater", Eater())])  # fmt: skip
    state.apply("tile BA/L 0,1 r0")
    state.apply("pass")
    assert not state.figures()
    assert state.supply[RED]["builder"] == 1 and state.supply[RED]["pig"] == 1


def test_a_pig_is_no_farmer_and_a_second_own_pig_adds_nothing() -> None:
    # TB-06's field: Red 1 farmer and 2 pigs, Blue 1 farmer; final scoring
    tiles = ["BA/CFC.2 @(0,0) r0", "BA/C @(0,-1) r180", "BA/C @(0,1) r0", "BA/L @(1,0) r0",
             "BA/L @(-1,-1) r0", "BA/L @(-1,0) r0"]  # fmt: skip
    figures = [(RED, "meeple", 0, 0, "EL"), (RED, "pig", 1, 0, "NL"), (RED, "pig", -1, 0, "NL"),
               (BLUE, "meeple", -1, -1, "NL")]  # fmt: skip
    state = board(tiles, figures, expansions=[TB], options={f"{TB}.pigs": 2}, pile=[])
    assert state.scores == [8, 6]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        (
            "builders",
            -1,
            "option 'traders-builders.builders' must be a whole number from 0, not -1",
        ),
        ("pigs", -2, "option 'traders-builders.pigs' must be a whole number from 0, not -2"),
    ],
)
def test_bad_counts_are_refused_with_the_option_named(
    key: str, value: object, message: str
) -> None:
    with pytest.raises(ConfigError) as error:
        GameConfig(expansions=[TB], options={f"{TB}.{key}": value})
    assert message in str(error.value)


def test_the_c1_edition_has_no_gardens_and_the_same_goods() -> None:
    for edition, garden_tiles in (("C2", {"TB/CcR.cG", "TB/CcRR.wG"}), ("C1", set())):
        config = GameConfig(expansions=[TB, "abbot"], options={"edition": edition})
        tb = {i: t for i, t in config.tile_types.items() if i.startswith("TB/")}
        assert len(tb) == 24
        gardens = {i for i, t in tb.items() if any(f.kind == "garden" for f in t.features)}
        assert gardens == garden_tiles
        marks = {k: sum(f.attrs.get(k, 0) for t in tb.values() for f in t.features)
                 for k in ("wine", "grain", "cloth")}  # fmt: skip
        assert marks == {"wine": 9, "grain": 6, "cloth": 5}


def test_the_greedy_bot_counts_the_goods_it_would_take() -> None:
    """Blue can close Red's city of a grain and a wine tile: no points now, but both tokens,
    each the most of its kind (10 + 10 if the game ended now); the greedy bot takes them."""
    from carcassonne.bots.simple import GreedyBot

    state = board(
        ["TB/Cc.g @(0,0) r0", "TB/CFc.w @(-1,0) r0", "BA/C @(0,-1) r180"],
        [(RED, "meeple", 0, 0, "N")], player=BLUE, expansions=[TB], pile=["BA/C", "BA/L"],
    )  # fmt: skip
    assert state.config.hooks.held_points(state) == [0, 0]
    choice = GreedyBot(0).choose(state)
    assert str(choice) == "tile BA/C -2,0 r90"
    state.apply(choice)
    state.apply("pass")  # the city is scored: Red 8, Blue both tokens
    assert state.config.hooks.held_points(state) == [0, 20] and state.scores == [8, 0]
