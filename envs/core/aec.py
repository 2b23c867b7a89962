"""The generic PettingZoo AEC front: drives any :class:`~combatzoo.envs.core.engine.Engine`.

| | |
|---|---|
| Agents | ``player_0`` .. ``player_{n-1}`` (engine player ``p`` is ``f"player_{p}"``) |
| Action space | ``Discrete(spec.num_actions)``; id 0 is ``NOOP`` |
| Observation | ``{"observation": float32[spec.obs_size] in [-1, 1], "action_mask": int8[N]}`` |
| Rewards | 0 until the game ends, then ``engine.returns(state)`` |

Turn order
----------
``engine.to_act(state)`` lists the players who must decide now. The env selects them one at a
time, in that order, and *collects* their actions without applying them; once every one of them
has chosen, it calls ``engine.apply`` once with all the choices, so simultaneous secret choices
are revealed together (as PettingZoo's ``rps`` does). A later chooser's observation therefore
never shows an earlier chooser's pending choice: it is not in the state yet.

The mask of the selected agent lists its legal actions; the mask of an agent that is not to act
is ``NOOP`` only (``engine.legal_mask``). An agent that already chose in the current round keeps
its legal mask until the choices are applied (it is not selected again before that).

Illegal actions
---------------
Checked when each agent submits. ``illegal_action="raise"`` (default) raises
:class:`~combatzoo.envs.core.errors.IllegalActionError` naming the action and the legal ones and
leaves the env unchanged. ``illegal_action="penalize"`` follows PettingZoo's
``TerminateIllegalWrapper``: the offender gets ``spec.utility_range[0]``, the others 0, everyone
terminates, and the offender's info has ``"illegal_action": True``.

Infos
-----
``engine.info(state, p)`` plus ``"events"``: the events (``Event.to_json``) of the last applied
engine step (events are public, so every agent gets the same list).

Speed
-----
No PettingZoo wrappers: this env enforces call order itself (``RuntimeError`` before
``reset``). Observations are built only in :meth:`observe`; masks are cached until the state
changes and are returned read-only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from .engine import Engine, Event
from .errors import GameOverError
from .front import (
    coerce_action,
    illegal_action_error,
    init_front,
)
from .seeding import game_rng


class CombatAECEnv(AECEnv):  # type: ignore[type-arg]
    """A PettingZoo AEC env over one engine; see the module docstring for the protocol."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "is_parallelizable": True,
    }

    def __init__(self, engine: Engine[Any], *, render_mode: str | None = None,
                 illegal_action: str = "raise", max_steps: int | None = None) -> None:
        """Wrap ``engine``. ``max_steps`` (engine steps) truncates every agent when reached."""
        super().__init__()
        init_front(self, engine, render_mode, illegal_action, max_steps)
        self._state: Any = None
        self._done = True
        self._to_act: list[int] = []
        self._turn = 0
        self._chooser = 0
        self._pending: dict[int, int] = {}
        self._masks: dict[int, np.ndarray] = {}
        self._steps = 0
        self._skip_agent_selection: str | None = None
        self.last_events: list[Event] = []
        self.last_seed: int | None = None
        """The seed of the current episode (drawn from fresh entropy when reset had none)."""

    # --- spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) ``Discrete(N)`` action space of ``agent``."""
        return self.action_spaces[agent]

    # --- episode ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes everything after it deterministic."""
        if seed is None:
            # Fresh entropy, but kept so that the episode can be replayed with reset(seed=...).
            seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
        self.last_seed = seed
        rng = game_rng(seed)
        self._start(self.engine.new_game(rng))

    def _start(self, state: Any) -> None:
        """Reset every piece of bookkeeping around ``state`` (used by reset and load_state)."""
        engine = self.engine
        self._state = state
        self._steps = 0
        self._masks = {}
        self._pending = {}
        self._skip_agent_selection = None
        self.last_events = []
        self.agents = list(self._names)
        self.rewards = dict.fromkeys(self._names, 0.0)
        self._cumulative_rewards = dict.fromkeys(self._names, 0.0)
        self.terminations = dict.fromkeys(self._names, False)
        self.truncations = dict.fromkeys(self._names, False)
        self.infos = {name: {**engine.info(state, p), "events": []}
                      for p, name in enumerate(self._names)}
        self._done = False
        if engine.is_over(state):
            self._end_of_game()
        else:
            self._next_round()

    def _next_round(self) -> None:
        """Select the first chooser of the players ``to_act`` now."""
        to_act = self.engine.to_act(self._state)
        if not to_act:
            raise RuntimeError(
                f"{self.engine.spec.name}: engine lists nobody to act in a running game")
        self._to_act = to_act
        self._turn = 0
        self._chooser = to_act[0]
        self.agent_selection = self._names[to_act[0]]

    def _end_of_game(self) -> None:
        returns = self.engine.returns(self._state)
        for p, name in enumerate(self._names):
            self.rewards[name] = float(returns[p])
            self.terminations[name] = True
        self._accumulate_rewards()
        self._finish()

    def _finish(self) -> None:
        """Everyone is done: from now on each agent steps ``None`` and is removed."""
        self._done = True
        self._to_act = []
        self._pending = {}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]

    # --- the AEC loop -------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": float32 vector, "action_mask": int8 mask}`` of ``agent``."""
        state = self._state
        if state is None:
            raise RuntimeError("observe() called before reset()")
        try:
            p = self._index[agent]
        except KeyError:
            raise ValueError(f"unknown agent {agent!r}; agents are {list(self._names)}") from None
        mask = self._masks.get(p)
        if mask is None:
            mask = self._mask(p)
        return {"observation": self.engine.observe(state, p), "action_mask": mask}

    def _mask(self, p: int) -> np.ndarray:
        mask = self.engine.legal_mask(self._state, p)  # read-only
        self._masks[p] = mask
        return mask

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated, info of the selected agent."""
        if self._state is None:
            raise RuntimeError("last() called before reset()")
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Submit the selected agent's action (``None`` for a terminated agent)."""
        if self._done:
            if self._state is None:
                raise RuntimeError("step() called before reset()")
            if not self.agents:
                raise GameOverError("every agent is done; call reset() to play again")
            self._was_dead_step(action)
            return
        p = self._chooser
        a = action if type(action) is int else coerce_action(action)
        mask = self._masks.get(p)
        if mask is None:
            mask = self._mask(p)
        if a is None or not 0 <= a < mask.shape[0] or not mask[a]:
            self._reject(p, action)
            return
        agent = self._names[p]
        self._cumulative_rewards[agent] = 0.0
        self._pending[p] = a
        self._turn += 1
        if self._turn < len(self._to_act):
            self._chooser = p = self._to_act[self._turn]
            self.agent_selection = self._names[p]
            return
        # Every chooser has chosen: reveal them together in one engine step.
        pending = self._pending
        self._pending = {}
        self._apply(pending)

    def _apply(self, actions: Mapping[int, int]) -> None:
        engine = self.engine
        state = self._state
        # Each action was checked against its agent's mask on submission, and every player in
        # to_act has submitted: no need for the engine to check again.
        events = engine.apply_trusted(state, actions)
        self._steps += 1
        self._masks = {}
        self.last_events = events
        events_json = [e.to_json() for e in events]
        for p, name in enumerate(self._names):
            info = engine.info(state, p)
            self.infos[name] = {**info, "events": events_json} if info else {"events": events_json}
        if self.render_mode == "human":
            print(engine.render(state, None))
        if engine.is_over(state):
            self._end_of_game()
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for name in self._names:
                self.truncations[name] = True
            self._finish()
        else:
            self._next_round()

    def _reject(self, p: int, action: Any) -> None:
        """Handle an illegal action of player ``p`` according to ``illegal_action``."""
        coerced = coerce_action(action)
        error = illegal_action_error(self.engine, self._state, p,
                                     action if coerced is None else coerced)
        if self.illegal_action == "raise":
            raise error
        agent = self._names[p]
        for name in self._names:
            self.rewards[name] = 0.0
            self.terminations[name] = True
        self._cumulative_rewards[agent] = 0.0
        self.rewards[agent] = float(self.engine.spec.utility_range[0])
        self.infos[agent] = {**self.infos[agent], "illegal_action": True,
                             "illegal_action_error": str(error)}
        self._accumulate_rewards()
        self._finish()

    # --- state, rendering -----------------------------------------------------------------------

    @property  # type: ignore[override]
    def state(self) -> Any:
        """The engine state of the game in progress (collected choices are not in it yet).

        Note: PettingZoo's ``AECEnv.state()`` (a global observation for centralised training)
        is replaced by this property; combatzoo has no global observation vector.
        """
        if self._state is None:
            raise RuntimeError("state read before reset()")
        return self._state

    def save_state(self) -> dict[str, Any]:
        """The engine state as JSON-ready data (``engine.to_json``)."""
        return self.engine.to_json(self.state)

    def load_state(self, data: Mapping[str, Any]) -> None:
        """Continue from a state saved by :meth:`save_state` (or written by hand).

        Rewards, terminations, the engine-step count and any collected-but-unapplied choices are
        reset; play continues with the state's first player to act.
        """
        self._start(self.engine.from_json(data))

    def render(self) -> str | None:
        """The whole table as text (``"ansi"``: returned, ``"human"``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode=...")
            return None
        text = self.engine.render(self.state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (text rendering only)."""
