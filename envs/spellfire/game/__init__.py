"""The whole Spellfire game as its own combat system, ``spellfire_game`` (see ``DOC``).

``env()`` (AEC), ``parallel_env()``, ``raw_env``, ``single_env()`` (Gymnasium view for SB3),
``make_engine()``; the engine (``rules.SpellfireGameEngine``) holds a battle engine and plays
phase 4 through it.
"""

from .env import DOC, SPEC, env, make_engine, parallel_env, raw_env, single_env

__doc__ = (__doc__ or "") + DOC

__all__ = ["DOC", "SPEC", "env", "make_engine", "parallel_env", "raw_env", "single_env"]
