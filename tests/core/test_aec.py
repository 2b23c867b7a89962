"""The AEC front over the toy engine: turn protocol, secrecy, illegal actions, seeding, save/load.

Toy actions (tests/core/toy_engine.py): 1-3 declare, 4-6 throw rock/paper/scissors, 7-8 stake.
"""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.envs.core.aec import CombatAECEnv
from combatzoo.envs.core.errors import GameOverError, IllegalActionError
from pettingzoo.test import api_test, seed_test

from tests.core.toy_engine import (
    DECLARE_PAPER,
    DECLARE_ROCK,
    LAYOUT,
    STAKE,
    STAKE_1,
    STAKE_2,
    THROW,
    THROW_PAPER,
    THROW_ROCK,
    THROW_SCISSORS,
    ToyEngine,
)

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def make_env(**kwargs: object) -> CombatAECEnv:
    return CombatAECEnv(ToyEngine(), **kwargs)  # type: ignore[arg-type]


def to_throw_phase(env: CombatAECEnv, seed: int = 0) -> None:
    """Reset and let the round's declarer declare rock."""
    env.reset(seed=seed)
    env.step(DECLARE_ROCK)
    assert env.state.phase == THROW


def play_masked(env: CombatAECEnv, rng: np.random.Generator) -> list[tuple]:
    """Play to the end with masked random actions; the trace of (agent, obs, reward, action)."""
    trace = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((agent, obs["observation"].tolist(), reward, action))
        env.step(action)
    return trace


def test_pettingzoo_api_and_seed_tests() -> None:
    api_test(make_env(), num_cycles=1000)
    seed_test(make_env, num_cycles=200)


def test_spaces_are_cached_and_shaped(engine: ToyEngine) -> None:
    env = make_env()
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == engine.spec.num_actions  # type: ignore[attr-defined]
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.metadata["name"] == "toy_rps_v0"
    assert env.metadata["is_parallelizable"] is True


def test_simultaneous_choices_are_collected_then_applied_together() -> None:
    env = make_env()
    to_throw_phase(env)
    before = env.save_state()
    assert env.agent_selection == "player_0"
    obs_p1_before = env.observe("player_1")["observation"].copy()
    events_before = env.infos["player_1"]["events"]

    env.step(THROW_SCISSORS)
    # Collected, not applied: the state and the events did not move on.
    assert env.save_state() == before
    assert env.agent_selection == "player_1"
    assert env.infos["player_1"]["events"] == events_before
    # The second chooser cannot see the first one's choice.
    np.testing.assert_array_equal(env.observe("player_1")["observation"], obs_p1_before)

    env.step(THROW_ROCK)
    assert env.state.phase == STAKE
    assert env.state.throws == [2, 0]
    assert [e.kind for e in env.last_events] == ["throws_made"]
    assert env.infos["player_0"]["events"] == [e.to_json() for e in env.last_events]


def test_first_choice_does_not_leak_to_second_chooser() -> None:
    seen = []
    for first in (THROW_ROCK, THROW_PAPER, THROW_SCISSORS):
        env = make_env()
        to_throw_phase(env, seed=3)
        env.step(first)
        seen.append(env.last()[0]["observation"])
    np.testing.assert_array_equal(seen[0], seen[1])
    np.testing.assert_array_equal(seen[0], seen[2])


def test_face_down_throw_of_opponent_is_hidden_at_stake_step() -> None:
    declarer_views = []
    for opponent_throw in (THROW_ROCK, THROW_SCISSORS):
        env = make_env()
        to_throw_phase(env, seed=5)
        declarer = env.state.declarers[0]
        throws = {declarer: THROW_PAPER, 1 - declarer: opponent_throw}
        env.step(throws[0])
        env.step(throws[1])
        assert env.agent_selection == f"player_{1 - declarer}"
        obs = env.observe(f"player_{declarer}")["observation"]
        assert obs[LAYOUT.slice("my_throw")].tolist() == [0, 1, 0]
        declarer_views.append(obs)
    np.testing.assert_array_equal(declarer_views[0], declarer_views[1])


def test_masks_selected_agent_legal_idle_agent_noop_only() -> None:
    env = make_env()
    env.reset(seed=0)
    declarer = env.state.declarers[0]
    me, other = f"player_{declarer}", f"player_{1 - declarer}"
    assert env.agent_selection == me
    assert np.flatnonzero(env.observe(me)["action_mask"]).tolist() == [1, 2, 3]
    assert np.flatnonzero(env.observe(other)["action_mask"]).tolist() == [0]
    assert env.observe(me)["action_mask"].dtype == np.int8
    obs = env.observe(me)["observation"]
    assert obs.dtype == np.float32 and obs.shape == (LAYOUT.size,)


def test_illegal_action_raise_names_action_and_legal_ones_and_changes_nothing() -> None:
    env = make_env()
    env.reset(seed=0)
    before = env.save_state()
    selected = env.agent_selection
    with pytest.raises(IllegalActionError) as excinfo:
        env.step(THROW_ROCK)
    message = str(excinfo.value)
    assert "Illegal action 4 (Throw rock)" in message
    assert "1 (Declare rock)" in message and "3 (Declare scissors)" in message
    assert selected in message
    assert env.save_state() == before and env.agent_selection == selected
    assert not any(env.terminations.values())
    for bad in (99, -1, "rock", 1.5, None, True):
        with pytest.raises(IllegalActionError):
            env.step(bad)
    env.step(np.int64(DECLARE_PAPER))  # numpy integers are fine
    assert env.state.declared == 1


def test_illegal_second_choice_keeps_the_first_pending() -> None:
    env = make_env()
    to_throw_phase(env)
    env.step(THROW_PAPER)
    with pytest.raises(IllegalActionError):
        env.step(STAKE_1)
    assert env.agent_selection == "player_1"
    env.step(THROW_ROCK)
    assert env.state.throws == [1, 0]


def test_illegal_action_penalize_terminates_with_low_utility() -> None:
    env = make_env(illegal_action="penalize")
    to_throw_phase(env)
    env.step(THROW_PAPER)
    env.step(STAKE_2)  # player_1 may only throw now
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 0.0, "player_1": -1.0}
    assert env.infos["player_1"]["illegal_action"] is True
    assert "illegal_action" not in env.infos["player_0"]
    finals = {}
    for agent in env.agent_iter():
        _, reward, term, _, _ = env.last()
        assert term
        finals[agent] = reward
        env.step(None)
    assert finals == {"player_0": 0.0, "player_1": -1.0}
    assert env.agents == []
    with pytest.raises(GameOverError):
        env.step(None)


def test_unknown_illegal_action_option_is_rejected() -> None:
    with pytest.raises(ValueError, match="illegal_action.*'raise', 'penalize'.*'ignore'"):
        make_env(illegal_action="ignore")
    with pytest.raises(ValueError, match="render_mode"):
        make_env(render_mode="rgb_array")


def test_order_is_enforced_before_reset() -> None:
    env = make_env()
    with pytest.raises(RuntimeError, match="before reset"):
        env.step(1)
    with pytest.raises(RuntimeError, match="before reset"):
        env.observe("player_0")
    with pytest.raises(RuntimeError, match="before reset"):
        env.last()


def test_scripted_game_rewards_and_dead_steps() -> None:
    """player_0 always throws paper, player_1 rock, stakes 1: player_0 wins 3 rounds to 0."""
    env = make_env()
    env.reset(seed=11)
    finals = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            finals[agent] = reward
            env.step(None)
            continue
        assert reward == 0
        phase = env.state.phase
        if phase == THROW:
            env.step(THROW_PAPER if agent == "player_0" else THROW_ROCK)
        elif phase == STAKE:
            env.step(STAKE_1)
        else:
            env.step(DECLARE_ROCK)
    assert finals == {"player_0": 1.0, "player_1": -1.0}
    assert env.state.points == [3, 0] and env.state.round == 3


def test_reset_seed_is_deterministic() -> None:
    traces = []
    for _ in range(2):
        env = make_env()
        env.reset(seed=42)
        traces.append((play_masked(env, np.random.default_rng(1)), env.save_state()))
    assert traces[0] == traces[1]
    declarers = set()
    for seed in range(10):
        env = make_env()
        env.reset(seed=seed)
        declarers.add(tuple(env.state.declarers))
    assert len(declarers) > 1, "the seed must reach the engine"


def test_reset_without_seed_records_a_replayable_seed() -> None:
    env = make_env()
    env.reset()
    seed = env.last_seed
    assert seed is not None
    state = env.save_state()
    env.reset(seed=seed)
    assert env.save_state() == state


def test_save_and_load_state_continue_identically() -> None:
    env = make_env()
    env.reset(seed=8)
    rng = np.random.default_rng(0)
    for _ in range(5):
        obs = env.last()[0]
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    saved = env.save_state()
    rest = play_masked(env, np.random.default_rng(9))

    other = make_env()
    other.load_state(saved)
    assert other.save_state() == saved
    assert play_masked(other, np.random.default_rng(9)) == rest


def test_load_state_drops_collected_choices() -> None:
    env = make_env()
    to_throw_phase(env)
    saved = env.save_state()
    env.step(THROW_PAPER)
    env.load_state(saved)
    assert env.agent_selection == "player_0"
    env.step(THROW_ROCK)
    env.step(THROW_SCISSORS)
    assert env.state.throws == [0, 2]


def test_max_steps_truncates_everyone() -> None:
    env = make_env(max_steps=2)
    env.reset(seed=0)
    env.step(DECLARE_ROCK)
    env.step(THROW_ROCK)
    assert not any(env.truncations.values())
    env.step(THROW_ROCK)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    with pytest.raises(ValueError, match="max_steps"):
        make_env(max_steps=0)


def test_render_ansi_and_none(capsys: pytest.CaptureFixture[str]) -> None:
    env = make_env(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "round 1/6" in text
    human = make_env(render_mode="human")
    human.reset(seed=0)
    assert human.render() is None
    assert "round 1/6" in capsys.readouterr().out
