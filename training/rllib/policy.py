"""A trained RLlib policy as a combatzoo :class:`~combatzoo.envs.core.agent.Agent`, and its export
to the ONNX format of ``combatzoo export`` (issue 17).

The policy is the ``main`` RLModule (RLlib's ``ActionMaskingTorchRLModule``): an encoder and a
``pi`` head over the observation vector; the mask is applied to the logits afterwards. The agent
plays the masked argmax; the ONNX graph is the same one ``training/export.py`` writes for SB3
(illegal logits set to ``MASKED_LOGIT``, outputs ``action`` and ``probabilities``), so
``combatzoo serve`` and ``play`` load it unchanged.
"""

from __future__ import annotations

import logging
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from ...envs.core.jsonio import dumps, write_atomic
from ..common import UserError
from ..export import (
    INPUTS,
    MASKED_LOGIT,
    OPSET,
    OUTPUTS,
    card_path,
    model_card,
    record_observations,
)

MODULE_PATH = ("learner_group", "learner", "rl_module", "main")
"""Where an RLlib algorithm checkpoint keeps the ``main`` module."""


def module_dir(path: str | Path) -> Path:
    """The ``main`` module folder of an algorithm checkpoint (or ``path`` itself if it is one)."""
    p = Path(path)
    inner = p.joinpath(*MODULE_PATH)
    if inner.is_dir():
        return inner
    if p.is_dir() and (p / "class_and_ctor_args.pkl").is_file():
        return p
    raise UserError(f"{p}: not an RLlib checkpoint (no {'/'.join(MODULE_PATH)} inside)")


def load_module(path: str | Path) -> Any:
    """The ``main`` RLModule of a checkpoint, on the CPU, in eval mode."""
    from ray.rllib.core.rl_module.rl_module import RLModule

    module: Any = RLModule.from_checkpoint(str(module_dir(path).resolve()))
    module.eval()
    return module


def _policy_net(module: Any) -> Any:
    """A torch module: (observation, action_mask) -> (masked argmax, masked probabilities)."""
    import torch
    from ray.rllib.core.models.base import ACTOR, ENCODER_OUT

    class MaskedPolicy(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = module.encoder
            self.pi = module.pi

        def forward(self, observation: torch.Tensor,
                    action_mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            logits = self.pi(self.encoder({"obs": observation})[ENCODER_OUT][ACTOR])
            legal = action_mask > 0
            masked = torch.where(legal, logits, torch.full_like(logits, MASKED_LOGIT))
            return torch.argmax(masked, dim=1), torch.softmax(masked, dim=1)

    return MaskedPolicy().eval()


class RLlibAgent:
    """Plays the masked argmax of an RLlib ``main`` module (a checkpoint path or a module)."""

    needs_view = False
    deterministic = True

    def __init__(self, source: str | Path | Any, name: str = "rllib") -> None:
        module = load_module(source) if isinstance(source, (str, Path)) else source
        self.net = _policy_net(module)
        self.name = name

    def reset(self, seed: int | None = None) -> None:
        """Nothing to seed: the agent is deterministic."""

    def batch(self, observations: np.ndarray,
              masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Masked argmaxes and masked probabilities of a batch."""
        import torch

        with torch.no_grad():
            actions, probs = self.net(torch.as_tensor(observations, dtype=torch.float32),
                                      torch.as_tensor(masks, dtype=torch.int8))
        return actions.numpy(), probs.numpy()

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        actions, _ = self.batch(np.asarray(observation)[None, :], np.asarray(mask)[None, :])
        return int(actions[0])

    def action_probabilities(self, observation: np.ndarray, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        _, probs = self.batch(np.asarray(observation)[None, :], np.asarray(mask)[None, :])
        return probs[0]


def _export_graph(agent: RLlibAgent, obs_size: int, num_actions: int, out: Path) -> None:
    import torch

    dummy = (torch.zeros(1, obs_size, dtype=torch.float32),
             torch.ones(1, num_actions, dtype=torch.int8))
    batch = torch.export.Dim("batch")
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the exporter's own progress notes (as export.py)
        level = logging.getLogger("torch").level
        logging.getLogger("torch").setLevel(logging.ERROR)
        try:
            torch.onnx.export(
                agent.net, dummy, str(out), input_names=list(INPUTS),
                output_names=list(OUTPUTS),
                dynamic_shapes={"observation": {0: batch}, "action_mask": {0: batch}},
                opset_version=OPSET, dynamo=True, external_data=False, verbose=False)
        finally:
            logging.getLogger("torch").setLevel(level)


def parity(agent: RLlibAgent, onnx_path: Path, observations: np.ndarray,
           masks: np.ndarray) -> dict[str, Any]:
    """The torch module's masked argmax against the ONNX file's, as ``export.parity`` reports."""
    import onnxruntime as ort

    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    onnx_actions, onnx_probs = session.run(list(OUTPUTS), {"observation": observations,
                                                           "action_mask": masks})
    torch_actions, torch_probs = agent.batch(observations, masks)
    equal = onnx_actions == torch_actions
    illegal = int(np.sum(masks[np.arange(len(masks)), onnx_actions] == 0))
    return {"observations": int(len(observations)), "equal": int(equal.sum()),
            "illegal_onnx_actions": illegal,
            "max_prob_diff": float(np.max(np.abs(onnx_probs - torch_probs))),
            "mismatches": [int(i) for i in np.flatnonzero(~equal)[:10]]}


def export(checkpoint: str | Path, out: str | Path, system: str, *, parity_count: int = 1000,
           seed: int = 0) -> dict[str, Any]:
    """Export the ``main`` module of ``checkpoint`` to ``out`` (ONNX) and its model card, as
    ``combatzoo export`` does; files appear only when the parity check passes."""
    from ...envs import get_spec

    out_path = Path(out)
    if out_path.suffix != ".onnx":
        raise UserError(f"{out_path}: the file name must end in .onnx")
    source = module_dir(checkpoint)
    agent = RLlibAgent(source)
    spec = get_spec(system)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out_path.parent) as tmp:
        tmp_onnx = Path(tmp) / out_path.name
        _export_graph(agent, spec.obs_size, spec.num_actions, tmp_onnx)
        result = None
        if parity_count > 0:
            obs, masks = record_observations(system, parity_count, seed)
            result = parity(agent, tmp_onnx, obs, masks)
            if result["equal"] != result["observations"] or result["illegal_onnx_actions"]:
                raise UserError(f"parity check failed: {result}; nothing written")
        card = model_card(system, _state_file(source), tmp_onnx, result)
        card["trainer"] = "rllib"
        tmp_onnx.replace(out_path)
    write_atomic(card_path(out_path), dumps(card))
    return card


def _state_file(folder: Path) -> Path:
    """The module's weights file (its sha256 goes into the model card)."""
    files = sorted(p for p in folder.iterdir() if p.name.startswith("module_state"))
    if not files:
        raise UserError(f"{folder}: no module_state file")
    return files[0]
