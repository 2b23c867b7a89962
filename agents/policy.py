"""Agents that play a trained policy: an SB3 MaskablePPO checkpoint (``.zip``, needs the ``train``
extra) or an ONNX file written by ``combatzoo export`` (``.onnx``, needs only onnxruntime, the
``export`` extra).

Checkpoints are pickles: load only files you trust (the bot service loads them from its own
models folder only).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np


class PolicyAgent:
    """Plays a MaskablePPO policy: the masked argmax (``deterministic=True``) or a masked sample.

    Build it from a checkpoint path, or wrap a model already in memory with :meth:`from_model`
    (used for evaluation during training).
    """

    needs_view = False

    def __init__(self, path: str | Path, *, deterministic: bool = True, name: str | None = None,
                 device: str = "cpu") -> None:
        from sb3_contrib import MaskablePPO

        p = Path(path)
        if not p.is_file():
            raise FileNotFoundError(f"no policy checkpoint at {p}")
        self.model: Any = MaskablePPO.load(p, device=device)
        self.deterministic = deterministic
        self.name = name or p.stem
        self._rng = np.random.default_rng()

    @classmethod
    def from_model(cls, model: Any, *, name: str = "learner",
                   deterministic: bool = True) -> PolicyAgent:
        """Wrap an in-memory MaskablePPO model (not copied: it follows further training)."""
        agent = cls.__new__(cls)
        agent.model = model
        agent.deterministic = deterministic
        agent.name = name
        agent._rng = np.random.default_rng()
        return agent

    def reset(self, seed: int | None = None) -> None:
        """Seed the sampling (only used when ``deterministic`` is False)."""
        self._rng = np.random.default_rng(seed)

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        legal = mask.astype(bool)
        if self.deterministic:
            action, _ = self.model.predict(observation, action_masks=legal, deterministic=True)
            return int(action)
        # Sample from the masked distribution with this agent's own seeded generator.
        probs = self.action_probabilities(observation, mask).astype(np.float64) * legal
        probs /= probs.sum()
        return int(self._rng.choice(len(probs), p=probs))

    def action_probabilities(self, observation: np.ndarray, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """The masked action probabilities of the policy for one observation."""
        import torch

        legal = mask.astype(bool)
        policy = self.model.policy
        with torch.no_grad():
            obs_t, _ = policy.obs_to_tensor(observation)
            dist = policy.get_distribution(obs_t, action_masks=legal[None, :])
            probs: np.ndarray = dist.distribution.probs[0].cpu().numpy()
        return probs


class OnnxPolicyAgent:
    """Plays an ONNX policy from ``combatzoo export`` with onnxruntime (no torch needed).

    The graph applies the action mask itself; this agent feeds it the observation and the mask
    and takes the ``action`` output (masked argmax) or samples the ``probabilities`` output with
    its own seeded generator. The model card beside the file names the system it plays.
    """

    needs_view = False

    def __init__(self, path: str | Path, *, deterministic: bool = True,
                 name: str | None = None) -> None:
        import json

        import onnxruntime as ort

        p = Path(path)
        if not p.is_file():
            raise FileNotFoundError(f"no ONNX policy at {p}")
        card_file = p.with_suffix(".json")
        self.card: dict[str, Any] = (json.loads(card_file.read_text(encoding="utf-8"))
                                     if card_file.is_file() else {})
        options = ort.SessionOptions()
        # One request at a time per session: a thread pool per call only adds latency.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(p), options, providers=["CPUExecutionProvider"])
        inputs = [i.name for i in self.session.get_inputs()]
        if inputs != ["observation", "action_mask"]:
            raise ValueError(f"{p}: expected inputs ['observation', 'action_mask'] "
                             f"(a file from combatzoo export), got {inputs}")
        self.deterministic = deterministic
        self.name = name or p.stem
        self._rng = np.random.default_rng()

    @property
    def system(self) -> str | None:
        """The system named by the model card, if there is one."""
        value = self.card.get("system")
        return value if isinstance(value, str) else None

    def reset(self, seed: int | None = None) -> None:
        """Seed the sampling (only used when ``deterministic`` is False)."""
        self._rng = np.random.default_rng(seed)

    def _run(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        obs = np.asarray(observation, dtype=np.float32).reshape(1, -1)
        m = np.asarray(mask, dtype=np.int8).reshape(1, -1)
        action, probs = self.session.run(None, {"observation": obs, "action_mask": m})
        return int(action[0]), np.asarray(probs[0], dtype=np.float64)

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        action, probs = self._run(observation, mask)
        if self.deterministic:
            return action
        probs = probs * (np.asarray(mask) > 0)
        probs /= probs.sum()
        return int(self._rng.choice(len(probs), p=probs))

    def action_probabilities(self, observation: np.ndarray, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """The masked action probabilities of the policy for one observation."""
        return self._run(observation, mask)[1]
