"""What front ends and bots use: refusal codes, the why-illegal and placement queries, canonical
locations, the outcome, notation as input and output, the board as text, one-player games and
lifted box counts."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import (
    ErrorCode,
    GameConfig,
    GameState,
    IllegalActionError,
    Pass,
    PlaceFigure,
    PlaceTile,
    PluginError,
    Refusal,
    hookimpl,
)
from carcassonne.codes import CORE_CODES, error_codes
from carcassonne.plugins import installed_expansions
from carcassonne.testing import board

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL_DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
DOCUMENTED = set(
    re.findall(
        r"^\| `([a-z-]+)` \|",
        PROTOCOL_DOC.split("<!-- codes -->")[1].split("<!-- /codes -->")[0],
        re.M,
    )
)


def everything() -> GameConfig:
    return GameConfig(expansions=sorted(installed_expansions()))


# -- codes -----------------------------------------------------------------------------------


def test_every_declared_code_is_documented_and_every_documented_code_declared():
    declared = set(error_codes(everything()))
    assert declared == DOCUMENTED


def _core_literal_codes() -> set[str]:
    """Codes written as literals in ``Refusal(...)`` and ``_wrong_decision`` calls of the core."""
    found = set()
    for path in (ROOT / "core" / "carcassonne").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "Refusal" and node.args and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
            if name == "_wrong_decision":
                found.add("wrong-decision")
            if name == "IllegalActionError" and len(node.args) > 2:
                assert isinstance(node.args[2], ast.Attribute | ast.Name | ast.Constant)
    return found


def test_every_code_the_core_writes_is_a_core_code():
    written = _core_literal_codes()
    assert written <= {c.code for c in CORE_CODES}
    assert {"edges-mismatch", "not-adjacent", "feature-occupied", "no-figure-left"} <= written


@pytest.mark.parametrize("expansions", [(), ("river",), ("abbot",), ("abbey-mayor",)])
def test_refusals_met_in_random_games_carry_documented_codes(expansions):
    """At random moments of random games, random wrong actions: each refusal's code is
    declared for the game and documented, and the state does not change."""
    seen: set[str] = set()
    for seed in range(3):
        state = GameState.new(GameConfig(expansions=list(expansions)), seed=seed)
        declared = error_codes(state.config)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            x, y = rng.choice(list(state.board))
            wrong = [
                PlaceTile(state.drawn or "BA/C", x + rng.choice((-1, 0, 1)), y + 1, 90),
                PlaceFigure("meeple", x, y, rng.choice(("N", "E", "S", "W", "NL", "monastery"))),
                Pass(),
            ]
            for action in wrong:
                refusal = state.why_illegal(action)
                if refusal is None:
                    continue
                assert refusal.code in declared and refusal.code in DOCUMENTED, refusal
                before = state.key()
                with pytest.raises(IllegalActionError) as info:
                    state.apply(action)
                assert (info.value.code, info.value.reason) == (refusal.code, refusal.reason)
                assert state.key() == before
                seen.add(refusal.code)
            state.apply(rng.choice(legal))
    assert {"edges-mismatch", "wrong-decision", "not-last-tile"} <= seen


def test_edges_mismatch_names_the_sides():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"])
    refusal = state.why_illegal(PlaceTile("BA/C", 0, 1, 0))
    assert refusal == Refusal(
        "edges-mismatch",
        "its edges do not match its neighbours at 0,1: N (city against field)",
        {
            "x": 0,
            "y": 1,
            "sides": ["N"],
            "tile_edges": {"N": "city"},
            "neighbour_edges": {"N": "field"},
        },
    )


def test_figure_refusals_have_codes_and_details():
    state = board(["BA/RCr @(0,0) r0"], [(0, "meeple", 0, 0, "N")], pile=["BA/C", "BA/L"])
    state.apply(PlaceTile("BA/C", 0, -1, 180))  # closes the city red holds
    cases = {
        "figure meeple 0,-1 S": ("feature-occupied", {"feature", "figures"}),
        "figure meeple 0,0 E": ("not-last-tile", {"last_tile"}),
        "figure meeple 0,-1 monastery": ("no-feature", {"location", "locations"}),
        "figure giant 0,-1 S": None,  # not even notation: the figure kind is unknown
        "tile BA/L 1,0 r0": ("wrong-decision", {"expected"}),
    }
    for text, expected in cases.items():
        if expected is None:
            with pytest.raises(Exception, match="unknown figure kind 'giant'"):
                state.why_illegal(text)
            continue
        refusal = state.why_illegal(text)
        assert refusal is not None and (refusal.code, set(refusal.details)) == expected, text
    occupied = state.why_illegal("figure meeple 0,-1 S")
    assert occupied.details["figures"] == [
        {"player": 0, "kind": "meeple", "x": 0, "y": 0, "location": "N"}
    ]
    assert occupied.reason == "the city at 0,-1 S already holds red's meeple"
    assert state.why_illegal(PlaceFigure("giant", 0, -1, "S")).code == "unknown-figure"


def test_no_figure_left_and_farmers_off():
    options = {"meeples": 1, "farmers": False}
    state = board(["BA/RCr @(0,0) r0"], [(0, "meeple", 0, 0, "E")], pile=["BA/C", "BA/L"],
                  options=options)  # fmt: skip
    state.apply("tile BA/C 0,-1 r180")
    refusal = state.why_illegal("figure meeple 0,-1 S")
    assert (refusal.code, refusal.reason) == ("no-figure-left", "red has no meeple left")
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/C", "BA/L"], options=options)
    state.apply("tile BA/C 0,-1 r180")
    refusal = state.why_illegal("figure meeple 0,-1 NL")
    assert (refusal.code, refusal.details) == (
        "figure-not-allowed",
        {"figure": "meeple", "feature_kind": "field"},
    )
    assert refusal.reason == "no meeple may stand on a field (the farmers option is off)"


def test_the_game_over_refusal():
    state = board(["BA/RCr @(0,0) r0"], pile=[])
    assert state.is_over
    with pytest.raises(IllegalActionError) as info:
        state.apply(Pass())
    assert (info.value.code, info.value.reason) == ("game-over", "the game is over")


def test_river_refusals_come_from_the_river():
    config = GameConfig(expansions=["river"])
    state = GameState.new(config, seed=1)
    assert state.drawn == "RI.1/IFI"
    refusal = state.why_illegal("tile RI.1/IFI 0,-1 r0")
    assert refusal == Refusal(
        "river-not-continued",
        "a river tile must continue the river at 1,0",
        {"x": 0, "y": -1, "open_ends": [[1, 0]]},
    )
    assert error_codes(config)["river-u-turn"].provider == "river"


# -- the explain hook's contract --------------------------------------------------------------


class _Closed:
    """Vetoes every placement east of the start tile and explains it."""

    def __init__(self, code: str = "east-closed", declare: bool = True) -> None:
        self.code = code
        self.declare = declare

    @hookimpl
    def carcassonne_veto_placements(self, state, tile, candidates):
        return [c for c in candidates if c[:2] == (1, 0)]

    @hookimpl
    def carcassonne_error_codes(self):
        return [ErrorCode("east-closed", "nothing east", "closed")] if self.declare else []

    @hookimpl
    def carcassonne_explain_illegal(self, state, action):
        if getattr(action, "x", None) == 1 and getattr(action, "y", None) == 0:
            return Refusal(self.code, "east is closed", {"side": "E"})
        return None


def test_a_plugin_explains_its_veto_with_its_own_code():
    state = GameState.new(GameConfig(plugins=[("closed", _Closed())]), seed=13)
    state.force_draw("BA/RFr")
    assert state.why_illegal("tile BA/RFr 1,0 r0") == Refusal(
        "east-closed", "east is closed", {"side": "E"}
    )
    assert state.placement_refusal("BA/RFr", 1, 0, 0).code == "east-closed"
    assert "east-closed" in error_codes(state.config)


def test_an_unexplained_veto_is_vetoed():
    class Silent:
        @hookimpl
        def carcassonne_veto_placements(self, state, tile, candidates):
            return [c for c in candidates if c[:2] == (1, 0)]

    state = GameState.new(GameConfig(plugins=[("silent", Silent())]), seed=13)
    state.force_draw("BA/RFr")
    assert state.why_illegal("tile BA/RFr 1,0 r0").code == "vetoed"


def test_undeclared_and_clashing_codes_are_plugin_errors():
    state = GameState.new(GameConfig(plugins=[("closed", _Closed("made-up"))]), seed=13)
    state.force_draw("BA/RFr")
    with pytest.raises(PluginError, match="'made-up', which no plugin declares"):
        state.why_illegal("tile BA/RFr 1,0 r0")
    config = GameConfig(plugins=[("a", _Closed()), ("b", _Closed())])
    with pytest.raises(PluginError, match="error code 'east-closed' is defined by both"):
        error_codes(config)

    class Core:
        @hookimpl
        def carcassonne_error_codes(self):
            return [ErrorCode("vetoed", "mine now", "core-thief")]

    with pytest.raises(PluginError, match="'vetoed' is defined by both plugin 'core'"):
        error_codes(GameConfig(plugins=[("core-thief", Core())]))


# -- locations, notation, placements ---------------------------------------------------------


def test_any_location_of_a_feature_names_it_and_the_canonical_one_is_kept():
    state = board(["BA/RCr @(0,0) r0"], pile=["BA/RFr", "BA/L"])
    state.apply("tile BA/RFr 1,0 r0")
    offered = [a for a in state.legal_actions() if getattr(a, "location", "") in ("E", "W")]
    assert offered == [PlaceFigure("meeple", 1, 0, "E")]
    assert state.canonical(PlaceFigure("meeple", 1, 0, "W")) == PlaceFigure("meeple", 1, 0, "E")
    assert state.why_illegal("figure meeple 1,0 W") is None
    events = state.apply("figure meeple 1,0 W")
    assert events[0].location == "E"
    assert PlaceFigure("meeple", 1, 0, "E") in state.log
    assert [fig.location for _f, fig in state.figures()] == ["E"]


def test_str_of_an_action_is_its_notation_and_apply_reads_notation():
    assert str(PlaceTile("BA/C", 0, -1, 180)) == "tile BA/C 0,-1 r180"
    assert str(Pass()) == "pass"
    state = GameState.new(GameConfig(), seed=13)
    state.apply("tile E 0,-1 r180")  # E is the letter of BA/C
    assert state.log == [PlaceTile("BA/C", 0, -1, 180)]
    with pytest.raises(IllegalActionError, match=r"^illegal action tile BA/C 9,9 r0: "):
        GameState.new(GameConfig(), seed=13).apply("tile BA/C 9,9 r0")


def test_placements_of_any_tile_drawn_or_not():
    state = GameState.new(GameConfig(), seed=13)
    assert state.drawn == "BA/C"
    assert state.placements_of("BA/C") == state.legal_actions()
    crossing = state.placements_of("X")  # BA/RRRR, not drawn
    assert [(a.x, a.y) for a in crossing] == [(-1, 0)] * 4 + [(1, 0)] * 4
    distinct = state.placements_of("BA/RRRR", distinct=True)
    assert distinct == [PlaceTile("BA/RRRR", -1, 0, 0), PlaceTile("BA/RRRR", 1, 0, 0)]
    straight = state.placements_of("BA/RFr", distinct=True)
    assert straight == [
        PlaceTile("BA/RFr", -1, 0, 0),
        PlaceTile("BA/RFr", 0, 1, 0),
        PlaceTile("BA/RFr", 1, 0, 0),
    ]
    assert len(state.placements_of("BA/RFr")) == 6
    # a tile no longer in the pile still has placements
    state.force_draw("BA/RRRR")
    state.apply("tile BA/RRRR 1,0 r0")
    state.apply("pass")
    assert "BA/RRRR" not in state.draw_pile()
    assert PlaceTile("BA/RRRR", -1, 0, 0) in state.placements_of("BA/RRRR", distinct=True)


def test_distinct_placements_keep_one_per_result_over_many_boards():
    """Merged rotations look alike (edges and features); kept ones all differ."""
    state = GameState.new(GameConfig(), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_over:
            break
        if state.pending.kind == "tile":
            for tid in ("BA/RFr", "BA/RRRR", "BA/CFc+", "BA/L", "BA/Rr"):
                every = state.placements_of(tid)
                kept = state.placements_of(tid, distinct=True)
                assert set(kept) <= set(every)
                assert {(a.x, a.y) for a in kept} == {(a.x, a.y) for a in every}
                for a in kept:
                    assert a.rotation == min(
                        b.rotation
                        for b in every
                        if (b.x, b.y) == (a.x, a.y)
                        and _same_look(state, tid, a.rotation, b.rotation)
                    )
        state.apply(rng.choice(state.legal_actions()))


def _same_look(state: GameState, tid: str, r1: int, r2: int) -> bool:
    rots = state.config.tile_types[tid].rotations
    a, b = rots[r1 // 90], rots[r2 // 90]
    look = lambda r: (  # noqa: E731
        r.edges,
        sorted((f.kind, sorted(f.locations)) for f in r.features),
    )
    return look(a) == look(b)


# -- outcome, text, dir, one player, box counts ------------------------------------------------


def test_outcome_has_points_by_source():
    state = GameState.new(GameConfig(), seed=13)
    state.apply("tile BA/C 0,-1 r180")
    state.apply("figure meeple 0,-1 S")
    outcome = state.outcome()
    assert outcome.over is False
    assert outcome.scores == (4, 0)
    assert outcome.points == ({"city": 4}, {})
    assert (outcome.ranking, outcome.winners) == ((1, 2), (0,))


def test_outcome_of_a_finished_game_adds_up():
    state = GameState.new(GameConfig(players=3), seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    outcome = state.outcome()
    assert outcome.over
    assert tuple(sum(p.values()) for p in outcome.points) == outcome.scores
    assert list(outcome.winners) == state.winners()
    assert outcome.ranking == state.ranking()


def test_str_draws_the_board_and_dir_hides_internals():
    state = GameState.new(GameConfig(), seed=13)
    assert str(state) == (
        "turn 1: red to place BA/C; scores: red 0, blue 0; 70 tiles left\n"
        "     0\n"
        "   .###.\n"
        " 0 -----\n"
        "   .....\n"
        "A=red  B=blue"
    )
    assert repr(state) == "<GameState red,blue turn 1 tile 70 left>"
    names = dir(state)
    assert "legal_actions" in names and "why_illegal" in names
    assert not [n for n in names if n.startswith("_")]
    assert "tile_types" in dir(state.config)
    assert not [n for n in dir(state.config) if n.startswith("_")]
    import carcassonne

    assert dir(carcassonne) == sorted(carcassonne.__all__)


def test_a_one_player_game_plays_to_the_end():
    state = GameState.new(GameConfig(players=1), seed=4)
    rng = random.Random(4)
    while not state.is_over:
        assert state.pending.player == 0
        state.apply(rng.choice(state.legal_actions()))
    assert state.winners() == [0] and state.ranking() == (1,)


def test_box_counts_off_deals_extra_copies_and_undo_replays_them():
    state = GameState.new(GameConfig(options={"box_counts": False}), seed=13)
    state.force_draw("BA/RRRR")  # the only copy
    state.apply("tile BA/RRRR 1,0 r0")
    state.apply("pass")
    state.force_draw("BA/RRRR")  # one more than the box holds
    assert state.drawn == "BA/RRRR"
    left = state.tiles_left()
    state.apply("tile BA/RRRR -1,0 r0")
    state.undo(1)
    assert (state.drawn, state.tiles_left()) == ("BA/RRRR", left)
    strict = GameState.new(GameConfig(), seed=13)
    strict.force_draw("BA/RRRR")
    strict.apply("tile BA/RRRR 1,0 r0")
    strict.apply("pass")
    with pytest.raises(Exception, match="not in the draw pile"):
        strict.force_draw("BA/RRRR")


def test_held_pieces_come_from_the_expansion():
    state = GameState.new(GameConfig(expansions=["abbey-mayor"]), seed=2)
    assert state.held_pieces() == [{"abbey": 1}, {"abbey": 1}]
    assert GameState.new(GameConfig(), seed=2).held_pieces() == [{}, {}]


# -- invariant: why_illegal and apply agree, for any action at any moment -----------------------

_LOCATIONS = ("N", "E", "S", "W", "NL", "ER", "SW", "monastery", "garden", "I")


@st.composite
def _moment_and_action(draw):
    expansions = draw(st.sampled_from([(), ("abbot",), ("river",), ("abbey-mayor",)]))
    state = GameState.new(GameConfig(expansions=list(expansions)), seed=draw(st.integers(0, 9)))
    rng = random.Random(draw(st.integers(0, 99)))
    for _ in range(draw(st.integers(0, 30))):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    x = draw(st.integers(-3, 3))
    y = draw(st.integers(-3, 3))
    tiles = sorted(state.config.tile_types)
    action = draw(
        st.sampled_from(
            [
                PlaceTile(draw(st.sampled_from(tiles)), x, y, draw(st.sampled_from([0, 90, 180]))),
                PlaceFigure(
                    draw(st.sampled_from(sorted(state.config.figure_kinds))),
                    x,
                    y,
                    draw(st.sampled_from(_LOCATIONS)),
                ),
                Pass(),
            ]
        )
    )
    return state, action


@settings(max_examples=60, deadline=None)
@given(_moment_and_action())
def test_why_illegal_is_none_exactly_when_apply_accepts(case):
    state, action = case
    refusal = state.why_illegal(action)
    declared = error_codes(state.config)
    before = state.key()
    if refusal is None:
        assert state.canonical(action) in state.legal_actions()
        state.apply(action)
    else:
        assert refusal.code in declared
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert (info.value.code, info.value.reason, info.value.details) == (
            refusal.code,
            refusal.reason,
            dict(refusal.details),
        )
        assert state.key() == before


def test_a_foreign_record_with_more_copies_replays_with_box_counts_off():
    from carcassonne.record import RecordError, dump_record, load_record

    moves = "drew X\ntile X 1,0 r0\npass\ndrew X\ntile X -1,0 r0\npass\n"
    header = 'format = 1\nplayers = ["Ann", "Bob"]\nseed = 7\n'
    with pytest.raises(RecordError, match="tile BA/RRRR is not in the draw pile"):
        load_record(header + "---\n" + moves, text=True)
    state = load_record(header + "[options]\nbox_counts = false\n---\n" + moves, text=True)
    assert [(p.tile.id, pos) for pos, p in state.board.items()].count(("BA/RRRR", (-1, 0))) == 1
    again = load_record(dump_record(state), text=True)
    assert again.key() == state.key()
