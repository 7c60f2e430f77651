"""``mcts``: a searching bot — UCT over determinisations of the hidden draw pile.

The only hidden information in a game is the order of the draw pile. Each iteration of the
search therefore starts from a clone of the state whose pile has been re-dealt in an order the
deciding player cannot rule out (:mod:`carcassonne.bots.determinise`), walks down one shared
tree choosing actions with UCB1 for whoever decides at each node, adds one action, plays the
rest randomly and backs the result up. A determinisation also draws chance inside a turn (a
plugin's ``ask_chance``) from its own stream (``reseed_chance``), never the game's future
outcomes, and re-deals the tiles face down under others with the pile. The tree is keyed by
actions and by what each action led to by chance (the tile drawn, the chance outcomes), so a
node's legal actions are the same in every determinisation that reaches it (information-set
search: the bot never peeks at the real pile or the real chance draws).

Random playouts of a whole game are long and noisy, so a playout stops after ``horizon``
more tiles: the pile is emptied and the engine's own final scoring values everything still
open (a farm, an unfinished city with its meeple). A playout's result for a player mixes the
win (shared wins split) with the score margin over the best opponent, both in [0, 1].

The tree numbers a node's actions by id (``legal_action_ids``/``apply_id``: id ``k`` is
``legal_actions()[k]``, the same list at a node in every determinisation), and playouts play
by ids too, so no action is built but the ones taken. The search uses only those,
``legal_actions`` (to name the chosen action), ``clone``, ``pending``,
``drawn``, ``scores`` and ``is_over``, so it plays every expansion mix, a fan's included. With
a fixed ``iterations`` it is deterministic for its seed; with ``seconds`` it searches until the
time is up (the number of iterations, and so the move, then depends on the machine).
"""

from __future__ import annotations

import math
import time
from itertools import compress, repeat
from math import sqrt
from operator import add, not_, truediv
from typing import Any, ClassVar

from carcassonne.bots.determinise import PileSampler, below
from carcassonne.bots.errors import BotOptionError
from carcassonne.bots.simple import SeededBot
from carcassonne.events import ChanceDrawn, Event
from carcassonne.state import GameState

Action = Any  # any action type, core or plugin: hashable and comparable, that is all we need
#: What chance made of an action: the tile drawn and the chance outcomes drawn, in order.
Outcome = tuple[str | None, tuple[str, ...]]


class _Node:
    """A decision in the tree: per action id (``legal_action_ids``), its visits, its summed
    results for the player deciding here, and the nodes it led to by what chance made of it.

    Parallel lists rather than an object per action: selection computes every action's UCB1
    value with ``map`` over them, in C, and a node is three lists however many actions it has.
    An action is tried once its visits are above 0 (it is visited in the iteration that adds
    it)."""

    __slots__ = ("visits", "tried", "counts", "totals", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.tried = 0  # how many actions have been tried (counts above 0)
        self.counts: list[int] = []
        self.totals: list[float] = []
        self.children: list[dict[Outcome, _Node] | None] = []

    def grow(self, count: int) -> None:
        """Room for ``count`` actions (a node learns its count on its first visit)."""
        more = count - len(self.counts)
        self.counts.extend([0] * more)
        self.totals.extend([0.0] * more)
        self.children.extend([None] * more)


class MctsBot(SeededBot):
    """UCT with determinisation; see the module docstring.

    ``iterations`` and ``seconds`` bound the search per decision (the first reached stops it;
    at least one must be given), ``exploration`` is the UCB1 constant, ``horizon`` the number
    of tiles a playout draws before the final scoring values the board (0: play to the end),
    ``margin_weight`` the share of the score margin in a result, ``margin_scale`` the margin
    (points) worth three quarters of that share.
    """

    name = "mcts"
    options: ClassVar[dict[str, type]] = {
        "iterations": int,
        "seconds": float,
        "exploration": float,
        "horizon": int,
        "margin_weight": float,
        "margin_scale": float,
    }

    def __init__(
        self,
        seed: int | None = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        horizon: int = 8,
        margin_weight: float = 0.5,
        margin_scale: float = 15.0,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise BotOptionError("mcts: iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise BotOptionError("mcts: seconds must be positive")
        if horizon < 0:
            raise BotOptionError("mcts: horizon must be 0 (whole games) or more")
        if not 0 <= margin_weight <= 1:
            raise BotOptionError("mcts: margin_weight must be between 0 and 1")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.horizon = horizon
        self.margin_weight = margin_weight
        self.margin_scale = margin_scale / math.atanh(0.5)  # tanh(scale_points / s) = 0.5
        self.last_iterations = 0  # iterations of the latest search (benchmarks read it)

    def pick(self, state: GameState, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        sampler = PileSampler(state)
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, state, sampler)
            done += 1
        self.last_iterations = done
        # the most visited action; ties go to the better total, then to the first listed (the
        # tree numbers the state's legal actions by id: ``legal_actions()[id]``)
        legal = state.legal_actions()
        index = {id(a): i for i, a in enumerate(legal)}
        counts, totals = root.counts, root.totals
        ids = [index[id(a)] if id(a) in index else legal.index(a) for a in actions]
        tried = [i for i in ids if i < len(counts) and counts[i]]
        best = max(tried, key=lambda i: (counts[i], totals[i]))
        return legal[best]

    def _iterate(self, root: _Node, state: GameState, sampler: PileSampler) -> None:
        rng = self.rng
        game = state.clone()
        if not game.auto_chance:
            game.auto_chance = True  # the search draws chance itself, in its own stream
        sampler.deal(game, rng)
        node = root
        path: list[tuple[_Node, int, int]] = []
        while not game.is_over:
            # ids, not actions: a node's legal actions are the same list in every
            # determinisation that reaches it (its key is what chance made of the actions
            # before), so id k names the same action in all of them, and none is built
            count = len(game.legal_action_ids())
            player = game.pending.player
            counts = node.counts
            if len(counts) < count:
                node.grow(count)
            if node.tried < count:
                # expansion: one new action, then a playout (the untried ids, ascending)
                untried = list(compress(range(count), map(not_, counts)))
                if untried:
                    chosen = untried[below(rng.getrandbits, len(untried))]
                    node.tried += 1
                    game.apply_id(chosen, events=False)
                    path.append((node, chosen, player))
                    break
            chosen = self._select(node, count)
            # without the engine's own events: the list still holds the chance draws
            events = game.apply_id(chosen, events=False)
            # the key is what followed the action: the tile drawn after it (read after
            # applying it) and the chance outcomes it drew, so different next draws get
            # different children
            key = _outcome(game.drawn, events)
            path.append((node, chosen, player))
            children = node.children[chosen]
            if children is None:
                children = node.children[chosen] = {}
            child = children.get(key)
            if child is None:
                child = children[key] = _Node()
            node = child
        self._playout(game)
        results = self._results(game.scores)
        for node, chosen, player in path:
            node.visits += 1
            node.counts[chosen] += 1
            node.totals[chosen] += results[player]

    def _select(self, node: _Node, count: int) -> int:
        """UCB1 among the action ids ``range(count)`` (all tried) for the player deciding at
        ``node``: the first of the best values, each computed as ``total / visits + spread /
        sqrt(visits)``, in C."""
        spread = self.exploration * math.sqrt(math.log(node.visits))
        counts, totals = node.counts, node.totals
        if len(counts) != count:
            counts, totals = counts[:count], totals[:count]
        values = list(
            map(add, map(truediv, totals, counts), map(truediv, repeat(spread), map(sqrt, counts)))
        )
        return values.index(max(values))

    def _playout(self, game: GameState) -> None:
        """Random moves until the game ends, cut short ``horizon`` tiles from now. Each move is
        an id (the drawn tile's other placements are never built), drawn as ``random.choice``
        draws it (:func:`below`: the same numbers from the same generator)."""
        getrandbits = self.rng.getrandbits
        if self.horizon:
            stop = game.tiles_left() - self.horizon
            while not game.is_over:
                if game.tiles_left() <= stop and game.pending.kind != "draw":
                    game.set_draw_pile([])  # the game ends with this turn: final scoring
                    break
                game.apply_id(below(getrandbits, len(game.legal_action_ids())), events=False)
        while not game.is_over:
            game.apply_id(below(getrandbits, len(game.legal_action_ids())), events=False)

    def _results(self, scores: list[int]) -> list[float]:
        """Per player, a result in [0, 1]: the win share mixed with the score margin."""
        top = max(scores)
        winners = scores.count(top)
        # the best opponent's score: the top one, but for a sole winner the second best
        second = max((s for s in scores if s != top), default=top) if winners == 1 else top
        weight = self.margin_weight
        scale = self.margin_scale
        results = []
        for score in scores:
            if score == top:
                win, best_other = 1.0 / winners, second
            else:
                win, best_other = 0.0, top
            margin = 0.5 + 0.5 * math.tanh((score - best_other) / scale)
            results.append((1 - weight) * win + weight * margin)
        return results


def _outcome(drawn: str | None, events: list[Event]) -> Outcome:
    """The tree key of what chance made of an action (its events): the tile then drawn and the
    chance outcomes drawn inside the turn."""
    return drawn, tuple(e.outcome for e in events if type(e) is ChanceDrawn)
