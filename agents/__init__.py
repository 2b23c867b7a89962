"""Agents that play combatzoo systems: random, one heuristic per system, policy agents.

Every agent follows :class:`combatzoo.envs.core.agent.Agent`. :func:`make_agent` builds one by
name: ``"random"`` exists for every system; ``"heuristic"`` is the ``HeuristicAgent`` class of the
system's own module ``combatzoo.agents.<system>``; a path ending in ``.zip`` is a MaskablePPO
checkpoint played by :class:`~combatzoo.agents.policy.PolicyAgent` (a pickle: loaded only with
``trust_pickle=True``), one ending in ``.onnx`` an exported policy played by
:class:`~combatzoo.agents.policy.OnnxPolicyAgent`; ``"ppo"`` is the system's pretrained bot
shipped in the package (:mod:`combatzoo.agents.shipped`); ``"mcts"`` is the information-set
search bot (:class:`~combatzoo.agents.mcts.MCTSAgent`, ``mcts.DEFAULT_SIMULATIONS`` simulations
per decision) and ``"mcts@N"`` the same with ``N`` simulations (issue 15); ``"rollout"`` is the
rollout search over the heuristic (:class:`~combatzoo.agents.rollout.RolloutAgent`,
``rollout.DEFAULT_SAMPLES`` sampled states per decision) and ``"rollout@K"`` the same with ``K``.
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
from ..envs.core.errors import CombatZooError
from .base import DeterministicAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "DeterministicAgent", "RandomAgent", "UnknownAgentError", "engine_kwargs",
           "list_agents", "make_agent", "opponent_pool"]

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
    from .mcts import SEARCH_SYSTEMS
    from .shipped import NAME, shipped_path

    names = ["random"]
    if _heuristic_class(system) is not None:
        names.append("heuristic")
    if system in SEARCH_SYSTEMS:
        names.append("mcts")
        if "heuristic" in names:
            names.append("rollout")
    if shipped_path(system) is not None:
        names.append(NAME)
    return names


SEARCH_NAMES = ("mcts", "rollout")
"""The search bots: ``NAME`` or ``NAME@N`` (``N``: simulations, or sampled states)."""


def _is_search(name: str) -> bool:
    return name.partition("@")[0] in SEARCH_NAMES


def engine_kwargs(name: str, engine: Any) -> dict[str, Any]:
    """What :func:`make_agent` needs to build agent ``name`` for the game ``engine`` plays:
    the search bot searches with that engine (its config: decks, pack, battles); the other
    agents need nothing."""
    return {"engine": engine} if _is_search(name) else {}


def _search_agent(system: str, name: str, kwargs: dict[str, Any]) -> Agent:
    """``"mcts"`` or ``"mcts@N"`` (``N`` simulations per decision), ``"rollout"`` or
    ``"rollout@K"`` (``K`` sampled states per decision); a ``simulations`` (``samples``)
    keyword wins over the default, not over ``@N``."""
    from .mcts import MCTSAgent
    from .rollout import RolloutAgent

    kind, _, budget = name.partition("@")
    key, example = ("simulations", "mcts@200") if kind == "mcts" else ("samples", "rollout@8")
    if budget:
        if not budget.isdigit() or int(budget) < 1:
            raise UnknownAgentError(f"{name!r}: expected {kind}@N with N a positive number of "
                                    f"{key}, e.g. {example}")
        if key in kwargs and kwargs[key] != int(budget):
            raise UnknownAgentError(f"{name!r} names {budget} {key} but {key}="
                                    f"{kwargs[key]} was also given")
        kwargs = {**kwargs, key: int(budget)}
    agent: Agent = (MCTSAgent if kind == "mcts" else RolloutAgent)(system, **kwargs)
    return agent


class UnknownAgentError(CombatZooError, ValueError):
    """:func:`make_agent` was given a name it does not know; the message lists the known ones."""


def make_agent(system: str, name: str, *, trust_pickle: bool = False, **kwargs: Any) -> Agent:
    """A new agent named ``name`` for ``system``; ``kwargs`` go to the agent's constructor.

    A ``.zip`` (SB3 checkpoint, a pickle: loading it can run code) is loaded only with
    ``trust_pickle=True``; an ``.onnx`` file needs no trust (issue 16). Raises
    :class:`UnknownAgentError` (a ``ValueError``) naming the system and the agents it knows
    when ``name`` is unknown, :class:`~combatzoo.agents.policy.ModelFileError` for a policy
    file that is missing, corrupt or untrusted.
    """
    if name == "random":
        return RandomAgent(**kwargs)
    if name == "ppo":
        from .shipped import load_shipped

        shipped: Agent = load_shipped(system, **kwargs)
        return shipped
    if name.endswith(".zip"):
        from .policy import PolicyAgent

        return PolicyAgent(name, trust_pickle=trust_pickle, **kwargs)
    if name.endswith(".onnx"):
        from .policy import ModelFileError, OnnxPolicyAgent

        onnx_agent = OnnxPolicyAgent(name, **kwargs)
        if onnx_agent.system not in (None, system):
            raise ModelFileError(f"{name} plays {onnx_agent.system!r} (its model card says so), "
                                 f"not {system!r}")
        return onnx_agent
    if _is_search(name):
        if name.partition("@")[0] not in list_agents(system):
            raise UnknownAgentError(f"no search agent {name!r} for system {system!r}; known "
                                    f"agents for {system!r}: {list_agents(system)}")
        return _search_agent(system, name, kwargs)
    if name == "heuristic":
        cls = _heuristic_class(system)
        if cls is not None:
            agent: Agent = cls(**kwargs)
            return agent
        raise UnknownAgentError(
            f"no heuristic agent for system {system!r}: expected class {_HEURISTIC_CLASS} in "
            f"module combatzoo.agents.{system}; known agents for {system!r}: "
            f"{list_agents(system)}")
    raise UnknownAgentError(f"unknown agent {name!r} for system {system!r}; known agents: "
                            f"{list_agents(system)}, or a policy file (.onnx, or .zip with "
                            f"trust_pickle)")


def opponent_pool(system: str,
                  opponent: Agent | OpponentPool | str | Mapping[str, float] | None = None,
                  *, trust_pickle: bool = False) -> OpponentPool:
    """The opponent pool of a single-agent view of ``system``, from what its ``opponent``
    option accepts.

    A name (``"heuristic"``, a policy file) or a ``{name: weight}`` dict is built with
    :func:`make_agent` (``trust_pickle`` passed on); an
    :class:`~combatzoo.envs.core.agent.OpponentPool` is used as is, an agent becomes a pool of
    one, ``None`` one random agent.
    """
    if isinstance(opponent, str):
        return OpponentPool([(make_agent(system, opponent, trust_pickle=trust_pickle), 1.0)])
    if isinstance(opponent, Mapping):
        return as_pool(OpponentPool((make_agent(system, name, trust_pickle=trust_pickle), weight)
                                    for name, weight in opponent.items()))
    return as_pool(opponent)
