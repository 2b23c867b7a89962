"""The agent protocol used everywhere (opponents in the single-agent view, evaluation, the bot
service), the uniform random agent (the default opponent of the single-agent view) and the
weighted opponent pool of self-play training.

An agent is given what one seat may see: its observation vector, its action mask and, if it
asks for it (``needs_view``), the engine's JSON view; it answers with an action id, and on
request with its probability of every action. It keeps its own random generator, seeded by
:meth:`Agent.reset`, and never touches global random state.

Nothing here knows a particular agent: agents by name (``"heuristic"``, ``{name: weight}``)
are built outside the core, by ``combatzoo.agents``.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

if TYPE_CHECKING:
    from .engine import Engine


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action id for one seat."""

    name: str
    """A short name for tables and logs (``"random"``, ``"heuristic"``, ``"ppo@50000"``)."""
    needs_view: bool
    """True if :meth:`act` reads the JSON view (the env builds the view only then).

    An agent may also set ``needs_observation = False`` (random, heuristics): it then gets
    ``None`` instead of the observation vector, which saves encoding it. And it may set
    ``deterministic = True`` when :meth:`act` always answers the most likely legal action of
    :meth:`action_probabilities` (lowest id on ties): a caller that needs both (the bot
    service) then computes them once."""

    def reset(self, seed: int | None = None) -> None:
        """Start a new episode; ``seed`` seeds the agent's own random generator."""
        ...

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """A legal action id (``mask[id] == 1``) for the seat that sees ``observation``."""
        ...

    def action_probabilities(self, observation: np.ndarray, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """The agent's probability of each action id (floats, ``len(mask)`` of them, zero
        where ``mask`` is 0, summing to 1): what :meth:`act` draws from, or 1 on its pick."""
        ...


PLAYING = ("name", "needs_view", "reset", "act")
"""What an agent needs to play (an opponent need not answer probabilities)."""


def agent_action(agent: Agent, engine: Engine[Any], state: Any, player: int) -> int:
    """``agent``'s action for ``player`` in ``state``, from what it asks to see: the JSON view
    if ``needs_view``, the observation unless ``needs_observation`` is False, and the mask."""
    view = engine.view(state, player) if agent.needs_view else None
    obs = engine.observe(state, player) if getattr(agent, "needs_observation", True) else None
    return int(agent.act(obs, engine.legal_mask(state, player), view))  # type: ignore[arg-type]


def plays(agent: object) -> bool:
    """Whether ``agent`` can play a seat: it has :data:`PLAYING`."""
    return all(hasattr(agent, attr) for attr in PLAYING)


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

    def action_probabilities(self, observation: np.ndarray | None, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """``1/n`` on each of the ``n`` legal ids."""
        legal = np.asarray(mask) != 0
        if not legal.any():
            raise ValueError("RandomAgent: the mask allows no action")
        probs: np.ndarray = legal / legal.sum()
        return probs.astype(np.float64)


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
        if not plays(agent):
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


def as_pool(opponent: Agent | OpponentPool | None) -> OpponentPool:
    """The opponent pool of a single-agent view: an :class:`OpponentPool` as is, an agent as a
    pool of one, ``None`` as one :class:`RandomAgent`.

    Agents by name are built outside the core: ``combatzoo.agents.opponent_pool(system, name)``
    (or ``combatzoo.envs.make_single(system, opponent=name)``).
    """
    if opponent is None:
        opponent = RandomAgent()
    if isinstance(opponent, OpponentPool):
        pool = opponent
    elif plays(opponent):
        pool = OpponentPool([(opponent, 1.0)])
    else:
        raise TypeError(
            "opponent must be an Agent or an OpponentPool (agents by name or {name: weight}: "
            "combatzoo.agents.opponent_pool, or combatzoo.envs.make_single); got "
            f"{type(opponent).__name__}")
    if not len(pool):
        raise ValueError("the opponent pool is empty; add at least one agent")
    return pool
