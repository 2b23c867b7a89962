"""Training settings: a typed dataclass, one line of doc per field, loaded from YAML.

A config file names the fields it changes; everything else keeps its default. An unknown key or
a value of the wrong type is a :class:`ConfigError` naming it.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..envs.core.errors import CombatZooError


class ConfigError(CombatZooError, ValueError):
    """A training config is malformed; the message names the key."""


MAX_ROLLOUT = 1 << 22
"""Most decisions in one rollout (``n_steps * n_envs``): its buffer is held in memory."""
MAX_LAYERS = 16
MAX_LAYER_SIZE = 8192

INT_RANGES: dict[str, tuple[int, int]] = {
    "total_timesteps": (1, 10**12), "seed": (0, 2**32 - 1), "n_envs": (1, 256),
    "n_steps": (1, MAX_ROLLOUT), "batch_size": (1, MAX_ROLLOUT), "n_epochs": (1, 1000),
    "snapshot_every": (1, 10**12), "max_snapshots": (0, 1000), "eval_every": (0, 10**12),
    "eval_games": (1, 10**6), "final_eval_games": (1, 10**6), "checkpoint_every": (1, 10**12),
    "torch_threads": (1, 1024), "workers": (0, 256),
}
"""Inclusive bounds of every integer field (issue 16: ``n_steps: 1e9`` ran out of memory)."""

FLOAT_RANGES: dict[str, tuple[Callable[[float], bool], str]] = {
    "learning_rate": (lambda v: 0 < v < 1, "in (0, 1)"),
    "gamma": (lambda v: 0 < v <= 1, "in (0, 1]"),
    "gae_lambda": (lambda v: 0 < v <= 1, "in (0, 1]"),
    "clip_range": (lambda v: 0 < v <= 1, "in (0, 1]"),
    "ent_coef": (lambda v: v >= 0, ">= 0"),
    "self_play_weight": (lambda v: v >= 0, ">= 0"),
    "draw_reward": (lambda v: -1 <= v <= 1, "in [-1, 1]"),
    "shaping": (lambda v: 0 <= v <= 10, "in [0, 10]"),
}
"""Every float field: finite, and in its range (issue 16: NaN and infinities were accepted)."""

SB3_ONLY = ("draw_reward", "slot_actions", "shaping")
"""Keys only the sb3 backend reads: any other backend refuses them unless left at 0."""


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
    """``dummy`` (one process) or ``subproc`` (the envs split among ``workers`` processes, each
    stepping its share in turn, action masks sent with each step: ``training/shard_vec_env.py``)."""
    workers: int = 0
    """Processes of ``vec_env: subproc``; 0: one per core, at most one per env."""
    pin_workers: bool = True
    """``vec_env: subproc``: pin each worker process to a CPU of its own when they fit, and
    then let the workers and the training process poll their pipes for up to 2 ms before
    sleeping (``training/shard_vec_env.py`` says why); false on a machine shared with other
    jobs."""
    full_infos: bool = False
    """Give each step's full info (the engine's ``info`` and the events since the learner's
    last decision, as ``make_single`` does) to the vec env and its callbacks; false: only
    ``learner_seat``, ``opponent`` and ``returns`` (envs/core/single.py, "Infos"), which is all
    training reads, and faster (issue 14)."""
    learner_seat: str | int = "random"
    """Seat of the learner: ``random`` (drawn each episode) or a fixed seat index."""
    opponents: dict[str, float] = field(default_factory=lambda: {"random": 1.0,
                                                                  "heuristic": 1.0})
    """Fixed opponents and their sampling weights (agent names or checkpoint paths)."""
    self_play_weight: float = 1.0
    """Total sampling weight shared by the frozen snapshots of the learner (0: no self-play)."""
    draw_reward: float = 0.0
    """The learner's reward for a game that ends with no winner (the game's own return is 0).
    ``-1`` trains for the win rate, where a draw counts as not won (issue 15's measure): the
    objective changes, it is not shaping. SB3 backend only."""
    shaping: float = 0.0
    """Issue 15: weight of the system's progress potential in potential-based reward shaping
    (training/shaping.py: ``weight * (gamma * phi(s') - phi(s))`` added to each reward, which
    leaves the optimal play unchanged); 0: off. Systems with a potential: ``spellfire_game``.
    SB3 backend only."""
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
    card_encoder: int = 0
    """Issue 15: the width each Spellfire card slot is encoded to by one layer shared by all
    slots before ``net_arch`` (``training/card_encoder.py``); 0: the plain flat input."""
    slot_actions: int = 0
    """Issue 15: the width each Spellfire card slot is encoded to for scoring the actions that
    name it (``training/slot_policy.py``); 0: every action id scored by its own weights only."""
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
    imitate_teacher: str = ""
    """Issue 15: an agent of the system (``heuristic``) whose choices the fresh policy learns
    before PPO starts (``training/imitate.py``); empty: no imitation."""
    imitate_decisions: int = 20_000
    """Decisions of teacher-against-teacher games to learn from."""
    imitate_epochs: int = 5
    """Passes over those decisions."""

    @property
    def playing(self) -> str:
        """The registered system the run plays: ``system``, or the one that ``system`` with the
        ``env`` options names through a registry alias (``spellfire`` with ``mode: game`` is
        ``spellfire_game``); its agents are the opponents."""
        from ..envs.registry import resolve

        return resolve(self.system, self.env)[0]

    def validate(self) -> None:
        """Check values that types alone do not settle, before anything is built or trained
        (issue 16: a NaN or an absurd size used to surface mid-training); the error names the
        key."""
        from ..envs import list_envs

        if self.system not in list_envs():
            raise ConfigError(f"system: unknown system {self.system!r}; known: {list_envs()}")
        for key, (low, high) in INT_RANGES.items():
            value = getattr(self, key)
            if not low <= value <= high:
                raise ConfigError(f"{key}: must be a whole number in {low}..{high}, got {value!r}")
        for key, (ok, wanted) in FLOAT_RANGES.items():
            value = getattr(self, key)
            if not math.isfinite(value) or not ok(value):
                raise ConfigError(f"{key}: must be a finite number {wanted}, got {value!r}")
        if self.vec_env not in ("dummy", "subproc"):
            raise ConfigError(f"vec_env: expected 'dummy' or 'subproc', got {self.vec_env!r}")
        if self.workers > self.n_envs:
            raise ConfigError(f"workers: at most n_envs ({self.n_envs}) processes, got "
                              f"{self.workers}")
        self._validate_sizes()
        self._validate_env()
        self._validate_opponents()
        self._validate_imitation()
        from .rllib.keys import check_backend  # issue 17: names a bad backend / rllib.* key

        check_backend(self.backend, self.rllib, ConfigError)
        for key in SB3_ONLY:
            if self.backend != "sb3" and getattr(self, key):
                raise ConfigError(f"{key}: only the sb3 backend reads it (backend "
                                  f"{self.backend!r}); leave it at 0")
        self._validate_shaping()

    def _validate_shaping(self) -> None:
        """``shaping`` only where the system has a progress potential."""
        if not self.shaping:
            return
        from .shaping import POTENTIALS

        if self.playing not in POTENTIALS:
            raise ConfigError(f"shaping: {self.playing} has no progress potential; systems "
                              f"with one: {sorted(POTENTIALS)}")

    def _validate_sizes(self) -> None:
        rollout = self.n_steps * self.n_envs
        if rollout > MAX_ROLLOUT:
            raise ConfigError(f"n_steps * n_envs: at most {MAX_ROLLOUT:,} decisions per rollout, "
                              f"got {rollout:,}")
        if rollout % self.batch_size:
            raise ConfigError(f"batch_size: {self.batch_size} does not divide n_steps * n_envs "
                              f"= {rollout}")
        if not 1 <= len(self.net_arch) <= MAX_LAYERS:
            raise ConfigError(f"net_arch: expected 1 to {MAX_LAYERS} hidden layer sizes, got "
                              f"{self.net_arch}")
        if any(not 1 <= n <= MAX_LAYER_SIZE for n in self.net_arch):
            raise ConfigError(f"net_arch: layer sizes must be in 1..{MAX_LAYER_SIZE}, got "
                              f"{self.net_arch}")
        if not 0 <= self.card_encoder <= MAX_LAYER_SIZE:
            raise ConfigError(f"card_encoder: expected 0 (off) to {MAX_LAYER_SIZE}, got "
                              f"{self.card_encoder}")
        if not 0 <= self.slot_actions <= MAX_LAYER_SIZE:
            raise ConfigError(f"slot_actions: expected 0 (off) to {MAX_LAYER_SIZE}, got "
                              f"{self.slot_actions}")

    def _validate_env(self) -> None:
        """The ``env`` options and ``learner_seat`` checked by building the engine once."""
        from ..envs import get_spec, make_engine
        from ..envs.registry import resolve

        try:
            system, options = resolve(self.system, self.env)
            make_engine(system, **options)
        except (CombatZooError, TypeError, ValueError) as exc:
            raise ConfigError(f"env: {exc}") from None
        seats = get_spec(system).num_players
        if self.learner_seat != "random" and (
                not isinstance(self.learner_seat, int) or not 0 <= self.learner_seat < seats):
            raise ConfigError(f"learner_seat: expected 'random' or a seat index in "
                              f"0..{seats - 1}, got {self.learner_seat!r}")

    def _validate_imitation(self) -> None:
        """The teacher is an agent of the system; enough decisions and passes to learn from."""
        from ..agents import list_agents

        if not self.imitate_teacher:
            return
        known = list_agents(self.playing)
        if self.imitate_teacher not in known:
            raise ConfigError(f"imitate_teacher: unknown agent {self.imitate_teacher!r}; "
                              f"known: {known}")
        if self.imitate_decisions < 1 or self.imitate_epochs < 1:
            raise ConfigError("imitate_decisions and imitate_epochs: at least 1")

    def _validate_opponents(self) -> None:
        """Weights finite and positive; names known agents or policy files that exist (the
        files themselves are loaded, and checked, when training starts)."""
        from ..agents import list_agents

        if not self.opponents and self.self_play_weight == 0:
            raise ConfigError("opponents: empty and self_play_weight is 0: nobody to play")
        known = list_agents(self.playing)
        for name, weight in self.opponents.items():
            if not math.isfinite(weight) or not weight > 0:
                raise ConfigError(f"opponents.{name}: weight must be a finite number > 0, got "
                                  f"{weight!r}")
            if name.endswith((".zip", ".onnx")):
                if not Path(name).is_file():
                    raise ConfigError(f"opponents.{name}: no such policy file")
            elif name not in known:
                raise ConfigError(f"opponents.{name}: unknown agent; known: {known}, or a "
                                  f"policy file (.onnx, or .zip with --trust-pickle)")

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
        return _check_mapping(key, value, typing.get_args(hint)[1])
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


def _check_mapping(key: str, value: Any, value_hint: Any) -> dict[str, Any]:
    """A mapping with string keys (YAML allows others) and values of ``value_hint``."""
    if not isinstance(value, dict):
        raise ConfigError(f"{key}: expected a mapping, got {type(value).__name__}")
    for k in value:
        if not isinstance(k, str):
            raise ConfigError(f"{key}: keys must be strings, got {k!r}")
    return {k: _check_type(f"{key}.{k}", v, value_hint) for k, v in value.items()}


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
    """Read a YAML config file; every way it can be wrong is a :class:`ConfigError` naming the
    file (and the key)."""
    import yaml

    from .common import UserError, read_text_file

    p = Path(path)
    try:
        text = read_text_file(p, "config file")
    except UserError as exc:
        raise ConfigError(str(exc)) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" at line {where.line + 1}" if where is not None else ""
        raise ConfigError(f"{p}: not valid YAML{line}: {getattr(exc, 'problem', None) or exc}"
                          ) from None
    except RecursionError:
        raise ConfigError(f"{p}: nested too deeply") from None
    try:
        return config_from_dict({} if data is None else data)
    except ConfigError as exc:
        raise ConfigError(f"{p}: {exc}") from None
