"""Each call of the general mechanics, with exact outcomes and exact refusals, on small boards
built with the testing kit and the test plugins of ``plugins.py``."""

from __future__ import annotations

import pytest

from carcassonne import (
    CHANCE,
    NEUTRAL,
    CarcassonneError,
    ChanceOutcome,
    ChanceSpec,
    Decision,
    Figure,
    GameState,
    Piece,
    PlaceFigure,
    PluginError,
    Prisoner,
)
from carcassonne import events as ev
from carcassonne.testing import board
from carcassonne.values import ForcedChance

from .plugins import PLUGINS, DragonStep, MoveFairy, Ransom


def _with(name: str, tiles: list[str], figures=(), pile=None, players=2) -> GameState:
    return board(tiles, figures, pile=pile, players=players, plugins=[(name, PLUGINS[name])])


# -- awards for no feature --------------------------------------------------------------------


def test_points_for_no_feature_at_the_end_and_feature_ids_checked() -> None:
    state = _with("t-goods", ["BA/RCr @(0,0) r0"], pile=["BA/C"])
    state.apply("tile BA/C 0,-1 r180")  # closes the start city: red gets a goods token
    events = state.apply("pass")  # the pile is empty: final scoring
    goods = [e for e in events if isinstance(e, ev.PointsScored) and e.kind == "goods"]
    assert goods == [ev.PointsScored(0, 10, "goods", None, "most goods", True)]
    assert state.held_pieces()[0] == {"goods": 1}
    assert state.outcome().points[0]["goods"] == 10
    for wrong in (-1, 999, None):
        with pytest.raises(CarcassonneError, match="no feature"):
            state.feature_id(wrong)  # type: ignore[arg-type]


# -- pieces and neutral figures ---------------------------------------------------------------


def test_pieces_are_checked_placed_moved_and_removed() -> None:
    state = _with("t-dragon", ["BA/RCr @(0,0) r0", "BA/L @(0,1) r0"])
    events: list[ev.Event] = []
    dragon = state.put_piece("dragon", NEUTRAL, 0, 0, None, events)
    assert dragon == Piece("dragon", NEUTRAL, 0, 0, None) and state.pieces() == [dragon]
    moved = state.move_piece(dragon, 0, 1, "monastery", events)
    assert state.pieces_at(0, 1) == [moved] and state.pieces_at(0, 0) == []
    state.remove_piece(moved, "flew off", events)
    assert state.pieces() == []
    assert events == [
        ev.PiecePlaced("dragon", NEUTRAL, 0, 0, None),
        ev.PieceMoved("dragon", NEUTRAL, 0, 0, 0, 1, "monastery"),
        ev.PieceRemoved("dragon", NEUTRAL, 0, 1, "monastery", "flew off"),
    ]
    for args, message in [
        (("unicorn", NEUTRAL, 0, 0), "unknown piece kind 'unicorn' \\(known: dragon\\)"),
        (("dragon", 0, 0, 0), "a dragon is neutral: its owner is NEUTRAL, not 0"),
        (("dragon", NEUTRAL, 5, 5), "no tile at 5,5 for the dragon"),
    ]:
        with pytest.raises(CarcassonneError, match=message):
            state.put_piece(*args, None, events)
    with pytest.raises(CarcassonneError, match="has no feature at 'X'"):
        state.put_piece("dragon", NEUTRAL, 0, 0, "X", events)
    with pytest.raises(CarcassonneError, match="no such piece"):
        state.move_piece(dragon, 0, 0, None, events)


def test_piece_kinds_clashing_with_a_figure_kind_are_refused() -> None:
    from carcassonne import GameConfig, PieceKind, hookimpl

    class Clash:
        @hookimpl
        def carcassonne_piece_kinds(self):
            return [PieceKind("meeple")]

    with pytest.raises(PluginError, match="piece kind 'meeple' is defined by both plugin"):
        GameConfig(plugins=[("clash", Clash())])


# -- decisions of several players in turn, figures removed by a rule ----------------------------


def test_the_dragon_moves_one_player_after_another_and_eats() -> None:
    tiles = ["BA/RCr @(0,0) r0", "BA/L @(0,1) r0", "BA/RFr @(1,0) r0"]
    figures = [(1, "meeple", 1, 0, "E"), (2, "meeple", 0, 1, "monastery")]
    state = _with("t-dragon", tiles, figures, pile=["BA/C", "BA/L"], players=3)
    events: list[ev.Event] = []
    state.put_piece("dragon", NEUTRAL, 0, 1, None, events)
    state.apply("tile BA/C 0,-1 r180")  # a city: the dragon moves before scoring
    state.apply("pass")
    # the active player moves first; each step is a forced move (no Pass)
    assert state.pending == Decision("t-dragon", 0, 0, passable=False)
    assert state.legal_actions() == [DragonStep(0, 0)]
    state.apply(DragonStep(0, 0))
    assert state.pending == Decision("t-dragon", 1, 1, passable=False)
    assert state.legal_actions() == [DragonStep(0, -1), DragonStep(1, 0)]
    events = state.apply(DragonStep(1, 0))
    assert ev.FigureRemoved(1, "meeple", 1, 0, "E", "eaten by the dragon") in events
    assert state.supply[1]["meeple"] == 7
    # from 1,0 every square is empty or visited: the third step is moot, skipped, and the
    # turn ends after scoring
    assert (state.pending.kind, state.player) == ("tile", 1)
    assert state.pieces("dragon") == [Piece("dragon", NEUTRAL, 1, 0, None)]


def test_seats_and_rounds() -> None:
    state = _with("t-dragon", ["BA/RCr @(0,0) r0"], players=4)
    assert state.seats_from() == [0, 1, 2, 3] and state.seats_from(2) == [2, 3, 0, 1]
    with pytest.raises(CarcassonneError, match="no player 4 in a game of 4"):
        state.seats_from(4)
    with pytest.raises(CarcassonneError, match="a round has at least one step, not 0"):
        state.ask_round("x", steps=0)


# -- prisoners, transfers, any-time actions ---------------------------------------------------


def test_capture_ransom_any_time_and_exchange() -> None:
    tiles = ["BA/RCr @(0,0) r0", "BA/L @(0,1) r0"]
    state = _with("t-tower", tiles, [(1, "meeple", 0, 0, "E")], pile=["BA/RFr", "BA/RFr", "BA/L"])
    state.scores[1] = 5
    events: list[ev.Event] = []
    captured = state.remove_figure(Figure(1, "meeple", 0, 0, "E"), "captured", events, captor=0)
    assert captured.player == 1 and captured.feature_kind == "road"
    assert state.prisoners() == [Prisoner(0, 1, "meeple")]
    assert events == [ev.FigureCaptured(0, 1, "meeple", 0, 0, "E", "captured")]
    # blue may buy the meeple back at any time of blue's turn: not in red's
    assert Ransom(1, "meeple") not in state.legal_actions()
    state.apply("tile BA/RFr 1,0 r0")
    state.apply("pass")
    assert state.player == 1 and Ransom(1, "meeple") in state.legal_actions()
    pending = state.pending
    events = state.apply(Ransom(1, "meeple"))
    assert events == [
        ev.PointsTransferred(1, 0, 3, "ransom"),
        ev.PrisonerReleased(0, 1, "meeple", "ransom"),
    ]
    assert state.scores == [3, 2] and state.prisoners() == [] and state.pending == pending
    assert Ransom(1, "meeple") not in state.legal_actions()  # once a turn (and none is held)
    with pytest.raises(CarcassonneError, match="points move between two players, not 1 and 1"):
        state.transfer_points(1, 1, 3, "x", [])
    with pytest.raises(CarcassonneError, match="a transfer moves a positive whole number"):
        state.transfer_points(0, 1, 0, "x", [])
    with pytest.raises(CarcassonneError, match="no such prisoner"):
        state.release_prisoner(Prisoner(0, 1, "meeple"), "x", [])


# -- start of a turn --------------------------------------------------------------------------


def test_the_fairy_gives_a_point_for_no_feature_at_the_start_of_the_turn() -> None:
    tiles = ["BA/RCr @(0,0) r0", "BA/L @(0,1) r0"]
    state = _with("t-fairy", tiles, [(0, "meeple", 0, 1, "monastery")], pile=["BA/RFr"] * 3)
    state.apply("tile BA/RFr 1,0 r0")
    events = state.apply(MoveFairy(0, 1))  # and blue's turn starts: not blue's figure
    assert state.pieces() == [Piece("fairy", NEUTRAL, 0, 1, None)]
    assert not any(isinstance(e, ev.PointsScored) for e in events) and state.player == 1
    events = state.apply("tile BA/RFr -1,0 r0") + state.apply("pass")  # red's turn starts
    assert [e for e in events if isinstance(e, ev.PointsScored)] == [
        ev.PointsScored(0, 1, "fairy", None, "the fairy", False)
    ]
    assert state.player == 0 and state.scores == [1, 0]


# -- chance inside a turn ---------------------------------------------------------------------


def test_chance_is_drawn_logged_forced_replayed_and_left_to_the_caller() -> None:
    tiles = ["BA/RCr @(0,0) r0"]
    state = _with("t-sheep", tiles, pile=["BA/RFr"] * 4)
    state.apply("tile BA/RFr 1,0 r0")
    state.force_chance("wolf")
    events = state.apply("figure shepherd 1,0 EL")
    assert ev.ChanceDrawn("t-sheep-bag", "wolf") in events
    # (EL names the field whose canonical location is NL)
    assert ev.FigureRemoved(0, "shepherd", 1, 0, "NL", "the wolf") in events
    assert state.log[-2:] == [ForcedChance("wolf"), PlaceFigure("shepherd", 1, 0, "NL")]
    again = state.initial()
    for entry in state.log:
        again.replay_entry(entry)
    assert again == state
    state.undo()
    assert state.pending.kind == "figure" and ForcedChance("wolf") not in state.log
    # left to the caller: a chance decision with odds, answered with ChanceOutcome
    state.auto_chance = False
    state.apply("figure shepherd 1,0 EL")
    assert state.pending == Decision(
        "chance", CHANCE, ChanceSpec("t-sheep-bag", ("sheep", "wolf"), (3, 2))
    )
    assert state.chance_odds() == [
        (ChanceOutcome("t-sheep-bag", "sheep"), 0.6),
        (ChanceOutcome("t-sheep-bag", "wolf"), 0.4),
    ]
    events = state.apply(ChanceOutcome("t-sheep-bag", "sheep"))
    assert ev.PiecePlaced("sheep", 0, 1, 0, "NL") in events
    assert state.pending.kind == "tile" and state.player == 1


def test_chance_draws_follow_the_seed_and_the_salt() -> None:
    def outcomes(salt: int) -> list[str]:
        drawn = []
        for seed in range(12):
            state = _with("t-sheep", ["BA/RCr @(0,0) r0"], pile=["BA/RFr"] * 2)
            state.seed = seed
            state.reseed_chance(salt)
            state.apply("tile BA/RFr 1,0 r0")
            events = state.apply("figure shepherd 1,0 EL")
            drawn += [e.outcome for e in events if isinstance(e, ev.ChanceDrawn)]
        return drawn

    assert outcomes(0) == outcomes(0) and len(outcomes(0)) == 12
    assert set(outcomes(0)) == {"sheep", "wolf"}
    assert outcomes(0) != outcomes(1)


def test_bad_chance_draws_are_refused() -> None:
    state = _with("t-sheep", ["BA/RCr @(0,0) r0"])
    with pytest.raises(CarcassonneError, match="distinct outcomes"):
        state.ask_chance("bag", ("a", "a"))
    with pytest.raises(CarcassonneError, match="weights must be whole numbers"):
        state.ask_chance("bag", ("a", "b"), (1,))
    with pytest.raises(CarcassonneError, match="an outcome with a weight above 0"):
        state.ask_chance("bag", ("a",), (0,))


# -- tie-breaks and the pile ------------------------------------------------------------------


def test_a_hill_breaks_a_tie_and_hides_a_tile() -> None:
    tiles = ["BA/RCr @(0,0) r0", "BA/RFr @(1,0) r0"]
    figures = [(0, "meeple", 0, 0, "E"), (1, "meeple", 1, 0, "E")]
    state = _with("t-hill", tiles, figures, pile=["BA/L", "BA/Rr", "BA/C"])
    road = state.feature_at(0, 0, "E")
    assert state.majority(road) == [0, 1]
    state.put_tile_under(1, 0, "BA/C")
    assert state.tiles_under(1, 0) == 1 and state.majority(road) == [1]
    events = state.apply("tile BA/L 0,1 r0")  # a monastery: the next tile goes under it
    assert ev.TilePutUnder(0, 1, "a hill") in events
    assert state.tiles_under(0, 1) == 1 and state.tiles_left() == 1


def test_tiles_set_aside_and_shuffled_back() -> None:
    state = _with("t-volcano", ["BA/RCr @(0,0) r0"], pile=["BA/Rr", "BA/RFr", "BA/L", "BA/CRr"])
    # both single-road tiles (curve, straight) are set aside at the draw, the monastery is drawn
    assert state.drawn == "BA/L" and state.set_aside_tiles() == ["BA/Rr", "BA/RFr"]
    assert [e for e in state.last_events if isinstance(e, ev.TileSetAside)] == [
        ev.TileSetAside("BA/Rr", "no monastery yet"),
        ev.TileSetAside("BA/RFr", "no monastery yet"),
    ]
    events = state.apply("tile BA/L 0,1 r0")
    assert ev.TilesShuffledIn(("BA/Rr", "BA/RFr"), "the first monastery") in events
    assert state.set_aside_tiles() == [] and sorted(state.draw_pile()) == [
        "BA/CRr", "BA/RFr", "BA/Rr"
    ]  # fmt: skip
    with pytest.raises(CarcassonneError, match="tile BA/C is not in the draw pile"):
        state.set_aside("BA/C", "x", [])
    state.put_back("BA/C", "bottom")
    top = state.draw_pile()[0]
    assert state.draw_pile()[-1] == "BA/C" and state.take_next_tile() == top
