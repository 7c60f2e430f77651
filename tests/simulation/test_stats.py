"""Statistics merge exactly: any split of the games gives the statistics of one run."""

from __future__ import annotations

import statistics

from hypothesis import given
from hypothesis import strategies as st

from carcassonne import GameConfig
from carcassonne.simulation import Stats
from carcassonne.simulation.stats import WIN_UNIT, SeatStats
from carcassonne.simulation.tasks import config_for, play_game

scores = st.lists(st.integers(min_value=0, max_value=300), min_size=1, max_size=40)


@given(scores, st.lists(st.integers(min_value=0, max_value=40), max_size=5))
def test_seat_statistics_of_any_split_equal_those_of_one_run(values, cuts):
    whole = SeatStats()
    for v in values:
        whole.add(v, WIN_UNIT // 2, False)
    bounds = sorted({0, len(values), *(c % (len(values) + 1) for c in cuts)})
    merged = SeatStats()
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        part = SeatStats()
        for v in values[lo:hi]:
            part.add(v, WIN_UNIT // 2, False)
        merged.merge(part)
    assert merged == whole
    assert (whole.low, whole.high, whole.total) == (min(values), max(values), sum(values))


@given(scores)
def test_mean_and_spread_match_the_statistics_module(values):
    stats = Stats.empty(1)
    for v in values:
        stats.seats[0].add(v, 0, False)
    stats.games = len(values)
    summary = stats.seat_summary(0)
    assert summary["mean"] == round(statistics.fmean(values), 2)
    assert summary["stdev"] == round(statistics.pstdev(values), 2)


def test_games_split_in_two_merge_to_the_same_statistics_as_one_run():
    config = config_for(GameConfig(players=3, seed=0).describe())
    seats = ("random", "random", "random")
    whole = Stats.empty(3)
    for seed in range(4):
        play_game(config, seats, seed, whole)
    first, second = Stats.empty(3), Stats.empty(3)
    for seed in range(4):
        play_game(config, seats, seed, first if seed in (1, 2) else second)
    second.merge(first)
    assert second == whole
    assert whole.games == 4 and sum(s.wins for s in whole.seats) == 4 * WIN_UNIT
    assert sum(whole.kind_points.values()) == sum(s.total for s in whole.seats)


def test_a_shared_victory_is_an_exact_fraction_of_a_win():
    seat = SeatStats()
    for winners in (1, 2, 3, 4, 5, 6):
        seat.add(10, WIN_UNIT // winners, winners == 1)
    stats = Stats([seat], games=6)
    expected = 1 + 1 / 2 + 1 / 3 + 1 / 4 + 1 / 5 + 1 / 6
    assert stats.seat_summary(0)["wins"] == round(expected, 3)
    assert seat.outright == 1
