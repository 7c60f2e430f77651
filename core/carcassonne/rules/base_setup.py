"""Base game setup: options, feature and figure kinds, the base tile set, the start tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.errors import ConfigError
from carcassonne.hookspecs import hookimpl
from carcassonne.tileset.kinds import CORE_KINDS
from carcassonne.tileset.model import FeatureKind
from carcassonne.values import FigureKind, Option, Setup

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    # the protocol of what is read here: carcassonne.config imports this module's importers
    from carcassonne.values import ConfigView

MEEPLE = "meeple"


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return [
        Option(
            "meeples",
            7,
            doc="meeples per player (any count from 0: 0 plays without meeples)",
            label="meeples per player",
        ),
        Option(
            "tiny_city",
            4,
            (4, 2),
            "points for a completed two-tile city (2: first edition)",
            label="points for a two-tile city",
        ),
        Option(
            "farmers",
            True,
            (True, False),
            "meeples may go on fields; fields score at the end",
            label="farmers on fields",
        ),
        Option(
            "edition", "C2", ("C2", "C3", "C1"), "tile edition (C1: no gardens)", label="edition"
        ),
        Option(
            "box_counts",
            True,
            (True, False),
            "false: records and positions may deal a tile more often than the box holds it "
            "(replays of other engines' records, other editions' counts)",
            house_rule=False,
        ),
        Option(
            "explicit_draws",
            False,
            (False, True),
            "true: every draw waits as a draw decision, also after a tile went back to the box "
            "(for callers that choose the tiles with force_draw: chance nodes)",
            house_rule=False,
        ),
    ]


@hookimpl
def carcassonne_feature_kinds() -> list[FeatureKind]:
    return list(CORE_KINDS.values())


@hookimpl
def carcassonne_figure_kinds(config: ConfigView) -> list[FigureKind]:
    count = config.options["meeples"]
    assert isinstance(count, int)
    if count < 0:
        raise ConfigError(f"option 'meeples' must be at least 0, not {count}")
    return [FigureKind(MEEPLE, count, follower=True, shape="meeple")]


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    # imported here: importlib.resources (tempfile, shutil, the compression modules) is not
    # needed by ``import carcassonne``, only when a game loads its tiles (issue 34)
    from importlib.resources import files

    return [files("carcassonne.tiles") / "base.toml"]


@hookimpl
def carcassonne_setup(setup: Setup) -> None:
    """Every tile goes into one shuffled stack; one copy of the base start tile starts.

    The base game registers first, so this runs before every expansion's setup."""
    types = setup.config.tile_types
    land = setup.stacks.setdefault(0, [])
    for tile in types.values():
        land.extend([tile.id] * tile.count)
    starts = sorted(t.id for t in types.values() if "start" in t.tags and t.set_name == "base")
    if not starts:
        starts = sorted(t.id for t in types.values() if "start" in t.tags)
    if starts:
        setup.start = starts[0]
        setup.remove_copy(starts[0])
