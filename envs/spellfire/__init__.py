"""Spellfire battles as a PettingZoo environment (see ``DOC`` for the full page).

``env()`` (AEC), ``parallel_env()``, ``raw_env``, ``single_env()`` (Gymnasium view for SB3);
``env(mode="game")`` and the others play whole games (``GAME_SPEC``, ``docs/spellfire_game.md``).
The card layer: ``cards.py`` (card facts), ``effects.py`` (card powers as data), ``pack.py``
(the built-in and CrossFire packs).
"""

from .battle.env import DOC, SPEC, env, make_engine, parallel_env, raw_env, single_env
from .game.rules import GAME_SPEC, make_game_engine

__doc__ = (__doc__ or "") + DOC

__all__ = ["DOC", "GAME_SPEC", "SPEC", "env", "make_engine", "make_game_engine", "parallel_env",
           "raw_env", "single_env"]
