"""Distil the rollout search into a policy that starts from the heuristic (issue 15; an
experiment, not a shipped bot).

``scripts/distill_rollout.py`` fits a fresh policy to the rollout bot's choices: the student
must first copy the heuristic (the teacher's choice on about 92% of decisions) before it can
learn where the teacher departs from it, and a 2 MB network copies the heuristic only to about
94%. Here the student gets the heuristic's choice for free (``scripts/hint_experiment.py``'s
residual policy: the heuristic's action as an input, and ``--residual`` times its one-hot added
to the action logits), so the untrained student plays the heuristic exactly and the fit has
only the departures to learn.

1. ``--games`` games of ``rollout@K`` against the heuristic, seats alternated, in
   ``--workers`` processes; every decision of the rollout bot with more than one legal action
   is kept: its observation, mask, choice, the heuristic's choice there and the rollout totals
   of every legal action (``--save`` / ``--load`` an ``.npz``);
2. fit the residual student (cross-entropy of the teacher's choice over the legal actions;
   ``--min-margin M`` keeps a departure from the heuristic only when the teacher's total beat
   the heuristic action's by at least ``M``, else labels the heuristic's choice);
3. play it against the heuristic and random: game ``i`` dealt with seed ``2000000 + i``, seats
   alternated, as in the trainer's final tournament.

    .venv/bin/python scripts/distill_residual.py --games 500 --samples 6 --save teacher.npz

Prints one JSON line per stage.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from combatzoo.agents import make_agent
from combatzoo.envs import make_engine
from combatzoo.envs.core.agent import agent_action

SYSTEM = "spellfire_game"
SEED_OFFSET = 8_000_000
"""Where the teacher's game seeds start (as ``distill_rollout.py``'s)."""


@dataclass
class Decisions:
    """The teacher's decisions, with the heuristic's choice and the rollout totals."""

    obs: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    hints: np.ndarray
    scores: np.ndarray
    """Rollout total of every legal action (NaN where illegal)."""

    def __len__(self) -> int:
        return len(self.actions)

    def pick(self, idx: np.ndarray) -> Decisions:
        return Decisions(self.obs[idx], self.masks[idx], self.actions[idx], self.hints[idx],
                         self.scores[idx])


def teacher_games(first: int, games: int, samples: int) -> Decisions:
    """The rollout bot's decisions in ``games`` games against the heuristic (seat ``i % 2``)."""
    engine = make_engine(SYSTEM)
    teacher = make_agent(SYSTEM, f"rollout@{samples}", engine=engine)
    heuristic = make_agent(SYSTEM, "heuristic")
    rows: dict[str, list[Any]] = {k: [] for k in ("obs", "masks", "actions", "hints", "scores")}
    for i in range(first, first + games):
        state = engine.new_game(np.random.default_rng(SEED_OFFSET + i))
        teacher.reset(seed=SEED_OFFSET + i)
        seat = i % 2
        while not engine.is_over(state):
            joint = {p: agent_action(heuristic, engine, state, p)
                     for p in engine.to_act(state)}
            if seat in joint:
                hint = joint[seat]
                joint[seat] = agent_action(teacher, engine, state, seat)
                if teacher.last_scores:
                    mask = engine.legal_mask(state, seat).astype(bool)
                    scores = np.full(mask.shape, np.nan, dtype=np.float32)
                    for a, total in teacher.last_scores.items():
                        scores[a] = total
                    for key, value in (("obs", engine.observe(state, seat)), ("masks", mask),
                                       ("actions", joint[seat]), ("hints", hint),
                                       ("scores", scores)):
                        rows[key].append(value)
            engine.apply(state, joint)
    return Decisions(np.asarray(rows["obs"], dtype=np.float32), np.asarray(rows["masks"]),
                     np.asarray(rows["actions"], dtype=np.int64),
                     np.asarray(rows["hints"], dtype=np.int64), np.asarray(rows["scores"]))


def gather(games: int, samples: int, workers: int) -> Decisions:
    """:func:`teacher_games` split over ``workers`` processes."""
    share = -(-games // workers)
    firsts = list(range(0, games, share))
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(teacher_games, firsts,
                              [min(share, games - f) for f in firsts], [samples] * len(firsts)))
    return Decisions(*(np.concatenate([getattr(p, k) for p in parts])
                       for k in ("obs", "masks", "actions", "hints", "scores")))


def relabel(data: Decisions, min_margin: float) -> np.ndarray:
    """The teacher's choices, with departures from the heuristic whose rollout total beats the
    heuristic action's by less than ``min_margin`` put back to the heuristic's choice."""
    rows = np.arange(len(data))
    margin = data.scores[rows, data.actions] - data.scores[rows, data.hints]
    keep = (data.actions == data.hints) | (margin >= min_margin)
    return np.where(keep, data.actions, data.hints)


def with_hint(obs: np.ndarray, hints: np.ndarray, n: int) -> np.ndarray:
    """The observations with the heuristic's choice appended as a one-hot of ``n`` ids."""
    hot = np.zeros((len(obs), n), dtype=np.float32)
    hot[np.arange(len(obs)), hints] = 1.0
    return np.concatenate([obs, hot], axis=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="teacher games")
    parser.add_argument("--samples", type=int, default=6, help="the teacher's rollout@K")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save", default=None)
    parser.add_argument("--load", default=None)
    parser.add_argument("--residual", type=float, default=5.0)
    parser.add_argument("--min-margin", type=float, default=0.0)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--net", type=int, nargs="+", default=[64, 64])
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    start = time.perf_counter()
    if args.load:
        with np.load(args.load) as saved:
            data = Decisions(*(saved[k] for k in ("obs", "masks", "actions", "hints",
                                                  "scores")))
    else:
        data = gather(args.games, args.samples, args.workers)
    if args.save:
        np.savez_compressed(args.save, **{k: getattr(data, k) for k in
                                          ("obs", "masks", "actions", "hints", "scores")})
    labels = relabel(data, args.min_margin)
    print(json.dumps({"stage": "samples", "decisions": len(data),
                      "departures": int((data.actions != data.hints).sum()),
                      "kept_departures": int((labels != data.hints).sum()),
                      "seconds": round(time.perf_counter() - start)}), flush=True)
    fit_and_play(args, data, labels)


def fit_and_play(args: Any, data: Decisions, labels: np.ndarray) -> None:
    import torch
    from combatzoo.training.imitate import Samples, accuracy, fit
    from distill_rollout import print_play, split
    from hint_experiment import evaluate, hint_env, residual_policy
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    venv = DummyVecEnv([lambda: hint_env("heuristic")])
    n = int(venv.action_space.n)  # type: ignore[attr-defined]
    model = MaskablePPO(residual_policy(n, args.residual), venv, seed=args.seed, device="cpu",
                        learning_rate=args.learning_rate,
                        policy_kwargs={"net_arch": list(args.net)}, verbose=0)
    train, held = split(Samples(with_hint(data.obs, data.hints, n), data.masks, labels),
                        args.seed)
    departs = held.actions != held.obs[:, -n:].argmax(axis=1)  # the label is not the hint
    start = time.perf_counter()
    before = accuracy(model, held)
    fitted = fit(model, train, args.epochs, 256, args.seed)
    print(json.dumps({"stage": "fit", "epochs": args.epochs, "before": round(before, 4),
                      "agreement": round(fitted, 4), "held_out": round(accuracy(model, held), 4),
                      "held_out_departures": int(departs.sum()),
                      "held_out_departures_copied": round(accuracy(model, Samples(
                          held.obs[departs], held.masks[departs], held.actions[departs])), 4),
                      "seconds": round(time.perf_counter() - start)}), flush=True)
    print_play(model, evaluate, args.eval_games)


if __name__ == "__main__":
    main()
