"""The simple computer players: a random bot and a greedy bot (no look-ahead past one move).

A bot answers whatever decision is pending, whoever it belongs to (``state.pending.player``):
the active player's tile and figure choices as well as the decisions expansions give other
players mid-turn (a wagon move). Bots only read the state and return a legal action; the caller
applies it, so one bot object can play any seat.

Each bot owns a seeded :class:`random.Random`, so a game between bots is reproducible from the
game's seed and the bots' seeds.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar, Protocol

from carcassonne.actions import Action, Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.state import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


class SeededBot(ABC):
    """A bot that answers whatever decision is pending, with its own seeded random generator."""

    name = "bot"
    #: The keyword options the bot takes, with their types (``make_bot`` checks them).
    options: ClassVar[dict[str, type]] = {}

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no decision is pending: the game is over")
        return self.pick(state, actions)

    def choose_id(self, state: GameState) -> int:
        """The id (``state.legal_action_ids()``) of the action :meth:`choose` picks: play it
        with ``state.apply_id``. Bots that can pick without the action objects (the random
        bot) override it and build none."""
        action = self.choose(state)
        legal = state.legal_actions()
        for i, offered in enumerate(legal):
            if offered is action:
                return i
        return legal.index(action)

    @abstractmethod
    def pick(self, state: GameState, actions: list[Action]) -> Action:
        """One of ``actions`` (never empty) for the pending decision."""


class RandomBot(SeededBot):
    """Picks a legal action uniformly at random."""

    name = "random"

    def choose(self, state: GameState) -> Action:
        if type(self).pick is not RandomBot.pick:  # a subclass picks its own way
            return super().choose(state)
        # the same draw as pick() over legal_actions(), but only the chosen action is built
        return state.action_for_id(self.choose_id(state))

    def choose_id(self, state: GameState) -> int:
        if type(self).pick is not RandomBot.pick:
            return super().choose_id(state)
        ids = state.legal_action_ids()
        if not ids:
            raise ValueError("no decision is pending: the game is over")
        return self.rng.choice(ids)

    def pick(self, state: GameState, actions: list[Action]) -> Action:
        return self.rng.choice(actions)


#: The chance stream of the greedy bot's clones: any other than the game's own (salt 0).
_PROBE_SALT = 1


class GreedyBot(SeededBot):
    """Takes the action that scores the most points right now for the deciding player.

    Every legal action is tried on a clone; a tile placement is followed by the best figure
    choice on that tile, since points are scored only after the figure phase, and an action
    of the decision pending by the best answer to the next decision it leaves the same player
    in the same turn (a tower's capture after its piece; a figure after a ransom freed it, at
    any depth). Ties are broken
    by the smallest gain of the other players, then by the bot's own random generator.
    ``Draw`` is never simulated (it would peek at the hidden draw pile): it counts as no gain.
    A clone draws chance inside a turn (a plugin's ``ask_chance``) from another stream than the
    game's (``reseed_chance``): the bot never sees the outcome its move will really get.
    Pieces that score only at the end (goods tokens) count with what they would score now
    (``carcassonne_held_points``).
    """

    name = "greedy"

    def pick(self, state: GameState, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        player = state.pending.player
        before = _worth(state)
        # the values known without playing the action out (None: play it out)
        known: list[tuple[int, int] | None] = [None] * len(actions)
        if state.pending.kind == "figure":
            scoring = _scoring_features(state)
            if scoring == ():
                return self.rng.choice(actions)  # every choice gains (0, 0): all are tied
            if scoring is not None:  # a figure elsewhere gains what passing gains
                passing = self._value(state, _PASS, player, before)
                known = [None if _on(state, a, scoring) else passing for a in actions]
                known[actions.index(_PASS)] = passing
        elif state.pending.kind == "tile" and _base_rules(state):
            goes_on = _GoesOn(state)
            known = [
                _NOTHING  # what playing it out finds: see _GoesOn
                if type(a) is PlaceTile and not state.would_complete(a) and goes_on.after(a)
                else None
                for a in actions
            ]
        best: list[Action] = []
        best_key: tuple[int, int] | None = None
        for action, key in zip(actions, known, strict=True):
            if key is None:
                key = self._value(state, action, player, before)
            if best_key is None or key > best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _value(
        self,
        state: GameState,
        action: Action,
        player: int,
        before: list[int],
        reuse: bool = False,
        depth: int = 0,
    ) -> tuple[int, int]:
        """(own gain, minus the others' gain) since ``before`` of ``action``, followed by the
        best choice of the decision it leaves ``player`` in this turn (the figure after a tile
        placement; at most ``_FOLLOW_UPS`` decisions deep). With ``reuse`` the action is
        applied to ``state`` itself (a probe nobody needs afterwards): one clone fewer."""
        if type(action) is Draw:
            return _gains(before, _worth(state), player)
        if reuse:
            probe = state
        else:
            probe = state.clone()
            if not _base_rules(probe):  # the base rules draw no chance inside a turn
                probe.reseed_chance(_PROBE_SALT)
        turn = probe.turn
        probe.apply(action, events=False)  # a probe's events are never read
        pending = probe.pending
        if (
            pending.player == player
            and probe.turn == turn
            and pending.kind not in _NOT_FOLLOWED
            and (pending.kind == "figure" or depth == 0)  # deeper: too many to play out
            and depth < _FOLLOW_UPS
        ):
            follows = probe.legal_actions()
            if pending.kind == "figure":
                scoring = _scoring_features(probe)
                if scoring == ():
                    return _gains(before, _worth(probe), player)  # what each choice gives
                if scoring is not None:  # the best choice is passing or a figure on one of them
                    follows = [f for f in follows if _on(probe, f, scoring)]
            last = len(follows) - 1
            return max(
                self._value(probe, follow, player, before, reuse=i == last, depth=depth + 1)
                for i, follow in enumerate(follows)
            )
        return _gains(before, _worth(probe), player)


def _worth(state: GameState) -> list[int]:
    """The scores, plus what the pieces players hold would score now (goods tokens)."""
    hooks = state.config.hooks
    if not hooks.values_held or state.is_over:  # at the end final scoring scored them
        return state.scores
    return [a + b for a, b in zip(state.scores, hooks.held_points(state), strict=True)]


#: Decisions the greedy bot does not play out after an action: a new tile (the next part of the
#: turn), chance (the engine draws it) and the end.
_NOT_FOLLOWED = frozenset({"tile", "draw", "chance", "end"})
#: How many decisions of the same turn the greedy bot plays out after an action (a tile, its
#: figure or tower piece, the capture, an exchange): a bound, should a rule offer an action
#: again and again.
_FOLLOW_UPS = 4

#: The value of an action that changes no score.
_NOTHING = (0, 0)
_PASS = Pass()


def _base_rules(state: GameState) -> bool:
    """Whether the game plays by the base rules alone (no expansion, no extra plugin): then
    points are scored during play only for the features a tile placement completed, which is
    what lets the greedy bot know some values without playing them out."""
    return not (state.config.expansions or state.config.extra_plugins)


def _scoring_features(state: GameState) -> tuple[int, ...] | None:
    """At a figure decision: the features whose points a figure choice can change, when that
    is known without playing the choices out, else None.

    By the base rules alone, while the game goes on after this turn (a tile of the pile fits,
    so the next draw does not end it), this turn scores only the features the placement
    completed, and a figure changes their points only by standing on one of them: every other
    figure choice gains what passing gains (nothing at all when none completed). The greedy
    bot then plays out only passing and the figures on those features: the same choices as
    playing them all, at a fraction of the cost."""
    if not _base_rules(state):
        return None
    if state.config.explicit_draws:
        goes_on = state.tiles_left() > 0  # the next turn starts at a draw decision
    else:
        goes_on = any(map(state.fits_somewhere, state.draw_pile()))
    return tuple(state.completions()) if goes_on else None


def _on(state: GameState, action: Action, features: tuple[int, ...]) -> bool:
    """Whether ``action`` may change the points of ``features``: anything but a figure placed
    on another feature."""
    if type(action) is not PlaceFigure:
        return True
    return state.feature_at(action.x, action.y, action.location) in features


class _GoesOn:
    """Whether the game surely goes on after a tile placement, for placements of one tile
    decision by the base rules alone: then a placement that completes nothing
    (``state.would_complete``) gains nothing, whatever figure follows it, as
    :func:`_scoring_features` finds after playing it.

    A placement changes which tiles fit only on its own square and the four beside it, so a
    tile of the pile that fits on any other square of the board now still fits after it. Up
    to six such squares are found once per decision (usually all from the first tile of the
    pile); when fewer, a placement that would cover all of them is played out instead.
    """

    __slots__ = ("always", "squares")

    def __init__(self, state: GameState) -> None:
        self.squares: set[tuple[int, int]] = set()
        if state.config.explicit_draws:  # the next turn starts at a draw decision
            self.always = state.tiles_left() > 0
            return
        for tile in dict.fromkeys(state.draw_pile()):
            self.squares.update((a.x, a.y) for a in state.placements_of(tile))
            if len(self.squares) > 5:
                break
        self.always = len(self.squares) > 5

    def after(self, action: PlaceTile) -> bool:
        if self.always:
            return True
        x, y = action.x, action.y
        near = {(x, y), (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)}
        return not self.squares <= near


def _gains(before: list[int], after: list[int], player: int) -> tuple[int, int]:
    own = after[player] - before[player]
    others = sum(a - b for a, b in zip(after, before, strict=True)) - own
    return (own, -others)
