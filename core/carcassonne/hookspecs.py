"""The hooks every rule of the game is written on, grouped by phase of play.

The base game is itself a set of plugins on these hooks (``carcassonne.rules``); an expansion is
another set. Each docstring follows one template: what the hook answers, when the engine calls it,
its parameters, what a ``None`` result means, and a "Use in expansions" line. ``docs/hooks.md``
documents each hook; a test fails when one is missing there.

Words: a rule **option** is a setting of the game (``tiny_city``, ``river.uturn``); an
**action** is what a player may do (``PlaceTile``, ``PlaceFigure``, ``Pass``, a plugin's own).

Rules for hook implementations:

* Hooks are called once per phase or per turn, never per candidate square: they receive whole
  lists (all candidate placements, all completed features) and answer for all of them.
* Implementations are called in registration order (the base game, then expansions by name, then
  extra plugins by name), whatever ``tryfirst``/``trylast`` they ask for; hook wrappers are
  refused. List answers are concatenated in that order, then sorted where the hook says so
  (legal actions always are), so the order in which expansions are named never changes a game.
* ``firstresult`` is used only where exactly one plugin owns the answer (the plugin that defined
  an action type or a decision kind).
* Plugins keep their per-game data in ``state.ext[<plugin name>]`` as immutable values
  (tuples, frozensets, numbers) and replace them instead of mutating them: that is what makes
  ``clone()`` and ``undo()`` cheap and exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pluggy

if TYPE_CHECKING:
    from carcassonne.actions import Action, TypedAction
    from carcassonne.codes import ErrorCode, Refusal
    from carcassonne.events import Event
    from carcassonne.jcz.names import JczName
    from carcassonne.tileset.model import FeatureKind, TileType

    # The hooks receive the GameState and the GameConfig themselves. This module cannot import
    # them, even for annotations (carcassonne.config imports plugins, which imports this
    # module): the names stand for their protocols (carcassonne.values), so that the
    # signatures read, and the hook reference shows, GameState and GameConfig.
    from carcassonne.values import (
        Award,
        Decision,
        FigureKind,
        KindExtension,
        Option,
        PieceKind,
        ReturnedFigure,
        ScoreItem,
        Setup,
        TileMark,
        TileSource,
    )
    from carcassonne.values import ConfigView as GameConfig
    from carcassonne.values import StateView as GameState

PROJECT = "carcassonne"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class DeprecatedHook(NamedTuple):
    """A hook name that was renamed: plugins implementing ``old`` keep working, with a warning.

    ``params`` maps the old parameter names to the new ones where they changed too. The engine
    registers such an implementation under ``new`` (its parameters renamed) and warns with a
    ``DeprecationWarning`` naming ``new``; a plugin implementing both names is a ``PluginError``.
    An entry is removed, and the old name refused as a misspelled hook, only in a release whose
    changelog says so (docs/compatibility.md).
    """

    old: str
    new: str
    since: str
    params: tuple[tuple[str, str], ...] = ()


#: Every renamed hook, by its old name: the compatibility table of the plugin API.
DEPRECATED_HOOKS: dict[str, DeprecatedHook] = {
    entry.old: entry
    for entry in (
        # 0.1.0: rule options and player actions were told apart ("options" meant both).
        DeprecatedHook("carcassonne_options", "carcassonne_rule_options", "0.1.0"),
        DeprecatedHook("carcassonne_turn_options", "carcassonne_turn_actions", "0.1.0"),
        DeprecatedHook("carcassonne_figure_options", "carcassonne_figure_actions", "0.1.0"),
        DeprecatedHook(
            "carcassonne_veto_figure_options",
            "carcassonne_veto_figure_actions",
            "0.1.0",
            (("options", "actions"),),
        ),
    )
}


class RemovedParameter(NamedTuple):
    """A parameter a hook no longer has: an implementation that still takes it keeps working.

    The engine registers such an implementation with a ``DeprecationWarning`` naming the
    parameter and the release, and calls it with the hook's current parameters only: the old
    one gets ``None``, or its default when the implementation gives it one. An entry is
    removed, and the parameter refused like any the hook does not have, only in a release
    whose changelog says so (docs/compatibility.md).
    """

    hook: str
    param: str
    since: str
    note: str = ""


#: Every removed hook parameter, by hook name (the current one).
REMOVED_PARAMETERS: dict[str, tuple[RemovedParameter, ...]] = {
    # 0.1.0: tile sets are the same in every configuration (the tile tools load them without one)
    "carcassonne_tile_sets": (
        RemovedParameter("carcassonne_tile_sets", "config", "0.1.0", "tile sets take no config"),
    ),
}


# ---------------------------------------------------------------------------------------------
# Setup: once per game configuration (and, for kinds and tile sets, by the tile tools)


@hookspec
def carcassonne_rule_options() -> list[Option] | None:
    """The rule options this plugin accepts, with defaults and allowed values.

    When: once, while the game configuration is built.
    Parameters: none.
    Returns: a list of ``Option``; an option a user passes that no plugin declares is an error,
    and so is a key two plugins declare. ``None`` means the plugin takes no options.
    Use in expansions: declare rule variants (River ``river.uturn``, Abbot ``abbot.count``).
    """


@hookspec
def carcassonne_feature_kinds() -> list[FeatureKind] | None:
    """The feature kinds this plugin brings to tile sets.

    When: once per configuration, before any tile set is loaded; also by the tile tools.
    Parameters: none.
    Returns: a list of ``FeatureKind``; a kind two plugins register is an error naming both.
    ``None`` means none.
    Use in expansions: the River registers ``river``, the Abbot ``garden``, Abbey & Mayor ``abbey``.
    """


@hookspec
def carcassonne_kind_extensions() -> list[KindExtension] | None:
    """Attributes this plugin adds to feature kinds that other plugins registered.

    When: right after ``carcassonne_feature_kinds``; also by the tile tools.
    Parameters: none.
    Returns: ``KindExtension(kind, attributes)`` items; each ``Attribute`` says how pictures and
    text show it. Extending an unknown kind, or adding an attribute the kind already has, is an
    error naming both plugins. ``None``: none.
    Use in expansions: an inn on a ``road``, a cathedral in a ``city``.
    """


@hookspec
def carcassonne_figure_kinds(config: GameConfig) -> list[FigureKind] | None:
    """The figure kinds this plugin brings, with a count per player and a strength.

    When: once, while the game configuration is built.
    Parameters: ``config`` - the configuration being built (its ``options`` are final).
    Returns: a list of ``FigureKind``; a name two plugins use is an error naming both.
    ``FigureKind.strength`` may be a function of the feature (the mayor counts shields);
    ``follower=True`` makes the base game offer it wherever a meeple may stand. ``None``: none.
    Use in expansions: the abbot, the mayor, the wagon, the barn, a big meeple (a follower).
    """


@hookspec
def carcassonne_piece_kinds(config: GameConfig) -> list[PieceKind] | None:
    """The kinds of pieces this plugin puts on the board or gives players, with their looks.

    When: once, while the game configuration is built; also by ``carcassonne expansions``.
    Parameters: ``config`` - the configuration being built (its ``options`` are final).
    Returns: a list of ``PieceKind``: neutral figures (``neutral=True``: the dragon, the
    fairy), tokens on the board (a tower floor, a sheep) and counters players hold (the names
    ``carcassonne_held_pieces`` answers: goods). Records, views, pictures and the terminal show
    them with the kind's ``label``, ``glyph`` and ``mark`` without knowing the plugin. A name
    two plugins (or a plugin and a figure kind) use is an error naming both. ``None``: none.
    Use in expansions: the dragon and the fairy, tower floors, sheep and wolves, goods tokens.
    """


@hookspec
def carcassonne_tile_marks() -> list[TileMark] | None:
    """How pictures show the tile tags this plugin reads (``tags`` in its tile set file).

    When: while the game configuration is built, and when tile pictures are drawn outside a
    game (``carcassonne tiles sheet``, ``tiles show``) from the installed plugins.
    Parameters: none.
    Returns: a list of ``TileMark(tag, label, glyph, mark, colour)``: pictures draw the mark
    at the top-left corner of every tile with that tag (several tags side by side), upright,
    and the board's legend names it. A tag two plugins mark is an error naming both. Tags
    without a mark are not drawn. ``None``: none.
    Use in expansions: the volcano, the dragon symbol and the magic portal.
    """


@hookspec
def carcassonne_tile_sets() -> list[TileSource] | None:
    """Tile set files this plugin ships.

    When: once per configuration; also by the tile tools (``carcassonne tiles ...``).
    Parameters: none.
    Returns: paths or ``importlib.resources`` traversables of TOML tile sets; ``None``: none.
    Use in expansions: ship the expansion's tiles inside its distribution.
    """


@hookspec
def carcassonne_setup(setup: Setup) -> None:
    """Arrange the start tile, the draw stacks and the plugin's initial data.

    When: once per configuration, after the tile sets are loaded. The base game runs first
    (it registers first); expansions then adjust what it arranged.
    Parameters: ``setup`` - a mutable ``Setup``: ``start`` (tile id), ``stacks`` (stack key ->
    tile ids; lower keys are drawn first, each stack is shuffled with the game's seed),
    ``bottom`` (tile ids that go to the bottom of their stack), ``ext`` (initial plugin data).
    Returns: ``None``; the result is what the plugin did to ``setup``.
    Use in expansions: the River puts its tiles first, the lake last, and the spring at (0, 0).
    """


@hookspec
def carcassonne_action_types() -> list[type[TypedAction]] | None:
    """Action types this plugin defines, for the notation, records and the JSON protocol.

    When: once per configuration.
    Parameters: none.
    Returns: action classes (named tuples with a ``verb``); a verb two plugins (or a plugin and
    the core) use is an error naming both. ``None``: none.
    Use in expansions: the abbot's return.
    """


# ---------------------------------------------------------------------------------------------
# Start of a turn: once per turn (and per turn part)


@hookspec
def carcassonne_turn_started(state: GameState) -> list[Event] | None:
    """Something that happens at the start of a turn, before anything is drawn.

    When: at the start of every regular turn and of every further part of a turn
    (``state.turn_part`` > 0), before the draw; not in end-of-game extra turns.
    Parameters: ``state`` - the game, ``state.player`` about to play.
    Returns: the events of what the plugin did (``state.award(...)`` with ``feature=None``,
    ``state.remove_figure(...)``); decisions it asks with ``state.ask()`` are taken before the
    draw. ``None``: nothing happened.
    Use in expansions: the fairy's point for the player whose follower it stands beside.
    """


@hookspec
def carcassonne_anytime_actions(state: GameState, player: int) -> list[Action] | None:
    """Actions the active player may take at any moment of their own turn, beside the actions
    of the decision pending.

    When: each time the legal actions of a decision of the active player are listed (draw,
    tile, figure and plugins' decisions asked of that player), not in other players'
    decisions and not at chance decisions.
    Parameters: ``player`` - the active player (``state.player``).
    Returns: actions of the plugin's own types; each is applied by its
    ``carcassonne_apply_action`` and the same decision stays pending afterwards (its legal
    actions listed again). ``None`` or ``[]``: none. The plugin keeps any "once per turn"
    limit itself (``state.turn_actions`` lists what was taken this turn).
    Use in expansions: a ransom paid for a prisoner at any time of your own turn.
    """


# ---------------------------------------------------------------------------------------------
# Tile placement: once per turn


@hookspec
def carcassonne_turn_actions(state: GameState) -> list[Action] | None:
    """Actions a player may take instead of drawing a tile.

    When: at the start of every turn, before the tile is drawn, and in end-of-game extra turns.
    Parameters: ``state`` - the game, with ``state.player`` about to play.
    Returns: extra actions (e.g. ``PlaceTile`` of a held tile into a hole); when any plugin offers
    one, the player chooses between ``Draw`` and those actions. ``None`` or ``[]``: none.
    Use in expansions: Abbey & Mayor offers the abbey.
    """


@hookspec
def carcassonne_veto_placements(
    state: GameState, tile: TileType, candidates: list[tuple[int, int, int]]
) -> list[tuple[int, int, int]] | None:
    """Placements of the drawn tile that the plugin forbids.

    When: once per drawn tile, after the core found every placement whose edges match.
    Parameters: ``tile`` - the drawn tile type; ``candidates`` - ``(x, y, rotation)`` triples.
    Returns: the vetoed triples (the union of all plugins' vetoes is removed); ``None``: no veto.
    If nothing remains the tile is returned to the box.
    Use in expansions: the River forces continuation of the river and forbids U-turns.
    """


@hookspec
def carcassonne_vetoes_tile(config: GameConfig, tile: TileType) -> bool | None:
    """Whether the plugin's ``carcassonne_veto_placements`` may veto placements of ``tile``.

    When: once per configuration and tile type, the first time that tile is drawn or its
    placements are listed (the answer must depend on the configuration and the tile only).
    Parameters: ``config`` - the game's configuration; ``tile`` - a tile type of the game.
    Returns: ``False``: never, so the engine does not ask this plugin about that tile, and
    with no plugin left to ask, a draw of it stays lazy (its placements are listed only when
    wanted: much cheaper for search). ``True`` or ``None``: it may. A plugin that vetoes
    placements without implementing this hook is asked about every tile.
    Use in expansions: the River vetoes only river tiles.
    """


@hookspec
def carcassonne_set_aside_drawn(state: GameState, tile: TileType) -> str | None:
    """Whether the tile just drawn is set aside (face up, out of the pile) instead of played.

    When: at each draw, before the tile's placements are listed, only if some plugin
    implements this hook (draws stay lazy otherwise).
    Parameters: ``tile`` - the tile just drawn (its id is public: ``TileDrawn`` was shown).
    Returns: a reason (``"no volcano yet"``) to set it aside: the player draws again, and the
    tile waits in ``state.set_aside_tiles()`` until a plugin calls ``state.shuffle_in()``.
    The first reason in registration order is taken. ``None``: play it.
    Use in expansions: a dragon tile drawn before any volcano is on the board.
    """


@hookspec
def carcassonne_tile_placed(
    state: GameState, x: int, y: int, tile: TileType, rotation: int
) -> None:
    """React to a tile that has just been placed (features already joined).

    When: after every tile placement, before the figure phase. Decisions asked here with
    ``state.ask()`` are taken before the figure phase.
    Parameters: the position and rotation of the placed tile.
    Returns: ``None``; plugins update ``state.ext``.
    Use in expansions: Abbey & Mayor counts the abbeys players still hold.
    """


# ---------------------------------------------------------------------------------------------
# Figure placement: once per turn


@hookspec
def carcassonne_figure_actions(
    state: GameState, x: int, y: int, player: int
) -> list[Action] | None:
    """What the player may do in the figure phase on the tile just placed.

    When: once per turn, after the tile placement.
    Parameters: ``x, y`` - the tile just placed; ``player`` - the active player.
    Returns: actions (``PlaceFigure`` and plugin actions); ``Pass`` is always added by the core,
    and the whole list is sorted (``carcassonne.actions.sort_actions``). ``None``: nothing.
    Use in expansions: abbot on monastery or garden and the abbot's return; mayor, wagon, barn.
    Followers (``FigureKind(follower=True)``) need no implementation: the base game offers them.
    """


@hookspec
def carcassonne_veto_figure_actions(state: GameState, actions: list[Action]) -> list[Action] | None:
    """Figure actions other plugins offered that this plugin forbids.

    When: once per turn, right after ``carcassonne_figure_actions``; and for a plugin
    decision, with the figures it offers away from the tile just placed (the wagon's move),
    whose vetoed ``PlaceFigure`` actions are dropped.
    Parameters: ``actions`` - every action offered.
    Returns: the vetoed actions; ``None``: no veto. ``Pass()`` among them makes the phase
    compulsory: ``Pass`` is not offered while any other action remains.
    Use in expansions: Abbey & Mayor forbids farmers in a field holding a barn; the Abbot keeps
    gardens for the abbot.
    """


# ---------------------------------------------------------------------------------------------
# Reading the game: pieces players hold besides their figures


@hookspec
def carcassonne_held_pieces(state: GameState) -> dict[str, tuple[int, ...]] | None:
    """Pieces other than figures that players hold in front of them, by name.

    When: whenever a front end or a serialized state asks for the players' supplies
    (``state.held_pieces()``), never during play.
    Parameters: ``state`` - the game.
    Returns: ``{piece name: count per player}``; a name two plugins (or a figure kind) use is an
    error. ``None``: the plugin gives players no such piece.
    Use in expansions: Abbey & Mayor's abbey tiles (``{"abbey": (1, 0)}``).
    """


@hookspec
def carcassonne_held_points(state: GameState) -> list[int] | None:
    """What the pieces players hold would score if the game ended now, per player.

    When: when a bot that looks one move ahead (the greedy bot) weighs an action, before and
    after it, so that gaining something that scores only at the end counts; never during play.
    Parameters: ``state`` - the game.
    Returns: points per player (one number each); the answers of all plugins are added up (not
    asked once the game is over: final scoring scored them). ``None``: worth nothing now.
    Use in expansions: goods tokens (10 per kind to the players with the most).
    """


@hookspec
def carcassonne_decision_area(state: GameState, decision: Decision) -> list[tuple[int, int]] | None:
    """The squares a pending decision is about, which front ends highlight.

    When: when a front end draws the game (the web page's picture), never during play.
    Parameters: ``state`` - the game; ``decision`` - its pending decision.
    Returns: squares ``(x, y)``, on the board or not; the answers of all plugins are joined.
    ``None``: nothing to show.
    Use in expansions: a tower's line of sight while its builder chooses whom to capture.
    """


# ---------------------------------------------------------------------------------------------
# Explaining refusals: only when an action is refused or a front end asks why


@hookspec
def carcassonne_error_codes() -> list[ErrorCode] | None:
    """The codes this plugin's refusals carry, each with what it means.

    When: when a front end lists the codes of a game (``carcassonne.codes.error_codes``) and
    when a refusal is explained (its code must be declared).
    Parameters: none.
    Returns: ``ErrorCode(code, meaning, provider)`` items; a code two plugins (or a plugin and
    the core) declare is an error naming both. ``None``: none.
    Use in expansions: the River declares ``river-u-turn`` and ``river-not-continued``.
    """


@hookspec
def carcassonne_explain_illegal(state: GameState, action: Action) -> Refusal | None:
    """Why ``action`` is not legal now, when this plugin is the reason.

    When: only when an action is refused (``state.apply``) or a front end asks why
    (``state.why_illegal``), after the core's own checks found nothing wrong with it: a tile
    placement whose edges match, a figure on a free feature of the tile just placed, an action
    of a plugin's type that was not offered. Never during normal play, so it may be slow.
    Parameters: ``action`` - the refused action (a location already in canonical form).
    Returns: a ``Refusal(code, reason, details)`` with a code the plugin declared in
    ``carcassonne_error_codes``; ``None``: not this plugin's doing. The first answer in
    registration order wins.
    Use in expansions: the River explains its vetoes (U-turn, river not continued); the Abbot
    why an abbot cannot return.
    """


@hookspec(firstresult=True)
def carcassonne_apply_action(state: GameState, action: Action) -> list[Event] | None:
    """Carry out an action of a type this plugin defined.

    When: whenever a legal action is applied whose type is not one of the core's four.
    Parameters: ``action`` - the action, already checked to be legal.
    Returns: the events it caused. ``None`` means "not mine" (first result wins: exactly one
    plugin owns an action type).
    Use in expansions: the abbot's early return scores at once.
    """


# ---------------------------------------------------------------------------------------------
# Between the figure phase and scoring: once per turn part


@hookspec
def carcassonne_before_scoring(state: GameState) -> list[Decision] | None:
    """Decisions taken after the figure phase and before the turn's scoring phase.

    When: once per turn part, after the figure phase's action was applied (and after the
    decisions asked with ``state.ask()`` during it), before features are scored.
    Parameters: ``state`` - the game, ``state.last_tile`` the tile placed this part.
    Returns: ``Decision`` objects, asked in the order given (not sorted: a sequence across
    players is the plugin's to order, ``state.seats_from()`` helps); decisions asked with
    ``state.ask()`` while they are answered come after the ones already queued, still before
    scoring. ``None``: none.
    Use in expansions: the dragon's six steps, one player after another; the shepherd's
    choice and its draw from the bag.
    """


# ---------------------------------------------------------------------------------------------
# Scoring: once per turn, and once at the end


@hookspec
def carcassonne_score(
    state: GameState, completed: list[int], final: bool
) -> list[ScoreItem] | None:
    """Points earned now, and figures that leave the board because of them.

    When: in the scoring phase of every turn (``final=False``, ``completed`` = the features this
    turn completed) and once at the end (``final=True``, ``completed`` = every feature still
    holding figures, incomplete ones included).
    Parameters: ``completed`` - feature ids, sorted.
    Returns: ``Award`` and ``ReturnFigures`` items. The core passes all plugins' awards through
    ``carcassonne_adjust_awards``, applies them sorted by stage and feature, then returns the
    figures of completed features. ``None``: nothing.
    Use in expansions: the Abbot scores gardens; Abbey & Mayor scores barn fields.
    """


@hookspec
def carcassonne_break_tie(state: GameState, feature: int, players: list[int]) -> list[int] | None:
    """Which of the players tied for a feature's majority win it.

    When: whenever ``state.majority(feature)`` finds two or more players with equal strength,
    only if some plugin implements this hook. Implementations run one after another in
    registration order, each seeing the previous one's answer.
    Parameters: ``feature`` - the feature; ``players`` - the tied players, ascending.
    Returns: the players who win (a non-empty subset of ``players``); ``None``: they stay tied.
    Use in expansions: the hill: of the tied players, those with a follower on a hill tile of
    the feature win.
    """


@hookspec
def carcassonne_adjust_awards(
    state: GameState, awards: list[Award], final: bool
) -> list[Award] | None:
    """Change or replace the awards every plugin computed in this scoring step.

    When: in every scoring step (the turn's, an early return's, the final one), after all
    ``carcassonne_score`` answers are in and before any point is added. Implementations run one
    after another in registration order, each seeing the previous one's result.
    Parameters: ``awards`` - every ``Award`` of this step; ``final`` - whether this is the end.
    Returns: the full new list (an award left out is dropped; an award of 0 points is not
    shown); ``None``: unchanged. One feature keeps one award line per player.
    Use in expansions: an inn makes its completed road worth 2 per tile and an open one 0.
    """


@hookspec
def carcassonne_after_scoring(
    state: GameState, returned: list[ReturnedFigure]
) -> list[Decision] | None:
    """Decisions that players (not only the active one) take after the scoring phase.

    When: once per turn, after the scored figures went back to the supplies.
    Parameters: ``returned`` - each figure that came back this turn, with where it stood.
    Returns: ``Decision`` objects; the core asks them clockwise from the active player, after
    any decision a plugin asked with ``state.ask()`` earlier in the turn. ``None``: none.
    Use in expansions: a wagon whose feature was scored may move on.
    """


@hookspec(firstresult=True)
def carcassonne_decision_actions(state: GameState, decision: Decision) -> list[Action] | None:
    """The legal actions of a decision kind this plugin defined.

    When: each time such a decision becomes the pending one (answers depend on earlier ones).
    Parameters: ``decision`` - the pending decision.
    Returns: the legal actions; ``Pass`` is always added and the list is sorted. A decision
    whose only action is ``Pass`` is skipped. ``None`` means "not mine".
    Use in expansions: the wagon's targets.
    """


# ---------------------------------------------------------------------------------------------
# End of game


@hookspec
def carcassonne_extra_turns(state: GameState) -> list[int] | None:
    """Players who get one more turn, in order, after the last tile was placed.

    When: once, when the draw pile is empty, before final scoring.
    Parameters: ``state`` - the game after its last regular turn.
    Returns: player indices; each gets a turn whose only actions are ``carcassonne_turn_actions``
    (and ``Pass``). ``None``: none.
    Use in expansions: players still holding an abbey may place it.
    """


# ---------------------------------------------------------------------------------------------
# Other programs' saved games: only when a game is imported or exported


@hookspec
def carcassonne_jcz_names() -> list[JczName] | None:
    """The JCloisterZone names of what this plugin brings, and how its moves read and write.

    When: when a ``.jcz`` saved game is imported, exported or checked (``carcassonne.jcz``),
    never during play. The importer asks every installed plugin, to find which expansions a
    file's sets and elements need; the exporter asks the plugins of the game.
    Parameters: none.
    Returns: values of ``carcassonne.jcz.names``: ``JczSet``, ``JczElement``, ``JczRule`` (the
    setup), ``JczFigure``, ``JczFeature``, ``JczToken``, ``JczNeutral`` (pieces and pointers),
    ``JczMessage`` (a replay message read into actions), ``JczWriter`` (an action written as
    messages), ``JczPhase``, ``JczAction``, ``JczScoring`` (test assertions). A name two
    plugins declare is an error naming both. ``None``: the plugin has no JCZ names, and a file
    that needs one of its things cannot be imported.
    Use in expansions: Abbey & Mayor declares ``abbey-and-mayor``, the ``wagon`` figure and the
    wagon's ``WagonPhase``; the Abbot reads ``RETURN_MEEPLE`` with source ``ABBOT_RETURN``.
    """
