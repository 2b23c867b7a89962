"""What the issue-14 soak (``combatzoo soak``, 1,000,000 decisions per system) found.

Solium Infernum, battle mode, seed 30594: both sides' Ashen Archers ("Ranged Twice") with Twin
Barrage ("Ranged Twice") attached fight seven phases, and the state schema refused the battle
record of a reachable state (at most six phases): the JSON round trip failed.
"""

from __future__ import annotations

import numpy as np
from combatzoo.envs import make_engine
from combatzoo.envs.solium_infernum.actions import DONE, attach_action


def test_a_battle_of_seven_phases_round_trips_through_json() -> None:
    side = {"legion": "Ashen Archers", "tribute": 3, "hand": ["Twin Barrage"]}
    engine = make_engine("solium_infernum", mode="battle",
                         battle_setup={"attacker": {"player": 0, **side}, "defender": side})
    state = engine.new_game(np.random.default_rng(0))  # a given set-up draws nothing
    barrage = engine.codec.encode(attach_action("Twin Barrage", -1))
    done = engine.codec.encode(DONE)
    engine.apply(state, {0: barrage, 1: barrage})
    engine.apply(state, {0: done, 1: done})
    assert engine.is_over(state)
    # Seed 004: an extra phase goes right after the last phase of its type; Ranged, Melee,
    # Infernal gets four extra Ranged phases (two legion abilities, two cards).
    assert state.last_battle is not None
    assert state.last_battle["order"] == ["Ranged"] * 5 + ["Melee", "Infernal"]
    data = engine.to_json(state)
    assert engine.to_json(engine.from_json(data)) == data
