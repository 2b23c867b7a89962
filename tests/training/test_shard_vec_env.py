"""``vec_env: subproc`` (training/shard_vec_env.py, issue 14): envs split into shards, one per
core, the last stepped by the parent; it must step exactly the games a ``DummyVecEnv`` over the
same env functions steps, answer masks without a round trip only while they are current, and say
what failed in a worker."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from combatzoo.training.config import ConfigError, TrainConfig
from combatzoo.training.shard_vec_env import (
    IN_MEMORY,
    POLL_SECONDS,
    ShardedSubprocVecEnv,
    WorkerError,
    _poll,
    _put,
    _take,
    shard_sizes,
    worker_cpus,
)
from combatzoo.training.train import Trainer

pytest.importorskip("sb3_contrib")


def trainer_venv(system: str, n_envs: int, vec_env: str, workers: int = 0,
                 pin_workers: bool = True, full_infos: bool = False) -> Any:
    config = TrainConfig(system=system, n_envs=n_envs, vec_env=vec_env, workers=workers, seed=7,
                         pin_workers=pin_workers, full_infos=full_infos)
    config.validate()
    return Trainer(config, Path("unused-run-folder"))._vec_env(7)


def same_obs(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
    return bool(np.array_equal(a, b))


def same_info(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal infos (a terminal observation compared as an array)."""
    return a.keys() == b.keys() and all(
        np.array_equal(a[k], b[k]) if isinstance(a[k], np.ndarray) else a[k] == b[k] for k in a)


def test_shard_sizes_split_contiguously_and_evenly():
    assert shard_sizes(5, 2) == [3, 2]
    assert shard_sizes(8, 3) == [3, 3, 2]
    assert shard_sizes(4, 4) == [1, 1, 1, 1]
    with pytest.raises(ValueError, match="workers"):
        shard_sizes(2, 3)


def test_worker_cpus_give_each_worker_a_cpu_of_its_own_only_when_all_fit():
    # Shards = workers; the last shard is the parent's, which stays unpinned.
    assert worker_cpus(2, [0, 1]) == [0]
    assert worker_cpus(3, [4, 7, 9]) == [4, 7]
    assert worker_cpus(1, [0, 1]) == []
    assert worker_cpus(3, [0, 1]) == [None, None]  # more shards than CPUs: no pinning


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="needs Linux and at least 2 CPUs")
@pytest.mark.parametrize("pin", [True, False])
def test_the_worker_process_runs_on_its_own_cpu_unless_pinning_is_off(pin):
    allowed = os.sched_getaffinity(0)
    venv = trainer_venv("land_air_sea", 4, "subproc", 2, pin_workers=pin)
    try:
        venv.reset()  # the worker has pinned itself before answering
        (process,) = venv.processes
        expected = {min(allowed)} if pin else allowed
        assert os.sched_getaffinity(process.pid) == expected
        assert os.sched_getaffinity(0) == allowed  # the parent is never pinned
    finally:
        venv.close()


@pytest.mark.parametrize(("system", "full_infos"), [("land_air_sea", True),
                                                    ("solium_infernum", False),
                                                    ("spellfire", False)])
def test_subproc_steps_the_same_games_as_dummy(system, full_infos):
    # 5 envs in shards of 3 (a worker) and 2 (the parent): every observation, reward, done,
    # info, reset info and mask equals the one-process vec env's over 150 random legal steps
    # (with resets), though the worker's actions, observations, rewards, dones and masks cross
    # through shared memory and only the reset infos of the envs that ended are sent.
    dummy = trainer_venv(system, 5, "dummy", full_infos=full_infos)
    shards = trainer_venv(system, 5, "subproc", 2, full_infos=full_infos)
    try:
        assert isinstance(shards, ShardedSubprocVecEnv) and shards.sizes == [3, 2]
        assert same_obs(dummy.reset(), shards.reset())
        rng = np.random.default_rng(1)
        dones_seen = 0
        for _ in range(150):
            masks = np.stack(dummy.env_method("action_masks"))
            shard_masks = np.stack(shards.env_method("action_masks"))
            assert np.array_equal(masks, shard_masks) and masks.dtype == shard_masks.dtype
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            (o1, r1, d1, i1), (o2, r2, d2, i2) = dummy.step(actions), shards.step(actions)
            assert same_obs(o1, o2) and np.array_equal(r1, r2) and np.array_equal(d1, d2)
            assert r1.dtype == r2.dtype and d1.dtype == d2.dtype
            assert all(same_info(a, b) for a, b in zip(i1, i2, strict=True))
            assert all(same_info(a, b) for a, b in zip(dummy.reset_infos, shards.reset_infos,
                                                       strict=True))
            dones_seen += int(d1[:3].sum())
        assert dones_seen > 0  # the worker's envs went through automatic resets
        assert ("events" in i1[0]) == full_infos  # the config's choice reached the envs
    finally:
        dummy.close()
        shards.close()


def test_batches_handed_out_are_never_overwritten_by_later_steps():
    # The worker's observations, rewards, dones and masks arrive through memory it shares
    # with the parent and writes again at every step: what the parent hands out must be its
    # own copy.
    venv = trainer_venv("spellfire", 4, "subproc", 2)
    try:
        views = venv.memory[0]
        assert venv.memory[-1] is None  # the parent's own shard shares nothing
        assert all(views[k] is not None for k in ("obs", "actions", "rewards", "dones", "masks"))
        kept = [(venv.reset(), list(venv.env_method("action_masks")))]
        copies = [(kept[0][0].copy(), [m.copy() for m in kept[0][1]])]
        rng = np.random.default_rng(3)
        for _ in range(20):
            masks = venv.env_method("action_masks")
            batch = venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            kept.append(batch)
            copies.append(tuple(x.copy() if isinstance(x, np.ndarray) else x for x in batch))
            kept.append((None, masks))
            copies.append((None, [m.copy() for m in masks]))
        for k, c in zip(kept, copies, strict=True):
            for a, b in zip(k, c, strict=True):
                if isinstance(a, np.ndarray) or (isinstance(a, list) and a
                                                 and isinstance(a[0], np.ndarray)):
                    assert np.array_equal(np.asarray(a), np.asarray(b))
        assert not all(np.array_equal(kept[0][0], k[0]) for k in kept[2::2])  # games moved on
    finally:
        venv.close()


def test_values_that_do_not_fit_a_shared_block_go_down_the_pipe():
    # _put writes an array only into a block of the same dtype and shape, and says so by
    # handing back IN_MEMORY; anything else (None included: an env without masks) is handed
    # back to be sent as it is, and _take gives back what was sent.
    block = np.zeros(3, dtype=np.float32)
    assert _put(np.array([1, 2, 3], dtype=np.float32), block) == IN_MEMORY
    assert block.tolist() == [1.0, 2.0, 3.0] and _take(IN_MEMORY, block) is block
    other = np.array([4, 5, 6], dtype=np.float64)
    assert _put(other, block) is other and block.tolist() == [1.0, 2.0, 3.0]
    assert _take(other, block) is other
    short = np.zeros(2, dtype=np.float32)
    assert _put(short, block) is short
    assert _put([1.0, 2.0, 3.0], block) == [1.0, 2.0, 3.0]
    assert _put(None, block) is None and _take(None, block) is None
    assert _put(other, None) is other


def test_poll_waits_for_a_message_at_most_the_time_given():
    import multiprocessing
    import time

    here, there = multiprocessing.Pipe()
    try:
        start = time.perf_counter()
        _poll(here, 0.05)  # nothing comes: it gives up after 50 ms
        assert 0.05 <= time.perf_counter() - start < 1.0
        there.send("step")
        start = time.perf_counter()
        _poll(here, 5.0)  # a message is there: it returns at once
        assert time.perf_counter() - start < 1.0 and here.recv() == "step"
        start = time.perf_counter()
        _poll(here, 0.0)  # 0: no polling at all
        assert time.perf_counter() - start < 0.05
    finally:
        here.close()
        there.close()


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="needs Linux and at least 2 CPUs")
@pytest.mark.parametrize("pin", [True, False])
def test_the_parent_polls_for_answers_only_when_the_workers_have_cpus_of_their_own(pin):
    venv = trainer_venv("land_air_sea", 4, "subproc", 2, pin_workers=pin)
    try:
        assert venv.poll_seconds == (POLL_SECONDS if pin else 0.0)
    finally:
        venv.close()


def test_masks_are_asked_again_after_a_call_that_may_change_an_env():
    venv = trainer_venv("land_air_sea", 3, "subproc", 2)
    try:
        venv.reset()
        assert venv.kept_masks is not None and len(venv.kept_masks) == 3
        # Indices across both shards come back in env order.
        assert len(venv.env_method("action_masks", indices=[2, 0])) == 2
        venv.env_method("set_snapshots", [])
        assert venv.kept_masks is None
        fresh = venv.env_method("action_masks")
        assert len(fresh) == 3 and all(m.dtype == bool or m.dtype == np.int8 for m in fresh)
        venv.set_attr("draw_reward", 0.0)
        assert venv.kept_masks is None
        assert venv.get_attr("draw_reward") == [0.0, 0.0, 0.0]
    finally:
        venv.close()


class Exploding(gym.Env):  # type: ignore[type-arg]
    """Steps fine until step 3, then raises."""

    observation_space = gym.spaces.Box(0, 1, (2,))
    action_space = gym.spaces.Discrete(2)

    def __init__(self) -> None:
        self.t = 0

    def reset(self, *, seed: int | None = None, options: Any = None) -> Any:
        self.t = 0
        return np.zeros(2, dtype=np.float32), {}

    def step(self, action: Any) -> Any:
        self.t += 1
        if self.t == 3:
            raise RuntimeError("boom at step 3")
        return np.zeros(2, dtype=np.float32), 0.0, False, False, {}


class Threads(Exploding):
    """Reports the thread settings of the process it runs in."""

    def threads(self) -> tuple[str | None, int]:
        import torch

        return os.environ.get("OMP_NUM_THREADS"), torch.get_num_threads()


def test_a_worker_runs_its_thread_pools_on_one_thread():
    # A worker's self-play opponents run torch; its pools must not start a thread per CPU
    # (pinned to one CPU, those threads wait behind the worker's own work).
    venv = ShardedSubprocVecEnv([Threads, Threads, Threads], 2, start_method="spawn")
    try:
        venv.reset()
        assert venv.env_method("threads", indices=[0, 1]) == [("1", 1), ("1", 1)]  # the worker
    finally:
        venv.close()


def test_a_worker_exception_is_raised_in_the_parent_with_its_traceback():
    venv = ShardedSubprocVecEnv([Exploding, Exploding, Exploding], 2, start_method="spawn")
    try:
        venv.reset()
        assert venv.kept_masks is None  # these envs have no masks
        venv.step(np.zeros(3, dtype=np.int64))
        venv.step(np.zeros(3, dtype=np.int64))
        with pytest.raises(WorkerError, match="boom at step 3"):
            venv.step(np.zeros(3, dtype=np.int64))
    finally:
        venv.close()
    assert venv.closed


def test_workers_beyond_the_envs_are_refused_by_the_config():
    with pytest.raises(ConfigError, match="workers"):
        TrainConfig(n_envs=2, vec_env="subproc", workers=3).validate()
    with pytest.raises(ConfigError, match="workers"):
        TrainConfig(workers=-1).validate()


@pytest.mark.slow
def test_training_with_subproc_gives_the_policy_dummy_gives(tmp_path):
    # The same seeded run on one process and on 2 shards (one worker) steps the same games, so
    # MaskablePPO ends with the same weights (snapshots reach the worker through env_method).
    import hashlib
    import zipfile

    from tests.training.test_train import run_cli, write_config

    digests = []
    for vec_env in ("dummy", "subproc"):
        folder = tmp_path / vec_env
        folder.mkdir()
        config = write_config(folder, n_envs=4, vec_env=vec_env, workers=0)
        run = run_cli("train", str(config), cwd=folder)
        assert run.returncode == 0, run.stderr
        (final,) = (folder / "runs").glob("*/final.zip")
        with zipfile.ZipFile(final) as z:
            digests.append(hashlib.sha256(z.read("policy.pth")).hexdigest())
    assert digests[0] == digests[1]
