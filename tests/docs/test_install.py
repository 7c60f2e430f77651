"""The installation commands of docs/guides/play.md, run for real: from the git repository by
URL (a clone of this checkout's last commit stands in for the published repository) and from
wheels, each into a fresh virtual environment.

They build the engine and expansions and fetch their dependencies from the package index, which
takes a minute or two, so they run only when ``CARCASSONNE_DOCS_INSTALL=1`` is set (the docs
install section of ``.ci/run`` sets it); otherwise this module says why it does not run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from guide_blocks import GUIDES, ROOT, shell_blocks  # noqa: E402

BLOCKS = shell_blocks(GUIDES / "play.md", install=True)

pytestmark = pytest.mark.skipif(
    os.environ.get("CARCASSONNE_DOCS_INSTALL") != "1",
    reason="installs packages: set CARCASSONNE_DOCS_INSTALL=1 to run",
)


def test_there_are_two_install_blocks():
    assert len(BLOCKS) == 2


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("install") / "repo"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(folder)], check=True, timeout=300)
    return folder


def run(block: str, folder: Path) -> str:
    env = {**os.environ, "REPO": f"file://{folder}"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(
        ["bash", "-e", "-c", block],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, f"{block}\n{done.stderr[-3000:]}"
    return done.stdout


def test_install_from_the_repository_by_url(clone):
    out = run(BLOCKS[0], clone)
    assert "(expansions: abbot 0.1.0, river 0.1.0)" in out


def test_install_from_wheels(clone):
    out = run(BLOCKS[1], clone)
    for name in ("abbey-mayor", "abbot", "inns-cathedrals", "river"):
        assert f"\n{name} 0.1.0" in "\n" + out
