"""Training settings: a typed dataclass, one line of doc per field, loaded from YAML.

A config file names the fields it changes; everything else keeps its default. An unknown key or
a value of the wrong type is a :class:`ConfigError` naming it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..envs.core.errors import CombatZooError


class ConfigError(CombatZooError, ValueError):
    """A training config is malformed; the message names the key."""


@dataclass
class TrainConfig:
    """One training run of MaskablePPO with self-play on one system."""

    system: str = "land_air_sea"
    """Registered system name (``combatzoo.envs.list_envs()``)."""
    env: dict[str, Any] = field(default_factory=dict)
    """Options of the system's env (its config, e.g. ``num_battles``)."""
    total_timesteps: int = 100_000
    """Learner decisions to train for (summed over the parallel envs)."""
    seed: int = 0
    """Seed of everything: envs, opponents, network initialisation."""
    n_envs: int = 4
    """Parallel environments."""
    vec_env: str = "dummy"
    """``dummy`` (one process; fastest for cheap envs) or ``subproc`` (one process per env)."""
    learner_seat: str | int = "random"
    """Seat of the learner: ``random`` (drawn each episode) or a fixed seat index."""
    opponents: dict[str, float] = field(default_factory=lambda: {"random": 1.0,
                                                                  "heuristic": 1.0})
    """Fixed opponents and their sampling weights (agent names or checkpoint paths)."""
    self_play_weight: float = 1.0
    """Total sampling weight shared by the frozen snapshots of the learner (0: no self-play)."""
    snapshot_every: int = 25_000
    """Timesteps between frozen snapshots added to the opponent pool."""
    max_snapshots: int = 5
    """Most snapshots kept in the pool (the oldest leaves first)."""
    learning_rate: float = 3e-4
    """Adam learning rate."""
    n_steps: int = 512
    """Rollout length per env between updates."""
    batch_size: int = 256
    """Minibatch size."""
    n_epochs: int = 10
    """Passes over each rollout."""
    gamma: float = 0.99
    """Discount factor."""
    gae_lambda: float = 0.95
    """GAE lambda."""
    clip_range: float = 0.2
    """PPO clip range."""
    ent_coef: float = 0.01
    """Entropy bonus."""
    net_arch: list[int] = field(default_factory=lambda: [128, 128])
    """Hidden layer sizes of the policy and value networks."""
    eval_every: int = 25_000
    """Timesteps between evaluations against random and heuristic (0: only at the end)."""
    eval_games: int = 100
    """Games per opponent in each periodic evaluation (seats alternated)."""
    final_eval_games: int = 400
    """Games per opponent in the final tournament."""
    checkpoint_every: int = 25_000
    """Timesteps between checkpoints (the latest one is kept for resuming)."""
    out_dir: str = "runs"
    """Folder under which the run folder ``{system}__{config}__{seed}`` is made."""
    tensorboard: bool = True
    """Write TensorBoard logs (needs the ``tensorboard`` package)."""
    torch_threads: int = 1
    """Torch CPU threads (1 is fastest for these small networks)."""
    backend: str = "sb3"
    """Trainer: ``sb3`` (MaskablePPO, one process) or ``rllib`` (Ray RLlib PPO; issue 17)."""
    rllib: dict[str, Any] = field(default_factory=dict)
    """RLlib-only settings (``backend: rllib``), see ``training/rllib/keys.py``."""

    @property
    def playing(self) -> str:
        """The registered system the run plays: ``system``, or the one that ``system`` with the
        ``env`` options names through a registry alias (``spellfire`` with ``mode: game`` is
        ``spellfire_game``); its agents are the opponents."""
        from ..envs.registry import resolve

        return resolve(self.system, self.env)[0]

    def validate(self) -> None:
        """Check values that types alone do not settle; the error names the key."""
        from ..envs import list_envs

        if self.system not in list_envs():
            raise ConfigError(f"system: unknown system {self.system!r}; known: {list_envs()}")
        positive = ("total_timesteps", "n_envs", "n_steps", "batch_size", "n_epochs",
                    "snapshot_every", "eval_games", "final_eval_games", "checkpoint_every",
                    "torch_threads")
        for key in positive:
            if getattr(self, key) <= 0:
                raise ConfigError(f"{key}: must be positive, got {getattr(self, key)!r}")
        for key in ("eval_every", "max_snapshots", "self_play_weight", "ent_coef"):
            if getattr(self, key) < 0:
                raise ConfigError(f"{key}: must not be negative, got {getattr(self, key)!r}")
        if not 0 < self.learning_rate < 1:
            raise ConfigError(f"learning_rate: must be in (0, 1), got {self.learning_rate!r}")
        if not 0 < self.gamma <= 1 or not 0 < self.gae_lambda <= 1:
            raise ConfigError("gamma and gae_lambda: must be in (0, 1]")
        if self.vec_env not in ("dummy", "subproc"):
            raise ConfigError(f"vec_env: expected 'dummy' or 'subproc', got {self.vec_env!r}")
        if self.learner_seat != "random" and not isinstance(self.learner_seat, int):
            raise ConfigError(f"learner_seat: expected 'random' or a seat index, got "
                              f"{self.learner_seat!r}")
        if not self.opponents and self.self_play_weight == 0:
            raise ConfigError("opponents: empty and self_play_weight is 0: nobody to play")
        for name, weight in self.opponents.items():
            if not weight > 0:
                raise ConfigError(f"opponents.{name}: weight must be positive, got {weight!r}")
        if any(n <= 0 for n in self.net_arch):
            raise ConfigError(f"net_arch: layer sizes must be positive, got {self.net_arch}")
        from .rllib.keys import check_backend  # issue 17: names a bad backend / rllib.* key

        check_backend(self.backend, self.rllib, ConfigError)
        if (self.n_steps * self.n_envs) % self.batch_size:
            raise ConfigError(f"batch_size: {self.batch_size} does not divide n_steps * n_envs "
                              f"= {self.n_steps * self.n_envs}")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _check_type(key: str, value: Any, hint: Any) -> Any:
    """``value`` checked against the type hint ``hint`` (ints accepted where floats belong)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        errors = []
        for option in typing.get_args(hint):
            try:
                return _check_type(key, value, option)
            except ConfigError as exc:
                errors.append(str(exc))
        raise ConfigError(f"{key}: {value!r} is not a {hint}")
    if hint is Any:
        return value
    if origin is dict:
        if not isinstance(value, dict):
            raise ConfigError(f"{key}: expected a mapping, got {type(value).__name__}")
        _, vt = typing.get_args(hint)
        return {k: _check_type(f"{key}.{k}", v, vt) for k, v in value.items()}
    if origin is list:
        if not isinstance(value, list):
            raise ConfigError(f"{key}: expected a list, got {type(value).__name__}")
        (it,) = typing.get_args(hint)
        return [_check_type(f"{key}[{i}]", v, it) for i, v in enumerate(value)]
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{key}: expected a number, got {value!r}")
        return float(value)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{key}: expected an integer, got {value!r}")
        return value
    if hint in (str, bool):
        if not isinstance(value, hint):
            raise ConfigError(f"{key}: expected {hint.__name__}, got {value!r}")
        return value
    raise ConfigError(f"{key}: unsupported type {hint}")


def config_from_dict(data: dict[str, Any]) -> TrainConfig:
    """A validated config from a mapping of field names to values."""
    if not isinstance(data, dict):
        raise ConfigError(f"a config is a mapping of keys to values, got {type(data).__name__}")
    hints = typing.get_type_hints(TrainConfig)
    known = {f.name for f in dataclasses.fields(TrainConfig)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"unknown key(s) {unknown}; known keys: {sorted(known)}")
    values = {k: _check_type(k, v, hints[k]) for k, v in data.items()}
    config = TrainConfig(**values)
    config.validate()
    return config


def load_config(path: str | Path) -> TrainConfig:
    """Read a YAML config file."""
    import yaml

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{p}: no such config file") from None
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{p}: not valid YAML: {exc}") from None
    try:
        return config_from_dict(data)
    except ConfigError as exc:
        raise ConfigError(f"{p}: {exc}") from None
