"""docs/ai.md's examples that need the extras (marked ```python extras) run, in order."""

from __future__ import annotations

import re
from pathlib import Path

from .extras import need

need("pyspiel", "openspiel")
need("pettingzoo", "pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
BLOCK = re.compile(r"^```python extras\n(.*?)^```", re.S | re.M)


def test_extras_examples_run(tmp_path, monkeypatch):
    blocks = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert len(blocks) == 3
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "docs_ai_extras"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)  # noqa: S102 - our own docs
