"""Reading the code blocks of the guides (docs/guides/*.md) so that the tests can run them.

* ```` ```python ```` blocks run in order in one namespace per page, as
  ``tests/test_docs_examples.py`` runs the other pages' blocks (the same pattern).
* A block right after ``<!-- file: NAME -->`` is also a file the reader saves: the tests write it
  into the folder where the page's blocks run, so later blocks import it or name it.
* ```` ```sh ```` blocks run with bash, line by line (``set -e``), in that folder, with the
  engine's ``carcassonne`` first on the ``PATH``. Blocks right after ``<!-- install -->`` fetch
  packages: ``tests/docs/test_install.py`` runs those, and only when asked.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "docs" / "guides"

FENCE = re.compile(r"(?:^<!-- (file: [\w.]+|install) -->\n)?^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(path: Path) -> list[tuple[str, str, str]]:
    """``(language, mark, code)`` of every fenced block of a page; ``mark`` is ``""``,
    ``"install"`` or ``"file: NAME"``."""
    text = path.read_text(encoding="utf-8")
    return [(m.group(2), m.group(1) or "", m.group(3)) for m in FENCE.finditer(text)]


def files(path: Path) -> dict[str, str]:
    """The files a page asks the reader to save: name -> content."""
    found = blocks(path)
    return {mark.removeprefix("file: "): code for _, mark, code in found if mark.startswith("file")}


def shell_blocks(path: Path, install: bool = False) -> list[str]:
    return [
        code for lang, mark, code in blocks(path) if lang == "sh" and (mark == "install") == install
    ]


def python_blocks(path: Path) -> list[str]:
    return [code for lang, _, code in blocks(path) if lang == "python"]
