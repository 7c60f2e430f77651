"""Errors of tile-set files: every problem of a file, each with its position in the file."""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne.errors import CarcassonneError
from carcassonne.toml_input import one_line


@dataclass(frozen=True)
class TileProblem:
    """One problem in a tile-set file. ``line`` and ``column`` are 1-based positions in the
    TOML file; ``tile_id`` is None for problems outside any tile (TOML syntax, the header)."""

    file: str
    line: int
    column: int
    tile_id: str | None
    message: str

    def __str__(self) -> str:
        if self.line <= 0:  # the file as a whole (e.g. it cannot be read)
            where = f"{self.file}: "
        else:
            where = f"{self.file}:{self.line}:{self.column}: "
        if self.tile_id is not None:
            where += f"tile {one_line(self.tile_id)}: "
        return where + one_line(self.message)  # one line per problem, whatever the file holds


class TileSetError(CarcassonneError):
    """A tile-set file has problems; ``problems`` lists all of them, in file order."""

    def __init__(self, problems: list[TileProblem]):
        self.problems = sorted(problems, key=lambda p: (p.file, p.line, p.column))
        super().__init__("\n".join(str(p) for p in self.problems))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)
