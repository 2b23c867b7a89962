"""The fast path for search (issue 14) plays the same games as the full path.

The fast path is what a search bot drives: ``engine.clone`` before every decision, then
``legal_actions`` and ``apply_trusted`` on the copy, with no observation and no mask (what
``combatzoo bench --measure fast_step`` times). The full path is the PettingZoo AEC env. Over
seeded random games of every registered system, both must list the same legal actions and
reach the same state JSON after every step, with the same events, and end with the same
returns; and a clone must be independent of its original, both ways.
"""

from __future__ import annotations

import random
from typing import Any

import combatzoo.envs
import numpy as np
import pytest
from combatzoo.training import bench

CASES = [(name, {}) for name in combatzoo.envs.list_envs()] + [
    ("solium_infernum", {"mode": "battle"})]
"""Every registered system with its default options, and Solium's battle mode."""
DECISIONS = 1500
"""Decisions per case (several episodes): enough to cross phases, battles and game ends."""


def _ids(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return name + "".join(f"[{k}={v}]" for k, v in options.items())


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_fast_path_plays_the_aec_game(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    engine = combatzoo.envs.make_engine(name, **options)
    env = combatzoo.envs.make(name, **options)
    raw = env.unwrapped
    decisions = 0
    seed = 0
    won = 0
    while decisions < DECISIONS:
        seed += 1
        env.reset(seed=seed)
        # reset(seed) deals from default_rng(seed): the fast path deals the same game.
        state = engine.new_game(np.random.default_rng(seed))
        assert engine.to_json(state) == raw.save_state()
        rng = random.Random(seed)
        steps = 0
        while not engine.is_over(state):
            chosen = {}
            for p in engine.to_act(state):
                assert env.agent_selection == f"player_{p}"
                obs, _, term, trunc, _ = env.last()
                assert not (term or trunc)
                state = engine.clone(state)  # as a search copies the node it expands
                legal = engine.legal_actions(state, p)
                assert legal == np.flatnonzero(obs["action_mask"]).tolist()
                chosen[p] = legal[rng.randrange(len(legal))]
                env.step(chosen[p])
                decisions += 1
            events = engine.apply_trusted(state, chosen)
            steps += 1
            where = f"{name} seed {seed} step {steps}"
            assert engine.to_json(state) == raw.save_state(), where
            assert [e.to_json() for e in events] == raw.infos["player_0"]["events"], where
        # The AEC env hands out the engine's returns as the final rewards and ends every agent.
        assert all(raw.terminations.values())
        returns = engine.returns(state)
        assert [raw.rewards[f"player_{p}"] for p in range(len(returns))] == returns
        won += any(returns)
    assert won, "no episode had a winner: the rewards were compared only at 0"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_a_clone_is_independent(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    engine = combatzoo.envs.make_engine(name, **options)
    rng = random.Random(7)
    decisions = 0
    seed = 100
    while decisions < DECISIONS // 2:
        seed += 1
        state = engine.new_game(np.random.default_rng(seed))
        while not engine.is_over(state):
            chosen = {}
            for p in engine.to_act(state):
                legal = engine.legal_actions(state, p)
                chosen[p] = legal[rng.randrange(len(legal))]
                decisions += 1
            before = engine.to_json(state)
            # Stepping a clone leaves the original as it was...
            probe = engine.clone(state)
            probe_events = [e.to_json() for e in engine.apply_trusted(probe, chosen)]
            assert engine.to_json(state) == before
            # ...and stepping the original leaves an earlier clone as it was.
            kept = engine.clone(state)
            events = [e.to_json() for e in engine.apply_trusted(state, chosen)]
            assert engine.to_json(kept) == before
            # Both steps were the same step (the engine is a function of state and actions).
            assert events == probe_events
            assert engine.to_json(state) == engine.to_json(probe)


@pytest.mark.parametrize("name", combatzoo.envs.list_envs())
def test_bench_fast_step_plays_the_games_of_aec_random(name: str) -> None:
    # Same seed, same draws: the two measures of ``combatzoo bench`` play the same games, so
    # their ratio compares the same work done two ways (they start as many episodes).
    engine = combatzoo.envs.make_engine(name)
    env = combatzoo.envs.make(name)
    assert bench.fast_decisions(engine, 300, 5) == bench.random_decisions(env, 300, 5)


def test_bench_prints_the_fast_step_ratio() -> None:
    results = bench.bench(["land_air_sea"], ["aec_random", "fast_step"], 200, 1, 0, clock="cpu")
    rates = {r.measure: r.median for r in results}
    assert set(rates) == {"aec_random", "fast_step"}
    ratio = rates["fast_step"] / rates["aec_random"]
    assert bench.fast_ratios(results) == {"land_air_sea": bench.Ratio(ratio, ratio, ratio)}
