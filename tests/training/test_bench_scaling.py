"""The ``scaling`` measure of ``combatzoo bench`` (issue 14: training uses every core)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from combatzoo.training import bench_scaling
from combatzoo.training.bench import MEASURES

from tests.training.test_cli import combatzoo

pytest.importorskip("sb3_contrib")


def test_one_env_collection_rate_counts_timesteps_of_the_trainers_vec_env():
    rate = bench_scaling.collection_rate("land_air_sea", {"num_battles": 1}, 1, "dummy", 64, 0)
    assert rate > 0
    # The vec env is the trainer's own: one SelfPlayEnv per env, over the single-agent view.
    venv = bench_scaling._vec_env("land_air_sea", {}, 2, "dummy", 0)
    try:
        assert venv.num_envs == 2
        assert type(venv.envs[0]).__name__ == "SelfPlayEnv"
    finally:
        venv.close()


def test_the_batched_draw_is_uniform_over_each_envs_legal_actions():
    masks = [np.array([0, 1, 0, 1, 1], dtype=np.int8), np.array([0, 0, 1, 0, 0], dtype=np.int8)]
    rng = np.random.default_rng(3)
    drawn = np.array([bench_scaling.random_legal(masks, rng) for _ in range(6000)])
    assert set(drawn[:, 1]) == {2}
    counts = np.bincount(drawn[:, 0], minlength=5)
    assert counts[[0, 2]].sum() == 0  # never an illegal action
    # Each of the three legal actions about 2,000 times (binomial sd ~37).
    assert all(abs(int(c) - 2000) < 200 for c in counts[[1, 3, 4]])


@pytest.mark.parametrize("name", ["scaling", "scaling_16"])
def test_scaling_is_registered_for_systems_only(name):
    measure = MEASURES[name]
    assert measure.systems_only and measure.unit == "% of one env"


def test_the_lockstep_bound_is_the_mean_over_the_mean_of_the_slowest():
    # Two shards, step times split in two runs (1, 3, 1, 3) and (3, 1, 3, 1): every vec step
    # waits 3, the mean step is 2, so two shards collect at most 2 x 2 / 3 = 133.3% of one.
    times = np.array([1.0, 3.0, 1.0, 3.0, 3.0, 1.0, 3.0, 1.0])
    assert bench_scaling.lockstep_bound(times, 2) == pytest.approx(400 / 3)
    # Steps that never vary: no waiting, the bound is shards x 100%.
    assert bench_scaling.lockstep_bound(np.full(10, 0.5), 2) == pytest.approx(200.0)
    # One shard waits for no one.
    assert bench_scaling.lockstep_bound(times, 1) == pytest.approx(100.0)


def test_step_times_time_each_step_of_one_shard():
    times = bench_scaling.step_times("land_air_sea", {"num_battles": 1}, 2, 20, 0)
    assert times.shape == (20,) and (times > 0).all()


def test_a_bad_env_option_is_refused_by_the_system_config():
    with pytest.raises(ValueError, match="num_battles"):
        bench_scaling.collection_rate("land_air_sea", {"num_battles": 0}, 1, "dummy", 8, 0)


@pytest.mark.slow
def test_bench_scaling_row_from_the_command():
    # Starts one subprocess env per core: seconds of start-up, so out of the default run.
    run = combatzoo("bench", "--measure", "scaling", "--env", "land_air_sea", "--ppo-timesteps",
                    "64", "--repeats", "1", "--json", "--quiet", timeout=300)
    assert run.returncode == 0, run.stderr
    (row,) = json.loads(run.stdout)["results"]
    assert row["target"] == "land_air_sea" and row["measure"] == "scaling"
    assert row["unit"] == "% of one env" and row["median"] > 0
