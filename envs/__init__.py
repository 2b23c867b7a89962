"""combatzoo environments: the registry of combat systems (``envs/registry.py``).

``make(name)`` gives the PettingZoo AEC env, ``make_parallel(name)`` the Parallel env,
``make_single(name)`` the single-agent Gymnasium view (also registered with Gymnasium under each
system's ``SPEC.gym_id``, e.g. ``gymnasium.make("combatzoo/LandAirSea-v0")``),
``make_engine(name)`` the pure rules engine and ``get_spec(name)`` its ``GameSpec``;
``register(name, entry_point, gym_id)`` adds a system. Systems are imported only when first
used. An alias names a system by another name plus options: ``make("spellfire", mode="game")``
is ``make("spellfire_game")`` (the table is ``registry.ALIASES``).
"""

from .registry import (
    get_spec,
    list_envs,
    make,
    make_engine,
    make_parallel,
    make_single,
    register,
)

__all__ = ["get_spec", "list_envs", "make", "make_engine", "make_parallel", "make_single",
           "register"]
