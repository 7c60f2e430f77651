"""Capture and prisoner exchange (tower.md §4, §5).

After a piece, the tower at ``(x, y)`` of height *h* sees its own square and *h* squares in each
of the four directions, whatever lies between (gaps and other towers block nothing). Its builder
may take one follower standing on a tile in sight: their own goes home, another player's becomes
their prisoner. Whenever two players then hold each other's followers they swap one for one at
once; the owner whose followers of several kinds are held chooses which comes back.
"""

from __future__ import annotations

from carcassonne import Action, Decision, Figure, GameState, Prisoner
from carcassonne.events import Event
from carcassonne_tower.common import (
    ABBOT,
    CAPTURABLE,
    EXCHANGE_DECISION,
    NAME,
    OPT_CAPTURE_ABBOT,
    OPT_TOP_CAPTURABLE,
    TOWER,
    Capture,
    Exchange,
    height,
)


def in_sight(x: int, y: int, h: int) -> list[tuple[int, int]]:
    """The squares a tower of height ``h`` at ``(x, y)`` reaches: 4h + 1 of them."""
    squares = [(x, y)]
    for d in range(1, h + 1):
        squares += [(x + d, y), (x - d, y), (x, y + d), (x, y - d)]
    return squares


#: id(config) -> (that config, its capturable kinds): asked at every capture.
_KINDS: dict[int, tuple[object, frozenset[str]]] = {}


def capturable_kinds(state: GameState) -> frozenset[str]:
    """The figure kinds a tower captures: the followers (meeple, large meeple, mayor, wagon, the
    abbot unless ``tower.capture_abbot`` is off), never the barn or special figures."""
    config = state.config
    cached = _KINDS.get(id(config))
    if cached is not None and cached[0] is config:
        return cached[1]
    kinds = {name for name, kind in config.figure_kinds.items() if kind.follower}
    kinds |= CAPTURABLE & set(config.figure_kinds)
    if not config.options[OPT_CAPTURE_ABBOT]:
        kinds.discard(ABBOT)
    if len(_KINDS) >= 64:
        _KINDS.clear()
    _KINDS[id(config)] = (config, frozenset(kinds))
    return _KINDS[id(config)][1]


#: id(board) -> (that board, the supplies read with it, the key, the targets) of the last
#: capture looked up on that board: see :func:`targets`.
_TARGETS: dict[int, tuple[object, tuple[object, ...], tuple[object, ...], list[Action]]] = {}


def targets(state: GameState, x: int, y: int) -> list[Action]:
    """The followers the tower at ``(x, y)``, which just grew, may capture: those standing on
    the tiles in sight (looked up square by square, not among every figure of the board).

    Asked twice a capture: by the piece (is there anything to capture? else no decision) and
    by the decision. A rule may change the figures in between (Abbey & Mayor's before-scoring
    hook sends an abbot home), so the answer is kept with what it depends on: the board and
    its size, the pieces left (a floor added replaces them), the players' supplies and the
    prisoners. A figure comes onto or off the board only from or to a supply (the engine
    makes a new supply object for every change) or into the prisoners, so while the same
    supply objects are there and the prisoners are equal, the figures are the same."""
    board = state.board
    supplies = tuple(state.supply)
    key = (x, y, len(board), state.ext.get(NAME), *map(id, supplies), *state.prisoners())
    cached = _TARGETS.get(id(board))
    if cached is not None and cached[0] is board and cached[2] == key:
        return list(cached[3])
    found = _scan(state, x, y)
    if len(_TARGETS) >= 256:
        _TARGETS.clear()
    # the supplies are held with their ids: no other object takes one of those ids meanwhile
    _TARGETS[id(board)] = (board, supplies, key, found)
    return list(found)


def _scan(state: GameState, x: int, y: int) -> list[Action]:
    """The captures :func:`targets` lists, in the order of the squares in sight and of their
    tiles' segments (a figure on a feature that covers two segments of its tile comes once)."""
    kinds = capturable_kinds(state)
    tops = bool(state.config.options[OPT_TOP_CAPTURABLE])
    board = state.board
    figures_on = state.figures_on
    # the figures (plain tuples, hashed in C) before the actions (hashed by TypedAction)
    seen: dict[Figure, None] = {}
    for square in in_sight(x, y, height(state, x, y)):
        placed = board.get(square)
        if placed is None:
            continue
        base = placed.order  # a segment's node; figures_on finds its feature
        for segment in placed.rot.features:
            if not tops and segment.kind == TOWER:
                continue
            for f in figures_on(base + segment.index):
                if f.kind in kinds and (f.x, f.y) == square:
                    seen[f] = None
    new = tuple.__new__  # Capture's fields are the figure's, in the same order
    return [new(Capture, f) for f in seen]


def capture(state: GameState, action: Capture) -> list[Event]:
    """Take the follower: home if it is the captor's own, else a prisoner; then the exchange."""
    events: list[Event] = []
    captor = state.player
    figure = Figure(action.player, action.figure, action.x, action.y, action.location)
    if action.player == captor:
        state.remove_figure(figure, "captured by its own tower", events)
        return events
    state.remove_figure(figure, "captured by a tower", events, captor=captor)
    owed = [p for p in state.prisoners() if (p.captor, p.player) == (action.player, captor)]
    if not owed:
        return events
    # the owner of the new prisoner holds the captor's followers: swap one for one at once
    new = Prisoner(captor, action.player, action.figure)
    state.release_prisoner(new, "exchange", events)
    kinds = sorted({p.kind for p in owed})
    if len(kinds) == 1:
        state.release_prisoner(owed[0], "exchange", events)
    else:
        state.ask(Decision(EXCHANGE_DECISION, captor, action.player, passable=False))
    return events


def exchange_choices(state: GameState, decision: Decision) -> list[Action]:
    """The kinds of the deciding player's followers that ``decision.data``'s player holds."""
    holder = decision.data
    kinds = {p.kind for p in state.prisoners() if (p.captor, p.player) == (holder, decision.player)}
    return [Exchange(kind) for kind in sorted(kinds)]


def exchange(state: GameState, action: Exchange) -> list[Event]:
    """The chosen follower of the deciding player comes back from the other player."""
    decision = state.pending
    events: list[Event] = []
    prisoner = Prisoner(decision.data, decision.player, action.figure)  # type: ignore[arg-type]
    state.release_prisoner(prisoner, "exchange", events)
    return events
