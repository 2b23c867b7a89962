"""The imitation warm start (issue 15, ``training/imitate.py``): the teacher's decisions are
collected reproducibly, the fit makes the policy pick the teacher's actions more often, and a
config names a bad teacher clearly."""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.training.config import ConfigError, config_from_dict
from combatzoo.training.imitate import accuracy, collect, fit

pytest.importorskip("sb3_contrib")


def _model():
    from combatzoo.envs import make_single
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    venv = DummyVecEnv([lambda: make_single("land_air_sea")])
    return MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, seed=0, device="cpu",
                       policy_kwargs={"net_arch": [64, 64]}, verbose=0)


def test_the_teachers_decisions_are_collected_reproducibly() -> None:
    a = collect("land_air_sea", {}, "heuristic", 300, seed=5)
    b = collect("land_air_sea", {}, "heuristic", 300, seed=5)
    assert len(a) == 300 and a.obs.shape[0] == a.masks.shape[0] == 300
    assert np.array_equal(a.actions, b.actions) and np.array_equal(a.obs, b.obs)
    # Every recorded action is legal, and every recorded decision had a choice.
    assert all(a.masks[i, a.actions[i]] for i in range(len(a)))
    assert (a.masks.sum(axis=1) > 1).all()


def test_the_fit_makes_the_policy_choose_as_the_teacher() -> None:
    samples = collect("land_air_sea", {}, "heuristic", 600, seed=1)
    model = _model()
    before = accuracy(model, samples)
    after = fit(model, samples, epochs=8, batch_size=64, seed=0)
    assert after > before + 0.2, (before, after)


def test_a_bad_teacher_is_named() -> None:
    with pytest.raises(ConfigError, match="imitate_teacher: unknown agent 'sensei'"):
        config_from_dict({"imitate_teacher": "sensei"})
    with pytest.raises(ConfigError, match="imitate_decisions and imitate_epochs"):
        config_from_dict({"imitate_teacher": "heuristic", "imitate_decisions": 0})
