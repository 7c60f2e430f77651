"""Run ``mypy --strict`` on a fan's code against the engine as this environment imports it,
the way an installed engine is seen: the package in a folder of the import path (so mypy
needs the engine's ``py.typed``), never as source files of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import carcassonne


def mypy_strict(folder: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    """``mypy --strict targets`` run in ``folder``, with the engine (and nothing else of this
    repository) installed-style: a symlink in a site folder on ``PYTHONPATH``."""
    site = folder.parent / f"{folder.name}-site"
    site.mkdir(exist_ok=True)
    link = site / "carcassonne"
    if not link.exists():
        link.symlink_to(Path(carcassonne.__file__).parent, target_is_directory=True)
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("MYPYPATH", None)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file=", *targets],
        capture_output=True,
        text=True,
        cwd=folder,
        env=env,
    )
