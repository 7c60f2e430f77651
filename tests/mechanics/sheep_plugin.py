"""The sheep bag of ``plugins.py`` as a plugin module, for ``carcassonne serve --stdio --plugin``
(which takes a module or a file): each hook is the ``Sheep`` plugin's."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from plugins import PLUGINS  # noqa: E402 - the folder is on the path only now

PLUGIN_NAME = "t-sheep"
_SHEEP = PLUGINS[PLUGIN_NAME]

carcassonne_figure_kinds = _SHEEP.carcassonne_figure_kinds  # type: ignore[attr-defined]
carcassonne_piece_kinds = _SHEEP.carcassonne_piece_kinds  # type: ignore[attr-defined]
carcassonne_figure_actions = _SHEEP.carcassonne_figure_actions  # type: ignore[attr-defined]
carcassonne_before_scoring = _SHEEP.carcassonne_before_scoring  # type: ignore[attr-defined]
carcassonne_apply_action = _SHEEP.carcassonne_apply_action  # type: ignore[attr-defined]
