"""A decision asked by the figure phase's action is taken before the turn's scoring, also when
no plugin implements ``carcassonne_before_scoring`` (docs/hooks.md, "Between the figure phase
and scoring"): a capture can take a follower out of a feature the tile completes."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from carcassonne import (
    Action,
    Decision,
    Draw,
    Figure,
    GameState,
    PlaceTile,
    TypedAction,
    hookimpl,
)
from carcassonne.events import Event
from carcassonne.testing import BLUE, RED, board, points


class _TakeFields(NamedTuple):
    x: int
    y: int
    location: str


class Take(TypedAction, _TakeFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-take"


class _AskFields(NamedTuple):
    pass


class Ask(TypedAction, _AskFields):
    __slots__ = ()
    verb: ClassVar[str] = "t-ask"


class Snatch:
    """Instead of a figure, ask yourself to send one figure on the board home."""

    @hookimpl
    def carcassonne_action_types(self) -> list[type[TypedAction]]:
        return [Ask, Take]

    @hookimpl
    def carcassonne_figure_actions(self, state: GameState) -> list[Action]:
        return [Ask()]

    @hookimpl
    def carcassonne_decision_actions(self, state: GameState, decision: Decision):
        if decision.kind != "t-snatch":
            return None
        return [Take(f.x, f.y, f.location) for _, f in state.figures()]

    @hookimpl
    def carcassonne_apply_action(self, state: GameState, action: Action) -> list[Event] | None:
        events: list[Event] = []
        if type(action) is Ask:
            state.ask(Decision("t-snatch", state.player))
            return events
        if type(action) is Take:
            figure = next(f for _, f in state.figures() if (f.x, f.y, f.location) == tuple(action))
            state.remove_figure(Figure(*figure), "snatched", events)
            return events
        return None


def test_the_decision_comes_before_the_scoring_of_the_completed_city():
    state = board(
        ["BA/RCr @(0,0) r0"], [(RED, "meeple", 0, 0, "N")], player=BLUE,
        pile=["BA/C", "BA/RFr"], plugins=[("snatch", Snatch())],
    )  # fmt: skip
    state.force_draw("BA/C")
    if state.pending.kind == "draw":
        state.apply(Draw())
    state.apply(PlaceTile("BA/C", 0, -1, 180))
    assert points(state.apply(Ask())) == {}  # the city waits: the decision comes first
    assert state.pending.kind == "t-snatch"
    events = state.apply(Take(0, 0, "N"))
    assert points(events) == {}  # Red's knight was sent home before the city scored
    assert state.scores == [0, 0]
