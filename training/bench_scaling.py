"""``combatzoo bench --measure scaling``: does training's env collection use every core?

Issue 14 asks that ``combatzoo train`` with ``vec_env: subproc`` and ``n_envs`` = cores collects
at least ``0.7 x cores`` times the one-env timesteps per second (on a 2-core machine: 1.4x).
This measures the *env-collection part* of a rollout, as MaskablePPO runs it, without the
policy: every step asks each env for its mask (``env_method("action_masks")``, as sb3-contrib
does), picks a random legal action per env and steps the vec env. The vec envs are built by
the trainer itself (:meth:`combatzoo.training.train.Trainer._vec_env`, the config's default
opponents), so what is timed is what ``combatzoo train`` steps. ``combatzoo bench`` registers
the measure (``training/bench.py`` parses the target and checks that sb3-contrib is there).

- :func:`collection_rate`: timesteps per second of one vec env (``dummy`` or ``subproc``,
  ``n_envs`` envs); a timestep is one learner decision in one env.
- :func:`measure_scaling` (the ``scaling`` measure): ``subproc`` with one shard of
  :data:`ENVS_PER_CORE` envs per core, as a percentage of ``dummy`` with one such shard (one
  core), the two measured one after the other in the same repeat (``--ppo-timesteps``
  timesteps each). The target is ``70 x cores`` percent (140 on 2 cores). With one env per
  core (the issue's first reading, ``n_envs`` = cores) a pipe round trip per env step costs
  more than the step; see training/shard_vec_env.py. ``python -m
  combatzoo.training.bench_scaling SYSTEM`` prints the rates for 1, 2, 4 ... cores.
- :func:`lockstep_bound`: what no vec env can beat. MaskablePPO steps every env once per vec
  step, so each step lasts as long as the slowest shard's, and a shard's step time varies
  (an env may reset, an opponent may play a long turn): on 2 cores the most a step can
  collect is ``2 x mean / E[max of two step times]``, below 200% even when the pipes and
  the shared memory cost nothing. More envs per shard average the variation out: on the
  2-core machine (2026-12-07) the bound was 164%, 154%, 174% and 164% for land_air_sea,
  solium_infernum, spellfire and spellfire_game with 8 envs per shard, and 171%, 165%,
  179% and 171% with 16. The ``scaling_16`` measure of ``combatzoo bench`` times 16.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from .common import add_option_argument, parse_options
from .shard_vec_env import cores


def _vec_env(system: str, options: dict[str, Any], n_envs: int, vec_env: str,
             seed: int, workers: int = 0) -> Any:
    """The vec env that ``combatzoo train`` builds for ``system`` with env ``options``."""
    from .config import TrainConfig
    from .train import Trainer

    config = TrainConfig(system=system, env=dict(options), n_envs=n_envs, vec_env=vec_env,
                         seed=seed, workers=workers)
    config.validate()
    return Trainer(config, Path("unused-run-folder"))._vec_env(seed)


def random_legal(masks: Any, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per env, drawn for all envs in one batched call, as
    the policy samples every env's action in one forward pass (a draw per env in a Python loop
    would add work to the training process that MaskablePPO does not do)."""
    legal = np.asarray(masks, dtype=bool)
    return np.argmax(np.where(legal, rng.random(legal.shape), -1.0), axis=1)


def _collect(venv: Any, steps: int, rng: np.random.Generator) -> None:
    """``steps`` vec-env steps with random legal actions (masks fetched as MaskablePPO does)."""
    for _ in range(steps):
        venv.step(random_legal(venv.env_method("action_masks"), rng))


@contextmanager
def _warm_vec_env(system: str, options: dict[str, Any], n_envs: int, vec_env: str, seed: int,
                  workers: int = 0) -> Iterator[tuple[Any, np.random.Generator]]:
    """The trainer's vec env (:func:`_vec_env`), reset and warmed up, with the generator of
    its random actions; closed afterwards."""
    venv = _vec_env(system, options, n_envs, vec_env, seed, workers)
    try:
        rng = np.random.default_rng(seed)
        venv.reset()
        _collect(venv, 64, rng)  # warm-up: lazy imports in every process, first allocations
        yield venv, rng
    finally:
        venv.close()


def collection_rate(system: str, options: dict[str, Any], n_envs: int, vec_env: str,
                    timesteps: int, seed: int, workers: int = 0) -> float:
    """Timesteps per second (all envs together) of ``system`` (env ``options``) in a
    ``vec_env`` vec env of ``n_envs`` envs, over about ``timesteps`` timesteps after a short
    warm-up."""
    with _warm_vec_env(system, options, n_envs, vec_env, seed, workers) as (venv, rng):
        steps = max(1, timesteps // n_envs)
        start = time.perf_counter()
        _collect(venv, steps, rng)
        return steps * n_envs / (time.perf_counter() - start)


ENVS_PER_CORE = 8
"""Envs each core steps per round trip in the scaling measure: one pipe round trip per step of
a shard costs about as much as a few env steps, so a core needs several envs to keep busy
(training/shard_vec_env.py)."""


def measure_scaling(system: str, options: dict[str, Any], timesteps: int, seed: int,
                    envs_per_core: int = ENVS_PER_CORE) -> float:
    """``subproc`` on every core (``cores`` shards of ``envs_per_core`` envs) in percent of
    one core (``dummy`` with ``envs_per_core`` envs), in timesteps/s; a percentage, so that
    ``combatzoo bench``'s whole-number table shows it. The target is ``70 x cores``."""
    one = collection_rate(system, options, envs_per_core, "dummy", timesteps, seed)
    many = collection_rate(system, options, cores() * envs_per_core, "subproc", timesteps, seed,
                           workers=cores())
    return 100.0 * many / one


def step_times(system: str, options: dict[str, Any], n_envs: int, steps: int,
               seed: int) -> np.ndarray:
    """Seconds of each of ``steps`` vec-env steps (random legal actions, masks fetched) of one
    ``dummy`` shard of ``n_envs`` envs, after a short warm-up."""
    with _warm_vec_env(system, options, n_envs, "dummy", seed) as (venv, rng):
        times = np.empty(steps)
        for i in range(steps):
            start = time.perf_counter()
            venv.step(random_legal(venv.env_method("action_masks"), rng))
            times[i] = time.perf_counter() - start
        return times


def lockstep_bound(times: np.ndarray, shards: int) -> float:
    """The most ``shards`` shards stepped in lockstep can collect, in percent of one shard,
    with no cost of their own: every vec step waits for the slowest shard, so it takes the
    maximum of ``shards`` step times, not their mean. Estimated from one shard's step
    ``times`` (split into ``shards`` runs, compared step by step)."""
    runs = np.array_split(times, shards)
    n = min(len(r) for r in runs)
    slowest = np.max(np.stack([r[:n] for r in runs]), axis=0)
    return 100.0 * shards * float(times.mean()) / float(slowest.mean())


def main(argv: list[str] | None = None) -> int:
    """Print the collection rate of one system for 1 env (dummy) and 2, 4 ... cores (subproc)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("system", help="a registered system")
    add_option_argument(parser)
    parser.add_argument("--timesteps", type=int, default=8192, help="timesteps per rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-workers", type=int, default=cores(),
                        help="most subproc workers (default: the cores)")
    parser.add_argument("--envs-per-worker", type=int, default=ENVS_PER_CORE,
                        help=f"envs each worker steps (default {ENVS_PER_CORE})")
    args = parser.parse_args(argv)
    options = parse_options(args.option or [])
    k = args.envs_per_worker
    one = collection_rate(args.system, options, k, "dummy", args.timesteps, args.seed)
    times = step_times(args.system, options, k, max(1000, args.timesteps // k), args.seed)
    print(f"cores {cores()}; {args.system} {options or ''}: one core ({k} envs, dummy) "
          f"{one:,.0f} timesteps/s; a step {1e6 * times.mean():.0f} us on average, "
          f"{times.std() / times.mean():.2f} its coefficient of variation")
    n = 2
    while n <= args.max_workers:
        rate = collection_rate(args.system, options, n * k, "subproc", args.timesteps, args.seed,
                               workers=n)
        print(f"{n} cores ({n * k} envs, subproc): {rate:,.0f} timesteps/s = {rate / one:.2f}x "
              f"one core (target {0.7 * n:.1f}x; lockstep bound "
              f"{lockstep_bound(times, n) / 100:.2f}x)")
        n *= 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
