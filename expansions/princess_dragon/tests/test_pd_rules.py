"""Rules of The Princess & the Dragon beyond the worked examples (each fails when its rule's
code is broken): the set-aside dragon tiles (PD-05), the barn and the dragon, seat order with
six players, the fairy's options and its abbot bonus, the portal for other figures, the
dragon's tile and the refusals' codes."""

from __future__ import annotations

import pytest

from carcassonne import GameConfig, GameState, IllegalActionError
from carcassonne.events import FigureRemoved, TileSetAside, TilesShuffledIn
from carcassonne.testing import points

from .helpers import legal, play, position

PD = '"princess-dragon"'


def test_pd05_dragon_tiles_wait_for_the_first_volcano() -> None:
    state = position(
        f'expansions = [{PD}]\nplayer = "red"\ntiles = ["BA/RCr 0,0 r0"]\n'
        'pile = ["DG/Rr.d", "BA/RFr", "DG/RFr.v", "BA/L"]\n'
    )
    # red drew the dragon tile (set aside, no volcano yet) and then the straight road
    assert state.drawn == "BA/RFr"
    assert state.set_aside_tiles() == ["DG/Rr.d"]
    play(state, "tile BA/RFr 1,0 r0")
    state.apply("pass")
    events = play(state, "tile DG/RFr.v -1,0 r0")
    assert [e for e in events if isinstance(e, TilesShuffledIn)]
    assert state.set_aside_tiles() == []
    assert sorted(state.draw_pile()) == ["BA/L", "DG/Rr.d"]
    assert [(p.kind, p.x, p.y) for p in state.pieces()] == [("dragon", -1, 0)]


def test_pd05_set_aside_dragon_tiles_are_never_played_without_a_volcano() -> None:
    state = position(
        f'expansions = [{PD}]\nplayer = "red"\ntiles = ["BA/RCr 0,0 r0"]\n'
        'pile = ["BA/RFr", "DG/Rr.d"]\n'
    )
    play(state, "tile BA/RFr 1,0 r0")
    events = state.apply("pass")
    assert [e.tile for e in events if isinstance(e, TileSetAside)] == ["DG/Rr.d"]
    assert state.is_over


def test_the_dragon_never_eats_a_barn_and_eats_every_other_figure() -> None:
    # a barn on the corner of 1,0 (where four field corners meet) and a monk on 1,0
    state = position(
        f'expansions = [{PD}, "abbey-mayor"]\nplayer = "red"\n'
        'tiles = ["DG/F.v 0,0 r0", "BA/L 1,0 r0", "BA/L 1,1 r0", "BA/L 2,0 r0", "BA/L 2,1 r0"]\n'
        'figures = ["blue barn 1,0 SE", "red meeple 1,0 monastery"]\npieces = ["dragon 0,0"]\n'
    )
    play(state, "tile DG/C.dG 0,1 r180")
    state.apply("pass")
    events = state.apply("dragon 1,0")
    assert [(e.player, e.figure) for e in events if isinstance(e, FigureRemoved)] == [(0, "meeple")]
    assert [f.kind for _, f in state.figures()] == ["barn"]


def test_six_players_take_one_step_each_from_the_active_one() -> None:
    tiles = ", ".join(f'"BA/RFr {x},0 r0"' for x in range(1, 7))
    state = position(
        f'expansions = [{PD}]\nplayers = ["red", "blue", "green", "yellow", "black", "grey"]\n'
        f'player = "green"\ntiles = ["DG/RFr.v 0,0 r0", {tiles}]\npieces = ["dragon 0,0"]\n'
    )
    play(state, "tile DG/RFr.d 7,0 r0")
    state.apply("pass")
    seen = []
    for x in range(1, 7):
        seen.append(state.pending.player)
        assert legal(state) == [f"dragon {x},0"]
        state.apply(f"dragon {x},0")
    assert seen == [2, 3, 4, 5, 0, 1]
    assert state.pending.kind == "tile" and state.player == 3


def test_a_forced_step_cannot_be_passed_and_a_wrong_square_is_explained() -> None:
    state = position(
        f'expansions = [{PD}]\nplayer = "red"\ntiles = ["DG/RFr.v 0,0 r0"]\n'
        'pieces = ["dragon 0,0"]\n'
    )
    play(state, "tile DG/RFr.d 1,0 r0")
    state.apply("pass")
    with pytest.raises(IllegalActionError) as caught:
        state.apply("pass")
    assert caught.value.code == "not-passable"
    with pytest.raises(IllegalActionError) as caught:
        state.apply("dragon 0,0")
    assert (caught.value.code, caught.value.reason) == (
        "dragon-step",
        "the dragon cannot step onto 0,0 (options: 1,0)",
    )


def test_no_figure_on_the_dragons_tile_unless_the_option_allows_it() -> None:
    body = (
        f'expansions = [{PD}]\nplayer = "red"\n'
        'tiles = ["BA/RCr 0,0 r0", "BA/C 0,-1 r180", "BA/L -1,-1 r0", "BA/L 1,-1 r0", '
        '"DG/RFr.v -1,0 r0"]\npieces = ["dragon -1,0"]\n'
    )
    state = position(body)
    play(state, "tile DG/RRR.g 1,0 r0")
    assert "figure meeple -1,0 E" not in legal(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply("figure meeple -1,0 E")
    assert (caught.value.code, caught.value.reason) == (
        "dragon-square",
        "the dragon stands on -1,0: no figure may go there",
    )
    state = position(body + 'options = { "princess-dragon.dragon_tile_blocks" = false }\n')
    play(state, "tile DG/RRR.g 1,0 r0")
    assert "figure meeple -1,0 E" in legal(state)


def test_the_portal_takes_abbot_wagon_and_large_meeple_where_each_may_stand() -> None:
    state = position(
        f'expansions = [{PD}, "abbot", "abbey-mayor", "inns-cathedrals"]\nplayer = "red"\n'
        'tiles = ["BA/RCr 0,0 r0", "BA/C 0,-1 r180", "BA/L -1,-1 r0", "BA/L 1,-1 r0", '
        '"DG/RFr.v -1,0 r0"]\nfigures = ["blue meeple -1,-1 monastery"]\n'
        'pieces = ["dragon -1,0"]\n'
    )
    play(state, "tile DG/RRR.g 1,0 r0")
    away = [a for a in legal(state) if a.startswith("figure") and " 1,0 " not in a]
    by_kind = {k: sorted(a.split(" ", 2)[2] for a in away if a.split()[1] == k)
               for k in ("abbot", "wagon", "mayor", "big", "barn")}  # fmt: skip
    assert by_kind["abbot"] == ["1,-1 monastery"]
    assert by_kind["wagon"] == ["0,0 E", "1,-1 monastery"]
    assert by_kind["mayor"] == [] and by_kind["barn"] == []
    assert len(by_kind["big"]) == 7  # the meeple's seven places away from the portal tile


def test_fairy_on_tile_option_one_point_per_follower_of_yours_on_the_tile() -> None:
    state = position(
        f'expansions = [{PD}]\nplayer = "red"\n'
        'tiles = ["BA/RCr 0,0 r0", "BA/RFr 1,0 r0"]\n'
        'figures = ["red meeple 0,0 N", "red meeple 0,0 E", "blue meeple 1,0 NL"]\n'
        'options = { "princess-dragon.fairy_placement" = "on_tile" }\n'
    )
    play(state, "tile BA/RFr -1,0 r0")
    assert [a for a in legal(state) if a.startswith("fairy")] == ["fairy 0,0 N"]  # one per tile
    state.apply("fairy 0,0 N")
    assert [(p.x, p.y, p.location) for p in state.pieces("fairy")] == [(0, 0, None)]
    events = play(state, "tile BA/RFr 2,0 r0")  # blue: no follower of blue on 0,0
    assert points(events) == {}
    events = state.apply("pass")  # red's turn starts: two followers of red on the fairy's tile
    assert points(events) == {0: 2}


@pytest.mark.parametrize(("bonus", "expected"), [(True, {0: 4 + 3}), (False, {0: 4})])
def test_the_fairys_abbot_returning_early_scores_3_unless_the_option_is_off(
    bonus: bool, expected: dict[int, int]
) -> None:
    state = position(
        f'expansions = [{PD}, "abbot"]\nplayer = "red"\n'
        'tiles = ["BA/RCr 0,0 r0", "BA/L 0,1 r0", "BA/L 1,1 r0"]\n'
        'figures = ["red abbot 0,1 monastery"]\npieces = ["fairy 0,1 monastery"]\n'
        'ext = { "princess-dragon" = [[], [0, "abbot"]] }\n'
        f'options = {{ "princess-dragon.fairy_abbot_return_bonus" = {str(bonus).lower()} }}\n'
    )
    play(state, "tile BA/L -1,1 r0")
    events = state.apply("abbot-return 0,1 monastery")  # 1 + 3 neighbours, then the fairy
    assert points(events) == expected


def test_the_princess_must_option_leaves_other_turns_alone() -> None:
    state = position(
        f'expansions = [{PD}]\nplayer = "red"\ntiles = ["BA/C 0,-1 r180"]\n'
        'options = { "princess-dragon.princess_action" = "must" }\n'
    )
    play(state, "tile DG/Cc.pG 0,0 r0")  # the princess city holds nobody: may pass
    assert "pass" in legal(state) and "figure meeple 0,0 N" in legal(state)


def test_the_fairy_left_alone_bars_the_dragon_and_gives_nothing() -> None:
    state = position(
        f'expansions = [{PD}]\nplayer = "red"\n'
        'tiles = ["DG/RFr.v 0,0 r0", "BA/RFr 1,0 r0"]\npieces = ["dragon 0,0", "fairy 1,0"]\n'
    )
    play(state, "tile DG/RFr.d -1,0 r0")
    state.apply("pass")
    assert legal(state) == ["dragon -1,0"]
    events = state.apply("dragon -1,0")
    assert not [e for e in events if isinstance(e, FigureRemoved)]
    assert state.pending.kind == "tile" and state.scores == [0, 0]


def test_options_are_named_under_the_expansion() -> None:
    options = GameConfig(expansions=["princess-dragon"]).options
    assert {k: v for k, v in options.items() if k.startswith("princess-dragon.")} == {
        "princess-dragon.dragon_move": "before_scoring",
        "princess-dragon.fairy_placement": "next_follower",
        "princess-dragon.princess_action": "may",
        "princess-dragon.dragon_tile_blocks": True,
        "princess-dragon.fairy_abbot_return_bonus": True,
    }
    assert isinstance(GameState.new(GameConfig(expansions=["princess-dragon"]), seed=1), GameState)
