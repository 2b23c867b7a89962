"""The training pipeline: config errors, a real tiny `combatzoo train`, exact resume, evaluation.

The learning test (a trained bot beats random) takes minutes and carries the `slow` marker:
run it with `pytest -m slow`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from combatzoo.envs import list_envs
from combatzoo.training.config import ConfigError, TrainConfig, config_from_dict, load_config
from combatzoo.training.evaluate import tournament, wilson

pytest.importorskip("sb3_contrib")

TINY = {
    "system": "land_air_sea", "total_timesteps": 1024, "n_envs": 2, "n_steps": 256,
    "batch_size": 128, "n_epochs": 2, "snapshot_every": 512, "max_snapshots": 2,
    "eval_every": 1024, "eval_games": 4, "final_eval_games": 4, "checkpoint_every": 512,
    "tensorboard": False,
}


def write_config(tmp_path: Path, **changes: object) -> Path:
    import yaml

    path = tmp_path / "tiny.yaml"
    path.write_text(yaml.safe_dump({**TINY, "out_dir": str(tmp_path / "runs"), **changes}))
    return path


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combatzoo.training.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_config_errors_name_the_key(tmp_path):
    with pytest.raises(ConfigError, match=r"unknown key\(s\) \['learning_rat'\]"):
        config_from_dict({"learning_rat": 0.1})
    with pytest.raises(ConfigError, match="n_envs: expected an integer"):
        config_from_dict({"n_envs": "four"})
    with pytest.raises(ConfigError, match="system: unknown system 'chess'"):
        config_from_dict({"system": "chess"})
    with pytest.raises(ConfigError,
                       match=r"opponents.random: weight must be a finite number > 0, got 0.0"):
        config_from_dict({"opponents": {"random": 0}})
    with pytest.raises(ConfigError, match="batch_size: 100 does not divide"):
        config_from_dict({"batch_size": 100})
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(bad)
    # Ints are accepted where floats belong (and become floats); the defaults validate.
    ent = config_from_dict({"ent_coef": 0}).ent_coef
    assert ent == 0.0 and isinstance(ent, float)
    TrainConfig().validate()


def test_a_run_through_an_alias_plays_the_system_it_names():
    assert TrainConfig(system="spellfire", env={"mode": "game"}).playing == "spellfire_game"
    assert TrainConfig(system="spellfire", env={"mode": "battle"}).playing == "spellfire"
    assert TrainConfig(system="land_air_sea").playing == "land_air_sea"


def test_learning_rate_must_be_below_one():
    with pytest.raises(ConfigError, match="learning_rate"):
        config_from_dict({"learning_rate": 1})


def test_train_cli_smoke_then_resume_continues_the_timestep_count(tmp_path):
    cfg = write_config(tmp_path)
    done = run_cli("train", str(cfg), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    run = tmp_path / "runs" / "land_air_sea__tiny__0"
    report = json.loads((run / "report.json").read_text())
    assert report["timesteps"] == 1024
    assert (run / "final.zip").is_file() and (run / "report.png").is_file()
    assert "final vs random" in done.stdout  # the tournament table is printed
    trainer = json.loads((run / "checkpoints" / "trainer.json").read_text())
    assert trainer["timesteps"] == 1024
    assert len(trainer["snapshots"]) == 2  # snapshots at 512 and 1024, at most 2 kept
    # Resume with a larger budget: starts at 1024, ends at 2048, same snapshots in the pool.
    more = run_cli("train", str(cfg), "--resume", "--total-timesteps", "2048", cwd=tmp_path)
    assert more.returncode == 0, more.stderr
    assert "resuming land_air_sea__tiny__0 at 1024 timesteps with 2 snapshot(s)" in more.stderr
    report = json.loads((run / "report.json").read_text())
    assert report["timesteps"] == 2048
    assert [row["timesteps"] for row in report["history"]] == [1024, 2048]


@pytest.mark.parametrize("system", [n for n in list_envs() if n != "land_air_sea"])
def test_train_cli_smoke_on_every_other_system(tmp_path, system):
    # land_air_sea has its own smoke test above (with resume); every other registered system
    # gets a tiny real run through the command line too.
    cfg = write_config(tmp_path, system=system, total_timesteps=512, snapshot_every=256,
                       checkpoint_every=512, eval_every=512)
    done = run_cli("train", str(cfg), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "runs" / f"{system}__tiny__0" / "report.json").read_text())
    assert report["timesteps"] == 512
    assert report["tournament"]["system"] == system


def test_resume_refuses_a_changed_config(tmp_path):
    cfg = write_config(tmp_path)
    assert run_cli("train", str(cfg), cwd=tmp_path).returncode == 0
    cfg2 = write_config(tmp_path, ent_coef=0.5)
    changed = run_cli("train", str(cfg2), "--resume", cwd=tmp_path)
    assert changed.returncode == 2
    assert "started with another config" in changed.stderr


def test_bad_config_file_is_one_clear_line(tmp_path):
    cfg = write_config(tmp_path, n_envs=0)
    done = run_cli("train", str(cfg), cwd=tmp_path)
    assert done.returncode == 2
    assert "n_envs: must be a whole number in 1..256, got 0" in done.stderr
    assert "Traceback" not in done.stderr


def test_evaluation_on_fixed_seeds_is_reproducible():
    a = tournament("land_air_sea", ["random", "heuristic"], games=30, seed=5)
    b = tournament("land_air_sea", ["random", "heuristic"], games=30, seed=5)
    assert a.to_json()["matches"] == b.to_json()["matches"]
    assert a.ratings == b.ratings
    m = a.matches[0]
    assert m.games == 30 and m.wins + m.draws + m.losses == 30
    # The heuristic beats random clearly (about 85% measured over 400 games).
    assert m.losses > m.wins


def test_wilson_interval_matches_hand_computed_values():
    # 50 of 100: centre 0.5, half-width 1.96 * sqrt(0.25/100 + 1.96^2/40000) / (1 + 1.96^2/100)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.slow
def test_trained_bot_beats_random(tmp_path):
    cfg = config_from_dict({**TINY, "total_timesteps": 60_000, "n_envs": 4, "n_steps": 512,
                            "batch_size": 256, "n_epochs": 10, "eval_every": 0,
                            "snapshot_every": 20_000, "checkpoint_every": 60_000,
                            "final_eval_games": 200, "out_dir": str(tmp_path / "runs")})
    from combatzoo.training.train import train

    report = train(cfg, "learn")
    vs_random = report["tournament"]["matches"][0]
    assert vs_random["agents"][1] == "random"
    assert vs_random["win_rate_ci95"][0] > 0.6
