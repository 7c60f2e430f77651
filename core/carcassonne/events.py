"""Events: what an action caused, in the order it happened.

Every action returns its events (and the state keeps them as ``last_events``). Front ends animate
them, records and tests compare them. Each event turns into a plain dict with ``to_dict()``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return {"type": self.type, **data}


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """A player drew a tile (the tile id is public once drawn)."""

    type: ClassVar[str] = "tile-drawn"
    player: int
    tile: str


@dataclass(frozen=True, slots=True)
class TileReturned(Event):
    """A drawn tile fitted nowhere and went back to the box (the same player draws again)."""

    type: ClassVar[str] = "tile-returned"
    player: int
    tile: str


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    type: ClassVar[str] = "tile-placed"
    player: int
    tile: str
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class FigurePlaced(Event):
    type: ClassVar[str] = "figure-placed"
    player: int
    figure: str
    x: int
    y: int
    location: str


@dataclass(frozen=True, slots=True)
class FigureReturned(Event):
    """A figure went back to its owner's supply."""

    type: ClassVar[str] = "figure-returned"
    player: int
    figure: str
    x: int
    y: int
    location: str


@dataclass(frozen=True, slots=True)
class FeatureCompleted(Event):
    type: ClassVar[str] = "feature-completed"
    kind: str
    feature: int
    tiles: int


@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    """``player`` scored ``points`` for a feature (``feature`` is its id, -1 for none)."""

    type: ClassVar[str] = "points"
    player: int
    points: int
    kind: str
    feature: int
    reason: str
    final: bool = False


@dataclass(frozen=True, slots=True)
class DecisionPending(Event):
    """A decision now waits on ``player`` (used for decisions of non-active players)."""

    type: ClassVar[str] = "decision"
    player: int
    kind: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn"
    player: int
    turn: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """Final scores and ranking (1 = best; tied players share a rank)."""

    type: ClassVar[str] = "game-over"
    scores: tuple[int, ...]
    ranking: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A plugin-specific happening that has no event type of its own."""

    type: ClassVar[str] = "note"
    source: str
    message: str
    player: int = -1
