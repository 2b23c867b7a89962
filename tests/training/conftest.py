"""A tiny real training run, trained once per test session, and copies of it to damage."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest

TINY = {
    "system": "land_air_sea", "total_timesteps": 128, "n_envs": 1, "n_steps": 64,
    "batch_size": 64, "n_epochs": 1, "snapshot_every": 64, "max_snapshots": 2,
    "eval_every": 128, "eval_games": 2, "final_eval_games": 2, "checkpoint_every": 64,
    "tensorboard": False, "opponents": {"random": 1.0},
}


@pytest.fixture(scope="session")
def finished_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A tiny real run (config file, run folder), trained in-process once per session."""
    pytest.importorskip("sb3_contrib")
    import yaml

    folder = tmp_path_factory.mktemp("run")
    cfg = folder / "tiny.yaml"
    cfg.write_text(yaml.safe_dump({**TINY, "out_dir": str(folder / "runs")}))
    status, err = run_main(["train", str(cfg)])
    assert status == 0, err
    return cfg, folder / "runs" / "land_air_sea__tiny__0"


@pytest.fixture
def run_copy(finished_run: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the finished run (its config pointing at the copy) to damage."""
    import yaml

    cfg, run = finished_run
    target = tmp_path / "runs" / run.name
    shutil.copytree(run, target)
    # Snapshot paths in trainer.json are relative to the run folder: the copy stays valid.
    new_cfg = tmp_path / "tiny.yaml"
    new_cfg.write_text(yaml.safe_dump({**yaml.safe_load(cfg.read_text()),
                                       "out_dir": str(tmp_path / "runs")}))
    return new_cfg, target




def run_main(argv: list[str]) -> tuple[int, str]:
    """``combatzoo ARGV`` in-process: (exit status, stderr)."""
    from combatzoo.training.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    return status, err.getvalue()
