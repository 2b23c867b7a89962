"""``combatzoo bench --measure aec_floor`` (issue 14): the AEC front over an engine that does no
work, replaying the real engine's turn pattern, and the engine's budget derived from it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from combatzoo.envs import make_engine
from combatzoo.training import bench
from combatzoo.training.bench import YARDSTICK, Floor, Ratio, Result
from combatzoo.training.bench_floor import FloorEngine, floor_env, record


def _result(target: str, measure: str, repeats: list[float]) -> Result:
    return Result(target, measure, "x/s", 0.0, min(repeats), max(repeats), repeats)


@pytest.mark.parametrize("system", ["land_air_sea", "solium_infernum", "spellfire"])
def test_the_recording_is_the_real_games_turn_pattern(system: str) -> None:
    engine = make_engine(system)
    episodes = record(engine, 3, seed=11)
    # The same games again, the same random choices: who acts and the masks, step by step.
    rng = random.Random(11)
    for e, episode in enumerate(episodes):
        state = engine.new_game(np.random.default_rng(11 + e))
        for step in episode.steps:
            acting = engine.to_act(state)
            assert [p for p, _ in step.masks] == acting
            for p, mask in step.masks:
                assert np.array_equal(mask, engine.legal_mask(state, p))
            joint = {}
            for p in acting:
                legal = engine.legal_actions(state, p)
                joint[p] = legal[rng.randrange(len(legal))]
            engine.apply_trusted(state, joint)
        assert engine.is_over(state)
        assert list(episode.returns) == engine.returns(state)


def test_the_floor_env_plays_the_recorded_episodes_through_the_aec_front() -> None:
    real = make_engine("land_air_sea")
    episodes = record(real, 2, seed=3)
    env = floor_env(real, seed=3, episodes=2)
    spec = real.spec
    for episode in episodes:
        env.reset(seed=0)
        selected = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            assert obs["observation"].shape == (spec.obs_size,)
            assert not obs["observation"].any()
            if term or trunc:
                # Finished: the recorded returns, then the None steps of PettingZoo.
                assert reward == episode.returns[env._index[agent]]
                env.step(None)
                continue
            selected.append(env._index[agent])
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[-1]))
        assert selected == [p for step in episode.steps for p, _ in step.masks]


def test_each_observation_is_a_fresh_array() -> None:
    # A real engine returns a new array per call (a caller may keep or change it): so does the
    # floor, else it would leave out a cost every engine pays.
    real = make_engine("spellfire")
    floor = FloorEngine(real, record(real, 1, seed=0))
    state = floor.new_game(np.random.default_rng(0))
    a, b = floor.observe(state, 0), floor.observe(state, 0)
    assert a is not b and a.dtype == np.float32 and a.shape == (real.spec.obs_size,)


def test_the_budget_is_the_targets_time_less_the_floors() -> None:
    # Per repeat: the front alone 100,000/s (10 us a decision), the real env 20,000/s (50 us),
    # connect four 10,000/s. The engine adds 50 - 10 = 40 us; for 3x connect four a decision
    # may take 1e6 / 30,000 = 33.3 us, so the engine may add 23.3 us.
    results = [_result("land_air_sea", "aec_floor", [100_000.0, 100_000.0]),
               _result("land_air_sea", "aec_random", [20_000.0, 20_000.0]),
               _result(YARDSTICK, "aec_random", [10_000.0, 10_000.0])]
    found = bench.floors(results)
    assert set(found) == {"land_air_sea"}
    f = found["land_air_sea"]
    assert f.ratio == Ratio(10.0, 10.0, 10.0)
    assert f.floor_us == pytest.approx(10.0)
    assert f.engine_us == pytest.approx(40.0)
    assert f.budget_us == pytest.approx(1e6 / 30_000 - 10.0)
    # Spellfire battles' target is 1.5x; an option naming the whole game takes its 1.0x.
    game = bench.floors([_result("spellfire[mode=game]", "aec_floor", [50_000.0]),
                         _result("spellfire[mode=game]", "aec_random", [10_000.0]),
                         _result(YARDSTICK, "aec_random", [10_000.0])])["spellfire[mode=game]"]
    assert game == Floor(Ratio(5.0, 5.0, 5.0), pytest.approx(20.0), pytest.approx(80.0),
                         pytest.approx(80.0))
    # Without the yardstick's row there is nothing to compare with.
    assert bench.floors(results[:2]) == {}
