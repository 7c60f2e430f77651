"""The general mechanics in the terminal (docs/cli.md, "What the board shows"): pieces by the glyph
their ``PieceKind`` declares, the tiles-under count, prisoners, counters held, tiles set aside,
the part of the turn and a pending chance draw on ``str(state)`` and on the 80 x 24 play
screen; the play log's words for each event; the balance report's points for no feature and
points moved between players."""

from __future__ import annotations

import io
from typing import Any

import pytest

from carcassonne import NEUTRAL, ChanceOutcome, GameConfig, GameState
from carcassonne import events as ev
from carcassonne.balance import BalanceCounts
from carcassonne.cli.board_view import COMPACT, View, draw_board
from carcassonne.cli.canvas import Look
from carcassonne.cli.keys import group
from carcassonne.cli.play import TerminalGame
from carcassonne.cli.report import format_report, report_result
from carcassonne.cli.screen import SQUARE, Frame, compose
from carcassonne.testing import board

from .plugins import PLUGINS


def plugins(*names: str) -> list[tuple[str, object]]:
    return [(name, PLUGINS[name]) for name in names]


def dressed() -> GameState:
    """Red's second part of turn 4 (a builder's): two tiles with the dragon, two tower floors
    and blue's sheep beside blue's meeple; red holds a blue meeple prisoner and two goods, blue
    one; a tile set aside and two under the start tile."""
    state = board(
        ["BA/RCr @(0,0) r0", "BA/LR @(0,1) r0"],
        [(1, "meeple", 0, 0, "N")],
        pile=["BA/C", "BA/L", "BA/RRR"],
        plugins=plugins("t-tower", "t-sheep", "t-goods", "t-dragon"),
    )
    events: list[Any] = []
    state.put_piece("dragon", NEUTRAL, 0, 1, None, events)
    state.put_piece("floor", NEUTRAL, 0, 1, None, events)
    state.put_piece("floor", NEUTRAL, 0, 1, None, events)
    state.put_piece("sheep", 1, 0, 0, "N", events)
    state.add_prisoner(0, 1, "meeple")
    state.set_aside_tile("BA/CC.2")
    state.put_tile_under(0, 0, "BA/Rr")
    state.put_tile_under(0, 0, "BA/CCG")
    state.ext["t-goods"] = (2, 1)
    state.resume_at(player=0, turn=4, pile=["BA/C", "BA/L", "BA/RRR"], part=1)
    return state


def test_str_of_a_state_shows_the_pieces_and_the_mechanics() -> None:
    assert str(dressed()) == (
        "turn 4: red to place BA/RRR; scores: red 0, blue 0; 2 tiles left\n"
        "     0\n"
        "   =#BS.\n"
        " 0 -----\n"
        "   .....\n"
        "   ...T2\n"
        " 1 ..M..\n"
        "   ..|.!\n"
        "A=red  B=blue  ! the dragon  T tower floor  S sheep  = tiles face down under a tile\n"
        "second part of the turn\n"
        "set aside: BA/CC.2\n"
        "red holds prisoner blue's meeple\n"
        "red has 2 goods\n"
        "blue has 1 goods"
    )


def test_the_play_screen_at_80_by_24_shows_them_all() -> None:
    state = dressed()
    frame = Frame(state, 0, ["human", "random"], SQUARE, group(state, state.legal_actions()))
    frame.part_reason = "builder"
    screen = compose(frame, 80, 24, Look())
    assert screen == "\n".join(
        [
            "Carcassonne - turn 4  2 tiles left  drawn BA/RRR",
            ">A red      0 pts  you    7 meeples, shepherd, 2 goods, holds B's meeple",
            " B blue     0 pts  random 5 meeples, shepherd, goods",
            "second part of the turn: builder",
            "set aside: BA/CC.2",
            "    -1     0     1",
            "   :   : =#BS. :   :",
            " 0   a   -----   d",
            "   :   : ..... :   :",
            "   :   : ...T2 :   :",
            " 1   b   ..M..   e",
            "   :   : ..|.! :   :",
            "         :   :",
            " 2         c",
            "         :   :",
            "drawn BA/RRR:  r0     r90   r180   r270",
            "              .....  ..|..  ..|..  ..|..",
            "              --+--  --+..  --+--  ..+--",
            "              ..|..  ..|..  .....  ..|..",
            "Pick a square (a-e)",
            "# city  $ shield  |-+ road (+ bend/end)  . field  M monastery",
            "A/a figure of A (A meeple, a other; A only at the small scale)  ! the dragon",
            "T tower floor  S sheep  = tiles face down under a tile",
        ]
    )


def test_a_pending_chance_draw_is_shown_with_its_odds() -> None:
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/RFr"] * 2, plugins=plugins("t-sheep"))
    state.auto_chance = False
    state.apply("tile BA/RFr 1,0 r0")
    state.apply("figure shepherd 1,0 EL")
    assert str(state).splitlines()[0] == (
        "turn 1: a chance draw waits; scores: red 0, blue 0; 1 tiles left"
    )
    assert str(state).splitlines()[-1] == "chance to draw: t-sheep-bag (sheep 60%, wolf 40%)"
    events = state.apply(ChanceOutcome("t-sheep-bag", "sheep"))
    assert "chance to draw" not in str(state)
    assert ev.PiecePlaced("sheep", 0, 1, 0, "NL") in events


def test_the_compact_board_shows_a_piece_where_no_figure_stands() -> None:
    state = dressed()
    picture = draw_board(state, View(0, 0, 0, 1, COMPACT)).text()
    # the test plugins' dragon declares "D", player D's letter: it is drawn with a free "!"
    assert picture.splitlines() == ["    0", " 0 -B-", " 1 .!."]


#: One event of each type the mechanics add, with its words in the play log.
WORDS = [
    (ev.TurnPartStarted(0, 4, 1, "builder"), "A red goes on: second part of the turn: builder"),
    (ev.FigureRemoved(1, "meeple", 0, 1, "NL", "eaten by the dragon"),
     "B blue's meeple at 0,1 NL goes home: eaten by the dragon"),
    (ev.FigureCaptured(0, 1, "meeple", 2, -1, "E", "captured by a tower"),
     "A red takes B blue's meeple at 2,-1 E prisoner: captured by a tower"),
    (ev.PrisonerReleased(0, 1, "meeple", "ransom"),
     "A red releases B blue's meeple, back to its owner: ransom"),
    (ev.PointsTransferred(1, 0, 3, "ransom"), "B blue pays 3 points to A red: ransom"),
    (ev.PointsTransferred(1, 0, 1, "toll"), "B blue pays 1 point to A red: toll"),
    (ev.ChanceDrawn("t-sheep-bag", "wolf"), "drawn by chance from t-sheep-bag: wolf"),
    (ev.PiecePlaced("dragon", NEUTRAL, 0, 1, None), "the dragon is put on 0,1"),
    (ev.PiecePlaced("sheep", 1, 0, 0, "N"), "B blue's sheep is put on 0,0 N"),
    (ev.PieceMoved("dragon", NEUTRAL, 0, 1, 0, 2, None), "the dragon moves from 0,1 to 0,2"),
    (ev.PieceRemoved("sheep", 1, 0, 0, "N", "the wolf"), "B blue's sheep leaves 0,0 N: the wolf"),
    (ev.PieceRemoved("nobody-declared", 0, 0, 0, None, "gone"),
     "A red's nobody-declared leaves 0,0: gone"),
    (ev.TileSetAside("BA/Rr", "no monastery yet"), "tile BA/Rr is set aside: no monastery yet"),
    (ev.TilesShuffledIn(("BA/Rr", "BA/RrG"), "the first monastery"),
     "shuffled back into the pile: BA/Rr, BA/RrG (the first monastery)"),
    (ev.TilePutUnder(0, 0, "a hill"), "a tile goes face down under the tile at 0,0: a hill"),
    (ev.PointsScored(0, 10, "goods", None, "most goods", final=True),
     "A red scores 10 for most goods (goods) at the end"),
    (ev.PointsScored(1, 1, "fairy", None, ""), "B blue scores 1 for fairy"),
    (ev.PointsScored(1, 4, "city", 3, "completed"), "B blue scores 4 for a city"),
    (ev.Note("t-x", "a plugin's note"), "a plugin's note"),
]  # fmt: skip


@pytest.mark.parametrize(("event", "words"), WORDS, ids=[type(e).__name__ for e, _ in WORDS])
def test_each_event_has_words_in_the_play_log(event: ev.Event, words: str) -> None:
    game = TerminalGame(dressed(), ["random", "random"], out=io.StringIO())
    assert game.describe(event) == words


def test_a_game_of_every_mechanic_logs_words_for_every_event() -> None:
    """Bots play with all the test plugins: every event of the game is either said in words or
    one of those the action's own line already says; transfers make a column of the table.
    A few seeded games, until every mechanic's events came (one game may miss a rare one)."""
    config = GameConfig(players=2, plugins=plugins(*sorted(PLUGINS)))
    seen: set[type[ev.Event]] = set()
    silent = (ev.TilePlaced, ev.FigurePlaced, ev.TileDrawn, ev.GameOver, ev.FeatureCompleted)
    mechanics = {ev.TurnPartStarted, ev.FigureRemoved, ev.FigureCaptured, ev.PrisonerReleased,
                 ev.ChanceDrawn, ev.PiecePlaced, ev.PieceMoved, ev.TileSetAside,
                 ev.TilesShuffledIn, ev.TilePutUnder}  # fmt: skip
    for seed in range(5, 25):
        out = io.StringIO()
        game = TerminalGame(GameState.new(config, seed=seed), ["random", "random"], seed, out=out)
        said = game.describe

        def describe(event: Any, said: Any = said) -> str | None:
            seen.add(type(event))
            words = said(event)
            assert (words is None) == isinstance(event, silent), event
            return words

        game.describe = describe  # type: ignore[method-assign]
        assert game.play() == 0
        log = out.getvalue()
        assert "Event(" not in log and "?" not in log
        assert "\nA red wins.\n" in log or "\nB blue wins.\n" in log or "share" in log
        if mechanics <= seen:
            break
    assert mechanics <= seen, mechanics - seen


def test_the_final_table_counts_points_moved_between_players() -> None:
    game = TerminalGame(dressed(), ["random", "random"], out=io.StringIO())
    game.describe(ev.PointsTransferred(1, 0, 3, "ransom"))
    assert game.points_by_kind == {0: {"transfer": 3}, 1: {"transfer": -3}}


def test_the_report_names_points_for_no_feature_and_counts_transfers() -> None:
    counts = BalanceCounts()
    counts.events(
        [
            ev.PointsScored(0, 10, "goods", None, "most goods", final=True),
            ev.PointsScored(1, 10, "goods", None, "most goods", final=True),
            ev.PointsScored(0, 1, "wishes", None, "a wish"),
            ev.PointsScored(1, 4, "city", 5, "completed"),
            ev.PointsTransferred(1, 0, 3, "ransom"),
            ev.PointsTransferred(0, 1, 3, "ransom"),
        ]
    )
    counts.games = 2
    merged = BalanceCounts()
    merged.merge(counts)  # counts of games played elsewhere add up
    result = report_result(merged, GameConfig(players=2, plugins=plugins("t-goods")), [])
    assert result["points_by_source"]["goods (most goods)"]["kind_provider"] == "t-goods"
    assert result["points_by_source"]["wishes (a wish)"]["kind_provider"] == "no feature"
    assert result["points_by_source"]["city"]["kind_provider"] == "core"
    assert result["points_transferred"] == {
        "ransom": {"points": 6, "transfers": 2, "per_game": 3.0}
    }
    text = format_report(result)
    assert "  goods (most goods)           t-goods                20     10.0   80.0%" in text
    assert "  wishes (a wish)              no feature              1      0.5    4.0%" in text
    assert (
        "\npoints moved between players\n"
        "  ransom                              6 points, 2 times (3 per game)\n"
    ) in text
    assert "?" not in text


def test_a_message_keeps_a_path_longer_than_the_screen_whole() -> None:
    """The screen cut lines at its width, so a long path (a test's tmp folder under xdist)
    lost its end: it now gets a line of its own, which the terminal folds."""
    state = dressed()
    frame = Frame(state, 0, ["human", "random"], SQUARE, group(state, state.legal_actions()))
    path = "/tmp/pytest-of-root/pytest-1/popen-gw0/test_human_picks_by_keys_saves0/game.txt"
    frame.message = [f"saved the game to {path} (carcassonne play --load {path} resumes it)"]
    lines = compose(frame, 80, 24, Look()).splitlines()
    assert lines[-5:] == [
        "saved the game to",
        f"  {path}",
        "  (carcassonne play --load",
        f"  {path}",
        "  resumes it)",
    ]
    assert len(lines) + 2 + 1 <= 24  # the two long lines take two rows each; the prompt
