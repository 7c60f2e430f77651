"""``dump_jcz``: a record of this engine as a ``.jcz`` document JCZ can open.

The game is replayed action by action; each action is written by the first writer the plugins
declared for its type that answers (``carcassonne_jcz_names``). The tiles this game drew,
those that went back to the box included, become ``gameAnnotations.drawOrder``, so JCZ deals
the same tiles; a finished game also gets ``endTurn`` = the number of draws, so JCZ ends it at
the same turn even when its pack is larger (JCZ keeps the base start tile with the River).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterable
from datetime import UTC, datetime

from carcassonne import events as ev
from carcassonne.actions import Action
from carcassonne.errors import CarcassonneError
from carcassonne.files import FileError, write_atomic
from carcassonne.jcz.document import APP_VERSION
from carcassonne.jcz.errors import JczError
from carcassonne.jcz.names import JczGame, JczUnsupported, Json, Message
from carcassonne.jcz.pointers import location_name
from carcassonne.jcz.registry import JczNames, names_of
from carcassonne.jcz.setup import setup_of
from carcassonne.plugins import Plugin
from carcassonne.record import Record, RecordError, replay_record
from carcassonne.state import GameState
from carcassonne.values import ForcedChance, ForcedDraw

#: Milliseconds between two messages on the written clock (JCZ only shows it).
_TICK = 1000


class WriteContext:
    """What an action writer sees (:class:`carcassonne.jcz.names.JczWriteContext`), and the
    meeple ids: JCZ's ids are fixed for a game, ours are not ids at all, so each figure on the
    board keeps the id it was deployed with, a prisoner keeps the id it was captured with, and
    a new figure takes the lowest id neither on the board nor held."""

    def __init__(self, names: JczNames, rng: random.Random) -> None:
        self._names = names
        self._rng = rng
        self._before: GameState | None = None
        self._after: GameState | None = None
        #: (player, kind, x, y, location) -> meeple id, for the figures on the board
        self._ids: dict[tuple[int, str, int, int, str], str] = {}
        #: (captor, player, kind) -> meeple ids of the prisoners, in the order taken
        self._held: dict[tuple[int, int, str], list[str]] = {}

    def around(self, before: GameState, after: GameState) -> None:
        self._before, self._after = before, after

    @property
    def before(self) -> JczGame:
        assert self._before is not None
        return self._before

    @property
    def after(self) -> JczGame:
        assert self._after is not None
        return self._after

    def random(self) -> float:
        return self._rng.random()

    def token(self, piece: str) -> str:
        for declared in self._names.tokens.values():
            if declared.piece == piece:
                return declared.token
        for neutral in self._names.neutrals.values():
            if neutral.piece == piece:
                return neutral.id
        raise JczUnsupported(f"piece kind {piece!r} has no JCloisterZone name")

    def _type(self, kind: str) -> str:
        declared = self._names.figure_kinds.get(kind)
        if declared is None:
            raise JczUnsupported(f"figure kind {kind!r} has no JCloisterZone name")
        return declared.type

    def pointer(self, x: int, y: int, location: str) -> dict[str, Json]:
        assert self._after is not None
        for _node, segment in self._after.segments(x, y):
            if location in segment.locations:
                declared = self._names.feature_kinds.get(segment.kind)
                if declared is None:
                    raise JczUnsupported(f"feature kind {segment.kind!r} has no JCZ name")
                name = location_name(segment, declared.location)
                return {"position": [x, y], "location": name, "feature": declared.feature}
        raise JczUnsupported(f"no feature at {location} of the tile at {x},{y}")

    def figure_pointer(self, kind: str, x: int, y: int, location: str) -> dict[str, Json]:
        self._type(kind)
        declared = self._names.figure_kinds[kind]
        if declared.write_pointer is not None:
            return declared.write_pointer(self, x, y, location)
        return self.pointer(x, y, location)

    def meeple_id(self, player: int, kind: str, x: int, y: int, location: str) -> str:
        key = (player, kind, x, y, location)
        if key in self._ids:
            return self._ids[key]
        taken = {i for k, i in self._ids.items() if k[0] == player and k[1] == kind}
        taken.update(i for k, ids in self._held.items() if k[1:] == (player, kind) for i in ids)
        prefix = f"{player}.{self._type(kind)}."
        n = 1
        while f"{prefix}{n}" in taken:
            n += 1
        return f"{prefix}{n}"

    def prisoner_id(self, captor: int, player: int, kind: str) -> str:
        held = self._held.get((captor, player, kind))
        if not held:
            raise JczUnsupported(f"player {captor} holds no {kind} of player {player}")
        return held[0]

    def settle(self, state: GameState, events: Iterable[ev.Event] = ()) -> None:
        """After an action: a captured figure's id goes with it (a released prisoner gives
        up the first id held, the one :meth:`prisoner_id` names); the figures now on the
        board keep or take their ids."""
        old = self._ids
        for event in events:
            if type(event) is ev.FigureCaptured:
                where = (event.player, event.figure, event.x, event.y, event.location)
                if where in old:
                    held = self._held.setdefault((event.captor, event.player, event.figure), [])
                    held.append(old[where])
            elif type(event) is ev.PrisonerReleased:
                held = self._held.get((event.captor, event.player, event.figure), [])
                if held:
                    held.pop(0)
        self._ids = {}
        for _feature, figure in sorted(state.figures(), key=lambda item: tuple(item[1])):
            key = (figure.player, figure.kind, figure.x, figure.y, figure.location)
            if figure.kind not in self._names.figure_kinds:
                continue
            self._ids[key] = old.get(key) or self.meeple_id(*key)


def _start(state: GameState) -> list[dict[str, Json]]:
    out: list[dict[str, Json]] = []
    for x, y in state.placement_order():
        placed = state.tile_at(x, y)
        assert placed is not None
        out.append({"tile": placed.tile.id, "x": x, "y": y, "rotation": placed.rotation})
    return out


def _drawn(events: Iterable[object]) -> list[str]:
    """The tiles dealt, in order. A tile set aside as it is drawn (a rule's
    ``carcassonne_set_aside_drawn``: a dragon tile before the first volcano) is not one: JCZ
    keeps such tiles out of its draw, and deals them later like the others."""
    items = list(events)
    dealt: list[str] = []
    for i, event in enumerate(items):
        if type(event) is not ev.TileDrawn:
            continue
        following = items[i + 1] if i + 1 < len(items) else None
        if type(following) is ev.TileSetAside and following.tile == event.tile:
            continue
        dealt.append(event.tile)
    return dealt


def document_of(state: GameState, created: str | None = None) -> dict[str, Json]:
    """The ``.jcz`` document (a JSON object) of a game, up to this moment."""
    config = state.config
    names = names_of(config.hooks)
    origin = state.initial()
    digest = hashlib.sha256(repr((config.names, state.seed, state.log)).encode()).hexdigest()
    rng = random.Random(digest)
    context = WriteContext(names, rng)
    replay = origin.clone()
    draws = _drawn(replay.last_events)
    messages: list[dict[str, Json]] = []
    for item in state.log:
        if isinstance(item, ForcedDraw):
            before_events = len(replay.last_events)
            replay.force_draw(item.tile)
            draws += _drawn(replay.last_events[before_events:])
            continue
        if isinstance(item, ForcedChance):
            replay.force_chance(item.outcome)
            continue
        before = replay.clone()
        events = replay.apply(item)
        draws += _drawn(events)
        context.around(before, replay)
        player = before.pending.player
        for kind, payload in _write(names, context, item, len(messages)):
            clock = _TICK * (len(messages) + 1)
            messages.append({"type": kind, "payload": payload, "player": player, "clock": clock})
        context.settle(replay, events)
    annotations: dict[str, Json] = {"drawOrder": list(draws)}
    if state.is_over:
        annotations["endTurn"] = len(draws)
    return {
        "appVersion": APP_VERSION,
        "gameId": digest[:16],
        "name": "",
        "initialRandom": rng.random(),
        "created": created or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "clock": _TICK * len(messages),
        "setup": setup_of(config, names, _start(origin)),
        "players": [
            {"name": name, "slot": i, "clientId": f"player-{i}"}
            for i, name in enumerate(config.names)
        ],
        "replay": list(messages),
        "gameAnnotations": annotations,
    }


def _write(names: JczNames, context: WriteContext, action: Action, index: int) -> list[Message]:
    for writer in names.writers.get(type(action), ()):
        try:
            found = writer.write(context, action)
        except JczUnsupported as exc:
            raise JczError("<game>", f"replay[{index}]", f"{action}: {exc}") from None
        if found is not None:
            return list(found)
    raise JczError(
        "<game>", f"replay[{index}]", f"{action}: no plugin writes this action as JCZ messages"
    )


def dump_jcz(
    record: Record | GameState,
    *,
    plugins: Iterable[tuple[str, Plugin]] = (),
    created: str | None = None,
) -> str:
    """The ``.jcz`` text of a record (or of a game). ``JczError`` when the game has something
    no plugin can write for JCZ."""
    if isinstance(record, GameState):
        state = record
    else:
        try:
            state = replay_record(record, plugins)
        except (RecordError, CarcassonneError) as exc:
            raise JczError("<record>", "", str(exc)) from None
    return json.dumps(document_of(state, created), indent=2, ensure_ascii=False) + "\n"


def save_jcz(
    record: Record | GameState,
    path: str | os.PathLike[str],
    *,
    plugins: Iterable[tuple[str, Plugin]] = (),
) -> None:
    """Write the ``.jcz`` file of a record atomically; nothing is written on failure."""
    text = dump_jcz(record, plugins=plugins)
    try:
        write_atomic(path, text)
    except FileError as exc:
        raise JczError(os.fspath(path), "", exc.reason) from None
