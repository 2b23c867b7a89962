"""The generic PettingZoo Parallel front: drives any :class:`~combatzoo.envs.core.engine.Engine`.

Same agents, spaces and options as :class:`~combatzoo.envs.core.aec.CombatAECEnv`.

Every live agent submits an action each step. Agents in ``engine.to_act(state)`` give a legal
action; the others give ``NOOP`` (id 0), the only id their mask allows. An idle agent left out of
the actions dict counts as ``NOOP``; an agent that must decide and is left out is an illegal
action. Each step is exactly one ``engine.apply``. When the game ends, rewards are
``engine.returns(state)``, every termination is ``True`` and ``agents`` becomes ``[]``.

Illegal actions: ``illegal_action="raise"`` (default) raises ``IllegalActionError`` for the first
offender (in agent order) and leaves the env unchanged; ``"penalize"`` gives every offender
``spec.utility_range[0]`` and everyone else 0, terminates everyone, and marks the offenders'
infos with ``"illegal_action": True``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import ParallelEnv

from .codec import NOOP
from .engine import Engine, Event
from .errors import GameOverError, IllegalActionError
from .front import (
    coerce_action,
    illegal_action_error,
    init_front,
)
from .seeding import game_rng

ObsDict = dict[str, dict[str, np.ndarray]]


class CombatParallelEnv(ParallelEnv):  # type: ignore[type-arg]
    """A PettingZoo Parallel env over one engine; see the module docstring for the protocol."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "is_parallelizable": True,
    }

    def __init__(self, engine: Engine[Any], *, render_mode: str | None = None,
                 illegal_action: str = "raise", max_steps: int | None = None) -> None:
        """Wrap ``engine``. ``max_steps`` (engine steps) truncates every agent when reached."""
        init_front(self, engine, render_mode, illegal_action, max_steps)
        self.agents: list[str] = []
        self._state: Any = None
        self._steps = 0
        self.last_events: list[Event] = []
        self.last_seed: int | None = None
        """The seed of the current episode (drawn from fresh entropy when reset had none)."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The (cached) ``Discrete(N)`` action space of ``agent``."""
        return self.action_spaces[agent]

    # --- episode ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[ObsDict, dict[str, dict[str, Any]]]:
        """Start a new game; returns every agent's observation and info."""
        if seed is None:
            seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
        self.last_seed = seed
        return self._start(self.engine.new_game(game_rng(seed)))

    def _start(self, state: Any) -> tuple[ObsDict, dict[str, dict[str, Any]]]:
        self._state = state
        self._steps = 0
        self.last_events = []
        over = self.engine.is_over(state)
        self.agents = [] if over else list(self._names)
        names = self._names
        return ({a: self._observe(p) for p, a in enumerate(names)},
                {a: self._info(p, []) for p, a in enumerate(names)})

    def _observe(self, p: int) -> dict[str, np.ndarray]:
        state = self._state
        return {"observation": self.engine.observe(state, p),
                "action_mask": self.engine.legal_mask(state, p)}

    def _info(self, p: int, events_json: list[dict[str, Any]]) -> dict[str, Any]:
        return {**self.engine.info(self._state, p), "events": events_json}

    def step(self, actions: Mapping[str, Any]) -> tuple[
            ObsDict, dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """One engine step from every live agent's action (``NOOP`` for idle agents)."""
        if self._state is None:
            raise RuntimeError("step() called before reset()")
        if not self.agents:
            raise GameOverError("every agent is done; call reset() to play again")
        unknown = [a for a in actions if a not in self._index or a not in self.agents]
        if unknown:
            raise ValueError(f"actions for unknown or finished agents {unknown}; "
                             f"live agents are {self.agents}")
        engine = self.engine
        state = self._state
        acting = engine.to_act(state)
        joint: dict[int, int] = {}
        offenders: dict[int, IllegalActionError] = {}
        for name in self.agents:
            p = self._index[name]
            raw = actions.get(name, NOOP if p not in acting else None)
            a = coerce_action(raw)
            if p in acting:
                ok = a is not None and a in engine.legal_actions(state, p)
                reason = "" if raw is not None else "this player must act now"
            else:
                ok = a == NOOP
                reason = "this player has nothing to decide now"
            if not ok:
                error = illegal_action_error(engine, state, p, raw if a is None else a, reason)
                if self.illegal_action == "raise":
                    raise error
                offenders[p] = error
            elif p in acting:
                joint[p] = a  # type: ignore[assignment]
        live = list(self.agents)
        if offenders:
            return self._penalize(live, offenders)
        events = engine.apply(state, joint)
        self._steps += 1
        self.last_events = events
        events_json = [e.to_json() for e in events]
        observations = {a: self._observe(self._index[a]) for a in live}
        infos = {a: self._info(self._index[a], events_json) for a in live}
        over = engine.is_over(state)
        truncated = (not over and self.max_steps is not None and self._steps >= self.max_steps)
        if over:
            returns = engine.returns(state)
            rewards = {a: float(returns[self._index[a]]) for a in live}
        else:
            rewards = dict.fromkeys(live, 0.0)
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _penalize(self, live: list[str], offenders: dict[int, IllegalActionError]) -> tuple[
            ObsDict, dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        low = float(self.engine.spec.utility_range[0])
        observations = {a: self._observe(self._index[a]) for a in live}
        rewards = {a: low if self._index[a] in offenders else 0.0 for a in live}
        infos = {a: self._info(self._index[a], []) for a in live}
        for p, error in offenders.items():
            infos[self._names[p]].update(illegal_action=True, illegal_action_error=str(error))
        self.agents = []
        return (observations, rewards, dict.fromkeys(live, True), dict.fromkeys(live, False),
                infos)

    # --- state, rendering -----------------------------------------------------------------------

    @property  # type: ignore[override]
    def state(self) -> Any:
        """The engine state of the game in progress (replaces PettingZoo's ``state()``)."""
        if self._state is None:
            raise RuntimeError("state read before reset()")
        return self._state

    def save_state(self) -> dict[str, Any]:
        """The engine state as JSON-ready data (``engine.to_json``)."""
        return self.engine.to_json(self.state)

    def load_state(self, data: Mapping[str, Any]) -> tuple[ObsDict, dict[str, dict[str, Any]]]:
        """Continue from a saved state; returns observations and infos as :meth:`reset` does.

        The engine-step count (for ``max_steps``) starts again from 0.
        """
        return self._start(self.engine.from_json(data))

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
