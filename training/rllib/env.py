"""The RLlib multi-agent env of any registered system, with self-play roles in the agent ids.

RLlib's PettingZoo wrapper does not fit here: its observations are the PettingZoo
``{"observation", "action_mask"}`` dict while RLlib's action-masking module reads
``{"observations", "action_mask"}``, and the fixed opponents (the heuristics) read the engine's JSON
view, which an RLModule never sees (issue 17). So this small ``MultiAgentEnv`` drives the pure
engine (``make_engine(system, **env_options)``; the same rules as ``combatzoo.envs.make``) itself.

Each episode the env draws (with its own seeded generator, never global state):

- the learner's seat (``learner_seat``: ``"random"`` or a fixed index);
- its opponent, by weight: a fixed agent (``random``, ``heuristic``, checkpoints: played *inside*
  the env, as the single-agent view does) or, with ``self_play_weight``, a learned policy.

The learner acts as ``learner_{seat}``; a learned opponent acts as ``opponent_{seat}``, and the
policy mapping (:func:`policy_mapping_fn`) maps it to the shared policy ``main`` or one of its
frozen snapshots. Rewards are the engine's final returns (0 until the game ends), as in the
single-agent view SB3 trains on.
"""

from __future__ import annotations

import zlib
from typing import Any

import gymnasium
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from ...envs.core.agent import Agent

Dict = dict[Any, Any]
"""RLlib's ``MultiAgentDict`` (agent id -> value)."""
Step = tuple[Dict, Dict, Dict, Dict, Dict]

LEARNER = "learner"
OPPONENT = "opponent"


def agent_id(role: str, seat: int) -> str:
    """``learner_0``, ``opponent_1``...: the role of the seat in this episode, and the seat."""
    return f"{role}_{seat}"


def seat_of(agent: Any) -> int:
    return int(str(agent).rsplit("_", 1)[1])


class CombatMultiAgentEnv(MultiAgentEnv):  # type: ignore[misc]
    """Two seats of one registered system; see the module doc for the roles."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        """``config`` (RLlib's ``env_config``): ``system``, ``env`` (the system's options),
        ``opponents`` ({name: weight}), ``self_play_weight``, ``learner_seat``, ``seed``."""
        super().__init__()
        from ...envs import make_engine
        from ...envs.registry import resolve

        cfg = dict(config or {})
        self.system, options = resolve(cfg.get("system", "land_air_sea"), cfg.get("env") or {})
        self.engine = make_engine(self.system, **options)
        spec = self.engine.spec
        if spec.num_players != 2:
            raise ValueError(f"{self.system}: the RLlib trainer supports two-player systems only")
        self.learner_seat: str | int = cfg.get("learner_seat", "random")
        self.fixed = self._fixed(cfg.get("opponents", {"random": 1.0, "heuristic": 1.0}))
        self.self_play_weight = float(cfg.get("self_play_weight", 1.0))
        if not self.fixed and self.self_play_weight <= 0:
            raise ValueError("opponents: empty and self_play_weight is 0: nobody to play")
        worker = int(getattr(config, "worker_index", 0))
        vector = int(getattr(config, "vector_index", 0))
        self._rng = np.random.default_rng([int(cfg.get("seed", 0)), worker, vector])
        obs_space = gymnasium.spaces.Dict({
            "observations": gymnasium.spaces.Box(-1.0, 1.0, (spec.obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0.0, 1.0, (spec.num_actions,), np.float32)})
        act_space: gymnasium.spaces.Discrete = gymnasium.spaces.Discrete(spec.num_actions)
        self.possible_agents = [agent_id(r, s) for r in (LEARNER, OPPONENT) for s in range(2)]
        self.agents: list[Any] = []
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.state: Any = None
        self.names: list[str] = []
        self.scripted: Agent | None = None
        self._pending: dict[int, int] = {}

    def _fixed(self, opponents: dict[str, float]) -> list[tuple[Agent, float]]:
        from ...agents import opponent_pool

        return opponent_pool(self.system, opponents).entries if opponents else []

    # --- episode --------------------------------------------------------------------------------

    def _draw_opponent(self) -> Agent | None:
        """A fixed agent, or None for a learned opponent (self-play), drawn by weight."""
        weights = [w for _, w in self.fixed] + [self.self_play_weight]
        k = int(self._rng.choice(len(weights), p=np.asarray(weights) / sum(weights)))
        return self.fixed[k][0] if k < len(self.fixed) else None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Dict, Dict]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        learner = (int(self._rng.integers(2)) if self.learner_seat == "random"
                   else int(self.learner_seat))
        self.scripted = self._draw_opponent()
        role = [OPPONENT, OPPONENT]
        role[learner] = LEARNER
        self.names = [agent_id(role[s], s) for s in range(2)]
        if self.scripted is not None:
            self.scripted.reset(seed=int(self._rng.integers(2**31)))
        self.state = self.engine.new_game(self._rng)
        self.agents = [n for s, n in enumerate(self.names)
                       if s == learner or self.scripted is None]
        return self._advance({}), {}

    def _observe(self, p: int) -> dict[str, np.ndarray]:
        return {"observations": np.asarray(self.engine.observe(self.state, p), np.float32),
                "action_mask": np.asarray(self.engine.legal_mask(self.state, p), np.float32)}

    def _advance(self, joint: dict[int, int]) -> Dict:
        """Apply ``joint`` (if any), let the scripted opponent play until a learned seat must
        act or the game ends; the observations of the learned seats that act now."""
        engine, state = self.engine, self.state
        while True:
            if joint:
                engine.apply(state, joint)
                joint = {}
            if engine.is_over(state):
                # RLlib wants a last observation of every agent that ends here.
                self._pending = {}
                return {n: self._observe(seat_of(n)) for n in self.agents}
            acting = engine.to_act(state)
            learned = [p for p in acting if self.names[p] in self.agents]
            for p in acting:
                if self.names[p] not in self.agents:
                    joint[p] = self._scripted_action(p)
            if learned:
                # Simultaneous step: the scripted choice waits for the learned seats' choices.
                self._pending = joint
                return {self.names[p]: self._observe(p) for p in learned}

    def _scripted_action(self, p: int) -> int:
        agent = self.scripted
        assert agent is not None
        view = self.engine.view(self.state, p) if agent.needs_view else None
        obs = (self.engine.observe(self.state, p)
               if getattr(agent, "needs_observation", True) else None)
        return int(agent.act(obs, self.engine.legal_mask(self.state, p), view))  # type: ignore[arg-type]

    def _illegal(self, action_dict: Dict) -> str | None:
        """The first agent whose action is not legal now (None when all are)."""
        for name, action in action_dict.items():
            if not self.engine.legal_mask(self.state, seat_of(name))[int(action)]:
                return name
        return None

    def step(self, action_dict: Dict) -> Step:  # type: ignore[override]
        offender = self._illegal(action_dict)
        if offender is not None:
            return self._forfeit(offender)
        joint = dict(self._pending)
        for name, action in action_dict.items():
            joint[seat_of(name)] = int(action)
        obs = self._advance(joint)
        over = self.engine.is_over(self.state)
        rewards: Dict = dict.fromkeys(self.agents, 0.0)
        if over:
            returns = self.engine.returns(self.state)
            rewards = {n: float(returns[seat_of(n)]) for n in self.agents}
        done: Dict = dict.fromkeys(self.agents, over)
        done["__all__"] = over
        return obs, rewards, done, {"__all__": False}, {}


    def _forfeit(self, offender: str) -> Step:
        """An illegal action (only unmasked sampling, such as RLlib's env check, makes one)
        ends the episode: the offender gets the worst return, as the single-agent view's
        ``illegal_action="penalize"``; the other seat 0."""
        worst = float(self.engine.spec.utility_range[0])
        obs = {n: self._observe(seat_of(n)) for n in self.agents}
        rewards = {n: (worst if n == offender else 0.0) for n in self.agents}
        done = {**dict.fromkeys(self.agents, True), "__all__": True}
        info = {offender: {"illegal_action": True}}
        return obs, rewards, done, {"__all__": False}, info


def policy_mapping_fn(agent: str, episode: Any, snapshots: int = 0, **_: Any) -> str:
    """``learner_*`` is ``main``; a learned opponent is ``main`` (self-play) or, once there are
    ``snapshots``, one of ``snap_0..`` / ``main`` drawn evenly from the episode id."""
    if agent.startswith(LEARNER) or snapshots == 0:
        return "main"
    k = zlib.crc32(str(getattr(episode, "id_", episode)).encode()) % (snapshots + 1)
    return "main" if k == snapshots else f"snap_{k}"
