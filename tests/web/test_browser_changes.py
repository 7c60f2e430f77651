"""The page's ``applyChanges`` (``static/changes.js``) run in Chromium: from the state before
each move of a random game with every installed expansion and the move's ``changes``, it gives
exactly the state after the move (the state the page would have received whole). The page
follows the game with it (hello with ``changes``), so a mistake here would draw a wrong board."""

from __future__ import annotations

import json
import random
from typing import Any

from carcassonne.plugins import installed_expansions
from carcassonne.protocol import Server


def _steps(moves: int) -> list[dict[str, Any]]:
    """``moves`` random moves of a 3-player game of every installed expansion: for each, the
    state before, the changes and the state after (the stdio server's own answers)."""
    server = Server()
    expansions = sorted(installed_expansions())
    assert server.handle({"op": "new", "players": 3, "expansions": expansions, "seed": 11})["ok"]
    rng = random.Random(11)
    state = server.handle({"op": "state", "player": 1})["state"]
    steps = []
    while len(steps) < moves and not state["game_over"]:
        text = rng.choice(state["legal_actions"])["text"]
        answer = server.handle({"op": "apply", "action": text, "changes": True, "player": 1})
        assert answer["ok"], answer
        after = server.handle({"op": "state", "player": 1})["state"]
        steps.append({"before": state, "changes": answer["changes"], "after": after})
        state = after
    return steps


def test_apply_changes_in_the_browser_gives_the_state_after_each_move(
    server: str, browser: Any
) -> None:
    steps = _steps(60)
    assert len(steps) == 60
    assert sum("removed_features" in s["changes"] for s in steps) > 0  # merges were followed
    page = browser.new_context().new_page()
    page.goto(server + "/")
    rebuilt = page.evaluate(
        """async (steps) => {
            const { applyChanges } = await import("/web/changes.js");
            return steps.map((s) => JSON.stringify(applyChanges(s.before, s.changes)));
        }""",
        steps,
    )
    for i, (text, step) in enumerate(zip(rebuilt, steps, strict=True)):
        assert json.loads(text) == step["after"], f"move {i}"
    # the state before is left as it was (the page keeps it until the new one is drawn)
    assert page.evaluate(
        """async (step) => {
            const { applyChanges } = await import("/web/changes.js");
            const before = JSON.stringify(step.before);
            applyChanges(step.before, step.changes);
            return JSON.stringify(step.before) === before;
        }""",
        steps[-1],
    )
