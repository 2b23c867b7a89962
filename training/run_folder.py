"""The files of a training run that ``--resume`` reads back, written so that they stay in step.

``checkpoints/trainer.json`` is the commit point of a checkpoint (issue 16): the model is saved
first, under a name holding its timestep count and hash (``latest-000000001024-ab12cd34ef56.zip``),
then ``trainer.json`` is replaced in one ``os.replace``, naming that file and its sha256, and
only then are older model files removed. A kill at any moment leaves a ``trainer.json`` that
names a complete model file it matches: the old pair or the new one, never a mix.

``--resume`` loads the run's own files without ``--trust-pickle`` (they are pickles), but only
after their bytes match the sha256 recorded when they were saved: the model, and every
snapshot of the opponent pool. A run folder that does not add up (``trainer.json`` without
its model, a model without ``trainer.json``, a missing key, a hash that differs) is refused
in one line naming what is wrong, instead of starting over and overwriting the history.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.policy import ModelFileError, file_sha256, sha256_bytes
from ..envs.core.jsonio import dumps, write_atomic
from .common import UserError, read_json_file

STATE_FILE = "trainer.json"
STATE_FORMAT = 2
"""2: the model file and every snapshot carry a sha256 (1, before issue 16: ``latest.zip`` and
snapshot paths without hashes; resumed only with ``--trust-pickle``)."""
MODEL_GLOB = "latest*.zip"
_SHA256 = re.compile(r"[0-9a-f]{64}")
_MODEL_NAME = re.compile(r"latest(-\d{12}-[0-9a-f]{12})?\.zip")


@dataclass
class Snapshot:
    """A frozen copy of the learner in the opponent pool: its file and the hash it was saved
    with (``None`` only for a format-1 run resumed with ``--trust-pickle``)."""

    path: Path
    sha256: str | None

    def to_json(self, run_dir: Path) -> dict[str, Any]:
        return {"file": self.path.relative_to(run_dir).as_posix(), "sha256": self.sha256}


@dataclass
class RunState:
    """What ``trainer.json`` says of a run."""

    timesteps: int
    model: Path
    model_sha256: str | None
    config: dict[str, Any]
    history: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)


def save_model(model: Any, path: Path) -> str:
    """Save ``model`` to ``path`` via a temporary file and a rename (a crash mid-save never
    leaves a broken file behind); returns the sha256 of the file written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.tmp.zip")
    model.save(tmp)
    digest = file_sha256(tmp)
    os.replace(tmp, path)
    return digest


def write_checkpoint(model: Any, ckpt_dir: Path, run_dir: Path, *, history: list[Any],
                     snapshots: list[Snapshot], config: dict[str, Any]) -> Path:
    """Save the model and ``trainer.json`` in step (see the module docstring); returns the
    model file."""
    timesteps = int(model.num_timesteps)
    tmp = ckpt_dir / ".latest.tmp.zip"
    digest = save_model(model, tmp)
    target = ckpt_dir / f"latest-{timesteps:012d}-{digest[:12]}.zip"
    os.replace(tmp, target)
    write_atomic(ckpt_dir / STATE_FILE, dumps({
        "format": STATE_FORMAT, "timesteps": timesteps, "model": target.name,
        "model_sha256": digest, "snapshots": [s.to_json(run_dir) for s in snapshots],
        "history": history, "config": config}))
    for old in ckpt_dir.glob(MODEL_GLOB):
        if old.name != target.name:
            old.unlink(missing_ok=True)
    return target


def holds_a_run(ckpt_dir: Path) -> bool:
    """Whether ``ckpt_dir`` holds a checkpoint (``trainer.json`` or a model file)."""
    return (ckpt_dir / STATE_FILE).exists() or any(ckpt_dir.glob(MODEL_GLOB))


def read_run_state(run_dir: Path, ckpt_dir: Path, trust_pickle: bool) -> RunState | None:
    """The state of the run to resume; ``None`` when the folder holds no checkpoint at all.

    Anything inconsistent is a :class:`UserError`; files are checked against their recorded
    hashes here (the model again, from the same bytes, when it is loaded).
    """
    state_file = ckpt_dir / STATE_FILE
    if not state_file.exists():
        models = sorted(ckpt_dir.glob(MODEL_GLOB))
        if models:
            raise UserError(f"{ckpt_dir}: {models[0].name} without {STATE_FILE}: the run folder "
                            f"is inconsistent; refusing to resume (use another out_dir)")
        return None
    data = read_json_file(state_file, "trainer state")
    where = f"{state_file}"
    if not isinstance(data, dict):
        raise UserError(f"{where}: expected a JSON object; refusing to resume")
    timesteps = _field(data, "timesteps", int, where)
    history = _field(data, "history", list, where)
    config = _field(data, "config", dict, where)
    if timesteps < 0 or not all(isinstance(row, dict) for row in history):
        raise UserError(f"{where}: 'timesteps' must be >= 0 and 'history' a list of objects; "
                        f"refusing to resume")
    model, model_sha = _model_entry(data, ckpt_dir, where, trust_pickle)
    snapshots = [_snapshot_entry(entry, run_dir, where, trust_pickle)
                 for entry in _field(data, "snapshots", list, where)]
    for snap in snapshots:
        verify_file(snap.path, snap.sha256)
    return RunState(timesteps, model, model_sha, config, list(history), snapshots)


def verify_file(path: Path, sha256: str | None) -> None:
    """Refuse (one line) a file whose bytes no longer hash to ``sha256`` (``None``: no check)."""
    if sha256 is None:
        return
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror or exc}); refusing to resume"
                        ) from None
    if sha256_bytes(data) != sha256:
        raise ModelFileError(f"{path}: its sha256 differs from the one recorded when it was "
                             f"saved (changed or truncated since); refusing to resume")


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise UserError(f"{where}: '{key}' is missing or not a {kind.__name__}; the run folder "
                        f"is inconsistent, refusing to resume (use another out_dir)")
    return value


def _model_entry(data: dict[str, Any], ckpt_dir: Path, where: str,
                 trust_pickle: bool) -> tuple[Path, str | None]:
    """The model file ``trainer.json`` names and its hash (format 1: ``latest.zip``, no hash,
    only with ``--trust-pickle``)."""
    if "model" not in data and "model_sha256" not in data:
        if not trust_pickle:
            raise UserError(f"{where}: written without a model sha256 (an older combatzoo); "
                            f"pass --trust-pickle to resume it from its pickles")
        name: Any = "latest.zip"
        digest: Any = None
    else:
        name = data.get("model")
        digest = data.get("model_sha256")
        if not isinstance(name, str) or not _MODEL_NAME.fullmatch(name):
            raise UserError(f"{where}: 'model' must name a latest-*.zip file of its folder, got "
                            f"{name!r}; refusing to resume")
        if not isinstance(digest, str) or not _SHA256.fullmatch(digest):
            raise UserError(f"{where}: 'model_sha256' must be 64 hex digits; refusing to resume")
    model = ckpt_dir / str(name)
    if not model.is_file():
        raise UserError(f"{where} names {model.name}, which is missing: refusing to resume "
                        f"(it would start over and overwrite the run's history)")
    return model, digest


def _snapshot_entry(entry: Any, run_dir: Path, where: str, trust_pickle: bool) -> Snapshot:
    if isinstance(entry, str) and trust_pickle:  # format 1: a path, no hash
        path, digest = Path(entry), None
    elif isinstance(entry, dict) and isinstance(entry.get("file"), str) \
            and isinstance(entry.get("sha256"), str) and _SHA256.fullmatch(entry["sha256"]):
        path, digest = run_dir / entry["file"], entry["sha256"]
        if ".." in Path(entry["file"]).parts or Path(entry["file"]).is_absolute():
            raise UserError(f"{where}: snapshot {entry['file']!r} is outside the run folder")
    else:
        raise UserError(f"{where}: a snapshot entry must be {{'file': ..., 'sha256': ...}}, got "
                        f"{str(entry)[:80]}; refusing to resume")
    if not path.is_file():
        raise UserError(f"{where}: snapshot {path} is missing; refusing to resume")
    return Snapshot(path, digest)
