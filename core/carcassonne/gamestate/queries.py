"""The public queries: the game as a whole, the board, and features (what plugins read,
documented in ``docs/hooks.md``).

The layer above :mod:`carcassonne.gamestate.data` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from typing import NoReturn

from carcassonne.actions import Action, ChanceOutcome
from carcassonne.errors import CarcassonneError
from carcassonne.features import ATTRS, BORDERS, FIGS, KIND, OPEN, neighbours_present
from carcassonne.gamestate.data import END, StateData, _is_hole
from carcassonne.notation import action_from_text
from carcassonne.tileset.model import RotatedFeature
from carcassonne.values import ChanceSpec, Figure, Piece, Placed, Pos, Prisoner


class Queries(StateData):
    """What a state answers without changing: the game as a whole, the board, features."""

    __slots__ = ()

    # -- the game as a whole -----------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.pending.kind == END

    def in_extra_turns(self) -> bool:
        """Whether regular play is over and players take the extra turns plugins gave them."""
        return self._in_extra

    def tiles_left(self) -> int:
        return len(self._pile)

    def chances_drawn(self) -> int:
        """How many chance draws (dice, shuffles of a side area) the game has made: with
        :meth:`tiles_left` and ``drawn``, what tells whether hidden information came to light
        between two states of one game (a server refuses an undo across such a draw)."""
        return self._extras.chances

    def draw_pile(self) -> list[str]:
        """The remaining tiles, next to be drawn first."""
        return self._pile[::-1]

    def set_draw_pile(self, tiles: list[str]) -> None:
        """Replace the draw pile by ``tiles``, next first: search bots sample the hidden order on
        a clone (determinisation). Not part of a game's rules: ``undo()`` does not keep it, but
        rebuilds the game's own pile from its origin and the draws logged. Unlike a forced
        chance outcome (which undo keeps) a sampled pile is a guess at hidden information for
        a search, which clones rather than undoes; kept through undo it would also need the
        tiles the undone actions drew put back into a pile the game never had."""
        self._pile = list(reversed(tiles))
        self._legal = None

    def winners(self) -> list[int]:
        """The players with the most points (all of them when tied)."""
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    def ranking(self) -> tuple[int, ...]:
        """Each player's rank by points: 1 = best; tied players share a rank (1, 1, 3)."""
        return tuple(1 + sum(1 for o in self.scores if o > s) for s in self.scores)

    def held_pieces(self) -> list[dict[str, int]]:
        """Per player, the pieces they hold besides figures (an expansion's, such as Abbey &
        Mayor's abbeys), by name; from the ``carcassonne_held_pieces`` hook."""
        held: list[dict[str, int]] = [{} for _ in range(self.config.players)]
        for piece, counts in self.config.hooks.held_pieces(self).items():
            for player, count in enumerate(counts):
                held[player][piece] = count
        return held

    def __str__(self) -> str:
        """The board as text (the terminal game's picture, whole board), with whose turn it is,
        what is pending and the scores; then, when the game uses them, the part of the turn, a
        pending chance draw, tiles set aside, prisoners and counters players hold."""
        from carcassonne.cli.board_view import legend, render_board
        from carcassonne.cli.words import part_reason, state_notes

        config = self.config
        pending = self.pending
        if pending.kind == END:
            head = f"game over after turn {self.turn}"
        elif not 0 <= pending.player < config.players:  # a chance draw: nobody's decision
            head = f"turn {self.turn}: a {pending.kind} draw waits"
        else:
            doing = {
                "tile": f"place {self.drawn}",
                "figure": "place a figure or pass",
                "draw": "draw",
            }.get(pending.kind, f"answer a {pending.kind} decision")
            head = f"turn {self.turn}: {config.names[pending.player]} to {doing}"
        scores = ", ".join(f"{n} {s}" for n, s in zip(config.names, self.scores, strict=True))
        xs = [x for x, _ in self.board] or [0]
        ys = [y for _, y in self.board] or [0]
        board = (
            render_board(self, columns=max(xs) - min(xs) + 1, rows=max(ys) - min(ys) + 1)
            if self.board
            else "(empty board)"
        )
        notes = state_notes(self, config.names.__getitem__, part_reason(self.last_events))
        tail = "".join(f"\n{note}" for note in notes)
        return (
            f"{head}; scores: {scores}; {self.tiles_left()} tiles left\n{board}\n{legend(self)}"
            f"{tail}"
        )

    def __repr__(self) -> str:
        names = ",".join(self.config.names)
        return f"<GameState {names} turn {self.turn} {self.pending.kind} {self.tiles_left()} left>"

    def __dir__(self) -> list[str]:
        """Public names only: the engine's internals (``_graph``, ``_frontier`` ...) are hidden."""
        return sorted(name for name in object.__dir__(self) if not name.startswith("_"))

    def _parse(self, text: str) -> Action:
        action: Action = action_from_text(text, self.config)
        return action

    # -- the board -----------------------------------------------------------------------------

    def tile_at(self, x: int, y: int) -> Placed | None:
        return self.board.get((x, y))

    def placement_order(self) -> list[Pos]:
        """The squares of the board's tiles in the order they were placed (start tile first)."""
        return [pos for pos, _ in sorted(self.board.items(), key=lambda item: item[1].order)]

    def holes(self) -> list[Pos]:
        """Empty squares whose four orthogonal neighbours are all placed, sorted."""
        if not self._holes:
            return []
        return sorted(pos for pos, p in self._frontier.items() if _is_hole(p))

    def neighbours_present(self, x: int, y: int) -> int:
        """How many of the 8 squares around ``(x, y)`` hold a tile."""
        return neighbours_present(self.board, x, y)

    def touches_board(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` is empty and shares an edge with a tile (or the board is empty)."""
        return not self.board or (x, y) in self._frontier

    def edges_fit(self, tile: str, x: int, y: int, rotation: int) -> bool:
        """Whether ``tile`` turned ``rotation`` at the empty square ``(x, y)`` matches the edges
        of its neighbours (no other rule is checked)."""
        pattern = self._frontier.get((x, y))
        if pattern is None:
            return not self.board
        return rotation in self.config.fits(self.config.tile_types[tile], pattern)

    # -- features --------------------------------------------------------------------------------
    #
    # A feature is named by an int id (``feature_at``): a feature id stays valid when the feature
    # grows, naming the larger feature; two ids name the same feature when ``same_feature``.
    # The queries below take ids from plugins and callers: each refuses an id the engine never
    # gave out as feature_id does (a negative id would otherwise wrap around as a Python index).
    # The check costs one comparison (too large an id and a non-int fail in the lookup, caught
    # at no cost when nothing is raised), paid back by finding a root (what callers pass
    # most) without calling find; the engine's own code reads self._graph directly.

    def feature_at(self, x: int, y: int, location: str) -> int:
        """The feature at ``location`` (a side, half-edge, corner, pocket or centre name in
        board orientation) of the tile at ``(x, y)``."""
        placed = self.board.get((x, y))
        if placed is None:
            raise CarcassonneError(f"no tile at {x},{y}")
        index = placed.rot.by_location.get(location)
        if index is None:
            names = sorted(placed.rot.by_location)
            raise CarcassonneError(
                f"the tile at {x},{y} has no feature at {location!r} (try: {', '.join(names)})"
            )
        return self._graph.find(placed.order + index)

    def segments(self, x: int, y: int) -> list[tuple[int, RotatedFeature]]:
        """``(feature, segment)`` for every segment of the tile at ``(x, y)`` (board
        orientation; empty for an empty square)."""
        placed = self.board.get((x, y))
        if placed is None:
            return []
        # FeatureGraph.find inlined (the same path halving): the expansions' figure phases ask
        # this every turn, and a call per segment cost more than the rest of the query
        parent = self._graph.parent
        base = placed.order
        out: list[tuple[int, RotatedFeature]] = []
        for f in placed.rot.features:
            node = base + f.index
            while parent[node] != node:
                parent[node] = node = parent[parent[node]]
            out.append((node, f))
        return out

    def feature_id(self, feature: object) -> int:
        """The current id of the feature an older id names (features merge as tiles join).
        An id the engine never gave out (-1, 999, ``None``) is a :class:`CarcassonneError`;
        so it is for every query that takes a feature id."""
        if type(feature) is not int or not 0 <= feature < len(self._graph):
            self._no_feature(feature)
        return self._graph.find(feature)

    def _no_feature(self, feature: object) -> NoReturn:
        raise CarcassonneError(
            f"no feature {feature!r} on this board (ids run from 0 to {len(self._graph) - 1})"
        )

    def _root(self, feature: object) -> int:
        """The feature (root) an id a caller gave names; an id out of range, or no int, is
        refused. The queries below take ``object``, not ``int``: compiled with mypyc, a method
        whose argument is annotated ``int`` refuses ``None`` with mypyc's own ``TypeError``
        before its body runs, where the engine answers with :class:`CarcassonneError` in
        every build. The typed local ``f`` is where the compiled build checks the type
        instead (its ``TypeError`` is caught here); pure Python pays nothing for it."""
        graph = self._graph
        try:
            f: int = feature  # type: ignore[assignment]
            if f >= 0:
                # (a root, what callers pass most, is known without calling find)
                return f if graph.parent[f] == f else graph.find(f)
        except (IndexError, TypeError):
            pass
        self._no_feature(feature)

    def same_feature(self, a: object, b: object) -> bool:
        return self._root(a) == self._root(b)

    def feature_kind(self, feature: object) -> str:
        graph = self._graph  # _root() inlined: scoring asks this of every feature it scores
        try:
            f: int = feature  # type: ignore[assignment]  # (see _root)
            if f >= 0:
                root = f if graph.parent[f] == f else graph.find(f)
                return graph.feats[root][KIND]
        except (IndexError, TypeError):
            pass
        self._no_feature(feature)

    def feature_tiles(self, feature: object) -> frozenset[Pos]:
        """The squares a feature covers (each tile once, however many segments it has there)."""
        return self._graph.squares(self._root(feature), self.board)

    def feature_open(self, feature: object) -> int:
        """How many of the feature's edges no tile closes yet (0 for fields and centres)."""
        return self._graph.feats[self._root(feature)][OPEN]

    def feature_attr(self, feature: object, name: str) -> int:
        """The sum of attribute ``name`` over the feature's segments (its shields, inns)."""
        attrs = self._graph.feats[self._root(feature)][ATTRS]
        return attrs.get(name, 0) if attrs else 0

    def feature_attrs(self, feature: object) -> dict[str, int]:
        return dict(self._graph.feats[self._root(feature)][ATTRS] or {})

    def figures_on(self, feature: object) -> tuple[Figure, ...]:
        graph = self._graph  # _root() inlined: the figure phase asks this of every segment
        try:
            f: int = feature  # type: ignore[assignment]  # (see _root)
            if f >= 0:
                root = f if graph.parent[f] == f else graph.find(f)
                return graph.feats[root][FIGS]
        except (IndexError, TypeError):
            pass
        self._no_feature(feature)

    def bordering(self, feature: object) -> set[int]:
        """The features a field borders (cities, for the base game's fields)."""
        graph = self._graph
        find = graph.find
        return {find(n) for n in graph.feats[self._root(feature)][BORDERS]}

    def completed_cities(self, field: object) -> int:
        """How many completed cities a field borders (each city once): what farmers and barns
        score by."""
        return sum(
            1
            for city in self.bordering(field)
            if self._graph.record(city)[KIND] == "city" and self._complete(city)
        )

    def is_complete(self, feature: object) -> bool:
        return self._complete(self._root(feature))

    def _complete(self, root: int) -> bool:
        graph = self._graph
        record = graph.feats[root]
        kind = self.config.kinds.get(record[KIND])
        completion = kind.completion if kind is not None else "never"
        if completion == "edges":
            return record[OPEN] == 0
        if completion == "surround":
            x, y = graph.square_of(root, self.board)
            return neighbours_present(self.board, x, y) == 8
        return False

    def features(self) -> list[int]:
        """Every feature on the board, in the order their first segments were placed."""
        return self._graph.roots()

    def figures(self) -> list[tuple[int, Figure]]:
        """``(feature, figure)`` for every figure on the board."""
        feats = self._graph.feats
        return [(root, fig) for root in self._graph.roots() for fig in feats[root][FIGS]]

    def majority(self, feature: object) -> list[int]:
        """Players with the greatest total figure strength in a feature (none if all are 0)."""
        root = self._root(feature)
        totals = [0] * self.config.players
        for fig in self._graph.feats[root][FIGS]:
            totals[fig.player] += self.strength(root, fig)
        best = max(totals)
        if best <= 0:
            return []
        winners = [p for p, t in enumerate(totals) if t == best]
        if len(winners) > 1 and self.config.hooks.breaks_ties:
            return self.config.hooks.break_tie(self, root, winners)
        return winners

    # -- queries: the general mechanics (pieces, prisoners, the pile's side areas, chance) --

    @property
    def turn_part(self) -> int:
        """The part of the current turn: 0, then 1, 2 ... for each part a plugin asked for
        with :meth:`another_turn_part` (the builder's second tile)."""
        return self._extras.part

    def prisoners(self) -> list[Prisoner]:
        """The figures players hold of each other, in the order they were taken."""
        return list(self._extras.prisoners)

    def pieces(self, kind: str | None = None) -> list[Piece]:
        """The pieces on the board (neutral figures, tokens), of ``kind`` if given, in the
        order they were put there."""
        found = self._extras.pieces
        return [p for p in found if kind is None or p.kind == kind]

    def pieces_at(self, x: int, y: int) -> list[Piece]:
        return [p for p in self._extras.pieces if p.x == x and p.y == y]

    def chance_odds(self) -> list[tuple[ChanceOutcome, float]]:
        """The outcomes of the pending chance decision with their probabilities (empty when
        no chance decision is pending)."""
        if self.pending.kind != "chance":
            return []
        spec = self._spec()
        total = sum(spec.weights)
        return [
            (ChanceOutcome(spec.name, o), w / total)
            for o, w in zip(spec.outcomes, spec.weights, strict=True)
            if w
        ]

    def set_aside_tiles(self) -> list[str]:
        """The tiles set aside face up (known to everyone), in the order they were set aside."""
        return list(self._extras.aside)

    def tiles_under(self, x: int, y: int) -> int:
        """How many tiles lie face down under the tile at ``(x, y)`` (their ids stay hidden)."""
        return sum(1 for pos, _ in self._extras.under if pos == (x, y))

    def _spec(self) -> ChanceSpec:
        spec = self.pending.data
        assert isinstance(spec, ChanceSpec)
        return spec
