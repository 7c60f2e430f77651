"""``load_jcz``: a ``.jcz`` file as a record of this engine."""

from __future__ import annotations

import os
from collections.abc import Iterable

from carcassonne.jcz.document import read_document
from carcassonne.jcz.replay import Replayed, replay_document
from carcassonne.plugins import Plugin
from carcassonne.record import Record, record_of
from carcassonne.state import GameState


def replay_jcz(
    source: str | os.PathLike[str],
    *,
    text: bool | None = None,
    plugins: Iterable[tuple[str, Plugin]] = (),
) -> Replayed:
    """Read and replay a ``.jcz`` file (a path, or its text): the game and its events.
    ``JczError`` names the file and the JSON path or message index of any problem."""
    return replay_document(read_document(source, text=text), plugins)


def load_jcz_state(
    source: str | os.PathLike[str],
    *,
    text: bool | None = None,
    plugins: Iterable[tuple[str, Plugin]] = (),
) -> GameState:
    """The game a ``.jcz`` file describes, ready to continue."""
    return replay_jcz(source, text=text, plugins=plugins).state


def load_jcz(
    source: str | os.PathLike[str],
    *,
    text: bool | None = None,
    plugins: Iterable[tuple[str, Plugin]] = (),
) -> Record:
    """A ``.jcz`` file (a path, or its text) as a record of this engine: configuration,
    players and actions (``carcassonne.record``); ``format_record`` writes it."""
    return record_of(load_jcz_state(source, text=text, plugins=plugins))
