"""The web page's own promises in headless Chromium against a real server: one seat number
everywhere (lobby, side panel, invite link, join page); *Fit* keeps every tile of a full board
inside the visible board at laptop and phone sizes, with readable coordinate labels; a player's
own last answer ends the game and the page shows the final ranking."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from .clicks import create_in_lobby
from .wsplay import two_people

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def test_a_seat_has_one_number_everywhere(server: str, browser: Any) -> None:
    ann_page = browser.new_context(viewport=LAPTOP).new_page()
    ann_page.goto(server + "/")
    ann_page.wait_for_selector("#create-form")
    ann_page.click("#add-seat")
    lobby_numbers = ann_page.eval_on_selector_all(
        "#seats .seat-no", "nodes => nodes.map(n => n.textContent)"
    )
    assert lobby_numbers == ["1", "2", "3"]
    game_id = create_in_lobby(ann_page, server, expansions=[])

    # the side panel numbers the players as the lobby did
    ann_page.wait_for_selector(".players .seat-no")
    panel = ann_page.eval_on_selector_all(
        ".player",
        "rows => rows.map(r => r.querySelector('.seat-no').textContent + "
        "r.querySelector('.name').textContent)",
    )
    assert panel[:2] == ["1. ann", "2. bob"] and panel[2].startswith("3. "), panel
    # bob is the second seat: his link and its label say 2
    invite = ann_page.input_value('input[data-invite="1"]')
    assert invite == f"{server}/?game={game_id}&seat=2"
    assert ann_page.text_content('.invite-seat[data-seat="1"]') == "Seat 2 (bob):"

    # the lobby's list of open games offers the same seat under the same number
    watcher = browser.new_context(viewport=LAPTOP).new_page()
    watcher.goto(server + "/")
    button = f'button.join[data-game="{game_id}"][data-seat="1"]'
    watcher.wait_for_selector(button)
    assert watcher.text_content(button) == "Join seat 2 (bob)"

    # the link's page takes seat 2, which is the second seat, bob's
    bob_page = browser.new_context(viewport=LAPTOP).new_page()
    bob_page.goto(invite)
    bob_page.wait_for_selector("#join-button")
    assert bob_page.text_content("#join-button") == "Take seat 2"
    assert bob_page.text_content(".join-form p").startswith("Seat 2 of 3; ")
    bob_page.fill("#join-name", "bob")
    bob_page.click("#join-button")
    bob_page.wait_for_function("document.body.dataset.seat === '1'")
    bob_page.wait_for_selector(".player.me .seat-no")
    assert bob_page.text_content(".player.me .seat-no") == "2. "
    assert bob_page.text_content(".player.me .name") == "bob"
    for page in (ann_page, watcher, bob_page):
        page.context.close()


def ann_decides_last(state: dict[str, Any]) -> bool:
    """Ann's figure decision after the last tile: her answer ends the game."""
    pending = state["pending"]
    return (
        not state["game_over"]
        and state["tiles_left"] == 0
        and pending["kind"] == "figure"
        and pending["player"] == 0
    )


TILES_INSIDE = """() => {
  const box = document.getElementById('board').getBoundingClientRect();
  const bar = document.getElementById('actionbar').getBoundingClientRect();
  const bottom = Math.min(box.bottom, bar.top, window.innerHeight);
  const tools = document.querySelector('.board-tools').getBoundingClientRect();
  const under = (r) => r.right > tools.left && r.left < tools.right && r.bottom > tools.top
    && r.top < tools.bottom;
  const out = [];
  const tiles = [...document.querySelectorAll('#board use.tile')];
  for (const tile of tiles) {
    const r = tile.getBoundingClientRect();
    if (r.top < box.top - 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5
        || r.bottom > bottom + 0.5 || under(r)) out.push([tile.dataset.x, tile.dataset.y]);
  }
  return {count: tiles.length, outside: out};
}"""


def test_fit_shows_every_tile_and_the_last_move_shows_the_ranking(
    server: str, browser: Any, artifacts: Path
) -> None:
    game, seats = two_people(server, seed=5, goal=ann_decides_last)
    ann = seats[0]
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # ann's browser holds her seat (the token the lobby would have kept)
    held = {game: {"seat": 0, "token": ann.token, "name": "ann"}}
    stored = json.dumps(json.dumps(held))
    page.add_init_script(f"localStorage.setItem('carcassonne.seats', {stored})")
    page.goto(f"{server}/?game={game}")
    page.wait_for_function("document.body.dataset.decision === 'figure'", timeout=60000)
    for viewport in (LAPTOP, PHONE):
        page.set_viewport_size(viewport)
        page.click("#fit")
        page.wait_for_function(f"({TILES_INSIDE})().outside.length === 0", timeout=30000)
        inside = page.evaluate(TILES_INSIDE)
        assert inside["count"] == 72 and inside["outside"] == [], inside
        size = viewport["width"]
        page.screenshot(path=str(artifacts / f"web-fit-{size}.png"))
        # the coordinate labels are readable: at least 10 px high on the screen
        label = page.evaluate(
            "() => Math.min(...[...document.querySelectorAll('#board svg g.coordinates text')]"
            ".map(t => t.getBoundingClientRect().height))"
        )
        assert label >= 10, label
    page.set_viewport_size(LAPTOP)
    # ann's own last answer ends the game: the spots go, the ranking comes
    page.click("#pass")
    page.wait_for_selector("#ranking", timeout=60000)
    assert page.evaluate("document.body.dataset.over") == "yes"
    assert page.locator(".move-point").count() == 0
    assert page.locator("#ranking tfoot td").count() == 2
    assert not errors, errors
    for seat in seats:
        seat.close()
    context.close()


def test_the_replay_viewer_steps_through_a_record(server: str, browser: Any) -> None:
    # a finished game (a running game's record is not served: it holds the seed)
    game, seats = two_people(server, seed=3, goal=lambda state: bool(state["game_over"]))
    for seat in seats:
        seat.close()
    record = urllib.request.urlopen(f"{server}/api/games/{game}/record", timeout=60).read()
    actions = [line for line in record.decode().splitlines() if line.startswith(("tile ", "pass"))]
    page = browser.new_context(viewport=LAPTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/?replay={game}")
    page.wait_for_function("document.body.dataset.step === '0'", timeout=60000)
    steps = int(page.evaluate("document.body.dataset.steps"))
    assert steps == len(actions) and steps >= 6
    assert page.locator("#board use.tile").count() == 1  # the start tile alone
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.step === '1'", timeout=60000)
    assert page.locator("#board use.tile").count() == 2
    status = page.text_content("#replay-status") or ""
    # the record's own player names (a record does not know the lobby's)
    first = page.text_content('#replay-scores li[data-player="0"] b')
    assert status.startswith(f"Action 1 of {steps}: {first} place a tile with "), status
    assert page.get_attribute("#replay-status .words", "title") == actions[0]
    page.click("#replay-end")
    page.wait_for_function(f"document.body.dataset.step === '{steps}'", timeout=60000)
    assert page.is_disabled("#replay-next")
    page.keyboard.press("Home")
    page.wait_for_function("document.body.dataset.step === '0'", timeout=60000)
    # the keys are listed
    keys = page.eval_on_selector_all("#keys dt", "nodes => nodes.map(n => n.textContent)")
    assert keys == ["→ or N", "← or P", "Home", "End", "F"]
    assert not errors, errors
    page.context.close()
