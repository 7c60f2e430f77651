"""The board's view in the browser: a drag pans, the wheel and two fingers zoom, Fit shows the
whole board again, and a click that follows a drag is not taken as a move."""

from __future__ import annotations

from typing import Any

from .clicks import create_in_lobby


def view_box(page: Any) -> list[float]:
    box: list[float] = page.evaluate(
        "document.querySelector('#board svg').getAttribute('viewBox').split(' ').map(Number)"
    )
    return box


def centre(page: Any) -> tuple[float, float]:
    box = page.locator("#board").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


PINCH = """([x, y, spread]) => {
  const board = document.getElementById('board');
  const send = (type, id, px) => board.dispatchEvent(new PointerEvent(type, {
    pointerId: id, clientX: px, clientY: y, button: 0, bubbles: true, pointerType: 'touch'}));
  send('pointerdown', 11, x - 20);
  send('pointerdown', 12, x + 20);
  send('pointermove', 11, x - 20 - spread);
  send('pointermove', 12, x + 20 + spread);
  send('pointerup', 11, x - 20 - spread);
  send('pointerup', 12, x + 20 + spread);
}"""


def test_pan_zoom_pinch_and_fit(server: str, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 1000, "height": 700}).new_page()
    create_in_lobby(page, server, expansions=["abbot"])
    page.wait_for_function("document.body.dataset.decision === 'tile'")
    fitted = view_box(page)
    seq = page.evaluate("document.body.dataset.seq")

    x, y = centre(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=5)
    page.mouse.up()
    moved = view_box(page)
    scale = fitted[2] / page.locator("#board").bounding_box()["width"]
    assert (
        abs((fitted[0] - moved[0]) - 60 * scale) < 1
        and abs((fitted[1] - moved[1]) - 30 * scale) < 1
    )
    assert moved[2:] == fitted[2:]
    assert page.locator(".move-square.chosen").count() == 0  # a drag is not a click

    page.mouse.wheel(0, -300)  # closer
    page.wait_for_function(
        f"document.querySelector('#board svg').viewBox.baseVal.width < {moved[2]}"
    )
    closer = view_box(page)[2]

    page.evaluate(PINCH, [x, y, 80])  # two fingers apart: closer still
    assert view_box(page)[2] < closer * 0.8

    page.click("#fit")
    assert view_box(page) == fitted
    page.keyboard.press("-")
    assert view_box(page)[2] > fitted[2]
    page.keyboard.press("f")
    assert view_box(page) == fitted
    assert page.evaluate("document.body.dataset.seq") == seq  # nothing was played
