"""Agents that play a trained policy: an SB3 MaskablePPO checkpoint (``.zip``, needs the ``train``
extra) or an ONNX file written by ``combatzoo export`` (``.onnx``, needs only onnxruntime, the
``export`` extra).

An SB3 checkpoint holds cloudpickled fields: loading one runs whatever code its author put in
it (issue 16). So :func:`load_checkpoint`, the one door through which this package unpickles a
``.zip``, opens one only when the caller says it trusts the file (``trust_pickle=True``, the
``--trust-pickle`` flag of the commands) or when its bytes match a sha256 recorded by the
training run that wrote it (a run's own resume and snapshots). ONNX files hold no code and need
neither.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

import numpy as np

from ..envs.core.errors import CombatZooError


class ModelFileError(CombatZooError, ValueError):
    """A policy file that cannot be played: missing, corrupt, of the wrong kind, changed since
    its hash was recorded, or a pickle nobody said to trust. The message names the file."""


def sha256_bytes(data: bytes) -> str:
    """The hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: str | Path) -> str:
    """The hex sha256 of a file."""
    h = hashlib.sha256()
    with Path(path).open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def untrusted_message(path: str | Path) -> str:
    """Why a ``.zip`` is refused, and the two ways forward (one line)."""
    return (f"{path}: refusing to load an SB3 checkpoint: it is a pickle, and loading it can run "
            f"any code its author put in it. Export it to ONNX where you trust it (combatzoo "
            f"export {path} --out NAME.onnx --trust-pickle) and use the .onnx file, or pass "
            f"--trust-pickle (trust_pickle=True) if you trust this file")


def _read_model_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ModelFileError(f"{path}: no such policy checkpoint") from None
    except IsADirectoryError:
        raise ModelFileError(f"{path}: is a folder, not a policy checkpoint") from None
    except OSError as exc:
        raise ModelFileError(f"{path}: cannot read ({exc.strerror or exc})") from None


def load_checkpoint(path: str | Path, *, trust_pickle: bool = False, sha256: str | None = None,
                    device: str = "cpu", **load_kwargs: Any) -> Any:
    """The MaskablePPO model of the SB3 checkpoint at ``path``.

    Loads only when ``trust_pickle`` is True or when the file's bytes hash to ``sha256`` (the
    hash its own training run recorded when it saved it); otherwise, and on a mismatch, raises
    :class:`ModelFileError` without unpickling anything. The bytes are read once, checked, and
    loaded from memory, so the file cannot change between the check and the load.
    ``load_kwargs`` go to ``MaskablePPO.load`` (``env``, ``tensorboard_log``).
    """
    p = Path(path)
    if not p.exists():
        raise ModelFileError(f"{p}: no such policy checkpoint")
    if sha256 is None and not trust_pickle:
        raise ModelFileError(untrusted_message(p))
    data = _read_model_bytes(p)
    if sha256 is not None and sha256_bytes(data) != sha256:
        raise ModelFileError(f"{p}: its sha256 differs from the one recorded when it was saved "
                             f"(changed or truncated since); not loaded")
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ModelFileError(f"{p}: playing an SB3 checkpoint needs the 'train' extra "
                             f"(pip install 'combatzoo[train]'), or export it to ONNX") from None
    buffer = io.BytesIO(data)
    try:
        return MaskablePPO.load(buffer, device=device, **load_kwargs)
    except Exception as exc:  # a zip that is not an SB3 checkpoint, a truncated file...
        # SB3's message names the in-memory buffer: name the file instead.
        text = (str(exc).splitlines() or [""])[0].replace(str(buffer), p.name)
        raise ModelFileError(f"{p}: not a MaskablePPO checkpoint ({type(exc).__name__}: "
                             f"{text[:200]})") from None


class PolicyAgent:
    """Plays a MaskablePPO policy: the masked argmax (``deterministic=True``) or a masked sample.

    Build it from a checkpoint path, or wrap a model already in memory with :meth:`from_model`
    (used for evaluation during training).
    """

    needs_view = False

    def __init__(self, path: str | Path, *, deterministic: bool = True, name: str | None = None,
                 device: str = "cpu", trust_pickle: bool = False,
                 sha256: str | None = None) -> None:
        """Load the checkpoint at ``path`` through :func:`load_checkpoint`: only with
        ``trust_pickle=True`` or a matching ``sha256``."""
        p = Path(path)
        self.model: Any = load_checkpoint(p, trust_pickle=trust_pickle, sha256=sha256,
                                          device=device)
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
        p = Path(path)
        if not p.is_file():
            raise ModelFileError(f"{p}: no such ONNX policy")
        self.card: dict[str, Any] = _read_card(p.with_suffix(".json"))
        self.session = _onnx_session(p)
        inputs = [i.name for i in self.session.get_inputs()]
        if inputs != ["observation", "action_mask"]:
            raise ModelFileError(f"{p}: expected inputs ['observation', 'action_mask'] "
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


def _read_card(card_file: Path) -> dict[str, Any]:
    """The model card beside an ONNX file (``{}`` when there is none)."""
    import json

    if not card_file.is_file():
        return {}
    try:
        card = json.loads(card_file.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise ModelFileError(f"{card_file}: unreadable model card ({type(exc).__name__})"
                             ) from None
    if not isinstance(card, dict):
        raise ModelFileError(f"{card_file}: a model card must be a JSON object")
    return card


def _onnx_session(path: Path) -> Any:
    """An onnxruntime session on ``path``; a file that is not an ONNX graph is refused."""
    try:
        import onnxruntime as ort
    except ImportError:
        raise ModelFileError(f"{path}: playing an ONNX policy needs the 'export' extra "
                             f"(pip install 'combatzoo[export]')") from None
    options = ort.SessionOptions()
    # One request at a time per session: a thread pool per call only adds latency.
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    try:
        return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime's own InvalidProtobuf, Fail, ...
        first = str(exc).splitlines()[0] if str(exc) else ""
        raise ModelFileError(f"{path}: not a loadable ONNX file ({type(exc).__name__}: "
                             f"{first[:200]})") from None
