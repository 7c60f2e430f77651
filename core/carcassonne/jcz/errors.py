"""The one error of JCloisterZone import, export and checks: it names the file and where."""

from __future__ import annotations

from carcassonne.errors import CarcassonneError


class JczError(CarcassonneError):
    """A ``.jcz`` file cannot be read, replayed or written. ``source`` names the file (or
    ``<text>``), ``where`` the JSON path (``setup.sets``, ``replay[12]``) or a line and column
    ("" for the file as a whole), ``reason`` what is wrong or not supported."""

    def __init__(self, source: str, where: str, reason: str) -> None:
        super().__init__(f"{source}: {where}: {reason}" if where else f"{source}: {reason}")
        self.source = source
        self.where = where
        self.reason = reason

    def __reduce__(self) -> tuple[type[JczError], tuple[str, str, str]]:
        return (JczError, (self.source, self.where, self.reason))
