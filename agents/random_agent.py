"""The uniform random agent: a baseline every system has."""

from __future__ import annotations

import random
from typing import Any

import numpy as np


class RandomAgent:
    """Picks uniformly among the legal ids of the mask, with its own seeded generator."""

    needs_view = False
    needs_observation = False

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        """``seed`` seeds the agent's own generator (also re-seeded by :meth:`reset`)."""
        self.name = name
        # An instance of its own (cheap to re-seed every episode), never the global one.
        self._rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the agent's generator (``None``: fresh entropy)."""
        self._rng.seed(seed)

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """A uniformly drawn id among those with ``mask[id] != 0``."""
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise ValueError("RandomAgent: the mask allows no action")
        return int(legal[self._rng.randrange(legal.size)])
