"""What ``import carcassonne`` and ``carcassonne --help`` load (issue 34: at most 60 ms and
120 ms): the package imports its names on first use (PEP 562), so a bare import loads no engine
module and ``--help`` none beyond the command line's own. Each check runs in a fresh interpreter
and compares module lists from ``sys.modules``, never times.
"""

from __future__ import annotations

import json
import subprocess
import sys

import carcassonne

#: Never loaded by ``import carcassonne`` nor by ``--help``: the notation parser, the tile-set
#: reader, the expansions' metadata, the plugin manager, and what dataclasses and typing bring.
HEAVY = [
    "lark",
    "carcassonne.tileset.loader",
    "importlib.metadata",
    "pluggy",
    "carcassonne.plugins",
    "carcassonne.state",
    "dataclasses",
    "inspect",
    "typing",
]


def loaded_by(code: str) -> list[str]:
    """The modules that ``code`` adds to ``sys.modules`` in a fresh interpreter, sorted."""
    script = (
        "import json, sys\nbefore = set(sys.modules)\n"
        + code
        + "\nprint(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    found: list[str] = json.loads(done.stdout.splitlines()[-1])
    return found


def test_a_bare_import_loads_the_package_alone() -> None:
    assert loaded_by("import carcassonne") == ["carcassonne"]


def test_help_loads_the_command_line_and_no_engine_module() -> None:
    code = (
        "import contextlib, io\nfrom carcassonne.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['--help']) == 0"
    )
    found = loaded_by(code)
    ours = [name for name in found if name.startswith("carcassonne")]
    assert ours == ["carcassonne", "carcassonne.cli", "carcassonne.cli.main"]
    assert [name for name in HEAVY if name in found] == []


def test_the_engine_loads_neither_lark_nor_the_tile_reader_nor_metadata() -> None:
    found = loaded_by("from carcassonne import GameConfig, GameState")
    assert "carcassonne.state" in found
    for name in ("lark", "carcassonne.tileset.loader", "importlib.metadata"):
        assert name not in found


def test_every_public_name_is_its_defining_module_s_object() -> None:
    code = (
        "import importlib, carcassonne\n"
        "where = {n: carcassonne._WHERE[n] for n in carcassonne._WHERE}\n"
        "same = [n for n, m in where.items()\n"
        "        if getattr(carcassonne, n) is getattr(importlib.import_module(m), n)]\n"
        "print(json.dumps(same))"
    )
    script = f"import json\n{code}\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    same = json.loads(done.stdout)
    assert sorted(same) == sorted({*carcassonne.__all__, "COMPILED"} - {"__version__"})
    assert set(carcassonne._WHERE) == {*carcassonne.__all__, "COMPILED"} - {"__version__"}


def test_submodules_are_attributes_and_an_unknown_name_is_an_attribute_error() -> None:
    code = (
        "import carcassonne\n"
        "print(carcassonne.events.__name__, carcassonne.geometry.__name__)\n"
        "for name in ('NoSuchName', 'no_such_module', '__no_such_dunder__'):\n"
        "    try:\n        getattr(carcassonne, name)\n"
        "    except AttributeError as exc:\n        print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "carcassonne.events carcassonne.geometry",
        "module 'carcassonne' has no attribute 'NoSuchName'",
        "module 'carcassonne' has no attribute 'no_such_module'",
        "module 'carcassonne' has no attribute '__no_such_dunder__'",
    ]
    assert not hasattr(carcassonne, "NoSuchName")
