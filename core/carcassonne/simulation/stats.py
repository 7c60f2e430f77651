"""Statistics of a simulation that merge exactly, whichever way the games were split.

Everything kept is an integer sum, a count, a minimum or a maximum, so merging the statistics
of any partition of a set of games gives exactly those of playing them in one run: one job,
many processes or a cluster print the same summary for the same seeds. Shared victories are
counted in sixtieths of a win (60 is divisible by every number of winners from 1 to 6), which
keeps win totals integers too. Means and standard deviations are derived at the end from the
sums and sums of squares.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from carcassonne import events as ev
from carcassonne.balance import BalanceCounts
from carcassonne.state import GameState

#: Sixtieths of a win: a victory shared by k players gives each 60 // k (exact for k <= 6).
WIN_UNIT = 60


@dataclass
class SeatStats:
    """One seat's scores and wins over the games."""

    total: int = 0
    squares: int = 0
    low: int | None = None
    high: int | None = None
    wins: int = 0  # in WIN_UNITs
    outright: int = 0

    def add(self, score: int, win_share: int, outright: bool) -> None:
        self.total += score
        self.squares += score * score
        self.low = score if self.low is None else min(self.low, score)
        self.high = score if self.high is None else max(self.high, score)
        self.wins += win_share
        self.outright += outright

    def merge(self, other: SeatStats) -> None:
        self.total += other.total
        self.squares += other.squares
        for name, pick in (("low", min), ("high", max)):
            mine, theirs = getattr(self, name), getattr(other, name)
            if theirs is not None:
                setattr(self, name, theirs if mine is None else pick(mine, theirs))
        self.wins += other.wins
        self.outright += other.outright


@dataclass
class Stats:
    """Totals over a set of games; :meth:`merge` adds another set's."""

    seats: list[SeatStats]
    games: int = 0
    actions: int = 0
    kind_points: Counter[str] = field(default_factory=Counter)
    kind_scorings: Counter[str] = field(default_factory=Counter)
    completed: Counter[str] = field(default_factory=Counter)
    #: What ``simulate --report`` shows (carcassonne.balance).
    balance: BalanceCounts = field(default_factory=BalanceCounts)

    @classmethod
    def empty(cls, players: int) -> Stats:
        return cls([SeatStats() for _ in range(players)])

    def events(self, events: Iterable[ev.Event]) -> None:
        events = list(events)
        self.balance.events(events)
        for event in events:
            if isinstance(event, ev.PointsScored):
                self.kind_points[event.kind] += event.points
                self.kind_scorings[event.kind] += 1
            elif isinstance(event, ev.FeatureCompleted):
                self.completed[event.kind] += 1

    def game(self, state: GameState) -> None:
        """Count a finished game (its events must have gone through :meth:`events`)."""
        self.games += 1
        self.actions += len(state.log)
        self.balance.game(state)
        winners = state.winners()
        for p, score in enumerate(state.scores):
            won = p in winners
            self.seats[p].add(score, WIN_UNIT // len(winners) if won else 0,
                              won and len(winners) == 1)  # fmt: skip

    def merge(self, other: Stats) -> None:
        if len(other.seats) != len(self.seats):
            raise ValueError("cannot merge statistics of games with different numbers of seats")
        self.games += other.games
        self.actions += other.actions
        for mine, theirs in zip(self.seats, other.seats, strict=True):
            mine.merge(theirs)
        self.kind_points.update(other.kind_points)
        self.kind_scorings.update(other.kind_scorings)
        self.completed.update(other.completed)
        self.balance.merge(other.balance)

    def seat_summary(self, p: int) -> dict[str, float | int | None]:
        """Mean, population standard deviation, min, max and wins of seat ``p``."""
        seat, n = self.seats[p], self.games
        if n == 0:
            return {"mean": None, "stdev": None, "min": None, "max": None, "wins": 0,
                    "outright_wins": 0, "win_rate": None}  # fmt: skip
        variance = Fraction(n * seat.squares - seat.total * seat.total, n * n)
        wins = Fraction(seat.wins, WIN_UNIT)
        return {
            "mean": round(seat.total / n, 2),
            "stdev": round(math.sqrt(variance), 2),
            "min": seat.low,
            "max": seat.high,
            "wins": round(float(wins), 3),
            "outright_wins": seat.outright,
            "win_rate": round(float(wins / n), 3),
        }
