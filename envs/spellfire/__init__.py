"""Spellfire battles as a PettingZoo environment (see ``DOC`` for the full page).

``env()`` (AEC), ``parallel_env()``, ``raw_env``, ``single_env()`` (Gymnasium view for SB3).
The whole game is its own system, ``spellfire_game`` (:mod:`.game`, ``GAME_SPEC``,
``docs/spellfire_game.md``); ``combatzoo.envs.make("spellfire", mode="game")`` is an alias of
it, resolved by the registry (``envs/registry.py``). The rooms: ``cards/`` (card facts, card
powers as data, the built-in and CrossFire packs), ``battle/`` (one battle), ``game/`` (the
whole game).
"""

from . import game as _game
from .battle.env import DOC, SPEC, env, make_engine, parallel_env, raw_env, single_env
from .game.rules import make_game_engine

__doc__ = (__doc__ or "") + DOC

GAME_SPEC = _game.SPEC
"""The ``GameSpec`` of the whole game (system ``spellfire_game``)."""

__all__ = ["DOC", "GAME_SPEC", "SPEC", "env", "make_engine", "make_game_engine", "parallel_env",
           "raw_env", "single_env"]
