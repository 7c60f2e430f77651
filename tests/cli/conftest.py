"""Run the command line in-process (``main(argv)``) or as a real process, capturing output."""

from __future__ import annotations

import io
import subprocess
import sys
from dataclasses import dataclass

import pytest

from carcassonne.cli.main import main


@dataclass
class Result:
    status: int
    out: str
    err: str


@pytest.fixture
def cli(capsys, monkeypatch):
    """``cli(*argv, stdin="")`` -> Result, through ``main(argv)``."""

    def run(*argv: str, stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(argv))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run


@pytest.fixture
def process():
    """``process(*argv, stdin="")`` -> Result, through a real ``python -m`` process."""
    return run_process


def run_process(*argv: str, stdin: str = "", timeout: float = 60) -> Result:
    done = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )
    return Result(done.returncode, done.stdout, done.stderr)
