"""The uniform random agent: a baseline every system has.

It knows no game, so it lives in the core beside the agent protocol
(:class:`combatzoo.envs.core.agent.RandomAgent`), where the single-agent view takes it as its
default opponent; this module is its name among the agents.
"""

from __future__ import annotations

from ..envs.core.agent import RandomAgent

__all__ = ["RandomAgent"]
