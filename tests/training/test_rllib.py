"""The RLlib trainer (issue 17): its env, a tiny `combatzoo train` run with `backend: rllib` (one
env runner), `--resume`, the final tournament and the ONNX export.

Needs the `rllib` extra; marked `rllib` (not in the default run): `pytest -m rllib`. The config
checks of the `backend` / `rllib:` keys need no Ray and run by default.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from combatzoo.envs import get_spec, list_envs, make_engine
from combatzoo.training.config import ConfigError, config_from_dict

TINY: dict[str, Any] = {
    "system": "land_air_sea", "backend": "rllib", "total_timesteps": 400, "n_envs": 1,
    "n_steps": 200, "batch_size": 100, "n_epochs": 2, "net_arch": [32, 32],
    "snapshot_every": 200, "eval_every": 400, "eval_games": 4, "final_eval_games": 6,
    "checkpoint_every": 200,
    "rllib": {"env_runners": 1, "num_cpus": 2, "snapshots": 1},
}


# --- config keys (no Ray needed) -------------------------------------------------------------


@pytest.mark.parametrize(("change", "key"), [
    ({"backend": "jax"}, "backend"),
    ({"rllib": {"env_runner": 2}}, "rllib: unknown key(s) ['env_runner']"),
    ({"rllib": {"env_runners": "two"}}, "rllib.env_runners"),
    ({"rllib": {"env_runners": -1}}, "rllib.env_runners"),
    ({"rllib": {"envs_per_runner": 0}}, "rllib.envs_per_runner"),
    ({"rllib": {"ray_address": 6379}}, "rllib.ray_address"),
    ({"rllib": {"snapshots": True}}, "rllib.snapshots"),
])
def test_config_errors_name_the_key(change: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError, match=key.replace("[", r"\[").replace("]", r"\]")
                       .replace("(", r"\(").replace(")", r"\)")):
        config_from_dict({**TINY, **change})


def test_sb3_stays_the_default_backend() -> None:
    assert config_from_dict({}).backend == "sb3"
    assert config_from_dict({"rllib": {"ray_address": "ray://head:10001"}}).rllib == {
        "ray_address": "ray://head:10001"}


# --- the env ---------------------------------------------------------------------------------


def new_env(system: str, **cfg: Any) -> Any:
    pytest.importorskip("ray.rllib")
    from combatzoo.training.rllib.env import CombatMultiAgentEnv

    return CombatMultiAgentEnv({"system": system, **cfg})


@pytest.mark.rllib
@pytest.mark.parametrize("system", list_envs())
def test_rllib_env_checks_pass(system: str) -> None:
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    check_multiagent_environments(new_env(system, seed=3))


def play_masked_random(env: Any, seed: int) -> tuple[dict[str, float], list[str]]:
    """One episode with a uniformly random legal action for every acting agent; the summed
    rewards and the agent ids seen."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    total: dict[str, float] = {}
    seen = list(obs)
    while True:
        for o in obs.values():
            assert o["action_mask"].shape == (env.engine.spec.num_actions,)
            assert o["action_mask"][0] == 0  # NOOP is never legal when a seat must act
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        obs, rew, term, trunc, _ = env.step(actions)
        seen += [a for a in obs if a not in seen]
        for a, r in rew.items():
            total[a] = total.get(a, 0.0) + r
        assert not trunc["__all__"]
        if term["__all__"]:
            return total, seen


@pytest.mark.rllib
@pytest.mark.parametrize("system", ["land_air_sea", "solium_infernum"])
def test_self_play_episode_pays_the_engine_returns(system: str) -> None:
    """Self-play only: both seats are learned agents; each is paid +1 / -1 / 0 at the end (the
    utility range of both systems), the two summing to 0, and exactly one is the learner."""
    env = new_env(system, opponents={}, self_play_weight=1.0)
    for seed in range(3):
        total, seen = play_masked_random(env, seed)
        assert sorted(a.split("_")[0] for a in seen) == ["learner", "opponent"]
        assert sorted(a.split("_")[1] for a in seen) == ["0", "1"]
        assert set(total) == set(seen)
        assert sum(total.values()) == 0
        assert all(r in (-1.0, 0.0, 1.0) for r in total.values())


@pytest.mark.rllib
def test_fixed_opponent_plays_inside_the_env() -> None:
    """Against the heuristic (no self-play) only the learner's seat is an RLlib agent."""
    env = new_env("land_air_sea", opponents={"heuristic": 1.0}, self_play_weight=0.0)
    seats = set()
    for seed in range(6):
        total, seen = play_masked_random(env, seed)
        assert len(seen) == 1 and seen[0].startswith("learner_")
        seats.add(seen[0])
        assert total[seen[0]] in (-1.0, 0.0, 1.0)
    assert seats == {"learner_0", "learner_1"}  # the seat is drawn per episode


@pytest.mark.rllib
def test_illegal_action_forfeits() -> None:
    env = new_env("land_air_sea", opponents={"random": 1.0}, self_play_weight=0.0)
    obs, _ = env.reset(seed=0)
    (agent,) = obs
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    _, rew, term, _, info = env.step({agent: illegal})
    assert term["__all__"] and rew[agent] == -1.0 and info[agent]["illegal_action"]


# --- a tiny run: train, resume, evaluate, export ------------------------------------------------


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combatzoo.training.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """`combatzoo train tiny.yaml` (400 env steps), then `--resume --total-timesteps 800`."""
    pytest.importorskip("ray.rllib")
    pytest.importorskip("onnxruntime")
    import yaml

    folder = tmp_path_factory.mktemp("rllib")
    config = folder / "tiny.yaml"
    config.write_text(yaml.safe_dump({**TINY, "out_dir": str(folder / "runs")}))
    first = run_cli("train", str(config), cwd=folder)
    assert first.returncode == 0, first.stderr[-3000:]
    run_dir = folder / "runs" / "land_air_sea__tiny__0"
    state = json.loads((run_dir / "checkpoints" / "trainer.json").read_text())
    again = run_cli("train", str(config), "--resume", "--total-timesteps", "800", cwd=folder)
    assert again.returncode == 0, again.stderr[-3000:]
    return {"config": config, "run_dir": run_dir, "first_state": state,
            "first": first.stderr, "again": again.stderr,
            "report": json.loads((run_dir / "report.json").read_text())}


@pytest.mark.rllib
def test_tiny_run_trains_and_resumes(tiny_run: dict[str, Any]) -> None:
    first = tiny_run["first_state"]["timesteps"]
    assert 400 <= first < 800
    assert f"resuming land_air_sea__tiny__0 at {first} env steps" in tiny_run["again"]
    report = tiny_run["report"]
    assert report["backend"] == "rllib"
    assert report["timesteps"] >= 800
    # main's decisions (the unit of SB3's timesteps) are counted on and kept across the resume;
    # an env step holds at most one decision per seat, so at most two of main's.
    first_decisions = tiny_run["first_state"]["main_decisions"]
    assert 0 < first_decisions <= 2 * first
    assert first_decisions < report["main_decisions"] <= 2 * report["timesteps"]
    # One periodic evaluation per run (eval_every 400) plus none extra when it lands at the end.
    assert [row["timesteps"] for row in report["history"]][0] == first
    assert list((tiny_run["run_dir"] / "tb").glob("events.out.tfevents.*"))


@pytest.mark.rllib
def test_resume_restores_the_weights(tiny_run: dict[str, Any]) -> None:
    """A resumed trainer starts from the checkpoint's weights, not from a fresh network."""
    import torch
    from combatzoo.training.config import load_config
    from combatzoo.training.rllib.policy import load_module
    from combatzoo.training.rllib.trainer import RLlibTrainer

    saved = load_module(tiny_run["run_dir"] / "checkpoints" / "latest").state_dict()
    cfg = load_config(tiny_run["config"])
    trainer = RLlibTrainer(cfg, tiny_run["run_dir"], log=lambda _m: None)
    try:
        trainer.setup(resume=True)
        resumed = trainer.main_module().state_dict()
        assert trainer.timesteps == tiny_run["report"]["timesteps"]
        assert all(torch.equal(resumed[k], saved[k]) for k in saved)
        assert trainer.snapshots_taken >= 1  # snapshot_every 200 within 800 env steps

        def remote_snap() -> dict[str, Any]:
            return trainer.algo.env_runner_group.foreach_env_runner(  # type: ignore[no-any-return]
                lambda er: er.module["snap_0"].state_dict(), local_env_runner=False)[0]

        def learner_snap() -> dict[str, Any]:
            return trainer.algo.learner_group._learner.module["snap_0"].state_dict()  # type: ignore[no-any-return]

        # The restored frozen copy is what the env runner plays too.
        remote, snap = remote_snap(), learner_snap()
        assert all(torch.equal(torch.as_tensor(remote[k]), snap[k]) for k in remote)
        # A new snapshot: a frozen copy of main, on the learner and on the env runner.
        trainer.snapshot()
        remote, snap = remote_snap(), learner_snap()
        assert all(torch.equal(snap[k], resumed[k]) for k in resumed)
        assert all(torch.equal(torch.as_tensor(remote[k]), resumed[k]) for k in remote)
    finally:
        trainer.close()
    fresh = RLlibTrainer(cfg, tiny_run["run_dir"] / "fresh", log=lambda _m: None)
    try:
        fresh.setup(resume=False)
        new = fresh.main_module().state_dict()
        assert not all(torch.equal(new[k], saved[k]) for k in saved)
    finally:
        fresh.close()


@pytest.mark.rllib
def test_final_tournament_through_evaluate(tiny_run: dict[str, Any]) -> None:
    tour = json.loads((tiny_run["run_dir"] / "tournament.json").read_text())
    assert tour["agents"] == ["rllib", "random", "heuristic"]
    assert [m["games"] for m in tour["matches"]] == [6, 6, 6]
    assert all(m["wins"] + m["draws"] + m["losses"] == 6 for m in tour["matches"])


@pytest.mark.rllib
def test_export_is_the_combatzoo_export_format(tiny_run: dict[str, Any]) -> None:
    """final.onnx + final.json: parity with the torch module on 1,000 recorded observations,
    and the ONNX agent of `serve` / `play` loads it and plays only legal actions."""
    from combatzoo.agents.policy import OnnxPolicyAgent
    from combatzoo.training.evaluate import play_game

    card = json.loads((tiny_run["run_dir"] / "final.json").read_text())
    spec = get_spec("land_air_sea")
    assert card["trainer"] == "rllib"
    assert (card["system"], card["obs_size"], card["num_actions"]) == (
        "land_air_sea", spec.obs_size, spec.num_actions)
    assert card["parity"]["observations"] == card["parity"]["equal"] == 1000
    assert card["parity"]["illegal_onnx_actions"] == 0
    assert card["parity"]["max_prob_diff"] < 1e-4
    assert card["inputs"]["action_mask"]["dtype"] == "int8"
    agent = OnnxPolicyAgent(tiny_run["run_dir"] / "final.onnx")
    engine = make_engine("land_air_sea")
    from combatzoo.agents import make_agent

    returns = play_game(engine, [agent, make_agent("land_air_sea", "random")], seed=5)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.rllib
def test_a_nan_step_count_counts_as_zero() -> None:
    """RLlib once reported ``nan`` sampled steps for an iteration (a loaded machine): the
    trainer must count it as 0 instead of stopping with ``cannot convert float NaN``."""
    from combatzoo.training.rllib.trainer import count

    key = "env_runners/num_env_steps_sampled"
    assert count({key: float("nan")}, key) == 0
    assert count({key: 2048.0}, key) == 2048
    assert count({key: np.int64(2048)}, key) == 2048  # what RLlib hands out on this version
    assert count({}, key) == 0
