"""The compiled build's extension modules (docs/compiled.md); the rest is in pyproject.toml.

Without ``CARCASSONNE_COMPILE`` this adds nothing: the package is pure Python. With it, the
modules listed under ``[tool.carcassonne.compiled]`` in pyproject.toml are compiled with mypyc
(``MYPYC_OPT_LEVEL``, default 3, sets the C compiler's optimisation level) and installed beside
their sources; Python imports the compiled one.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
#: The compiled build's own build folder, emptied first: pip builds in the source tree, and
#: extension files left in setuptools' shared build/lib would end up in the next pure wheel.
COMPILED_BUILD = "build/compiled"


def compiling() -> bool:
    return os.environ.get("CARCASSONNE_COMPILE", "").strip() not in ("", "0")


def compiled_modules() -> list[str]:
    """The module names of pyproject.toml's list, minus those named in CARCASSONNE_COMPILE_SKIP
    (comma-separated: a quick way to leave out a module that does not compile)."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        listed: list[str] = tomllib.load(file)["tool"]["carcassonne"]["compiled"]["modules"]
    skip = {name.strip() for name in os.environ.get("CARCASSONNE_COMPILE_SKIP", "").split(",")}
    return [name for name in listed if name not in skip]


def extensions() -> list[object]:
    from mypyc.build import mypycify  # a build requirement only when compiling

    shutil.rmtree(ROOT / COMPILED_BUILD, ignore_errors=True)
    paths = [f"core/{name.replace('.', '/')}.py" for name in compiled_modules()]
    return mypycify(
        paths,
        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
        group_name="carcassonne_compiled",
        target_dir=f"{COMPILED_BUILD}/c",
    )


if compiling():
    setup(ext_modules=extensions(), options={"build": {"build_base": COMPILED_BUILD}})
else:
    setup()
