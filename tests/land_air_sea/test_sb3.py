"""Heroes of Land, Air & Sea through its single-agent Gymnasium view, with stable-baselines3 and
sb3-contrib: the env checker, the Gymnasium registration, action masks through wrappers and
vector envs, a MaskablePPO smoke run, and the learner's reward taken from its own seat.

Torch runs on the CPU with one thread so the file stays well under a minute.
"""

from __future__ import annotations

import random
from typing import Any

import combatzoo.envs
import gymnasium
import numpy as np
import pytest
from combatzoo.envs.core.errors import IllegalActionError

sb3_contrib = pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")

from sb3_contrib.common.maskable.utils import (  # noqa: E402
    get_action_masks,
    is_masking_supported,
)
from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

NAME = "land_air_sea"
GYM_ID = "combatzoo/LandAirSea-v0"
SPEC = combatzoo.envs.get_spec(NAME)


@pytest.fixture(autouse=True)
def one_torch_thread() -> Any:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


class FirstLegal:
    """A scripted opponent: always the lowest legal id."""

    name = "first-legal"
    needs_view = False

    def reset(self, seed: int | None = None) -> None:
        """Nothing to reset."""

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        return int(np.flatnonzero(mask)[0])


def legal_of(mask: np.ndarray) -> list[int]:
    return np.flatnonzero(mask).tolist()


# --- checkers and registration --------------------------------------------------------------------


def test_sb3_check_env_with_penalize() -> None:
    # SB3's checker steps with action_space.sample(), which knows nothing of the mask; under the
    # default illegal_action="raise" its first unmasked sample is an IllegalActionError (shown
    # below). "penalize" turns it into a terminal transition with reward -1, the convention
    # PettingZoo's TerminateIllegalWrapper uses, which the checker accepts.
    check_env(combatzoo.envs.make_single(NAME, illegal_action="penalize"))
    env = combatzoo.envs.make_single(NAME)
    env.reset(seed=0)
    illegal = next(a for a in range(SPEC.num_actions) if not env.action_masks()[a])
    with pytest.raises(IllegalActionError):
        env.step(illegal)


def test_penalized_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = combatzoo.envs.make_single(NAME, illegal_action="penalize")
    env.reset(seed=0)
    illegal = next(a for a in range(SPEC.num_actions) if not env.action_masks()[a])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert env.observation_space.contains(obs)


def test_gymnasium_make_and_action_masks_through_wrappers() -> None:
    env = gymnasium.make(GYM_ID)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.action_space == gymnasium.spaces.Discrete(SPEC.num_actions)
    assert info["learner_seat"] in (0, 1)
    mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
    assert mask.dtype == bool and mask.shape == (SPEC.num_actions,) and mask.any()
    inner = env.unwrapped
    assert legal_of(mask) == inner.engine.legal_actions(inner.state,  # type: ignore[attr-defined]
                                                        info["learner_seat"])
    assert not mask[0]  # NOOP is never the learner's move: it acts whenever it is asked
    env.close()


def test_sb3_contrib_finds_the_masks_on_a_vec_env() -> None:
    venv = DummyVecEnv([lambda: gymnasium.make(GYM_ID), lambda: gymnasium.make(GYM_ID)])
    venv.seed(0)
    venv.reset()
    assert is_masking_supported(venv)
    masks = get_action_masks(venv)
    assert masks.shape == (2, SPEC.num_actions) and masks.dtype == bool
    for i, inner in enumerate(venv.envs):
        assert np.array_equal(masks[i], inner.unwrapped.action_masks())  # type: ignore[attr-defined]
    # Stepping with masked actions keeps the masks in step with each env.
    rng = np.random.default_rng(0)
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        venv.step(actions)
        masks = get_action_masks(venv)
        assert masks.any(axis=1).all()
    venv.close()


# --- MaskablePPO ----------------------------------------------------------------------------------


def test_maskable_ppo_smoke_run_then_masked_predictions_are_legal() -> None:
    env = combatzoo.envs.make_single(NAME, opponent="random")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=0,
                                    device="cpu", verbose=0)
    model.learn(total_timesteps=3000)
    assert model.num_timesteps >= 3000
    rewards = []
    for episode in range(8):
        obs, _ = env.reset(seed=100 + episode)
        done = False
        while not done:
            mask = env.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=episode % 2 == 0)
            assert mask[int(action)], f"masked predict gave illegal action {int(action)}"
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        rewards.append(reward)
    assert set(rewards) <= {-1.0, 0.0, 1.0}


# --- the learner's own point of view --------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_final_reward_is_the_learners_own_return(seat: int) -> None:
    env = combatzoo.envs.make_single(NAME, opponent=FirstLegal(), learner_seat=seat)
    rng = random.Random(seat)
    finals = []
    for episode in range(30):
        obs, info = env.reset(seed=episode)
        assert info["learner_seat"] == seat and info["opponent"] == "first-legal"
        terminated = truncated = False
        while not (terminated or truncated):
            # Every observation is the learner's own.
            assert np.array_equal(obs, env.engine.observe(env.state, seat))
            assert seat in env.engine.to_act(env.state)
            obs, reward, terminated, truncated, info = env.step(rng.choice(
                legal_of(env.action_masks())))
            if not terminated:
                assert reward == 0.0
        assert terminated and not truncated
        returns = env.engine.returns(env.state)
        assert reward == returns[seat] == -returns[1 - seat]
        assert info["returns"] == returns
        vp = [s.vp for s in env.state.players]
        assert reward == float(np.sign(vp[seat] - vp[1 - seat]))
        finals.append(reward)
    # Both outcomes occur, so the check above could tell the two seats apart.
    assert 1.0 in finals and -1.0 in finals
