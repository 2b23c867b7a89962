"""``combatzoo export``: a MaskablePPO checkpoint to an ONNX file a frontend can run itself.

``combatzoo export runs/x/final.zip --out bots/las.onnx --trust-pickle`` writes

- ``las.onnx``: inputs ``observation`` (float32 ``[batch, obs_size]``) and ``action_mask``
  (int8 ``[batch, num_actions]``, 1 = legal); outputs ``action`` (int64 ``[batch]``, the masked
  argmax) and ``probabilities`` (float32 ``[batch, num_actions]``, the masked softmax). The mask is
  applied inside the graph exactly as sb3-contrib does (illegal logits set to -1e8), so a client
  never needs to mask by hand;
- ``las.json``: the model card (system, env version, observation layout, action labels, inputs and
  outputs, the checkpoint's sha256 and the parity result).

Parity: observations recorded from seeded games of the system (random legal play from both seats,
every acting agent's observation and mask) are fed to both SB3 (``predict(...,
action_masks=..., deterministic=True)``) and the ONNX file (onnxruntime); the argmaxes must be
equal on every one (``--parity N``, default 1,000), or pick two actions whose SB3 probabilities
tie within 1e-6 (float noise orders a tie either way). A mismatch fails the export and leaves no
files behind.

Needs the ``train`` and ``export`` extras (torch, sb3-contrib, onnx, onnxruntime).
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..envs.core.jsonio import dumps, read_json, write_atomic
from .common import UserError, make_dir, non_negative_int

OPSET = 18
INPUTS = ("observation", "action_mask")
OUTPUTS = ("action", "probabilities")
MASKED_LOGIT = -1e8
"""What sb3-contrib's ``MaskableCategorical`` puts in place of an illegal action's logit."""
CARD_FORMAT = 1


def sha256(path: Path) -> str:
    """The hex sha256 of a file."""
    from ..agents.policy import file_sha256

    return file_sha256(path)


def system_for_spaces(obs_size: int, num_actions: int) -> str:
    """The registered system whose spaces are ``obs_size`` / ``Discrete(num_actions)``.

    Raises :class:`UserError` when none or several match (then ``--system`` must say which).
    """
    from ..envs import get_spec, list_envs

    matches = [name for name in list_envs()
               if (get_spec(name).obs_size, get_spec(name).num_actions) == (obs_size, num_actions)]
    if len(matches) != 1:
        found = "no registered system" if not matches else f"several systems ({matches})"
        raise UserError(f"a checkpoint with observation size {obs_size} and {num_actions} actions "
                        f"fits {found}; name it with --system")
    return matches[0]


def load_checkpoint(path: str | Path, system: str | None = None, *,
                    trust_pickle: bool = False) -> tuple[Any, str]:
    """The MaskablePPO model in ``path`` and the system it plays (checked against its spaces).

    The checkpoint is a pickle: it is opened only with ``trust_pickle`` (issue 16), through
    :func:`combatzoo.agents.policy.load_checkpoint`, which raises ``ModelFileError`` otherwise.
    """
    from ..agents.policy import load_checkpoint as load_sb3

    p = Path(path)
    model: Any = load_sb3(p, trust_pickle=trust_pickle)
    obs_size = int(np.prod(model.observation_space.shape))
    num_actions = int(model.action_space.n)
    if system is None:
        return model, system_for_spaces(obs_size, num_actions)
    from ..envs import get_spec, list_envs

    if system not in list_envs():
        raise UserError(f"unknown system {system!r}; known: {', '.join(list_envs())}")
    spec = get_spec(system)
    if (spec.obs_size, spec.num_actions) != (obs_size, num_actions):
        raise UserError(f"{p} has observation size {obs_size} and {num_actions} actions; "
                        f"{system} has {spec.obs_size} and {spec.num_actions}")
    return model, system


def _onnx_module(policy: Any) -> Any:
    """A torch module: (observation, action_mask) -> (masked argmax, masked probabilities)."""
    import torch

    class MaskedPolicy(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.policy = policy

        def forward(self, observation: torch.Tensor,
                    action_mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            pol = self.policy
            if hasattr(pol, "action_logits"):  # training/slot_policy.py: slot-scored actions
                logits = pol.action_logits(observation)
            else:
                features = pol.extract_features(observation, pol.pi_features_extractor)
                logits = pol.action_net(pol.mlp_extractor.forward_actor(features))
            legal = action_mask > 0
            masked = torch.where(legal, logits, torch.full_like(logits, MASKED_LOGIT))
            return torch.argmax(masked, dim=1), torch.softmax(masked, dim=1)

    return MaskedPolicy().eval()


def export_onnx(model: Any, out: Path) -> None:
    """Write the ONNX graph of ``model``'s masked policy to ``out`` (not atomic: see
    :func:`export`)."""
    import torch

    obs_size = int(np.prod(model.observation_space.shape))
    num_actions = int(model.action_space.n)
    module = _onnx_module(model.policy)
    # A batch of 2, not 1: the exporter fixes a dimension of size 1 (0/1 specialisation)
    # where a layer reshapes the batch (the card encoder's slots, training/card_encoder.py).
    dummy = (torch.zeros(2, obs_size, dtype=torch.float32),
             torch.ones(2, num_actions, dtype=torch.int8))
    batch = torch.export.Dim("batch")
    with torch.no_grad(), warnings.catch_warnings():
        # The exporter reports its own progress and deprecations of torch internals; a user
        # can do nothing about them, so keep them out of the command's output.
        warnings.simplefilter("ignore")
        level = logging.getLogger("torch").level
        logging.getLogger("torch").setLevel(logging.ERROR)
        try:
            torch.onnx.export(
                module, dummy, str(out), input_names=list(INPUTS), output_names=list(OUTPUTS),
                dynamic_shapes={"observation": {0: batch}, "action_mask": {0: batch}},
                opset_version=OPSET, dynamo=True, external_data=False, verbose=False)
        finally:
            logging.getLogger("torch").setLevel(level)


def record_observations(system: str, count: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """``count`` (observation, mask) pairs of acting agents from seeded random games of ``system``.

    Random legal play from both seats reaches positions all over a game, not only openings.
    """
    from ..envs import make_engine

    engine = make_engine(system)
    rng = np.random.default_rng(seed)
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    while len(observations) < count:
        state = engine.new_game(rng)
        while not engine.is_over(state) and len(observations) < count:
            actions = {}
            for p in engine.to_act(state):
                observations.append(np.array(engine.observe(state, p), dtype=np.float32))
                masks.append(np.array(engine.legal_mask(state, p), dtype=np.int8))
                actions[p] = int(rng.choice(engine.legal_actions(state, p)))
            engine.apply(state, actions)
    return np.stack(observations[:count]), np.stack(masks[:count])


def parity(model: Any, onnx_path: Path, observations: np.ndarray,
           masks: np.ndarray) -> dict[str, Any]:
    """Compare SB3's masked deterministic prediction with the ONNX argmax on every observation.

    Returns ``{"observations": n, "equal": k, "max_prob_diff": d, "mismatches": [first few]}``.
    """
    import onnxruntime as ort

    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    onnx_actions, onnx_probs = session.run(list(OUTPUTS), {"observation": observations,
                                                           "action_mask": masks})
    sb3_actions, _ = model.predict(observations, action_masks=masks.astype(bool),
                                   deterministic=True)
    import torch

    with torch.no_grad():
        obs_t, _ = model.policy.obs_to_tensor(observations)
        dist = model.policy.get_distribution(obs_t, action_masks=masks.astype(bool))
        sb3_probs = dist.distribution.probs.cpu().numpy()
    sb3_actions = np.asarray(sb3_actions)
    rows = np.arange(len(observations))
    # Two legal actions whose probabilities tie within float noise (a fresh policy spreads
    # them almost evenly) may come out of the two argmaxes in either order: count as equal.
    tied = np.abs(sb3_probs[rows, onnx_actions] - sb3_probs[rows, sb3_actions]) <= 1e-6
    equal = (onnx_actions == sb3_actions) | tied
    illegal = int(np.sum(masks[rows, onnx_actions] == 0))
    return {"observations": int(len(observations)), "equal": int(equal.sum()),
            "illegal_onnx_actions": illegal,
            "max_prob_diff": float(np.max(np.abs(onnx_probs - sb3_probs))),
            "mismatches": [int(i) for i in np.flatnonzero(~equal)[:10]]}


def model_card(system: str, checkpoint: Path, onnx_path: Path,
               parity_result: dict[str, Any] | None) -> dict[str, Any]:
    """The JSON written beside the ONNX file: what a frontend needs to feed and read it."""
    from ..envs import make_engine

    engine = make_engine(system)
    spec = engine.spec
    return {
        "format": CARD_FORMAT,
        "system": system,
        "title": spec.title,
        "env_version": spec.version,
        "obs_size": spec.obs_size,
        "num_actions": spec.num_actions,
        "inputs": {"observation": {"dtype": "float32", "shape": ["batch", spec.obs_size]},
                   "action_mask": {"dtype": "int8", "shape": ["batch", spec.num_actions],
                                   "meaning": "1 = legal; applied inside the graph"}},
        "outputs": {"action": {"dtype": "int64", "shape": ["batch"],
                               "meaning": "argmax over legal actions"},
                    "probabilities": {"dtype": "float32", "shape": ["batch", spec.num_actions],
                                      "meaning": "softmax over legal actions (0 elsewhere)"}},
        "opset": OPSET,
        "observation_layout": [
            {"name": s.name, "start": engine.layout.start[s.name], "size": s.size,
             "meaning": s.doc} for s in engine.layout.segments],
        "action_labels": list(engine.codec.labels),
        "checkpoint": {"file": checkpoint.name, "sha256": sha256(checkpoint)},
        "onnx_sha256": sha256(onnx_path),
        "parity": parity_result,
    }


def card_path(onnx_path: Path) -> Path:
    """Where the model card of ``onnx_path`` lives (same name, ``.json``)."""
    return onnx_path.with_suffix(".json")


def read_model_card(onnx_path: Path) -> dict[str, Any]:
    """The model card beside ``onnx_path``; :class:`UserError` naming the file when missing."""
    path = card_path(onnx_path)
    if not path.is_file():
        raise UserError(f"{onnx_path}: no model card at {path} (write both with combatzoo export)")
    card: dict[str, Any] = read_json(path)
    return card


def export(checkpoint: str | Path, out: str | Path, *, system: str | None = None,
           parity_count: int = 1000, seed: int = 0,
           log: Callable[[str], None] | None = None,
           trust_pickle: bool = False) -> dict[str, Any]:
    """Export ``checkpoint`` to ``out`` (ONNX) and its model card; returns the card.

    Loading the checkpoint unpickles it, so it needs ``trust_pickle`` (``--trust-pickle``),
    even for a run's own ``final.zip``: a hash beside a file says it has not changed since it
    was written, not who wrote it, and export is the step where files from elsewhere arrive.
    Files appear only when the parity check passes (written to a temporary file first, then
    moved): a failed export leaves an earlier file at ``out`` untouched.
    """
    say = log or (lambda _m: None)
    ckpt = Path(checkpoint)
    out_path = Path(out)
    if out_path.suffix != ".onnx":
        raise UserError(f"--out {out_path}: the file name must end in .onnx")
    if out_path.is_dir():
        raise UserError(f"--out {out_path}: is a folder")
    make_dir(out_path.parent, f"--out {out_path}: folder")  # before the slow part
    model, system = load_checkpoint(ckpt, system, trust_pickle=trust_pickle)
    say(f"{ckpt}: MaskablePPO policy for {system}")
    with tempfile.TemporaryDirectory(dir=out_path.parent) as tmp:
        tmp_onnx = Path(tmp) / out_path.name
        export_onnx(model, tmp_onnx)
        result = None
        if parity_count > 0:
            say(f"parity: recording {parity_count} observations of {system} (seed {seed})")
            obs, masks = record_observations(system, parity_count, seed)
            result = parity(model, tmp_onnx, obs, masks)
            say(f"parity: ONNX argmax == SB3 prediction on {result['equal']}/"
                f"{result['observations']}; max probability difference "
                f"{result['max_prob_diff']:.2e}")
            if result["equal"] != result["observations"] or result["illegal_onnx_actions"]:
                raise UserError(f"parity check failed: {result}; nothing written")
        card = model_card(system, ckpt, tmp_onnx, result)
        tmp_onnx.replace(out_path)
    write_atomic(card_path(out_path), dumps(card))
    say(f"wrote {out_path} and {card_path(out_path)}")
    return card


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "export", help="a MaskablePPO checkpoint to ONNX (mask applied in the graph) + model card",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("checkpoint", help="MaskablePPO .zip (e.g. runs/<run>/final.zip); loading it "
                                      "unpickles it, so --trust-pickle is required")
    p.add_argument("--out", required=True, help="the .onnx file to write (the card goes beside)")
    p.add_argument("--system", default=None,
                   help="the system it plays (default: the one whose spaces fit the checkpoint)")
    p.add_argument("--parity", type=non_negative_int, default=1000, metavar="N",
                   help="observations for the SB3-vs-ONNX parity check (0 skips it)")
    p.add_argument("--seed", type=non_negative_int, default=0, help="seed of the recorded games")
    p.add_argument("--trust-pickle", action="store_true",
                   help="confirm you trust the checkpoint: loading an SB3 .zip runs any code "
                        "its author put in it (required; do it where that is safe)")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    if args.parity < 0:
        raise UserError(f"--parity {args.parity}: must be 0 or more")
    export(args.checkpoint, args.out, system=args.system, parity_count=args.parity,
           seed=args.seed, log=print, trust_pickle=args.trust_pickle)
    return 0
