"""The Abbot's JCloisterZone names: the ``abbot`` and ``garden`` elements, the figure, the
``Garden`` feature class and its score name, and the abbot's early return (RETURN_MEEPLE with
source ``ABBOT_RETURN``, JCZ's ``ReturnMeepleAction``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from carcassonne import Action, OptionValue
from carcassonne.jcz.names import (
    JczAction,
    JczElement,
    JczFeature,
    JczFigure,
    JczMessage,
    JczName,
    JczReadContext,
    JczScoring,
    JczWriteContext,
    JczWriter,
    Json,
    Message,
    Step,
    count_value,
)
from carcassonne_abbot.actions import ReturnAbbot
from carcassonne_abbot.figures import ABBOT, GARDEN

COUNT_OPTION = "abbot.count"
SOURCE = "ABBOT_RETURN"


def _read_count(value: Json) -> Mapping[str, OptionValue]:
    return {COUNT_OPTION: count_value(value, "abbot", least=1)}


def read_return(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    pointer = payload.get("pointer")
    if not isinstance(pointer, dict) or "featurePointer" not in pointer:
        ctx.fail("payload.pointer must be a MeeplePointer {featurePointer, meepleId}")
    if ctx.figure(pointer.get("meepleId")) != ABBOT:
        ctx.fail(f"{SOURCE} returns an abbot, not {pointer.get('meepleId')!r}")
    x, y, location = ctx.place(pointer["featurePointer"])
    return [ReturnAbbot(x, y, location)]


def write_return(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, ReturnAbbot)
    player = ctx.before.pending.player
    pointer: dict[str, Json] = {
        "featurePointer": ctx.pointer(action.x, action.y, action.location),
        "meepleId": ctx.meeple_id(player, ABBOT, action.x, action.y, action.location),
    }
    return [
        ("RETURN_MEEPLE", {"pointer": pointer, "source": SOURCE}),
        ("COMMIT", {"random": ctx.random()}),
    ]


NAMES: list[JczName] = [
    JczElement("abbot", _read_count, lambda c: c.options[COUNT_OPTION]),
    # JCZ's abbot needs the garden capability; gardens alone are inert in both engines
    JczElement("garden", lambda v: {}, lambda c: True, brings=False),
    JczFigure("abbot", ABBOT),
    JczFeature("Garden", GARDEN),
    JczScoring("garden", (GARDEN,)),
    JczMessage("RETURN_MEEPLE", read_return, when={"source": SOURCE}),
    JczWriter(ReturnAbbot, write_return),
    JczAction("ReturnMeepleAction", lambda s, a: type(a) is ReturnAbbot),
]
