"""Imitation warm start (issue 15): before PPO, a fresh policy learns a teacher bot's choices.

Issue 15 asks for Spellfire bots that beat the heuristic, and suggests distilling a stronger
player's choices into the policy when plain PPO stalls. With ``imitate_teacher`` set in the
config (an agent name of the system: ``heuristic``, ``mcts``...), ``combatzoo train`` first
plays ``imitate_decisions`` decisions of teacher-against-teacher games (every seat's decisions
with more than one legal action, from that seat's observation and mask), then fits the fresh
policy's action head to the teacher's choices by cross-entropy over the legal actions for
``imitate_epochs`` passes (the PPO optimizer, its learning rate), and only then runs PPO. The
value head is left to PPO. The fit's accuracy on the samples is logged and recorded in the
run's ``report.json`` (``imitation``).

Games are seeded (``seed`` + game index): the same config gives the same samples and the same
warm start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .common import load_engine

SEED_OFFSET = 7_000_000
"""Where the teacher's game seeds start (apart from evaluation and training seeds)."""


@dataclass
class Samples:
    """The teacher's decisions: observations, legal masks and the actions it chose."""

    obs: np.ndarray
    masks: np.ndarray
    actions: np.ndarray

    def __len__(self) -> int:
        return len(self.actions)


def collect(system: str, env: dict[str, Any], teacher: str, decisions: int,
            seed: int) -> Samples:
    """``decisions`` decisions of ``teacher`` against itself in ``system`` (options ``env``),
    every seat's, leaving out those with a single legal action (they teach nothing)."""
    from ..agents import make_agent

    engine = load_engine(system, env)
    seats = engine.spec.num_players
    agents = [make_agent(system, teacher) for _ in range(seats)]
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    game = 0
    while len(actions) < decisions:
        state = engine.new_game(np.random.default_rng(seed + SEED_OFFSET + game))
        for p, agent in enumerate(agents):
            agent.reset(seed=seed + SEED_OFFSET + game * seats + p)
        while not engine.is_over(state) and len(actions) < decisions:
            joint = {}
            for p in engine.to_act(state):
                o, mask = engine.observe(state, p), engine.legal_mask(state, p)
                view = engine.view(state, p) if agents[p].needs_view else None
                joint[p] = int(agents[p].act(o, mask, view))
                if int(mask.sum()) > 1:
                    obs.append(o)
                    masks.append(mask.astype(bool))
                    actions.append(joint[p])
            engine.apply(state, joint)
        game += 1
    return Samples(np.asarray(obs, dtype=np.float32), np.asarray(masks),
                   np.asarray(actions, dtype=np.int64))


def fit(model: Any, samples: Samples, epochs: int, batch_size: int, seed: int) -> float:
    """Fit ``model``'s policy (a MaskablePPO) to the samples: cross-entropy of the teacher's
    action under the masked action distribution, ``epochs`` shuffled passes of ``batch_size``.
    Returns the share of samples whose most likely legal action is the teacher's, after."""
    import torch

    policy = model.policy
    policy.set_training_mode(True)
    rng = np.random.default_rng(seed)
    n = len(samples)
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch_size):
            idx = order[start:start + batch_size]
            dist = policy.get_distribution(torch.as_tensor(samples.obs[idx]),
                                           action_masks=samples.masks[idx])
            loss = -dist.log_prob(torch.as_tensor(samples.actions[idx])).mean()
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            policy.optimizer.step()
    policy.set_training_mode(False)
    return accuracy(model, samples, batch_size)


def choices(model: Any, samples: Samples, batch_size: int = 1024) -> np.ndarray:
    """``model``'s most likely legal action at each sample."""
    import torch

    best = [np.zeros(0, dtype=np.int64)]
    with torch.no_grad():
        for start in range(0, len(samples), batch_size):
            sl = slice(start, start + batch_size)
            dist = model.policy.get_distribution(torch.as_tensor(samples.obs[sl]),
                                                 action_masks=samples.masks[sl])
            best.append(dist.distribution.probs.argmax(dim=1).numpy())
    return np.concatenate(best)


def accuracy(model: Any, samples: Samples, batch_size: int = 1024) -> float:
    """The share of samples whose most likely legal action under ``model`` is the teacher's."""
    hits = int((choices(model, samples, batch_size) == samples.actions).sum())
    return hits / max(len(samples), 1)


def warm_start(model: Any, system: str, env: dict[str, Any], teacher: str, decisions: int,
               epochs: int, batch_size: int, seed: int, log: Any) -> dict[str, Any]:
    """Collect the teacher's decisions and fit ``model`` to them; what happened, for the run's
    history."""
    log(f"imitation: {decisions} decisions of {teacher} against itself")
    samples = collect(system, env, teacher, decisions, seed)
    before = accuracy(model, samples)
    after = fit(model, samples, epochs, batch_size, seed)
    log(f"imitation: {len(samples)} samples, {epochs} epochs: the policy picks the teacher's "
        f"action {after:.1%} of the time (before: {before:.1%})")
    return {"teacher": teacher, "samples": len(samples), "epochs": epochs,
            "accuracy_before": round(before, 4), "accuracy_after": round(after, 4)}
