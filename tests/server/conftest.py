"""Fixtures: a server process per store (SQLite; PostgreSQL when ``CARCASSONNE_TEST_PG`` is
set), shared by the tests of a module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .live import PG_URL, ServerProcess, fresh_pg_database


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "postgres":
        if not PG_URL:
            pytest.skip("CARCASSONNE_TEST_PG is not set (see .ci/run)")
        return fresh_pg_database()
    folder: Path = tmp_path_factory.mktemp("sqlite")
    return f"sqlite:///{folder / 'games.db'}"


@pytest.fixture(scope="module")
def server(store_url: str) -> Iterator[ServerProcess]:
    process = ServerProcess(store_url).start()
    yield process
    process.stop()
