"""The test plugins of ``tests/mechanics/plugins.py`` installed as expansions, for a real
``carcassonne serve --http`` (which loads expansions by entry point only).

:func:`install` writes, into a folder, a module naming each plugin object and a
``.dist-info`` whose ``entry_points.txt`` registers them in the ``carcassonne.expansions``
group under their own names (``t-tower`` ...): a process with that folder on ``PYTHONPATH``
finds them as ``importlib.metadata`` finds any installed expansion.
"""

from __future__ import annotations

import os
from pathlib import Path

MECHANICS = Path(__file__).resolve().parents[1] / "mechanics"
MODULE = "carcassonne_test_mechanics"

_MODULE_TEXT = f'''"""The test plugins of {MECHANICS / "plugins.py"} by entry point."""
import sys

sys.path.insert(0, {str(MECHANICS)!r})
from plugins import PLUGINS  # noqa: E402

globals().update({{name.removeprefix("t-").upper(): p for name, p in PLUGINS.items()}})
'''


def install(folder: Path) -> dict[str, str]:
    """Register the test plugins as expansions in ``folder``; the environment of a process
    that finds them."""
    import sys

    sys.path.insert(0, str(MECHANICS))
    try:
        from plugins import PLUGINS  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(MECHANICS))
    (folder / f"{MODULE}.py").write_text(_MODULE_TEXT, encoding="utf-8")
    info = folder / f"{MODULE}-0.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {MODULE}\nVersion: 0.0\n", encoding="utf-8"
    )
    points = "".join(
        f"{name} = {MODULE}:{name.removeprefix('t-').upper()}\n" for name in sorted(PLUGINS)
    )
    (info / "entry_points.txt").write_text("[carcassonne.expansions]\n" + points, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH")]))
    return env
