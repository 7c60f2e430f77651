"""Every Python example in the README and the docs runs (blocks of one file share a namespace)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FILES += sorted((ROOT / "expansions").glob("*/README.md"))
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if python_blocks(p)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_python_examples_run(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"docs_{path.stem}"}
    for block in python_blocks(path):
        exec(compile(block, str(path), "exec"), namespace)  # noqa: S102 - our own docs
