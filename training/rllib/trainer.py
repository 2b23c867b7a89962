"""``combatzoo train CONFIG.yaml`` with ``backend: rllib``: RLlib PPO with self-play (issue 17).

The same YAML config as the SB3 trainer (``training/config.py``), plus an ``rllib:`` mapping for
what only RLlib has (``training/rllib/keys.py``). PPO on RLlib's new API stack, with action masking
in the model (RLlib's ``ActionMaskingTorchRLModule``), on :class:`~.env.CombatMultiAgentEnv`.

Policies: ``main`` (trained; plays the learner seat and, in self-play episodes, the other seat
too) and, with ``rllib.snapshots: K``, ``snap_0..snap_{K-1}``: frozen copies of ``main`` (never
trained), refreshed in turn every ``snapshot_every`` env steps; the policy mapping draws the
learned opponent among ``main`` and the snapshots. The fixed opponents (random, heuristic) play
inside the env: the heuristics read the engine's JSON view, which an RLModule never sees.

Ray: a local ``ray.init()`` (``rllib.num_cpus``, default all cores) unless ``rllib.ray_address``
or ``RAY_ADDRESS`` names a cluster; ``rllib.env_runners`` env runners (default: CPUs - 1).

The run folder ``{out_dir}/{system}__{config}__{seed}/`` holds ``checkpoints/latest/`` (the
algorithm) and ``checkpoints/trainer.json`` (env steps, evaluation history, config; ``--resume``
continues from both), ``tb/`` (TensorBoard), ``final/`` (the ``main`` module), ``final.onnx`` and
``final.json`` (the ``combatzoo export`` format), ``report.json`` and ``tournament.json``.
Timesteps here are env steps (both seats' decisions), sampled by all env runners together.
"""

from __future__ import annotations

import functools
import math
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from ...envs.core.jsonio import dumps, read_json, write_atomic
from ..config import ConfigError, TrainConfig

EVAL_SEED = 1_000_000
FINAL_SEED = 2_000_000
TB_KEYS = {
    "env_runners/episode_return_mean": "rollout/episode_return_mean",
    "env_runners/episode_len_mean": "rollout/episode_len_mean",
    "env_runners/num_env_steps_sampled_lifetime": "rollout/env_steps",
    "learners/main/policy_loss": "train/policy_loss",
    "learners/main/vf_loss": "train/value_loss",
    "learners/main/entropy": "train/entropy",
    "learners/main/mean_kl_loss": "train/kl",
}
"""RLlib result keys written to TensorBoard, and their names there."""


def _runners(cfg: TrainConfig, cpus: int) -> int:
    return int(cfg.rllib.get("env_runners", max(cpus - 1, 0)))


def init_ray(cfg: TrainConfig) -> int:
    """Start (or join) Ray; the CPUs it has."""
    import ray

    address = cfg.rllib.get("ray_address") or os.environ.get("RAY_ADDRESS")
    if not ray.is_initialized():
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=int(cfg.rllib.get("num_cpus", os.cpu_count() or 1)),
                     include_dashboard=False, log_to_driver=False)
    return int(ray.cluster_resources().get("CPU", 1))


def env_config(cfg: TrainConfig) -> dict[str, Any]:
    return {"system": cfg.system, "env": dict(cfg.env), "opponents": dict(cfg.opponents),
            "self_play_weight": cfg.self_play_weight, "learner_seat": cfg.learner_seat,
            "seed": cfg.seed}


def build_config(cfg: TrainConfig, cpus: int) -> Any:
    """The ``PPOConfig`` of a run."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    from .env import CombatMultiAgentEnv, policy_mapping_fn

    snapshots = int(cfg.rllib.get("snapshots", 0)) if cfg.self_play_weight > 0 else 0
    model = {"fcnet_hiddens": list(cfg.net_arch), "fcnet_activation": "tanh",
             "head_fcnet_hiddens": [], "vf_share_layers": False}
    names = ["main"] + [f"snap_{i}" for i in range(snapshots)]
    specs = {n: RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config=model)
             for n in names}
    fragment = cfg.rllib.get("rollout_fragment_length", "auto")
    return (
        PPOConfig()
        .environment(env=CombatMultiAgentEnv, env_config=env_config(cfg))
        .env_runners(num_env_runners=_runners(cfg, cpus),
                     num_envs_per_env_runner=int(cfg.rllib.get("envs_per_runner", 1)),
                     rollout_fragment_length=fragment, num_cpus_per_env_runner=1)
        .multi_agent(policies=set(names), policies_to_train=["main"],
                     policy_mapping_fn=functools.partial(policy_mapping_fn, snapshots=snapshots))
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
        .training(lr=cfg.learning_rate, gamma=cfg.gamma, lambda_=cfg.gae_lambda,
                  clip_param=cfg.clip_range, entropy_coeff=cfg.ent_coef,
                  train_batch_size_per_learner=cfg.n_steps * cfg.n_envs,
                  minibatch_size=cfg.batch_size, num_epochs=cfg.n_epochs)
        .learners(num_learners=0)
        .debugging(seed=cfg.seed, log_level="ERROR")
    )


def _flatten(result: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in result.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, f"{name}/"))
        else:
            out[name] = value
    return out


IDLE_LIMIT = 5
"""Iterations in a row that may sample nothing before the run stops (see :func:`count`)."""


class SamplingStalled(RuntimeError):
    """RLlib sampled no env step in :data:`IDLE_LIMIT` iterations in a row."""


def count(flat: dict[str, Any], key: str) -> int:
    """A step counter of one ``algo.train()`` result; 0 when missing or not a finite number
    (RLlib reported ``nan`` for ``num_env_steps_sampled`` once, on a heavily loaded machine,
    for an iteration whose sampling returned nothing). The trainer stops after
    :data:`IDLE_LIMIT` such iterations in a row instead of looping forever."""
    try:  # RLlib hands out Python or numpy numbers
        value = float(flat.get(key, 0))
    except (TypeError, ValueError):
        return 0
    return int(value) if math.isfinite(value) else 0


class RLlibTrainer:
    """Owns the run folder, the algorithm and the trainer state (as ``train.Trainer``)."""

    def __init__(self, config: TrainConfig, run_dir: Path, log: Any = None) -> None:
        self.config = config
        self.run_dir = run_dir.resolve()
        self.log = log or (lambda msg: print(msg, file=sys.stderr, flush=True))
        self.ckpt_dir = self.run_dir / "checkpoints"
        self.history: list[dict[str, Any]] = []
        self.timesteps = 0
        self.main_decisions = 0
        """Decisions taken by the trained ``main`` module (the learner's seat, and the opponent's
        seat when self-play maps it to ``main``): the unit SB3's ``timesteps`` counts, so the
        two trainers can be compared by the samples they learn from."""
        self.snapshots_taken = 0
        self.algo: Any = None
        self.writer: Any = None
        self.cpus = 1

    def setup(self, resume: bool) -> None:
        cfg = self.config
        self.cpus = init_ray(cfg)
        self.algo = build_config(cfg, self.cpus).build_algo()
        state_file = self.ckpt_dir / "trainer.json"
        latest = self.ckpt_dir / "latest"
        if resume and state_file.is_file() and latest.is_dir():
            state = read_json(state_file)
            if _resumable(state.get("config")) != _resumable(cfg.to_dict()):
                raise ConfigError(f"{state_file}: the run was started with another config; "
                                  "use a new out_dir or the same config to resume")
            self.algo.restore_from_path(str(latest))
            self.history = list(state["history"])
            self.timesteps = int(state["timesteps"])
            self.main_decisions = int(state.get("main_decisions", 0))
            self.snapshots_taken = int(state.get("snapshots_taken", 0))
            for i in range(min(self.snapshots_taken, int(cfg.rllib.get("snapshots", 0)))):
                self._push_slot(f"snap_{i}")
            self.log(f"resuming {self.run_dir.name} at {self.timesteps} env steps")
        elif resume:
            self.log(f"no checkpoint in {self.ckpt_dir}: starting from scratch")
        if cfg.tensorboard:
            from torch.utils.tensorboard import SummaryWriter

            self.writer = SummaryWriter(str(self.run_dir / "tb"))

    # --- periodic work ---------------------------------------------------------------------------

    def main_module(self) -> Any:
        """The learner's ``main`` module (the trained weights)."""
        return self.algo.learner_group._learner.module["main"]

    def evaluate(self, games: int, seed: int) -> dict[str, Any]:
        """Win rates of the current policy against random and heuristic (seats alternated)."""
        from ..evaluate import baseline_row
        from .policy import RLlibAgent

        cfg = self.config
        learner = RLlibAgent(self.main_module(), name="learner")
        return baseline_row(cfg.system, cfg.env, cfg.playing, learner, self.timesteps, games,
                            seed)

    def snapshot(self) -> None:
        """Copy ``main``'s weights into the next frozen slot (learner and env runners)."""
        slots = int(self.config.rllib.get("snapshots", 0))
        if slots == 0 or self.config.self_play_weight <= 0:
            return
        slot = f"snap_{self.snapshots_taken % slots}"
        self.algo.learner_group._learner.module[slot].load_state_dict(
            self.main_module().state_dict())
        self._push_slot(slot)
        self.snapshots_taken += 1

    def _push_slot(self, slot: str) -> None:
        """Send the learner's ``slot`` weights to every env runner: RLlib's weight sync sends
        only the trained modules (an inference-only module there holds a subset of the keys)."""
        weights = {k: v.detach().clone()
                   for k, v in self.algo.learner_group._learner.module[slot].state_dict().items()}
        self.algo.env_runner_group.foreach_env_runner(
            functools.partial(_load_slot, slot=slot, weights=weights))

    def checkpoint(self) -> None:
        """``checkpoints/latest`` (replaced only once the new one is complete) and the state."""
        self.ckpt_dir.mkdir(parents=True, exist_ok=True)
        tmp = self.ckpt_dir / ".latest.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        self.algo.save_to_path(str(tmp))
        latest = self.ckpt_dir / "latest"
        shutil.rmtree(latest, ignore_errors=True)
        tmp.rename(latest)
        write_atomic(self.ckpt_dir / "trainer.json", dumps({
            "timesteps": self.timesteps, "main_decisions": self.main_decisions,
            "snapshots_taken": self.snapshots_taken, "history": self.history,
            "config": self.config.to_dict()}))

    def _record(self, result: dict[str, Any]) -> None:
        if self.writer is None:
            return
        flat = _flatten(result)
        for key, name in TB_KEYS.items():
            value = flat.get(key)
            if isinstance(value, (int, float)):
                self.writer.add_scalar(name, value, self.timesteps)
        self.writer.flush()

    # --- the run -------------------------------------------------------------------------------

    def train(self) -> None:
        cfg = self.config
        if self.timesteps >= cfg.total_timesteps:
            self.log(f"already trained {self.timesteps} of {cfg.total_timesteps} env steps")
            return
        runners = _runners(cfg, self.cpus)
        self.log(f"training {self.run_dir.name} on RLlib: {cfg.total_timesteps - self.timesteps} "
                 f"env steps, {runners} env runner(s), opponents {cfg.opponents} + self-play "
                 f"weight {cfg.self_play_weight}")
        t0 = time.perf_counter()
        start = self.timesteps
        idle = 0
        while self.timesteps < cfg.total_timesteps:
            before = self.timesteps
            result = self.algo.train()
            flat = _flatten(result)
            self.timesteps += count(flat, "env_runners/num_env_steps_sampled")
            self.main_decisions += count(flat, "env_runners/num_module_steps_sampled/main")
            idle = idle + 1 if self.timesteps == before else 0
            if idle >= IDLE_LIMIT:
                raise SamplingStalled(
                    f"RLlib sampled no env step in {idle} training iterations in a row at "
                    f"{self.timesteps} env steps (an env runner that cannot sample: see the Ray "
                    f"logs above); the last checkpoint in {self.ckpt_dir} is kept")
            self._record(result)
            self._periodic(before)
            rate = (self.timesteps - start) / max(time.perf_counter() - t0, 1e-9)
            self.log(f"  {self.timesteps}/{cfg.total_timesteps} env steps ({self.main_decisions} "
                     f"decisions of main), {rate:.0f}/s")
        self.checkpoint()

    def _periodic(self, before: int) -> None:
        cfg = self.config

        def crossed(every: int) -> bool:
            return every > 0 and self.timesteps // every > before // every

        if crossed(cfg.snapshot_every):
            self.snapshot()
        if crossed(cfg.eval_every):
            row = self.evaluate(cfg.eval_games, EVAL_SEED)
            self.history.append(row)
            if self.writer is not None:
                for name in ("random", "heuristic"):
                    self.writer.add_scalar(f"eval/win_rate_{name}", row[name]["win_rate"],
                                           self.timesteps)
            self.log(f"  eval at {self.timesteps}: vs random {row['random']['win_rate']:.1%}, "
                     f"vs heuristic {row['heuristic']['win_rate']:.1%}")
        if crossed(cfg.checkpoint_every):
            self.checkpoint()

    def finish(self) -> dict[str, Any]:
        """Final module, ONNX export, final evaluation and tournament, report JSON."""
        from ..evaluate import save, tournament
        from .policy import RLlibAgent, export

        cfg = self.config
        final = self.run_dir / "final"
        shutil.rmtree(final, ignore_errors=True)
        self.main_module().save_to_path(str(final))
        if not self.history or self.history[-1]["timesteps"] != self.timesteps:
            self.history.append(self.evaluate(cfg.eval_games, EVAL_SEED))
            self.checkpoint()
        card = export(final, self.run_dir / "final.onnx", cfg.playing, parity_count=1000)
        self.log(f"exported final.onnx (parity {card['parity']['equal']}/"
                 f"{card['parity']['observations']})")
        self.log(f"final tournament: {cfg.final_eval_games} games per pair")
        result = tournament(cfg.system, ["rllib", "random", "heuristic"],
                            games=cfg.final_eval_games, seed=FINAL_SEED, env_options=cfg.env,
                            agents={"rllib": RLlibAgent(final)}, progress=True)
        save(result, self.run_dir)
        report = {"run": self.run_dir.name, "backend": "rllib", "config": cfg.to_dict(),
                  "timesteps": self.timesteps, "main_decisions": self.main_decisions,
                  "history": self.history,
                  "tournament": result.to_json(), "onnx": card}
        write_atomic(self.run_dir / "report.json", dumps(report))
        print(result.table())
        return report

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.algo is not None:
            self.algo.stop()


def _load_slot(runner: Any, slot: str, weights: dict[str, Any]) -> None:
    """Load ``weights`` into the env runner's ``slot`` module (the keys it has)."""
    module = runner.module[slot]
    module.load_state_dict({k: weights[k] for k in module.state_dict()})


def _resumable(config: Any) -> Any:
    """The config without the keys a resumed run may change (the budget, the Ray layout)."""
    if not isinstance(config, dict):
        return config
    return {k: v for k, v in config.items() if k not in ("total_timesteps", "rllib")}


def train(config: TrainConfig, run_dir: Path, resume: bool = False,
          log: Any = None) -> dict[str, Any]:
    """Train (or resume) on RLlib, then evaluate, export and report; returns the report."""
    run_dir.mkdir(parents=True, exist_ok=True)
    trainer = RLlibTrainer(config, run_dir, log)
    try:
        trainer.setup(resume)
        trainer.train()
        return trainer.finish()
    finally:
        trainer.close()
