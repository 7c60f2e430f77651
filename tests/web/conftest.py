"""Fixtures of the browser tests: a real ``carcassonne serve --http`` on loopback and Debian's
Chromium driven by Playwright (``pip install -e '.[server,web-test]'``; ``apt-get install
chromium``); some tests play over the server's HTTP API with httpx (in ``web-test``). Without
them the tests are not collected, unless ``CARCASSONNE_WEB_TESTS=required`` (``.ci/run`` sets
it), which turns a missing piece into an error.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REQUIRED = os.environ.get("CARCASSONNE_WEB_TESTS") == "required"
CHROMIUM = os.environ.get("CARCASSONNE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
MISSING = [
    m
    for m in ("starlette", "uvicorn", "websockets", "playwright", "httpx")
    if importlib.util.find_spec(m) is None
]
if not Path(CHROMIUM).exists():
    MISSING.append(f"the chromium browser ({CHROMIUM})")


if MISSING and REQUIRED:
    raise pytest.UsageError("CARCASSONNE_WEB_TESTS=required, but missing: " + ", ".join(MISSING))
if MISSING:
    collect_ignore_glob = ["test_*.py"]  # the README's environment has no browser


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$CARCASSONNE_ARTIFACTS`` (CI) or a temporary folder."""
    given = os.environ.get("CARCASSONNE_ARTIFACTS")
    folder = Path(given) if given else tmp_path_factory.mktemp("artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a server process on loopback (SQLite in a temporary folder)."""
    port = _free_port()
    db = tmp_path_factory.mktemp("web-db") / "games.db"
    command = [
        sys.executable, "-m", "carcassonne.cli.main", "serve", "--http",
        "--port", str(port), "--db", f"sqlite:///{db}", "--bot-think", "0",
        # Every test's page and helpers share this one server and one client address, and the
        # helpers play far faster than people: at the default limits (50 requests a second an
        # address, 20 messages a connection) a faster server or machine made them fail with
        # rate-limited. The limits themselves are tested in tests/server.
        "--rate-limit", "100000/100000", "--ws-rate-limit", "100000/100000",
    ]  # fmt: skip
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped: {proc.stderr.read()}")  # type: ignore[union-attr]
        try:
            with urllib.request.urlopen(base + "/api/expansions", timeout=2):
                break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        yield chromium
        chromium.close()
