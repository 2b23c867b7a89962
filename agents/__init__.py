"""Agents that play combatzoo systems: random, one heuristic per system, policy agents.

Every agent follows :class:`combatzoo.envs.core.agent.Agent`. :func:`make_agent` builds one by
name: ``"random"`` exists for every system; ``"heuristic"`` is the ``HeuristicAgent`` class of the
system's own module ``combatzoo.agents.<system>``; a path ending in ``.zip`` is a MaskablePPO
checkpoint played by :class:`~combatzoo.agents.policy.PolicyAgent`, one ending in ``.onnx`` an
exported policy played by :class:`~combatzoo.agents.policy.OnnxPolicyAgent`.
:func:`opponent_pool` builds the opponents of a single-agent view from names (the core builds
no agent by name).

Every agent answers its own action probabilities (``action_probabilities``): uniform for random,
1 on its choice for the heuristics (:class:`~combatzoo.agents.base.DeterministicAgent`), the
masked policy for policy agents.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from ..envs.core.agent import Agent, OpponentPool, as_pool
from .base import DeterministicAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "DeterministicAgent", "RandomAgent", "list_agents", "make_agent",
           "opponent_pool"]

_HEURISTIC_CLASS = "HeuristicAgent"


def _heuristic_class(system: str) -> type | None:
    """The system's ``HeuristicAgent`` class, or ``None`` if its module or class is missing."""
    module_name = f"combatzoo.agents.{system}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only a missing agents module means "no heuristic"; a broken import inside it is a bug
        # that must surface.
        if exc.name == module_name:
            return None
        raise
    cls = getattr(module, _HEURISTIC_CLASS, None)
    return cls if isinstance(cls, type) else None


def list_agents(system: str) -> list[str]:
    """Names :func:`make_agent` accepts for ``system``."""
    names = ["random"]
    if _heuristic_class(system) is not None:
        names.append("heuristic")
    return names


def make_agent(system: str, name: str, **kwargs: Any) -> Agent:
    """A new agent named ``name`` for ``system``; ``kwargs`` go to the agent's constructor.

    Raises ``ValueError`` naming the system and the agents it knows when ``name`` is unknown.
    """
    if name == "random":
        return RandomAgent(**kwargs)
    if name.endswith(".zip"):
        from .policy import PolicyAgent

        return PolicyAgent(name, **kwargs)
    if name.endswith(".onnx"):
        from .policy import OnnxPolicyAgent

        onnx_agent = OnnxPolicyAgent(name, **kwargs)
        if onnx_agent.system not in (None, system):
            raise ValueError(f"{name} plays {onnx_agent.system!r} (its model card says so), "
                             f"not {system!r}")
        return onnx_agent
    if name == "heuristic":
        cls = _heuristic_class(system)
        if cls is not None:
            agent: Agent = cls(**kwargs)
            return agent
        raise ValueError(
            f"no heuristic agent for system {system!r}: expected class {_HEURISTIC_CLASS} in "
            f"module combatzoo.agents.{system}; known agents for {system!r}: "
            f"{list_agents(system)}")
    raise ValueError(f"unknown agent {name!r} for system {system!r}; "
                     f"known agents: {list_agents(system)}")


def opponent_pool(system: str,
                  opponent: Agent | OpponentPool | str | Mapping[str, float] | None = None
                  ) -> OpponentPool:
    """The opponent pool of a single-agent view of ``system``, from what its ``opponent``
    option accepts.

    A name (``"heuristic"``, a checkpoint path) or a ``{name: weight}`` dict is built with
    :func:`make_agent`; an :class:`~combatzoo.envs.core.agent.OpponentPool` is used as is, an
    agent becomes a pool of one, ``None`` one random agent.
    """
    if isinstance(opponent, str):
        return OpponentPool([(make_agent(system, opponent), 1.0)])
    if isinstance(opponent, Mapping):
        return as_pool(OpponentPool((make_agent(system, name), weight)
                                    for name, weight in opponent.items()))
    return as_pool(opponent)
