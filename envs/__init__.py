"""combatzoo environments: the registry of combat systems.

``make(name)`` gives the PettingZoo AEC env, ``make_parallel(name)`` the Parallel env,
``make_single(name)`` the single-agent Gymnasium view (also registered with Gymnasium under each
system's ``SPEC.gym_id``, e.g. ``gymnasium.make("combatzoo/LandAirSea-v0")``),
``make_engine(name)`` the pure rules engine and ``get_spec(name)`` its ``GameSpec``. Systems are
imported only when first used.
"""

from .core import system as _system
from .core.system import (
    get_spec,
    list_envs,
    make,
    make_engine,
    make_parallel,
    make_single,
)

__all__ = ["get_spec", "list_envs", "make", "make_engine", "make_parallel", "make_single"]

_system.register_gym_envs()
