"""Legal actions: the placements of a tile, the figure actions, the pending decision's list,
and the placement questions a search asks (``would_complete``, ``completions``,
``fits_somewhere``, ``placements_of``).

The layer above :mod:`carcassonne.gamestate.queries` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from itertools import accumulate, repeat
from operator import is_
from typing import cast

from carcassonne.actions import (
    _LOCATION_RANK,
    Action,
    ChanceOutcome,
    Draw,
    Pass,
    PlaceFigure,
    PlaceTile,
    sort_actions,
)
from carcassonne.codes import Refusal
from carcassonne.errors import IllegalActionError
from carcassonne.features import FIGS, KIND
from carcassonne.gamestate.data import END
from carcassonne.gamestate.queries import Queries
from carcassonne.tileset.model import Rotated, TileType
from carcassonne.values import ChanceSpec

_PASS = Pass()
_DRAW = Draw()
_location_rank = _LOCATION_RANK.get
_UNRANKED = len(_LOCATION_RANK)

#: An action's hash as a plain tuple (in C; TypedAction's own hash also mixes in the verb).
_tuple_hash = cast("Callable[[Action], int]", tuple.__hash__)


def _look(rot: Rotated) -> tuple[object, ...]:
    """What one rotation of a tile looks like on the board: its edges and its features (kind,
    the locations they cover, attributes). Two rotations with equal looks are one placement."""
    features = frozenset(
        (f.kind, frozenset(f.locations), tuple(sorted(f.attrs.items()))) for f in rot.features
    )
    return (rot.edges, features)


def _elsewhere(actions: list[Action], x: int, y: int) -> bool:
    """Whether ``actions`` hold a figure away from ``(x, y)``: False when each ``PlaceFigure``
    is on that square (what the figure phase of most games offers; other actions, a fairy's
    move, are not checked there either), so that the exact check
    (:meth:`Legal._checked_elsewhere`) runs only where it may find something."""
    for action in actions:
        if type(action) is PlaceFigure and (action[1] != x or action[2] != y):
            return True
    return False


def _counted(fitting: list[tuple[int, ...]]) -> tuple[list[int], list[tuple[int, ...]]]:
    """A placement table: the running count of placements up to and including each square,
    and the rotations per square (``fitting``), as ids index them (all in C)."""
    return (list(accumulate(map(len, fitting))), fitting)


def _built(
    tid: str, squares: list[tuple[int, int]], fitting: list[tuple[int, ...]]
) -> list[PlaceTile]:
    """The placements of tile ``tid`` that ``fitting`` lists per square, in that order, built
    directly as tuples (no named-tuple ``__new__`` per placement)."""
    new = tuple.__new__
    return [
        new(PlaceTile, (tid, x, y, r))
        for (x, y), rots in zip(squares, fitting, strict=True)
        for r in rots
    ]


def _here_key(action: Action) -> tuple[object, ...]:
    """What orders ``PlaceFigure`` actions on one square as :func:`action_sort_key` does:
    their figure, then their location in board order (the rest of that key is equal)."""
    location = action[3]  # type: ignore[index]
    return (action[0], _location_rank(location, _UNRANKED), location)  # type: ignore[index]


def _sorted_here(actions: list[Action], x: int, y: int) -> list[Action]:
    """``actions`` (two or more) in the order of :func:`sort_actions`. The figure phase of
    most games offers only ``PlaceFigure`` actions on the tile just placed (the more figures
    the players keep, the more of them: five players keep theirs longer than two); those are
    sorted by :func:`_here_key`, which compares as the full key does and costs less."""
    for action in actions:
        if type(action) is not PlaceFigure or action[1] != x or action[2] != y:
            return sort_actions(actions)
    try:
        return sorted(actions, key=_here_key)
    except TypeError:  # a field that does not compare (the general sort's own fallback)
        return sort_actions(actions)


class Legal(Queries):
    """The legal actions of the pending decision and of any tile on the current board."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every legal action of the pending decision, in the order of
        :func:`carcassonne.actions.sort_actions` (tile placements by square and rotation)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_action_ids(self) -> range:
        """The legal actions of the pending decision as integers: ``range(n)``, where id ``k``
        is ``legal_actions()[k]`` (same order, same length; empty once the game is over).

        A search or a random player picks an id and plays it with ``apply_id``: the drawn
        tile's placements are then counted from the fit table (less the placements a plugin
        vetoes, asked once per draw), not built as one ``PlaceTile`` each (only the one chosen
        is built); the actions a player may take at any time come after them. An id is valid
        until the next action, ``undo``, forced draw or restore."""
        table = (self._ids or self._placement_table()) if self.pending.kind == "tile" else None
        if table is not None:
            if not self.config.hooks.offers_anytime:
                return range(table[0][-1])
            tail = self._anytime_after()
            if tail is not None:
                return range(table[0][-1] + len(tail))
        if self._legal is None:
            self._legal = self._compute_legal()
        return range(len(self._legal))

    def placement_rows(self) -> tuple[str, list[tuple[int, int]], list[tuple[int, ...]]] | None:
        """A tile decision's legal actions as rows ``(tile, squares, rotations)``:
        ``legal_actions()`` is, in order, ``PlaceTile(tile, x, y, r)`` for each square
        ``squares[j] == (x, y)`` and each ``r`` in ``rotations[j]``. ``None`` for any other
        decision, or where a plugin's any-time actions follow the placements.

        For front ends that write the legal actions after every move (``serialize.legal_json``)
        without building a ``PlaceTile`` each. The lists are the state's own: read them at
        once, never change them."""
        if self.pending.kind != "tile" or self.config.hooks.offers_anytime:
            return None
        table = self._ids or self._placement_table()
        if table is None or self.drawn is None:
            return None
        return self.drawn, self._squares, table[1]

    def action_for_id(self, action_id: object) -> Action:
        """The legal action with id ``action_id`` (``legal_actions()[action_id]``), built
        alone; an id outside ``legal_action_ids()``, or no ``int``, raises
        :class:`IllegalActionError` (``not-offered``). Typed ``object`` so that the compiled
        build refuses ``None`` or ``True`` the same way (mypyc checks an ``int`` argument with
        its own ``TypeError``, and lets ``True`` through as 1)."""
        table = (self._ids or self._placement_table()) if self.pending.kind == "tile" else None
        tail: list[Action] | None = []
        if table is not None and self.config.hooks.offers_anytime:
            tail = self._anytime_after()
        if table is not None and tail is not None:
            counts, fitting = table
            placed = counts[-1]
            if type(action_id) is int and 0 <= action_id < placed:
                j = bisect_right(counts, action_id)
                x, y = self._squares[j]
                rotation = fitting[j][action_id - counts[j - 1] if j else action_id]
                return tuple.__new__(PlaceTile, (self.drawn, x, y, rotation))
            if type(action_id) is int and placed <= action_id < placed + len(tail):
                return tail[action_id - placed]
            count = placed + len(tail)
        else:
            if self._legal is None:
                self._legal = self._compute_legal()
            legal = self._legal
            if type(action_id) is int and 0 <= action_id < len(legal):
                return legal[action_id]
            count = len(legal)
        raise IllegalActionError(
            action_id,
            f"no legal action has the id {action_id!r} (ids now: 0..{count - 1})"
            if count
            else f"no legal action has the id {action_id!r} (none is legal now)",
            "not-offered",
            ids=count,
        )

    def _anytime_after(self) -> list[Action] | None:
        """The actions at any time that follow a tile decision's placements in
        ``legal_actions()``, sorted: the ids after the placement table's; None if one would
        sort among or before the placements (a ``Draw`` or ``PlaceTile`` offered at any time:
        no rule does so, but then ids index the legal list, which stays exact)."""
        if self.pending.player != self.player or self._in_extra:
            return []
        extra = self._anytime()
        if not extra:
            return extra
        if any(type(a) is PlaceTile or type(a) is Draw for a in extra):
            return None
        return sort_actions(extra)

    def _placement_table(self) -> tuple[list[int], list[tuple[int, ...]]] | None:
        """The drawn tile's placements as counts (``_ids``), built once per draw (vetoes are
        asked then); None for any decision but a tile one."""
        table = self._ids
        if table is not None:
            return table
        if self.pending.kind != "tile":
            return None
        assert self.drawn is not None
        table = self._ids = _counted(self._fitting(self.config.tile_types[self.drawn]))
        return table

    def legal_tile_placements(self) -> list[tuple[int, int, int]]:
        """``(x, y, rotation)`` of every legal placement of the drawn tile."""
        if self.pending.kind != "tile":
            return []
        return [(a.x, a.y, a.rotation) for a in self._candidates()]

    def _candidates(self) -> list[PlaceTile]:
        """Placements of the drawn tile, built once per draw (and after a restore) from its
        placement table (so that vetoes are asked once per draw either way)."""
        if self._cands is None:
            table = self._placement_table()
            assert table is not None and self.drawn is not None
            self._cands = _built(self.drawn, self._squares, table[1])
        return self._cands

    def combined_actions(self) -> list[tuple[Action, Action | None]]:
        """Tile placement and figure choice as one step: ``(tile action, figure action)`` pairs.

        Only meaningful while a tile decision is pending; each pair is played by applying both.
        """
        if self.pending.kind != "tile":
            return [(a, None) for a in self.legal_actions()]
        pairs: list[tuple[Action, Action | None]] = []
        for action in self.legal_actions():
            probe = self.clone()
            probe.apply(action)
            pairs.extend((action, fig) for fig in probe.legal_actions())
        return pairs

    def _compute_legal(self) -> list[Action]:
        """The pending decision's own actions, then (only where a plugin offers them) the
        actions the active player may take at any time of their turn."""
        kind = self.pending.kind
        if kind == "tile":
            legal = cast("list[Action]", self._candidates())  # shared: neither list is mutated
        elif kind == "figure":
            legal = self._figure_actions()
        elif kind == "draw":
            if _DRAW in self.turn_actions:  # explicit draws: a tile went back to the box
                return [_DRAW]
            first: Action = _DRAW if self._pile and not self._in_extra else _PASS
            legal = sort_actions([first, *self._turn_actions()])
        elif kind == END:
            return []
        elif kind == "chance":
            spec = self.pending.data
            assert isinstance(spec, ChanceSpec)
            return [ChanceOutcome(spec.name, outcome) for outcome in spec.outcomes]
        else:
            legal = list(self.config.hooks.decision_actions(self, self.pending))
            if legal:
                legal = self._checked_elsewhere(legal, self.pending.player)
                legal = self._vetoed_elsewhere(legal)
            if self.pending.passable or not legal:
                # a forced move (passable=False) is never passed, but one with no action left
                # is moot: its Pass lets _next_decision skip it as it skips any other
                legal.append(_PASS)
            legal = sort_actions(legal)
        if self.config.hooks.offers_anytime:
            return self._with_anytime(legal)
        return legal

    def _with_anytime(self, actions: list[Action]) -> list[Action]:
        """``actions`` and the actions the active player may take at any time of their turn
        (``carcassonne_anytime_actions``), when the pending decision is theirs. A tile
        decision's placements sort before any of those (but a ``Draw`` or ``PlaceTile``), so
        the list is the placements and then the others in order, as ids number them."""
        if self.pending.player != self.player or self._in_extra:
            return actions
        if self.pending.kind == "tile":
            tail = self._anytime_after()
            if tail is not None:
                return [*actions, *tail] if tail else actions
        extra = self._anytime()
        return sort_actions([*actions, *extra]) if extra else actions

    def anytime_actions(self) -> list[Action]:
        """Those of :meth:`legal_actions` that the active player may take at any time of their
        turn (``carcassonne_anytime_actions``: a ransom) rather than answers to the pending
        decision: a front end or exporter that shows or writes the decision's own choices."""
        hooks = self.config.hooks
        if not hooks.offers_anytime or self.pending.kind == END:
            return []
        if self.pending.player != self.player or self._in_extra:
            return []
        return self._anytime()

    def _anytime(self) -> list[Action]:
        offered = self.config.hooks.anytime_actions(self, self.player)
        return list(dict.fromkeys(offered)) if offered else []

    def _turn_actions(self) -> list[Action]:
        if self._turn_opts is None:
            hooks = self.config.hooks
            offered = hooks.turn_actions(self) if hooks.offers_turn_actions else []
            self._turn_opts = list(dict.fromkeys(offered)) if offered else []
        return self._turn_opts

    def _figure_actions(self) -> list[Action]:
        hooks = self.config.hooks
        assert self.last_tile is not None
        x, y = self.last_tile
        actions = hooks.figure_actions(self, x, y, self.player)
        if len(actions) > 1 and len(set(map(_tuple_hash, actions))) < len(actions):
            # perhaps duplicates: drop them, keeping the first (the check above hashes the
            # actions as plain tuples in C, where dict.fromkeys would call their Python
            # __hash__ every turn; equal hashes of different actions only cost this exact pass)
            actions = list(dict.fromkeys(actions))
        passable = True
        if actions and hooks.vetoes_figures:
            vetoes = hooks.veto_figure_actions(self, actions)
            if vetoes:
                actions = [a for a in actions if a not in vetoes]
                # a veto of Pass makes the rest compulsory (the princess a rule says one must
                # use), as long as some action is left
                passable = _PASS not in vetoes
        if actions and hooks.may_offer_elsewhere and _elsewhere(actions, x, y):
            actions = self._checked_elsewhere(actions, self.player)
        if len(actions) > 1:
            actions = _sorted_here(actions, x, y)
        if passable or not actions:
            actions.append(_PASS)  # the last in the documented order
        return actions

    def _checked_elsewhere(self, actions: list[Action], player: int) -> list[Action]:
        """``actions`` without the figures placed away from the tile just placed that the
        placement rules forbid (see :meth:`_elsewhere_refusal`)."""
        here = self.last_tile
        return [
            a
            for a in actions
            if type(a) is not PlaceFigure
            or (a.x, a.y) == here
            or self._elsewhere_refusal(a, player) is None
        ]

    def _vetoed_elsewhere(self, actions: list[Action]) -> list[Action]:
        """``actions`` of a plugin decision without the figures placed away from the tile just
        placed that a plugin's ``carcassonne_veto_figure_actions`` forbids: a figure that
        another rule moves (the wagon after its feature scored) obeys the same vetoes as one
        placed in the figure phase (no figure onto the dragon's square)."""
        hooks = self.config.hooks
        if not hooks.vetoes_figures:
            return actions
        here = self.last_tile
        elsewhere: list[Action] = [
            a for a in actions if type(a) is PlaceFigure and (a.x, a.y) != here
        ]
        if not elsewhere:
            return actions
        vetoed = {a for a in hooks.veto_figure_actions(self, elsewhere) if type(a) is PlaceFigure}
        return [a for a in actions if a not in vetoed] if vetoed else actions

    def _elsewhere_refusal(self, action: PlaceFigure, player: int) -> Refusal | None:
        """Why ``player`` may not place the figure ``action`` offers away from the tile just
        placed (the portal, a plugin decision's figure on another tile), or None if they may.

        On the tile just placed the offering rule is trusted (a builder or a pig joins a
        feature its owner holds); anywhere else a ``PlaceFigure`` follows the placement rules
        (:meth:`_figure_rule_refusal`) and the feature must not be complete (a complete one
        was scored already). A rule that places otherwise (a flier joining an occupied
        feature) offers its own action and calls ``state.place_figure``."""
        return self._figure_rule_refusal(action, player, elsewhere=True)

    def _figure_rule_refusal(
        self, action: PlaceFigure, player: int, elsewhere: bool
    ) -> Refusal | None:
        """The placement rules of a figure: a known kind, a feature at the location, one left
        in the supply, a feature kind that takes it, free; ``elsewhere``: and not complete."""
        config = self.config
        x, y, figure, location = action.x, action.y, action.figure, action.location
        if figure not in config.figure_kinds:
            known = ", ".join(config.figure_kinds)
            return Refusal(
                "unknown-figure",
                f"no figure kind {figure!r} in this game (known: {known})",
                {"figure": figure},
            )
        placed = self.board.get((x, y))
        if placed is None or location not in placed.rot.by_location:
            names = sorted(placed.rot.by_location) if placed is not None else []
            return Refusal(
                "no-feature",
                f"the tile at {x},{y} has no feature at {location!r} "
                + (f"(try: {', '.join(names)})" if names else "(no tile there)"),
                {"location": location, "locations": names},
            )
        if self.supply[player].get(figure, 0) <= 0:
            return Refusal(
                "no-figure-left",
                f"{config.names[player]} has no {figure} left",
                {"figure": figure, "player": player},
            )
        graph = self._graph
        root = graph.find(placed.order + placed.rot.by_location[location])
        kind_name = graph.feats[root][KIND]
        kind = config.kinds.get(kind_name)
        allowed = kind is not None and kind.occupiable
        if allowed and figure in config.followers:
            allowed = kind is not None and kind.followers
            allowed = allowed and (kind_name != "field" or bool(config.options["farmers"]))
        if not allowed:
            return Refusal(
                "figure-not-allowed",
                f"no {figure} may stand on a {kind_name}"
                + (" (the farmers option is off)" if kind_name == "field" else ""),
                {"figure": figure, "feature_kind": kind_name},
            )
        there = graph.feats[root][FIGS]
        if there:
            return Refusal(
                "feature-occupied",
                f"the {kind_name} at {x},{y} {location} already holds "
                + ", ".join(f"{config.names[f.player]}'s {f.kind}" for f in there),
                {
                    "feature": root,
                    "figures": [
                        {"player": f.player, "kind": f.kind, "x": f.x, "y": f.y,
                         "location": f.location}
                        for f in there
                    ],
                },
            )  # fmt: skip
        if elsewhere and self._complete(root):
            return Refusal(
                "feature-complete",
                f"the {kind_name} at {x},{y} {location} is complete: a figure goes on a "
                "complete feature only on the tile just placed",
                {"feature": root, "x": x, "y": y, "location": location},
            )
        return None

    def fits_somewhere(self, tile: str) -> bool:
        """Whether ``tile`` (an id or alias, drawn or not) has a legal placement on the current
        board by the tile rules, as :meth:`placements_of` lists them, without listing them
        where no plugin may veto it (the engine stops at the first square that takes it)."""
        tile_type = self.config.tile_types[self.config.resolve_tile(tile)]
        if self.config.hooks.may_veto(self.config, tile_type):
            return bool(self._placements(tile_type))
        return self._fits_somewhere(tile_type)

    def completions(self) -> list[int]:
        """The features the tile placed this turn completed (sorted feature ids): what this
        turn's scoring phase scores, known from the placement on. Empty before the placement
        and when it completed nothing: then, in a game of the base rules alone, no figure
        choice of this turn scores while the game goes on (the greedy bot skips them)."""
        if not self._completed:
            return []
        find = self._graph.find
        return sorted({find(n) for n in self._completed})

    def would_complete(self, action: PlaceTile) -> bool:
        """Whether the legal placement ``action`` of the drawn tile would complete a feature (a
        road or city closed, a monastery surrounded): what :meth:`completions` would list after
        it, found without placing the tile or copying the state, so that a search can tell the
        placements worth playing out from the rest. What a plugin does when a tile is placed
        (``carcassonne_tile_placed``) is not foreseen. Anything else than a legal placement of
        the pending tile decision raises :class:`IllegalActionError`, as ``apply`` would."""
        if self.pending.kind != "tile" or type(action) is not PlaceTile:
            raise IllegalActionError(
                action, "only a tile placement of a pending tile decision", "wrong-decision"
            )
        if self._check_tile(action) is not None:
            self._refuse(action)
        config = self.config
        tid, x, y, rotation = action  # one unpacking, not four attribute reads (search calls this)
        get = self.board.get
        neighbours = (get((x, y - 1)), get((x + 1, y)), get((x, y + 1)), get((x - 1, y)))
        segments = config._segments.get((tid, rotation)) or config.segment_data(
            config.tile_types[tid], rotation
        )
        return self._graph.completes((x, y), segments, self.board, neighbours)

    def placements_of(self, tile: str, *, distinct: bool = False) -> list[PlaceTile]:
        """Every placement of ``tile`` (an id or alias, drawn or not) on the current board by the
        tile rules: matching edges and the expansions' vetoes (River), as if it were drawn now.
        Tiles that are not drawn but placed by an expansion's own action (the abbey) follow
        that action's rules instead. Sorted by (x, y, rotation).

        ``distinct=True`` keeps one placement per distinct result: rotations of a symmetric tile
        that give the same edges and the same features on the same square are merged, and the
        smallest rotation of each group is kept (a straight road: r0 and r90 only).
        """
        tid = self.config.resolve_tile(tile)
        tile_type = self.config.tile_types[tid]
        cands = self._placements(tile_type)
        if distinct:
            seen: set[tuple[int, int, object]] = set()
            kept = []
            for action in cands:  # sorted: the smallest rotation of each group comes first
                key = (action.x, action.y, _look(tile_type.rotations[action.rotation // 90]))
                if key not in seen:
                    seen.add(key)
                    kept.append(action)
            cands = kept
        return cands

    def _fits_somewhere(self, tile: TileType) -> bool:
        # any() over the frontier's fit lookups, all in C: stops at the first square that fits
        config = self.config
        fit = config._fits.get(tile.id) or config.fit_table(tile)  # (the method's fast path)
        patterns = self._patterns  # (a list iterates in fewer instructions than dict values)
        return any(map(fit.__getitem__, self._frontier.values() if patterns is None else patterns))

    def _placements(self, tile: TileType) -> list[PlaceTile]:
        """Every legal placement of ``tile`` as the action that makes it, in the documented
        order (see :meth:`_fitting`)."""
        return _built(tile.id, self._squares, self._fitting(tile))

    def _fitting(self, tile: TileType) -> list[tuple[int, ...]]:
        """Per frontier square (``_squares`` order) the rotations of ``tile`` that fit there,
        ascending, less the placements a plugin vetoes (``carcassonne_veto_placements``, asked
        with every fitting ``(x, y, rotation)`` in order, only where a plugin may veto the
        tile). The frontier's squares are kept sorted and each square's rotations come out
        of the fit table ascending, so the documented order needs no sort."""
        config = self.config
        squares = self._squares
        # each square's rotations, looked up from its pattern (``_patterns``, aligned with
        # the squares: no (x, y) key hashed) by map() in C
        fit = config._fits.get(tile.id) or config.fit_table(tile)  # (the method's fast path)
        patterns = self._patterns
        fitting = list(map(fit.__getitem__, self._aligned() if patterns is None else patterns))
        if config.hooks.may_veto(config, tile):
            triples = [
                (x, y, r) for (x, y), rots in zip(squares, fitting, strict=True) for r in rots
            ]
            vetoes = config.hooks.veto_placements(self, tile, triples) if triples else None
            if vetoes:
                # the rotations left per square, regrouped (a river tile keeps a few)
                kept: dict[tuple[int, int], list[int]] = {}
                for x, y, r in triples:
                    if (x, y, r) not in vetoes:
                        kept.setdefault((x, y), []).append(r)
                left = {square: tuple(rots) for square, rots in kept.items()}
                fitting = list(map(left.get, squares, repeat(())))
        return fitting

    def _is_candidate(self, action: PlaceTile) -> bool:
        """Whether ``action`` (of the drawn tile, exact ints) is a legal placement. Without
        vetoes that is one fit-table lookup, so a search applying a placement to a clone never
        lists the tile's other placements; with them, one lookup in the draw's table."""
        cands = self._cands
        if cands is None:
            config = self.config
            tile = config.tile_types[action.tile]
            if not config.hooks.may_veto(config, tile):
                pattern = self._frontier.get((action.x, action.y))
                return pattern is not None and action.rotation in config.fit_table(tile)[pattern]
            table = self._placement_table()
            assert table is not None
            square = (action.x, action.y)
            j = bisect_left(self._squares, square)
            return (
                j < len(self._squares)
                and self._squares[j] == square
                and action.rotation in table[1][j]
            )
        # the very object offered (bots pick from legal_actions()), found by identity in C;
        # else tuple equality (C), exact here: both sides are PlaceTile
        return any(map(is_, cands, repeat(action))) or any(map(tuple.__eq__, cands, repeat(action)))

    def _check_tile(self, action: PlaceTile) -> str | None:
        """``None`` for a legal placement of the drawn tile (the fast path), else "refused"."""
        cands = self._cands
        if cands is not None and any(map(is_, cands, repeat(action))):
            return None  # the very object offered: no field checks (the identity scan is C)
        if (
            action.tile == self.drawn
            and type(action.x) is int
            and type(action.y) is int
            and type(action.rotation) is int
            and self._is_candidate(action)
        ):
            return None
        return "refused"
