"""The web page's own promises in headless Chromium against a real server: one seat number
everywhere (lobby, side panel, invite link, join page)."""

from __future__ import annotations

from typing import Any

from .clicks import create_in_lobby

LAPTOP = {"width": 1366, "height": 768}


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
        ".player", "rows => rows.map(r => r.querySelector('.seat-no').textContent + "
        "r.querySelector('.name').textContent)"
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
