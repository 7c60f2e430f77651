"""The balance report of ``carcassonne simulate --report``: what an author reads to see whether a
new tile or rule breaks the game.

Over all the simulated games: points by source (each feature kind, and each scoring reason
plugins give — an inn, a cathedral, an abbot's early return — with the plugin that provides
the kind: ``kind_provider``), win rate by seat, figures placed per kind, tiles returned to the
box, and game length (turns and actions). Fed with the same events as the simulation's summary.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from carcassonne import events as ev
from carcassonne.config import GameConfig
from carcassonne.state import GameState

#: Reasons the base game gives for ordinary scoring: the source is then the kind alone.
PLAIN_REASONS = frozenset({"completed", "final", ""})


class BalanceReport:
    def __init__(self, config: GameConfig, seats: list[str]) -> None:
        self.config = config
        self.seats = seats
        self.source_points: Counter[str] = Counter()
        self.source_awards: Counter[str] = Counter()
        self.source_kind: dict[str, str] = {}
        self.figures_placed: Counter[str] = Counter()
        self.figures_returned: Counter[str] = Counter()
        self.tiles_returned: Counter[str] = Counter()
        self.turns: list[int] = []
        self.actions: list[int] = []
        self.wins = [0.0] * len(seats)
        self.games = 0
        self._turn = 0

    def tee(self, other: Any) -> _Tee:
        """One sink feeding this report and ``other`` (the simulation's summary)."""
        return _Tee(self, other)

    def events(self, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, ev.PointsScored):
                source = event.kind
                if event.reason not in PLAIN_REASONS:
                    source = f"{event.kind} ({event.reason})"
                self.source_points[source] += event.points
                self.source_awards[source] += 1
                self.source_kind[source] = event.kind
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
        self.turns.append(self._turn)
        self.actions.append(len(state.log))
        winners = state.winners()
        for p in winners:
            self.wins[p] += 1 / len(winners)

    def result(self) -> dict[str, Any]:
        games = max(self.games, 1)
        total = sum(self.source_points.values()) or 1
        kinds = self.config.kinds
        sources = {
            source: {
                "points": points,
                "per_game": round(points / games, 2),
                "share": round(points / total, 4),
                "awards": self.source_awards[source],
                "kind_provider": getattr(kinds.get(self.source_kind[source]), "provider", "?"),
            }
            for source, points in sorted(self.source_points.items(), key=lambda i: (-i[1], i[0]))
        }
        figures = {
            kind: {
                "placed": self.figures_placed.get(kind, 0),
                "per_game": round(self.figures_placed.get(kind, 0) / games, 2),
                "returned": self.figures_returned.get(kind, 0),
            }
            for kind in self.config.figure_kinds
        }
        return {
            "games": self.games,
            "points_by_source": sources,
            "win_rate_by_seat": [
                {"seat": p, "bot": bot, "win_rate": round(self.wins[p] / games, 3)}
                for p, bot in enumerate(self.seats)
            ],
            "figures": figures,
            "tiles_returned": {
                "total": sum(self.tiles_returned.values()),
                "per_game": round(sum(self.tiles_returned.values()) / games, 3),
                "by_tile": dict(sorted(self.tiles_returned.items())),
            },
            "length": {
                "turns_mean": round(statistics.fmean(self.turns), 2) if self.turns else 0,
                "turns_min": min(self.turns, default=0),
                "turns_max": max(self.turns, default=0),
                "actions_mean": round(statistics.fmean(self.actions), 2) if self.actions else 0,
            },
        }


def format_report(result: dict[str, Any]) -> str:
    lines = [f"balance report over {result['games']} games", "", "points by source"]
    header = ("source", "kind's plugin", "points", "/game", "share")
    lines.append("  {:<28} {:<16} {:>8} {:>8} {:>7}".format(*header))
    for source, row in result["points_by_source"].items():
        lines.append(
            f"  {source:<28} {row['kind_provider']:<16} {row['points']:>8}"
            f" {row['per_game']:>8.1f}"
            f" {row['share']:>7.1%}"
        )
    lines += ["", "win rate by seat"]
    for seat in result["win_rate_by_seat"]:
        lines.append(f"  seat {seat['seat']} ({seat['bot']}): {seat['win_rate']:.1%}")
    lines += ["", "figures", f"  {'kind':<12} {'placed':>8} {'/game':>8} {'returned':>9}"]
    for kind, row in result["figures"].items():
        lines.append(
            f"  {kind:<12} {row['placed']:>8} {row['per_game']:>8.1f} {row['returned']:>9}"
        )
    returned = result["tiles_returned"]
    by_tile = ", ".join(f"{tile} {n}" for tile, n in returned["by_tile"].items()) or "none"
    lines += [
        "",
        f"tiles returned to the box: {returned['total']} ({returned['per_game']:g} per game):"
        f" {by_tile}",
    ]
    length = result["length"]
    lines.append(
        f"game length: {length['turns_mean']:g} turns on average ({length['turns_min']}-"
        f"{length['turns_max']}), {length['actions_mean']:g} actions"
    )
    return "\n".join(lines)


class _Tee:
    def __init__(self, *sinks: Any) -> None:
        self.sinks = sinks

    def events(self, events: list[Any]) -> None:
        for sink in self.sinks:
            sink.events(events)

    def game(self, state: GameState) -> None:
        for sink in self.sinks:
            sink.game(state)
