"""Chance inside a turn and the pile's side areas; the layer above
:mod:`carcassonne.gamestate.effects` (see :mod:`carcassonne.gamestate`).

A chance draw is a ``chance`` decision (``Decision("chance", CHANCE, ChanceSpec(...))``) that the
engine answers itself, from the game's seed, the number of chance draws so far and the salt a
search may change; each outcome is logged as a ``ForcedChance`` entry just before the action
that caused it, so that undo, records and positions replay it exactly. With ``auto_chance`` off
the decision waits for the caller (environments' chance nodes). Tiles set aside wait face up;
tiles put under a placed tile are hidden (their ids are never shown).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate

from carcassonne import events as ev
from carcassonne.actions import ChanceOutcome
from carcassonne.errors import CarcassonneError
from carcassonne.gamestate.effects import Effects
from carcassonne.values import CHANCE, ChanceSpec, Decision, ForcedChance


class Chance(Effects):
    """Chance draws and the pile's side areas (set aside, under a tile, shuffled back)."""

    __slots__ = ()

    def ask_chance(
        self,
        name: str,
        outcomes: Sequence[str],
        weights: Sequence[int] | None = None,
        data: object = None,
    ) -> None:
        """Draw one of ``outcomes`` by chance (``weights``: how many ways each comes up), as a
        decision queued like :meth:`ask`'s. The engine draws it from the game's seed, the
        number of draws so far and the chance salt, logs the outcome (so undo and records
        replay it exactly) and hands it to the plugin's ``carcassonne_apply_action`` as a
        ``ChanceOutcome(name, outcome)``; with ``auto_chance`` off the decision waits for the
        caller instead (an environment's chance node)."""
        outcomes = tuple(str(o) for o in outcomes)
        counts = tuple(weights) if weights is not None else (1,) * len(outcomes)
        if not outcomes or len(set(outcomes)) != len(outcomes):
            raise CarcassonneError(f"a chance draw needs distinct outcomes, not {outcomes!r}")
        if len(counts) != len(outcomes) or any(type(w) is not int or w < 0 for w in counts):
            raise CarcassonneError(
                f"weights must be whole numbers >= 0, one per outcome: {counts!r}"
            )
        if not any(counts):
            raise CarcassonneError("a chance draw needs an outcome with a weight above 0")
        self.ask(Decision("chance", CHANCE, ChanceSpec(name, outcomes, counts, data)))

    def force_chance(self, outcome: str) -> None:
        """Make the next chance draw come out as ``outcome`` (tests, puzzles, scenario files).
        Forced outcomes are taken in order, before anything is sampled; a chance decision
        already pending (``auto_chance`` off) is answered with ``apply(ChanceOutcome(...))``."""
        self._force_chance_next(str(outcome))

    def reseed_chance(self, salt: int) -> None:
        """Draw later chance outcomes from another stream (search determinises on a clone, as
        with ``set_draw_pile``): not part of the game's rules."""
        self._x = self._extras._replace(salt=salt)

    def _force_chance_next(self, outcome: str) -> None:
        x = self._extras
        self._x = x._replace(forced=x.forced + (outcome,))

    def _chance_draw(self) -> str | None:
        """The outcome of the pending chance decision: forced, drawn, or None (the caller's)."""
        spec = self._spec()
        x = self._extras
        if x.forced:
            outcome = x.forced[0]
            if outcome not in spec.outcomes:
                raise CarcassonneError(
                    f"the forced chance outcome {outcome!r} is not one of {spec.name}'s "
                    f"({', '.join(spec.outcomes)})"
                )
            self._x = x._replace(forced=x.forced[1:])
        elif self.auto_chance:
            rng = random.Random(f"{self.seed}:{x.salt}:{x.chances}")
            # rng.choices(spec.outcomes, spec.weights)[0] inlined, the same draw: its checks
            # are ask_chance's, and its Python-level setup cost a third of the reseed
            cumulative = list(accumulate(spec.weights))
            drawn = bisect(
                cumulative, rng.random() * (cumulative[-1] + 0.0), 0, len(cumulative) - 1
            )
            outcome = spec.outcomes[drawn]
        else:
            return None
        # logged before the action being applied, so that a replay forces it again
        self.log.insert(len(self.log) - 1 if self.log else 0, ForcedChance(outcome))
        return outcome

    def _chance_applied(self, outcome: ChanceOutcome, events: list[ev.Event]) -> None:
        spec = self._spec()
        if outcome.name != spec.name or outcome.outcome not in spec.outcomes:
            raise CarcassonneError(f"{outcome} does not answer the chance draw {spec.name}")
        x = self._extras
        self._x = x._replace(chances=x.chances + 1)
        events.append(ev.ChanceDrawn(outcome.name, outcome.outcome))
        events.extend(self.config.hooks.apply_action(self, outcome))

    def set_aside(self, tile: str, reason: str, events: list[ev.Event]) -> None:
        """Take a copy of ``tile`` out of the pile and set it aside face up."""
        tid = self.config.resolve_tile(tile)
        if tid not in self._pile:
            raise CarcassonneError(f"tile {tid} is not in the draw pile")
        pile = self._pile
        del pile[len(pile) - 1 - pile[::-1].index(tid)]
        x = self._extras
        self._x = x._replace(aside=x.aside + (tid,))
        self._legal = None
        events.append(ev.TileSetAside(tid, reason))

    def shuffle_in(
        self, reason: str, events: list[ev.Event], tiles: Sequence[str] | None = None
    ) -> None:
        """Shuffle set-aside tiles (all of them, or ``tiles``) back into the draw pile, each at
        a place drawn like a chance outcome (from the seed, the draws so far and the salt)."""
        x = self._extras
        wanted = list(x.aside) if tiles is None else [self.config.resolve_tile(t) for t in tiles]
        aside = list(x.aside)
        for tid in wanted:
            if tid not in aside:
                raise CarcassonneError(f"tile {tid} is not set aside")
            aside.remove(tid)
        if not wanted:
            return
        rng = random.Random(f"{self.seed}:{x.salt}:{x.chances}:shuffle")
        for tid in wanted:
            self._pile.insert(rng.randrange(len(self._pile) + 1), tid)
        self._x = x._replace(aside=tuple(aside), chances=x.chances + 1)
        self._legal = None
        events.append(ev.TilesShuffledIn(tuple(wanted), reason))

    def take_next_tile(self) -> str | None:
        """Take the next tile off the pile (a plugin's own use of it), or None if it is empty;
        the id is the plugin's to keep hidden or to show."""
        if not self._pile:
            return None
        self._legal = None
        return self._pile.pop()

    def put_back(self, tile: str, where: str = "top") -> None:
        """Put ``tile`` back into the pile: on ``top`` (drawn next) or at the ``bottom``."""
        tid = self.config.resolve_tile(tile)
        if where == "top":
            self._pile.append(tid)
        elif where == "bottom":
            self._pile.insert(0, tid)
        else:
            raise CarcassonneError(f"a tile goes back on 'top' or at the 'bottom', not {where!r}")
        self._legal = None

    def put_under(
        self, x: int, y: int, reason: str, events: list[ev.Event], where: str = "top"
    ) -> bool:
        """Put the next tile of the pile (``where = "top"``) or its last (``"bottom"``: the
        pile just ends one tile sooner, as JCloisterZone counts the hill's tile) face down
        under the tile at ``(x, y)``, unseen (the hill's hidden tile); False if the pile is
        empty."""
        if (x, y) not in self.board:
            raise CarcassonneError(f"no tile at {x},{y} to put a tile under")
        if where == "top":
            tid = self.take_next_tile()
        elif where == "bottom":
            tid = self._pile.pop(0) if self._pile else None
            self._legal = None
        else:
            raise CarcassonneError(
                f"a tile goes under from the 'top' or the 'bottom', not {where!r}"
            )
        if tid is None:
            return False
        extras = self._extras
        self._x = extras._replace(under=extras.under + (((x, y), tid),))
        events.append(ev.TilePutUnder(x, y, reason))
        return True

    def put_tile_under(self, x: int, y: int, tile: str) -> None:
        """Put ``tile`` (not taken from the pile) face down under the tile at ``(x, y)``,
        outside the turn rules (positions and puzzles)."""
        if (x, y) not in self.board:
            raise CarcassonneError(f"no tile at {x},{y} to put a tile under")
        tid = self.config.resolve_tile(tile)
        extras = self._extras
        self._x = extras._replace(under=extras.under + (((x, y), tid),))

    def set_aside_tile(self, tile: str) -> None:
        """Add ``tile`` (not taken from the pile) to the tiles set aside, outside the turn
        rules (positions and puzzles)."""
        tid = self.config.resolve_tile(tile)
        extras = self._extras
        self._x = extras._replace(aside=extras.aside + (tid,))

    def set_chance_count(self, count: int) -> None:
        """Set how many chance draws the game has made, outside the turn rules (positions):
        the next draw (and shuffle) is seeded by the count."""
        if type(count) is not int or count < 0:
            raise CarcassonneError(
                f"a count of chance draws is a whole number from 0, not {count!r}"
            )
        self._x = self._extras._replace(chances=count)

    def _hidden_under(self) -> tuple[tuple[tuple[int, int], str], ...]:
        """The tiles under placed tiles with their ids: for positions, never for views."""
        return self._extras.under
