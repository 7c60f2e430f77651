"""Reading a JCloisterZone ``.jcz`` file where a command takes a saved game (``replay``,
``render``, ``play --load``, ``export``, ``import``)."""

from __future__ import annotations

from carcassonne.cli.game_args import FAILURE, UserError
from carcassonne.state import GameState


def is_jcz(path: str, text: str = "") -> bool:
    """Whether a file is a JCZ saved game: its name ends in ``.jcz``, or its text is JSON."""
    return path.lower().endswith(".jcz") or text.lstrip().startswith("{")


def load_jcz_game(path: str, plugins: list[tuple[str, object]] | None = None) -> GameState:
    """The game of a ``.jcz`` file; a bad file is a one-line :class:`UserError` (status 1)."""
    from carcassonne.jcz.errors import JczError
    from carcassonne.jcz.load import load_jcz_state

    try:
        return load_jcz_state(path, text=False, plugins=plugins or [])
    except JczError as exc:
        raise UserError(str(exc), status=FAILURE) from None
