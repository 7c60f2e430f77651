"""Fixtures for the tile-set tests: the expansion kinds (built here, the expansions register
them for real) and the shipped files."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne.tileset.catalog import core_kinds
from carcassonne.tileset.model import FeatureKind

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "tiles" / "base.toml"
RIVER = ROOT / "expansions" / "river" / "carcassonne_river" / "tiles" / "river.toml"
ABBEY_MAYOR = (
    ROOT / "expansions" / "abbey_mayor" / "carcassonne_abbey_mayor" / "tiles" / "abbey_mayor.toml"
)
SHIPPED = {"base": BASE, "river": RIVER, "abbey_mayor": ABBEY_MAYOR}

RIVER_KIND = FeatureKind(
    "river", "sides", edge="river", banks=True, occupiable=False, provider="river"
)
GARDEN_KIND = FeatureKind("garden", "center", completion="surround", provider="abbot")
ABBEY_KIND = FeatureKind(
    "abbey", "sides", edge="abbey", wildcard=True, occupiable=False, provider="abbey_mayor"
)


def all_kinds_dict() -> dict[str, FeatureKind]:
    return {**core_kinds(), "river": RIVER_KIND, "garden": GARDEN_KIND, "abbey": ABBEY_KIND}


@pytest.fixture
def all_kinds() -> dict[str, FeatureKind]:
    return all_kinds_dict()


@pytest.fixture
def shipped() -> dict[str, Path]:
    return dict(SHIPPED)
