"""Sampling what a search must not know: the pile's order, tiles face down, later chance draws.

A player sees the board, the drawn tile and how many tiles are left, and knows the game's tile
list, so the multiset of the tiles not seen is public: the pile's and those put face down under
a placed tile (a plugin's ``put_under``), which one of them went under is not, nor the pile's
order. The sampler pools both, deals the pile from the pool and leaves the rest as the tiles
that went under (they came off the top of the pile, so from the current stack); the real ids
under the clone's tiles stay where they are, unread (no rule shows them). A chance draw inside
a turn (``ask_chance``) is drawn from the game's seed, so a clone would draw the real future
outcomes: :meth:`PileSampler.deal` also moves the clone to another chance stream
(``reseed_chance``). The only structure
of the order that a player knows is the configuration's: stacks drawn one after the other (the
River's before the others) and tiles that go to the bottom of their stack (the River's lake).
:class:`PileSampler` splits the remaining tiles into those stacks once per decision and then
draws orders uniformly among the consistent ones, as many as the search wants.

The sampler reads the configuration's ``stacks`` and ``bottom`` and gives a *clone* its pile with
``GameState.set_draw_pile`` and its chance stream with ``GameState.reseed_chance``. Nothing here
depends on an expansion.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from carcassonne.state import GameState


class PileSampler:
    """Draws orders of ``state``'s remaining tiles that a player of that state cannot rule out."""

    def __init__(self, state: GameState) -> None:
        self.bottom = frozenset(state.config.bottom)
        under = [tile for _, tile in state._hidden_under()]
        #: How many tiles lie face down under others: taken off the front of a sampled pool.
        self.hidden = len(under)
        self.groups = _groups(state, under)

    def sample(self, rng: random.Random) -> list[str]:
        """One consistent order of the pile, the next tile to be drawn first."""
        order: list[str] = []
        bottom = self.bottom
        getrandbits = rng.getrandbits
        for group in self.groups:
            tiles = list(group)
            # rng.shuffle(tiles), with its draws inline: the same order from the same
            # generator, without a Python call per tile (each search iteration deals a pile)
            for i in range(len(tiles) - 1, 0, -1):
                n = i + 1
                bits = n.bit_length()
                j = getrandbits(bits)
                while j >= n:
                    j = getrandbits(bits)
                tiles[i], tiles[j] = tiles[j], tiles[i]
            if bottom:
                tiles.sort(key=lambda tile: tile in bottom)  # stable: the rest stay shuffled
            order.extend(tiles)
        # the tiles under others came off the top of the pile: a uniform pick of the first group
        return order[self.hidden :]

    def deal(self, state: GameState, rng: random.Random) -> None:
        """Give ``state`` (a clone of the sampled state) a freshly sampled pile and another
        stream of chance draws than the game's own (salt 0)."""
        state.set_draw_pile(self.sample(rng))
        state.reseed_chance(1 + below(rng.getrandbits, 2**31 - 1))  # rng.randrange(1, 2**31)


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """A uniform int in ``[0, n)`` drawn as :class:`random.Random` draws it for ``choice``,
    ``randrange(n)`` and ``shuffle`` (rejection sampling on ``n.bit_length()`` bits), so that
    a search passing its generator's ``getrandbits`` plays exactly the moves it played
    through those methods, with one Python call a draw instead of two or three."""
    if n <= 0:
        raise IndexError("cannot choose from an empty range")
    bits = n.bit_length()
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


def _groups(state: GameState, under: list[str]) -> list[tuple[str, ...]]:
    """The remaining tiles by stack, in draw order.

    Stacks are drawn one after the other, so the stacks after the one being drawn are still
    complete: take whole stacks from the last one back while they fit in what remains; what is
    left is the rest of the current stack. (A pile rearranged by hand — a puzzle position, a
    forced draw — may break that pattern; the leftover is then one group, which is still the
    same multiset.)
    """
    remaining = Counter(state.draw_pile()) + Counter(under)
    stacks = [state.config.stacks[key] for key in sorted(state.config.stacks)]
    complete: list[tuple[str, ...]] = []
    for stack in reversed(stacks):
        if not stack:
            continue
        needed = Counter(stack)
        if any(remaining[tile] < n for tile, n in needed.items()):
            break
        remaining -= needed
        complete.append(tuple(stack))
    current = tuple(sorted(remaining.elements()))
    groups = [current] if current else []
    return groups + complete[::-1]
