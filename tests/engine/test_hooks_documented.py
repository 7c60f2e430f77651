"""Every hook is documented in docs/hooks.md and follows the docstring template."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from carcassonne import hookspecs

DOC = (Path(__file__).resolve().parents[2] / "docs" / "hooks.md").read_text(encoding="utf-8")
HOOKS = [
    name
    for name, obj in vars(hookspecs).items()
    if name.startswith("carcassonne_") and inspect.isfunction(obj)
]


def test_there_are_hooks():
    assert len(HOOKS) >= 14


@pytest.mark.parametrize("name", HOOKS)
def test_hook_documented(name):
    assert f"### `{name}(" in DOC, f"{name} has no section in docs/hooks.md"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_docstring_template(name):
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    for part in ("When:", "Parameters:", "Returns:", "None", "Use in expansions:"):
        assert part in doc, f"{name} docstring lacks {part!r}"
