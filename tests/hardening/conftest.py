"""Shared helpers of the hardening tests: a protocol server fed lines in-process, and the
command line run in-process with its output captured."""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass
from typing import Any

import pytest

from carcassonne.cli.main import main
from carcassonne.protocol import Server


def answers(*lines: str) -> list[dict[str, Any]]:
    """The answers of a fresh server to ``lines`` (each answer decoded from its JSON line)."""
    out = io.StringIO()
    Server().serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture
def serve() -> Any:
    """``serve(*lines)`` -> the decoded answers of a fresh in-process server."""
    return answers


@dataclass
class Result:
    status: int
    out: str
    err: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    def run(*argv: str, stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(argv))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return run
