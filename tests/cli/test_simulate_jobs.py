"""``simulate --jobs/--batch/--cluster``, Ctrl-C during a run, and mcts seats in ``play``."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

TIMING = ("seconds", "games_per_second")


def summary(result) -> dict:
    assert result.status == 0, result.err
    data = json.loads(result.out)
    for key in TIMING:
        data.pop(key)
    return data


def test_jobs_and_batches_do_not_change_the_summary(cli):
    args = [
        "simulate",
        "--games",
        "5",
        "--bot",
        "random",
        "--players",
        "3",
        "--seed",
        "9",
        "--json",
    ]
    one = summary(cli(*args, "--jobs", "1"))
    assert one["games"] == 5 and one["interrupted"] is False
    assert summary(cli(*args, "--jobs", "2")) == one
    assert summary(cli(*args, "--jobs", "2", "--batch", "1")) == one


def test_the_progress_line_of_worker_processes_moves_after_every_game(cli):
    """Two workers, two batches of three games: the bar is redrawn six times, 1/6 to 6/6 (not
    twice, once per batch)."""
    argv = ["--games", "6", "--bot", "random", "--jobs", "2", "--batch", "3", "--progress"]
    result = cli("simulate", *argv, "--json")
    assert result.status == 0, result.err
    drawn = [part.split("]")[1].split()[0] for part in result.err.split("\r") if part]
    assert drawn == ["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--jobs", "0"], "carcassonne: --jobs must be at least 1"),
        (["--batch", "0"], "carcassonne: --batch must be at least 1"),
        (["--scheduler", "tcp://127.0.0.1:8786"], "carcassonne: --scheduler needs --cluster"),
        (["--bot", "mcts:iterations=0"], "carcassonne: mcts: iterations must be at least 1"),
        (["--bot", "mcts:speed=3"], "carcassonne: mcts: unknown option 'speed'"),
    ],
)
def test_user_errors(cli, argv, message):
    result = cli("simulate", *argv)
    assert result.status == 2 and result.out == ""
    assert result.err.startswith(message) and result.err.count("\n") == 1


@pytest.mark.parametrize(("cluster", "module"), [("dask", "distributed"), ("ray", "ray")])
def test_a_missing_cluster_extra_names_what_to_install(cli, cluster, module):
    if importlib.util.find_spec(module) is not None:
        pytest.skip(f"{module} is installed here")
    result = cli("simulate", "--games", "1", "--cluster", cluster)
    assert result.status == 1 and result.out == ""
    needs = "dask.distributed" if cluster == "dask" else "ray"
    extra = f"carcassonne-engine[{cluster}]"
    assert result.err == (
        f"carcassonne: --cluster {cluster} needs {needs}: install {extra} (pip install '{extra}')\n"
    )


def test_ctrl_c_prints_the_summary_of_the_games_finished():
    """SIGINT to the whole process group, as a terminal's Ctrl-C: the workers hand back the
    games their batch finished and the summary says how many of the requested were played."""
    command = [sys.executable, "-m", "carcassonne.cli.main", "simulate", "--games", "2000"]
    command += ["--bot", "random", "--jobs", "2", "--batch", "20", "--progress", "--json"]
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # as from a terminal, even when these tests run where SIGINT is ignored (a shell's
        # background job without job control): the child starts with the default handler
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    err: list[str] = []
    reader = threading.Thread(target=lambda: err.extend(iter(lambda: proc.stderr.read(1), "")))
    reader.start()
    deadline = time.monotonic() + 60
    while "/2000 games" not in "".join(err) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    out = proc.stdout.read()
    status = proc.wait(timeout=60)
    reader.join(timeout=10)
    assert status == 130, "".join(err)
    data = json.loads(out)
    assert data["interrupted"] is True and data["requested"] == 2000
    assert 1 <= data["games"] < 2000  # the bar moves after the first game of either worker
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(data["games"])


def test_play_seats_configured_mcts_bots(cli):
    result = cli("play", "--seats", "mcts:iterations=3:horizon=2,random", "--seed", "2")
    assert result.status == 0 and result.err == ""
    assert "A red: mcts:iterations=3:horizon=2" in result.out
    assert "Final scores" in result.out
    bad = cli("play", "--seats", "human,mcts:iterations=0")
    assert (bad.status, bad.err) == (2, "carcassonne: mcts: iterations must be at least 1\n")
