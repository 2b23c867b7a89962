"""The shared invariant checks (envs/core/checks.py) on the Heroes of Land, Air & Sea engine:
a correct engine passes them, and each kind of breakage is caught and named."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from combatzoo.envs.core.checks import check_state, replay_actions
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine


def random_states(engine: LandAirSeaEngine, seed: int) -> list[tuple[Any, Any]]:
    """Every state of one random episode, with its start."""
    rnd = random.Random(seed)
    state = engine.new_game(np.random.default_rng(seed))
    start = engine.clone(state)
    states = [engine.clone(state)]
    while not engine.is_over(state):
        engine.apply(state, {p: rnd.choice(engine.legal_actions(state, p))
                             for p in engine.to_act(state)})
        states.append(engine.clone(state))
    return [(s, start) for s in states]


@pytest.mark.parametrize("seed", range(4))
def test_a_correct_engine_passes_every_check(seed):
    engine = LandAirSeaEngine(LandAirSeaConfig(factions="random", attacker="random"))
    for full in (True, False):
        for state, start in random_states(engine, seed):
            assert check_state(engine, state, start, rng=random.Random(seed), full=full) == []


def test_checking_does_not_change_the_state():
    engine = LandAirSeaEngine()
    state, start = random_states(engine, 1)[3]
    before = engine.to_json(state)
    check_state(engine, state, start, full=True)
    assert engine.to_json(state) == before


class _Broken(LandAirSeaEngine):
    """An engine with one deliberate defect, chosen by ``defect``."""

    def __init__(self, defect: str) -> None:
        super().__init__()
        self.defect = defect

    def legal_actions(self, state: Any, player: int) -> list[int]:
        legal = sorted(super().legal_actions(state, player))
        if self.defect == "noop_legal" and legal:
            return [0, *legal]
        if self.defect == "unsorted" and len(legal) > 1:
            return legal[::-1]
        if self.defect == "crashing_action" and legal:
            return [*legal, self.actions.pay] if self.actions.pay not in legal else legal
        return legal

    def observe(self, state: Any, player: int) -> np.ndarray:
        obs = super().observe(state, player)
        if self.defect == "obs_range":
            obs[0] = 2.0
        if self.defect == "obs_dtype":
            return obs.astype(np.float64)
        return obs

    def to_json(self, state: Any) -> dict[str, Any]:
        data = super().to_json(state)
        if self.defect == "lossy_json":
            data["history"] = data["history"][:1]  # forgets every battle but the first
            data["players"][0]["vp"] += 0
        return data

    def from_json(self, data: Any) -> Any:
        state = super().from_json(data)
        if self.defect == "lossy_json":
            state.players[0].vp += 1
        return state

    def _apply(self, state: Any, actions: Any) -> list:
        if self.defect == "illegal_changes_state":
            state.players[0].vp += 100  # changed before the check below could refuse
        return super()._apply(state, actions)

    def check_invariants(self, state: Any, start: Any) -> list[str]:
        problems = super().check_invariants(state, start)
        if self.defect == "invariant":
            problems.append("player_0 has -1 ore")
        return problems


@pytest.mark.parametrize(("defect", "expected"), [
    ("noop_legal", "NOOP is among its legal actions"),
    ("unsorted", "not strictly ascending"),
    ("crashing_action", "raised"),
    ("obs_range", "leaves [-1, 1]"),
    ("obs_dtype", "float64, expected"),
    ("lossy_json", "JSON round trip is not exact"),
    ("invariant", "player_0 has -1 ore"),
])
def test_each_defect_is_caught_and_named(defect, expected):
    engine = _Broken(defect)
    found: list[str] = []
    for state, start in random_states(LandAirSeaEngine(), 2):
        found += check_state(engine, engine.clone(state), start, full=True)
    assert any(expected in p for p in found), found[:5]


def test_a_masked_out_action_that_is_applied_is_caught(monkeypatch):
    engine = LandAirSeaEngine()
    state, start = random_states(engine, 0)[0]
    # An apply that forgets to check legality: masked-out ids go through.
    monkeypatch.setattr(engine, "apply", lambda s, actions: engine._apply(s, actions))
    problems = check_state(engine, state, start, full=False)
    assert any("applied without error" in p or "raised" in p for p in problems), problems


def test_replay_actions_is_deterministic_and_depends_on_the_seed():
    engine = LandAirSeaEngine(LandAirSeaConfig(factions="random", attacker="random"))
    rnd = random.Random(5)
    state = engine.new_game(np.random.default_rng(11))
    actions = []
    while not engine.is_over(state):
        joint = {p: rnd.choice(engine.legal_actions(state, p)) for p in engine.to_act(state)}
        actions.append({f"player_{p}": a for p, a in joint.items()})
        engine.apply(state, joint)
    again = replay_actions(engine, 11, actions)
    assert engine.to_json(again) == engine.to_json(state)
    starts = {str(engine.to_json(engine.new_game(np.random.default_rng(s)))) for s in range(8)}
    assert len(starts) > 1  # factions and attackers are drawn from the seed
