"""The tile set: 18 tiles in C2/C3 and C1, the inn and cathedral marks where
tiles-inns-cathedrals.md puts them, and the file valid for the tile tools."""

from __future__ import annotations

import subprocess
import sys
from importlib.resources import files

from carcassonne import GameConfig
from carcassonne.geometry import SIDES
from carcassonne.testing import board

IC = ("inns-cathedrals",)


def ic_tiles(config: GameConfig) -> dict[str, int]:
    counts: dict[str, int] = {}
    for stack in config.stacks.values():
        for tile in stack:
            if tile.startswith("IC/"):
                counts[tile] = counts.get(tile, 0) + 1
    return counts


def marked(config: GameConfig, attribute: str) -> dict[str, list[tuple[str, ...]]]:
    """Tile id -> the locations of the features carrying ``attribute``."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for tid, tile in config.tile_types.items():
        for feature in tile.features:
            if feature.attrs.get(attribute):
                out.setdefault(tid, []).append(tuple(SIDES[i] for i in feature.sides))
    return out


def test_eighteen_tiles_in_c2_with_gardens_on_b_and_h():
    counts = ic_tiles(GameConfig(expansions=IC))
    assert sum(counts.values()) == 18
    assert counts["IC/Cccc.c"] == 2
    assert "IC/RFr.iG" in counts and "IC/CCCCG" in counts
    assert "IC/RFr.i" not in counts and "IC/CCCC" not in counts


def test_c1_has_the_same_18_tiles_without_gardens():
    counts = ic_tiles(GameConfig(expansions=IC, options={"edition": "C1"}))
    assert sum(counts.values()) == 18
    assert counts["IC/RFr.i"] == 1 and counts["IC/CCCC"] == 1
    assert "IC/RFr.iG" not in counts and "IC/CCCCG" not in counts


def test_inns_and_cathedrals_sit_where_the_tile_reference_puts_them():
    config = GameConfig(expansions=IC)
    assert marked(config, "inn") == {
        "IC/Rr.i": [("S", "W")],
        "IC/RFr.iG": [("E", "W")],
        "IC/RRR.i": [("E",)],
        "IC/CcRr+.i": [("E", "S")],
        "IC/RrC.i": [("S", "W")],
        "IC/RCc.i": [("S",)],
    }
    assert marked(config, "lake") == {"IC/RRR.i": [("W",)]}
    assert marked(config, "cathedral") == {"IC/Cccc.c": [("N", "E", "S", "W")]}
    shields = [
        f.attr("shields")
        for t in config.tile_types.values()
        if t.id.startswith("IC/")
        for f in t.features
    ]
    assert sum(shields) == 3


def test_marks_rotate_with_the_tile():
    state = board(["IC/RRR.i @(0,0) r90"], expansions=IC)
    south = state.feature_at(0, 0, "S")
    assert state.feature_attr(south, "inn") == 1
    assert state.feature_attr(state.feature_at(0, 0, "W"), "inn") == 0


def test_four_cities_tile_has_four_cities_and_one_inner_field():
    state = board(["IC/CCCCG @(0,0) r0"], expansions=IC)
    cities = {state.feature_at(0, 0, side) for side in "NESW"}
    assert len(cities) == 4
    inner = state.feature_at(0, 0, "I")
    assert state.bordering(inner) >= cities


def test_the_tile_tools_accept_the_file():
    path = files("carcassonne_inns_cathedrals.tiles") / "inns_cathedrals.toml"
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne.cli.main", "tiles", "check", str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
