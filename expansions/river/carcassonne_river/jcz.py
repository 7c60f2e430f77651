"""The River's JCloisterZone names: the ``river/1`` set and the ``river`` element JCZ adds.

JCZ keeps the base start tile in the pack when the spring starts the game (``river.start_tile
= "keep"``) and has its own placement rule (``river.uturn = "jcz"``: the squares beyond the
river's new end must be free).
"""

from __future__ import annotations

from collections.abc import Mapping

from carcassonne import OptionValue
from carcassonne.jcz.names import JczElement, JczName, JczSet, JczUnsupported, jcz_edition


def _set_options(edition: int | None) -> Mapping[str, OptionValue]:
    if edition not in (None, 1, 2):
        raise JczUnsupported(f"the set river/1 has editions 1 and 2, not {edition}")
    # the base start tile stays in the pack; JCZ's own placement rule
    return {"river.start_tile": "keep", "river.uturn": "jcz"}


NAMES: list[JczName] = [
    JczSet("river/1", lambda c: f"river/1:{jcz_edition(c)}", _set_options),
    # added by JCZ's client when a river set is in play: nothing of its own
    JczElement("river", lambda v: {}, lambda c: None, brings=False),
]
