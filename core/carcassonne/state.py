"""The mutable game state: board, figures, scores, and the turn loop.

Design notes (why it looks like this):

* A state points at its immutable :class:`~carcassonne.config.GameConfig` and owns only flat
  containers of immutable values (tuples, frozensets, ints, strings) plus the feature graph
  (:mod:`carcassonne.features`). ``clone()`` copies a dozen containers and nothing else; there is
  no ``deepcopy`` anywhere.
* The squares next to the board ("frontier") carry the edge each neighbour shows them, so the
  legal placements of a tile are a few dictionary lookups per square (``GameConfig.fits``).
* Hooks are called once per phase, never per square. Plugins read the state through the public
  queries below (documented in ``docs/hooks.md``) and change it only through ``award``,
  ``return_figures``, ``place_figure``, ``ask`` and ``ext``. Everything starting with ``_`` is
  private to the engine.
* ``undo()`` replays the action log from the state's origin: exact by construction and free
  for callers that never undo (bots use ``clone()``).

The class is assembled from the layers of :mod:`carcassonne.gamestate` (data, queries, legal
moves, refusals, the turn's phases, snapshots), one concern a module; this module defines it so
that ``carcassonne.state.GameState`` (imports, pickles) names it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from carcassonne._deprecated_state import DeprecatedQueries
from carcassonne.actions import Action as Action
from carcassonne.actions import Draw as Draw
from carcassonne.actions import Pass as Pass
from carcassonne.actions import PlaceFigure as PlaceFigure
from carcassonne.actions import PlaceTile as PlaceTile
from carcassonne.codes import Refusal as Refusal
from carcassonne.config import GameConfig as GameConfig
from carcassonne.errors import CarcassonneError as CarcassonneError
from carcassonne.errors import IllegalActionError as IllegalActionError
from carcassonne.errors import NothingToUndoError as NothingToUndoError
from carcassonne.gamestate.data import END as END
from carcassonne.gamestate.snapshots import Snapshots
from carcassonne.values import Award as Award
from carcassonne.values import Decision as Decision
from carcassonne.values import ExtValue as ExtValue
from carcassonne.values import Figure as Figure
from carcassonne.values import ForcedDraw as ForcedDraw
from carcassonne.values import Outcome as Outcome
from carcassonne.values import Placed as Placed
from carcassonne.values import Pos as Pos
from carcassonne.values import ReturnedFigure as ReturnedFigure
from carcassonne.values import ReturnFigures as ReturnFigures

# The names above were importable from this module before it was split (it imported them):
# kept so that ``from carcassonne.state import Award`` and the like go on working.


class GameState(DeprecatedQueries, Snapshots):
    """One game in progress. Create with :meth:`new`; drive with ``legal_actions``/``apply``."""

    __slots__ = ()

    # Here rather than in gamestate.queries (where majority() calls it): a callable strength
    # takes the GameState itself, which only this class is. values.Strength cannot name
    # GameState (it types that parameter Never): the cast says what the function receives.
    def strength(self, feature: int, figure: Figure) -> int:
        value = self.config.figure_kinds[figure.kind].strength
        if callable(value):
            return cast("Callable[[GameState, int, Figure], int]", value)(self, feature, figure)
        return value
