"""Fixtures: a server process per store (SQLite; PostgreSQL when ``CARCASSONNE_TEST_PG`` is
set), shared by all the tests (each makes its own games): starting servers is the slow part.

These tests need the server's extras (``pip install -e '.[server,postgres,server-test]'``);
without them the folder is not collected (``.ci/run`` runs it in an environment that has them).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

NEEDED = ("starlette", "uvicorn", "websockets", "httpx", "jsonschema")
if any(importlib.util.find_spec(module) is None for module in NEEDED):
    collect_ignore_glob = ["test_*.py"]

if TYPE_CHECKING:
    from .live import ServerProcess


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    from .live import PG_URL, fresh_pg_database

    if request.param == "postgres":
        if not PG_URL:
            pytest.skip("CARCASSONNE_TEST_PG is not set (see .ci/run)")
        return fresh_pg_database()
    folder: Path = tmp_path_factory.mktemp("sqlite")
    return f"sqlite:///{folder / 'games.db'}"


@pytest.fixture(scope="session")
def server(store_url: str) -> Iterator[ServerProcess]:
    from .live import ServerProcess

    process = ServerProcess(store_url).start()
    yield process
    process.stop()
