"""Carcassonne as an OpenSpiel game: ``pyspiel.load_game("python_carcassonne", {...})``.

Importing this module registers the game (install ``carcassonne-engine[openspiel]``)::

    import pyspiel
    import carcassonne.envs.openspiel  # noqa: F401  (registers python_carcassonne)

    game = pyspiel.load_game("python_carcassonne", {"players": 2, "expansions": "river+abbot"})

Parameters: ``players`` (2), ``expansions`` (names separated by ``+`` or commas, ""),
``plugins`` (plugin modules, files or folders, as the command line's ``--plugin`` takes them,
separated the same way; ""), ``radius`` of the board window
(:data:`carcassonne.envs.actions.DEFAULT_RADIUS`), ``seed`` of the engine's configuration (no
effect on the draws and chance draws, which are all chance nodes) and ``returns``:
``win`` (each player's rank against every other, +1 per opponent beaten and -1 per opponent
ahead, divided by players - 1; zero-sum) or ``score`` (points minus the players' mean). A game
whose board outgrows the window is cut off: the state is terminal and the returns are those of
the scores so far (docs/ai.md).

Tile draws are chance nodes whose outcomes are tile ids (index into the sorted tile ids); a
chance draw inside a turn (a plugin's ``ask_chance``) is a chance node whose outcome ids index
the decision's outcomes, with the odds of ``state.chance_odds()``; player actions use the fixed
ids of :mod:`carcassonne.envs.actions`; observations use :mod:`carcassonne.envs.observation`.
``clone`` uses the engine's cheap clone; a serialized state is the history of ids, replayed on
load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carcassonne import ChanceOutcome, GameConfig, GameState
from carcassonne.envs import require
from carcassonne.envs.actions import DEFAULT_RADIUS, ActionCodec, OutsideWindowError
from carcassonne.envs.draws import ChanceGame
from carcassonne.envs.observation import Layout
from carcassonne.envs.returns import rank_returns
from carcassonne.local_plugins import load_plugins
from carcassonne.serialize import action_text
from carcassonne.values import ChanceSpec

pyspiel = require("pyspiel", "openspiel")

#: The base classes (pyspiel has no type information).
_Game: Any = pyspiel.Game
_State: Any = pyspiel.State

GAME_NAME = "python_carcassonne"
DEFAULTS: dict[str, Any] = {
    "players": 2,
    "expansions": "",
    "plugins": "",
    "radius": DEFAULT_RADIUS,
    "seed": 0,
    "returns": "win",
}
#: Bound of the ``score`` returns OpenSpiel asks for (no game comes near it).
SCORE_BOUND = 1000.0
MAX_PLAYERS = 6

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Carcassonne (carcassonne-engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


#: How lists are joined in the game's parameters. OpenSpiel's game strings separate parameters
#: with commas (``python_carcassonne(expansions=river+abbot,players=2)``), so a comma inside a
#: value would cut it: lists are read with ``+`` or ``,`` and always kept with ``+``, which makes
#: ``str(game)`` load back with ``pyspiel.load_game`` and serialised games and states work.
SEPARATOR = "+"


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.replace(",", SEPARATOR).split(SEPARATOR) if name.strip()]


class CarcassonneGame(_Game):
    """The immutable game: configuration, action codec, observation layout, start state."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = {**DEFAULTS, **(params or {})}
        for key in ("expansions", "plugins"):
            values[key] = SEPARATOR.join(_names(str(values[key])))
        if values["returns"] not in ("win", "score"):
            raise ValueError(f"returns must be 'win' or 'score', not {values['returns']!r}")
        config = GameConfig(
            players=int(values["players"]),
            expansions=_names(values["expansions"]),
            plugins=load_plugins(_names(values["plugins"])),
            options={"explicit_draws": True},
            seed=int(values["seed"]),
        )
        codec = ActionCodec(config, int(values["radius"]))
        start = GameState.new(config)
        tiles = tuple(sorted(config.tile_types))
        bound = 1.0 if values["returns"] == "win" else SCORE_BOUND
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=len(tiles),
            num_players=config.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            # per tile: a draw, a placement, a figure decision and a few plugin decisions
            max_game_length=8 * (start.tiles_left() + 2),
        )
        super().__init__(GAME_TYPE, info, values)
        self.values = values
        self.config = config
        self.codec = codec
        self.tiles = tiles
        self.tile_index = {t: i for i, t in enumerate(tiles)}
        self.start = start
        self.layout: Layout | None = None  # built on first use (numpy-heavy)
        self.score_returns = values["returns"] == "score"

    def new_initial_state(self) -> CarcassonneState:
        return CarcassonneState(self)

    def observation_layout(self) -> Layout:
        if self.layout is None:
            self.layout = Layout(self.config, self.codec.radius, self.start)
        return self.layout

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.observation_layout(), perfect_recall=recall)


#: Games rebuilt for unpickled states, by their parameters (a configuration is costly to build).
_GAMES: dict[tuple[tuple[str, Any], ...], CarcassonneGame] = {}


def _game_for(values: Mapping[str, Any]) -> CarcassonneGame:
    key = tuple(sorted(values.items()))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = CarcassonneGame(values)
    return game


class Play:
    """What a state carries: the engine game with chance draws and the trail of moves so far.

    Kept in one attribute because OpenSpiel clones a Python state by deep-copying its
    attributes and serializes it by pickling them: ``__deepcopy__`` uses the engine's clone,
    and pickling stores the game parameters and the ids played, replayed on load.
    """

    __slots__ = ("game", "chance", "trail", "legal", "texts")

    def __init__(self, game: CarcassonneGame, chance: ChanceGame) -> None:
        self.game = game
        self.chance = chance
        #: (player, action, drawn tile id or chance outcome, id) per move: -1 is chance.
        self.trail: list[tuple[int, Any, int]] = []
        self.legal: dict[int, Any] | None = None
        #: The trail as text, filled on demand (``history_text``).
        self.texts: list[str] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        other = Play(self.game, self.chance.clone())
        other.trail = list(self.trail)
        other.legal = self.legal
        other.texts = list(self.texts)
        return other

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _replay, (dict(self.game.values), [code for _, _, code in self.trail])

    @property
    def state(self) -> GameState:
        return self.chance.state

    def legal_ids(self) -> dict[int, Any]:
        if self.legal is None:
            try:
                self.legal = self.game.codec.legal_ids(self.chance.state)
            except OutsideWindowError:
                self.legal = {}
        return self.legal

    @property
    def over(self) -> bool:
        """The game ended, or outgrew the board window (cut off: no legal id is left)."""
        state = self.chance.state
        return state.is_over or (not self.chance.chance and not self.legal_ids())

    def spec(self) -> ChanceSpec:
        """The chance decision waiting inside the turn (not a draw)."""
        data = self.chance.state.pending.data
        assert self.chance.chance and not self.chance.drawing and isinstance(data, ChanceSpec)
        return data

    def outcome_ids(self) -> list[tuple[int, float]]:
        """(id, probability) of the chance node: a draw's tile index, a chance decision's
        outcome index (its outcomes in order; those of weight 0 are left out)."""
        chance = self.chance
        if chance.drawing:
            index = self.game.tile_index
            return [(index[tile], p) for tile, p in chance.outcomes()]
        spec = self.spec()
        if len(spec.outcomes) > len(self.game.tiles):
            raise ValueError(
                f"the chance draw {spec.name} has {len(spec.outcomes)} outcomes: more than this "
                f"game's max_chance_outcomes ({len(self.game.tiles)}, the tile types)"
            )
        return [(spec.outcomes.index(o), p) for o, p in chance.outcomes()]

    def chance_text(self, code: int) -> str:
        """An outcome id of the chance node as text (``draw BA/CRRR``, ``chance bag sheep``);
        away from a chance decision, the id is read as a tile's."""
        if not self.chance.chance or self.chance.drawing:
            return f"draw {self.game.tiles[code]}"
        spec = self.spec()
        outcome = spec.outcomes[code] if 0 <= code < len(spec.outcomes) else f"#{code}"
        return f"chance {spec.name} {outcome}"

    def apply(self, code: int) -> None:
        chance = self.chance
        if chance.chance and chance.drawing:
            tile = self.game.tiles[code]
            chance.choose(tile)
            self.trail.append((-1, tile, code))
        elif chance.chance:
            spec = self.spec()
            if not 0 <= code < len(spec.outcomes):
                raise ValueError(f"chance outcome {code} is not one of {spec.name}'s")
            chance.choose(spec.outcomes[code])
            self.trail.append((-1, ChanceOutcome(spec.name, spec.outcomes[code]), code))
        else:
            action = self.legal_ids().get(code)
            if action is None:
                raise ValueError(f"action {code} ({self.game.codec.describe(code)}) is not legal")
            player = self.chance.state.pending.player
            self.chance.apply(action)
            self.trail.append((player, action, code))
        self.legal = None


def _replay(values: dict[str, Any], codes: list[int]) -> Play:
    game = _game_for(values)
    play = Play(game, ChanceGame(game.start.clone()))
    for code in codes:
        play.apply(code)
    return play


class CarcassonneState(_State):
    """One game in progress, as OpenSpiel sees it."""

    def __init__(self, game: CarcassonneGame) -> None:
        super().__init__(game)
        self.play = Play(game, ChanceGame(game.start.clone()))

    @property
    def engine(self) -> GameState:
        """The engine state (read it; changing it behind OpenSpiel's back breaks the history)."""
        return self.play.state

    def current_player(self) -> int:
        if self.play.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.play.chance.chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self.play.state.pending.player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.play.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.play.outcome_ids()

    def _apply_action(self, action: int) -> None:
        self.play.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.play.game
        if player == pyspiel.PlayerId.CHANCE:
            return self.play.chance_text(action)
        legal = self.play.legal_ids().get(action) if not self.play.chance.chance else None
        return action_text(legal) if legal is not None else game.codec.describe(action)

    def is_terminal(self) -> bool:
        return self.play.over

    def returns(self) -> list[float]:
        state = self.play.state
        players = state.players
        if not self.play.over:
            return [0.0] * players
        scores = state.scores
        if self.play.game.score_returns:
            mean = sum(scores) / players
            return [s - mean for s in scores]
        return rank_returns(scores)

    def __str__(self) -> str:
        return observation_text(self.play)


def observation_text(play: Play) -> str:
    """A one-line summary of the position, the same for every player (nothing is hidden)."""
    state = play.state
    drawn = play.chance.drawn
    decision = "end" if state.is_over else ("chance" if play.chance.chance else state.pending.kind)
    tiles = " ".join(
        f"{p.tile.id}@{x},{y}/{p.rotation}"
        for x, y in state.placement_order()
        if (p := state.tile_at(x, y)) is not None
    )
    figures = " ".join(f"{f.player}:{f.kind}@{f.x},{f.y}/{f.location}" for _, f in state.figures())
    supply = " ".join(",".join(f"{k}={n}" for k, n in sorted(s.items())) for s in state.supply)
    to_move = "-" if state.is_over or state.pending.player < 0 else state.pending.player
    return (
        f"turn {state.turn} {decision} to_move={to_move} scores={state.scores} "
        f"drawn={drawn or '-'} left={sum(play.chance.remaining().values())} "
        f"supply=[{supply}] tiles=[{tiles}] figures=[{figures}]"
    )


def history_text(play: Play) -> str:
    """The moves so far, one per entry (the information state: nothing is hidden)."""
    texts = play.texts
    for who, what, _ in play.trail[len(texts) :]:
        if who >= 0:
            texts.append(f"{who}:{action_text(what)}")
        else:  # chance: a tile id drawn, or a chance decision's outcome
            texts.append(f"draw {what}" if isinstance(what, str) else action_text(what))
    return "; ".join(texts)


class Observer:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, layout: Layout, *, perfect_recall: bool) -> None:
        self.layout = layout
        self.perfect_recall = perfect_recall
        self.tensor = layout.new()
        self.dict = layout.views(self.tensor)

    def set_from(self, state: CarcassonneState, player: int) -> None:
        self.layout.fill(self.tensor, state.play.state, player)

    def string_from(self, state: CarcassonneState, player: int) -> str:
        if self.perfect_recall:
            return history_text(state.play)
        return observation_text(state.play)


pyspiel.register_game(GAME_TYPE, CarcassonneGame)
