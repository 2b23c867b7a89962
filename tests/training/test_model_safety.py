"""Issue 16: loading a checkpoint must not run code. An SB3 ``.zip`` holds cloudpickled fields;
``make_agent``, ``evaluate``, ``play``, ``serve`` and ``export`` open one only with
``--trust-pickle`` (``trust_pickle=True``), and a training run reads back only its own files,
checked against the sha256 recorded when it saved them.

The crafted checkpoint here is a real attack: its ``data`` file holds a pickle whose
``__reduce__`` opens (creates) a marker file. Loading it with trust creates the marker (the
control, so the test could fail); every refusal leaves it absent.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import pickle
import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from combatzoo.agents import make_agent
from combatzoo.agents.policy import ModelFileError, PolicyAgent, load_checkpoint
from combatzoo.training.cli import main

pytest.importorskip("sb3_contrib")

ROOT = Path(__file__).resolve().parents[2]


class _Marker:
    """Unpickled, it creates the file at ``path`` (what any attacker's payload could do)."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (self.path, "w"))


def crafted_checkpoint(folder: Path, name: str = "evil.zip") -> tuple[Path, Path]:
    """A .zip laid out as SB3 saves one, whose ``observation_space`` field is a pickle that
    creates ``marker`` when loaded; returns (checkpoint, marker)."""
    marker = folder / f"{name}.marker"
    payload = base64.b64encode(pickle.dumps(_Marker(marker))).decode()
    data = {"observation_space": {":type:": "<class 'gymnasium.spaces.box.Box'>",
                                  ":serialized:": payload}}
    path = folder / name
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("data", json.dumps(data))
        zf.writestr("_stable_baselines3_version", "2.3.0")
    return path, marker


def run_main(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    return status, err.getvalue()


def test_the_crafted_checkpoint_runs_code_when_trusted(tmp_path):
    # The control: with trust the payload runs (then the file is no checkpoint at all).
    path, marker = crafted_checkpoint(tmp_path)
    with pytest.raises(ModelFileError, match="not a MaskablePPO checkpoint"):
        load_checkpoint(path, trust_pickle=True)
    assert marker.exists()


def test_make_agent_refuses_a_checkpoint_without_trust(tmp_path):
    path, marker = crafted_checkpoint(tmp_path)
    with pytest.raises(ModelFileError, match=r"evil\.zip: refusing to load an SB3 checkpoint.*"
                                             r"combatzoo export.*--trust-pickle"):
        make_agent("land_air_sea", str(path))
    with pytest.raises(ModelFileError, match="refusing"):
        PolicyAgent(path)
    assert not marker.exists()


def test_a_wrong_sha256_refuses_before_unpickling(tmp_path):
    path, marker = crafted_checkpoint(tmp_path)
    with pytest.raises(ModelFileError, match="sha256 differs"):
        load_checkpoint(path, sha256="0" * 64)
    assert not marker.exists()


@pytest.mark.parametrize("argv", [
    ["evaluate", "--agents", "random", "{zip}", "--games", "1"],
    ["play", "land_air_sea", "--bot", "{zip}"],
    ["export", "{zip}", "--out", "{dir}/out.onnx"],
    ["train", "{dir}/c.yaml"],
], ids=["evaluate", "play", "export", "train-opponent"])
def test_commands_refuse_a_checkpoint_without_trust(tmp_path, argv):
    path, marker = crafted_checkpoint(tmp_path)
    (tmp_path / "c.yaml").write_text(f"opponents: {{{path}: 1}}\nout_dir: {tmp_path / 'runs'}\n")
    args = [a.replace("{zip}", str(path)).replace("{dir}", str(tmp_path)) for a in argv]
    status, err = run_main(args)
    assert status == 2 and len(err.strip().splitlines()) == 1, err
    assert "evil.zip: refusing to load an SB3 checkpoint" in err and "--trust-pickle" in err
    assert not marker.exists()


def test_the_service_refuses_a_checkpoint_without_trust(tmp_path):
    pytest.importorskip("fastapi")
    from combatzoo.agents.service import BotLoadError, BotRegistry

    models = tmp_path / "models"
    models.mkdir()
    _, marker = crafted_checkpoint(models)
    with pytest.raises(BotLoadError, match="evil.zip: refusing to load an SB3 checkpoint"):
        BotRegistry(["land_air_sea"], models)
    assert not marker.exists()
    # `combatzoo serve --models` stops at start-up, in one line (a subprocess: were it to
    # start serving, the timeout would end it and the test would fail).
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "serve", "--models",
                          str(models), "--port", str(port), "--system", "land_air_sea"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 2 and "refusing to load an SB3 checkpoint" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
    assert not marker.exists()


# --- a run's own files (the run: tests/training/conftest.py) -----------------------------------

def state_of(run: Path) -> dict:
    return json.loads((run / "checkpoints" / "trainer.json").read_text())


def test_a_run_records_hashes_of_its_model_and_snapshots(finished_run):
    from combatzoo.agents.policy import file_sha256

    _, run = finished_run
    state = state_of(run)
    model = run / "checkpoints" / state["model"]
    assert state["format"] == 2 and state["timesteps"] == 128
    assert state["model"] == f"latest-{128:012d}-{state['model_sha256'][:12]}.zip"
    assert file_sha256(model) == state["model_sha256"]
    # The older checkpoint (64 timesteps) was removed once trainer.json named the new one.
    assert sorted(p.name for p in (run / "checkpoints").iterdir()) == sorted(
        [state["model"], "trainer.json"])
    assert [s["file"] for s in state["snapshots"]] == ["snapshots/snap_000000064.zip",
                                                       "snapshots/snap_000000128.zip"]
    for snap in state["snapshots"]:
        assert file_sha256(run / snap["file"]) == snap["sha256"]
    report = json.loads((run / "report.json").read_text())
    assert report["final"]["sha256"] == file_sha256(run / "final.zip")


def test_a_kill_between_model_and_trainer_json_leaves_the_old_pair(run_copy, monkeypatch):
    from combatzoo.training import run_folder

    _, run = run_copy
    ckpt = run / "checkpoints"
    old = state_of(run)
    model = load_checkpoint(ckpt / old["model"], sha256=old["model_sha256"])
    model.num_timesteps = 192  # as if trained further

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt  # the process dies before trainer.json is replaced

    monkeypatch.setattr(run_folder, "write_atomic", killed)
    with pytest.raises(KeyboardInterrupt):
        run_folder.write_checkpoint(model, ckpt, run, history=[], snapshots=[], config={})
    # The new model file is there, but trainer.json still names the old one, which is intact.
    state = run_folder.read_run_state(run, ckpt, trust_pickle=False)
    assert state is not None and state.model.name == old["model"]
    assert state.timesteps == 128 and state.history == old["history"]
    assert load_checkpoint(state.model, sha256=state.model_sha256).num_timesteps == 128


def test_resume_after_the_checks_continues(run_copy):
    cfg, run = run_copy
    status, err = run_main(["train", str(cfg), "--resume", "--total-timesteps", "192"])
    assert status == 0, err
    assert "resuming land_air_sea__tiny__0 at 128 timesteps with 2 snapshot(s)" in err
    assert state_of(run)["timesteps"] == 192
