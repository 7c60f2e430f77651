"""The balance report of ``carcassonne simulate --report``: what an author reads to see whether a
new tile or rule breaks the game.

Over all the simulated games: points by source (each feature kind, and each scoring reason
plugins give — an inn, a cathedral, an abbot's early return — with the plugin that provides
the kind: ``kind_provider``; points for no feature, such as a majority of goods, by their kind
and reason, with the plugin of the piece kind of that name or ``no feature``), points moved
between players by reason, win rate by seat, figures placed per kind, tiles returned to the
box, and game length (turns and actions). The counts are :class:`carcassonne.balance.
BalanceCounts`, kept by the simulation's statistics (they merge across processes).
"""

from __future__ import annotations

from typing import Any

from carcassonne.balance import BalanceCounts
from carcassonne.config import GameConfig


def report_result(
    counts: BalanceCounts, config: GameConfig, win_rates: list[dict[str, Any]]
) -> dict[str, Any]:
    games = max(counts.games, 1)
    total = sum(counts.source_points.values()) or 1
    sources = {
        source: {
            "points": points,
            "per_game": round(points / games, 2),
            "share": round(points / total, 4),
            "awards": counts.source_awards[source],
            "kind_provider": _provider(config, counts, source),
        }
        for source, points in sorted(counts.source_points.items(), key=lambda i: (-i[1], i[0]))
    }
    transferred = {
        reason: {
            "points": points,
            "transfers": counts.transfers[reason],
            "per_game": round(points / games, 2),
        }
        for reason, points in sorted(counts.transfer_points.items(), key=lambda i: (-i[1], i[0]))
    }
    figures = {
        kind: {
            "placed": counts.figures_placed.get(kind, 0),
            "per_game": round(counts.figures_placed.get(kind, 0) / games, 2),
            "returned": counts.figures_returned.get(kind, 0),
        }
        for kind in config.figure_kinds
    }
    returned = sum(counts.tiles_returned.values())
    return {
        "games": counts.games,
        "points_by_source": sources,
        "points_transferred": transferred,
        "win_rate_by_seat": win_rates,
        "figures": figures,
        "tiles_returned": {
            "total": returned,
            "per_game": round(returned / games, 3),
            "by_tile": dict(sorted(counts.tiles_returned.items())),
        },
        "length": {
            "turns_mean": round(counts.turns / games, 2),
            "turns_min": counts.turns_min or 0,
            "turns_max": counts.turns_max or 0,
            "actions_mean": round(counts.actions / games, 2),
        },
    }


#: The provider column of points for no feature whose kind no plugin declares.
NO_FEATURE = "no feature"


def _provider(config: GameConfig, counts: BalanceCounts, source: str) -> str:
    """The plugin of the source's feature kind; for points for no feature (goods, a fairy's
    point), the plugin of the piece kind of that name, else ``no feature``."""
    kind = counts.source_kind[source]
    if not counts.source_free[source]:
        return getattr(config.kinds.get(kind), "provider", "?")
    piece_kind = config.piece_kinds.get(kind)
    return piece_kind.provider if piece_kind is not None else NO_FEATURE


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
    transferred = result.get("points_transferred", {})
    if transferred:
        lines += ["", "points moved between players"]
        for reason, row in transferred.items():
            times = "time" if row["transfers"] == 1 else "times"
            lines.append(
                f"  {reason:<28} {row['points']:>8} points, {row['transfers']} {times}"
                f" ({row['per_game']:g} per game)"
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
