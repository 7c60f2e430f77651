"""``carcassonne new expansion NAME``: write a new expansion's distribution, ready to install.

The files are the tutorial's example (docs/authoring.md) under the new name: a pyproject with
the entry point, the plugin module (a rule option, a tile set, an attribute on roads, a scoring
change), a tile file, a README with the options table, tests and a scenario file. Freshly
written, ``pip install -e DIR`` then ``pytest`` in it pass, ``carcassonne expansions`` lists it
and ``carcassonne simulate --expansions NAME`` plays it.

Nothing is overwritten: if any file exists, nothing is written. Each file is written
atomically (temp file, fsync, rename).
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from string import Template

from carcassonne.errors import CarcassonneError

NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
RESERVED = frozenset({"base", "core", "carcassonne", "engine", "test", "tests"})
MAX_NAME = 40
#: A tile id prefix (``--prefix``): letters of either case, digits and single hyphens,
#: starting with a letter; ``BA`` is the base game's.
PREFIX_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*")
RESERVED_PREFIXES = frozenset({"BA"})


class ScaffoldError(CarcassonneError):
    """A bad expansion name, or files that already exist."""


@dataclass(frozen=True)
class Names:
    name: str  # the expansion name: my-expansion
    dist: str  # the distribution: carcassonne-my-expansion
    package: str  # the import package: carcassonne_my_expansion
    prefix: str  # the tile id prefix: MY-EXPANSION
    title: str  # My Expansion

    @classmethod
    def of(cls, name: str, prefix: str | None = None) -> Names:
        """The names of expansion ``name``; its tiles are ``PREFIX/...`` (default: the name in
        upper case)."""
        check_name(name)
        if prefix is not None:
            check_prefix(prefix)
        return cls(
            name=name,
            dist=f"carcassonne-{name}",
            package="carcassonne_" + name.replace("-", "_"),
            prefix=name.upper() if prefix is None else prefix,
            title=" ".join(part.capitalize() for part in name.split("-")),
        )


def check_name(name: str) -> None:
    if not NAME_PATTERN.fullmatch(name):
        raise ScaffoldError(
            f"invalid expansion name {name!r}: use lower-case letters, digits and single "
            "hyphens, starting with a letter (e.g. 'vineyards', 'my-wells')"
        )
    if len(name) > MAX_NAME:
        raise ScaffoldError(f"invalid expansion name {name!r}: at most {MAX_NAME} characters")
    if name in RESERVED:
        raise ScaffoldError(f"invalid expansion name {name!r}: the name is reserved")


def check_prefix(prefix: str) -> None:
    if not PREFIX_PATTERN.fullmatch(prefix):
        raise ScaffoldError(
            f"invalid tile id prefix {prefix!r}: use letters, digits and single hyphens, "
            "starting with a letter (e.g. 'WE', 'my-wells'); the tile ids are PREFIX/..."
        )
    if len(prefix) > MAX_NAME:
        raise ScaffoldError(f"invalid tile id prefix {prefix!r}: at most {MAX_NAME} characters")
    if prefix.upper() in RESERVED_PREFIXES:
        raise ScaffoldError(
            f"invalid tile id prefix {prefix!r}: the base game's tiles are {prefix.upper()}/..."
        )


def files_for(names: Names) -> dict[str, str]:
    """Relative path -> content of every file of the new distribution."""
    values = {
        "name": names.name,
        "dist": names.dist,
        "package": names.package,
        "prefix": names.prefix,
        "title": names.title,
    }
    out = {}
    for path, template in TEMPLATES.items():
        out[Template(path).substitute(values)] = Template(template).substitute(values)
    return out


def create_expansion(
    name: str, folder: str | Path | None = None, prefix: str | None = None
) -> list[Path]:
    """Write the distribution of expansion ``name`` into ``folder`` (default
    ``./carcassonne-NAME``), its tile ids starting ``PREFIX/`` (default: ``NAME`` in upper
    case); return the files written."""
    names = Names.of(name, prefix)
    root = Path(folder) if folder is not None else Path.cwd() / names.dist
    files = {root / rel: text for rel, text in files_for(names).items()}
    existing = sorted(str(path) for path in files if path.exists())
    if existing:
        raise ScaffoldError(
            f"refusing to overwrite existing files: {', '.join(existing)} "
            "(choose another --dir or remove them)"
        )
    written = []
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(path, text)
        written.append(path)
    return written


def _write_atomically(path: Path, text: str) -> None:
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------------------------
# Templates ($name, $dist, $package, $prefix, $title; $$ is a dollar sign)

PYPROJECT = """\
[build-system]
requires = ["setuptools>=69", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "$dist"
version = "0.1.0"
description = "$title: an expansion for carcassonne-engine."
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["carcassonne-engine"]

[project.optional-dependencies]
test = ["pytest>=8"]

# How the engine finds the expansion: `carcassonne expansions` lists it under this name.
[project.entry-points."carcassonne.expansions"]
$name = "$package.plugin"

[tool.setuptools]
packages = ["$package", "$package.tiles"]

[tool.setuptools.package-data]
"$package.tiles" = ["*.toml"]

[tool.pytest.ini_options]
# the engine's pytest plugin also collects tests/scenarios/*.scenario.toml
testpaths = ["tests"]
addopts = "--import-mode=importlib"
"""

INIT = '''\
"""$title: an expansion for carcassonne-engine (see README.md)."""
'''

PLUGIN = '''\
"""The hook implementations of $title (entry point ``$name``).

What it adds, and the hook for each (docs/hooks.md):

* a tile set: ``carcassonne_tile_sets``;
* a ``well`` attribute on the base game's roads (``road E W well=1`` in the tile file):
  ``carcassonne_kind_extensions``;
* a rule option, ``$name.well_points``: ``carcassonne_rule_options``;
* a completed road scores ``well_points`` more per well on it: ``carcassonne_adjust_awards``.

It imports only from ``carcassonne`` (the public plugin API).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from carcassonne import Attribute, Award, GameState, KindExtension, Option, hookimpl

NAME = "$name"
WELL_POINTS = f"{NAME}.well_points"
WELL = Attribute("well", "well", glyph="w", provider=NAME)


@hookimpl
def carcassonne_rule_options() -> list[Option]:
    return [Option(WELL_POINTS, 1, doc="points per well on a completed road")]


@hookimpl
def carcassonne_kind_extensions() -> list[KindExtension]:
    return [KindExtension("road", (WELL,))]


@hookimpl
def carcassonne_tile_sets() -> list[Traversable]:
    return [files("$package.tiles") / "$name.toml"]


@hookimpl
def carcassonne_adjust_awards(state: GameState, awards: list[Award], final: bool) -> list[Award]:
    """A completed road scores more for its wells; one award line per feature stays one."""
    bonus = int(state.config.options[WELL_POINTS])  # option values are typed int | str | ...
    out = []
    for award in awards:
        feature = award.feature  # None: points for no feature, which has no wells
        wells = 0
        if award.kind == "road" and feature is not None:
            wells = state.feature_attr(feature, "well")
        if wells and not final:
            award = award._replace(points=award.points + bonus * wells, reason="wells")
        out.append(award)
    return out
'''

TILES = '''\
# Carcassonne tile set (format: docs/tiles.md of carcassonne-engine).
# Check it with `carcassonne tiles check`, rewrite it with `carcassonne tiles fmt`.

[set]
name = "$name"
description = "$title: roads with wells"

[[tile]]
id = "$prefix/RFr.w"
count = 4
description = "Straight road west–east with a well"
features = """
road E W well=1
field NL NR EL WR
field ER SL SR WL
"""

[[tile]]
id = "$prefix/Rr.w"
count = 2
description = "Road curve west–south with a well"
features = """
road S W well=1
field NL NR EL ER SL WR
field SR WL
"""
'''

README = """\
# $dist — $title

An expansion for [carcassonne-engine](https://pypi.org/project/carcassonne-engine/): roads with
wells. A completed road scores extra points for each well on it.

```sh
pip install -e .                     # from this folder
carcassonne expansions               # lists $name
carcassonne simulate --expansions $name --games 20
pytest                               # the tests and the scenario files
```

## Options

| key | default | values |
|---|---|---|
| `$name.well_points` | `1` | points per well on a completed road, any whole number |

`carcassonne play --expansions $name --option $name.well_points=2`

## Tiles

| id | count | what |
|---|---|---|
| `$prefix/RFr.w` | 4 | straight road west–east with a well |
| `$prefix/Rr.w` | 2 | road curve west–south with a well |
"""

TEST_PLUGIN = '''\
"""Exact points for the well rule, the option, the tile file, and random games that keep the
engine's invariants (carcassonne.testing, docs/authoring.md "Testing kit")."""

from __future__ import annotations

from importlib.resources import files

from carcassonne import GameConfig
from carcassonne.testing import (
    BLUE,
    RED,
    board,
    check_actions,
    check_award_lines,
    figure_totals,
    initial_figures,
    place,
    points,
    random_game,
)

EXPANSIONS = ("$name",)
ROAD = ["BA/LR @(-1,0) r270", "$prefix/RFr.w @(0,0) r0"]


def test_a_completed_road_scores_its_well() -> None:
    state = board(ROAD, [(RED, "meeple", 0, 0, "W")], player=BLUE, expansions=EXPANSIONS)
    assert points(place(state, "BA/LR @(1,0) r90")) == {RED: 3 + 1}


def test_the_option_sets_the_points_per_well() -> None:
    state = board(
        ROAD,
        [(RED, "meeple", 0, 0, "W")],
        player=BLUE,
        expansions=EXPANSIONS,
        options={"$name.well_points": 3},
    )
    assert points(place(state, "BA/LR @(1,0) r90")) == {RED: 3 + 3}


def test_an_open_road_scores_as_usual_at_the_end() -> None:
    state = board(ROAD, [(RED, "meeple", 0, 0, "W")], expansions=EXPANSIONS, pile=[])
    assert state.scores == [2, 0]


def test_the_tiles_are_in_the_game() -> None:
    config = GameConfig(expansions=EXPANSIONS)
    assert config.tile_types["$prefix/RFr.w"].count == 4
    path = files("$package.tiles") / "$name.toml"
    assert path.is_file()


def test_random_games_keep_the_invariants() -> None:
    for seed in range(3):
        config = GameConfig(players=3, expansions=EXPANSIONS, seed=seed)
        initial = initial_figures(config)
        for n, (before, _action, events, state) in enumerate(random_game(config, seed)):
            assert figure_totals(state) == initial
            assert all(a >= b for a, b in zip(state.scores, before.scores, strict=True))
            check_award_lines(state, events)
            if n % 10 == 0:
                check_actions(before)
        assert state.is_over
'''

SCENARIO = """\
# A rules test as data (docs/scenarios.md of carcassonne-engine): pytest collects it.
title = "A road with a well, completed: 1 per tile + 1 per well"

[position]
expansions = ["$name"]
player = "blue"
tiles = ["BA/LR -1,0 r270", "$prefix/RFr.w 0,0 r0"]
figures = ["red meeple 0,0 W"]

[[step]]
actions = ["tile BA/LR 1,0 r90", "pass"]
expect.points = { red = 4 }
expect.returned = ["red meeple"]
"""

TEMPLATES: dict[str, str] = {
    "pyproject.toml": PYPROJECT,
    "README.md": README,
    "$package/__init__.py": INIT,
    "$package/plugin.py": PLUGIN,
    "$package/tiles/__init__.py": "",
    "$package/tiles/$name.toml": TILES,
    "tests/test_plugin.py": TEST_PLUGIN,
    "tests/scenarios/well.scenario.toml": SCENARIO,
}
