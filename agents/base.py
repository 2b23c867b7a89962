"""What agents share beyond the protocol (:class:`combatzoo.envs.core.agent.Agent`)."""

from __future__ import annotations

from typing import Any

import numpy as np


def one_hot(action: int, size: int) -> np.ndarray:
    """``float64[size]``: 1 at ``action``, 0 elsewhere."""
    probs = np.zeros(size, dtype=np.float64)
    probs[action] = 1.0
    return probs


class DeterministicAgent:
    """Base of the agents whose choice is a function of what they see (the heuristics): their
    action probabilities are 1 on the action :meth:`act` picks.

    A subclass defines ``name``, ``needs_view``, ``reset`` and ``act``.
    """

    deterministic = True
    """:meth:`act` is the most likely action of :meth:`action_probabilities` (its only one)."""

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """The chosen legal action id (defined by each subclass)."""
        raise NotImplementedError

    def action_probabilities(self, observation: np.ndarray | None, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """1 on the action :meth:`act` picks, 0 elsewhere."""
        return one_hot(int(self.act(observation, mask, view)), len(mask))
