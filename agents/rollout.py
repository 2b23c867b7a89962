"""Rollout search over the heuristic: a search bot that improves on a system's heuristic (issue 15).

Monte Carlo policy improvement (Tesauro & Galperin, "On-line policy improvement using
Monte-Carlo search", 1996): at each decision with more than one legal action,

1. **sample** ``samples`` complete states consistent with the seat's JSON view (the system's
   sampler, ``combatzoo.agents.samplers.<system>``, as :mod:`.mcts` does: the opponent's hand,
   the order of the piles, a secret choice not yet revealed are filled in from what the view
   shows, so the bot never reads a secret);
2. for **every legal action**, on a copy of each sampled state: play it (the other players of a
   simultaneous step choose by the heuristic, from their own view of the sampled state), then
   let the heuristic play every seat to the end of the game; add up the seat's returns;
3. play the action with the highest total; on a tie the heuristic's own choice, else the lowest
   id.

Every action is scored on the same sampled states (common random numbers), so two actions are
compared on the same deals. With the heuristic deterministic, a rollout is a function of its
sampled state. The cost is ``samples x legal actions`` games played to the end per decision:
the bot is for systems whose heuristic is cheap next to a game's length (``docs/bots.md``
has its time per decision).

``make_agent(system, "rollout")`` uses :data:`DEFAULT_SAMPLES`; ``"rollout@K"`` samples ``K``.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..envs.core.agent import agent_action
from ..envs.core.engine import Engine
from .mcts import SearchError, _seat, load_sampler, search_engine, search_start

DEFAULT_SAMPLES = 8
"""Sampled states per decision of the plain name ``"rollout"``."""


class RolloutAgent:
    """The rollout search bot of one system (see the module docstring)."""

    needs_view = True
    needs_observation = False
    deterministic = True
    """:meth:`act` is the argmax of :meth:`action_probabilities`."""

    def __init__(self, system: str, samples: int = DEFAULT_SAMPLES, seed: int | None = None,
                 engine: Engine[Any] | None = None,
                 engine_options: dict[str, Any] | None = None, name: str | None = None) -> None:
        """A bot for ``system`` scoring each legal action on ``samples`` sampled states.

        ``engine`` (or ``engine_options`` to build one) must be the engine of the game being
        played, as for :class:`~combatzoo.agents.mcts.MCTSAgent`.
        """
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise SearchError(f"samples must be a positive integer, got {samples!r}")
        from . import make_agent

        self._sample, _ = load_sampler(system)
        self.system = system
        self.engine = search_engine(system, engine, engine_options)
        self.samples = samples
        self.name = name or f"rollout@{samples}"
        self._heuristic = make_agent(system, "heuristic")
        self._game: RolloutAgent | None = None
        """For a ``spellfire`` bot: the ``spellfire_game`` bot that answers whole-game views (the
        service reads ``spellfire`` states in mode ``game`` too, as :class:`MCTSAgent` does)."""
        self._rng = np.random.default_rng(seed)
        self.decision_seconds: list[float] = []
        """Wall time of every search so far (for the time-per-decision figures)."""
        self.last_scores: dict[int, float] = {}
        """Each legal action's total return in the last search (empty after a decision with a
        single legal action): what a student of the bot can learn from besides its choice."""

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the bot's own generator (``None``: fresh entropy)."""
        self._rng = np.random.default_rng(seed)

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """The legal action whose rollouts return the most (module docstring, step 3)."""
        return int(np.argmax(self.action_probabilities(observation, mask, view)))

    def action_probabilities(self, observation: np.ndarray | None, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """1 on the chosen action (one search per call)."""
        legal, probs = search_start(self.name, mask, view)
        self.last_scores = {}
        if len(legal) == 1:
            return probs
        assert view is not None  # search_start refuses a call without one
        if self.system == "spellfire" and view.get("mode") == "game":
            return self._whole_game().action_probabilities(observation, mask, view)
        start = time.perf_counter()
        base = int(self._heuristic.act(None, mask, view))
        totals = self.last_scores = self.scores(view, _seat(view), legal)
        best = max(legal, key=lambda a: (totals[a], a == base, -a))
        self.decision_seconds.append(time.perf_counter() - start)
        probs[best] = 1.0
        return probs

    def _whole_game(self) -> RolloutAgent:
        """The ``spellfire_game`` bot of a ``spellfire`` bot, sharing its generator."""
        if self._game is None:
            self._game = RolloutAgent("spellfire_game", self.samples, name=self.name)
            self._game.decision_seconds = self.decision_seconds
        self._game._rng = self._rng
        return self._game

    def scores(self, view: dict[str, Any], player: int, legal: list[int]) -> dict[int, float]:
        """Each legal action's total return to ``player`` over the sampled states."""
        engine = self.engine
        states = [self._sample(engine, view, player, self._rng) for _ in range(self.samples)]
        return {a: sum(self._rollout(engine.clone(s), player, a) for s in states)
                for a in legal}

    def _rollout(self, state: Any, player: int, action: int) -> float:
        """``player`` plays ``action`` in ``state``, then the heuristic plays every seat to the
        end; ``player``'s return."""
        engine, heuristic = self.engine, self._heuristic
        joint = {p: action if p == player else agent_action(heuristic, engine, state, p)
                 for p in engine.to_act(state)}
        engine.apply_trusted(state, joint)
        for _ in range(engine.spec.max_decisions):  # the engine's bound on a game's steps
            if engine.is_over(state):
                break
            engine.apply_trusted(state, {p: agent_action(heuristic, engine, state, p)
                                         for p in engine.to_act(state)})
        return float(engine.returns(state)[player])
