"""What the AEC, Parallel and single-agent fronts share: option checks, spaces, action coercion.

Kept apart from the fronts themselves so each front file holds only its own turn protocol.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np

from .codec import NOOP
from .engine import Engine, GameSpec
from .errors import IllegalActionError

ILLEGAL_ACTION_OPTIONS = ("raise", "penalize")
"""Values of the fronts' ``illegal_action`` option (DESIGN.md "Illegal actions")."""


def agent_name(player: int) -> str:
    """The PettingZoo name of engine player ``player``."""
    return f"player_{player}"


def env_name(spec: GameSpec) -> str:
    """The versioned env name PettingZoo shows (``metadata["name"]``), e.g. ``land_air_sea_v0``."""
    return f"{spec.name}_v{spec.version}"


def check_illegal_action(value: object) -> str:
    """``value`` if it is a known ``illegal_action`` option; ``ValueError`` naming the options."""
    if value not in ILLEGAL_ACTION_OPTIONS:
        raise ValueError(
            f"illegal_action must be one of {list(ILLEGAL_ACTION_OPTIONS)}, got {value!r}")
    return str(value)


def check_render_mode(value: object, allowed: list[str]) -> str | None:
    """``value`` if it is ``None`` or one of ``allowed``; ``ValueError`` otherwise."""
    if value is not None and value not in allowed:
        raise ValueError(f"render_mode must be None or one of {allowed}, got {value!r}")
    return value  # type: ignore[return-value]


def check_max_steps(value: object) -> int | None:
    """``value`` if it is ``None`` or a positive integer (engine steps before truncation)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0:
        raise ValueError(f"max_steps must be None or a positive integer, got {value!r}")
    return int(value)


def vector_space(spec: GameSpec) -> gymnasium.spaces.Box:
    """The observation vector's space: ``Box(-1, 1, (obs_size,), float32)``."""
    return gymnasium.spaces.Box(-1.0, 1.0, (spec.obs_size,), np.float32)


def mask_space(spec: GameSpec) -> gymnasium.spaces.Box:
    """The action mask's space: ``Box(0, 1, (num_actions,), int8)``."""
    return gymnasium.spaces.Box(0, 1, (spec.num_actions,), np.int8)


def masked_observation_space(spec: GameSpec) -> gymnasium.spaces.Dict:
    """The PettingZoo observation space: ``{"observation": vector, "action_mask": mask}``."""
    return gymnasium.spaces.Dict(
        {"observation": vector_space(spec), "action_mask": mask_space(spec)})


def coerce_action(action: Any) -> int | None:
    """``action`` as a Python int (numpy integers and 0-d arrays accepted); ``None`` if it is not
    an integer at all (a float, a bool, a string, ``None``)."""
    if type(action) is int:
        return action
    if isinstance(action, (bool, np.bool_)):
        return None
    try:
        return operator.index(action)
    except TypeError:
        return None


def illegal_action_error(engine: Engine[Any], state: Any, player: int, action: object,
                         reason: str = "") -> IllegalActionError:
    """The error for ``player`` asking for ``action``: names it and lists the legal actions."""
    legal = engine.legal_actions(state, player)
    if not legal:
        legal = [NOOP]
    labels = {}
    for a in legal:
        try:
            labels[a] = engine.action_label(a, state, player)
        except ValueError:
            labels[a] = "?"
    if isinstance(action, int) and not isinstance(action, bool):
        if 0 <= action < engine.spec.num_actions:
            try:
                labels[action] = engine.action_label(action, state, player)
            except ValueError:
                pass
        elif not reason:
            reason = f"action ids are 0..{engine.spec.num_actions - 1}"
    elif not isinstance(action, int) and not reason:
        reason = "an action must be an integer id"
    return IllegalActionError(action, agent_name(player), legal, labels, reason)


def split_kwargs(kwargs: Mapping[str, Any], names: tuple[str, ...]
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    """``kwargs`` split into (the front's own options named in ``names``, the system's config)."""
    own = {k: v for k, v in kwargs.items() if k in names}
    config = {k: v for k, v in kwargs.items() if k not in names}
    return own, config


def init_front(env: Any, engine: Engine[Any], render_mode: str | None, illegal_action: str,
               max_steps: int | None) -> None:
    """Set what the AEC and Parallel fronts share: the engine, checked options, the versioned
    name, the agent names and the spaces."""
    env.engine = engine
    spec = engine.spec
    env.render_mode = check_render_mode(render_mode, env.metadata["render_modes"])
    env.illegal_action = check_illegal_action(illegal_action)
    env.max_steps = check_max_steps(max_steps)
    if "name" not in env.metadata:
        env.metadata = {**env.metadata, "name": env_name(spec)}
    env.possible_agents = [agent_name(p) for p in range(spec.num_players)]
    env._names = tuple(env.possible_agents)
    env._index = {name: p for p, name in enumerate(env._names)}
    # One space object per agent (and per env) so that seeding one agent's space is
    # independent of the others, as PettingZoo's seed_test expects.
    env.observation_spaces = {a: masked_observation_space(spec) for a in env._names}
    env.action_spaces = {a: gymnasium.spaces.Discrete(spec.num_actions) for a in env._names}
