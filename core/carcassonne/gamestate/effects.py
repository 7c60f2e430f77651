"""The general mechanics' changes to the game that plugins make from their hooks (docs/hooks.md,
"Turn parts, pieces, chance and the pile"): decisions asked (``ask``, ``ask_round``), another
part of the turn, points moved between players, figures taken off the board or captured,
prisoners released, pieces put on the board, moved and taken off. Each change replaces the one
immutable ``_x`` value (or a supply dict, copied on write), so that clones stay cheap and undo
exact.

The layer above :mod:`carcassonne.gamestate.changes` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from collections.abc import Iterable

from carcassonne import events as ev
from carcassonne.errors import CarcassonneError
from carcassonne.features import FIGS, KIND
from carcassonne.gamestate.changes import Changes
from carcassonne.gamestate.data import END
from carcassonne.values import NEUTRAL, Decision, Figure, Piece, Prisoner, ReturnedFigure


class Effects(Changes):
    """What a hook may change besides awards, figures placed and plugin data."""

    __slots__ = ()

    def ask(self, decision: Decision) -> None:
        """Queue a decision for any player, from any hook during a turn.

        Decisions asked while a tile is placed are taken before the figure phase; those asked
        by the figure phase's action before the scoring phase; those asked later in the turn
        after its scoring phase, before the ``carcassonne_after_scoring`` ones; those asked
        while a decision is answered, after the decisions already queued. They are taken in
        the order asked; a decision whose only action is ``Pass`` is skipped.
        """
        self._asked = self._asked + (decision,)

    def emit(self, events: Iterable[ev.Event]) -> None:
        """Add the events of what a hook did to those of the action being applied, from a hook
        that returns none (``carcassonne_tile_placed``, ``carcassonne_before_scoring`` ...)."""
        self.last_events.extend(events)

    def another_turn_part(self, reason: str) -> None:
        """Give the active player another part of this turn: when the current part ends (its
        scoring and every decision after it), the same player draws and places another tile,
        with the same turn number and ``state.player`` unchanged throughout. Asked twice, two
        more parts. Nothing happens if the pile is empty by then."""
        if self.pending.kind == END:
            raise CarcassonneError("the game is over: no turn part can be added")
        x = self._extras
        self._x = x._replace(more_parts=x.more_parts + (str(reason),))

    def seats_from(self, player: int | None = None) -> list[int]:
        """Every player once, clockwise from ``player`` (the active player by default): the
        order of a decision asked of several players in turn."""
        first = self.player if player is None else player
        n = self.config.players
        if not 0 <= first < n:
            raise CarcassonneError(f"no player {first} in a game of {n}")
        return [(first + k) % n for k in range(n)]

    def ask_round(self, kind: str, *, steps: int | None = None, first: int | None = None) -> None:
        """Ask ``steps`` decisions of ``kind`` (one per player by default), one player after
        another clockwise from ``first`` (the active player by default): step ``k`` is
        ``Decision(kind, player, k)``. Each is taken when the one before was answered, so its
        legal actions see what the earlier steps did (the dragon's six moves)."""
        seats = self.seats_from(first)
        count = len(seats) if steps is None else steps
        if count < 1:
            raise CarcassonneError(f"a round has at least one step, not {count}")
        for k in range(count):
            self.ask(Decision(kind, seats[k % len(seats)], k))

    def transfer_points(
        self, payer: int, payee: int, points: int, reason: str, events: list[ev.Event]
    ) -> None:
        """Move ``points`` from ``payer``'s score to ``payee``'s (a ransom): no points are made
        or lost. The plugin checks what its rule needs first (the payer has enough)."""
        n = self.config.players
        if not (0 <= payer < n and 0 <= payee < n) or payer == payee:
            raise CarcassonneError(f"points move between two players, not {payer} and {payee}")
        if type(points) is not int or points <= 0:
            raise CarcassonneError(f"a transfer moves a positive whole number, not {points!r}")
        self.scores[payer] -= points
        self.scores[payee] += points
        events.append(ev.PointsTransferred(payer, payee, points, reason))

    def remove_figure(
        self, figure: Figure, reason: str, events: list[ev.Event], *, captor: int | None = None
    ) -> ReturnedFigure:
        """Take one figure off the board as a rule's effect (eaten by the dragon, sent home by
        the princess): back to its owner's supply, or with ``captor`` into that player's
        prisoners. ``figure`` is one of ``state.figures_on(...)``/``state.figures()``."""
        feature = self.feature_at(figure.x, figure.y, figure.location)
        graph = self._graph
        root = graph.find(feature)
        figs = list(graph.feats[root][FIGS])
        if figure not in figs:
            raise CarcassonneError(f"no such figure on the board: {figure}")
        figs.remove(figure)
        graph.set_figures(root, tuple(figs))
        x, y, loc = figure.x, figure.y, figure.location
        if captor is None:
            self._to_supply(figure.player, figure.kind, 1)
            events.append(ev.FigureRemoved(figure.player, figure.kind, x, y, loc, reason))
        else:
            if not 0 <= captor < self.config.players:
                raise CarcassonneError(f"no player {captor} to hold a prisoner")
            extras = self._extras
            prisoner = Prisoner(captor, figure.player, figure.kind)
            self._x = extras._replace(prisoners=extras.prisoners + (prisoner,))
            events.append(ev.FigureCaptured(captor, figure.player, figure.kind, x, y, loc, reason))
        return ReturnedFigure(figure.player, figure.kind, x, y, loc, root, graph.feats[root][KIND])

    def release_prisoner(self, prisoner: Prisoner, reason: str, events: list[ev.Event]) -> None:
        """Send a prisoner back to its owner's supply (an exchange, a ransom)."""
        x = self._extras
        if prisoner not in x.prisoners:
            raise CarcassonneError(f"no such prisoner: {prisoner}")
        held = list(x.prisoners)
        held.remove(prisoner)
        self._x = x._replace(prisoners=tuple(held))
        self._to_supply(prisoner.player, prisoner.kind, 1)
        events.append(ev.PrisonerReleased(prisoner.captor, prisoner.player, prisoner.kind, reason))

    def _piece_checked(self, kind: str, owner: int, x: int, y: int, location: str | None) -> Piece:
        info = self.config.piece_kinds.get(kind)
        if info is None:
            known = ", ".join(sorted(self.config.piece_kinds)) or "none"
            raise CarcassonneError(f"unknown piece kind {kind!r} (known: {known})")
        if info.neutral and owner != NEUTRAL:
            raise CarcassonneError(f"a {kind} is neutral: its owner is NEUTRAL, not {owner}")
        if not info.neutral and not 0 <= owner < self.config.players:
            raise CarcassonneError(f"a {kind} belongs to a player, not to {owner}")
        placed = self.board.get((x, y))
        if placed is None:
            raise CarcassonneError(f"no tile at {x},{y} for the {kind}")
        if location is not None:
            index = placed.rot.by_location.get(location)
            if index is None:
                self.feature_at(x, y, location)  # raises the precise error
            else:
                location = placed.rot.features[index].location
        return Piece(kind, owner, x, y, location)

    def put_piece(
        self,
        kind: str,
        owner: int,
        x: int,
        y: int,
        location: str | None,
        events: list[ev.Event],
    ) -> Piece:
        """Put a piece of a declared kind (``carcassonne_piece_kinds``) on the tile at
        ``(x, y)``, at a feature's ``location`` or on the tile as a whole (``None``)."""
        piece = self._piece_checked(kind, owner, x, y, location)
        extras = self._extras
        self._x = extras._replace(pieces=extras.pieces + (piece,))
        events.append(ev.PiecePlaced(piece.kind, owner, x, y, piece.location))
        return piece

    def move_piece(
        self, piece: Piece, x: int, y: int, location: str | None, events: list[ev.Event]
    ) -> Piece:
        """Move a piece on the board to another tile (the dragon's step, the fairy)."""
        extras = self._extras
        if piece not in extras.pieces:
            raise CarcassonneError(f"no such piece on the board: {piece}")
        moved = self._piece_checked(piece.kind, piece.owner, x, y, location)
        pieces = list(extras.pieces)
        pieces[pieces.index(piece)] = moved
        self._x = extras._replace(pieces=tuple(pieces))
        events.append(
            ev.PieceMoved(piece.kind, piece.owner, piece.x, piece.y, x, y, moved.location)
        )
        return moved

    def remove_piece(self, piece: Piece, reason: str, events: list[ev.Event]) -> None:
        extras = self._extras
        if piece not in extras.pieces:
            raise CarcassonneError(f"no such piece on the board: {piece}")
        pieces = list(extras.pieces)
        pieces.remove(piece)
        self._x = extras._replace(pieces=tuple(pieces))
        events.append(
            ev.PieceRemoved(piece.kind, piece.owner, piece.x, piece.y, piece.location, reason)
        )

    # building positions and puzzles (outside the turn rules)

    def add_prisoner(self, captor: int, player: int, kind: str) -> Prisoner:
        """Move a figure of ``player`` from their supply into ``captor``'s prisoners, outside
        the turn rules (positions and puzzles; during play a rule uses ``remove_figure``)."""
        n = self.config.players
        if not (0 <= captor < n and 0 <= player < n) or captor == player:
            raise CarcassonneError(
                f"a prisoner is held by another player: {captor} holds {player}?"
            )
        if self.supply[player].get(kind, 0) <= 0:
            raise CarcassonneError(f"player {player} has no {kind} left to be a prisoner")
        self._to_supply(player, kind, -1)
        prisoner = Prisoner(captor, player, kind)
        x = self._extras
        self._x = x._replace(prisoners=x.prisoners + (prisoner,))
        return prisoner

    def _to_supply(self, player: int, kind: str, count: int) -> None:
        """Add ``count`` figures of ``kind`` to ``player``'s supply (a new :class:`Supply`:
        clones share them)."""
        self.supply[player] = self.supply[player].with_count(kind, count)
