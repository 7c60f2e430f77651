"""Observations as numpy tensors: board planes plus a few vectors, one flat float32 array.

The board window is the same as the action encoding's (``-radius .. radius`` on both axes). Each
square is drawn as 3 x 3 cells (corners, sides, centre), so a city on the north side of the tile
at (x, y) lights the cell at row ``3 * (y + radius)``, column ``3 * (x + radius) + 1``. A
feature that runs through its tile (two sides or more) also lights the centre, so the picture
keeps which sides connect. Planes, in order:

* ``tile``: every cell of a placed tile;
* one per feature kind (sorted by name): the cells the kind covers;
* one per attribute a kind may carry (``attr:city.shields``, ``attr:road.inn``,
  ``attr:city.cathedral``; sorted by kind, then name): the cells of segments that carry it;
* one per player, ``owner``: cells of features on which that player has a figure;
* one per player, ``figures``: the cell where each of that player's figures stands (a count);
* when the configuration has more than one figure kind (``carcassonne_figure_kinds``: a builder
  and a pig, an abbot, a wagon, ...), one per kind, ``figure:kind`` (sorted): the cell where
  each figure of that kind stands, whoever owns it (a count; ``figures:p`` says whose), so a
  builder is told from a pig or a meeple; the base game (its meeple alone) has none;
* ``last``: the tile placed this turn (the figure phase refers to it);
* per piece kind of the configuration (``carcassonne_piece_kinds``, sorted by name): one plane
  ``piece:kind`` for a neutral kind, else one ``piece:kind:p`` per player: the cell where each
  piece stands (its location's cell, the centre for a piece on the tile as a whole; a count);
* ``under`` (with the mechanics, below): on every cell of a placed tile, how many tiles lie face
  down under it.

Vectors: ``drawn`` (one-hot over the tile ids, sorted), ``pile`` (how many of each tile id the
player has not seen: still to be drawn or face down under a tile, a public count), ``decision``
(one-hot over :data:`DECISIONS`), ``seat`` (row 0: the observing player, row 1: the player to
act), ``supply`` (players x figure kinds, sorted), ``scores`` (points). Then, in a configuration
with any expansion or plugin (the base game alone uses none of the general mechanics, so its
observation stays as it was), the mechanics: ``held`` (players x held names: the counters of
``state.held_pieces()`` named as a piece kind or held in the start position, sorted),
``prisoners`` (captor x owner x figure kind), ``aside`` (copies of each tile id set aside face
up) and ``part`` (the turn part, 0 for the first). Everything is named and shaped in
:attr:`Layout.pieces`, and :meth:`Layout.views` gives named views of a flat array, as
OpenSpiel's observers do. No expansion is named here: the kinds come from the configuration.
"""

from __future__ import annotations

from typing import Any

from carcassonne import NEUTRAL, GameConfig, GameState, RotatedFeature
from carcassonne.envs import require
from carcassonne.geometry import CORNERS, HALVES, SIDES

#: A numpy float32 array (numpy is optional, so the type checker sees Any).
FloatArray = Any

#: The decision kinds the ``decision`` vector tells apart; a plugin's kind (and a chance draw
#: inside a turn, an OpenSpiel chance node) counts as ``other``.
DECISIONS: tuple[str, ...] = ("draw", "tile", "figure", "other", "end")

#: (row, column) of each named location's cell in a square's 3 x 3 picture.
_SIDE_CELL = {"N": (0, 1), "E": (1, 2), "S": (2, 1), "W": (1, 0)}
_CORNER_CELL = {"NW": (0, 0), "NE": (0, 2), "SE": (2, 2), "SW": (2, 0)}
#: A half-edge is drawn in the corner it touches (NL is the west half of the north side).
_HALF_CORNER = dict(zip(HALVES, ("NW", "NE", "NE", "SE", "SE", "SW", "SW", "NW"), strict=True))
_CENTRE = (1, 1)

Cell = tuple[int, int]


def location_cell(location: str) -> Cell:
    """The cell of a figure's location: sides, corners, half-edges; anything else the centre."""
    if location in _SIDE_CELL:
        return _SIDE_CELL[location]
    if location in _CORNER_CELL:
        return _CORNER_CELL[location]
    if location in _HALF_CORNER:
        return _CORNER_CELL[_HALF_CORNER[location]]
    return _CENTRE


class Layout:
    """Shapes and offsets of one configuration's observation, and the code that fills it."""

    def __init__(self, config: GameConfig, radius: int, start: GameState | None = None) -> None:
        """``start``: the configuration's start position (built when not given), which names
        the counters players hold (``held_pieces``)."""
        self.np = require("numpy", "openspiel", "pettingzoo")
        self.config = config
        self.radius = radius
        self.width = 2 * radius + 1
        self.kinds = tuple(sorted(config.kinds))
        self.attributes = tuple(
            (kind, name) for kind in self.kinds for name in sorted(config.kinds[kind].attributes)
        )
        self.tiles = tuple(sorted(config.tile_types))
        self.figure_kinds = tuple(sorted(config.figure_kinds))
        players = config.players
        #: Whether the general mechanics' parts are there (any expansion or plugin).
        self.mechanics = bool(config.expansions or config.extra_plugins)
        piece_planes: list[str] = []
        #: (piece kind, owner) -> board plane; a neutral kind's owner is NEUTRAL.
        self._piece_plane: dict[tuple[str, int], int] = {}
        for name in sorted(config.piece_kinds):
            owners = [NEUTRAL] if config.piece_kinds[name].neutral else list(range(players))
            for owner in owners:
                self._piece_plane[(name, owner)] = len(piece_planes)
                plane = f"piece:{name}" if owner == NEUTRAL else f"piece:{name}:{owner}"
                piece_planes.append(plane)
        self.held: tuple[str, ...] = ()
        if self.mechanics:
            first = start if start is not None else GameState.new(config)
            held = {name for counts in first.held_pieces() for name in counts}
            self.held = tuple(sorted(held | set(config.piece_kinds)))
        #: The figure kinds with planes of their own: none with a single kind (the base game's
        #: meeple), whose planes would repeat ``figures:p``.
        self.kind_planes = self.figure_kinds if len(self.figure_kinds) > 1 else ()
        self.planes = (
            "tile",
            *(f"kind:{k}" for k in self.kinds),
            *(f"attr:{k}.{a}" for k, a in self.attributes),
            *(f"owner:{p}" for p in range(players)),
            *(f"figures:{p}" for p in range(players)),
            *(f"figure:{k}" for k in self.kind_planes),
            "last",
            *piece_planes,
            *(("under",) if self.mechanics else ()),
        )
        side = self._side = 3 * self.width
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("board", (len(self.planes), side, side)),
            ("drawn", (len(self.tiles),)),
            ("pile", (len(self.tiles),)),
            ("decision", (len(DECISIONS),)),
            ("seat", (2, players)),
            ("supply", (players, len(self.figure_kinds))),
            ("scores", (players,)),
        ]
        if self.mechanics:
            self.pieces += [
                ("held", (players, len(self.held))),
                ("prisoners", (players, players, len(self.figure_kinds))),
                ("aside", (len(self.tiles),)),
                ("part", (1,)),
            ]
        self.size = sum(_product(shape) for _, shape in self.pieces)
        self._tile_index = {t: i for i, t in enumerate(self.tiles)}
        self._kind_plane = {k: 1 + i for i, k in enumerate(self.kinds)}
        self._attr_plane = {ka: 1 + len(self.kinds) + i for i, ka in enumerate(self.attributes)}
        self._owner0 = 1 + len(self.kinds) + len(self.attributes)
        self._figures0 = self._owner0 + players
        kinds0 = self._figures0 + players
        #: figure kind -> its plane (empty with a single figure kind)
        self._figure_plane = {k: kinds0 + i for i, k in enumerate(self.kind_planes)}
        self._last = kinds0 + len(self.kind_planes)
        self._pieces0 = self._last + 1
        self._under = self._pieces0 + len(piece_planes)
        #: (tile id, rotation) -> [(location, kind plane, cells)] per occupiable segment.
        self._pictures: dict[tuple[str, int], list[tuple[str, int, tuple[int, ...]]]] = {}
        #: (tile id, rotation) -> numpy offsets of every tile and kind plane cell it lights.
        self._static: dict[tuple[str, int], FloatArray] = {}
        #: The 9 cells of a square, relative to its top-left cell.
        self._square = tuple(row * side + col for row in range(3) for col in range(3))

    def new(self) -> FloatArray:
        return self.np.zeros(self.size, dtype=self.np.float32)

    def views(self, flat: FloatArray) -> dict[str, FloatArray]:
        """Named, shaped views of a flat observation (writing to them writes to ``flat``)."""
        out = {}
        at = 0
        for name, shape in self.pieces:
            size = _product(shape)
            out[name] = flat[at : at + size].reshape(shape)
            at += size
        return out

    def _picture(self, state: GameState, x: int, y: int) -> list[tuple[str, int, tuple[int, ...]]]:
        """Per occupiable segment of the tile at (x, y): a location of it, the flat offset of its
        kind's plane, and the offsets of its cells relative to the square's top-left cell."""
        placed = state.tile_at(x, y)
        assert placed is not None
        return self._picture_of(placed.tile.id, placed.rotation)

    def _picture_of(self, tile: str, rotation: int) -> list[tuple[str, int, tuple[int, ...]]]:
        key = (tile, rotation)
        found = self._pictures.get(key)
        if found is None:
            side = self._side
            found = []
            for feature in self.config.tile_types[tile].rotated(rotation).features:
                plane = self._kind_plane.get(feature.kind)
                if plane is None:  # inert decoration
                    continue
                offsets = tuple(row * side + col for row, col in _cells(feature))
                found.append((feature.location, plane * side * side, offsets))
            self._pictures[key] = found
        return found

    def _static_offsets(self, key: tuple[str, int]) -> FloatArray:
        """Offsets (from a square's top-left cell) of the tile, kind and attribute plane cells
        it lights."""
        offsets = list(self._square)
        for _, plane, cells in self._picture_of(*key):
            offsets.extend(plane + cell for cell in cells)
        side = self._side
        for feature in self.config.tile_types[key[0]].rotated(key[1]).features:
            for name, value in feature.attrs.items():
                attr_plane = self._attr_plane.get((feature.kind, name))
                if value and attr_plane is not None:
                    base = attr_plane * side * side
                    offsets.extend(base + row * side + col for row, col in _cells(feature))
        found = self._static[key] = self.np.asarray(offsets, dtype=self.np.int64)
        return found

    def fill(self, out: FloatArray, state: GameState, player: int) -> None:
        """Write the observation of ``state`` for ``player`` into ``out`` (a :meth:`new` array).

        A draw the engine waits for (an OpenSpiel chance node, option ``explicit_draws``) shows
        as the ``draw`` decision with no drawn tile.
        """
        decision = "end" if state.is_over else state.pending.kind
        out.fill(0.0)
        views = self.views(out)
        side, r = self._side, self.radius
        area = side * side
        np = self.np
        order = state.placement_order()
        owners: dict[int, set[int]] = {}
        board = views["board"]
        by_kind = self._figure_plane
        for feature, fig in state.figures():
            owners.setdefault(feature, set()).add(fig.player)
            row, col = location_cell(fig.location)
            cell_row, cell_col = 3 * (fig.y + r) + row, 3 * (fig.x + r) + col
            board[self._figures0 + fig.player, cell_row, cell_col] += 1
            if by_kind:
                board[by_kind[fig.kind], cell_row, cell_col] += 1
        # the tile and kind planes: one vectorised write per distinct (tile, rotation)
        squares: dict[tuple[str, int], list[int]] = {}
        ones: list[int] = []  # flat offsets of the owner and last planes set to 1
        for x, y in order:
            placed = state.tile_at(x, y)
            assert placed is not None
            corner = 3 * (y + r) * side + 3 * (x + r)
            squares.setdefault((placed.tile.id, placed.rotation), []).append(corner)
            if owners:
                for location, _, offsets in self._picture(state, x, y):
                    held = owners.get(state.feature_at(x, y, location))
                    for p in held or ():
                        base = (self._owner0 + p) * area + corner
                        ones.extend(base + cell for cell in offsets)
        if decision in ("figure", "other") and order:
            x, y = order[-1]
            corner = self._last * area + 3 * (y + r) * side + 3 * (x + r)
            ones.extend(corner + cell for cell in self._square)
        parts = [np.asarray(ones, dtype=np.int64)]
        for key, corners in squares.items():
            lit = self._static.get(key)
            if lit is None:
                lit = self._static_offsets(key)
            parts.append((np.asarray(corners)[:, None] + lit[None, :]).ravel())
        out[np.concatenate(parts)] = 1.0
        for piece in state.pieces():
            row, col = location_cell(piece.location) if piece.location else _CENTRE
            plane = self._pieces0 + self._piece_plane[(piece.kind, piece.owner)]
            board[plane, 3 * (piece.y + r) + row, 3 * (piece.x + r) + col] += 1
        index = self._tile_index
        if state.drawn is not None:
            views["drawn"][index[state.drawn]] = 1.0
        pile = views["pile"]
        # the tiles this player has not seen: the pile alone would tell, by the difference,
        # which tile went face down under another
        for tile in state.draw_pile():
            pile[index[tile]] += 1.0
        for _, tile in state._hidden_under():
            pile[index[tile]] += 1.0
        kind = decision if decision in DECISIONS else "other"
        views["decision"][DECISIONS.index(kind)] = 1.0
        views["seat"][0, player] = 1.0
        if not state.is_over and 0 <= state.pending.player < state.players:
            views["seat"][1, state.pending.player] = 1.0  # not at a chance draw: nobody acts
        supply = views["supply"]
        for p, kinds in enumerate(state.supply):
            for i, name in enumerate(self.figure_kinds):
                supply[p, i] = kinds.get(name, 0)
        views["scores"][:] = state.scores
        if self.mechanics:
            self._fill_mechanics(views, state)

    def _fill_mechanics(self, views: dict[str, FloatArray], state: GameState) -> None:
        """The general mechanics' parts: tiles under, held counters, prisoners, aside, part."""
        r = self.radius
        under = views["board"][self._under]
        for (x, y), _ in state._hidden_under():
            under[3 * (y + r) : 3 * (y + r) + 3, 3 * (x + r) : 3 * (x + r) + 3] += 1
        held = views["held"]
        for p, counts in enumerate(state.held_pieces()):
            for i, name in enumerate(self.held):
                held[p, i] = counts.get(name, 0)
        prisoners = views["prisoners"]
        figure = {name: i for i, name in enumerate(self.figure_kinds)}
        for prisoner in state.prisoners():
            prisoners[prisoner.captor, prisoner.player, figure[prisoner.kind]] += 1
        aside = views["aside"]
        for tile in state.set_aside_tiles():
            aside[self._tile_index[tile]] += 1
        views["part"][0] = state.turn_part


def _cells(feature: RotatedFeature) -> list[Cell]:
    """The cells of a segment in its square's 3 x 3 picture (see the module's docstring)."""
    cells = [_SIDE_CELL[SIDES[s]] for s in feature.sides]
    cells += [_CORNER_CELL[CORNERS[c]] for c in feature.corners]
    cells += [_CORNER_CELL[_HALF_CORNER[HALVES[h]]] for h in feature.halves]
    if feature.center or feature.inner or len(feature.sides) >= 2:
        cells.append(_CENTRE)
    return list(dict.fromkeys(cells))


def _product(shape: tuple[int, ...]) -> int:
    size = 1
    for n in shape:
        size *= n
    return size
