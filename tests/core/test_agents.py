"""The agent protocol, RandomAgent, make_agent and the weighted opponent pool."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from combatzoo.agents import (
    DeterministicAgent,
    RandomAgent,
    list_agents,
    make_agent,
    opponent_pool,
)
from combatzoo.envs.core.agent import Agent, OpponentPool


def test_random_agent_picks_only_legal_ids_and_is_seeded() -> None:
    mask = np.array([0, 1, 0, 1, 1, 0], dtype=np.int8)
    obs = np.zeros(3, dtype=np.float32)
    agent = RandomAgent()
    agent.reset(seed=5)
    first = [agent.act(obs, mask) for _ in range(200)]
    assert set(first) == {1, 3, 4}
    agent.reset(seed=5)
    assert [agent.act(obs, mask) for _ in range(200)] == first
    assert isinstance(agent, Agent) and agent.needs_view is False
    with pytest.raises(ValueError, match="allows no action"):
        agent.act(obs, np.zeros(6, dtype=np.int8))


def test_random_agent_never_touches_global_random_state() -> None:
    np.random.seed(0)
    random.seed(0)
    expected = (np.random.random(), random.random())
    np.random.seed(0)
    random.seed(0)
    agent = RandomAgent(seed=1)
    for _ in range(50):
        agent.act(np.zeros(2, dtype=np.float32), np.ones(4, dtype=np.int8))
    agent.reset(seed=None)
    assert (np.random.random(), random.random()) == expected


def test_make_agent_and_list_agents() -> None:
    assert isinstance(make_agent("any_system", "random", seed=3), RandomAgent)
    assert "random" in list_agents("any_system")
    with pytest.raises(ValueError, match="no heuristic agent for system 'no_such_system'.*"
                                         r"\['random'\]"):
        make_agent("no_such_system", "heuristic")
    with pytest.raises(ValueError, match=r"unknown agent 'champion'.*'toy'.*\['random'\]"):
        make_agent("toy", "champion")


def test_pool_sampling_follows_weights_and_is_seeded() -> None:
    a, b = RandomAgent(name="a"), RandomAgent(name="b")
    pool = OpponentPool([(a, 1.0), (b, 3.0)])
    draws = [pool.sample(np.random.default_rng(7)).name for _ in range(3)]
    assert len(set(draws)) == 1  # same seed, same draw
    rng = np.random.default_rng(0)
    names = [pool.sample(rng).name for _ in range(8000)]
    again = np.random.default_rng(0)
    assert names == [pool.sample(again).name for _ in range(8000)]
    share_b = names.count("b") / len(names)
    assert 0.72 < share_b < 0.78  # weight 3 of 4


def test_pool_add_and_validation() -> None:
    pool = OpponentPool()
    with pytest.raises(ValueError, match="empty"):
        pool.sample(np.random.default_rng(0))
    pool.add(RandomAgent(name="snapshot_1"), 0.5)
    assert len(pool) == 1 and pool.entries[0][1] == 0.5
    for bad in (0, -1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="positive and finite"):
            pool.add(RandomAgent(), bad)
    with pytest.raises(TypeError, match="number"):
        pool.add(RandomAgent(), "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Agent protocol"):
        pool.add(object(), 1.0)  # type: ignore[arg-type]


def test_opponent_pool_forms() -> None:
    pool = opponent_pool("toy", {"random": 2.0})
    assert [(x.name, w) for x, w in pool.entries] == [("random", 2.0)]
    assert [x.name for x, _ in opponent_pool("toy", "random").entries] == ["random"]
    assert [x.name for x, _ in opponent_pool("toy").entries] == ["random"]
    same = OpponentPool([(RandomAgent(), 1.0)])
    assert opponent_pool("toy", same) is same
    agent = RandomAgent(name="solo")
    assert opponent_pool("toy", agent).entries == [(agent, 1.0)]
    with pytest.raises(ValueError, match="weight of 'random'"):
        opponent_pool("toy", {"random": 0})
    with pytest.raises(ValueError, match="empty"):
        opponent_pool("toy", {})
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        opponent_pool("toy", "nobody")
    with pytest.raises(TypeError, match="opponent must be"):
        opponent_pool("toy", 3)  # type: ignore[arg-type]
    heuristic = opponent_pool("land_air_sea", "heuristic").entries[0][0]
    assert type(heuristic).__module__ == "combatzoo.agents.land_air_sea"


def test_action_probabilities_of_each_kind_of_agent() -> None:
    mask = np.array([0, 1, 0, 1, 1, 0], dtype=np.int8)
    random_probs = RandomAgent(seed=0).action_probabilities(None, mask)
    assert random_probs.tolist() == [0.0, 1 / 3, 0.0, 1 / 3, 1 / 3, 0.0]

    class Picky(DeterministicAgent):
        name = "picky"
        needs_view = False

        def reset(self, seed: int | None = None) -> None:
            pass

        def act(self, observation: Any, mask: np.ndarray, view: Any = None) -> int:
            return int(np.flatnonzero(mask)[-1])

    assert Picky().action_probabilities(None, mask).tolist() == [0, 0, 0, 0, 1.0, 0]
    assert isinstance(Picky(), Agent)
    with pytest.raises(ValueError, match="allows no action"):
        RandomAgent().action_probabilities(None, np.zeros(3, dtype=np.int8))


def test_heuristics_answer_one_hot_on_their_move() -> None:
    from combatzoo.envs import make_engine

    for system in ("land_air_sea", "solium_infernum", "spellfire"):
        engine = make_engine(system)
        agent = make_agent(system, "heuristic")
        assert isinstance(agent, Agent)
        state = engine.new_game(np.random.default_rng(3))
        p = engine.to_act(state)[0]
        mask, view = engine.legal_mask(state, p), engine.view(state, p)
        probs = agent.action_probabilities(None, mask, view)  # type: ignore[arg-type]
        move = agent.act(None, mask, view)  # type: ignore[arg-type]
        assert probs.shape == mask.shape and probs.sum() == 1.0 and probs[move] == 1.0, system
