"""Replaying a ``.jcz`` file's messages through this engine (docs/jcz.md, "How a file is read").

The board starts with the file's ``start`` tiles. The pile is the tiles JCZ dealt, in order
(``gameAnnotations.drawOrder``, else the placed tiles in PLACE_TILE order), then, when JCZ's game
had not ended, the rest of the box: so this game runs out of tiles exactly where JCZ's did,
and final scoring (with any end-of-game turns) follows by itself. Each message goes to the
readers the plugins declared for its type; the steps they give are applied in order, and a
refused one is reported with the message's index.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from carcassonne import events as ev
from carcassonne.actions import Action, PlaceFigure
from carcassonne.config import GameConfig
from carcassonne.errors import CarcassonneError
from carcassonne.events import Event
from carcassonne.jcz.document import Document
from carcassonne.jcz.names import JczGame, JczUnsupported, Json, Step
from carcassonne.jcz.pointers import matches, parse_location
from carcassonne.jcz.registry import JczNames, installed_names
from carcassonne.jcz.setup import config_of, players_of
from carcassonne.plugins import Plugin
from carcassonne.state import GameState
from carcassonne.values import ForcedChance, ForcedDraw

_ROTATIONS = {"R0": 0, "R90": 90, "R180": 180, "R270": 270}
END_MARK = "#END"


class _Refused(Exception):
    """A reader's ``fail``: the replay loop turns it into a JczError naming the message."""


@dataclass
class Replayed:
    """A replayed file: the game, every message's events, and where JCZ's own state is.

    ``at`` is the game as JCZ's test runner sees it after the last message: ``state`` itself,
    or, when the replay stops after a figure action without the COMMIT that closes it, the
    game just before that action (JCZ has not scored the turn yet: ``mid_commit``). A figure
    action that leaves a decision before the scoring (a tower's capture) is not such a stop:
    JCZ waits in that decision's phase as this game does.
    """

    document: Document
    names: JczNames
    config: GameConfig
    state: GameState
    events: list[list[Event]] = field(default_factory=list)
    at: GameState | None = None
    mid_commit: bool = False


class JczRandom:
    """JCZ's random generator as the file drives it: a number in [0, 1) that messages with a
    ``random`` reset, moved on by a 48-bit linear congruential step at each use."""

    _MASK = (1 << 48) - 1

    def __init__(self, value: float) -> None:
        self.value = value

    def index(self, count: int) -> int:
        """``floor(r * count)``, then the step: the low 48 bits of ``r``'s IEEE-754 pattern
        times 25214903917, plus 11, over 2**48."""
        found = min(int(self.value * count), count - 1)
        self.advance()
        return found

    def advance(self) -> None:
        (bits,) = struct.unpack("<Q", struct.pack("<d", self.value))
        x = (25214903917 * (bits & self._MASK) + 11) & self._MASK
        self.value = x / (1 << 48)


def _random_of(value: Json) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1:
        return float(value)
    return None


class ReadContext:
    """What a message reader sees (:class:`carcassonne.jcz.names.JczReadContext`)."""

    def __init__(
        self,
        state: GameState,
        names: JczNames,
        notes: dict[str, Json] | None = None,
        rng: JczRandom | None = None,
    ) -> None:
        self._state = state
        self._names = names
        self._notes = {} if notes is None else notes
        self._rng = rng if rng is not None else JczRandom(0.0)

    @property
    def notes(self) -> dict[str, Json]:
        return self._notes

    @property
    def state(self) -> JczGame:
        return self._state

    def fail(self, reason: str) -> NoReturn:
        raise _Refused(reason)

    def position(self, value: Json) -> tuple[int, int]:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            self.fail(f"a position is [x, y], not {value!r}")
        x, y = value
        assert isinstance(x, int) and isinstance(y, int)
        return x, y

    def rotation(self, value: Json) -> int:
        if not isinstance(value, str) or value not in _ROTATIONS:
            self.fail(f"a rotation is R0, R90, R180 or R270, not {value!r}")
        return _ROTATIONS[value]

    def piece(self, value: Json) -> str:
        if isinstance(value, list) and len(value) == 2 and isinstance(value[1], str):
            value = value[1]  # JCZ's own form: [java class, name]
        if isinstance(value, str):
            if value in self._names.tokens:
                return self._names.tokens[value].piece
            if value in self._names.neutrals:
                return self._names.neutrals[value].piece
        self.fail(f"token or neutral figure {value!r} is not supported")

    def figure(self, meeple_id: Json) -> str:
        parts = meeple_id.split(".") if isinstance(meeple_id, str) else []
        if len(parts) != 3 or not parts[0].isdigit() or not parts[2].isdigit():
            self.fail(f"a meeple id is '<player>.<type>.<n>', not {meeple_id!r}")
        declared = self._names.figures.get(parts[1])
        if declared is None:
            self.fail(f"figure type {parts[1]!r} (meeple id {meeple_id!r}) is not supported")
        return declared.figure

    def place(self, pointer: Json) -> tuple[int, int, str]:
        if not isinstance(pointer, dict):
            self.fail(f"a feature pointer is {{position, location, feature}}, not {pointer!r}")
        x, y = self.position(pointer.get("position"))
        feature, text = pointer.get("feature"), pointer.get("location")
        declared = self._names.features.get(feature) if isinstance(feature, str) else None
        if declared is None:
            self.fail(f"feature class {feature!r} is not supported")
        location = parse_location(text) if isinstance(text, str) else None
        if location is None:
            self.fail(f"location {text!r} is not supported")
        if self._state.tile_at(x, y) is None:
            self.fail(f"no tile at {x},{y}")
        for _node, segment in self._state.segments(x, y):
            if segment.kind == declared.kind and matches(segment, location, declared.location):
                return x, y, segment.location
        self.fail(f"the tile at {x},{y} has no {feature} at {text}")

    def place_figure(self, meeple_id: Json, pointer: Json) -> Action:
        kind = self.figure(meeple_id)
        declared = self._names.figure_kinds[kind]
        if declared.read_pointer is not None:
            x, y, location = declared.read_pointer(self, pointer)
        else:
            x, y, location = self.place(pointer)
        return PlaceFigure(kind, x, y, location)

    def deploy(self, meeple_id: Json, pointer: Json) -> Sequence[Step]:
        action = self.place_figure(meeple_id, pointer)
        assert isinstance(action, PlaceFigure)
        declared = self._names.figure_kinds[action.figure]
        if declared.deploy is None:
            return [action]
        return declared.deploy(self, action)

    def random_index(self, count: int) -> int:
        if count < 1:
            self.fail(f"a random draw needs at least one item, not {count}")
        return self._rng.index(count)


# ---------------------------------------------------------------------------------------------


def _list(document: Document, value: Json, path: str) -> list[Json]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise document.fail(path, f"expected an array, not {value!r}")
    return value


def _start(document: Document, config: GameConfig) -> GameState:
    """An empty board with the file's start tiles (JCZ lays them without scoring)."""
    setup = document.data["setup"]
    assert isinstance(setup, dict)
    starts = _list(document, setup.get("start"), "setup.start")
    state = GameState.empty(config)
    if not starts:
        raise document.fail("setup.start", "a game needs a start tile")
    for i, item in enumerate(starts):
        path = f"setup.start[{i}]"
        if not isinstance(item, dict):
            raise document.fail(path, f"expected {{tile, x, y, rotation}}, not {item!r}")
        tile, x, y, rotation = (item.get(k) for k in ("tile", "x", "y", "rotation"))
        if not isinstance(tile, str) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in (x, y, rotation)
        ):
            raise document.fail(path, f"expected {{tile, x, y, rotation}}, not {item!r}")
        assert isinstance(x, int) and isinstance(y, int) and isinstance(rotation, int)
        if tile not in config.tile_types:
            raise document.fail(path, f"tile {tile!r} is not in the sets of this game")
        try:
            state.lay_tile(tile, x, y, rotation)
        except CarcassonneError as exc:
            raise document.fail(path, str(exc)) from None
    return state


def _box(config: GameConfig, starts: Iterable[str]) -> list[str]:
    """The tiles of the game's stacks, next first, less one copy of each start tile."""
    box = list(reversed(config.shuffled_pile(0)))
    if config.start_tile is not None:
        box.append(config.start_tile)
    for tile in starts:
        if tile in box:
            box.remove(tile)
    return box


def _ends(document: Document) -> bool:
    """Whether the file says where its game ended (``endTurn``, or ``#END`` closing the
    ``drawOrder``); :func:`_pile` checks the values."""
    annotations = document.data.get("gameAnnotations")
    if not isinstance(annotations, dict):
        return False
    order = annotations.get("drawOrder")
    closed = isinstance(order, list) and bool(order) and order[-1] == END_MARK
    return closed or annotations.get("endTurn") is not None


def _pile(document: Document, messages: list[Json], box: list[str]) -> list[str]:
    """The tiles this game deals, next first (see the module's docstring)."""
    annotations = document.data.get("gameAnnotations") or {}
    if not isinstance(annotations, dict):
        raise document.fail("gameAnnotations", f"expected an object, not {annotations!r}")
    order = [t for t in _list(document, annotations.get("drawOrder"), "gameAnnotations.drawOrder")]
    ended = bool(order) and order[-1] == END_MARK
    if ended:
        order.pop()
    placed = [
        payload_of(m).get("tileId")
        for m in messages
        if isinstance(m, dict) and m.get("type") == "PLACE_TILE"
    ]
    land = [t for t in placed if isinstance(t, str) and t in box]
    dealt: list[str] = []
    for i, tile in enumerate(order):
        if not isinstance(tile, str):
            raise document.fail(f"gameAnnotations.drawOrder[{i}]", f"not a tile id: {tile!r}")
        dealt.append(tile)
    dealt += land[len(dealt) :] if len(land) > len(dealt) else []
    end_turn = annotations.get("endTurn")
    if end_turn is not None:
        if isinstance(end_turn, bool) or not isinstance(end_turn, int) or end_turn < 0:
            raise document.fail("gameAnnotations.endTurn", f"expected a count, not {end_turn!r}")
        if len(land) > end_turn:
            raise document.fail(
                "gameAnnotations.endTurn",
                f"the replay places {len(land)} drawn tiles, more than endTurn = {end_turn}",
            )
        ended = True
        dealt = dealt[:end_turn]
    rest = Counter(box)
    for i, tile in enumerate(dealt):
        if rest[tile] <= 0:
            where = f"gameAnnotations.drawOrder[{i}]" if i < len(order) else "replay"
            raise document.fail(where, f"tile {tile!r} is not (or no longer) in the pack")
        rest[tile] -= 1
    if ended:
        return dealt
    # the rest of the box in box order, less the first copies of the tiles dealt: a file
    # written back with its next tile in drawOrder then gives the same pile
    skip = Counter(dealt)
    tail: list[str] = []
    for tile in box:
        if skip[tile] > 0:
            skip[tile] -= 1
        else:
            tail.append(tile)
    return dealt + tail


def replay_document(document: Document, plugins: Iterable[tuple[str, Plugin]] = ()) -> Replayed:
    """Replay a parsed file (see the module's docstring)."""
    plugins = tuple(plugins)
    names = installed_names(plugins)
    config = config_of(document, names, players_of(document), plugins, _ends(document))
    messages = _list(document, document.data.get("replay"), "replay")
    state = _start(document, config)
    setup = document.data["setup"]
    assert isinstance(setup, dict)
    items = _list(document, setup.get("start"), "setup.start")
    starts = [s.get("tile") for s in items if isinstance(s, dict)]
    pile = _pile(document, messages, _box(config, [t for t in starts if isinstance(t, str)]))
    state.resume_at(player=0, turn=1, pile=list(reversed(pile)))
    replayed = Replayed(document, names, config, state)
    rng = JczRandom(_random_of(document.data.get("initialRandom")) or 0.0)
    before: GameState | None = None
    notes: dict[str, Json] = {}
    for index, message in enumerate(messages):
        before = state.clone()
        replayed.events.append(_apply(document, names, state, message, index, notes, rng))
    replayed.at = state
    last = messages[-1] if messages else None
    if (
        before is not None
        and isinstance(last, dict)
        and last.get("type") != "COMMIT"
        and before.pending.kind == "figure"
        and state.pending.kind != "figure"
        and not _before_scoring(state, replayed.events[-1])
    ):
        replayed.at, replayed.mid_commit = before, True
    return replayed


_SCORED = (ev.FeatureCompleted, ev.PointsScored, ev.TurnStarted, ev.GameOver)


def _before_scoring(state: GameState, events: list[Event]) -> bool:
    """Whether the game waits for a decision asked by the turn's action before its scoring."""
    if state.pending.kind in ("draw", "tile", "end"):
        return False
    return not any(type(e) in _SCORED for e in events)


def _apply(
    document: Document,
    names: JczNames,
    state: GameState,
    message: Json,
    index: int,
    notes: dict[str, Json],
    rng: JczRandom,
) -> list[Event]:
    path = f"replay[{index}]"
    if not isinstance(message, dict):
        raise document.fail(path, f"expected a message object, not {message!r}")
    kind, payload = message.get("type"), message.get("payload", {})
    if not isinstance(kind, str):
        raise document.fail(f"{path}.type", f"expected a message type, not {kind!r}")
    if not isinstance(payload, dict):
        raise document.fail(f"{path}.payload", f"expected an object, not {payload!r}")
    readers = names.reader_for(kind, payload)
    if not readers:
        if kind in names.messages:
            keys = {key for reader in names.messages[kind] for key in reader.when}
            narrowed = sorted(f"{key}={payload.get(key)!r}" for key in keys)
            raise document.fail(path, f"{kind} with {', '.join(narrowed)} is not supported")
        raise document.fail(path, f"message type {kind} is not supported")
    own = _random_of(payload.get("random"))
    if own is not None:
        rng.value = own  # JCZ resets its generator before the message is applied
    context = ReadContext(state, names, notes, rng)
    steps: list[Step] | None = None
    try:
        for reader in readers:
            found = reader.read(context, payload)
            if found is not None:
                steps = list(found)
                break
    except (_Refused, JczUnsupported) as exc:
        raise document.fail(path, f"{kind}: {exc}") from None
    if steps is None:
        raise document.fail(
            path,
            f"{kind} cannot be replayed here: this game waits for a {state.pending.kind} decision",
        )
    sender = _sender(document, message, path, len(state.config.names))
    events: list[Event] = []
    for step in steps:
        if sender is not None and type(step) not in (ForcedDraw, ForcedChance):
            _check_sender(document, state, sender, path, kind)
            sender = None  # the message's own decision; what it leads to may be another's
        try:
            if type(step) is ForcedDraw:
                state.force_draw(step.tile)
                rng.advance()  # JCZ drew the tile with its generator
            elif type(step) is ForcedChance:
                state.force_chance(step.outcome)
            else:
                events += state.apply(step)  # type: ignore[arg-type]
        except CarcassonneError as exc:
            raise document.fail(path, f"{kind}: illegal move here ({step}): {exc}") from None
    return events


def _sender(document: Document, message: dict[str, Json], path: str, players: int) -> int | None:
    """The message's ``player`` (who held the decision it answers), or ``None`` when the file
    leaves it out: JCZ itself only times players with it, so a file may lack it; when given,
    it must be a player of the game."""
    player = message.get("player")
    if player is None:
        return None
    if type(player) is not int or not 0 <= player < players:
        raise document.fail(
            f"{path}.player", f"expected a player index from 0 to {players - 1}, not {player!r}"
        )
    return player


def _check_sender(document: Document, state: GameState, sender: int, path: str, kind: str) -> None:
    """Refuse a message sent by another player than the one who decides now (its first
    action's): replaying it would credit one player with another's move."""
    decides = state.pending.player
    if 0 <= decides != sender:
        raise document.fail(
            f"{path}.player",
            f"{kind} sent by player {sender}, but player {decides} decides here "
            f"(a {state.pending.kind} decision)",
        )


def payload_of(message: Json) -> Mapping[str, Json]:
    if isinstance(message, dict) and isinstance(message.get("payload"), dict):
        payload = message["payload"]
        assert isinstance(payload, dict)
        return payload
    return {}
