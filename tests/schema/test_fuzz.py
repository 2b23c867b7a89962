"""Issue 16: random mutations of valid states are either refused with a StateError (never
another exception: no KeyError, TypeError, RecursionError, OverflowError ...) or load into a
state the engine can show and step legally."""

from __future__ import annotations

import functools
import json
import os
import random
from typing import Any

import pytest
from combatzoo.envs.core.errors import StateError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .engines import SETUPS, engine
from .mutations import bases, mutated

EXAMPLES = int(os.environ.get("COMBATZOO_SCHEMA_FUZZ", "150"))
"""Mutations per setup (set COMBATZOO_SCHEMA_FUZZ for a longer hunt; derandomized otherwise)."""
TALLY: dict[str, list[int]] = {}
"""Per setup: [refused, loaded] (printed with ``pytest -s``)."""


@functools.cache
def states_of(name: str) -> list[dict[str, Any]]:
    return bases(name)


def loads_and_steps(name: str, data: dict[str, Any], seed: int) -> None:
    eng = engine(name)
    tally = TALLY.setdefault(name, [0, 0])
    try:
        state = eng.from_json(data)
    except StateError:
        tally[0] += 1
        return
    tally[1] += 1
    json.dumps(eng.to_json(state), allow_nan=False)
    for p in range(eng.spec.num_players):
        eng.observe(state, p)
        eng.view(state, p)
    if eng.is_over(state):
        return
    acting = eng.to_act(state)
    assert acting, "a running game with nobody to act was loaded"
    rng = random.Random(seed)
    choice = {}
    for p in acting:
        legal = eng.legal_actions(state, p)
        assert legal, f"player_{p} must act but has no legal action"
        choice[p] = rng.choice(legal)
    eng.apply(state, choice)
    json.dumps(eng.to_json(state), allow_nan=False)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_mutated_state_is_refused_or_playable(name: str) -> None:
    states = states_of(name)

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 150,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=mutated(states), seed=st.integers(0, 2**16))
    def check(data: dict[str, Any], seed: int) -> None:
        loads_and_steps(name, data, seed)

    check()
    print(f"{name}: refused {TALLY[name][0]}, loaded and stepped {TALLY[name][1]}")
