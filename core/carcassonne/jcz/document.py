"""Reading a ``.jcz`` document: the JSON, its version, and the shape of its top level.

JCZ 5.x writes one JSON object (docs/jcz.md). Files older than 5.7.0 use other location and
feature names (JCZ itself refuses them); files newer than the 5.12 engine this importer
follows may hold messages or rules it does not know: both are refused by name.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from carcassonne.files import FileError, read_text
from carcassonne.jcz.errors import JczError
from carcassonne.jcz.names import Json

#: The JCZ versions whose files this importer reads: 5.7.0 (the oldest JCZ 5.12 opens) to 5.12.x.
OLDEST = (5, 7, 0)
NEWEST = (5, 12)
#: What the exporter writes.
APP_VERSION = "5.12.0"

_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)")


@dataclass(frozen=True)
class Document:
    """A parsed ``.jcz`` file: its name for messages and its top-level object."""

    source: str
    data: dict[str, Json]

    def fail(self, where: str, reason: str) -> JczError:
        return JczError(self.source, where, reason)


def read_document(source: str | os.PathLike[str], *, text: bool | None = None) -> Document:
    """Read a ``.jcz`` file (a path) or its text. ``text=None`` guesses: a string starting with
    ``{`` is the document itself."""
    if text is None:
        text = isinstance(source, str) and source.lstrip().startswith("{")
    if text:
        name, content = "<text>", str(source)
    else:
        name = os.fspath(source)
        try:
            content = read_text(Path(name))
        except FileError as exc:
            raise JczError(name, "", exc.reason) from None
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        raise JczError(
            name, f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}"
        ) from None
    except RecursionError:
        raise JczError(name, "", "not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise JczError(name, "", f"a .jcz file is a JSON object, not {type(data).__name__}")
    document = Document(name, data)
    _check_version(document)
    addons = data.get("addons")
    setup = data.get("setup")
    if isinstance(setup, dict) and setup.get("addons"):
        addons = setup.get("addons")
    if addons:
        raise document.fail("setup.addons", f"games with JCZ add-ons are not supported: {addons}")
    return document


def _check_version(document: Document) -> None:
    version = document.data.get("appVersion")
    if not isinstance(version, str) or not _VERSION.match(version):
        raise document.fail("appVersion", f"expected a version such as '5.12.0', not {version!r}")
    match = _VERSION.match(version)
    assert match is not None
    parts = tuple(int(p) for p in match.groups())
    if parts < OLDEST:
        raise document.fail(
            "appVersion",
            f"{version} is older than 5.7.0: JCZ's legacy format (other location and feature "
            "names) is not supported",
        )
    if parts[:2] > NEWEST:
        raise document.fail(
            "appVersion",
            f"{version} is newer than the JCZ 5.12 this importer follows: not supported",
        )


def field(document: Document, data: dict[str, Json], key: str, path: str, kind: type) -> Json:
    """``data[key]``, checked to be of ``kind`` (``dict``, ``list``, ``str``, ``int``)."""
    value = data.get(key)
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise document.fail(path, f"expected {kind.__name__}, not {value!r}")
    return value
