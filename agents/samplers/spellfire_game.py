"""Sampling a whole Spellfire game's state from one player's view: the battle's sampler
(:mod:`combatzoo.agents.samplers.spellfire`) reads the game's fields too (issue 15)."""

from __future__ import annotations

from .spellfire import sample

__all__ = ["sample"]
