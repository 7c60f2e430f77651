"""Events: what an action caused, in the order it happened.

Every action returns its events (and the state keeps them as ``last_events``). Front ends animate
them, records and tests compare them. Each event turns into a plain dict with ``to_dict()``.

Events are immutable and cheap: the engine makes several per turn, and search makes millions. Each
event type is, like an action type, a named tuple of fields (``_TileDrawnFields``) with the
:class:`Event` mixin first among its bases: building one is a single tuple allocation (a frozen
dataclass sets each field through ``object.__setattr__``, about three times the cost), fields
read by name, and equality and hashing are type-aware (a ``TileDrawn`` never equals a
``TileReturned`` with the same fields, nor a plain tuple).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple


class Event:
    """Base of every event type: its ``type`` name, type-aware equality, ``to_dict()``."""

    __slots__ = ()
    type: ClassVar[str] = "event"

    if TYPE_CHECKING:
        # Provided by the NamedTuple of fields every event type also derives from (as for
        # actions, a definition here would shadow the tuple's at run time).
        def _asdict(self) -> dict[str, Any]: ...

    # ``self`` is a tuple at run time, which mypy cannot know of a mixin (hence the ignores).
    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[operator]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.type, tuple.__hash__(self)))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        data = self._asdict()
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return {"type": self.type, **data}


class _TileDrawnFields(NamedTuple):
    player: int
    tile: str


class TileDrawn(Event, _TileDrawnFields):
    """A player drew a tile (the tile id is public once drawn)."""

    __slots__ = ()
    type: ClassVar[str] = "tile-drawn"


class TileReturned(Event, _TileDrawnFields):
    """A drawn tile fitted nowhere and went back to the box (the same player draws again)."""

    __slots__ = ()
    type: ClassVar[str] = "tile-returned"


class _TilePlacedFields(NamedTuple):
    player: int
    tile: str
    x: int
    y: int
    rotation: int


class TilePlaced(Event, _TilePlacedFields):
    __slots__ = ()
    type: ClassVar[str] = "tile-placed"


class _FigureFields(NamedTuple):
    player: int
    figure: str
    x: int
    y: int
    location: str


class FigurePlaced(Event, _FigureFields):
    __slots__ = ()
    type: ClassVar[str] = "figure-placed"


class FigureReturned(Event, _FigureFields):
    """A figure went back to its owner's supply."""

    __slots__ = ()
    type: ClassVar[str] = "figure-returned"


class _FeatureCompletedFields(NamedTuple):
    kind: str
    feature: int
    tiles: int


class FeatureCompleted(Event, _FeatureCompletedFields):
    __slots__ = ()
    type: ClassVar[str] = "feature-completed"


class _PointsScoredFields(NamedTuple):
    player: int
    points: int
    kind: str
    feature: int | None
    reason: str
    final: bool = False


class PointsScored(Event, _PointsScoredFields):
    """``player`` scored ``points`` for a feature (``feature`` is its id), or for no feature
    (``None``: a majority of goods, a fairy's point)."""

    __slots__ = ()
    type: ClassVar[str] = "points"


class _DecisionPendingFields(NamedTuple):
    player: int
    kind: str


class DecisionPending(Event, _DecisionPendingFields):
    """A decision now waits on ``player`` (used for decisions of non-active players)."""

    __slots__ = ()
    type: ClassVar[str] = "decision"


class _TurnStartedFields(NamedTuple):
    player: int
    turn: int


class TurnStarted(Event, _TurnStartedFields):
    __slots__ = ()
    type: ClassVar[str] = "turn"


class _GameOverFields(NamedTuple):
    scores: tuple[int, ...]
    ranking: tuple[int, ...]


class GameOver(Event, _GameOverFields):
    """Final scores and ranking (1 = best; tied players share a rank)."""

    __slots__ = ()
    type: ClassVar[str] = "game-over"


class _NoteFields(NamedTuple):
    source: str
    message: str
    player: int = -1


class Note(Event, _NoteFields):
    """A plugin-specific happening that has no event type of its own."""

    __slots__ = ()
    type: ClassVar[str] = "note"


# ---------------------------------------------------------------------------------------------
# The events of the general mechanics plugins build on (docs/hooks.md, "Turn parts, pieces,
# chance and the pile"): each names what happened in words a front end can show.


class _TurnPartFields(NamedTuple):
    player: int
    turn: int
    part: int
    reason: str


class TurnPartStarted(Event, _TurnPartFields):
    """The active player goes on with another part of the same turn (``part`` 1, 2 ...)."""

    __slots__ = ()
    type: ClassVar[str] = "turn-part"


class _FigureRemovedFields(NamedTuple):
    player: int
    figure: str
    x: int
    y: int
    location: str
    reason: str


class FigureRemoved(Event, _FigureRemovedFields):
    """A rule took a figure off the board and back to its owner's supply (eaten by the
    dragon, sent home by the princess): ``reason`` says which."""

    __slots__ = ()
    type: ClassVar[str] = "figure-removed"


class _FigureCapturedFields(NamedTuple):
    captor: int
    player: int
    figure: str
    x: int
    y: int
    location: str
    reason: str


class FigureCaptured(Event, _FigureCapturedFields):
    """A figure left the board as ``captor``'s prisoner."""

    __slots__ = ()
    type: ClassVar[str] = "figure-captured"


class _PrisonerReleasedFields(NamedTuple):
    captor: int
    player: int
    figure: str
    reason: str


class PrisonerReleased(Event, _PrisonerReleasedFields):
    """A prisoner went back to its owner's supply (an exchange, a ransom)."""

    __slots__ = ()
    type: ClassVar[str] = "prisoner-released"


class _PointsTransferredFields(NamedTuple):
    payer: int
    payee: int
    points: int
    reason: str


class PointsTransferred(Event, _PointsTransferredFields):
    """``points`` went from ``payer``'s score to ``payee``'s (a ransom)."""

    __slots__ = ()
    type: ClassVar[str] = "points-transferred"


class _PieceFields(NamedTuple):
    kind: str
    owner: int
    x: int
    y: int
    location: str | None


class PiecePlaced(Event, _PieceFields):
    """A piece (a neutral figure, a token) was put on the board; ``owner`` -1 is neutral."""

    __slots__ = ()
    type: ClassVar[str] = "piece-placed"


class _PieceMovedFields(NamedTuple):
    kind: str
    owner: int
    from_x: int
    from_y: int
    x: int
    y: int
    location: str | None


class PieceMoved(Event, _PieceMovedFields):
    """A piece moved from ``(from_x, from_y)`` to ``(x, y)`` (the dragon, the fairy)."""

    __slots__ = ()
    type: ClassVar[str] = "piece-moved"


class _PieceRemovedFields(NamedTuple):
    kind: str
    owner: int
    x: int
    y: int
    location: str | None
    reason: str


class PieceRemoved(Event, _PieceRemovedFields):
    """A piece left the board."""

    __slots__ = ()
    type: ClassVar[str] = "piece-removed"


class _ChanceFields(NamedTuple):
    name: str
    outcome: str


class ChanceDrawn(Event, _ChanceFields):
    """A chance draw inside a turn came out as ``outcome`` (a sheep from the bag)."""

    __slots__ = ()
    type: ClassVar[str] = "chance"


class _TileSetAsideFields(NamedTuple):
    tile: str
    reason: str


class TileSetAside(Event, _TileSetAsideFields):
    """A tile was set aside, face up, out of the pile (until it is shuffled back in)."""

    __slots__ = ()
    type: ClassVar[str] = "tile-set-aside"


class _TilesShuffledFields(NamedTuple):
    tiles: tuple[str, ...]
    reason: str


class TilesShuffledIn(Event, _TilesShuffledFields):
    """Set-aside tiles (known to all) were shuffled back into the pile."""

    __slots__ = ()
    type: ClassVar[str] = "tiles-shuffled-in"


class _TileUnderFields(NamedTuple):
    x: int
    y: int
    reason: str


class TilePutUnder(Event, _TileUnderFields):
    """The next tile of the pile went face down under the tile at ``(x, y)``, unseen (its id
    is not in the event: nobody may know it)."""

    __slots__ = ()
    type: ClassVar[str] = "tile-put-under"
