"""Distil the rollout search into a policy (issue 15, expert iteration's first step; an
experiment, not a shipped bot).

The rollout search over the heuristic (``agents/rollout.py``) beats the Spellfire whole-game
heuristic; the learned policies do not. This plays ``--games`` games of the rollout bot
(``rollout@K``) against the heuristic, seats alternated, in ``--workers`` processes, and keeps
every decision of the rollout bot with more than one legal action (its observation, mask and
choice; ``--heuristic-decisions`` adds the heuristic's own decisions of heuristic-against-
heuristic games, labelled by the heuristic). It then fits a fresh MaskablePPO policy to the
choices (cross-entropy over the legal actions, ``training/imitate.py``'s ``fit``) and plays it
against the heuristic and random: game ``i`` dealt with seed ``2000000 + i``, seats alternated,
as in the trainer's final tournament.

    .venv/bin/python scripts/distill_rollout.py --games 300 --samples 6 --workers 2

Prints one JSON line per stage: the samples, the fit (agreement on the samples, and on a
held-out tenth), the two win rates with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from combatzoo.agents import make_agent
from combatzoo.envs import make_engine, make_single
from combatzoo.envs.core.agent import agent_action
from combatzoo.training.evaluate import wilson
from combatzoo.training.imitate import Samples, accuracy, collect, fit

SYSTEM = "spellfire_game"
SEED_OFFSET = 8_000_000
"""Where the teacher's game seeds start (apart from evaluation and training seeds)."""


def teacher_games(first: int, games: int, samples: int) -> Samples:
    """The rollout bot's decisions in ``games`` games against the heuristic (seat ``i % 2``)."""
    engine = make_engine(SYSTEM)
    teacher = make_agent(SYSTEM, f"rollout@{samples}", engine=engine)
    heuristic = make_agent(SYSTEM, "heuristic")
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    for i in range(first, first + games):
        state = engine.new_game(np.random.default_rng(SEED_OFFSET + i))
        teacher.reset(seed=SEED_OFFSET + i)
        seat = i % 2
        while not engine.is_over(state):
            joint = {}
            for p in engine.to_act(state):
                if p != seat:
                    joint[p] = agent_action(heuristic, engine, state, p)
                    continue
                mask = engine.legal_mask(state, p)
                joint[p] = agent_action(teacher, engine, state, p)
                if int(mask.sum()) > 1:
                    obs.append(engine.observe(state, p))
                    masks.append(mask.astype(bool))
                    actions.append(joint[p])
            engine.apply(state, joint)
    return Samples(np.asarray(obs, dtype=np.float32), np.asarray(masks),
                   np.asarray(actions, dtype=np.int64))


def gather(games: int, samples: int, workers: int, first: int = 0) -> Samples:
    """:func:`teacher_games` of games ``first`` .. ``first + games - 1``, split over
    ``workers`` processes."""
    share = -(-games // workers)
    offsets = list(range(0, games, share))
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(teacher_games, [first + o for o in offsets],
                              [min(share, games - o) for o in offsets], [samples] * len(offsets)))
    return join(parts)


def join(parts: list[Samples]) -> Samples:
    return Samples(np.concatenate([s.obs for s in parts]),
                   np.concatenate([s.masks for s in parts]),
                   np.concatenate([s.actions for s in parts]))


def split(samples: Samples, seed: int) -> tuple[Samples, Samples]:
    """A random nine tenths to fit, one tenth held out."""
    order = np.random.default_rng(seed).permutation(len(samples))
    cut = len(order) // 10
    def pick(idx: np.ndarray) -> Samples:
        return Samples(samples.obs[idx], samples.masks[idx], samples.actions[idx])
    return pick(order[cut:]), pick(order[:cut])


def evaluate(model: Any, opponent: str, games: int) -> dict[str, Any]:
    wins = draws = 0
    for i in range(games):
        env = make_single(SYSTEM, opponent=opponent, learner_seat=i % 2)
        obs, _ = env.reset(seed=2_000_000 + i)
        done, info = False, {}
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(),
                                      deterministic=True)
            obs, _, term, trunc, info = env.step(int(action))
            done = term or trunc
        mine = info.get("returns", [0.0, 0.0])[i % 2]
        wins += mine > 0
        draws += mine == 0
    lo, hi = wilson(wins, games)
    return {"against": opponent, "games": games, "won": int(wins), "drawn": int(draws),
            "win_rate": round(wins / games, 4), "interval": [round(lo, 4), round(hi, 4)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="teacher games")
    parser.add_argument("--first", type=int, default=0,
                        help="the first teacher game (games are dealt from SEED_OFFSET + i)")
    parser.add_argument("--samples", type=int, default=6, help="the teacher's rollout@K")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heuristic-decisions", type=int, default=0)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--card-encoder", type=int, default=16, help="0: a flat MLP")
    parser.add_argument("--net", type=int, nargs="+", default=[128, 128])
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default=None, help="write the teacher's samples here (.npz)")
    parser.add_argument("--load", default=None,
                        help="read the teacher's samples from here instead of playing")
    args = parser.parse_args()

    import torch
    from combatzoo.training.card_encoder import policy_kwargs
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    start = time.perf_counter()
    if args.load:
        with np.load(args.load) as saved:
            data = Samples(saved["obs"], saved["masks"], saved["actions"])
    else:
        data = gather(args.games, args.samples, args.workers, args.first)
    if args.save:
        np.savez_compressed(args.save, obs=data.obs, masks=data.masks, actions=data.actions)
    teacher_count = len(data)
    if args.heuristic_decisions:
        data = join([data, collect(SYSTEM, {}, "heuristic", args.heuristic_decisions,
                                   args.seed)])
    print(json.dumps({"stage": "samples", "teacher": teacher_count, "all": len(data),
                      "seconds": round(time.perf_counter() - start)}), flush=True)
    train, held = split(data, args.seed)
    kwargs: dict[str, Any] = {"net_arch": list(args.net)}
    if args.card_encoder:
        kwargs.update(policy_kwargs(SYSTEM, {}, args.card_encoder))
    venv = DummyVecEnv([lambda: make_single(SYSTEM)])
    model = MaskablePPO("MlpPolicy", venv, policy_kwargs=kwargs, seed=args.seed, device="cpu",
                        verbose=0)
    start = time.perf_counter()
    fitted = fit(model, train, args.epochs, 256, args.seed)
    print(json.dumps({"stage": "fit", "epochs": args.epochs, "agreement": round(fitted, 4),
                      "held_out": round(accuracy(model, held), 4),
                      "parameters": sum(p.numel() for p in model.policy.parameters()),
                      "seconds": round(time.perf_counter() - start)}), flush=True)
    print_play(model, evaluate, args.eval_games)


def print_play(model: Any, play: Any, games: int) -> None:
    """The ``play`` stage's JSON line: ``play(model, opponent, games)`` against the heuristic
    and random."""
    print(json.dumps({"stage": "play", "results": [play(model, o, games)
                                                   for o in ("heuristic", "random")]}),
          flush=True)


if __name__ == "__main__":
    main()
