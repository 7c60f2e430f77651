"""The Tower's rules one by one, with exact action sets and outcomes: each test fails when the
rule's code is broken (the worked examples are the scenario files beside this one)."""

from __future__ import annotations

import pytest

from carcassonne import (
    ConfigError,
    Decision,
    Draw,
    GameConfig,
    GameState,
    IllegalActionError,
    Pass,
    PlaceFigure,
    PlaceTile,
    Prisoner,
)
from carcassonne.position import load_position
from carcassonne.testing import figure_totals, initial_figures
from carcassonne_tower.capture import in_sight, targets
from carcassonne_tower.common import AddFloor, Capture, Exchange, Ransom

RED, BLUE, YELLOW = 0, 1, 2


def position(body: str, expansions: str = '"tower"', players: str = '"red", "blue"') -> GameState:
    return load_position(
        f"format = 1\nplayers = [{players}]\nexpansions = [{expansions}]\n{body}", text=True
    )


def lay(state: GameState, tile: str, x: int, y: int, rotation: int) -> None:
    """Draw ``tile`` (forced) and place it."""
    state.force_draw(tile)
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile(tile, x, y, rotation))


def tower_actions(state: GameState) -> list[object]:
    return [a for a in state.legal_actions() if type(a) is AddFloor or (
        type(a) is PlaceFigure and a.location == "tower")]  # fmt: skip


@pytest.mark.parametrize(("players", "pieces"), [(2, 10), (3, 9), (4, 7), (5, 6), (6, 5)])
def test_pieces_by_player_count(players, pieces):
    state = GameState.new(GameConfig(players=players, expansions=["tower"]), seed=1)
    assert state.ext["tower"] == (pieces,) * players
    assert [h["tower-floor"] for h in state.held_pieces()] == [pieces] * players


def test_pieces_option_fixed_count_and_bad_values():
    config = GameConfig(players=3, expansions={"tower": {"pieces": 4}})
    assert GameState.new(config, seed=1).ext["tower"] == (4, 4, 4)
    for bad in (-1, "many"):
        with pytest.raises(ConfigError, match="tower.pieces"):
            GameConfig(expansions={"tower": {"pieces": bad}})


def test_range_is_the_square_and_h_squares_in_four_directions():
    assert in_sight(0, 0, 0) == [(0, 0)]
    assert in_sight(0, 0, 1) == [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
    sight = in_sight(2, -1, 3)
    assert len(set(sight)) == 13 and (5, -1) in sight and (2, 2) in sight
    assert (3, 0) not in sight and (6, -1) not in sight


BOARD = """
player = "red"
tiles = ["TO/C 0,0 r0", "BA/L 1,0 r0", "BA/L 0,1 r0", "TO/L 1,1 r0"]
"""


def test_tower_actions_any_foundation_top_only_on_a_tower():
    state = position(BOARD + 'pieces = ["tower-floor 1,1 tower"]\next = { tower = [9, 10] }')
    lay(state, "BA/L", -1, 0, 0)
    # a piece on either foundation (the bare one and the tower); a meeple only on the tower
    assert tower_actions(state) == [
        PlaceFigure("meeple", 1, 1, "tower"), AddFloor(0, 0), AddFloor(1, 1),
    ]  # fmt: skip
    assert not any(type(a) is PlaceFigure and a.x == 0 for a in tower_actions(state))
    with pytest.raises(IllegalActionError, match="height 0") as error:
        state.apply("figure meeple 0,0 tower")
    assert error.value.code == "tower-bare-foundation"


def test_a_closed_tower_takes_no_piece_and_no_second_follower():
    state = position(
        BOARD
        + 'pieces = ["tower-floor 1,1 tower"]\nfigures = ["blue meeple 1,1 tower"]\n'
        + "ext = { tower = [10, 9] }"
    )
    lay(state, "BA/L", -1, 0, 0)
    assert tower_actions(state) == [AddFloor(0, 0)]
    with pytest.raises(IllegalActionError, match="closed") as error:
        state.apply(AddFloor(1, 1))
    assert error.value.code == "tower-closed"


def test_no_piece_left_means_no_floor_but_still_a_top():
    state = position(BOARD + 'pieces = ["tower-floor 1,1 tower"]\next = { tower = [0, 10] }')
    lay(state, "BA/L", -1, 0, 0)
    assert tower_actions(state) == [PlaceFigure("meeple", 1, 1, "tower")]
    with pytest.raises(IllegalActionError, match="no tower piece left"):
        state.apply(AddFloor(0, 0))


def test_a_new_floor_and_a_new_foundation_show_in_the_next_figure_phase():
    """The foundations and the towers' squares are kept per board between figure phases: a
    piece put since, a foundation laid since and a clone's own moves all show."""
    state = position(BOARD)
    lay(state, "BA/L", -1, 0, 0)
    assert tower_actions(state) == [AddFloor(0, 0), AddFloor(1, 1)]
    other = state.clone()
    state.apply(AddFloor(0, 0))  # nothing in sight: no capture decision
    lay(state, "TO/C", -2, 0, 0)
    # blue: a top on the new tower, a piece on all three foundations (one laid just now)
    assert tower_actions(state) == [
        PlaceFigure("meeple", 0, 0, "tower"), AddFloor(-2, 0), AddFloor(0, 0), AddFloor(1, 1),
    ]  # fmt: skip
    other.apply(AddFloor(1, 1))
    lay(other, "BA/L", -2, 0, 0)
    assert tower_actions(other) == [
        PlaceFigure("meeple", 1, 1, "tower"), AddFloor(0, 0), AddFloor(1, 1),
    ]  # fmt: skip


def test_mayor_wagon_abbot_never_on_top_the_large_meeple_may():
    state = position(
        BOARD + 'pieces = ["tower-floor 1,1 tower"]\next = { tower = [0, 10] }',
        expansions='"tower", "abbey-mayor", "abbot", "inns-cathedrals"',
    )
    lay(state, "BA/L", -1, 0, 0)
    assert tower_actions(state) == [
        PlaceFigure("big", 1, 1, "tower"), PlaceFigure("meeple", 1, 1, "tower"),
    ]  # fmt: skip
    for kind in ("mayor", "wagon", "abbot", "barn"):
        assert state.why_illegal(PlaceFigure(kind, 1, 1, "tower")) is not None


def test_captures_every_follower_in_sight_not_the_barn_nor_out_of_sight():
    state = position(
        """
player = "red"
tiles = ["TO/C 0,0 r0", "BA/L 1,0 r0", "BA/L 0,1 r0", "BA/L 1,1 r0", "BA/L 2,0 r0"]
figures = ["blue meeple 1,0 monastery", "red meeple 0,1 monastery", "blue meeple 1,1 monastery",
           "blue meeple 2,0 monastery", "blue barn 1,0 SE"]
""",
        expansions='"tower", "abbey-mayor"',
    )
    lay(state, "BA/C", -1, 0, 0)
    state.apply(AddFloor(0, 0))
    assert state.pending == Decision("tower-capture", RED, (0, 0))
    assert state.legal_actions() == [
        Capture(RED, "meeple", 0, 1, "monastery"), Capture(BLUE, "meeple", 1, 0, "monastery"),
        Pass(),
    ]  # fmt: skip


def test_capture_targets_follow_figures_sent_home_or_taken_before_the_decision():
    """The targets found by the piece are kept for the decision, but not past a change of the
    figures in between (Abbey & Mayor's before-scoring hook sends an abbot home): a figure
    sent home (a new supply) or taken prisoner (supplies unchanged) is no target any more."""
    state = position(
        """
player = "red"
tiles = ["TO/C 0,0 r0", "BA/L 1,0 r0", "BA/L 0,1 r0", "BA/L 1,1 r0"]
figures = ["blue meeple 1,0 monastery", "red meeple 0,1 monastery"]
""",
    )
    lay(state, "BA/C", -1, 0, 0)
    state.apply(AddFloor(0, 0))
    both = [Capture(RED, "meeple", 0, 1, "monastery"), Capture(BLUE, "meeple", 1, 0, "monastery")]
    assert state.legal_actions() == [*both, Pass()]
    assert sorted(targets(state, 0, 0)) == both  # what the decision asks (in sight order)
    events: list[object] = []
    state.remove_figure(state.figures_on(state.feature_at(0, 1, "monastery"))[0], "home", events)
    assert targets(state, 0, 0) == [both[1]]
    state.remove_figure(
        state.figures_on(state.feature_at(1, 0, "monastery"))[0], "taken", events, captor=RED
    )
    assert targets(state, 0, 0) == []


def test_own_follower_goes_home_another_players_is_a_prisoner():
    base = BOARD + 'figures = ["red meeple 1,0 monastery", "blue meeple 0,1 monastery"]'
    state = position(base)
    lay(state, "BA/L", -1, 0, 0)
    state.apply(AddFloor(0, 0))
    events = state.apply(Capture(RED, "meeple", 1, 0, "monastery"))
    assert [e.type for e in events][:1] == ["figure-removed"]
    assert state.prisoners() == [] and state.supply[RED]["meeple"] == 7
    state = position(base)
    lay(state, "BA/L", -1, 0, 0)
    state.apply(AddFloor(0, 0))
    state.apply(Capture(BLUE, "meeple", 0, 1, "monastery"))
    assert state.prisoners() == [Prisoner(RED, BLUE, "meeple")]
    assert figure_totals(state) == initial_figures(state.config)


def test_exchange_of_one_kind_is_automatic_and_only_between_the_two_players():
    state = position(
        BOARD + 'figures = ["blue meeple 0,1 monastery"]\n'
        'prisoners = ["blue holds red meeple", "blue holds red meeple", '
        '"yellow holds red meeple"]',
        players='"red", "blue", "yellow"',
    )
    lay(state, "BA/L", -1, 0, 0)
    state.apply(AddFloor(0, 0))
    state.apply(Capture(BLUE, "meeple", 0, 1, "monastery"))
    assert state.prisoners() == [Prisoner(BLUE, RED, "meeple"), Prisoner(YELLOW, RED, "meeple")]
    assert state.supply[BLUE]["meeple"] == 7 and state.supply[RED]["meeple"] == 5
    assert state.player == BLUE  # no exchange decision: the turn went on


def test_exchange_choice_is_forced_and_offers_the_kinds_held():
    state = position(
        BOARD + 'figures = ["blue meeple 0,1 monastery"]\n'
        'prisoners = ["blue holds red meeple", "blue holds red big"]',
        expansions='"tower", "inns-cathedrals"',
    )
    lay(state, "BA/L", -1, 0, 0)
    state.apply(AddFloor(0, 0))
    state.apply(Capture(BLUE, "meeple", 0, 1, "monastery"))
    assert state.pending == Decision("tower-exchange", RED, BLUE, passable=False)
    assert state.legal_actions() == [Exchange("big"), Exchange("meeple")]
    state.apply(Exchange("meeple"))
    assert state.prisoners() == [Prisoner(BLUE, RED, "big")]


def test_top_capturable_option_off_protects_followers_on_towers():
    body = """
player = "red"
tiles = ["TO/C 0,0 r0", "BA/L 1,0 r0", "TO/L 2,0 r0"]
pieces = ["tower-floor 0,0 tower", "tower-floor 2,0 tower"]
figures = ["blue meeple 2,0 tower"]
ext = { tower = [9, 9] }
"""
    for on, expected in ((True, [Capture(BLUE, "meeple", 2, 0, "tower"), Pass()]), (False, [])):
        state = position(body + f'options = {{ "tower.top_capturable" = {str(on).lower()} }}')
        lay(state, "BA/L", 0, 1, 0)
        state.apply(AddFloor(0, 0))  # height 2: (2,0) is in sight
        if expected:
            assert state.legal_actions() == expected
            state.apply(expected[0])
            assert AddFloor(2, 0) in state.legal_actions() or state.pending.kind != "figure"
        else:
            assert state.player == BLUE  # nothing to capture: the capture step was skipped


def test_capture_reopens_the_tower():
    state = position("""
player = "red"
tiles = ["TO/C 0,0 r0", "BA/L 1,0 r0", "TO/L 2,0 r0"]
pieces = ["tower-floor 0,0 tower", "tower-floor 2,0 tower"]
figures = ["blue meeple 2,0 tower"]
ext = { tower = [9, 9] }
""")
    lay(state, "BA/L", 0, 1, 0)
    state.apply(AddFloor(0, 0))
    state.apply(Capture(BLUE, "meeple", 2, 0, "tower"))
    lay(state, "BA/L", 1, 1, 0)  # Blue's turn: the tower of (2,0) is open again
    assert AddFloor(2, 0) in state.legal_actions()
    assert PlaceFigure("meeple", 2, 0, "tower") in state.legal_actions()


RANSOM = """
player = "blue"
scores = [0, 9, 0]
tiles = ["BA/RCr 0,0 r0"]
prisoners = ["red holds blue meeple", "yellow holds blue meeple", "red holds blue meeple"]
"""


def test_ransom_one_per_holder_and_kind_once_a_turn_paid_to_the_holder():
    state = position(RANSOM, players='"red", "blue", "yellow"')
    assert state.pending.kind == "draw"
    assert [a for a in state.legal_actions() if type(a) is Ransom] == [
        Ransom(RED, "meeple"), Ransom(YELLOW, "meeple"),
    ]  # fmt: skip
    state.apply(Ransom(YELLOW, "meeple"))
    assert state.scores == [0, 6, 3]
    assert [a for a in state.legal_actions() if type(a) is Ransom] == []
    with pytest.raises(IllegalActionError, match="once a turn") as error:
        state.apply(Ransom(RED, "meeple"))
    assert error.value.code == "tower-ransom-refused"
    assert error.value.details == {"captor": RED, "figure": "meeple"}


def test_ransom_any_time_of_the_turn_by_default_only_at_the_start_with_turn_start():
    state = position(RANSOM, players='"red", "blue", "yellow"')
    lay(state, "BA/RFr", 1, 0, 0)
    assert Ransom(RED, "meeple") in state.legal_actions()  # in the figure phase too
    state = position(
        RANSOM + 'options = { "tower.ransom_timing" = "turn_start" }',
        players='"red", "blue", "yellow"',
    )
    assert Ransom(RED, "meeple") in state.legal_actions()
    state.apply(Draw())
    assert Ransom(RED, "meeple") not in state.legal_actions()


def test_no_follower_on_the_bare_foundation_of_the_tile_just_placed():
    state = position(BOARD)
    lay(state, "TO/FG", -1, 0, 0)
    figures = [a for a in state.legal_actions() if type(a) is PlaceFigure]
    assert figures == [PlaceFigure("meeple", -1, 0, "NL")]  # its field; not its foundation
    assert AddFloor(-1, 0) in state.legal_actions()
    with pytest.raises(IllegalActionError) as error:
        state.apply(PlaceFigure("meeple", -1, 0, "tower"))
    assert error.value.code == "tower-bare-foundation"
