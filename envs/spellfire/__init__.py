"""Spellfire battles as a PettingZoo environment (see ``DOC`` for the full page).

``env()`` (AEC), ``parallel_env()``, ``raw_env``, ``single_env()`` (Gymnasium view for SB3).
The whole game is its own system, ``spellfire_game`` (:mod:`.game`, ``GAME_SPEC``,
``docs/spellfire_game.md``); ``env(mode="game")`` and the others are an alias that returns the
game's own fronts. The rooms: ``cards/`` (card facts, card powers as data, the built-in and
CrossFire packs), ``battle/`` (one battle), ``game/`` (the whole game).
"""

from typing import Any

from . import game as _game
from .battle import env as _battle
from .battle.env import DOC, SPEC, raw_env
from .game.rules import make_game_engine

__doc__ = (__doc__ or "") + DOC

GAME_SPEC = _game.SPEC
"""The ``GameSpec`` of the whole game (system ``spellfire_game``)."""


def _is_game(kwargs: dict[str, Any]) -> bool:
    return kwargs.get("mode") == "game"


def make_engine(**config: Any) -> Any:
    """The battle engine (``SpellfireConfig`` options); ``mode="game"``: the whole-game engine
    (``GameConfig`` options), as ``make_engine("spellfire_game")``."""
    return _game.make_engine(**config) if _is_game(config) else _battle.make_engine(**config)


def env(**kwargs: Any) -> Any:
    """The AEC env of a battle; ``mode="game"``: the whole game's (``spellfire_game``)."""
    return _game.env(**kwargs) if _is_game(kwargs) else _battle.env(**kwargs)


def parallel_env(**kwargs: Any) -> Any:
    """The Parallel env of a battle; ``mode="game"``: the whole game's."""
    return _game.parallel_env(**kwargs) if _is_game(kwargs) else _battle.parallel_env(**kwargs)


def single_env(**kwargs: Any) -> Any:
    """The single-agent Gymnasium view of a battle; ``mode="game"``: the whole game's."""
    return _game.single_env(**kwargs) if _is_game(kwargs) else _battle.single_env(**kwargs)


__all__ = ["DOC", "GAME_SPEC", "SPEC", "env", "make_engine", "make_game_engine", "parallel_env",
           "raw_env", "single_env"]
