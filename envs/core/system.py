"""The registry of combat systems, and the helper that builds each system's env fronts.

A system is a module (``combatzoo.envs.<name>``) that exposes:

- ``SPEC: GameSpec``
- ``make_engine(**config) -> Engine``
- ``raw_env`` (a :class:`~combatzoo.envs.core.aec.CombatAECEnv` subclass), ``env(**kwargs)``,
  ``parallel_env(**kwargs)``, ``single_env(**kwargs)``: the last four usually from
  ``raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)``.

Systems are listed here by module path and imported only when first used, so importing
``combatzoo.envs`` stays cheap and one broken system does not break the others. The Gymnasium
ids of the single-agent views are kept in a static table for the same reason: registering them
(on import of ``combatzoo.envs``) imports no system.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import gymnasium

from .aec import CombatAECEnv
from .engine import Engine, GameSpec
from .front import env_name, split_kwargs
from .parallel import CombatParallelEnv
from .single import CombatSingleAgentEnv

_SYSTEMS: dict[str, str] = {
    "land_air_sea": "combatzoo.envs.land_air_sea",
    "solium_infernum": "combatzoo.envs.solium_infernum",
    "spellfire": "combatzoo.envs.spellfire",
    "spellfire_game": "combatzoo.envs.spellfire.game",
}
"""Registry name -> module path. A new system is one line here (and one in ``_GYM_IDS``)."""

_GYM_IDS: dict[str, str] = {
    "land_air_sea": "combatzoo/LandAirSea-v0",
    "solium_infernum": "combatzoo/SoliumInfernum-v0",
    "spellfire": "combatzoo/Spellfire-v0",
    "spellfire_game": "combatzoo/SpellfireGame-v0",
}
"""Registry name -> Gymnasium id of its single-agent view (must equal the system's
``SPEC.gym_id``; the conformance tests check it)."""

_REQUIRED = ("SPEC", "make_engine", "raw_env", "env", "parallel_env", "single_env")

PETTINGZOO_OPTIONS = ("render_mode", "illegal_action", "max_steps")
"""Keyword arguments the AEC and Parallel fronts keep; the rest is the system's config."""
SINGLE_OPTIONS = PETTINGZOO_OPTIONS + ("opponent", "learner_seat")
"""Keyword arguments the single-agent view keeps; the rest is the system's config."""


def list_envs() -> list[str]:
    """Names of the registered systems."""
    return sorted(_SYSTEMS)


def system_module(name: str) -> ModuleType:
    """The module of system ``name`` (imported on first use).

    Raises ``ValueError`` listing the known names for an unknown one, and ``ImportError``
    naming what is missing when the module does not follow the system convention.
    """
    if name not in _SYSTEMS:
        raise ValueError(f"unknown combat system {name!r}; known systems: {list_envs()}")
    module = importlib.import_module(_SYSTEMS[name])
    missing = [attr for attr in _REQUIRED if not hasattr(module, attr)]
    if missing:
        raise ImportError(f"system module {_SYSTEMS[name]} lacks {missing} (a system module "
                          f"exposes {list(_REQUIRED)})")
    return module


def get_spec(name: str) -> GameSpec:
    """The ``GameSpec`` of system ``name``."""
    spec: GameSpec = system_module(name).SPEC
    return spec


def make_engine(name: str, **config: Any) -> Engine[Any]:
    """The rules engine of system ``name``, built from its ``config``."""
    engine: Engine[Any] = system_module(name).make_engine(**config)
    return engine


def make(name: str, **kwargs: Any) -> CombatAECEnv:
    """The PettingZoo AEC env of system ``name`` (``render_mode``, ``illegal_action``,
    ``max_steps``; anything else is the system's config)."""
    env: CombatAECEnv = system_module(name).env(**kwargs)
    return env


def make_parallel(name: str, **kwargs: Any) -> CombatParallelEnv:
    """The PettingZoo Parallel env of system ``name`` (same keyword arguments as :func:`make`)."""
    env: CombatParallelEnv = system_module(name).parallel_env(**kwargs)
    return env


def make_single(name: str, **kwargs: Any) -> CombatSingleAgentEnv:
    """The single-agent Gymnasium view of system ``name`` (:func:`make`'s keyword arguments
    plus ``opponent`` and ``learner_seat``)."""
    env: CombatSingleAgentEnv = system_module(name).single_env(**kwargs)
    return env


def gym_id(name: str) -> str:
    """The Gymnasium id of system ``name``'s single-agent view."""
    if name not in _GYM_IDS:
        raise ValueError(f"unknown combat system {name!r}; known systems: {list_envs()}")
    return _GYM_IDS[name]


def register_system(name: str, module: str, gym_id: str | None = None) -> None:
    """Add a system living outside this package (its module follows the convention above)."""
    if name in _SYSTEMS and _SYSTEMS[name] != module:
        raise ValueError(f"system {name!r} is already registered as {_SYSTEMS[name]}")
    _SYSTEMS[name] = module
    if gym_id is not None:
        _GYM_IDS[name] = gym_id
        _register_gym(name, gym_id)


def register_gym_envs() -> None:
    """Register every system's single-agent view with Gymnasium (safe to call again)."""
    for name, gid in _GYM_IDS.items():
        _register_gym(name, gid)


def _register_gym(name: str, gid: str) -> None:
    if gid not in gymnasium.registry:
        gymnasium.register(id=gid, entry_point="combatzoo.envs.core.system:make_single",
                           kwargs={"name": name})


# --- building a system's fronts ---------------------------------------------------------------


def build_fronts(spec: GameSpec, make_engine: Callable[..., Engine[Any]],
                 module: str | None = None) -> tuple[
        type[CombatAECEnv], Callable[..., CombatAECEnv], Callable[..., CombatParallelEnv],
        Callable[..., CombatSingleAgentEnv]]:
    """``(raw_env, env, parallel_env, single_env)`` of one system.

    Each takes keyword arguments only: the front's own options (:data:`PETTINGZOO_OPTIONS`, or
    :data:`SINGLE_OPTIONS` for ``single_env``) and the system's config, which goes to
    ``make_engine``. ``env`` returns the raw AEC env (no PettingZoo wrappers: it enforces call
    order itself). ``module`` is where the fronts will live (default: the caller's module),
    so that ``raw_env`` pickles by reference.
    """
    if module is None:
        module = sys._getframe(1).f_globals.get("__name__", __name__)
    single_only = tuple(o for o in SINGLE_OPTIONS if o not in PETTINGZOO_OPTIONS)

    def engine_and_options(kwargs: dict[str, Any], front: str) -> tuple[Engine[Any], dict[
            str, Any]]:
        wrong = [k for k in kwargs if k in single_only]
        if wrong:
            raise TypeError(f"{front}() does not take {wrong}: those are options of "
                            f"single_env() only")
        own, config = split_kwargs(kwargs, PETTINGZOO_OPTIONS)
        return make_engine(**config), own

    class raw_env(CombatAECEnv):
        __doc__ = f"The PettingZoo AEC env of {spec.title} (see ``CombatAECEnv``)."
        metadata = {**CombatAECEnv.metadata, "name": env_name(spec)}

        def __init__(self, **kwargs: Any) -> None:
            engine, own = engine_and_options(kwargs, "env")
            super().__init__(engine, **own)

    raw_env.__module__ = module
    raw_env.__qualname__ = "raw_env"

    def env(**kwargs: Any) -> CombatAECEnv:
        """The AEC env (a ``raw_env``; no wrappers needed)."""
        return raw_env(**kwargs)

    def parallel_env(**kwargs: Any) -> CombatParallelEnv:
        """The Parallel env."""
        engine, own = engine_and_options(kwargs, "parallel_env")
        return CombatParallelEnv(engine, **own)

    def single_env(**kwargs: Any) -> CombatSingleAgentEnv:
        """The single-agent Gymnasium view (``opponent``, ``learner_seat`` options too)."""
        own, config = split_kwargs(kwargs, SINGLE_OPTIONS)
        return CombatSingleAgentEnv(make_engine(**config), **own)

    for fn in (env, parallel_env, single_env):
        fn.__module__ = module
        fn.__qualname__ = fn.__name__
    return raw_env, env, parallel_env, single_env
