"""The counts behind the balance report (``carcassonne simulate --report``): points by source
(points for no feature, such as a majority of goods, by their reason), points moved between
players by reason, figures placed and returned per kind, tiles returned to the box, game length
and wins. Every
count is an integer sum, minimum or maximum, so the counts of games split over processes or a
cluster merge exactly (:meth:`BalanceCounts.merge`); :mod:`carcassonne.cli.report` formats them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from carcassonne import events as ev
from carcassonne.state import GameState

#: Reasons the base game gives for ordinary scoring: the source is then the kind alone.
PLAIN_REASONS = frozenset({"completed", "final", ""})


@dataclass
class BalanceCounts:
    source_points: Counter[str] = field(default_factory=Counter)
    source_awards: Counter[str] = field(default_factory=Counter)
    source_kind: dict[str, str] = field(default_factory=dict)
    #: Awards for no feature (``PointsScored.feature`` None) per source.
    source_free: Counter[str] = field(default_factory=Counter)
    #: Points moved between players (``PointsTransferred``) and how often, by reason.
    transfer_points: Counter[str] = field(default_factory=Counter)
    transfers: Counter[str] = field(default_factory=Counter)
    figures_placed: Counter[str] = field(default_factory=Counter)
    figures_returned: Counter[str] = field(default_factory=Counter)
    tiles_returned: Counter[str] = field(default_factory=Counter)
    games: int = 0
    turns: int = 0
    turns_min: int | None = None
    turns_max: int | None = None
    actions: int = 0
    _turn: int = 0

    def events(self, events: Any) -> None:
        for event in events:
            if isinstance(event, ev.PointsScored):
                source = event.kind
                if event.reason not in PLAIN_REASONS:
                    source = f"{event.kind} ({event.reason})"
                self.source_points[source] += event.points
                self.source_awards[source] += 1
                self.source_kind[source] = event.kind
                if event.feature is None:
                    self.source_free[source] += 1
            elif isinstance(event, ev.PointsTransferred):
                self.transfer_points[event.reason or "transfer"] += event.points
                self.transfers[event.reason or "transfer"] += 1
            elif isinstance(event, ev.FigurePlaced):
                self.figures_placed[event.figure] += 1
            elif isinstance(event, ev.FigureReturned):
                self.figures_returned[event.figure] += 1
            elif isinstance(event, ev.TileReturned):
                self.tiles_returned[event.tile] += 1
            elif isinstance(event, ev.TurnStarted):
                self._turn = event.turn

    def game(self, state: GameState) -> None:
        self.games += 1
        self.turns += self._turn
        self.turns_min = self._turn if self.turns_min is None else min(self.turns_min, self._turn)
        self.turns_max = self._turn if self.turns_max is None else max(self.turns_max, self._turn)
        self.actions += len(state.log)
        self._turn = 0

    def merge(self, other: BalanceCounts) -> None:
        self.source_points.update(other.source_points)
        self.source_awards.update(other.source_awards)
        self.source_kind.update(other.source_kind)
        self.source_free.update(other.source_free)
        self.transfer_points.update(other.transfer_points)
        self.transfers.update(other.transfers)
        self.figures_placed.update(other.figures_placed)
        self.figures_returned.update(other.figures_returned)
        self.tiles_returned.update(other.tiles_returned)
        self.games += other.games
        self.turns += other.turns
        self.actions += other.actions
        for name, pick in (("turns_min", min), ("turns_max", max)):
            mine, theirs = getattr(self, name), getattr(other, name)
            if theirs is not None:
                setattr(self, name, theirs if mine is None else pick(mine, theirs))
