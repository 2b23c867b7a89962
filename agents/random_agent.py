"""The uniform random agent: a baseline every system has."""

from __future__ import annotations

from typing import Any

import numpy as np


class RandomAgent:
    """Picks uniformly among the legal ids of the mask, with its own seeded generator."""

    needs_view = False

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        """``seed`` seeds the agent's own generator (also re-seeded by :meth:`reset`)."""
        self.name = name
        self._rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the agent's generator (``None``: fresh entropy)."""
        self._rng = np.random.default_rng(seed)

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """A uniformly drawn id among those with ``mask[id] != 0``."""
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise ValueError("RandomAgent: the mask allows no action")
        return int(legal[self._rng.integers(legal.size)])
