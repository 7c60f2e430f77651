"""Carcassonne as a PettingZoo AEC environment (install ``carcassonne-engine[pettingzoo]``).

::

    from carcassonne.envs.pettingzoo import env

    game = env(players=2, expansions=("river",))
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        action = None
        if not (terminated or truncated):
            action = game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

Agents are ``player_0`` .. ``player_{n-1}``; the agent to act is whoever the engine waits on
(usually the active player; a plugin's decision, the wagon's, may ask another). Observations
are dicts: ``observation`` (the flat float32 array of :mod:`carcassonne.envs.observation`) and
``action_mask`` (int8 over the fixed ids of :mod:`carcassonne.envs.actions`; all zeros for an
agent not to act). Tiles are drawn inside, from the engine's pile shuffled by
``reset(seed=...)``, and so are chance draws inside a turn (a plugin's ``ask_chance``): the
engine draws them from the same seed, so an agent never sees a chance decision. ``plugins``
adds plugins not installed as expansions: ``(name, plugin)`` pairs as ``GameConfig`` takes
them, or modules, files and folders as the command line's ``--plugin`` takes them. Rewards
are score deltas of every step (final scoring included); with ``rewards="win"`` they are 0
until the end and then each player's rank against the others (+1 per opponent beaten, -1 per
opponent ahead, divided by players - 1). A game whose board
outgrows the window (``radius``) is truncated: every agent gets ``truncated`` and the reason
in its info.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from carcassonne import GameConfig, GameState
from carcassonne.envs import require
from carcassonne.envs.actions import DEFAULT_RADIUS, ActionCodec, OutsideWindowError
from carcassonne.envs.observation import Layout
from carcassonne.envs.returns import rank_returns
from carcassonne.local_plugins import load_plugins

np = require("numpy", "pettingzoo")
spaces = require("gymnasium.spaces", "pettingzoo")
pettingzoo = require("pettingzoo", "pettingzoo")

#: The base class (seen as Any: the extra may be missing where the type checker runs).
_AECEnv: Any = pettingzoo.AECEnv


class CarcassonneEnv(_AECEnv):
    """The AEC environment; :func:`env` builds one."""

    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        expansions: Sequence[str] = (),
        *,
        plugins: Sequence[str | tuple[str, object]] = (),
        radius: int = DEFAULT_RADIUS,
        rewards: str = "score",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if rewards not in ("score", "win"):
            raise ValueError(f"rewards must be 'score' or 'win', not {rewards!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        pairs = [p for p in plugins if not isinstance(p, str)]
        pairs += load_plugins([p for p in plugins if isinstance(p, str)])
        self.config = GameConfig(players=players, expansions=list(expansions), plugins=pairs)
        self.codec = ActionCodec(self.config, radius)
        self.layout = Layout(self.config, radius)
        self.win_rewards = rewards == "win"
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        observation = spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (self.codec.num_actions,), np.int8)
        self._observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
        self._action_space = spaces.Discrete(self.codec.num_actions)
        self._seeds = random.Random()
        self.state: GameState | None = None
        self._legal: dict[int, Any] = {}

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state = GameState.new(self.config, seed=self._seeds.randrange(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        state = self.state
        assert state is not None
        if state.is_over:
            self._legal = {}
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.pending.player]
            try:
                self._legal = self.codec.legal_ids(state)
            except OutsideWindowError as exc:
                self._legal = {}
                self.truncations = {a: True for a in self.agents}
                for agent in self.agents:
                    self.infos[agent] = {"truncated": str(exc)}

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.state
        assert state is not None
        player = self.possible_agents.index(agent)
        observation = self.layout.new()
        self.layout.fill(observation, state, player)
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if self._legal and state.pending.player == player:
            mask[list(self._legal)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        move = self._legal.get(int(action)) if action is not None else None
        if move is None:
            raise ValueError(f"action {action} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        before = list(state.scores)
        state.apply(move)
        if self.win_rewards:
            rewards = rank_returns(state.scores) if state.is_over else [0.0] * len(before)
        else:
            rewards = [float(a - b) for a, b in zip(state.scores, before, strict=True)]
        self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        self._after_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        state = self.state
        lines = [f"turn {state.turn}, scores {state.scores}"]
        if not state.is_over:
            lines.append(f"{self.possible_agents[state.pending.player]}: {state.pending.kind}")
        return "\n".join(lines)

    def close(self) -> None:
        self.state = None


def env(**kwargs: Any) -> CarcassonneEnv:
    """A new environment (PettingZoo's convention); keywords as :class:`CarcassonneEnv`."""
    return CarcassonneEnv(**kwargs)
