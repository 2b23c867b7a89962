"""Fit the slot-scored policy to the rollout teacher's decisions (issue 15; an experiment,
not a shipped bot).

Reads teacher decisions saved by ``scripts/distill_residual.py --save`` (the first file: it
holds the heuristic's choice at each decision, so the teacher's *departures* can be counted;
a random tenth of it is held out) and by ``scripts/distill_rollout.py --save`` (more games,
``--first`` past the first file's), adds heuristic decisions (``scripts/slot_capacity.py
--cache``), fits the slot-scored policy of ``configs/spellfire_game_slots.yaml`` to them all
(cross-entropy over the legal actions) and plays it on the final tournament's seeds.

    .venv/bin/python scripts/distill_residual.py --games 500 --samples 6 --save teacher500.npz
    .venv/bin/python scripts/distill_rollout.py --first 500 --games 825 --samples 6 \
        --save more.npz
    .venv/bin/python scripts/slot_capacity.py --decisions 60000 --cache heur60k.npz
    .venv/bin/python scripts/distill_slots.py teacher500.npz more.npz --heuristic heur60k.npz

Prints JSON lines: the data, the fit (agreement with the teacher on the held-out tenth, the
share of the teacher's departures from the heuristic there that the student repeats), and the
win rates against the heuristic and random with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
from combatzoo.training.imitate import Samples, choices, fit
from distill_rollout import evaluate, join
from slot_capacity import build


def load(path: str, rows: np.ndarray | slice = slice(None)) -> Samples:
    with np.load(path) as saved:
        return Samples(saved["obs"][rows], saved["masks"][rows], saved["actions"][rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("teacher", nargs="+", help=".npz files; the first with 'hints'")
    parser.add_argument("--heuristic", required=True, help="heuristic decisions (.npz)")
    parser.add_argument("--heuristic-decisions", type=int, default=40_000)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(1)
    start = time.perf_counter()
    with np.load(args.teacher[0]) as saved:
        first = Samples(saved["obs"], saved["masks"], saved["actions"])
        hints = saved["hints"]
    order = np.random.default_rng(args.seed).permutation(len(first))
    held_rows, fit_rows = order[:len(first) // 10], order[len(first) // 10:]

    def pick(rows: np.ndarray) -> Samples:
        return Samples(first.obs[rows], first.masks[rows], first.actions[rows])

    held = pick(held_rows)
    teacher = join([pick(fit_rows)] + [load(p) for p in args.teacher[1:]])
    data = join([teacher, load(args.heuristic, slice(args.heuristic_decisions))])
    print(json.dumps({"stage": "data", "teacher": len(teacher), "all": len(data),
                      "held_out": len(held), "seconds": round(time.perf_counter() - start)}),
          flush=True)
    model = build("slots", args.seed)
    agreement = fit(model, data, args.epochs, 256, args.seed)
    picks = choices(model, held, 512)
    departs = held.actions != hints[held_rows]
    print(json.dumps({"stage": "fit", "agreement": round(agreement, 4),
                      "held_out": round(float((picks == held.actions).mean()), 4),
                      "teacher_departures": int(departs.sum()),
                      "repeated": round(float((picks[departs] == held.actions[departs]).mean()),
                                        4),
                      "seconds": round(time.perf_counter() - start)}), flush=True)
    for opponent in ("heuristic", "random"):
        print(json.dumps(evaluate(model, opponent, args.eval_games)), flush=True)


if __name__ == "__main__":
    main()
