"""The shepherd and its flock (hills-sheep.md §3): placement, the bag, grow or score, the wolf.

State lives on the board only: a flock is the sheep tokens (neutral pieces ``sheep-1`` …
``sheep-4``) lying in a field, so fields that merge share their flocks, and the bag is the box's
18 tokens less those on the board (the wolves never leave it). Every draw is a chance decision
of the core (``state.ask_chance``): seeded by the game, logged, replayed by records, positions
and undo, and a chance node for the environments and search.

A turn, after the figure phase (``before_scoring``):

1. a shepherd placed this turn draws a token (a wolf sends it home);
2. each field of the tile just placed that holds the active player's shepherd (not the one
   placed now) asks the active player to grow (one draw) or score, one field at a time;
3. every field with a shepherd that is now closed is scored (after its choice, if it had one).
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal, NamedTuple

from carcassonne import (
    NEUTRAL,
    Action,
    ChanceOutcome,
    Decision,
    Figure,
    GameState,
    Piece,
    PlaceFigure,
    Rotated,
    TileType,
    TypedAction,
)
from carcassonne.events import Event
from carcassonne.geometry import SIDE_OFFSETS, facing_half
from carcassonne_hills_sheep.common import (
    BAG,
    OPT_CLOSED,
    SHEEP_KINDS,
    SHEEP_VALUES,
    SHEPHERD,
    TOKENS,
    WOLF,
)

#: The decision kind of the grow-or-score choice.
DECISION = "flock"
GROW: Final = "grow"
SCORE: Final = "score"


class _FlockFields(NamedTuple):
    x: int
    y: int
    location: str
    choice: Literal["grow", "score"]


class Flock(TypedAction, _FlockFields):
    """Grow or score the flock of the field where the active player's shepherd at
    ``(x, y, location)`` stands (``flock 1,0 NL grow``)."""

    __slots__ = ()
    verb: ClassVar[str] = "flock"


# -- reading the board ---------------------------------------------------------------------


def field_of(state: GameState, x: int, y: int, location: str | None) -> int:
    return state.feature_at(x, y, location or "")


def shepherds_in(state: GameState, field: int) -> list[Figure]:
    return [f for f in state.figures_on(field) if f.kind == SHEPHERD]


def tokens_in(state: GameState, field: int) -> list[Piece]:
    return [
        p
        for p in state.pieces()
        if p.kind in SHEEP_VALUES
        and state.same_feature(field_of(state, p.x, p.y, p.location), field)
    ]


def flock_size(state: GameState, field: int) -> int:
    return sum(SHEEP_VALUES[p.kind] for p in tokens_in(state, field))


def bag(state: GameState) -> list[tuple[str, int]]:
    """The tokens in the bag, as (outcome, count) with counts above 0, in JCZ's order."""
    out_there: dict[str, int] = {}
    for piece in state.pieces():
        if piece.kind in SHEEP_VALUES:
            out_there[piece.kind] = out_there.get(piece.kind, 0) + 1
    inside = []
    for name, _sheep, count in TOKENS:
        left = count - out_there.get(SHEEP_KINDS.get(name, ""), 0)
        if left > 0:
            inside.append((name, left))
    return inside


def held_points(state: GameState) -> list[int] | None:
    """What each player's flocks would pay if scored now: the sheep of every field with their
    shepherd, to each owner of a shepherd there (§3.3). Not an end-of-game score (flocks score
    nothing then) but what the owner can cash in on a later turn: the value a bot that looks
    one move ahead (greedy) weighs a shepherd or a grow draw by. None: no flock anywhere."""
    flocks: list[list[int]] = []  # [field, sheep]
    for piece in state.pieces():
        if piece.kind not in SHEEP_VALUES:
            continue
        field = field_of(state, piece.x, piece.y, piece.location)
        for entry in flocks:
            if state.same_feature(entry[0], field):
                entry[1] += SHEEP_VALUES[piece.kind]
                break
        else:
            flocks.append([field, SHEEP_VALUES[piece.kind]])
    if not flocks:
        return None
    out = [0] * state.config.players
    for field, sheep in flocks:
        for player in {f.player for f in shepherds_in(state, field)}:
            out[player] += sheep
    return out


def is_closed(state: GameState, x: int, y: int, location: str) -> bool:
    """Whether the field at ``(x, y, location)`` has no half-edge facing an empty square (an
    inner pocket never has one). A walk over its segments that stops at the first open
    half-edge: most fields are open, and the field's squares would cost a pass over the board."""
    board = state.board
    start = board[(x, y)].rot.by_location[location]
    seen = {(x, y, start)}
    todo = [(x, y, start)]
    while todo:
        x, y, index = todo.pop()
        for half in board[(x, y)].rot.features[index].halves:
            dx, dy = SIDE_OFFSETS[half >> 1]
            other = board.get((x + dx, y + dy))
            if other is None:
                return False
            facing = facing_half(half)
            for j, seg in enumerate(other.rot.features):
                if facing in seg.halves:
                    key = (x + dx, y + dy, j)
                    if key not in seen:
                        seen.add(key)
                        todo.append(key)
                    break
    return True


def shepherds_out(state: GameState) -> bool:
    """Whether any shepherd is on the board (lets most turns skip the closed-field check)."""
    count = state.config.figure_kinds[SHEPHERD].count
    for supply in state.supply:  # a loop, not any(): no generator built every turn
        if supply.get(SHEPHERD, 0) < count:
            return True
    return False


#: id(rot) -> (that rotation of a tile, its field segments as (index, canonical location)):
#: the figure phase and the end of each step read the fields of the tile just placed, worked
#: out once per tile type and rotation instead of with ``state.segments`` (which finds every
#: segment's feature, roads and cities too). The entry holds the ``Rotated``, so no other
#: object takes its id while it is kept.
_FIELDS: dict[int, tuple[Rotated, tuple[tuple[int, str], ...]]] = {}


def tile_fields(rot: Rotated) -> tuple[tuple[int, str], ...]:
    """The field segments of one rotation of a tile, as ``(index, location)``: the feature of
    one is ``placed.order + index``, the id the engine numbers a placed tile's segments by."""
    entry = _FIELDS.get(id(rot))
    if entry is not None and entry[0] is rot:
        return entry[1]
    if len(_FIELDS) >= 4096:
        _FIELDS.clear()
    fields = tuple((seg.index, seg.locations[0]) for seg in rot.features if seg.kind == "field")
    _FIELDS[id(rot)] = (rot, fields)
    return fields


#: What the last figure phase saw: (the board, its number of tiles, whether a field of the tile
#: just placed held a shepherd). Until the next tile, a shepherd joins those fields only by
#: the figure phase's own action (the one placed this turn, which ``before_scoring`` looks
#: for first), so a figure phase that saw none lets ``before_scoring`` skip
#: :func:`_fields_near`, as in most turns. A single entry that holds its board (no other
#: board takes its id); a clone, an undo or a restore has a board of its own.
_SEEN: tuple[object, int, bool] = (None, -1, True)


# -- the figure phase ----------------------------------------------------------------------


def figure_actions(state: GameState, x: int, y: int, player: int) -> list[Action]:
    """What H&S adds to the figure phase, in one pass over the tile's fields (this runs every
    turn): the shepherd onto each field with no shepherd (farmers and barns do not matter, nor
    does the ``farmers`` option), and followers onto fields that hold shepherds and nothing
    else (a shepherd does not occupy a field for farmers; the base game offers only fields
    with no figure at all)."""
    config = state.config
    supply = state.supply[player]
    shepherd = supply.get(SHEPHERD, 0) > 0
    farmers = config.options["farmers"]
    if not shepherd and (not farmers or not config.figure_kinds[SHEPHERD].count):
        return []  # no shepherd to place, and none on the board to share a field with
    board = state.board
    placed = board[(x, y)]
    rot = placed.rot
    entry = _FIELDS.get(id(rot))  # tile_fields() inlined
    fields = entry[1] if entry is not None and entry[0] is rot else tile_fields(rot)
    base = placed.order
    figures_on = state.figures_on
    new = tuple.__new__  # PlaceFigure's fields are exact here: no NamedTuple __new__ per action
    followers: list[str] | None = None  # the follower kinds left, read at the first field
    out: list[Action] = []
    held = False  # whether a field of the tile holds a shepherd
    for index, location in fields:
        shepherds = others = False
        for figure in figures_on(base + index):  # most fields: nobody there
            if figure.kind == SHEPHERD:
                shepherds = True
            else:
                others = True
        if not shepherds:
            if shepherd:
                out.append(new(PlaceFigure, (SHEPHERD, x, y, location)))
        else:
            held = True
            if farmers and not others:
                if followers is None:
                    followers = [k for k in config.followers if supply.get(k, 0) > 0]
                out += [new(PlaceFigure, (k, x, y, location)) for k in followers]
    global _SEEN
    _SEEN = (board, len(board), held)
    return out


# -- the turn: draws, choices, scoring -----------------------------------------------------


def draw(state: GameState) -> None:
    names, counts = zip(*bag(state), strict=True)
    state.ask_chance(BAG, names, counts)


def before_scoring(state: GameState) -> None:
    """``carcassonne_before_scoring`` (the hook itself, no wrapper: this runs every turn): the
    placement draw, or the choices and scoring of the fields the tile reached; nothing while
    no shepherd is on the board, as in the first turns of a game."""
    for action in state.turn_actions:  # a shepherd placed this turn
        if type(action) is PlaceFigure and action.figure == SHEPHERD:
            draw(state)  # the placement draw; the rest follows its outcome
            return
    board = state.board
    seen = _SEEN
    config = state.config
    if seen[0] is board and seen[1] == len(board) and not seen[2]:
        if not config.wildcard_edges:  # (an abbey reaches the fields around it)
            return  # the figure phase saw no shepherd on the tile's fields
    count = config.figure_kinds[SHEPHERD].count
    for supply in state.supply:  # shepherds_out() inlined
        if supply.get(SHEPHERD, 0) < count:
            break
    else:
        return
    near = _fields_near(state)
    if near:  # most turns: the tile reached no field with a shepherd
        events: list[Event] = []
        _settle(state, near, events)
        if events:
            state.emit(events)


class _Near(NamedTuple):
    """A field with shepherds that the tile just placed belongs to or touches."""

    field: int
    shepherds: list[Figure]
    #: whether the tile just placed has a segment of the field (it extends the field)
    extended: bool


#: id(config) -> (that config, tile id -> whether the tile has a wildcard segment). The entry
#: holds the config, so no other config can take its id while it is kept.
_WILD: dict[int, tuple[object, dict[str, bool]]] = {}


def _wildcard(state: GameState, tile: TileType) -> bool:
    """Whether ``tile`` has a segment of a wildcard kind (an abbey): asked every turn, worked
    out once per tile type and configuration."""
    config = state.config
    entry = _WILD.get(id(config))
    if entry is None or entry[0] is not config:
        if len(_WILD) >= 64:
            _WILD.clear()
        entry = _WILD[id(config)] = (config, {})
    known = entry[1]
    found = known.get(tile.id)
    if found is None:
        kinds = config.kinds
        found = known[tile.id] = any(
            kinds[f.kind].wildcard for f in tile.features if f.kind in kinds
        )
    return found


def _fields_near(state: GameState) -> list[_Near]:
    """The fields with shepherds that the tile just placed may have extended or closed: a
    field half-edge only ever meets a field half-edge, so those of the tile itself, and those
    of the four tiles beside it only when the tile has wildcard edges (an abbey, which closes
    what it touches and extends nothing). Runs at the end of every step while a shepherd is
    out, and most tiles reach no shepherd: the tile's fields come from :data:`_FIELDS`, each
    one's figures from its segment's id, and nothing is built until a shepherd is found."""
    here = state.last_tile
    if here is None:
        return []
    board = state.board
    placed = board[here]
    if state.config.wildcard_edges and _wildcard(state, placed.tile):
        x, y = here
        squares = [placed] + [
            board[(x + dx, y + dy)] for dx, dy in SIDE_OFFSETS if (x + dx, y + dy) in board
        ]
    else:
        squares = [placed]
    out: list[_Near] = []
    figures_on = state.figures_on
    for square in squares:
        rot = square.rot
        entry = _FIELDS.get(id(rot))  # tile_fields() inlined
        fields = entry[1] if entry is not None and entry[0] is rot else tile_fields(rot)
        base = square.order
        for index, _location in fields:
            for figure in figures_on(base + index):  # most fields: nobody there
                if figure.kind == SHEPHERD:
                    break
            else:
                continue
            feature = state.feature_id(base + index)
            if not any(state.same_feature(feature, n.field) for n in out):
                shepherds = [f for f in figures_on(feature) if f.kind == SHEPHERD]
                out.append(_Near(feature, shepherds, square is placed))
    return out


def choice_fields(state: GameState, near: list[_Near]) -> list[tuple[int, Figure]]:
    """The fields of the tile just placed still to ask the active player about, each with one
    of that player's shepherds there."""
    player = state.player
    mine = []
    for n in near:
        if n.extended:
            own = [f for f in n.shepherds if f.player == player]
            if own:
                mine.append((n.field, own[0]))
    if not mine:
        return []
    skip = [
        field_of(state, a.x, a.y, a.location)
        for a in state.turn_actions
        if (type(a) is PlaceFigure and a.figure == SHEPHERD) or type(a) is Flock
    ]
    score_only = state.config.options[OPT_CLOSED] == "score_only"
    return [
        (field, shepherd)
        for field, shepherd in mine
        if not any(state.same_feature(field, s) for s in skip)
        and not (score_only and is_closed(state, shepherd.x, shepherd.y, shepherd.location))
    ]


def advance(state: GameState, events: list[Event]) -> None:
    """Score the closed fields that wait for no choice, then ask the next choice, if any."""
    if not shepherds_out(state):
        return
    near = _fields_near(state)
    if near:
        _settle(state, near, events)


def _settle(state: GameState, near: list[_Near], events: list[Event]) -> None:
    """:func:`advance` for the fields with shepherds ``near`` the tile just placed."""
    choices = choice_fields(state, near)
    waiting = [field for field, _ in choices]
    for n in near:
        if any(state.same_feature(n.field, f) for f in waiting):
            continue
        shepherd = n.shepherds[0]
        if is_closed(state, shepherd.x, shepherd.y, shepherd.location):
            score(state, n.field, events)
    if choices:
        _, shepherd = choices[0]
        where = (shepherd.x, shepherd.y, shepherd.location)
        state.ask(Decision(DECISION, state.player, where, passable=False))


def score(state: GameState, field: int, events: list[Event]) -> None:
    """Every player with a shepherd in the field scores the whole flock once; shepherds and
    tokens go home (the tokens into the bag)."""
    points = flock_size(state, field)
    for player in sorted({f.player for f in shepherds_in(state, field)}):
        state.award(player, points, None, "flock", "flock", events)
    _clear(state, field, "flock scored", events)


def _clear(state: GameState, field: int, reason: str, events: list[Event]) -> None:
    """The tokens back into the bag, the shepherds back to their supplies."""
    for piece in tokens_in(state, field):
        state.remove_piece(piece, reason, events)
    state.return_figures(field, events, kinds=(SHEPHERD,))


def return_strays(state: GameState) -> list[Event]:
    """Send back into the bag the tokens of every field that has no shepherd left: a flock
    belongs to the shepherds of its field (hills-sheep.md §3.3, §3.5), so when another rule
    takes the last of them off the board (the dragon eats it, any ``remove_figure``), the sheep
    go back as when the flock is scored. The core has no hook for a figure removed, so this
    runs at the points every removal has happened by: the start of the next turn,
    and before final scoring."""
    events: list[Event] = []
    config = state.config
    if len(config.expansions) == 1 and not config.extra_plugins:
        return events  # H&S alone: no other rule takes figures off the board
    pieces = state.pieces()
    if not pieces:
        return events
    places = {(p.x, p.y, p.location or "") for p in pieces if p.kind in SHEEP_VALUES}
    stray = [
        place
        for place in places
        if all(f.kind != SHEPHERD for f in state.figures_on(state.feature_at(*place)))
    ]
    if not stray:  # every turn but those after another rule took a shepherd off
        return events
    for piece in pieces:
        if piece.kind in SHEEP_VALUES and (piece.x, piece.y, piece.location or "") in stray:
            state.remove_piece(piece, "no shepherd left in the field", events)
    return events


def decision_actions(state: GameState, decision: Decision) -> list[Action]:
    data = decision.data
    assert isinstance(data, tuple)  # (x, y, location) of the shepherd, set by advance()
    x, y, location = data
    return [Flock(x, y, location, GROW), Flock(x, y, location, SCORE)]


def apply(state: GameState, action: Action) -> list[Event] | None:
    events: list[Event] = []
    if type(action) is Flock:
        if action.choice == GROW:
            draw(state)
            return events
        score(state, field_of(state, action.x, action.y, action.location), events)
    elif type(action) is ChanceOutcome and action.name == BAG:
        x, y, location = _target(state)
        field = field_of(state, x, y, location)
        if action.outcome == WOLF:
            _clear(state, field, "the wolf", events)
        else:
            state.put_piece(SHEEP_KINDS[action.outcome], NEUTRAL, x, y, location, events)
    else:
        return None
    advance(state, events)
    return events


def _target(state: GameState) -> tuple[int, int, str]:
    """Where the token drawn now goes: the shepherd placed or the flock grown last this turn."""
    for action in reversed(state.turn_actions):
        if type(action) is Flock and action.choice == GROW:
            return action.x, action.y, action.location
        if type(action) is PlaceFigure and action.figure == SHEPHERD:
            return action.x, action.y, action.location
    raise AssertionError("a bag draw with no shepherd placed and no flock grown this turn")
