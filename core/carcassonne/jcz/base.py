"""The base game's JCloisterZone names: a built-in plugin on ``carcassonne_jcz_names``.

It declares what every JCZ game has (the ``basic`` set, followers and farmers, the four
features, the tiny-city rule) and the four messages of a plain turn: PLACE_TILE, DEPLOY_MEEPLE,
PASS and COMMIT, read into ``Draw``/``PlaceTile``/``PlaceFigure``/``Pass`` and written back.
:mod:`carcassonne.jcz.registry` registers it before every other plugin's names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from carcassonne.actions import Action, Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.hookspecs import hookimpl
from carcassonne.jcz.names import (
    JczAction,
    JczElement,
    JczFeature,
    JczFigure,
    JczGame,
    JczMessage,
    JczName,
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
    is_on,
    jcz_edition,
    option_rule,
)
from carcassonne.values import ConfigView, ForcedDraw, OptionValue


def _basic_options(edition: int | None) -> Mapping[str, OptionValue]:
    if edition not in (None, 1, 2):
        raise JczUnsupported(f"the basic set has editions 1 and 2, not {edition}")
    return {"edition": "C1" if edition == 1 else "C2"}


def _meeples(value: Json) -> Mapping[str, OptionValue]:
    if value is None:
        return {"meeples": 0}  # JCZ: no small followers at all
    return {"meeples": count_value(value, "small-follower")}


# -- reading messages ----------------------------------------------------------------------------


def _str(ctx: JczReadContext, payload: Mapping[str, Json], key: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        ctx.fail(f"payload.{key} must be a string, not {value!r}")
    return value


def read_place_tile(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """The tile JCZ drew and placed: force that draw, then place it. A tile the player holds
    (offered at the draw decision: the abbey) is placed without a draw."""
    tile = _str(ctx, payload, "tileId")
    x, y = ctx.position(payload.get("position"))
    action = PlaceTile(tile, x, y, ctx.rotation(payload.get("rotation")))
    state = ctx.state
    if state.pending.kind == "draw":
        legal = state.legal_actions()
        if action in legal:
            return [action]
        steps: list[Step] = [Draw()] if Draw() in legal else []
        return [*steps, ForcedDraw(tile), action]
    if state.pending.kind == "tile":
        return [ForcedDraw(tile), action]
    return None


def read_deploy(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    return ctx.deploy(payload.get("meepleId"), payload.get("pointer"))


def read_pass(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """PASS declines the pending decision; at a draw decision (JCZ's AbbeyPhase: keep what you
    hold) it is our ``Draw``."""
    legal = ctx.state.legal_actions()
    if Pass() in legal:
        return [Pass()]
    if Draw() in legal:
        return [Draw()]
    return None


def read_commit(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """COMMIT closes a turn part: nothing to do, unless JCZ skipped an action phase with
    nothing to offer, where ours still waits for the figure decision, or for a plugin decision
    whose only answer is ``Pass`` (a dragon that cannot move on): then ``Pass``."""
    state = ctx.state
    kind = state.pending.kind
    if kind == "figure":
        return [Pass()]
    if kind not in ("draw", "tile", "chance", "end"):
        anytime = state.anytime_actions()  # a ransom is no answer to the decision
        if [a for a in state.legal_actions() if a not in anytime] == [Pass()]:
            return [Pass()]
    return []


# -- writing actions -----------------------------------------------------------------------------


def _commit(ctx: JczWriteContext) -> Message:
    return ("COMMIT", {"random": ctx.random()})


def write_draw(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    """A draw instead of another turn action (keeping the abbey): JCZ's PASS and COMMIT. An
    action the player could take at any time (a ransom) is no turn action: JCZ has no phase
    for it."""
    anytime = ctx.before.anytime_actions()
    if any(a != Draw() and a not in anytime for a in ctx.before.legal_actions()):
        return [("PASS", {}), _commit(ctx)]
    return []


def write_place_tile(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, PlaceTile)
    payload: dict[str, Json] = {
        "tileId": action.tile,
        "rotation": f"R{action.rotation}",
        "position": [action.x, action.y],
    }
    messages: list[Message] = [("PLACE_TILE", payload)]
    if ctx.after.pending.kind != "figure":
        messages.append(_commit(ctx))  # no action phase: JCZ skips it and confirms
    return messages


def write_place_figure(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    if ctx.before.pending.kind != "figure":
        return None
    assert isinstance(action, PlaceFigure)
    player = ctx.before.pending.player
    payload: dict[str, Json] = {
        "pointer": ctx.figure_pointer(action.figure, action.x, action.y, action.location),
        "meepleId": ctx.meeple_id(player, action.figure, action.x, action.y, action.location),
    }
    return [("DEPLOY_MEEPLE", payload), _commit(ctx)]


def write_pass(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    kind = ctx.before.pending.kind
    if kind == "figure":
        anytime = ctx.before.anytime_actions()
        if [a for a in ctx.before.legal_actions() if a not in anytime] == [Pass()]:
            return [_commit(ctx)]  # nothing to offer: JCZ skips the action phase
        return [("PASS", {}), _commit(ctx)]
    if kind == "draw":
        return [("PASS", {})]  # an end-of-game turn declined: no COMMIT follows
    return None


def _is_drawn_tile(state: JczGame, action: Action) -> bool:
    return type(action) is PlaceTile and action.tile == state.drawn


@hookimpl
def carcassonne_jcz_names() -> list[JczName]:
    return [
        JczSet("basic", lambda c: f"basic:{jcz_edition(c)}", _basic_options),
        JczElement("small-follower", _meeples, lambda c: _option_int(c, "meeples"), brings=False),
        JczElement(
            "farmers",
            lambda v: {"farmers": is_on(v)},
            lambda c: True if c.options["farmers"] else None,
            brings=False,
        ),
        option_rule("tiny-city-scoring", "tiny_city", "4", {"4": 4, "2": 2}),
        JczFigure("small", "meeple", java_class="SmallFollower"),
        JczFeature("City", "city"),
        JczFeature("Road", "road"),
        JczFeature("Field", "field"),
        JczFeature("Monastery", "monastery"),
        JczMessage("PLACE_TILE", read_place_tile),
        JczMessage("DEPLOY_MEEPLE", read_deploy),
        JczMessage("PASS", read_pass),
        JczMessage("COMMIT", read_commit),
        JczWriter(Draw, write_draw),
        JczWriter(PlaceTile, write_place_tile),
        JczWriter(PlaceFigure, write_place_figure),
        JczWriter(Pass, write_pass),
        JczPhase("tile", "TilePhase"),
        JczPhase("draw", "TilePhase"),
        JczPhase("figure", "ActionPhase"),
        JczPhase("end", "GameOverPhase"),
        JczAction("TilePlacementAction", _is_drawn_tile),
        JczAction("MeepleAction", lambda s, a: type(a) is PlaceFigure),
        JczScoring("city", ("city",)),
        JczScoring("road", ("road",)),
        JczScoring("monastery", ("monastery",)),
        JczScoring("field", ("field",)),
    ]


def _option_int(config: ConfigView, key: str) -> int:
    value = config.options[key]
    assert isinstance(value, int)
    return value
