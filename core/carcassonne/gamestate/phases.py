"""The turn's phases: applying an action, drawing, placing, scoring, the queue of decisions,
the end of a turn, extra turns and final scoring.

The layer above :mod:`carcassonne.gamestate.changes` (see :mod:`carcassonne.gamestate`).
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING

from carcassonne import events as ev
from carcassonne.actions import Action, ChanceOutcome, Draw, Pass, PlaceFigure, PlaceTile
from carcassonne.config import MAX_PLAYERS
from carcassonne.errors import CarcassonneError, IllegalActionError
from carcassonne.features import FIGS, KIND
from carcassonne.gamestate.chance import Chance
from carcassonne.gamestate.data import (
    _NO_EXTRAS,
    _THEN_DRAW,
    _THEN_END,
    _THEN_FIGURE,
    _THEN_SCORING,
    END,
    _new,
)
from carcassonne.gamestate.legal import _PASS, _counted
from carcassonne.gamestate.refusals import _offered, _same_types, shape_refusal
from carcassonne.values import (
    Award,
    Decision,
    ForcedChance,
    ForcedDraw,
    ReturnedFigure,
    ReturnFigures,
)

if TYPE_CHECKING:
    from carcassonne.values import ScoreItem

#: The decisions of the turn loop, per player (immutable values: built once, shared).
_DRAW_FOR = tuple(_new(Decision, ("draw", p, None, True)) for p in range(MAX_PLAYERS))
_TILE_FOR = tuple(_new(Decision, ("tile", p, None, True)) for p in range(MAX_PLAYERS))
_FIGURE_FOR = tuple(_new(Decision, ("figure", p, None, True)) for p in range(MAX_PLAYERS))


class Phases(Chance):
    """Applying actions and the turn loop."""

    __slots__ = ()

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action | str, *, events: bool = True) -> list[ev.Event]:
        """Apply a legal action and return its events.

        ``action`` may be notation text (``"tile BA/C 0,-1 r180"``, docs/notation.md). A
        feature may be named by any of its locations (``W`` for a road offered as ``E``): the
        action is applied, logged and recorded with the canonical one. An illegal action raises
        :class:`IllegalActionError` (with a ``code``, see :mod:`carcassonne.codes`) and leaves
        the state exactly as it was; so does any error raised while the action is carried out.

        ``events=False`` is for callers that do not read the events (searches, probes, random
        playouts): the engine builds none of its own (tiles drawn and placed, figures, points,
        completions, turns, the game's end), and the list returned (and ``last_events``) holds
        only what hooks returned or emitted and the chance draws (``ChanceDrawn``: a search
        keys its tree on them). The state reached is the same either way.
        """
        if isinstance(action, str):
            action = self._parse(action)
        kind = self.pending.kind
        # The first three branches take only what cannot be malformed: an exact PlaceTile
        # (``_check_tile`` compares its fields with the drawn tile's offers and refuses any
        # other value), the field-less Pass, or the very object the state offered (bots pick
        # from legal_actions(): the identity scan runs in C). Anything else has its shape
        # checked before it reaches a lookup among the legal actions.
        if kind == "tile" and type(action) is PlaceTile:
            reason: str | None = self._check_tile(action)
        elif kind == "figure" and type(action) is Pass and not self.config.hooks.vetoes_figures:
            reason = None  # always offered without vetoes (search passes without asking)
        elif (
            self._legal is not None
            and kind != END
            and any(map(is_, self._legal, repeat(action)))
        ):
            reason = None
        elif (shape := shape_refusal(action)) is not None:
            raise IllegalActionError(action, shape.reason, shape.code, **shape.details)
        elif kind == END:
            reason = "the game is over"
        else:
            legal = self.legal_actions()
            model = _offered(action, legal)
            if model is None:
                action = self.canonical(action)
                model = _offered(action, legal)
            reason = None if model is not None and _same_types(action, model) else "refused"
        if reason is not None:
            self._refuse(action)
        return self._carry_out(action, events)

    def apply_id(self, action_id: object, *, events: bool = True) -> list[ev.Event]:
        """Apply the legal action with id ``action_id`` (see ``legal_action_ids``) and return
        its events: what ``apply(legal_actions()[action_id])`` does, without building the
        other actions or checking the one built (it is legal by construction). An id that
        names no legal action raises :class:`IllegalActionError` and changes nothing.
        ``events=False``: as for :meth:`apply`, the engine builds none of its own events."""
        return self._carry_out(self.action_for_id(action_id), events)

    def _carry_out(self, action: Action, keep: bool = True) -> list[ev.Event]:
        """Log and carry out a legal action; on any error, take the state back. Without
        ``keep`` the turn loop gets ``None`` for its events (it builds none of its own) and
        what hooks add goes to ``last_events`` (:meth:`_hooks_out`)."""
        events: list[ev.Event] = []
        self.last_events = events  # filled as the action is carried out (``emit`` adds to it)
        self.log.append(action)
        before = self._x  # the chance outcomes forced and not yet drawn, should it fail
        try:
            self._dispatch(action, events if keep else None)
        except BaseException:
            self._rebuild(_without_last(self.log), before.forced if before is not None else ())
            raise
        return events

    def _hooks_out(self, events: list[ev.Event] | None) -> list[ev.Event]:
        """Where the events hooks return (and the chance draws) go: the action's list, or on
        the event-less path ``last_events``, so that plugins reading it and searches keying
        on chance outcomes see them on both paths."""
        return self.last_events if events is None else events

    def replay_entry(self, entry: Action | ForcedDraw | ForcedChance) -> list[ev.Event]:
        """Replay one entry of another state's ``log``: apply an action, force a draw
        (``ForcedDraw``) or the next chance outcome (``ForcedChance``). What records, the
        command line and tests replay a game with; returns the events it caused."""
        if isinstance(entry, ForcedDraw):
            before = len(self.last_events)
            self.force_draw(entry.tile)
            return self.last_events[before:]
        if isinstance(entry, ForcedChance):
            self.force_chance(entry.outcome)
            return []
        return self.apply(entry)

    def force_draw(self, tile: str) -> None:
        """Make ``tile`` the next tile drawn (records replaying a draw order, puzzles, tests).

        Allowed only while a draw is pending or a drawn tile has not been placed yet; the tile
        must still be in the pile (or be the drawn one), unless the option ``box_counts`` is
        false: then a tile the pile lacks is dealt as an extra copy (replays of other engines'
        records).
        """
        tile = self.config.resolve_tile(tile)
        if self.pending.kind == "tile" and self.drawn == tile:
            return
        if self.pending.kind not in ("tile", "draw"):
            raise CarcassonneError(
                f"cannot force a draw while a {self.pending.kind} decision is pending"
            )
        if tile not in self._pile and tile != self.drawn and self.config.options["box_counts"]:
            raise CarcassonneError(
                f"tile {tile} is not in the draw pile (option box_counts = false deals it anyway)"
            )
        self.log.append(ForcedDraw(tile))
        self._force_next(tile)

    def _force_next(self, tile: str) -> None:
        if self.pending.kind == "tile":
            # put the drawn tile back on top and draw the wanted one instead
            assert self.drawn is not None
            self._pile.append(self.drawn)
            self.drawn = None
            self._lift(tile)
            # a new list (clones share the old one): the draw's events, and what hooks emit
            events = self.last_events = list(self.last_events)
            self._draw(events)
        else:
            self._lift(tile)
        self._legal = None

    def _lift(self, tile: str) -> None:
        """Move the topmost copy of ``tile`` to the top of the pile; the rest keep their order.
        Without box counts (option ``box_counts = false``) a tile the pile lacks is added."""
        pile = self._pile
        if tile not in pile:
            pile.append(tile)
            return
        index = len(pile) - 1 - pile[::-1].index(tile)
        pile.append(pile.pop(index))

    def _dispatch(self, action: Action, events: list[ev.Event] | None) -> None:
        kind = self.pending.kind
        self._legal = None
        self.turn_actions = self.turn_actions + (action,)
        # (a plugin's action may be one of those at any time of the turn: checked only there,
        # so that the core's actions pay nothing for it)
        if kind == "draw":
            self._turn_opts = None
            if type(action) is Draw:
                self._draw(events)
            elif type(action) is Pass:
                self._end_turn(events)
            elif type(action) is PlaceTile:
                self._place_tile_action(action, events)
            elif not self._applied_anytime(action, events):
                self._hooks_out(events).extend(self.config.hooks.apply_action(self, action))
        elif kind == "tile":
            if type(action) is PlaceTile:
                self._place_tile_action(action, events)
            else:
                applied = self._applied_anytime(action, events)
                assert applied, action
        elif kind == "figure":
            if type(action) is PlaceFigure:
                self.place_figure(
                    self.player, action.figure, action.x, action.y, action.location, events
                )
            elif type(action) is not Pass:
                if self._applied_anytime(action, events):
                    return
                self._hooks_out(events).extend(self.config.hooks.apply_action(self, action))
            hooks = self.config.hooks
            before = hooks.before_scoring(self) if hooks.before_scoring_used else []
            if before or self._asked:
                # decisions between the figure phase and scoring (asked by the figure phase's
                # action, then the hook's), in the order given
                self._queue = self._queue + self._asked + tuple(before)
                self._asked = ()
                self._then = _THEN_SCORING
                self._next_decision(events)
                return
            self._score_and_close(events)
        elif kind == "chance":
            assert type(action) is ChanceOutcome
            self._chance_applied(action, self._hooks_out(events))
            self._queue = self._queue + self._asked
            self._asked = ()
            self._next_decision(events)
        else:
            if type(action) is PlaceFigure:
                self.place_figure(
                    self.pending.player, action.figure, action.x, action.y, action.location, events
                )
            elif type(action) is not Pass:
                if self._applied_anytime(action, events):
                    return
                self._hooks_out(events).extend(self.config.hooks.apply_action(self, action))
            self._queue = self._queue + self._asked
            self._asked = ()
            self._next_decision(events)

    def _applied_anytime(self, action: Action, events: list[ev.Event] | None) -> bool:
        """Apply ``action`` if it is one of the active player's actions at any time of the
        turn (the same decision then stays pending); False if it is not one."""
        if not self.config.hooks.offers_anytime or self.pending.player != self.player:
            return False
        # asked as before the action joined turn_actions: a rule offering it once a turn
        # looks there
        taken = self.turn_actions
        self.turn_actions = taken[:-1]
        try:
            offered = action in self._anytime()
        finally:
            self.turn_actions = taken
        if not offered:
            return False
        self._hooks_out(events).extend(self.config.hooks.apply_action(self, action))
        self._turn_opts = None
        return True

    def _score_and_close(self, events: list[ev.Event] | None) -> None:
        """The turn part's scoring phase, then the decisions after it, then its end."""
        completed = self.completions()
        if events is not None:
            graph = self._graph
            for root in completed:
                tiles = len(graph.squares(root, self.board))
                events.append(ev.FeatureCompleted(graph.feats[root][KIND], root, tiles))
        self._apply_scoring(completed, False, events, return_completed=True)
        hooks = self.config.hooks
        decisions = (
            hooks.after_scoring(self, list(self._returned)) if hooks.after_scoring_used else []
        )
        if decisions:
            n = self.config.players
            active = self.player
            decisions.sort(key=lambda d: ((d.player - active) % n, d.kind, repr(d.data)))
            self._queue = self._queue + self._asked + tuple(decisions)
        elif self._asked:
            self._queue = self._queue + self._asked
        self._asked = ()
        self._then = _THEN_END
        if self._queue:
            self._next_decision(events)
        else:  # what _next_decision does with nothing queued and nothing then
            self._end_turn(events)

    # -- the turn loop -------------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.turn_actions = ()
        self._completed = ()
        self._returned = ()
        self._then = _THEN_END
        self.last_tile = None
        self._turn_opts = None
        # a new decision follows: what was listed for the last one (a moot decision skipped
        # by _next_decision leaves its [Pass]) must not answer for it
        self._legal = None

    def _start_turn(self, events: list[ev.Event] | None, asked: bool = False) -> None:
        """Start a turn (or a further part of one): draw its tile, or wait for a ``draw``
        decision when the player may do something else first (an alternative to drawing, an
        action at any time). ``asked``: the decisions asked at its start were just taken."""
        if not asked:
            self._reset_turn()
        if not self._pile:
            self._regular_play_over(events)
            return
        hooks = self.config.hooks
        if hooks.turn_started_used and not asked and (self._x is None or not self._x.part):
            self._hooks_out(events).extend(hooks.turn_started(self))
            if self._asked:
                # decisions asked at the start of the turn come before the draw
                self._queue = self._queue + self._asked
                self._asked = ()
                self._then = _THEN_DRAW
                self._next_decision(events)
                return
        self.pending = _DRAW_FOR[self.player]
        if (  # _draw_waits(), inline: this runs at every turn of every search
            self.config.explicit_draws
            or (hooks.offers_turn_actions and self._turn_actions())
            or (hooks.offers_anytime and self._anytime())
        ):
            return
        self._draw(events)

    def _draw_waits(self) -> bool:
        """Whether drawing is the player's decision (``Draw`` joins ``turn_actions``): with
        explicit draws, or while a plugin offers an action before the draw."""
        hooks = self.config.hooks
        return bool(
            self.config.explicit_draws
            or (hooks.offers_turn_actions and self._turn_actions())
            or (hooks.offers_anytime and self._anytime())
        )

    def _draw(self, events: list[ev.Event] | None) -> None:
        player = self.player
        types = self.config.tile_types
        # Without vetoes, whether a tile fits anywhere is known from the first square that
        # takes it: its placements are listed only when asked (search never asks for most).
        hooks = self.config.hooks
        while self._pile:
            tid = self._pile.pop()
            tile = types[tid]
            if hooks.sets_aside:
                reason = hooks.set_aside_drawn(self, tile)
                if reason is not None:
                    x = self._x or _NO_EXTRAS
                    self._x = x._replace(aside=x.aside + (tid,))
                    if events is not None:
                        events.append(_new(ev.TileDrawn, (player, tid)))
                        events.append(ev.TileSetAside(tid, reason))
                    continue
            self.drawn = tid  # vetoes see the tile being drawn (a drawn tile's rules apply)
            if hooks.vetoes_placements and hooks.may_veto(self.config, tile):
                # the placements left after the vetoes, counted (ids need no action each)
                table = _counted(self._fitting(tile))
                fits = bool(table[0]) and table[0][-1] > 0
            else:
                table = None
                fits = self._fits_somewhere(tile)
            if events is not None:
                events.append(_new(ev.TileDrawn, (player, tid)))
            if fits:
                self._cands = None
                self._ids = table
                self.pending = _TILE_FOR[player]
                self._legal = None
                return
            self.drawn = None
            if events is not None:
                events.append(ev.TileReturned(player, tid))
            if self.config.explicit_draws and self._pile:
                # the caller draws again (only Draw is legal: Draw is in turn_actions)
                self.pending = Decision("draw", player)
                self._legal = None
                return
        self._regular_play_over(events)

    def _place_tile_action(self, action: PlaceTile, events: list[ev.Event] | None) -> None:
        tid, x, y, rotation = action  # one unpacking, not a property call per field read
        tile = self.config.tile_types[tid]
        player = self.player
        self.drawn = None
        self._cands = None
        self._ids = None
        self._completed = self._lay(tile, x, y, rotation, player)
        self.last_tile = (x, y)
        if events is not None:
            events.append(_new(ev.TilePlaced, (player, tile.id, x, y, rotation)))
        hooks = self.config.hooks
        if hooks.tile_placed_used:
            hooks.tile_placed(self, x, y, tile, rotation)
        if self._asked:
            self._queue = self._queue + self._asked
            self._asked = ()
            self._then = _THEN_FIGURE
            self._next_decision(events)
        else:
            self.pending = _FIGURE_FOR[self.player]

    def _apply_scoring(
        self,
        features: list[int],
        final: bool,
        events: list[ev.Event] | None,
        return_completed: bool,
    ) -> None:
        hooks = self.config.hooks
        items: list[ScoreItem] = hooks.score(self, features, final)
        awards = [i for i in items if type(i) is Award] if items else []
        if hooks.adjusts_awards:
            awards = hooks.adjust_awards(self, awards, final)
        if awards:
            try:
                awards.sort(key=lambda a: (a.stage, a.feature, a.player))
            except TypeError:  # awards for no feature (None) come first in their stage
                awards.sort(key=_award_order)
            for award in awards:
                self.award(
                    award.player,
                    award.points,
                    award.feature,
                    award.kind,
                    award.reason,
                    events,
                    final,
                )
        returned: list[ReturnedFigure] = []
        if items:
            returns = sorted(
                (i for i in items if type(i) is ReturnFigures), key=lambda r: (r.stage, r.feature)
            )
            for item in returns:
                returned.extend(self.return_figures(item.feature, events, item.kinds))
        if return_completed:
            for root in features:
                returned.extend(self.return_figures(root, events))
        if returned:
            self._returned = self._returned + tuple(returned)

    def _next_decision(self, events: list[ev.Event] | None) -> None:
        while self._queue:
            self.pending, self._queue = self._queue[0], self._queue[1:]
            self._legal = None
            if self.pending.kind == "chance":
                outcome = self._chance_draw()
                if outcome is None:
                    return  # the caller draws (auto_chance is off)
                self._chance_applied(
                    ChanceOutcome(self._spec().name, outcome), self._hooks_out(events)
                )
                self._queue = self._queue + self._asked
                self._asked = ()
                continue
            if self.legal_actions() == [_PASS]:
                # an earlier answer took every option (a target another wagon wanted): the
                # decision is moot, as if the plugin had not asked it
                continue
            if self.pending.player != self.player and events is not None:
                events.append(ev.DecisionPending(self.pending.player, self.pending.kind))
            return
        then = self._then
        if then == _THEN_FIGURE:
            self._then = _THEN_END
            self.pending = Decision("figure", self.player)
            self._legal = None
            return
        if then == _THEN_SCORING:
            self._then = _THEN_END
            self._score_and_close(events)
            return
        if then == _THEN_DRAW:
            self._then = _THEN_END
            self._start_turn(events, asked=True)
            return
        self._end_turn(events)

    def _end_turn(self, events: list[ev.Event] | None) -> None:
        if self._in_extra:
            self._next_extra_turn(events)
            return
        if not self._pile:
            self._regular_play_over(events)
            return
        x = self._x
        if x is not None and (x.part or x.more_parts):
            if x.more_parts:
                # another part of the same turn: the same player draws again
                part = x.part + 1
                self._x = x._replace(part=part, more_parts=x.more_parts[1:])
                if events is not None:
                    events.append(ev.TurnPartStarted(self.player, self.turn, part, x.more_parts[0]))
                self._start_turn(events)
                return
            self._x = x._replace(part=0)
        self.player = (self.player + 1) % self.config.players
        self.turn += 1
        if events is not None:
            events.append(_new(ev.TurnStarted, (self.player, self.turn)))
        self._start_turn(events)

    def _regular_play_over(self, events: list[ev.Event] | None) -> None:
        if not self._in_extra:
            self._in_extra = True
            extra = tuple(self.config.hooks.extra_turns(self))
            x = self._x
            if x is not None and x.more_parts:
                # a further part asked with the last tile: no tile is left to draw, so it is
                # an end-of-game turn of its player, before the others (only the alternatives
                # to drawing, an abbey; skipped when there are none)
                extra = (self.player, *extra)
            self._extra = extra
        self._next_extra_turn(events)

    def _next_extra_turn(self, events: list[ev.Event] | None) -> None:
        if self._x is not None and (self._x.part or self._x.more_parts):
            self._x = self._x._replace(part=0, more_parts=())
        while self._extra:
            player, self._extra = self._extra[0], self._extra[1:]
            self.player = player
            self._reset_turn()
            self.pending = Decision("draw", player)
            if self._turn_actions():
                self.turn += 1
                if events is not None:
                    events.append(ev.TurnStarted(player, self.turn))
                return
        self._final_scoring(events)

    def _final_scoring(self, events: list[ev.Event] | None) -> None:
        feats = self._graph.feats
        features = [root for root in self._graph.roots() if feats[root][FIGS]]
        self._apply_scoring(features, True, events, return_completed=False)
        self._asked = ()  # the game is over: nothing more is asked
        self.pending = Decision(END, -1)
        self._legal = None
        if events is not None:
            events.append(ev.GameOver(tuple(self.scores), self.ranking()))


def _award_order(award: Award) -> tuple[int, int, int]:
    return (award.stage, -1 if award.feature is None else award.feature, award.player)


def _without_last(
    log: list[Action | ForcedDraw | ForcedChance],
) -> list[Action | ForcedDraw | ForcedChance]:
    """The log without its last action and the chance draws that action made (logged just
    before it): what an action that failed half-way is taken back to."""
    cut = len(log) - 1
    while cut and type(log[cut - 1]) is ForcedChance:
        cut -= 1
    return log[:cut]
