"""The Princess & the Dragon's JCloisterZone names: the ``princess-and-dragon`` set, the
``dragon``, ``fairy``, ``princess`` and ``portal`` elements, the three rules of the Decisions
table JCZ has, the neutral figures ``dragon.1`` and ``fairy.1``, and the messages: a dragon step
and a fairy move are ``MOVE_NEUTRAL_FIGURE``, the princess a ``RETURN_MEEPLE`` with source
``PRINCESS``; a portal placement is an ordinary ``DEPLOY_MEEPLE`` elsewhere.

JCZ moves the dragon (``dragon-move = before-scoring``) inside the action part of the turn: the
figure action, then each step (``player`` = whoever takes it), then the one COMMIT. The writers
below therefore write the turn's figure action without its COMMIT when dragon steps follow,
and the last step with it.

JCZ has no rule ids for ``dragon_tile_blocks`` and ``fairy_abbot_return_bonus`` (its engine
refuses a file with a rule id it does not know, so none can be written): it always plays the
first as ``true`` and gives no fairy bonus on an abbot's early return. An import therefore
sets both to JCZ's behaviour (the set's options), so the game replays as JCZ played it; an
export writes the game as it is, and JCZ replays it with its own behaviour (README, "Known
limits"). JCZ's action classes (FanCloisterZone's ``Available action X``): ``MoveDragonAction``,
``FairyNextToAction`` / ``FairyOnTileAction`` (by ``fairy-placement``) and the princess's
``ReturnMeepleAction`` (which the Abbot's early return shares).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from carcassonne import Action, OptionValue, Pass, PlaceFigure, PlaceTile
from carcassonne.jcz.names import (
    JczAction,
    JczElement,
    JczGame,
    JczMessage,
    JczName,
    JczNeutral,
    JczPhase,
    JczReadContext,
    JczScoring,
    JczSet,
    JczUnsupported,
    JczWriteContext,
    JczWriter,
    Json,
    Message,
    Step,
    count_value,
    jcz_edition,
    option_rule,
)
from carcassonne_princess_dragon.common import (
    DRAGON,
    FAIRY,
    OPT_DRAGON_MOVE,
    OPT_DRAGON_TILE_BLOCKS,
    OPT_FAIRY_ABBOT_RETURN,
    OPT_FAIRY_PLACEMENT,
    OPT_PRINCESS_ACTION,
    STEP,
)
from carcassonne_princess_dragon.dragon import DragonStep
from carcassonne_princess_dragon.fairy import KIND as FAIRY_SCORE
from carcassonne_princess_dragon.fairy import MoveFairy
from carcassonne_princess_dragon.princess import RemoveKnight

DRAGON_ID = "dragon.1"
FAIRY_ID = "fairy.1"
PRINCESS_SOURCE = "PRINCESS"
MOVE = "MOVE_NEUTRAL_FIGURE"


# -- setup ---------------------------------------------------------------------------------------


def _figure_element(element: str) -> JczElement:
    """``dragon: 1``, ``fairy: 1``: this engine plays each with every game of the expansion."""

    def read(value: Json) -> Mapping[str, OptionValue]:
        if value is None:
            raise JczUnsupported(
                f"element {element!r} left out: this engine plays the {element} in every "
                "Princess & Dragon game"
            )
        count_value(value, element, least=1)
        return {}

    return JczElement(element, read, lambda c: 1)


def _switch_element(element: str) -> JczElement:
    """``princess: true``, ``portal: true``: always on with the expansion."""

    def read(value: Json) -> Mapping[str, OptionValue]:
        if value is None or value is False or value == 0:
            raise JczUnsupported(
                f"element {element!r} off: this engine plays the {element} in every "
                "Princess & Dragon game"
            )
        return {}

    return JczElement(element, read, lambda c: True)


# -- reading -------------------------------------------------------------------------------------


def read_dragon(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """A step; right after the tile when JCZ skipped an action phase with nothing to offer,
    where this game still waits for the figure decision: ``Pass`` first."""
    x, y = ctx.position(payload.get("to"))
    if ctx.state.pending.kind == "figure":
        return [Pass(), DragonStep(x, y)]
    return [DragonStep(x, y)]


def _meeple_pointer(ctx: JczReadContext, pointer: Json, what: str) -> tuple[int, int, str]:
    if not isinstance(pointer, dict) or "featurePointer" not in pointer:
        ctx.fail(f"{what} must be a MeeplePointer {{featurePointer, meepleId}}, not {pointer!r}")
    ctx.figure(pointer.get("meepleId"))  # a meeple id of a figure type some plugin declares
    return ctx.place(pointer["featurePointer"])


def read_fairy(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """next-follower: ``to`` is the MeeplePointer of the figure; on-tile: the tile's Position
    (our action names a follower of the player there: the first one offered)."""
    target = payload.get("to")
    if isinstance(target, list):
        x, y = ctx.position(target)
        for action in ctx.state.legal_actions():
            if type(action) is MoveFairy and (action.x, action.y) == (x, y):
                return [action]
        ctx.fail(f"the fairy cannot move onto the tile at {x},{y} here")
    x, y, location = _meeple_pointer(ctx, target, "payload.to")
    return [MoveFairy(x, y, location)]


def read_princess(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    x, y, location = _meeple_pointer(ctx, payload.get("pointer"), "payload.pointer")
    return [RemoveKnight(x, y, location)]


# -- writing -------------------------------------------------------------------------------------


def _steps_follow(ctx: JczWriteContext) -> bool:
    """Whether dragon steps follow this action inside JCZ's action part (before the COMMIT)."""
    after = ctx.after
    return after.pending.kind == STEP and after.config.options[OPT_DRAGON_MOVE] == "before_scoring"


def _closed(ctx: JczWriteContext, messages: list[Message]) -> list[Message]:
    """``messages`` and the COMMIT closing JCZ's action part, unless dragon steps come first."""
    if _steps_follow(ctx):
        return messages
    return [*messages, ("COMMIT", {"random": ctx.random()})]


def _figure_at(state: JczGame, x: int, y: int, location: str) -> tuple[int, str]:
    for _feature, figure in state.figures():
        if (figure.x, figure.y, figure.location) == (x, y, location):
            return figure.player, figure.kind
    raise JczUnsupported(f"no figure at {location} of the tile at {x},{y}")


def _meeple(ctx: JczWriteContext, x: int, y: int, location: str) -> dict[str, Json]:
    player, kind = _figure_at(ctx.before, x, y, location)
    return {
        "featurePointer": ctx.pointer(x, y, location),
        "meepleId": ctx.meeple_id(player, kind, x, y, location),
    }


def write_tile(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    """A dragon tile with no figure phase: JCZ goes on to the steps, COMMIT after them."""
    if not _steps_follow(ctx):
        return None
    assert isinstance(action, PlaceTile)
    payload: dict[str, Json] = {
        "tileId": action.tile,
        "rotation": f"R{action.rotation}",
        "position": [action.x, action.y],
    }
    return [("PLACE_TILE", payload)]


def write_figure(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    """The turn's figure followed by dragon steps: DEPLOY_MEEPLE without its COMMIT."""
    if ctx.before.pending.kind != "figure" or not _steps_follow(ctx):
        return None
    assert isinstance(action, PlaceFigure)
    player = ctx.before.pending.player
    payload: dict[str, Json] = {
        "pointer": ctx.figure_pointer(action.figure, action.x, action.y, action.location),
        "meepleId": ctx.meeple_id(player, action.figure, action.x, action.y, action.location),
    }
    return [("DEPLOY_MEEPLE", payload)]


def write_pass(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    if ctx.before.pending.kind == STEP:
        # the dragon cannot move on: JCZ ends its move with no message of its own, and the
        # turn's COMMIT follows it as it follows a last step
        if ctx.before.config.options[OPT_DRAGON_MOVE] == "before_scoring":
            return [("COMMIT", {"random": ctx.random()})]
        return []
    if ctx.before.pending.kind != "figure" or not _steps_follow(ctx):
        return None
    if ctx.before.legal_actions() == [Pass()]:
        return []  # nothing to offer: JCZ skips the action phase
    return [("PASS", {})]


def write_dragon(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, DragonStep)
    message: Message = (MOVE, {"figureId": DRAGON_ID, "to": [action.x, action.y]})
    after = ctx.after
    last = after.pending.kind != STEP
    if last and after.config.options[OPT_DRAGON_MOVE] == "before_scoring":
        return [message, ("COMMIT", {"random": ctx.random()})]
    return [message]


def write_fairy(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, MoveFairy)
    target: Json
    if ctx.before.config.options[OPT_FAIRY_PLACEMENT] == "on_tile":
        target = [action.x, action.y]
    else:
        target = _meeple(ctx, action.x, action.y, action.location)
    return _closed(ctx, [(MOVE, {"figureId": FAIRY_ID, "to": target})])


def write_princess(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, RemoveKnight)
    pointer = _meeple(ctx, action.x, action.y, action.location)
    return _closed(ctx, [("RETURN_MEEPLE", {"pointer": pointer, "source": PRINCESS_SOURCE})])


def _jcz_behaviour(_edition: int | None) -> Mapping[str, OptionValue]:
    """The two options JCZ has no rule for, as JCZ plays them (the module's docstring)."""
    return {OPT_DRAGON_TILE_BLOCKS: True, OPT_FAIRY_ABBOT_RETURN: False}


def _fairy_action(placement: str) -> Callable[[JczGame, Action], bool]:
    """A fairy move, offered as JCZ's class for the game's ``fairy_placement``."""

    def matches(state: JczGame, action: Action) -> bool:
        return type(action) is MoveFairy and state.config.options[OPT_FAIRY_PLACEMENT] == placement

    return matches


NAMES: list[JczName] = [
    JczSet(
        "princess-and-dragon",
        lambda c: f"princess-and-dragon:{jcz_edition(c)}",
        _jcz_behaviour,
    ),
    _figure_element(DRAGON),
    _figure_element(FAIRY),
    _switch_element("princess"),
    _switch_element("portal"),
    option_rule("princess-action", OPT_PRINCESS_ACTION, "may", {"may": "may", "must": "must"}),
    option_rule(
        "fairy-placement",
        OPT_FAIRY_PLACEMENT,
        "next-follower",
        {"next-follower": "next_follower", "on-tile": "on_tile"},
    ),
    option_rule(
        "dragon-move",
        OPT_DRAGON_MOVE,
        "before-scoring",
        {"before-scoring": "before_scoring", "after-scoring": "after_scoring"},
    ),
    JczNeutral(DRAGON_ID, DRAGON),
    JczNeutral(FAIRY_ID, FAIRY),
    JczMessage(MOVE, read_dragon, when={"figureId": DRAGON_ID}),
    JczMessage(MOVE, read_fairy, when={"figureId": FAIRY_ID}),
    JczMessage("RETURN_MEEPLE", read_princess, when={"source": PRINCESS_SOURCE}),
    JczWriter(PlaceTile, write_tile),
    JczWriter(PlaceFigure, write_figure),
    JczWriter(Pass, write_pass),
    JczWriter(DragonStep, write_dragon),
    JczWriter(MoveFairy, write_fairy),
    JczWriter(RemoveKnight, write_princess),
    JczAction("MoveDragonAction", lambda s, a: type(a) is DragonStep),
    JczAction("FairyNextToAction", _fairy_action("next_follower")),
    JczAction("FairyOnTileAction", _fairy_action("on_tile")),
    JczAction("ReturnMeepleAction", lambda s, a: type(a) is RemoveKnight),
    JczPhase(STEP, "DragonMovePhase"),
    JczScoring(FAIRY_SCORE, (FAIRY_SCORE,)),
]
