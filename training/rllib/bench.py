"""Sampling throughput of the RLlib trainer (issue 17): env steps per second with N env runners.

``python -m combatzoo.training.rllib.bench configs/land_air_sea_rllib.yaml --runners 1 2``

For each N: build the PPO algorithm of the config with N env runners (each one CPU, one env),
let every runner sample ``--steps`` env steps once to warm up, then ``--repeats`` times in
parallel; the rate is (N x steps) / wall time of the parallel round, the best and the median of
the repeats. An env step is one ``step()`` of :class:`~.env.CombatMultiAgentEnv` (the scripted
opponent's moves happen inside it), with the policy's forward pass; no learning.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from ..config import config_from_dict, load_config


def measure(config_path: str, runners: int, steps: int, repeats: int) -> dict[str, Any]:
    import ray

    from .trainer import build_config

    base = load_config(config_path)
    cfg = config_from_dict({**base.to_dict(), "rllib": {**base.rllib, "env_runners": runners}})
    if not ray.is_initialized():
        # One CPU per runner plus the driver's learner, even where the machine has fewer
        # cores (then the runners share them: that is what the numbers show).
        ray.init(num_cpus=max(runners + 1, os.cpu_count() or 1), include_dashboard=False,
                 log_to_driver=False)
    algo = build_config(cfg, runners + 1).build_algo()
    try:
        def sample(er: Any) -> int:
            return sum(len(e) for e in er.sample(num_timesteps=steps, explore=True))

        group = algo.env_runner_group
        group.foreach_env_runner(sample, local_env_runner=False)
        rates = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            counts = group.foreach_env_runner(sample, local_env_runner=False)
            rates.append(sum(counts) / (time.perf_counter() - t0))
    finally:
        algo.stop()
    return {"env_runners": runners, "steps_per_runner": steps, "repeats": repeats,
            "env_steps_per_s_best": round(max(rates)), "env_steps_per_s_median":
            round(statistics.median(rates))}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("config", help="a backend: rllib YAML config")
    p.add_argument("--runners", type=int, nargs="+", default=[1, 2])
    p.add_argument("--steps", type=int, default=2000, help="env steps per runner and round")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    for n in args.runners:
        print(json.dumps(measure(args.config, n, args.steps, args.repeats)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
