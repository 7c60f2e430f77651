"""Sphinx configuration of the documentation site (MyST: the pages stay Markdown).

Build: ``pip install -e '.[docs]'`` then
``sphinx-build -W --keep-going -n -b html docs docs/_build/html``. The reference pages of
``docs/reference/`` (hooks, command line, options, errors) are generated from the code by the
local extension ``docs/_ext/carcassonne_reference.py`` when the build starts; the API and data
type pages document the modules with autodoc. No page fetches anything from the network.
"""

from __future__ import annotations

import sys
from pathlib import Path

import carcassonne

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "carcassonne-engine"
author = "carcassonne-engine contributors"
copyright = "2026, carcassonne-engine contributors"  # noqa: A001 - Sphinx's name
version = release = carcassonne.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "carcassonne_reference",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "pictures/*.carc", "schemas"]

# MyST: anchors for headings down to ###, so `[x](cli.md#the-screen)` links are checked.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
# Fenced blocks in languages Pygments does not know (records, positions) stay plain text.
highlight_language = "none"
suppress_warnings = ["misc.highlighting_failure"]

# autodoc: signatures as written, members in source order, no private names.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True}
# Nitpicky mode (-n) checks every cross-reference. Names outside the engine (the standard
# library, pluggy, lark) would need intersphinx, which fetches from the network: they are
# not checked.
# Private names (``_PlaceTileFields``, the base of an action) and the engine's private modules
# are not documented, so references to them are not checked either.
nitpick_ignore_regex = [
    (r"py:.*", r"(?!carcassonne\b).*"),
    (r"py:.*", r".*\._\w+"),
    (r"py:mod", r"carcassonne\.(features|plugins|rules|gamestate)(\..*)?"),
    # GameState's layers (carcassonne.gamestate): internals; the reference shows GameState.
    (r"py:class", r"carcassonne\.gamestate\..*"),
    # The engine's hot-path tables (docs/engine.md), named by GameConfig's fit_table and
    # segment_data: internals, not part of the documented API.
    (r"py:class", r"carcassonne\.(config\.FitTable|features\.Segments)"),
]

html_theme = "alabaster"
html_title = f"carcassonne-engine {release}"
html_static_path: list[str] = []
html_theme_options = {
    "description": "A rules engine for Carcassonne",
    "fixed_sidebar": True,
    "show_powered_by": False,  # the footer's links leave the site
}
html_show_sphinx = False
html_show_sourcelink = False
