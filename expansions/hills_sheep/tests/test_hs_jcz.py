"""Hills & Sheep in JCloisterZone saved games: a hand-written ``.jcz`` game (our own fixture)
imports with JCZ's bag draws (its random numbers turned into tokens, hills-sheep.md §10.1),
passes its assertions, and exports back to the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne.jcz import check_jcz, dump_jcz, load_jcz, replay_jcz
from carcassonne.jcz.errors import JczError

FLOCKS = Path(__file__).parent / "fixtures" / "flocks.jcz"


def _text(change=None) -> str:
    data = json.loads(FLOCKS.read_text(encoding="utf-8"))
    if change is not None:
        change(data)
    return json.dumps(data)


def _draws(text: str) -> list[str]:
    replayed = replay_jcz(text, text=True)
    return [e.outcome for events in replayed.events for e in events if e.type == "chance"]


def test_the_file_imports_with_jczs_draws_and_passes_its_assertions():
    report = check_jcz(FLOCKS)
    assert report.error == "" and [v.passed for v in report.verdicts] == [True] * 5
    # placement: initialRandom moved on once by the tile draw (index 2 of 18: 1 sheep);
    # Bob's: the first COMMIT's random moved on once (index 2 of 17); EXPAND 0.8: 13 of 17
    assert _draws(FLOCKS.read_text(encoding="utf-8")) == ["1", "1", "4"]
    state = replay_jcz(FLOCKS).state
    assert state.scores == [5, 1] and state.pieces() == []
    assert state.config.options["hills-sheep.hidden_tile"] == "bottom"  # a game in progress


def test_another_random_number_draws_another_token():
    def wolf(data):
        data["replay"][8]["payload"]["random"] = 0.95  # index 16 of 17: a wolf
        del data["replay"][10:]  # (the flock is gone: no later choice)

    def later(data):
        data["replay"][2]["payload"]["random"] = 0.9  # Bob's draw moves with the COMMIT

    assert _draws(_text(wolf)) == ["1", "1", "wolf"]
    assert _draws(_text(later))[:2] == ["1", "3"]


def test_export_writes_the_draws_as_random_numbers_and_reads_back_the_same_game():
    record = load_jcz(FLOCKS)
    text = dump_jcz(record, created="2026-12-03T08:00:00.000Z")
    data = json.loads(text)
    assert data["setup"]["sets"] == {"basic:2": 1, "hills-and-sheep:2": 1}
    assert data["setup"]["elements"]["shepherd"] == 1
    types = [m["type"] for m in data["replay"]]
    assert types == [m["type"] for m in json.loads(FLOCKS.read_text())["replay"]]
    flock = [m["payload"]["value"] for m in data["replay"] if m["type"] == types[8]]
    assert flock == ["EXPAND", "SCORE", "SCORE"]
    deploys = [m["payload"] for m in data["replay"] if m["type"] == "DEPLOY_MEEPLE"]
    assert [int(d["random"] * 18) for d in deploys] == [0, 0]  # the first 1-sheep token
    assert load_jcz(text, text=True) == record
    assert _draws(text) == ["1", "1", "4"]


def test_a_bad_flock_message_names_the_message_and_the_value():
    def grow(data):
        data["replay"][8]["payload"]["value"] = "GROW"

    with pytest.raises(JczError, match=r"replay\[8\].*'EXPAND' or 'SCORE', not 'GROW'"):
        replay_jcz(_text(grow), text=True)


def test_hills_switched_off_is_refused():
    def no_hills(data):
        data["setup"]["elements"]["hill"] = False

    with pytest.raises(JczError, match="without the 'hill' element"):
        replay_jcz(_text(no_hills), text=True)


def _with_a_hill():
    """Alice lays the hill tile HS/CRr.h below the start tile (a tile goes under it), Bob a
    plain tile: a game in progress, as our export writes it."""
    from carcassonne import Draw, GameConfig, GameState, Pass, PlaceTile

    state = GameState.new(
        GameConfig(players=2, names=("Alice", "Bob"), expansions=["hills-sheep"], seed=4)
    )
    for tile, x, y, rotation in (("HS/CRr.h", 0, -1, 180), ("BA/RFr", 1, 0, 0)):
        state.force_draw(tile)
        if state.pending.kind == "draw":
            state.apply(Draw())
        state.apply(PlaceTile(tile, x, y, rotation))
        state.apply(Pass())
    assert state.tiles_under(0, -1) == 1
    return state


def test_a_game_in_progress_imports_with_a_tile_under_each_hill():
    """JCZ's pack counts one tile fewer per hill: the import puts the last tile of the pile
    under it (``hidden_tile = bottom``), so as many tiles are left as in JCZ, the tiles the
    file deals keep their order, and the record replays the same game."""
    from carcassonne.record import replay_record

    played = _with_a_hill()
    text = dump_jcz(played)
    replayed = replay_jcz(text, text=True)
    state = replayed.state
    assert state.config.options["hills-sheep.hidden_tile"] == "bottom"
    assert state.tiles_under(0, -1) == 1 and state.tiles_under(1, 0) == 0
    assert len(state.draw_pile()) == len(played.draw_pile())
    # the tile under the hill is the box's last: the next ones are dealt as the file's were
    hidden = [tile for (x, y), tile in state._hidden_under()]
    box = replay_jcz(json.dumps({**json.loads(text), "replay": []}), text=True).state.draw_pile()
    assert hidden == [box[-1]]  # the bottom of the pile before any hill (next first)
    record = load_jcz(text, text=True)
    again = replay_record(record)
    assert again.draw_pile() == state.draw_pile() and again._hidden_under() == state._hidden_under()
    assert again.scores == state.scores and again.pending == state.pending


def test_a_finished_game_imports_with_no_tile_under_its_hills():
    """A file whose game ended (``endTurn``) deals every tile its game had: ``none``."""
    data = json.loads(dump_jcz(_with_a_hill()))
    data["gameAnnotations"] = {"drawOrder": ["HS/CRr.h", "BA/RFr"], "endTurn": 2}
    state = replay_jcz(json.dumps(data), text=True).state
    assert state.config.options["hills-sheep.hidden_tile"] == "none"
    assert state.is_over and state.tiles_under(0, -1) == 0
