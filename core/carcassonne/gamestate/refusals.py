"""Why an action is illegal: the refusal (a stable code, a reason, details) of an action,
raised by ``apply`` and answered by ``why_illegal``. Only on refusal or when asked: never on the
hot path (but for ``_offered``, ``apply``'s lookup of an action among the legal ones).

The layer above :mod:`carcassonne.gamestate.legal` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from itertools import compress, repeat
from typing import NoReturn, cast

from carcassonne.actions import (
    Action,
    ChanceOutcome,
    Draw,
    Pass,
    PlaceFigure,
    PlaceTile,
    TypedAction,
    action_fields,
)
from carcassonne.codes import Refusal
from carcassonne.errors import CarcassonneError, IllegalActionError
from carcassonne.gamestate.data import END
from carcassonne.gamestate.legal import Legal
from carcassonne.geometry import SIDE_OFFSETS, SIDES

#: The decisions of the turn loop: ``Decision.passable`` is for plugins' decisions only.
_CORE_KINDS = frozenset(("draw", "tile", "figure", "chance", END))


def shape_refusal(action: object) -> Refusal | None:
    """Why ``action`` cannot even be looked at as an action, or None: it is not one of the
    action types (``None``, a number, a list, a dict: ``not-an-action``), or a field holds a
    list or a dict (``bad-field-type``). Checked first, so that no such value ever reaches a
    lookup among the legal actions (which would raise ``TypeError`` or ``AttributeError``)."""
    if not isinstance(action, TypedAction) or not isinstance(action, tuple):
        return Refusal(
            "not-an-action",
            f"{type(action).__name__} is not an action (a tile, figure, pass, draw or "
            "plugin action, or its notation text)",
            {"given": type(action).__name__},
        )
    try:
        hash(action)
    except TypeError:
        return Refusal(
            "bad-field-type",
            "an action's fields are whole numbers, text or None, never a list or an object",
        )
    return None


def _wrong_decision(reason: str, expected: str) -> Refusal:
    return Refusal("wrong-decision", reason, {"expected": expected})


class Refusals(Legal):
    """The refusals of illegal actions."""

    __slots__ = ()

    def _refuse(self, action: Action) -> NoReturn:
        """Raise the :class:`IllegalActionError` of an action found illegal, with its refusal."""
        refusal = self.why_illegal(action)
        assert refusal is not None
        raise IllegalActionError(action, refusal.reason, refusal.code, **refusal.details)

    def canonical(self, action: Action) -> Action:
        """``action`` with its ``location`` (if it has ``x``, ``y`` and ``location`` fields and a
        tile lies there) replaced by the canonical name of the feature it names: ``W`` and
        ``E`` of a road running through a tile both give the name the engine offers."""
        fields = action_fields(type(action))
        if "location" not in fields or "x" not in fields or "y" not in fields:
            return action
        values = action._asdict()
        placed = self.board.get((values["x"], values["y"]))
        index = placed.rot.by_location.get(values["location"]) if placed is not None else None
        if placed is None or index is None:
            return action
        location = placed.rot.features[index].location
        if location == values["location"]:
            return action
        values["location"] = location
        return type(action)(**values)

    def why_illegal(self, action: Action | str) -> Refusal | None:
        """Why ``action`` is not a legal answer to the pending decision, or ``None`` if it is.

        The :class:`~carcassonne.codes.Refusal` has a stable ``code`` (the core's or a plugin's,
        see :mod:`carcassonne.codes`), the English ``reason`` and ``details`` for a front end.
        ``action`` may be notation text; a location may be any name of its feature.
        """
        if isinstance(action, str):
            action = self._parse(action)
        shape = shape_refusal(action)
        if shape is not None:
            return shape
        kind = self.pending.kind
        if kind == END:
            return Refusal("game-over", "the game is over")
        if not _exact_fields(action, self):
            # 0.0 == 0 and True == 1, but a record could not read 0.0,-1 back
            return Refusal(
                "bad-field-type",
                "coordinates, rotations and other whole numbers must be int (not bool or float)",
            )
        if type(action) is PlaceTile and action.tile not in self.config.tile_types:
            return self._unknown_tile(action.tile)
        if kind == "tile" and type(action) is PlaceTile:
            if action.tile != self.drawn:
                # a tile a plugin places by its own action (the abbey) has its own refusal
                explained = self.config.hooks.explain_illegal(self, action)
                if explained is not None:
                    return explained
                return Refusal(
                    "wrong-tile",
                    f"the drawn tile is {self.drawn}, not {action.tile}",
                    {"drawn": self.drawn, "tile": action.tile},
                )
            if self._is_candidate(action):
                return None
            return self._placement_refusal(action)
        action = self.canonical(action)
        if action in self.legal_actions():
            return None
        if type(action) is Pass and not self.pending.passable and kind not in _CORE_KINDS:
            return Refusal(
                "not-passable",
                f"the {kind} decision of player {self.pending.player} cannot be passed: "
                "it is a forced move (choose one of its actions)",
                {"kind": kind, "player": self.pending.player},
            )
        explained = self.config.hooks.explain_illegal(self, action)
        if explained is not None:
            return explained
        if type(action) is ChanceOutcome:
            return self._chance_refusal(action)
        if kind == "chance":
            return _wrong_decision(f"the chance draw {self._spec().name} is pending", kind)
        if kind == "tile":
            return _wrong_decision(
                f"a tile placement is expected (the drawn tile is {self.drawn})", kind
            )
        if kind == "figure":
            if type(action) is PlaceFigure:
                return self._figure_refusal(action)
            if type(action) in (Draw, PlaceTile):
                return _wrong_decision("the figure phase expects a figure action or pass", kind)
        elif kind == "draw":
            if type(action) is PlaceTile:
                refusal = self._placement_refusal(action)
                if refusal.code != "vetoed":
                    return refusal
            elif type(action) is PlaceFigure:
                more = " or another turn action" if self._turn_actions() else ""
                return _wrong_decision(f"expected draw{more}", kind)
        elif type(action) is PlaceFigure and (action.x, action.y) != self.last_tile:
            # a plugin decision's figure on another tile that the placement rules forbid
            if action in self.config.hooks.decision_actions(self, self.pending):
                broken = self._elsewhere_refusal(action, self.pending.player)
                if broken is not None:
                    return broken
        elif type(action) in (Draw, PlaceTile):
            who = self.pending.player
            return _wrong_decision(f"not an answer to the {kind} decision of player {who}", kind)
        return Refusal(
            "not-offered",
            f"not among the legal answers to the {kind} decision of player {self.pending.player}",
        )

    def _chance_refusal(self, action: ChanceOutcome) -> Refusal:
        kind = self.pending.kind
        if kind != "chance":
            if self.auto_chance:
                why = "the engine draws chance outcomes itself (auto_chance is on)"
            else:
                why = f"the {kind} decision of player {self.pending.player} is"
            return _wrong_decision(f"no chance draw is pending: {why}", kind)
        spec = self._spec()
        if action.name != spec.name:
            return Refusal(
                "not-offered",
                f"the pending chance draw is {spec.name}, not {action.name}",
                {"name": spec.name},
            )
        possible = [o for o, w in zip(spec.outcomes, spec.weights, strict=True) if w]
        return Refusal(
            "not-offered",
            f"{action.outcome!r} is not a possible outcome of {spec.name} ({', '.join(possible)})",
            {"outcomes": possible},
        )

    def placement_refusal(self, tile: str, x: int, y: int, rotation: int) -> Refusal | None:
        """Why ``tile`` may not go at ``(x, y)`` turned ``rotation`` on the current board (as if
        it were drawn now), or ``None`` if it may. Any tile type, drawn or not."""
        tid = self.config.resolve_tile(tile)
        action = PlaceTile(tid, x, y, rotation)
        if action in self._placements(self.config.tile_types[tid]):
            return None
        return self._placement_refusal(action)

    def _unknown_tile(self, tile: object) -> Refusal:
        try:
            self.config.resolve_tile(str(tile))
        except CarcassonneError as exc:  # says which edition has it, when one does
            reason = str(exc)
        else:
            reason = f"{tile!r} is an alias: actions name tiles by id"
        return Refusal("unknown-tile", reason, {"tile": str(tile)})

    def _placement_refusal(self, action: PlaceTile) -> Refusal:
        if action.tile not in self.config.tile_types:
            return self._unknown_tile(action.tile)
        x, y, rotation = action.x, action.y, action.rotation
        pos = (x, y)
        where = {"x": x, "y": y}
        if rotation not in (0, 90, 180, 270):
            return Refusal(
                "bad-rotation", f"rotation must be 0, 90, 180 or 270, not {rotation}", where
            )
        if pos in self.board:
            return Refusal("square-taken", f"{x},{y} is already taken", where)
        if not self.touches_board(x, y):
            return Refusal("not-adjacent", f"{x},{y} does not touch any tile along an edge", where)
        if not self.edges_fit(action.tile, x, y, rotation):
            return self._edges_refusal(action)
        explained = self.config.hooks.explain_illegal(self, action)
        if explained is not None:
            return explained
        return Refusal("vetoed", "an expansion rule forbids this placement", where)

    def _edges_refusal(self, action: PlaceTile) -> Refusal:
        x, y = action.x, action.y
        rot = self.config.tile_types[action.tile].rotations[action.rotation // 90]
        wild = self.config.wildcard_edges
        sides = []
        tile_edges = {}
        neighbour_edges = {}
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            other = self.board.get((x + dx, y + dy))
            if other is None:
                continue
            mine, theirs = rot.edges[side], other.rot.edges[(side + 2) % 4]
            if mine != theirs and mine not in wild and theirs not in wild:
                sides.append(SIDES[side])
                tile_edges[SIDES[side]] = mine
                neighbour_edges[SIDES[side]] = theirs
        shown = ", ".join(f"{s} ({tile_edges[s]} against {neighbour_edges[s]})" for s in sides)
        return Refusal(
            "edges-mismatch",
            f"its edges do not match its neighbours at {x},{y}" + (f": {shown}" if shown else ""),
            {
                "x": x,
                "y": y,
                "sides": sides,
                "tile_edges": tile_edges,
                "neighbour_edges": neighbour_edges,
            },
        )

    def _figure_refusal(self, action: PlaceFigure) -> Refusal:
        x, y = action.x, action.y
        assert self.last_tile is not None
        # a rule may offer figures on other tiles too (a portal): those squares are allowed,
        # and a figure there that the placement rules forbid is refused for the rule it breaks
        raw = self.config.hooks.figure_actions(self, *self.last_tile, self.player)
        offered = [a for a in [*self.legal_actions(), *raw] if type(a) is PlaceFigure]
        squares = sorted({(a.x, a.y) for a in offered} - {self.last_tile})
        if (x, y) != self.last_tile and (x, y) not in squares:
            lx, ly = self.last_tile
            also = f" or on a tile a rule offers ({_squares(squares)})" if squares else ""
            return Refusal(
                "not-last-tile",
                f"a figure goes on the tile just placed ({lx},{ly}){also}, not on {x},{y}",
                {"last_tile": [lx, ly]}
                | ({"offered": [list(q) for q in squares]} if squares else {}),
            )
        refusal = self._figure_rule_refusal(action, self.player, (x, y) != self.last_tile)
        if refusal is not None:
            return refusal
        if (x, y) != self.last_tile:
            legal = self.legal_actions()
            here = sorted(
                f"{a.figure} {a.location}" for a in offered if (a.x, a.y) == (x, y) and a in legal
            )
            return Refusal(
                "not-offered",
                f"not a legal figure placement at {x},{y} (offered there: {', '.join(here)})",
                {"x": x, "y": y},
            )
        return Refusal(
            "not-offered", "not a legal figure placement on the tile just placed", {"x": x, "y": y}
        )


def _squares(squares: list[tuple[int, int]], most: int = 4) -> str:
    shown = "; ".join(f"{x},{y}" for x, y in squares[:most])
    return shown + (f"; ... {len(squares) - most} more" if len(squares) > most else "")


def _offered(action: Action, legal: list[Action]) -> Action | None:
    """The first of ``legal`` equal to ``action`` (same type, equal fields), or None.

    Tuple equality runs in C over the whole list and only the tuple-equal candidates are
    checked for type, instead of one Python-level ``TypedAction.__eq__`` call per element.
    """
    tuples = cast("list[tuple[object, ...]]", legal)
    try:
        for model in compress(legal, map(tuple.__eq__, tuples, repeat(action))):
            if type(model) is type(action):
                return model
    except TypeError:  # an action that is not a tuple (a plugin's): plain equality
        return next((model for model in legal if model == action), None)
    return None


def _same_types(action: Action, model: Action) -> bool:
    """Whether ``action``, equal to the legal ``model``, also has its field types (0.0 == 0
    and True == 1, but a record could not read them back)."""
    given, wanted = cast("tuple[object, ...]", action), cast("tuple[object, ...]", model)
    return model is action or all(type(a) is type(b) for a, b in zip(given, wanted, strict=False))


def _exact_fields(action: Action, state: Refusals) -> bool:
    """Coordinates and rotations of a placement are exact ints; an action equal to a legal one
    has the legal one's field types."""
    if type(action) is PlaceTile:
        return all(type(v) is int for v in (action.x, action.y, action.rotation))
    model = _offered(action, state.legal_actions())
    return model is None or _same_types(action, model)
