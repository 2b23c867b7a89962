"""The Parallel front over the toy engine: NOOP for idle agents, illegal actions, seeding."""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.envs.core.codec import NOOP
from combatzoo.envs.core.errors import GameOverError, IllegalActionError
from combatzoo.envs.core.parallel import CombatParallelEnv
from pettingzoo.test import parallel_api_test, parallel_seed_test

from tests.core.toy_engine import (
    DECLARE_ROCK,
    STAKE,
    STAKE_1,
    THROW,
    THROW_PAPER,
    THROW_ROCK,
    ToyEngine,
)


def make_env(**kwargs: object) -> CombatParallelEnv:
    return CombatParallelEnv(ToyEngine(), **kwargs)  # type: ignore[arg-type]


def masked_actions(obs: dict, agents: list[str], rng: np.random.Generator) -> dict[str, int]:
    return {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in agents}


def test_pettingzoo_parallel_api_test() -> None:
    parallel_api_test(make_env(), num_cycles=1000)


def test_pettingzoo_parallel_seed_test() -> None:
    # parallel_seed_test samples actions without the mask, so the first step is nearly always
    # illegal; "penalize" ends the episode there as training would, and the test still checks
    # that both envs agree on observations, rewards and infos.
    parallel_seed_test(lambda: make_env(illegal_action="penalize"))


def test_idle_agent_mask_is_noop_only() -> None:
    env = make_env()
    obs, infos = env.reset(seed=0)
    declarer = env.state.declarers[0]
    idle = f"player_{1 - declarer}"
    assert np.flatnonzero(obs[idle]["action_mask"]).tolist() == [NOOP]
    assert np.flatnonzero(obs[f"player_{declarer}"]["action_mask"]).tolist() == [1, 2, 3]
    assert infos[idle]["events"] == []


def test_idle_agent_sending_a_real_action_is_illegal() -> None:
    env = make_env()
    env.reset(seed=0)
    declarer = env.state.declarers[0]
    before = env.save_state()
    with pytest.raises(IllegalActionError, match="nothing to decide") as excinfo:
        env.step({f"player_{declarer}": DECLARE_ROCK, f"player_{1 - declarer}": DECLARE_ROCK})
    assert f"player_{1 - declarer}" in str(excinfo.value)
    assert "0 (No-op" in str(excinfo.value)
    assert env.save_state() == before


def test_acting_agent_must_act() -> None:
    env = make_env()
    env.reset(seed=0)
    declarer = env.state.declarers[0]
    with pytest.raises(IllegalActionError, match="must act now"):
        env.step({f"player_{1 - declarer}": NOOP})
    with pytest.raises(IllegalActionError, match=r"Illegal action 0 \(No-op"):
        env.step({"player_0": NOOP, "player_1": NOOP})
    with pytest.raises(ValueError, match="unknown"):
        env.step({"player_7": NOOP})


def test_idle_agent_may_be_left_out_as_noop() -> None:
    env = make_env()
    env.reset(seed=0)
    declarer = env.state.declarers[0]
    env.step({f"player_{declarer}": DECLARE_ROCK})
    assert env.state.phase == THROW


def test_simultaneous_step_is_one_engine_step() -> None:
    env = make_env()
    env.reset(seed=0)
    declarer = env.state.declarers[0]
    env.step({f"player_{declarer}": DECLARE_ROCK, f"player_{1 - declarer}": NOOP})
    obs, rewards, terms, truncs, infos = env.step({"player_0": THROW_PAPER,
                                                   "player_1": THROW_ROCK})
    assert env.state.phase == STAKE and env.state.throws == [1, 0]
    assert [e["kind"] for e in infos["player_0"]["events"]] == ["throws_made"]
    assert rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not any(terms.values()) and not any(truncs.values())


def test_penalize_gives_offender_low_utility_and_ends() -> None:
    env = make_env(illegal_action="penalize")
    env.reset(seed=0)
    declarer = env.state.declarers[0]
    offender = f"player_{1 - declarer}"
    _, rewards, terms, truncs, infos = env.step(
        {f"player_{declarer}": DECLARE_ROCK, offender: STAKE_1})
    assert rewards[offender] == -1.0 and rewards[f"player_{declarer}"] == 0.0
    assert all(terms.values()) and not any(truncs.values())
    assert infos[offender]["illegal_action"] is True
    assert env.agents == []
    with pytest.raises(GameOverError):
        env.step({})


def test_full_game_returns_and_empty_agents() -> None:
    env = make_env()
    obs, _ = env.reset(seed=4)
    while env.agents:
        state = env.state
        if state.phase == THROW:
            actions = {"player_0": THROW_ROCK, "player_1": THROW_PAPER}
        else:
            actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
        obs, rewards, terms, _, _ = env.step(actions)
    assert rewards == {"player_0": -1.0, "player_1": 1.0}
    assert all(terms.values())


def test_seeded_play_and_save_load_are_deterministic() -> None:
    def play(env: CombatParallelEnv, obs: dict, seed: int) -> list:
        rng = np.random.default_rng(seed)
        out = []
        while env.agents:
            obs, rewards, *_ = env.step(masked_actions(obs, env.agents, rng))
            out.append(({a: o["observation"].tolist() for a, o in obs.items()}, rewards))
        return out

    a, b = make_env(), make_env()
    assert play(a, a.reset(seed=3)[0], 1) == play(b, b.reset(seed=3)[0], 1)

    env = make_env()
    obs, _ = env.reset(seed=5)
    obs, *_ = env.step(masked_actions(obs, env.agents, np.random.default_rng(2)))
    saved = env.save_state()
    rest = play(env, obs, 7)
    other = make_env()
    obs2, _ = other.load_state(saved)
    assert play(other, obs2, 7) == rest


def test_step_before_reset_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="before reset"):
        make_env().step({})
