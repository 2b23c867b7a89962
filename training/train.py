"""``combatzoo train CONFIG.yaml``: MaskablePPO with self-play on any registered system.

The learner plays one seat of the single-agent view (drawn at random each episode unless the
config fixes it); the other seat is played inside the env by an opponent drawn per episode from
a pool: the fixed opponents of the config (random, heuristic, checkpoints) and frozen snapshots
of the learner, added every ``snapshot_every`` timesteps. Masks come from the env's own
``action_masks()``, so ``SubprocVecEnv`` works too.

A run folder ``{out_dir}/{system}__{config}__{seed}/`` holds:

- ``checkpoints/trainer.json`` and the ``checkpoints/latest-*.zip`` it names: the trainer's own
  state (timesteps, snapshot list with hashes, evaluation history) and the model (with
  optimizer). ``--resume`` continues from them: same timestep count, same opponent pool. They
  are written so that a kill cannot leave them out of step, and read back only after their
  sha256 matches (see :mod:`combatzoo.training.run_folder`); a run folder that does not add up
  is refused rather than started over. Without ``--resume``, a folder that already holds a
  run is refused too.
- ``snapshots/*.zip``: the frozen copies of the learner in the pool.
- ``tb/``: TensorBoard logs; ``final.zip``: the trained policy (its sha256 in ``report.json``).
- ``report.json`` and ``report.png``: evaluation history (win rate against random and heuristic
  over training) and the final tournament; ``tournament.json`` / ``tournament.png``.

Opponents of the config that are policy files: ``.onnx`` as they are, ``.zip`` (pickles: loading
one can run code) only with ``--trust-pickle``. Every value of the config is checked before
anything is built (:meth:`TrainConfig.validate`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, SupportsFloat

import gymnasium
import numpy as np

from ..envs.core.agent import Agent, OpponentPool
from ..envs.core.jsonio import dumps, write_atomic
from .common import TRUST_PICKLE_HELP, UserError, make_dir, non_negative_int, positive_int
from .config import ConfigError, TrainConfig, config_from_dict, load_config
from .run_folder import RunState, Snapshot, holds_a_run, read_run_state, save_model
from .run_folder import write_checkpoint as write_run_checkpoint

if TYPE_CHECKING:
    from .shaping import Shaping

EVAL_SEED = 1_000_000
"""Seed of the first periodic-evaluation game (the same games at every evaluation)."""
FINAL_SEED = 2_000_000
"""Seed of the first game of the final tournament (apart from the periodic ones)."""


class SelfPlayEnv(gymnasium.Wrapper):  # type: ignore[type-arg]
    """The single-agent view with a rebuildable opponent pool (fixed opponents + snapshots)."""

    def __init__(self, env: gymnasium.Env, fixed: list[tuple[Agent, float]],  # type: ignore[type-arg]
                 self_play_weight: float, draw_reward: float = 0.0,
                 shaping: Shaping | None = None) -> None:
        super().__init__(env)
        self.fixed = fixed
        self.self_play_weight = self_play_weight
        self.draw_reward = draw_reward
        self.shaping = shaping
        """Potential-based shaping terms added to the rewards (``shaping`` in the config)."""
        self._loaded: dict[str, Agent] = {}
        self.snapshots: list[tuple[str, str | None]] = []

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        if self.shaping is not None:
            single = self.env.unwrapped
            self.shaping.start(single.state, single.learner)  # type: ignore[attr-defined]
        return obs, info

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """The env's step; a game that ended with no winner pays ``draw_reward`` (the config's
        choice of objective; 0 leaves the game's own return); with shaping, plus the step's
        shaping term (training/shaping.py)."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated and self.draw_reward and float(reward) == 0 and _no_winner(info):
            reward = self.draw_reward
        if self.shaping is not None:
            single = self.env.unwrapped
            reward = float(reward) + self.shaping.term(
                single.state, single.learner, terminated)  # type: ignore[attr-defined]
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The learner's mask (sb3-contrib looks for this name)."""
        masks: np.ndarray = self.env.unwrapped.action_masks()  # type: ignore[attr-defined]
        return masks

    def set_snapshots(self, snapshots: list[tuple[str, str | None]]) -> None:
        """Make the pool the fixed opponents plus these ``(file, sha256)`` snapshots, sharing
        the self-play weight equally (snapshots already loaded are reused). The run's own
        files: loaded without trust, but only when their bytes match the hash recorded at save
        time (``None``: a format-1 run the user resumed with ``--trust-pickle``)."""
        from ..agents.policy import PolicyAgent

        entries = list(self.fixed)
        paths = [path for path, _ in snapshots]
        for path, digest in snapshots:
            if path not in self._loaded:
                self._loaded[path] = PolicyAgent(path, name=Path(path).stem, sha256=digest,
                                                 trust_pickle=digest is None)
            entries.append((self._loaded[path], self.self_play_weight / len(paths)))
        self._loaded = {p: self._loaded[p] for p in paths}
        self.snapshots = list(snapshots)
        self.env.unwrapped.pool = OpponentPool(entries)  # type: ignore[attr-defined]


def _no_winner(info: dict[str, Any]) -> bool:
    """The finished game's returns (the single-agent view's ``info["returns"]``) are all 0."""
    returns = info.get("returns")
    return returns is not None and all(r == 0 for r in returns)


def run_name(config: TrainConfig, config_path: str | Path | None) -> str:
    """``{system}__{config}__{seed}`` (CleanRL habit: the folder says what ran)."""
    stem = Path(config_path).stem if config_path else "inline"
    return f"{config.system}__{stem}__{config.seed}"


def _fixed_opponents(config: TrainConfig, trust_pickle: bool) -> list[tuple[Agent, float]]:
    from ..agents import opponent_pool

    if not config.opponents:
        return []
    return opponent_pool(config.playing, config.opponents, trust_pickle=trust_pickle).entries


def _make_env_fn(config: TrainConfig, rank: int, trust_pickle: bool) -> Any:
    def build() -> gymnasium.Env:  # type: ignore[type-arg]
        from ..envs import make_single

        fixed = _fixed_opponents(config, trust_pickle)
        # No fixed opponent: a random one until the first snapshot joins the pool.
        pool = OpponentPool(fixed) if fixed else None
        env = make_single(config.system, opponent=pool, learner_seat=config.learner_seat,
                          infos="full" if config.full_infos else "lean", **config.env)
        shaping = None
        if config.shaping:
            from .shaping import POTENTIALS, Shaping

            shaping = Shaping(POTENTIALS[config.playing], config.shaping, config.gamma)
        return SelfPlayEnv(env, fixed, config.self_play_weight, config.draw_reward, shaping)

    return build


def _policy_kwargs(config: TrainConfig) -> dict[str, Any]:
    """MaskablePPO's ``policy_kwargs``: the layers, the shared card encoder and the slot-scored
    actions when asked."""
    kwargs: dict[str, Any] = {"net_arch": list(config.net_arch)}
    if config.card_encoder:
        from .card_encoder import policy_kwargs

        kwargs.update(policy_kwargs(config.system, config.env, config.card_encoder))
    if config.slot_actions:
        from . import slot_policy

        kwargs.update(slot_policy.policy_kwargs(config.system, config.env, config.slot_actions))
    return kwargs


def _policy_class(config: TrainConfig) -> Any:
    """MaskablePPO's policy: SB3's MLP policy, or :class:`~.slot_policy.SlotActionPolicy`."""
    if config.slot_actions:
        from .slot_policy import SlotActionPolicy

        return SlotActionPolicy
    return "MlpPolicy"


class Trainer:
    """Owns the run folder, the model, the vec env and the trainer state."""

    def __init__(self, config: TrainConfig, run_dir: Path, log: Any = None,
                 trust_pickle: bool = False) -> None:
        self.config = config
        self.run_dir = run_dir
        self.trust_pickle = trust_pickle
        """Given by ``--trust-pickle``: load ``.zip`` opponents of the config, and resume a run
        written before hashes were recorded."""
        self.log = log or (lambda msg: print(msg, file=sys.stderr, flush=True))
        self.ckpt_dir = run_dir / "checkpoints"
        self.snap_dir = run_dir / "snapshots"
        self.history: list[dict[str, Any]] = []
        self.snapshots: list[Snapshot] = []
        self.model: Any = None
        self.venv: Any = None
        self.imitation: dict[str, Any] | None = None
        """The imitation warm start's figures (``training/imitate.py``), when the config asks
        for one (a fresh run only)."""

    # --- setup -------------------------------------------------------------------------------

    def _vec_env(self, seed: int) -> Any:
        from stable_baselines3.common.vec_env import DummyVecEnv

        from .shard_vec_env import ShardedSubprocVecEnv, default_workers

        cfg = self.config
        fns = [_make_env_fn(cfg, i, self.trust_pickle) for i in range(cfg.n_envs)]
        if cfg.vec_env == "subproc":
            venv: Any = ShardedSubprocVecEnv(fns, cfg.workers or default_workers(cfg.n_envs),
                                             pin=cfg.pin_workers)
        else:
            venv = DummyVecEnv(fns)
        venv.seed(seed)
        return venv

    def _tb_dir(self) -> str | None:
        if not self.config.tensorboard:
            return None
        try:
            import tensorboard  # noqa: F401
        except ImportError:
            self.log("tensorboard is not installed: no TensorBoard logs (pip install tensorboard)")
            return None
        return str(self.run_dir / "tb")

    def setup(self, resume: bool) -> None:
        """Build the vec env and the model: fresh, or from the run's checkpoint with
        ``resume`` (refusing a folder that does not add up, and a fresh start over one that
        holds a run)."""
        import torch
        from sb3_contrib import MaskablePPO

        cfg = self.config
        torch.set_num_threads(cfg.torch_threads)
        # Opponent files are loaded (and refused, in one line) here, once, before any env is
        # built: a bad one inside a subprocess env would only show as a broken pipe.
        _fixed_opponents(cfg, self.trust_pickle)
        if not resume and holds_a_run(self.ckpt_dir):
            raise UserError(f"{self.run_dir} already holds a run ({self.ckpt_dir}); pass "
                            f"--resume to continue it, or change out_dir or seed")
        state = read_run_state(self.run_dir, self.ckpt_dir, self.trust_pickle) if resume else None
        if state is not None:
            self._resume(state)
            return
        if resume:
            self.log(f"no checkpoint in {self.ckpt_dir}: starting from scratch")
        self.venv = self._vec_env(cfg.seed)
        self.model = MaskablePPO(
            _policy_class(cfg), self.venv, learning_rate=cfg.learning_rate, n_steps=cfg.n_steps,
            batch_size=cfg.batch_size, n_epochs=cfg.n_epochs, gamma=cfg.gamma,
            gae_lambda=cfg.gae_lambda, clip_range=cfg.clip_range, ent_coef=cfg.ent_coef,
            policy_kwargs=_policy_kwargs(cfg), seed=cfg.seed, device="cpu",
            tensorboard_log=self._tb_dir(), verbose=0)
        if cfg.imitate_teacher:  # issue 15: learn the teacher's choices first
            from .imitate import warm_start

            self.imitation = warm_start(self.model, cfg.playing, cfg.env, cfg.imitate_teacher,
                                        cfg.imitate_decisions, cfg.imitate_epochs,
                                        cfg.batch_size, cfg.seed, self.log)

    def _resume(self, state: RunState) -> None:
        from ..agents.policy import load_checkpoint

        cfg = self.config
        if _resumable(state.config) != _resumable(cfg.to_dict()):
            raise ConfigError(f"{self.ckpt_dir / 'trainer.json'}: the run was started with "
                              "another config; use a new out_dir or the same config to resume")
        self.history = state.history
        self.snapshots = state.snapshots
        # Fresh env seeds after a resume, so the same episodes are not replayed.
        self.venv = self._vec_env(cfg.seed + state.timesteps)
        # The run's own file: no trust needed, but its bytes must match the recorded hash.
        self.model = load_checkpoint(state.model, sha256=state.model_sha256,
                                     trust_pickle=state.model_sha256 is None, env=self.venv,
                                     tensorboard_log=self._tb_dir())
        self._publish_snapshots()
        self.log(f"resuming {self.run_dir.name} at {self.model.num_timesteps} timesteps "
                 f"with {len(self.snapshots)} snapshot(s) in the pool")

    def _publish_snapshots(self) -> None:
        self.venv.env_method("set_snapshots", [(str(s.path), s.sha256) for s in self.snapshots])

    # --- periodic work -------------------------------------------------------------------------

    def evaluate(self, games: int, seed: int) -> dict[str, Any]:
        """Win rates of the current policy against random and heuristic (seats alternated)."""
        from ..agents.policy import PolicyAgent
        from .evaluate import baseline_row

        cfg = self.config
        return baseline_row(cfg.system, cfg.env, cfg.playing, PolicyAgent.from_model(self.model),
                            int(self.model.num_timesteps), games, seed)

    def snapshot(self) -> None:
        cfg = self.config
        if cfg.self_play_weight <= 0 or cfg.max_snapshots == 0:
            return
        path = self.snap_dir / f"snap_{self.model.num_timesteps:09d}.zip"
        self.snapshots.append(Snapshot(path, save_model(self.model, path)))
        while len(self.snapshots) > cfg.max_snapshots:
            self.snapshots.pop(0)
        self._publish_snapshots()

    def checkpoint(self) -> None:
        self.ckpt_dir.mkdir(parents=True, exist_ok=True)
        write_run_checkpoint(self.model, self.ckpt_dir, self.run_dir, history=self.history,
                             snapshots=self.snapshots, config=self.config.to_dict())

    # --- the run -------------------------------------------------------------------------------

    def train(self) -> None:
        from stable_baselines3.common.callbacks import BaseCallback

        trainer = self
        cfg = self.config
        start_ts = int(self.model.num_timesteps)
        remaining = cfg.total_timesteps - start_ts
        if remaining <= 0:
            self.log(f"already trained {start_ts} of {cfg.total_timesteps} timesteps")
            return

        def crossed(every: int, before: int, now: int) -> bool:
            return every > 0 and now // every > before // every

        class Progress(BaseCallback):  # type: ignore[misc]
            def _on_training_start(self) -> None:
                self.t0 = time.perf_counter()
                self.last_print = 0.0
                self.prev = int(self.model.num_timesteps)

            def _on_step(self) -> bool:
                now = int(self.model.num_timesteps)
                before = self.prev
                self.prev = now
                if crossed(cfg.snapshot_every, before, now):
                    trainer.snapshot()
                if crossed(cfg.eval_every, before, now):
                    row = trainer.evaluate(cfg.eval_games, EVAL_SEED)
                    trainer.history.append(row)
                    self.logger.record("eval/win_rate_random", row["random"]["win_rate"])
                    self.logger.record("eval/win_rate_heuristic", row["heuristic"]["win_rate"])
                    trainer.log(f"  eval at {now}: vs random {row['random']['win_rate']:.1%}, "
                                f"vs heuristic {row['heuristic']['win_rate']:.1%} "
                                f"({cfg.eval_games} games each)")
                if crossed(cfg.checkpoint_every, before, now):
                    trainer.checkpoint()
                elapsed = time.perf_counter() - self.t0
                if elapsed - self.last_print >= 10:
                    self.last_print = elapsed
                    rate = (now - start_ts) / max(elapsed, 1e-9)
                    left = (cfg.total_timesteps - now) / max(rate, 1e-9)
                    trainer.log(f"  {now}/{cfg.total_timesteps} timesteps, {rate:.0f}/s, "
                                f"about {left:.0f} s left")
                return True

        self.log(f"training {self.run_dir.name}: {remaining} timesteps on {cfg.n_envs} "
                 f"{cfg.vec_env} env(s), opponents {cfg.opponents} + self-play "
                 f"weight {cfg.self_play_weight}")
        self.model.learn(remaining, callback=Progress(), reset_num_timesteps=False,
                         tb_log_name="ppo")
        self.checkpoint()

    def finish(self) -> dict[str, Any]:
        """Final policy, final evaluation and tournament, report JSON and PNG."""
        from ..agents.policy import PolicyAgent
        from .evaluate import save, tournament

        cfg = self.config
        final = self.run_dir / "final.zip"
        final_sha256 = save_model(self.model, final)
        if not self.history or self.history[-1]["timesteps"] != int(self.model.num_timesteps):
            self.history.append(self.evaluate(cfg.eval_games, EVAL_SEED))
            self.checkpoint()
        self.log(f"final tournament: {cfg.final_eval_games} games per pair")
        # The policy in memory is the one just saved: nothing is unpickled for the tournament.
        final_agent = PolicyAgent.from_model(self.model, name=final.stem)
        result = tournament(cfg.system, [final.stem, "random", "heuristic"],
                            games=cfg.final_eval_games, seed=FINAL_SEED, env_options=cfg.env,
                            agents={final.stem: final_agent}, progress=True)
        save(result, self.run_dir)
        report = {"run": self.run_dir.name, "config": cfg.to_dict(),
                  "timesteps": int(self.model.num_timesteps), "history": self.history,
                  "final": {"file": final.name, "sha256": final_sha256},
                  **({"imitation": self.imitation} if self.imitation else {}),
                  "tournament": result.to_json()}
        write_atomic(self.run_dir / "report.json", dumps(report))
        _plot_history(self.history, self.run_dir / "report.png", self.run_dir.name)
        print(result.table())
        return report

    def close(self) -> None:
        if self.venv is not None:
            self.venv.close()


def _resumable(config: Any) -> Any:
    """The config without the keys a resumed run may change (the budget, and where the run
    folder lives: a moved folder resumes); keys newer than the run read as their defaults."""
    if not isinstance(config, dict):
        return config
    # Keys added to TrainConfig after a run was saved read as their defaults (issue 17).
    config = {"backend": "sb3", "rllib": {}, "imitate_teacher": "", "imitate_decisions": 20_000,
              "imitate_epochs": 5, **config}
    return {k: v for k, v in config.items() if k not in ("total_timesteps", "out_dir")}


def _plot_history(history: list[dict[str, Any]], path: Path, title: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    ts = [row["timesteps"] for row in history]
    for name in ("random", "heuristic"):
        rates = [row[name]["win_rate"] for row in history]
        lo = [row[name]["ci95"][0] for row in history]
        hi = [row[name]["ci95"][1] for row in history]
        ax.plot(ts, rates, marker="o", label=f"vs {name}")
        ax.fill_between(ts, lo, hi, alpha=0.2)
    ax.set_ylim(0, 1)
    ax.set_xlabel("timesteps")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def train(config: TrainConfig, config_path: str | Path | None = None, resume: bool = False,
          log: Any = None, trust_pickle: bool = False) -> dict[str, Any]:
    """Train (or resume), then evaluate and report; returns the report.

    ``trust_pickle`` lets ``.zip`` opponents of the config load (they are pickles) and a run
    saved before hashes were recorded resume; the run's own hashed files never need it.
    """
    run_dir = make_dir(Path(config.out_dir) / run_name(config, config_path), "run folder")
    if config.backend == "rllib":  # issue 17: RLlib PPO on Ray (the ``rllib`` extra)
        from .rllib import run as rllib_run

        return rllib_run(config, run_dir, resume, log)
    trainer = Trainer(config, run_dir, log, trust_pickle=trust_pickle)
    try:
        trainer.setup(resume)
        trainer.train()
        return trainer.finish()
    finally:
        trainer.close()


# --- command line ------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``combatzoo train`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "train", help="train a MaskablePPO bot with self-play from a YAML config",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("config", help="YAML config file (see configs/)")
    p.add_argument("--resume", action="store_true",
                   help="continue from the run's latest checkpoint")
    p.add_argument("--total-timesteps", type=positive_int, default=None,
                   help="override total_timesteps")
    p.add_argument("--seed", type=non_negative_int, default=None, help="override seed")
    p.add_argument("--out-dir", default=None, help="override out_dir")
    p.add_argument("--trust-pickle", action="store_true",
                   help=TRUST_PICKLE_HELP + "; here: .zip opponents of the config, and resuming "
                        "a run saved before hashes were recorded")
    p.set_defaults(func=run_cli)
    return p


def run_cli(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    overrides = {k: v for k, v in (("total_timesteps", args.total_timesteps),
                                   ("seed", args.seed), ("out_dir", args.out_dir))
                 if v is not None}
    if overrides:
        config = config_from_dict({**config.to_dict(), **overrides})
    report = train(config, args.config, resume=args.resume, trust_pickle=args.trust_pickle)
    run_dir = Path(config.out_dir) / report["run"]
    print(f"run folder: {run_dir}; for serve, play and evaluate without --trust-pickle: "
          f"combatzoo export {run_dir / 'final.zip'} --out NAME.onnx --trust-pickle",
          file=sys.stderr)
    return 0
