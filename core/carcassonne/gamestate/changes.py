"""The mutators of the state, for the core and for plugins: ``award``, ``return_figures``,
``place_figure`` and ``lay_tile`` (docs/hooks.md; ``ask`` is with the other decisions in
:mod:`carcassonne.gamestate.effects`). They check no rule: rules are
enforced by offering only legal actions.

The layer above :mod:`carcassonne.gamestate.refusals` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from collections.abc import Iterable

from carcassonne import events as ev
from carcassonne.errors import CarcassonneError
from carcassonne.features import FIGS, KIND
from carcassonne.gamestate.data import _new
from carcassonne.gamestate.refusals import Refusals
from carcassonne.values import Figure, ReturnedFigure


class Changes(Refusals):
    """Changing the state (for the core and for plugins)."""

    __slots__ = ()

    def award(
        self,
        player: int,
        points: int,
        feature: int | None,
        kind: str,
        reason: str,
        events: list[ev.Event] | None,
        final: bool = False,
    ) -> None:
        """Give ``points`` to ``player`` for ``feature`` now (a plugin's own scoring moment,
        such as the abbot's early return); scoring hooks answer ``Award`` items instead.
        ``feature=None``: points for no feature (a fairy's point), ``kind`` says what for.
        ``events``: the list the ``PointsScored`` event joins; ``None`` builds none (the
        engine's own calls on the event-less path, ``apply(..., events=False)``)."""
        if points:
            self.scores[player] += points
            if events is not None:
                events.append(ev.PointsScored(player, points, kind, feature, reason, final))

    def return_figures(
        self, feature: int, events: list[ev.Event] | None, kinds: Iterable[str] | None = None
    ) -> list[ReturnedFigure]:
        """Send the figures of a feature (only ``kinds`` if given) back to their supplies.
        ``events``: the list their ``FigureReturned`` events join (``None``: none built)."""
        graph = self._graph
        root = graph.find(feature)
        record = graph.feats[root]
        figs = record[FIGS]
        if not figs:
            return []
        wanted = None if kinds is None else frozenset(kinds)
        keep = []
        out = []
        for fig in figs:
            if wanted is not None and fig.kind not in wanted:
                keep.append(fig)
                continue
            # a new Supply: clones share them
            self.supply[fig.player] = self.supply[fig.player].with_count(fig.kind, 1)
            x, y, loc = fig.x, fig.y, fig.location
            out.append(ReturnedFigure(fig.player, fig.kind, x, y, loc, root, record[KIND]))
            if events is not None:
                events.append(ev.FigureReturned(fig.player, fig.kind, x, y, loc))
        graph.set_figures(root, tuple(keep))
        return out

    def place_figure(
        self,
        player: int,
        kind: str,
        x: int,
        y: int,
        location: str,
        events: list[ev.Event] | None,
    ) -> None:
        """Move a figure from ``player``'s supply onto the feature at ``location`` of ``(x, y)``.
        ``events``: the list the ``FigurePlaced`` event joins (``None``: none built).

        No rule check: rules are enforced by offering only legal actions.
        """
        placed = self.board.get((x, y))
        index = placed.rot.by_location.get(location) if placed is not None else None
        if placed is None or index is None:
            self.feature_at(x, y, location)  # raises the precise error
            return
        if self.supply[player].get(kind, 0) <= 0:
            raise CarcassonneError(f"player {player} has no {kind} left")
        self.supply[player] = self.supply[player].with_count(kind, -1)  # clones share them
        self._graph.add_figure(placed.order + index, _new(Figure, (player, kind, x, y, location)))
        if events is not None:
            events.append(_new(ev.FigurePlaced, (player, kind, x, y, location)))

    def lay_tile(self, tile: str, x: int, y: int, rotation: int) -> None:
        """Put a tile on the board outside the turn rules (positions, puzzles): it must touch
        the board along an edge (unless the board is empty) and match its neighbours. Features
        it completes are not scored."""
        tile = self.config.resolve_tile(tile)
        if rotation not in (0, 90, 180, 270):
            raise CarcassonneError(f"rotation must be 0, 90, 180 or 270, not {rotation}")
        if (x, y) in self.board:
            raise CarcassonneError(f"{x},{y} is already taken")
        if not self.touches_board(x, y):
            raise CarcassonneError(f"{x},{y} does not touch any tile along an edge")
        if not self.edges_fit(tile, x, y, rotation):
            raise CarcassonneError(f"its edges do not match its neighbours at {x},{y}")
        self._lay(self.config.tile_types[tile], x, y, rotation, -1)
