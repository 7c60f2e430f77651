"""A player's figures on the board, asked in every figure phase (the fairy's moves), without a
scan of the whole board each time.

The public API lists figures per feature (``figures_on``) or for the whole board
(``state.figures()``, which visits every feature). The answer for a player changes little from
one of their figure phases to the next: some figures left (scored, eaten, sent home), perhaps
one came (most often onto the tile they placed at their last figure phase). So the answer of
the last call is kept, checked figure by figure, and completed from that tile; the board is
scanned only when the count of the player's figures out of their supply says some are still
missing. Sound whatever state asks (clones, undo, another game of the same configuration):
every figure kept is looked up on the asking state's board, and figures found can only be
trusted as all of them when they are as many as the supply says are out.

:func:`placed` answers the fairy's moves without even that check on most figure phases: a
player's figures on the board change only with their supply, which the engine replaces by a new
read-only ``Supply`` at every change (a figure placed, returned, removed; ``state.supply``), or
when one of them is taken prisoner (the supply stays, the player's prisoners grow). The same
supply object and as many prisoners as last time therefore mean the same figures: in random
P&D games 7 figure phases in 10 find them so, and the rest ask :func:`figures_of`.
"""

from __future__ import annotations

from typing import NamedTuple

from carcassonne import CarcassonneError, Figure, GameState


class _Known(NamedTuple):
    """What :func:`figures_of` or :func:`placed` found last time for one player of one
    configuration."""

    #: The configuration (held, so that no other configuration can take its id while kept).
    config: object
    figures: tuple[Figure, ...]
    #: The tile just placed at the last look (None outside a turn): where the player's next
    #: figure most likely stands.
    square: tuple[int, int] | None
    #: The player's supply when ``figures`` were found (held, so that its identity names that
    #: moment of that game; None: not known) and how many of their figures were prisoners.
    supply: object = None
    held: int = 0


#: (id(config), player) -> what was found last time. Only a guess, checked at every use.
_KNOWN: dict[tuple[int, int], _Known] = {}
_KEPT = 256


def out_of_supply(state: GameState, player: int) -> int:
    """How many figures of ``player`` may be on the board: those not in their supply (an upper
    bound: a figure comes from its owner's supply; prisoners are counted too, so while one is
    held the board is scanned)."""
    supply = state.supply[player]
    out = 0
    for name, kind in state.config.figure_kinds.items():
        left = supply.get(name, 0)
        if left < kind.count:
            out += kind.count - left
    return out


def figures_of(state: GameState, player: int) -> list[tuple[int, Figure]]:
    """``(feature, figure)`` for every figure of ``player`` on the board, in the order of
    ``state.figures()`` (by feature, then as the feature lists them)."""
    out = out_of_supply(state, player)
    if out <= 0:
        return []
    config = state.config
    key = (id(config), player)
    known = _KNOWN.get(key)
    found = None
    if known is not None and known.config is config:
        found = _looked_up(state, known, player, out)
    if found is not None:
        found.sort()
        mine = [(feature, fig) for feature, _at, fig in found]
    else:
        mine = [(feature, fig) for feature, fig in state.figures() if fig.player == player]
    _keep(key, _Known(config, tuple(fig for _feature, fig in mine), state.last_tile))
    return mine


def _keep(key: tuple[int, int], known: _Known) -> None:
    if len(_KNOWN) >= _KEPT:
        _KNOWN.clear()
    _KNOWN[key] = known


def _looked_up(
    state: GameState, known: _Known, player: int, out: int
) -> list[tuple[int, int, Figure]] | None:
    """``(feature, index in the feature's figures, figure)`` for each of the player's figures,
    found where they stood last time and on the tile ``known.square``; None when those are
    fewer than ``out`` (the board must be scanned)."""
    found: list[tuple[int, int, Figure]] = []
    for fig in known.figures:
        try:
            feature = state.feature_at(fig.x, fig.y, fig.location)
        except CarcassonneError:
            continue  # another state's board: no such tile or location here
        here = state.figures_on(feature)
        if fig in here:
            found.append((feature, here.index(fig), fig))
    missing = out - len(found)
    if missing == 0:
        return found
    if missing < 0 or known.square is None:
        return None
    x, y = known.square
    have = {fig for _feature, _at, fig in found}
    seen: set[int] = set()
    for feature, _segment in state.segments(x, y):
        if feature in seen:
            continue
        seen.add(feature)
        for at, fig in enumerate(state.figures_on(feature)):
            if fig.player == player and fig.x == x and fig.y == y and fig not in have:
                found.append((feature, at, fig))
                missing -= 1
    return found if missing == 0 else None


def held(state: GameState, player: int) -> int:
    """How many figures of ``player`` other players hold as prisoners (none without a rule
    that takes prisoners: an empty list, not looked through)."""
    prisoners = state.prisoners()
    return sum(1 for p in prisoners if p.player == player) if prisoners else 0


def placed(state: GameState, player: int) -> tuple[Figure, ...]:
    """Every figure of ``player`` on the board, in no particular order (the fairy's moves are
    sorted by the core): the answer of the last look while the player's supply is the same
    object and their prisoners as many, else :func:`figures_of`'s."""
    config = state.config
    key = (id(config), player)
    supply = state.supply[player]
    count = held(state, player)
    known = _KNOWN.get(key)
    if (
        known is not None
        and known.supply is supply
        and known.config is config
        and known.held == count
    ):
        if known.square != state.last_tile:  # the tile to search if a figure comes next
            _KNOWN[key] = tuple.__new__(
                _Known, (config, known.figures, state.last_tile, supply, count)
            )
        return known.figures
    figures = tuple(fig for _feature, fig in figures_of(state, player))
    _keep(key, _Known(config, figures, state.last_tile, supply, count))
    return figures
