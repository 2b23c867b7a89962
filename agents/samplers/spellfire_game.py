"""Sampling a whole Spellfire game's state from one player's view: the battle's sampler
(:mod:`combatzoo.agents.samplers.spellfire`) reads the game's fields too (issue 15)."""

from __future__ import annotations

from typing import Any

from .spellfire import sample

__all__ = ["ROLLOUT_DEPTH", "sample", "score"]

ROLLOUT_DEPTH: int | None = 8
"""Rollouts stop after 8 steps and :func:`score` judges: against the heuristic ``mcts@50`` won
11/20 so (depth 20: 9/20), 1/10 and 0/6 with rollouts to the end (docs/bots.md)."""


def score(engine: Any, state: Any) -> list[float]:
    """The returns if the game were judged now as at the turn limit (RULES.md §1 [decided]):
    most unrazed realms, then most razed realms, else a draw."""
    counts = []
    for side in state.table.players:
        realms = [(r is not None and not z, r is not None and z)
                  for r, z in zip(side.realms, side.razed, strict=True)]
        counts.append((sum(u for u, _ in realms), sum(z for _, z in realms)))
    for diff in (counts[0][0] - counts[1][0], counts[0][1] - counts[1][1]):
        if diff:
            return [1.0, -1.0] if diff > 0 else [-1.0, 1.0]
    return [0.0, 0.0]
