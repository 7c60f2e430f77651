"""Records of games with each mechanic's test plugin: chance outcomes written as ``chance
OUTCOME`` after the action that drew them, ``ChanceOutcome`` actions of games played with
``auto_chance`` off, and the command line's replays of them (docs/records.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import ChanceOutcome, GameConfig, GameState, PlaceFigure
from carcassonne.cli.render import at_turn
from carcassonne.cli.replay import replay_log
from carcassonne.plugins import installed_expansions
from carcassonne.record import Entry, RecordError, dump_record, load_record, parse_record
from carcassonne.testing import mixes
from carcassonne.values import ForcedChance

from .plugins import PLUGINS, mixes_for

MIXES = mixes(installed_expansions())  # every mix up to 4 expansions, then a cover


def _plugins(name: str) -> list[tuple[str, object]]:
    return [(name, PLUGINS[name])]


def _played(
    name: str, mix: tuple[str, ...] = (), seed: int = 0, players: int = 3, *, auto: bool = True
) -> GameState:
    config = GameConfig(players=players, expansions=list(mix), seed=seed, plugins=_plugins(name))
    state = GameState.new(config)
    state.auto_chance = auto
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _events(state: GameState) -> list[object]:
    """Every event of the game, replayed entry by entry from its origin."""
    replay = state.initial()
    out = list(replay.last_events)
    for entry in state.log:
        out.extend(replay.replay_entry(entry))
    return out


def _round_trip(state: GameState, name: str) -> GameState:
    text = dump_record(state)
    again = load_record(text, text=True, plugins=_plugins(name))
    assert again.key() == state.key()
    assert again.log == state.log
    assert again.scores == state.scores and again.is_over == state.is_over
    assert again.auto_chance == state.auto_chance or not any(
        type(a) is ChanceOutcome for a in state.log
    )
    assert _events(again) == _events(state)
    assert dump_record(again) == text
    return again


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_records_of_every_mechanic_round_trip_in_every_mix(name: str) -> None:
    for index, mix in enumerate(mixes_for(name, MIXES)):
        _round_trip(_played(name, mix, seed=index, players=2 + index % 3), name)


def test_chance_outcomes_are_written_after_the_action_that_drew_them() -> None:
    state = _played("t-sheep", seed=3, players=2)
    drawn = [e.outcome for e in state.log if type(e) is ForcedChance]
    assert drawn == ["wolf", "sheep", "sheep"]
    record = parse_record(dump_record(state))
    moves = [e for e in record.entries if e.kind != "note"]
    chances = [i for i, e in enumerate(moves) if e.kind == "chance"]
    assert [moves[i].text for i in chances] == drawn
    for i in chances:
        # right after the shepherd placed (and any earlier outcome of the same action)
        before = next(e for e in reversed(moves[:i]) if e.kind != "chance")
        assert before.kind == "action" and before.text.startswith("figure shepherd ")
    text = dump_record(state)
    assert "figure shepherd 0,1 ER\nchance wolf\n" in text


def test_a_game_played_with_auto_chance_off_loads_with_its_chance_actions() -> None:
    for index, mix in enumerate(MIXES):
        state = _played("t-sheep", mix, seed=index, players=2 + index % 3, auto=False)
        again = _round_trip(state, "t-sheep")
        answered = [a for a in state.log if type(a) is ChanceOutcome]
        assert not any(type(a) is ForcedChance for a in state.log)
        assert again.auto_chance is (not answered)
    state = _played("t-sheep", seed=3, players=2, auto=False)
    assert "chance t-sheep-bag wolf" in dump_record(state).split("\n")


def test_a_record_ending_at_a_pending_chance_decision_loads_there() -> None:
    config = GameConfig(players=2, seed=3, plugins=_plugins("t-sheep"))
    state = GameState.new(config)
    state.auto_chance = False
    rng = random.Random(3)
    while state.pending.kind != "chance":
        state.apply(rng.choice(state.legal_actions()))
    state.apply(ChanceOutcome("t-sheep-bag", "sheep"))
    while state.pending.kind != "chance":
        state.apply(rng.choice(state.legal_actions()))
    again = load_record(dump_record(state), text=True, plugins=_plugins("t-sheep"))
    assert again.key() == state.key()
    assert again.pending.kind == "chance" and not again.auto_chance
    assert [a for a, _ in again.chance_odds()] == [
        ChanceOutcome("t-sheep-bag", "sheep"),
        ChanceOutcome("t-sheep-bag", "wolf"),
    ]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    auto=st.booleans(),
    name=st.sampled_from(["t-sheep", "t-tower", "t-builder"]),
)
def test_records_round_trip_for_any_seed(seed: int, players: int, auto: bool, name: str) -> None:
    _round_trip(_played(name, seed=seed, players=players, auto=auto), name)


@settings(max_examples=10, deadline=None)
@given(outcomes=st.lists(st.sampled_from(["sheep", "wolf"]), min_size=1, max_size=6))
def test_forced_outcomes_survive_the_record(outcomes: list[str]) -> None:
    config = GameConfig(players=2, seed=3, plugins=_plugins("t-sheep"))
    state = GameState.new(config)
    rng = random.Random(3)
    forced: list[str] = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        if type(action) is PlaceFigure and action.figure == "shepherd":
            forced.append(outcomes[len(forced) % len(outcomes)])
            state.force_chance(forced[-1])
        state.apply(action)
    assert [e.outcome for e in state.log if type(e) is ForcedChance] == forced
    _round_trip(state, "t-sheep")


# -- errors ------------------------------------------------------------------------------------


def _lines() -> tuple[list[str], int]:
    lines = dump_record(_played("t-sheep", seed=3, players=2)).split("\n")
    at = lines.index("chance wolf")
    assert lines[at - 1] == "figure shepherd 0,1 ER"
    return lines, at


def _error(lines: list[str]) -> RecordError:
    with pytest.raises(RecordError) as err:
        load_record("\n".join(lines), text=True, plugins=_plugins("t-sheep"))
    return err.value


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        (
            "chance",
            0,
            "column 7: expected 'chance OUTCOME' (the outcome of a chance draw the action "
            "above made) or 'chance NAME OUTCOME' (an action)",
        ),
        (
            "  chance   # nothing",
            0,
            "column 9: expected 'chance OUTCOME' (the outcome of a chance draw the action "
            "above made) or 'chance NAME OUTCOME' (an action)",
        ),
        ("chance cow", 0,
         "the forced chance outcome 'cow' is not one of t-sheep-bag's (sheep, wolf)"),
        ("chance wolf\nchance sheep", 1, "the record says 'chance sheep', but the action above "
         "made only 1 chance draw"),
        ("chance t-sheep-bag", 0, None),
    ],
)  # fmt: skip
def test_malformed_chance_lines_name_their_line(change: str, line: int, reason: str | None) -> None:
    lines, at = _lines()
    lines[at] = change
    error = _error("\n".join(lines).split("\n"))
    assert error.line == at + 1 + line
    if reason is None:
        # a two-word line is a recorded outcome: t-sheep-bag is none of the bag's
        reason = "the forced chance outcome 't-sheep-bag' is not one of t-sheep-bag's (sheep, wolf)"
    assert error.reason == reason
    assert str(error) == f"line {at + 1 + line}: {reason}"


def test_a_chance_line_after_an_action_that_drew_nothing_is_an_error() -> None:
    lines, at = _lines()
    lines.insert(at - 1, "chance sheep")  # after the tile placement, before the shepherd
    error = _error(lines)
    assert (error.line, error.reason) == (
        at,
        "the record says 'chance sheep', but the action above made no chance draw",
    )


def test_a_chance_line_before_any_action_is_an_error() -> None:
    lines, _ = _lines()
    first = lines.index("---") + 1
    lines.insert(first, "chance wolf")
    error = _error(lines)
    assert (error.line, error.reason) == (
        first + 1,
        "'chance wolf' comes before any action: a chance line follows the action whose apply "
        "drew it",
    )


def test_a_chance_action_in_a_record_replays_with_auto_chance_off() -> None:
    lines, at = _lines()
    lines[at] = "chance t-sheep-bag wolf"  # answered as an action: the game waits for it
    again = load_record("\n".join(lines), text=True, plugins=_plugins("t-sheep"))
    assert again.key() == _played("t-sheep", seed=3, players=2).key()
    assert again.auto_chance is False


def test_a_chance_action_with_no_chance_pending_is_refused_on_its_line() -> None:
    lines, at = _lines()
    lines.insert(at - 1, "chance t-sheep-bag wolf")  # a figure decision is pending
    error = _error(lines)
    assert error.line == at
    assert error.reason == (
        # the record answers chance with actions: it replays with auto_chance off
        "illegal action chance t-sheep-bag wolf: no chance draw is pending: the figure "
        "decision of player 1 is"
    )


def test_parse_record_reads_chance_lines() -> None:
    lines, at = _lines()
    record = parse_record("\n".join(lines))
    chance = next(e for e in record.entries if e.line == at + 1)
    assert chance == Entry("chance", "wolf")
    assert chance.line == at + 1


def test_an_outcome_that_is_not_one_word_cannot_be_recorded() -> None:
    state = _played("t-sheep", seed=3, players=2)
    index = next(i for i, e in enumerate(state.log) if type(e) is ForcedChance)
    state.log[index] = ForcedChance("big wolf")
    with pytest.raises(RecordError) as err:
        dump_record(state)
    assert str(err.value) == "the chance outcome 'big wolf' cannot be written as one word"


# -- the command line's replays ----------------------------------------------------------------


def test_the_replay_command_replays_chance_entries() -> None:
    state = _played("t-sheep", seed=3, players=2)
    steps = replay_log(state)
    assert len(steps) == len(state.log) + 1
    forced = [s["action"] for s in steps[1:] if s["action"].startswith("force-chance")]
    assert forced == [f"force-chance {e.outcome}" for e in state.log if type(e) is ForcedChance]
    drawn = [e for s in steps for e in s["events"] if e["type"] == "chance"]
    assert len(drawn) == len(forced)
    manual = _played("t-sheep", seed=3, players=2, auto=False)
    actions = [s["action"] for s in replay_log(manual)]
    assert "chance t-sheep-bag wolf" in actions


def test_render_replays_to_a_turn_through_chance_entries() -> None:
    state = _played("t-sheep", seed=3, players=2)
    for turn in (2, 10, state.turn):
        replay = at_turn(state, turn)
        assert replay.turn == turn
        assert replay.pending.kind in ("draw", "tile")
    manual = _played("t-sheep", seed=3, players=2, auto=False)
    assert at_turn(manual, 10).turn == 10
