"""A person at a browser: reads what the page offers and plays it by clicking and typing.

The page marks its state on ``<body>``: ``data-seq`` (the game's seq it shows),
``data-decision`` (the kind of decision when it is this browser's turn and the board shows its
moves, else ``wait``), ``data-busy`` (a move is on its way) and ``data-over``.
"""

from __future__ import annotations

import random
from typing import Any

# Screen centres of the marked squares and spots that a click would really reach (not covered
# by the board's buttons, and inside the board's box).
TARGETS = """() => {
  const reachable = (node) => {
    const r = node.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return hit && hit.closest('#board') ? [x, y] : null;
  };
  const all = (selector) => [...document.querySelectorAll(selector)];
  const squares = all('.move-square').map(reachable).filter(Boolean);
  const points = all('.move-point circle').map(reachable).filter(Boolean);
  return {
    squares, points,
    allSquares: document.querySelectorAll('.move-square').length,
    allPoints: document.querySelectorAll('.move-point').length,
    pass: !!document.getElementById('pass'),
    buttons: document.querySelectorAll('.move-button').length,
  };
}"""


EXPANSIONS = ["abbey-mayor", "abbot", "inns-cathedrals", "river"]


def create_in_lobby(
    page: Any, base: str, expansions: list[str] = EXPANSIONS, seed: int | None = None
) -> str:
    """Fill the lobby's form: ann (this browser), bob (a person), a greedy bot, every
    expansion, bots without thinking time; returns the game's id."""
    page.goto(base + "/")
    page.wait_for_selector("#create-form")
    page.fill("#seats li:nth-child(1) .seat-name", "ann")
    page.fill("#seats li:nth-child(2) .seat-name", "bob")
    page.click("#add-seat")
    page.select_option("#seats li:nth-child(3) .seat-kind", "bot:greedy")
    for name in expansions:
        page.check(f"#exp-{name}")
    page.click(".more-options summary")
    page.fill("#bot-think", "0")
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url("**/?game=*")
    page.wait_for_selector("#board svg")
    game_id: str = page.evaluate("new URLSearchParams(location.search).get('game')")
    return game_id


class Player:
    """One browser page holding one seat."""

    def __init__(self, page: Any, rng: random.Random) -> None:
        self.page = page
        self.rng = rng
        self.moves = 0

    def body(self, key: str) -> str | None:
        value: str | None = self.page.evaluate(f"document.body.dataset.{key} ?? null")
        return value

    def to_move(self) -> bool:
        return self.body("decision") not in (None, "wait") and self.body("busy") == "no"

    def over(self) -> bool:
        return self.body("over") == "yes"

    def toast(self) -> str | None:
        text: str | None = self.page.evaluate(
            "(() => { const t = document.getElementById('toast'); "
            "return t.hidden ? null : t.textContent; })()"
        )
        return text

    def clear_toast(self) -> None:
        self.page.evaluate("document.getElementById('toast').hidden = true")

    def play_one(self) -> None:
        """Make the move of this turn with the mouse and the keyboard; wait for its answer."""
        page, rng = self.page, self.rng
        seq = self.body("seq")
        self.clear_toast()
        targets = page.evaluate(TARGETS)
        if targets["allSquares"] and not targets["squares"]:
            page.click("#fit")  # a marked square is out of view or covered: show the board
            targets = page.evaluate(TARGETS)
        if targets["squares"]:
            x, y = rng.choice(targets["squares"])
            page.mouse.click(x, y)  # place the tile there
            for _ in range(rng.randrange(3)):
                page.mouse.click(x, y)  # click again: the next legal rotation
            if rng.random() < 0.3:
                page.keyboard.press("r")
            if rng.random() < 0.5:
                page.keyboard.press("Enter")
            else:
                page.click("#confirm")
        elif targets["points"] or targets["pass"]:
            choices = [("point", p) for p in targets["points"]]
            if targets["pass"]:
                choices += [("pass", None)] * max(1, len(choices) // 2)
            kind, where = rng.choice(choices)
            if kind == "point":
                page.mouse.click(*where)
                page.keyboard.press("Enter")
            elif rng.random() < 0.5:
                page.keyboard.press("n")  # the keyboard's "no figure"
            else:
                page.click("#pass")
        elif targets["buttons"]:
            buttons = page.query_selector_all(".move-button")
            rng.choice(buttons).click()
        else:  # whatever else a decision offers: the list of every legal move
            page.click(".all-moves summary")
            rng.choice(page.query_selector_all(".all-moves button")).click()
        page.wait_for_function(
            "seq => document.body.dataset.seq !== seq || !document.getElementById('toast').hidden",
            arg=seq,
            timeout=20000,
        )
        problem = self.toast()
        assert problem is None or self.body("seq") != seq, f"the move was refused: {problem}"
        self.moves += 1
