"""Spellfire battles as a PettingZoo environment (see ``DOC`` for the full page).

``env()`` (AEC), ``parallel_env()``, ``raw_env``, ``single_env()`` (Gymnasium view for SB3).
The card layer: ``cards.py`` (card facts), ``effects.py`` (card powers as data), ``pack.py``
(the built-in and CrossFire packs).
"""

from .env import DOC, SPEC, env, make_engine, parallel_env, raw_env, single_env

__doc__ = (__doc__ or "") + DOC

__all__ = ["DOC", "SPEC", "env", "make_engine", "parallel_env", "raw_env", "single_env"]
