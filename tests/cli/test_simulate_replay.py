"""``carcassonne simulate``, ``replay``, ``expansions`` and ``serve`` through ``main(argv)``."""

from __future__ import annotations

import json
import statistics

import pytest

from carcassonne import GameConfig, GameState
from carcassonne.bots import make_bot
from carcassonne.plugins import installed_expansions
from carcassonne.record import load_record, save_record


def direct_scores(seats: list[str], seed: int, games: int) -> list[list[int]]:
    """Per seat, the scores of the games ``simulate`` plays (same seeds)."""
    config = GameConfig(players=len(seats))
    out: list[list[int]] = [[] for _ in seats]
    for i in range(games):
        state = GameState.new(config, seed=seed + i)
        bots = [make_bot(name, (seed + i) * 31 + p + 1) for p, name in enumerate(seats)]
        while not state.is_over:
            state.apply(bots[state.pending.player].choose(state))
        for p, score in enumerate(state.scores):
            out[p].append(score)
    return out


def test_simulate_json_summary_matches_the_games(cli):
    result = cli("simulate", "--games", "4", "--bot", "random", "--players", "3", "--seed", "7",
                 "--json")  # fmt: skip
    assert result.status == 0 and result.err == ""
    summary = json.loads(result.out)
    scores = direct_scores(["random"] * 3, 7, 4)
    assert summary["games"] == 4 and summary["players"] == 3
    for seat, expected in zip(summary["seats"], scores, strict=True):
        assert seat["bot"] == "random"
        assert seat["mean"] == round(statistics.fmean(expected), 2)
        assert seat["stdev"] == round(statistics.pstdev(expected), 2)
        assert (seat["min"], seat["max"]) == (min(expected), max(expected))
    assert sum(seat["wins"] for seat in summary["seats"]) == pytest.approx(4)
    assert set(summary["features"]) >= {"city", "road"}
    points = sum(kind["points"] for kind in summary["features"].values())
    assert points == sum(sum(s) for s in scores)


def test_simulate_per_seat_bots_text_summary_progress_and_records(cli, tmp_path):
    result = cli("simulate", "--games", "2", "--bot", "greedy,random", "--seed", "3",
                 "--save-dir", str(tmp_path), "--progress")  # fmt: skip
    assert result.status == 0
    assert "\r[" in result.err and "2/2 games" in result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("2 games, 2 players in ")
    assert lines[2].split() == ["seat", "bot", "mean", "stdev", "min", "max", "wins", "win", "rate"]
    assert lines[3].split()[:2] == ["0", "greedy"] and lines[4].split()[:2] == ["1", "random"]
    saved = sorted(p.name for p in tmp_path.iterdir())
    assert saved == ["game-3.txt", "game-4.txt"]
    scores = direct_scores(["greedy", "random"], 3, 2)
    for i, name in enumerate(saved):
        state = load_record(tmp_path / name)
        assert state.is_over and list(state.scores) == [scores[0][i], scores[1][i]]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "clever"], "carcassonne: unknown bot 'clever' (known: greedy, mcts, random)"),
        (["--bot", "random,greedy", "--players", "3"], "carcassonne: --players 3 but 2 bots"),
        (["--games", "0"], "carcassonne: --games must be at least 1"),
        (["--expansions", "dragons"], "carcassonne: unknown expansion 'dragons'"),
    ],
)
def test_simulate_user_errors(cli, argv, message):
    result = cli("simulate", *argv)
    assert result.status == 2 and result.out == ""
    assert result.err.startswith(message) and result.err.count("\n") == 1


@pytest.fixture
def finished_record(tmp_path):
    state = GameState.new(GameConfig(players=2, seed=2))
    bots = [make_bot("random", 1), make_bot("random", 2)]
    while not state.is_over:
        state.apply(bots[state.pending.player].choose(state))
    path = tmp_path / "game.txt"
    save_record(state, path)
    return path, state


def test_replay_prints_the_event_log_and_the_final_scores(cli, finished_record):
    path, state = finished_record
    result = cli("replay", str(path))
    assert result.status == 0 and result.err == ""
    lines = result.out.splitlines()
    first = state.log[0].tile
    assert lines[:3] == ["(start)", "    turn 1: A red", f"    A red draws {first}"]
    assert lines[3].startswith("tile ")
    placed = state.log[0]
    assert lines[4] == (
        f"    A red places {first} at {placed.x},{placed.y} turned {placed.rotation}°"
    )
    over = f"    the game is over: A red {state.scores[0]}, B blue {state.scores[1]}"
    assert over in lines
    assert not any("=" in line for line in lines if line.startswith("    "))
    ranking = state.ranking()
    order = sorted(range(2), key=lambda p: (ranking[p], p))
    names = ["red", "blue"]
    assert lines[-3] == "Final scores"
    for line, p in zip(lines[-2:], order, strict=True):
        assert line.split() == [f"{ranking[p]}.", "AB"[p], names[p], str(state.scores[p])]


def test_replay_json(cli, finished_record):
    path, state = finished_record
    result = cli("replay", str(path), "--json")
    data = json.loads(result.out)
    assert data["scores"] == list(state.scores) and data["game_over"] is True
    assert len(data["log"]) == len(state.log) + 1
    assert data["log"][1]["events"][0]["type"] == "tile-placed"
    assert data["log"][-1]["events"][-1] == {
        "type": "game-over",
        "scores": list(state.scores),
        "ranking": list(state.ranking()),
    }


def test_replay_user_errors(cli, tmp_path):
    missing = cli("replay", str(tmp_path / "nothing.txt"))
    assert (missing.status, missing.err) == (
        1,
        f"carcassonne: {tmp_path}/nothing.txt: cannot read the file: No such file or directory\n",
    )
    broken = tmp_path / "broken.txt"
    broken.write_text("format = 1\nplayers = ['a', 'b']\n---\ntile NOPE 0,1 r0\n")
    result = cli("replay", str(broken))
    assert result.status == 1 and result.out == ""
    assert result.err.startswith(f"carcassonne: {broken}: line 4: ")
    assert result.err.count("\n") == 1


def test_expansions_lists_every_installed_expansion(cli):
    result = cli("expansions", "--json")
    assert result.status == 0
    infos = json.loads(result.out)
    assert [i["name"] for i in infos] == sorted(installed_expansions())
    for info in infos:
        assert "error" not in info and info["version"]
    by_name = {i["name"]: i for i in infos}
    if "river" in by_name:
        assert by_name["river"]["feature_kinds"] == ["river"]
        assert by_name["river"]["tile_sets"] == ["river"]
        assert any(o["key"].startswith("river.") for o in by_name["river"]["options"])
    text = cli("expansions").out
    for info in infos:
        assert f"{info['name']} {info['version']}  (" in text


def test_serve_needs_a_transport(cli):
    result = cli("serve")
    assert result.status == 2
    assert result.err == "carcassonne: choose a transport: --stdio or --http\n"
