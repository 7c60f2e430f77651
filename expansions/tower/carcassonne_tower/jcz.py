"""The Tower's JCloisterZone names: the ``tower`` set and element, the ``Tower`` feature, the
``TOWER_PIECE`` token, and the messages of its turn (format reference §7.3):

* ``PLACE_TOKEN {token: TOWER_PIECE, pointer}``: a piece on a tower (:class:`AddFloor`);
* ``CAPTURE_FOLLOWER {pointer: MeeplePointer}`` or ``PASS``: JCZ's ``TowerCapturePhase``;
* ``EXCHANGE_FOLLOWER {meepleId}``: the kind that comes back when the captor may choose;
* ``PAY_RANSOM {meepleId}``: at any moment of the payer's turn, no COMMIT.

JCZ names a prisoner by its meeple id, this engine by its holder and kind: the reader writes
down who holds each id it saw captured (``context.notes``), so a ransom finds its holder.
JCZ's action classes (FanCloisterZone's ``Available action X``): ``TowerPieceAction`` (a piece)
and ``TakePrisonerAction`` (a capture); a follower on top of a tower is a ``MeepleAction``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from carcassonne import Action, OptionValue, Pass, PlaceFigure
from carcassonne.jcz.names import (
    JczAction,
    JczConfig,
    JczElement,
    JczFeature,
    JczMessage,
    JczName,
    JczPhase,
    JczReadContext,
    JczSet,
    JczToken,
    JczWriteContext,
    JczWriter,
    Json,
    Message,
    Step,
    count_value,
    jcz_edition,
)
from carcassonne_tower.common import (
    CAPTURE_DECISION,
    EXCHANGE_DECISION,
    FLOOR,
    NAME,
    OPT_PIECES,
    PIECES_BY_PLAYERS,
    TOWER,
    AddFloor,
    Capture,
    Exchange,
    Ransom,
)

TOKEN = "TOWER_PIECE"
#: ``context.notes`` key: JCZ meeple id -> the player who holds it as a prisoner
NOTES = f"{NAME}.prisoners"


def _set_options(edition: int | None) -> Mapping[str, OptionValue]:
    """The tiles of ``tower:1`` and ``tower:2`` follow the game's edition (the basic set's)."""
    return {}


def _read_pieces(value: Json) -> Mapping[str, OptionValue]:
    """JCZ deals pieces by player count whatever the number says (format reference §4.2)."""
    if value is not None:
        count_value(value, NAME)
    return {OPT_PIECES: 0}


def _write_pieces(config: JczConfig) -> Json:
    """JCZ's own count for the player count (it reads no other; ``tower.pieces`` is lost)."""
    return PIECES_BY_PLAYERS.get(config.players, 3)


def _held(ctx: JczReadContext) -> dict[str, Json]:
    held = ctx.notes.setdefault(NOTES, {})
    assert isinstance(held, dict)
    return held


def _commit(ctx: JczWriteContext) -> Message:
    return ("COMMIT", {"random": ctx.random()})


# -- reading -------------------------------------------------------------------------------------


def read_piece(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    x, y, _location = ctx.place(payload.get("pointer"))
    return [AddFloor(x, y)]


def read_capture(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    pointer = payload.get("pointer")
    if not isinstance(pointer, dict) or "featurePointer" not in pointer:
        ctx.fail("payload.pointer must be a MeeplePointer {featurePointer, meepleId}")
    meeple = pointer.get("meepleId")
    placed = ctx.place_figure(meeple, pointer["featurePointer"])
    assert isinstance(meeple, str) and isinstance(placed, PlaceFigure)  # checked by the context
    player = int(meeple.split(".")[0])
    captor = ctx.state.pending.player
    if player != captor:
        _held(ctx)[meeple] = captor
    return [Capture(player, placed.figure, placed.x, placed.y, placed.location)]


def read_exchange(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    meeple = payload.get("meepleId")
    kind = ctx.figure(meeple)
    _held(ctx).pop(str(meeple), None)
    return [Exchange(kind)]


def read_ransom(ctx: JczReadContext, payload: Mapping[str, Json]) -> Sequence[Step] | None:
    """The holder is the one the file's capture named; else the only one holding that kind."""
    meeple = payload.get("meepleId")
    kind = ctx.figure(meeple)
    offered = [a for a in ctx.state.legal_actions() if type(a) is Ransom and a.figure == kind]
    captor = _held(ctx).pop(str(meeple), None)
    if isinstance(captor, int):
        return [Ransom(captor, kind)]
    if len(offered) == 1:
        return [offered[0]]
    if not offered:
        ctx.fail(f"no ransom of {meeple!r} can be paid here")
    holders = ", ".join(str(a.captor) for a in offered if isinstance(a, Ransom))
    ctx.fail(f"{meeple!r} was not captured in this file and players {holders} hold a {kind}")


# -- writing -------------------------------------------------------------------------------------


def write_piece(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, AddFloor)
    payload: dict[str, Json] = {
        "token": ctx.token(FLOOR),
        "pointer": ctx.pointer(action.x, action.y, TOWER),
    }
    if ctx.after.pending.kind == CAPTURE_DECISION:
        return [("PLACE_TOKEN", payload)]
    return [("PLACE_TOKEN", payload), _commit(ctx)]  # nothing in sight: no capture phase


def write_capture(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, Capture)
    where = (action.x, action.y, action.location)
    pointer: dict[str, Json] = {
        "featurePointer": ctx.figure_pointer(action.figure, *where),
        "meepleId": ctx.meeple_id(action.player, action.figure, *where),
    }
    message: Message = ("CAPTURE_FOLLOWER", {"pointer": pointer})
    if ctx.after.pending.kind == EXCHANGE_DECISION:
        return [message]
    return [message, _commit(ctx)]


def write_pass(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    if ctx.before.pending.kind != CAPTURE_DECISION:
        return None
    return [("PASS", {}), _commit(ctx)]


def write_exchange(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, Exchange)
    decision = ctx.before.pending
    assert isinstance(decision.data, int)
    meeple = ctx.prisoner_id(decision.data, decision.player, action.figure)
    return [("EXCHANGE_FOLLOWER", {"meepleId": meeple}), _commit(ctx)]


def write_ransom(ctx: JczWriteContext, action: Action) -> Sequence[Message] | None:
    assert isinstance(action, Ransom)
    meeple = ctx.prisoner_id(action.captor, ctx.before.player, action.figure)
    return [("PAY_RANSOM", {"meepleId": meeple})]


NAMES: list[JczName] = [
    JczSet(NAME, lambda c: f"{NAME}:{jcz_edition(c)}", _set_options),
    JczElement(NAME, _read_pieces, _write_pieces),
    JczFeature("Tower", TOWER),
    JczToken(TOKEN, FLOOR),
    JczMessage("PLACE_TOKEN", read_piece, when={"token": TOKEN}),
    JczMessage("CAPTURE_FOLLOWER", read_capture),
    JczMessage("EXCHANGE_FOLLOWER", read_exchange),
    JczMessage("PAY_RANSOM", read_ransom),
    JczWriter(AddFloor, write_piece),
    JczWriter(Capture, write_capture),
    JczWriter(Pass, write_pass),
    JczWriter(Exchange, write_exchange),
    JczWriter(Ransom, write_ransom),
    JczPhase(CAPTURE_DECISION, "TowerCapturePhase"),
    JczPhase(EXCHANGE_DECISION, "TowerCapturePhase"),
    JczAction("TowerPieceAction", lambda s, a: type(a) is AddFloor),
    JczAction("TakePrisonerAction", lambda s, a: type(a) is Capture),
]
