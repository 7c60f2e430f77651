"""The play screen keeps what matters on a small terminal: no character of the board means two
things, cut lines end in an ellipsis, the window keeps the latest placement, a long list of
choices goes in pages with its prompt on the screen, and the final table fits the width."""

from __future__ import annotations

import random

from carcassonne import GameConfig, GameState
from carcassonne.actions import Draw, Pass
from carcassonne.cli.board_view import (
    COMPACT,
    RESERVED,
    choose_view,
    compact_cells,
    glyph_table,
)
from carcassonne.cli.canvas import Look
from carcassonne.cli.keys import Choices, group
from carcassonne.cli.play import final_table
from carcassonne.cli.screen import SPOT, SQUARE, Frame, clip, compose
from carcassonne.plugins import installed_expansions
from carcassonne.testing import board

EVERY = sorted(installed_expansions())


def played(players: int, tiles_left: int, seed: int = 3) -> GameState:
    """A game of every expansion played at random until ``tiles_left``, player A to place."""
    state = GameState.new(GameConfig(players=players, expansions=EVERY, seed=seed))
    rng = random.Random(seed)
    while not (state.tiles_left() <= tiles_left and state.pending.kind == "tile"
               and state.pending.player == 0):  # fmt: skip
        actions = state.legal_actions()
        if Draw() in actions:
            state.apply(Draw())
            continue
        keep = [a for a in actions if type(a) is Pass]
        state.apply(keep[0] if keep and rng.random() < 0.6 else rng.choice(actions))
    return state


def test_no_glyph_of_a_game_with_every_expansion_means_two_things():
    config = GameConfig(players=6, expansions=EVERY)
    table = glyph_table(config.kinds, config.piece_kinds)
    # one glyph per thing, except an attribute and a piece of the same name (wine, a wine token)
    owners: dict[str, set[str]] = {}
    for (_what, name), glyph in table.items():
        owners.setdefault(glyph, set()).add(name)
    assert {glyph: names for glyph, names in owners.items() if len(names) > 1} == {}
    # nothing drawn is a key's letter, a player's letter or a board mark
    assert not set(table.values()) & RESERVED
    # the expansions' lower-case glyphs become their upper case; the clashes a free character
    assert table["attribute", "inn"] == "I" and table["attribute", "princess"] == "P"
    assert table["attribute", "cathedral"] == "!"  # "C" is player C's
    assert table["kind", "tower"] == "^" and table["piece", "fairy"] not in ("^", "F")


def test_the_compact_scale_keeps_a_city_on_the_north_side_and_a_road_running_north():
    grid = [list(".###."), list("....."), list(".....")]
    assert compact_cells(grid) == ".#."
    grid = [list("..|.."), list("--+.."), list(".....")]
    assert compact_cells(grid) == "-+."


def test_player_lines_cut_at_60_columns_end_in_an_ellipsis():
    state = played(4, 40)
    frame = Frame(state, 0, ["human", "greedy", "greedy", "greedy"], SQUARE,
                  group(state, state.legal_actions()))  # fmt: skip
    lines = compose(frame, 60, 24, Look()).splitlines()
    players = [line for line in lines[1:5]]
    assert [line[1] for line in players] == ["A", "B", "C", "D"]
    assert all(len(line) <= 60 for line in lines)
    assert any(line.endswith("\u2026") for line in players)
    assert clip("abcdef", 4) == "abc\u2026" and clip("abcd", 4) == "abcd"
    assert clip("abcdef", 4, "...") == "a..."


def test_the_window_keeps_the_latest_placement_when_it_fits_with_the_keys():
    tiles = ["BA/RCr @(0,0) r0"] + [f"BA/RFr @({x},0) r0" for x in range(1, 7)]
    state = board(tiles, pile=["BA/C"])
    # 30 columns hold 4 squares at full scale: the key at 7,0 and the tile at 4,0
    view = choose_view(state, {(7, 0)}, 30, 10, frozenset({(4, 0)}))
    assert (view.x0, view.x1) == (4, 7)
    # too far apart at full scale: the compact scale holds both
    view = choose_view(state, {(7, 0)}, 30, 10, frozenset({(0, 0)}))
    assert view.shows((7, 0)) and view.shows((0, 0)) and view.scale == COMPACT
    # not even then: the keys come first
    view = choose_view(state, {(7, 0)}, 14, 10, frozenset({(0, 0)}))
    assert view.shows((7, 0)) and not view.shows((0, 0))


def test_a_long_list_of_choices_goes_in_pages_with_its_prompt_on_the_screen():
    state = played(2, 40)
    actions = [Pass()] * 150  # more listed choices than 24 rows hold in 8 columns
    frame = Frame(state, 0, ["human", "greedy"], SPOT,
                  Choices(listed=[(str(i + 1), a) for i, a in enumerate(actions)]))  # fmt: skip
    frame.message = ["hint: pass (1)"]
    lines = compose(frame, 80, 24, Look()).splitlines()
    assert len(lines) <= 23
    assert lines[-1] == "hint: pass (1)"
    assert any(line.startswith("Choose by number (page 1 of ") for line in lines)
    assert frame.pages > 1
    frame.page = frame.pages - 1
    last = compose(frame, 80, 24, Look()).splitlines()
    assert f"(page {frame.pages} of {frame.pages}: Enter for more)" in "\n".join(last)
    assert "150) pass" in "\n".join(last)


def test_the_final_table_fits_80_columns_with_every_kind():
    state = played(2, 60)
    by_kind = {0: {k: 12 for k in ("city", "fairy", "field", "garden", "goods", "monastery",
                                    "road", "transfer")}, 1: {"city": 3}}  # fmt: skip
    wide = final_table(state, ["human", "greedy"], by_kind)
    narrow = final_table(state, ["human", "greedy"], by_kind, 80)
    assert max(len(line) for line in wide.splitlines()) > 80
    assert max(len(line) for line in narrow.splitlines()) <= 80
    assert narrow.splitlines()[0] == "Final scores" and "total" in narrow.splitlines()[1]
