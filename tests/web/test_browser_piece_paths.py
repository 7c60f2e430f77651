"""The page shows the way a neutral piece went this turn, without knowing the expansion: in a
Princess & the Dragon game halfway through a dragon move, the board draws the dragon's path
with each step numbered in the colour of whoever took it, the panel says whose step is next,
and the log lists each step (and any figure eaten)."""

from __future__ import annotations

import random
from typing import Any

from .test_browser_mechanics import play_until, watch

LAPTOP = {"width": 1280, "height": 800}


def dragon_first(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Random moves, but volcano and dragon tiles are placed as soon as they are drawn (they
    always are) and figures go on the board often: the dragon has something to eat."""
    legal = [a["action"] for a in state["legal_actions"]]
    figures = [a for a in legal if a["type"] == "figure"]
    return rng.choice(figures) if figures and rng.random() < 0.7 else rng.choice(legal)


def halfway(state: dict[str, Any]) -> bool:
    pending = state["pending"]
    return pending["kind"] == "dragon" and pending["data"] >= 3


def test_the_dragon_path_step_by_step(server: str, browser: Any, artifacts: Any) -> None:
    game, state = play_until(server, ["princess-dragon"], 3, dragon_first, halfway)
    steps = state["pending"]["data"]
    page = watch(browser, server, game, LAPTOP)
    page.wait_for_selector(".piece-path[data-kind='dragon']")
    path = page.locator(".piece-path[data-kind='dragon']")
    assert path.get_attribute("data-steps") == str(steps)
    dots = path.locator(".path-step")
    # step k was taken by the player k seats on from the one whose tile it was
    players = [dots.nth(i).get_attribute("data-player") for i in range(steps)]
    first = int(players[0])
    assert players == [str((first + k) % 2) for k in range(steps)]
    dragon = next(p for p in state["pieces"] if p["kind"] == "dragon")
    last = dots.nth(steps - 1)
    assert (last.get_attribute("data-x"), last.get_attribute("data-y")) == (
        str(dragon["x"]),
        str(dragon["y"]),
    )
    whose = page.locator("#whose-turn").inner_text()
    assert whose == f"p{state['pending']['player']} to decide: dragon"  # the seats' names
    log = page.locator("#log").inner_text()
    assert log.count("dragon moves from") >= steps
    page.screenshot(path=str(artifacts / "princess-dragon-path.png"))
