"""The agent protocol used everywhere (opponents in the single-agent view, evaluation, the bot
service), and the weighted opponent pool of self-play training.

An agent is given what one seat may see: its observation vector, its action mask and, if it
asks for it (``needs_view``), the engine's JSON view; it answers with an action id. It keeps its
own random generator, seeded by :meth:`Agent.reset`, and never touches global random state.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action id for one seat."""

    name: str
    """A short name for tables and logs (``"random"``, ``"heuristic"``, ``"ppo@50000"``)."""
    needs_view: bool
    """True if :meth:`act` reads the JSON view (the env builds the view only then).

    An agent may also set ``needs_observation = False`` (random, heuristics): it then gets
    ``None`` instead of the observation vector, which saves encoding it."""

    def reset(self, seed: int | None = None) -> None:
        """Start a new episode; ``seed`` seeds the agent's own random generator."""
        ...

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """A legal action id (``mask[id] == 1``) for the seat that sees ``observation``."""
        ...


class OpponentPool:
    """Agents with sampling weights; one is drawn per episode.

    Training adds frozen snapshots of the learner with :meth:`add` as it goes.
    """

    def __init__(self, entries: Iterable[tuple[Agent, float]] = ()) -> None:
        """A pool from ``(agent, weight)`` pairs (may start empty; :meth:`sample` needs one)."""
        self._agents: list[Agent] = []
        self._weights: list[float] = []
        self._cumulative: list[float] = []
        for agent, weight in entries:
            self.add(agent, weight)

    def add(self, agent: Agent, weight: float = 1.0) -> None:
        """Add ``agent`` with a positive, finite sampling ``weight``."""
        if not isinstance(agent, Agent):
            raise TypeError(f"pool entries must follow the Agent protocol (name, needs_view, "
                            f"reset, act); got {type(agent).__name__}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)):
            raise TypeError(f"weight of {agent.name!r} must be a number, got {weight!r}")
        if not math.isfinite(weight) or weight <= 0:
            raise ValueError(f"weight of {agent.name!r} must be positive and finite, "
                             f"got {weight!r}")
        self._agents.append(agent)
        self._weights.append(float(weight))
        self._cumulative.append((self._cumulative[-1] if self._cumulative else 0.0) + weight)

    def remove(self, agent: Agent) -> None:
        """Take ``agent`` out of the pool (training drops its oldest snapshots this way)."""
        for i, a in enumerate(self._agents):
            if a is agent:
                del self._agents[i]
                del self._weights[i]
                break
        else:
            raise ValueError(f"agent {agent.name!r} is not in the pool")
        self._cumulative = list(itertools.accumulate(self._weights))

    @property
    def entries(self) -> list[tuple[Agent, float]]:
        """The ``(agent, weight)`` pairs, in the order they were added."""
        return list(zip(self._agents, self._weights, strict=True))

    def __len__(self) -> int:
        return len(self._agents)

    def sample(self, rng: np.random.Generator) -> Agent:
        """An agent drawn with probability proportional to its weight (one ``rng.random()``
        draw, so the caller's stream advances the same way whatever the pool holds)."""
        if not self._agents:
            raise ValueError("the opponent pool is empty; add at least one agent")
        x = rng.random() * self._cumulative[-1]
        i = bisect.bisect_right(self._cumulative, x)
        return self._agents[min(i, len(self._agents) - 1)]

    @classmethod
    def resolve(cls, opponent: Agent | OpponentPool | str | Mapping[str, float],
                system: str) -> OpponentPool:
        """A pool from what the ``opponent`` option of an env accepts.

        An :class:`OpponentPool` is used as is; an :class:`Agent` becomes a pool of one; a name
        or a ``{name: weight}`` dict is built with ``combatzoo.agents.make_agent(system, name)``.
        """
        if isinstance(opponent, OpponentPool):
            pool = opponent
        elif isinstance(opponent, str):
            pool = cls([(_make_agent(system, opponent), 1.0)])
        elif isinstance(opponent, Mapping):
            pool = cls((_make_agent(system, name), w) for name, w in opponent.items())
        elif isinstance(opponent, Agent):
            pool = cls([(opponent, 1.0)])
        else:
            raise TypeError("opponent must be an Agent, an OpponentPool, an agent name or a "
                            f"{{name: weight}} dict; got {type(opponent).__name__}")
        if not len(pool):
            raise ValueError("the opponent pool is empty; add at least one agent")
        return pool


def _make_agent(system: str, name: str) -> Agent:
    # Imported here: envs must not import agents at module import time (agents import envs).
    from ...agents import make_agent

    return make_agent(system, name)
