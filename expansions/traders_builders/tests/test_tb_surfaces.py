"""What the general surfaces show of Traders & Builders, on the hand-written JCZ game of
tests/jcz (Alice takes the wine of a city nobody holds, earns a second part with her builder
and closes her road; Bob's pig joins his farmer): the terminal's supply lines and notes, the
balance report (goods as their own source, for no feature) and ``carcassonne explain``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne.balance import BalanceCounts
from carcassonne.cli.main import main
from carcassonne.cli.report import format_report, report_result
from carcassonne.cli.screen import supply_texts
from carcassonne.cli.words import state_notes
from carcassonne.jcz import load_jcz_state, replay_jcz

FIXTURE = Path(__file__).resolve().parents[3] / "tests/jcz/fixtures/traders-builders.jcz"


def _names(player: int) -> str:
    return ("Alice", "Bob")[player]


def test_the_terminal_shows_goods_held_and_the_second_part() -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["replay"] = data["replay"][:21]  # up to the COMMIT of Alice's first part of turn 7
    data["gameAnnotations"] = {"drawOrder": data["gameAnnotations"]["drawOrder"][:7]}
    state = load_jcz_state(json.dumps(data), text=True)
    assert supply_texts(state) == ["6 meeples, pig, wine", "6 meeples, builder"]
    assert state_notes(state, _names, "builder") == [
        "second part of the turn: builder",
        "Alice has 1 wine",
    ]


def test_the_balance_report_has_goods_as_their_own_line() -> None:
    replayed = replay_jcz(FIXTURE)
    counts = BalanceCounts()
    for events in replayed.events:
        counts.events(events)
    counts.game(replayed.state)
    assert dict(counts.source_points) == {
        "road": 6,
        "goods (most wine)": 10,
        "field (final with a pig)": 4,
    }
    assert dict(counts.source_free) == {"goods (most wine)": 1}
    assert dict(counts.figures_placed) == {"meeple": 2, "builder": 1, "pig": 1}
    text = format_report(report_result(counts, replayed.state.config, []))
    assert "  goods (most wine)            no feature             10     10.0   50.0%" in text


def test_explain_names_the_goods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.carc"
    assert main(["import", str(FIXTURE), "-o", str(record)]) == 0
    capsys.readouterr()
    assert main(["explain", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  +10  end of the game: most wine (goods)" in lines
    assert "  A Alice  goods 10, road 6 = 16" in lines


def test_the_observation_holds_the_goods_marks_tokens_and_turn_part() -> None:
    """OpenSpiel and PettingZoo observe through one layout (carcassonne.envs.observation)."""
    np = pytest.importorskip("numpy", reason="the openspiel or pettingzoo extra is missing")
    from carcassonne.envs.observation import Layout, location_cell

    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["replay"] = data["replay"][:21]
    data["gameAnnotations"] = {"drawOrder": data["gameAnnotations"]["drawOrder"][:7]}
    state = load_jcz_state(json.dumps(data), text=True)
    layout = Layout(state.config, 6)
    flat = layout.new()
    layout.fill(flat, state, 0)
    views = layout.views(flat)
    assert layout.held == ("cloth", "grain", "wine")
    assert views["held"].tolist() == [[0, 0, 1], [0, 0, 0]]
    assert views["part"].tolist() == [1]
    assert layout.figure_kinds == ("builder", "meeple", "pig")
    assert views["supply"].tolist() == [[0, 6, 1], [1, 6, 0]]
    wine = views["board"][layout.planes.index("attr:city.wine")]
    # the wine segment of TB/Cc.w at (0,-1), turned: its south and east side cells and centre
    assert np.argwhere(wine > 0).tolist() == [[16, 19], [16, 20], [17, 19]]
    # Alice's builder and Bob's pig each on the plane of its kind (figures:p says whose)
    board = views["board"]
    for _feature, fig in state.figures():
        row, col = location_cell(fig.location)
        at = (3 * (fig.y + 6) + row, 3 * (fig.x + 6) + col)
        assert board[layout.planes.index(f"figure:{fig.kind}")][at] >= 1
        others = [k for k in layout.figure_kinds if k != fig.kind]
        assert all(board[layout.planes.index(f"figure:{k}")][at] == 0 for k in others)
    placed = {f.kind: f.player for _, f in state.figures()}
    assert placed["builder"] == 0 and placed["pig"] == 1
