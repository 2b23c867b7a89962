"""The registry of combat systems: which systems exist, where each lives, and how to build them.

Like Gymnasium's ``register(id, entry_point)``: a system is registered by name with the module
that implements it, and that module is imported only when the system is first used, so importing
``combatzoo.envs`` stays cheap and one broken system does not break the others. A system module
exposes (``envs/core/system.py`` builds the last four):

- ``SPEC: GameSpec`` and ``make_engine(**config) -> Engine``;
- ``raw_env`` (a :class:`~combatzoo.envs.core.aec.CombatAECEnv` subclass), ``env(**kwargs)``,
  ``parallel_env(**kwargs)`` and ``single_env(**kwargs)``, usually from
  ``raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)``.

The Gymnasium id of each system's single-agent view is registered with Gymnasium at once (it
imports no system), so ``gymnasium.make("combatzoo/LandAirSea-v0")`` works after
``import combatzoo.envs``.

Aliases name one system by another name plus options: ``make("spellfire", mode="game")`` is
``make("spellfire_game")``. The table is :data:`ALIASES` (add one with :func:`register_alias`);
every builder below, and every command or service that takes a system name and its options,
resolves it with :func:`resolve`.

A new system is one :func:`register` line at the end of this file.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import gymnasium

from .core.aec import CombatAECEnv
from .core.engine import Engine, GameSpec
from .core.parallel import CombatParallelEnv
from .core.single import CombatSingleAgentEnv

REQUIRED = ("SPEC", "make_engine", "raw_env", "env", "parallel_env", "single_env")
"""What a system module must expose."""


@dataclass(frozen=True)
class Registration:
    """One registered system: its ``name``, the module that implements it and the Gymnasium id
    of its single-agent view (``None``: not registered with Gymnasium)."""

    name: str
    entry_point: str
    gym_id: str | None = None


@dataclass(frozen=True)
class Alias:
    """``name`` with ``options`` is system ``target`` (the options are consumed)."""

    name: str
    options: tuple[tuple[str, Any], ...]
    target: str

    def matches(self, name: str, options: Mapping[str, Any]) -> bool:
        """Whether ``name`` with ``options`` is this alias."""
        return name == self.name and all(
            key in options and _same(options[key], value) for key, value in self.options)


_SYSTEMS: dict[str, Registration] = {}
"""Registry name -> its registration, in registration order."""

ALIASES: list[Alias] = []
"""The alias table, in the order aliases are tried."""


def _same(given: Any, expected: Any) -> bool:
    try:
        return bool(given == expected)
    except (TypeError, ValueError):  # e.g. an array compared with a string
        return False


def register(name: str, entry_point: str, gym_id: str | None = None) -> None:
    """Register system ``name`` implemented by module ``entry_point`` (imported on first use).

    ``gym_id`` (e.g. ``"combatzoo/LandAirSea-v0"``, which must equal the module's
    ``SPEC.gym_id``) registers its single-agent view with Gymnasium too. Registering the same
    system again is harmless; another module under a registered name is a ``ValueError``.
    """
    known = _SYSTEMS.get(name)
    if known is not None and (known.entry_point, known.gym_id) != (entry_point, gym_id):
        raise ValueError(f"system {name!r} is already registered as {known.entry_point} "
                         f"(gym id {known.gym_id})")
    _SYSTEMS[name] = Registration(name, entry_point, gym_id)
    if gym_id is not None and gym_id not in gymnasium.registry:
        gymnasium.register(id=gym_id, entry_point=f"{__name__}:make_single",
                           kwargs={"name": name})


def register_alias(name: str, options: Mapping[str, Any], target: str) -> None:
    """Make ``name`` with ``options`` (all of them given, equal) mean system ``target``."""
    if target not in _SYSTEMS:
        raise ValueError(f"alias target {target!r} is not a registered system")
    if not options:
        raise ValueError(f"an alias of {name!r} needs at least one option")
    ALIASES.append(Alias(name, tuple(options.items()), target))


def resolve(name: str, options: Mapping[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """The system that ``name`` with ``options`` means, and the options left for it.

    ``resolve("spellfire", {"mode": "game", "seed_decks": 1})`` is
    ``("spellfire_game", {"seed_decks": 1})``; a name without a matching alias is returned as
    it is, with all its options.
    """
    given = dict(options or {})
    for alias in ALIASES:
        if alias.matches(name, given):
            consumed = {key for key, _ in alias.options}
            return alias.target, {k: v for k, v in given.items() if k not in consumed}
    return name, given


def list_envs() -> list[str]:
    """Names of the registered systems (aliases are not systems)."""
    return sorted(_SYSTEMS)


def gym_id(name: str) -> str | None:
    """The Gymnasium id of system ``name``'s single-agent view (``None`` if it has none)."""
    return _registration(name).gym_id


def _registration(name: str) -> Registration:
    if name not in _SYSTEMS:
        raise ValueError(f"unknown combat system {name!r}; known systems: {list_envs()}")
    return _SYSTEMS[name]


def system_module(name: str) -> ModuleType:
    """The module of system ``name`` (imported on first use).

    Raises ``ValueError`` listing the known names for an unknown one, and ``ImportError``
    naming what is missing when the module does not follow the system convention.
    """
    entry_point = _registration(name).entry_point
    module = importlib.import_module(entry_point)
    missing = [attr for attr in REQUIRED if not hasattr(module, attr)]
    if missing:
        raise ImportError(f"system module {entry_point} lacks {missing} (a system module "
                          f"exposes {list(REQUIRED)})")
    return module


def get_spec(name: str) -> GameSpec:
    """The ``GameSpec`` of system ``name``."""
    spec: GameSpec = system_module(name).SPEC
    return spec


def make_engine(name: str, **config: Any) -> Engine[Any]:
    """The rules engine of system ``name`` (or of the alias ``name`` + ``config``), built from
    its ``config``."""
    system, rest = resolve(name, config)
    engine: Engine[Any] = system_module(system).make_engine(**rest)
    return engine


def make(name: str, **kwargs: Any) -> CombatAECEnv:
    """The PettingZoo AEC env of system ``name`` (``render_mode``, ``illegal_action``,
    ``max_steps``; anything else is the system's config)."""
    system, rest = resolve(name, kwargs)
    env: CombatAECEnv = system_module(system).env(**rest)
    return env


def make_parallel(name: str, **kwargs: Any) -> CombatParallelEnv:
    """The PettingZoo Parallel env of system ``name`` (same keyword arguments as :func:`make`)."""
    system, rest = resolve(name, kwargs)
    env: CombatParallelEnv = system_module(system).parallel_env(**rest)
    return env


def make_single(name: str, **kwargs: Any) -> CombatSingleAgentEnv:
    """The single-agent Gymnasium view of system ``name`` (:func:`make`'s keyword arguments
    plus ``opponent`` and ``learner_seat``).

    ``opponent`` may be an agent, an opponent pool, an agent name (``"heuristic"``) or a
    ``{name: weight}`` dict; names are built by ``combatzoo.agents.opponent_pool`` for the
    system (default: one random agent).
    """
    system, rest = resolve(name, kwargs)
    module = system_module(system)
    if "opponent" in rest:
        # Imported here: the agents import the envs, and the envs need the agents only to
        # build opponents by name.
        from ..agents import opponent_pool

        rest["opponent"] = opponent_pool(system, rest["opponent"])
    env: CombatSingleAgentEnv = module.single_env(**rest)
    return env


# --- the systems ------------------------------------------------------------------------------

register("land_air_sea", entry_point="combatzoo.envs.land_air_sea",
         gym_id="combatzoo/LandAirSea-v0")
register("solium_infernum", entry_point="combatzoo.envs.solium_infernum",
         gym_id="combatzoo/SoliumInfernum-v0")
register("spellfire", entry_point="combatzoo.envs.spellfire", gym_id="combatzoo/Spellfire-v0")
register("spellfire_game", entry_point="combatzoo.envs.spellfire.game",
         gym_id="combatzoo/SpellfireGame-v0")

register_alias("spellfire", {"mode": "game"}, target="spellfire_game")
