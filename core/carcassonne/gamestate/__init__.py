"""The parts :class:`carcassonne.state.GameState` is assembled from, one concern a module.

A linear chain of mixin classes, each deriving from the one below it; a module imports only
the modules below it (and the engine's lower modules, never :mod:`carcassonne.state`)::

    data.StateData        the fields (``__slots__`` and their annotations, declared once), _lay
    <- queries.Queries    what plugins and callers read: the board, features, the game
    <- legal.Legal        legal actions, placements, figure actions, would_complete
    <- refusals.Refusals  why an action is illegal (only on refusal or when asked)
    <- changes.Changes    the mutators plugins use: award, return_figures, place_figure, lay_tile
    <- effects.Effects    ask, rounds, turn parts, transfers, figures removed, prisoners, pieces
    <- chance.Chance      chance draws, the pile's side areas (set aside, under a tile)
    <- phases.Phases      apply, the turn's phases, extra turns, final scoring
    <- snapshots.Snapshots  creation, the origin, clone, pickling, undo, key and equality
    <- carcassonne.state.GameState

A lower layer that must call a method defined higher up declares it in ``StateData`` for the
type checker only (no run-time stub). Everything here is private to the engine: import
``GameState`` from :mod:`carcassonne` or :mod:`carcassonne.state`.
"""
