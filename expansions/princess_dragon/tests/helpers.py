"""A position of a test as the scenario files write it (pieces, plugin data and options)."""

from __future__ import annotations

from carcassonne import GameState
from carcassonne.scenario import parse_scenario, scenario_state


def position(body: str) -> GameState:
    """The state of a ``[position]`` table's ``body`` (TOML lines)."""
    return scenario_state(parse_scenario("[position]\n" + body, "test.scenario.toml"))


def legal(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: GameState, *actions: str) -> list[object]:
    """Apply ``actions`` in the action notation; a tile placement draws its tile first (the draw
    is forced, as scenario files do). Returns the events of them all."""
    events: list[object] = []
    for text in actions:
        if text.startswith("tile "):
            state.force_draw(text.split()[1])
        events += state.apply(text)
    return events
