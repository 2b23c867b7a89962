"""The fronts of one combat system, built from its spec and engine factory.

A system module (``combatzoo.envs.<name>``, registered in ``combatzoo.envs.registry``) gets its
four fronts here: ``raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)``.
Nothing here names or imports a particular system: the list of systems is the registry's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from .aec import CombatAECEnv
from .engine import Engine, GameSpec
from .front import env_name, split_kwargs
from .parallel import CombatParallelEnv
from .single import CombatSingleAgentEnv

PETTINGZOO_OPTIONS = ("render_mode", "illegal_action", "max_steps")
"""Keyword arguments the AEC and Parallel fronts keep; the rest is the system's config."""
SINGLE_OPTIONS = PETTINGZOO_OPTIONS + ("opponent", "learner_seat", "infos")
"""Keyword arguments the single-agent view keeps; the rest is the system's config."""


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
        """The single-agent Gymnasium view (``opponent``: an agent or an opponent pool, and
        ``learner_seat`` options too; opponents by name: ``combatzoo.envs.make_single``)."""
        own, config = split_kwargs(kwargs, SINGLE_OPTIONS)
        return CombatSingleAgentEnv(make_engine(**config), **own)

    for fn in (env, parallel_env, single_env):
        fn.__module__ = module
        fn.__qualname__ = fn.__name__
    return raw_env, env, parallel_env, single_env
