"""Potential-based reward shaping (issue 15): a reward for progress that does not change which
play is best.

With a potential ``phi(state, seat)`` of the learner's decision states, the shaped reward of a
step from ``s`` to ``s'`` is ``r + weight * (gamma * phi(s') - phi(s))``, with ``phi`` of a
finished game taken as 0. Ng, Harada and Russell (1999, "Policy invariance under reward
transformations") show that every such shaping leaves the optimal policies of the discounted
problem unchanged: the discounted sum of an episode's shaping terms telescopes to
``-weight * phi(s_0)``, whatever the choices. The ``gamma`` is
PPO's own, so the problem PPO solves keeps its optimal play; only how soon a step's worth is
seen changes.

``shaping: WEIGHT`` in a training config turns it on for the systems in :data:`POTENTIALS`
(the config refuses it for the others):

- ``spellfire_game``: ``realm_margin`` (envs/spellfire/game/judge.py), the learner's unrazed
  realms less the opponent's, over six.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..envs.spellfire.game.judge import realm_margin

POTENTIALS: dict[str, Callable[[Any, int], float]] = {"spellfire_game": realm_margin}
"""The progress potential of each system that has one, ``phi(state, learner seat)``."""


class Shaping:
    """The shaping terms of one env's episodes: :meth:`start` at reset, :meth:`term` at every
    step."""

    def __init__(self, potential: Callable[[Any, int], float], weight: float,
                 gamma: float) -> None:
        self.potential = potential
        self.weight = weight
        self.gamma = gamma
        self.last = 0.0
        """``phi`` of the learner's current decision state."""

    def start(self, state: Any, seat: int) -> None:
        """A new episode starts in ``state``."""
        self.last = self.potential(state, seat)

    def term(self, state: Any, seat: int, terminated: bool) -> float:
        """The shaping term of the step that led to ``state`` (``phi`` is 0 once the game is
        over; a truncated episode keeps its state's ``phi``, as PPO bootstraps from it)."""
        now = 0.0 if terminated else self.potential(state, seat)
        term = self.weight * (self.gamma * now - self.last)
        self.last = now
        return term
