"""``carcassonne simulate --report``: the balance report adds up (its points are the games'
points, its figure counts the placements), as text and JSON."""

from __future__ import annotations

import json

from carcassonne import events as ev
from carcassonne.balance import BalanceCounts
from carcassonne.cli.main import main
from carcassonne.cli.report import format_report, report_result
from carcassonne.testing import config


def test_the_report_counts_what_the_events_say():
    counts = BalanceCounts()
    counts.events(
        [
            ev.TurnStarted(0, 1),
            ev.PointsScored(0, 8, "road", 3, "inn"),
            ev.PointsScored(1, 4, "city", 5, "completed"),
            ev.PointsScored(1, 2, "city", 6, "final", final=True),
            ev.FigurePlaced(0, "big", 0, 0, "N"),
            ev.FigureReturned(0, "big", 0, 0, "N"),
            ev.TileReturned(1, "RI.1/II"),
            ev.TurnStarted(1, 2),
        ]
    )
    other = BalanceCounts()
    other.events([ev.FigurePlaced(1, "meeple", 1, 0, "N")])
    counts.merge(other)  # counts of games played elsewhere add up
    result = report_result(counts, config(2, ("inns-cathedrals",)), [])
    assert result["points_by_source"] == {
        "road (inn)": {
            "points": 8, "per_game": 8.0, "share": 0.5714, "awards": 1, "kind_provider": "core"
        },
        "city": {
            "points": 6, "per_game": 6.0, "share": 0.4286, "awards": 2, "kind_provider": "core"
        },
    }  # fmt: skip
    assert result["figures"]["big"] == {"placed": 1, "per_game": 1.0, "returned": 1}
    assert result["figures"]["meeple"] == {"placed": 1, "per_game": 1.0, "returned": 0}
    assert result["tiles_returned"] == {"total": 1, "per_game": 1.0, "by_tile": {"RI.1/II": 1}}
    text = format_report(result)
    assert "  road (inn)                   core                    8      8.0   57.1%" in text
    assert "tiles returned to the box: 1 (1 per game): RI.1/II 1" in text


def test_simulate_report_json_adds_up(capsys):
    argv = ["simulate", "--games", "3", "--expansions", "inns-cathedrals,river", "--report"]
    argv += ["--jobs", "2"]  # counted in worker processes, merged here
    assert main([*argv, "--json", "--bot", "greedy,random"]) == 0
    result = json.loads(capsys.readouterr().out)
    report = result["report"]
    assert report["games"] == 3
    total = sum(row["points"] for row in report["points_by_source"].values())
    assert total == round(sum(seat["mean"] * 3 for seat in result["seats"]))
    assert {"meeple", "big"} <= set(report["figures"])
    assert report["figures"]["big"]["placed"] > 0
    assert [s["win_rate"] for s in report["win_rate_by_seat"]] == [
        s["win_rate"] for s in result["seats"]
    ]
    assert report["length"]["turns_min"] >= 80  # 90 land tiles + 11 river tiles, 2 players


def test_simulate_report_text(capsys):
    assert main(["simulate", "--games", "2", "--report"]) == 0
    out = capsys.readouterr().out
    assert "\nbalance report over 2 games\n\npoints by source\n" in out
    assert "\nwin rate by seat\n  seat 0 (greedy): " in out
    assert "game length: " in out
