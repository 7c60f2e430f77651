"""The ``>>>`` examples in the docstrings of the modules the API reference shows run
(docs/reference/api.md, docs/reference/types.md)."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

#: The modules autodoc documents (docs/reference/api.md and types.md).
DOCUMENTED = [
    "carcassonne.config",
    "carcassonne.state",
    "carcassonne.actions",
    "carcassonne.events",
    "carcassonne.geometry",
    "carcassonne.errors",
    "carcassonne.codes",
    "carcassonne.notation",
    "carcassonne.record",
    "carcassonne.position",
    "carcassonne.serialize",
    "carcassonne.json_view",
    "carcassonne.bots",
    "carcassonne.testing",
    "carcassonne.svg",
    "carcassonne.values",
    "carcassonne.tileset.model",
]


@pytest.mark.parametrize("name", DOCUMENTED)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


def test_the_list_is_the_pages_list():
    docs = Path(__file__).resolve().parents[1] / "docs" / "reference"
    text = (docs / "api.md").read_text(encoding="utf-8") + (docs / "types.md").read_text(
        encoding="utf-8"
    )
    assert sorted(re.findall(r"\.\. automodule:: (\S+)", text)) == sorted(DOCUMENTED)
