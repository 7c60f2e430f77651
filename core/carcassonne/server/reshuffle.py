"""Shuffling the unseen pile anew after an agreed undo that took back draws (docs/server.md,
"Undo"): the draws taken back would otherwise come again in the order everyone saw."""

from __future__ import annotations

import logging
import random
import tomllib
from collections import Counter

from carcassonne.errors import CarcassonneError
from carcassonne.position import dump_position
from carcassonne.record import Record, record_of, replay_record
from carcassonne.state import GameState

log = logging.getLogger("carcassonne.server")


#: The largest reshuffle seed (TOML, where a record keeps the seed, has 64-bit integers).
MAX_RESHUFFLE = 2**62


def reshuffled(state: GameState, seed: int) -> GameState:
    """``state`` with its unseen pile shuffled anew from ``seed``, and later chance draws drawn
    from it: what an agreed undo that took back a draw leads to, since the draws taken back
    would otherwise come again in the same order, known to everyone (issue 33).

    The game is replayed from its first moment (a position) with ``seed`` and a pile that
    holds the tiles drawn so far, in the order they were drawn, then the tiles not drawn yet
    in the order ``seed`` deals them (within their stacks): all that was seen, the log and its
    length included, stays as it was. The result begins there, so a later undo keeps the new
    order, and its record (``record_of``) names ``seed`` and that pile: it stays a replayable
    history of the game. A pile that changed otherwise than by drawing from its top (tiles set
    aside, put under a tile or shuffled back in) is not reshuffled (logged): ``state`` is
    returned as it is."""
    fresh = _rearranged(state, seed)
    if fresh is None:
        log.warning("the pile could not be shuffled anew (a pile changed by more than draws)")
        return state
    return fresh


def _rearranged(state: GameState, seed: int) -> GameState | None:
    """The game replayed from its first moment with the pile rearranged (see
    :func:`reshuffled`), or ``None`` when the pile is not the draws then the unseen tiles, or
    the replay does not give back the same log, drawn tile and unseen tiles."""
    record = record_of(state)
    try:
        table = tomllib.loads(dump_position(state.initial()))
    except CarcassonneError:
        return None
    first = next((i for i, e in enumerate(record.entries) if e.kind == "action"), None)
    later = record.entries[first:] if first is not None else []
    drawn = [e.text for e in later if e.kind == "drew"]
    pile = [str(tile) for tile in table.get("pile", [])]  # next first, as at the origin
    unseen = state.draw_pile()
    if pile != drawn + unseen:
        return None
    table["pile"] = drawn + _shuffled_pile(unseen, state, seed)
    start = {key: value for key, value in table.items() if key not in record.header}
    header = {**record.header, "seed": seed, "position": start}
    entries = [e for e in record.entries if e.kind != "drew"]
    try:
        fresh = replay_record(Record(header, entries))
    except CarcassonneError:
        return None
    same = fresh.log == state.log and fresh.drawn == state.drawn
    if not same or Counter(fresh.draw_pile()) != Counter(unseen):
        return None
    return fresh


def _shuffled_pile(pile: list[str], state: GameState, seed: int) -> list[str]:
    """``pile`` with the tiles of each stack shuffled among that stack's places (sorted first,
    so the result depends on which tiles are there, not on their order)."""
    stack_of: dict[str, str] = {}
    for key, tiles in state.config.stacks.items():
        for tile in tiles:
            stack_of.setdefault(tile, str(key))
    places: dict[str, list[int]] = {}
    for i, tile in enumerate(pile):
        places.setdefault(stack_of.get(state.config.resolve_tile(tile), ""), []).append(i)
    rng = random.Random(f"{seed}:pile")
    out = list(pile)
    for stack in sorted(places):
        mixed = sorted(pile[i] for i in places[stack])
        rng.shuffle(mixed)
        for i, tile in zip(places[stack], mixed, strict=True):
            out[i] = tile
    return out
