"""Conformance: every registered system passes PettingZoo's and Gymnasium's API checks.

Runs over every name in ``combatzoo.envs.list_envs()``. (tests/core runs the same functions
over the core's toy system, so a failure here is the system's, not the suite's.)

Two checkers sample actions *without* the mask: PettingZoo's ``parallel_seed_test`` and the
``check_env`` of Gymnasium and SB3 (``action_space.sample()``). Our default
``illegal_action="raise"`` would turn their first unmasked sample into an exception, so those
envs are built with ``illegal_action="penalize"`` (PettingZoo's terminate-with-penalty
convention), which is what training uses. ``api_test``, ``parallel_api_test`` and ``seed_test``
sample with the mask, so they run on the default ``"raise"`` envs: any masked action that the
engine refuses fails them.
"""

from __future__ import annotations

import combatzoo.envs
import gymnasium
import pytest
from combatzoo.envs import registry
from gymnasium.utils.env_checker import check_env as gymnasium_check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from stable_baselines3.common.env_checker import check_env as sb3_check_env

NAMES = combatzoo.envs.list_envs()

pytestmark = pytest.mark.filterwarnings(
    # Dict observations with an action mask are PettingZoo's own convention for masked envs.
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize("name", NAMES)
def test_spec_matches_registry(name: str) -> None:
    spec = combatzoo.envs.get_spec(name)
    assert spec.name == name
    assert spec.gym_id == registry.gym_id(name), "SPEC.gym_id must equal the registry's table"
    engine = combatzoo.envs.make_engine(name)
    assert engine.spec == spec
    assert engine.codec.n == spec.num_actions
    assert engine.layout.size == spec.obs_size
    assert spec.utility_range[0] < spec.utility_range[1]


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api(name: str) -> None:
    api_test(combatzoo.envs.make(name), num_cycles=1000)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_parallel_api(name: str) -> None:
    parallel_api_test(combatzoo.envs.make_parallel(name), num_cycles=1000)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_seed(name: str) -> None:
    seed_test(lambda: combatzoo.envs.make(name), num_cycles=100)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_parallel_seed(name: str) -> None:
    # Samples unmasked actions: see the module docstring.
    parallel_seed_test(lambda: combatzoo.envs.make_parallel(name, illegal_action="penalize"))


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_check_env(name: str) -> None:
    # Samples unmasked actions: see the module docstring.
    gymnasium_check_env(combatzoo.envs.make_single(name, illegal_action="penalize"),
                        skip_render_check=True)


@pytest.mark.parametrize("name", NAMES)
def test_sb3_check_env(name: str) -> None:
    # Samples unmasked actions: see the module docstring.
    sb3_check_env(combatzoo.envs.make_single(name, illegal_action="penalize"))


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_make(name: str) -> None:
    env = gymnasium.make(registry.gym_id(name), illegal_action="penalize")
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert info["learner_seat"] in range(combatzoo.envs.get_spec(name).num_players)
    assert env.unwrapped.action_masks().any()  # type: ignore[attr-defined]
    env.close()


@pytest.mark.parametrize("name", NAMES)
def test_masked_random_play_to_the_end(name: str) -> None:
    """Every unmasked action applies; every game ends within max_decisions engine steps."""
    import numpy as np

    spec = combatzoo.envs.get_spec(name)
    env = combatzoo.envs.make_parallel(name)
    rng = np.random.default_rng(0)
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        steps = 0
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                       for a in env.agents}
            obs, rewards, terms, truncs, _ = env.step(actions)
            steps += 1
            assert steps <= spec.max_decisions, "game longer than spec.max_decisions"
        assert all(terms.values())
        lo, hi = spec.utility_range
        assert all(lo <= r <= hi for r in rewards.values())
