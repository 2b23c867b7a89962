"""How well does a policy copy the Spellfire whole-game heuristic? (issue 15; an experiment.)

Fits fresh MaskablePPO policies to the heuristic's decisions in heuristic-against-heuristic
games (``training/imitate.py``'s ``collect`` and ``fit``) and reports, per policy, its share of
held-out decisions on which its most likely action is the heuristic's, its actor's weights
(what an exported ONNX file holds) and, with ``--eval-games``, its win rates against the
heuristic and random (final-tournament seeds, seats alternated). Policies:

- ``flat64``: SB3's plain MLP, [64, 64];
- ``cards``: the shared card encoder (16 per slot, ``training/card_encoder.py``), [64, 64];
- ``slots``: the same with slot-scored actions (``training/slot_policy.py``, 32 per slot).

    .venv/bin/python scripts/slot_capacity.py --decisions 60000 --held-out 10000 --epochs 20
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
from combatzoo.envs import make_single
from combatzoo.training.imitate import Samples, accuracy, collect, fit

SYSTEM = "spellfire_game"


def build(name: str, seed: int) -> Any:
    from combatzoo.training import card_encoder, slot_policy
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    venv = DummyVecEnv([lambda: make_single(SYSTEM)])
    kwargs: dict[str, Any] = {"net_arch": [64, 64]}
    policy: Any = "MlpPolicy"
    if name in ("cards", "slots"):
        kwargs.update(card_encoder.policy_kwargs(SYSTEM, {}, 16))
    if name == "slots":
        kwargs.update(slot_policy.policy_kwargs(SYSTEM, {}, 32))
        policy = slot_policy.SlotActionPolicy
    return MaskablePPO(policy, venv, policy_kwargs=kwargs, seed=seed, device="cpu", verbose=0)


def actor_weights(model: Any) -> int:
    """Weights the exported actor holds (every parameter but the value side's)."""
    return sum(p.numel() for n, p in model.policy.named_parameters()
               if not n.startswith(("value_net", "mlp_extractor.value_net", "vf_features")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=60_000)
    parser.add_argument("--held-out", type=int, default=10_000)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--policies", nargs="+", default=["cards", "slots"])
    parser.add_argument("--eval-games", type=int, default=0)
    parser.add_argument("--cache", default=None, help="keep the decisions in this .npz")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import torch
    from distill_rollout import evaluate

    torch.set_num_threads(1)
    start = time.perf_counter()
    if args.cache and Path(args.cache).is_file():
        with np.load(args.cache) as saved:
            data = Samples(saved["obs"], saved["masks"], saved["actions"])
    else:
        data = collect(SYSTEM, {}, "heuristic", args.decisions, args.seed)
        if args.cache:
            np.savez_compressed(args.cache, obs=data.obs, masks=data.masks,
                                actions=data.actions)
    cut = len(data) - args.held_out
    train = Samples(data.obs[:cut], data.masks[:cut], data.actions[:cut])
    held = Samples(data.obs[cut:], data.masks[cut:], data.actions[cut:])
    print(json.dumps({"stage": "samples", "train": len(train), "held_out": len(held),
                      "seconds": round(time.perf_counter() - start)}), flush=True)
    for name in args.policies:
        model = build(name, args.seed)
        start = time.perf_counter()
        fitted = fit(model, train, args.epochs, 256, args.seed)
        row: dict[str, Any] = {"policy": name, "actor_weights": actor_weights(model),
                               "agreement": round(fitted, 4),
                               "held_out": round(accuracy(model, held), 4),
                               "seconds": round(time.perf_counter() - start)}
        if args.eval_games:
            row["results"] = [evaluate(model, o, args.eval_games)
                              for o in ("heuristic", "random")]
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
