"""Hills & Sheep's JCloisterZone names: the ``hills-and-sheep`` set, the ``shepherd``, ``hill``
and ``vineyard`` elements, the ``hill-tiebreaker`` rule, the shepherd figure, the grow-or-score
message ``FLOCK_EXPAND_OR_SCORE`` and JCZ's ``ShepherdPhase``.

JCZ never writes which token came out of the bag: it draws again from its random numbers
(hills-sheep.md §10.1). The bag is listed as JCZ lists it (1-sheep tokens, then 2, 3, 4, then
the wolves) and a draw takes index ``floor(r * n)``: the shepherd's placement draw with the
generator as the turn's tile draw left it, the grow draw with the message's own ``random``.
Both become a forced chance outcome before the action that draws. When writing, this engine
puts the ``random`` that gives the token it drew on the message: on FLOCK_EXPAND_OR_SCORE as
JCZ does, and on the shepherd's DEPLOY_MEEPLE (JCZ's server adds one there only for flying
machines; this engine's import reads it on any message).

A JCZ game hides no particular tile under a hill, it only counts them (its pack ends one tile
sooner per hill placed while tiles were left): an import of a game in progress plays
``hills-sheep.hidden_tile = "bottom"``, so each hill takes the last tile of the pile, never
one the file deals, and the game goes on with as many tiles as JCZ's; a file whose game has
ended (``endTurn``, ``#END``) deals every tile its game had, and its import plays ``"none"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from carcassonne import Action, ForcedChance, GameState, OptionValue, Pass, PlaceFigure
from carcassonne.jcz.names import (
    JczElement,
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
from carcassonne_hills_sheep.common import OPT_HIDDEN, OPT_SHEPHERDS, OPT_TIEBREAK, SHEPHERD
from carcassonne_hills_sheep.flock import DECISION, GROW, SCORE, Flock, bag

FLOCK_MESSAGE = "FLOCK_EXPAND_OR_SCORE"
_VALUES: dict[str, Literal["grow", "score"]] = {"EXPAND": GROW, "SCORE": SCORE}


def _game(state: JczGame) -> GameState:
    """The game a context hands over is a GameState (the protocol keeps the core's layers
    apart); the bag is read from its pieces."""
    assert isinstance(state, GameState)
    return state


def _bag_list(state: JczGame) -> list[str]:
    """The tokens in the bag one by one, in JCZ's order."""
    return [name for name, count in bag(_game(state)) for _ in range(count)]


# -- reading -------------------------------------------------------------------------------------


def read_shepherd(ctx: JczReadContext, action: Action) -> Sequence[Step]:
    """A shepherd's DEPLOY_MEEPLE: the placement draw (forced) before the placement."""
    tokens = _bag_list(ctx.state)
    return [ForcedChance(tokens[ctx.random_index(len(tokens))]), action]


def read_flock(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """Grow (a draw with the message's random) or score the flock the pending choice is about.
    After a figure phase with nothing to offer, JCZ skipped it: our ``Pass`` comes first."""
    state = _game(ctx.state)
    before: list[Step] = []
    if state.pending.kind == "figure" and state.legal_actions() == [Pass()]:
        state = state.clone()
        state.apply(Pass())
        before = [Pass()]
    if state.pending.kind != DECISION:
        return None
    value = payload.get("value")
    if not isinstance(value, str) or value not in _VALUES:
        ctx.fail(f"payload.value must be 'EXPAND' or 'SCORE', not {value!r}")
    where = state.pending.data
    assert isinstance(where, tuple)  # (x, y, location) of the shepherd, set by flock.advance
    x, y, location = where
    action = Flock(x, y, location, _VALUES[value])
    if value == "SCORE":
        return [*before, action]
    tokens = _bag_list(state)
    return [*before, ForcedChance(tokens[ctx.random_index(len(tokens))]), action]


def _shepherds(value: Json) -> Mapping[str, OptionValue]:
    """``shepherd: n``; absent: JCZ plays the set without shepherds."""
    return {OPT_SHEPHERDS: count_value(value, "shepherd") if value is not None else 0}


def _always_on(element: str) -> JczElement:
    """``hill`` and ``vineyard``: always on with the set in this engine."""

    def read(value: Json) -> Mapping[str, OptionValue]:
        if not is_on(value):
            raise JczUnsupported(
                f"hills-and-sheep without the {element!r} element: this engine always plays it"
            )
        return {}

    return JczElement(element, read, lambda c: True, brings=False)


# -- writing -------------------------------------------------------------------------------------


def _random_for(ctx: JczWriteContext) -> float:
    """The ``random`` that makes JCZ draw the token this action drew: the middle of its
    index's slice of [0, 1) (the bag before the action)."""
    before, after = _game(ctx.before), _game(ctx.after)
    drawn = [e.outcome for e in after.log[len(before.log) :] if type(e) is ForcedChance]
    if not drawn:
        raise JczUnsupported("a bag draw with no outcome logged")
    tokens = _bag_list(before)
    return (tokens.index(drawn[0]) + 0.5) / len(tokens)


def _commit_unless_flock(ctx: JczWriteContext) -> list[Message]:
    """JCZ's ShepherdPhase comes before the COMMIT: no COMMIT while a choice waits."""
    if ctx.after.pending.kind == DECISION:
        return []
    return [("COMMIT", {"random": ctx.random()})]


def write_place_figure(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    """A figure in the figure phase that a shepherd's draw or a flock choice follows."""
    assert isinstance(action, PlaceFigure)
    if ctx.before.pending.kind != "figure":
        return None
    shepherd = action.figure == SHEPHERD
    if not shepherd and ctx.after.pending.kind != DECISION:
        return None  # the base game's DEPLOY_MEEPLE + COMMIT
    player = ctx.before.pending.player
    payload: dict[str, Json] = {
        "pointer": ctx.figure_pointer(action.figure, action.x, action.y, action.location),
        "meepleId": ctx.meeple_id(player, action.figure, action.x, action.y, action.location),
    }
    if shepherd:
        payload["random"] = _random_for(ctx)
    return [("DEPLOY_MEEPLE", payload), *_commit_unless_flock(ctx)]


def write_pass(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    """A pass in the figure phase that a flock choice follows: no COMMIT yet."""
    if ctx.before.pending.kind != "figure" or ctx.after.pending.kind != DECISION:
        return None
    if ctx.before.legal_actions() == [Pass()]:
        return []  # nothing to offer: JCZ skips the action phase
    return [("PASS", {})]


def write_flock(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, Flock)
    grow = action.choice == GROW
    payload: dict[str, Json] = {
        "value": "EXPAND" if grow else "SCORE",
        "random": _random_for(ctx) if grow else ctx.random(),
    }
    return [(FLOCK_MESSAGE, payload), *_commit_unless_flock(ctx)]


NAMES: list[JczName] = [
    JczSet(
        "hills-and-sheep",
        lambda c: f"hills-and-sheep:{jcz_edition(c)}",
        lambda edition: {OPT_HIDDEN: "bottom"},
        lambda edition: {OPT_HIDDEN: "none"},
    ),
    JczElement("shepherd", _shepherds, lambda c: c.options[OPT_SHEPHERDS] or None, brings=False),
    _always_on("hill"),
    _always_on("vineyard"),
    option_rule(
        "hill-tiebreaker",
        OPT_TIEBREAK,
        "at-least-one-follower",
        {"at-least-one-follower": "presence", "number-of-followers": "count"},
    ),
    JczFigure("shepherd", SHEPHERD, deploy=read_shepherd),
    JczMessage(FLOCK_MESSAGE, read_flock),
    JczWriter(PlaceFigure, write_place_figure),
    JczWriter(Pass, write_pass),
    JczWriter(Flock, write_flock),
    JczPhase(DECISION, "ShepherdPhase"),
    JczScoring("flock", ("flock",)),
]
