"""The per-decision observation blocks (resources, card flags) that the observer memoises
(issue 14): values computed by hand from tactic_cards.json and units.json, and memo keys that
tell apart every state that must differ."""

from __future__ import annotations

import numpy as np
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine

from tests.land_air_sea.conftest import battle, side

# tactic_cards.json: name -> (cost resource, amount, role, needs_non_serf)
#   First Strike mana 4 any; Charge mana 6 any, needs a non-Serf; Conscripts food 3 any;
#   Shield Wall ore 2 any, needs a non-Serf; Ambush food 3 defender; Pillage food 0 attacker;
#   Feint mana 2 any.


def segments(engine: LandAirSeaEngine, state: object, p: int) -> dict[str, np.ndarray]:
    return engine.layout.split(engine.observe(state, p))  # type: ignore[arg-type]


def flags(engine: LandAirSeaEngine, values: dict[str, int]) -> list[float]:
    return [float(values.get(name, 0)) for name in engine.actions.cards]


def test_resources_and_card_flags_of_both_players():
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    s = battle(engine, side("Orcs", {"Warrior": 1}, mana=1),
               side("Elves", {"Serf": 3}, food=1, ore=30), attacker=0)
    att, dfd = segments(engine, s.state, 0), segments(engine, s.state, 1)
    # Resources / 20, capped at 1: mine first, then the opponent's (ore, mana, food).
    assert att["my_resources"].tolist() == [0.0, np.float32(1 / 20), 0.0]
    assert att["opp_resources"].tolist() == [1.0, 0.0, np.float32(1 / 20)]
    assert dfd["my_resources"].tolist() == att["opp_resources"].tolist()
    # The attacker: every card but Ambush (defender only) is allowed. It can sacrifice one
    # Warrior (strength 2): Shield Wall (ore 0 + 2 >= 2), Pillage (0) and Feint (mana 1 + 2
    # >= 2) are affordable; First Strike (1 + 2 < 4), Charge, Conscripts, Ambush are not.
    assert att["card_allowed"].tolist() == flags(engine, {
        "First Strike": 1, "Charge": 1, "Conscripts": 1, "Shield Wall": 1, "Pillage": 1,
        "Feint": 1})
    assert att["card_affordable"].tolist() == flags(engine, {
        "Shield Wall": 1, "Pillage": 1, "Feint": 1})
    # The defender has only Serfs and no structure: no Charge, no Shield Wall; no Pillage
    # (attacker only). Three Serfs (strength 1 each) and food 1 pay for all but First Strike
    # (0 + 3 < 4) and Charge.
    assert dfd["card_allowed"].tolist() == flags(engine, {
        "First Strike": 1, "Conscripts": 1, "Ambush": 1, "Feint": 1})
    assert dfd["card_affordable"].tolist() == flags(engine, {
        "Conscripts": 1, "Shield Wall": 1, "Ambush": 1, "Pillage": 1, "Feint": 1})


def test_memoised_blocks_follow_the_role_and_the_resources():
    # One engine (one memo) for three states that differ only in role or resources: each must
    # get its own blocks.
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    army = {"Warrior": 1}
    as_attacker = battle(engine, side("Orcs", army, mana=1), side("Elves", army), attacker=0)
    as_defender = battle(engine, side("Orcs", army, mana=1), side("Elves", army), attacker=1)
    richer = battle(engine, side("Orcs", army, mana=2), side("Elves", army), attacker=0)
    a = segments(engine, as_attacker.state, 0)
    d = segments(engine, as_defender.state, 0)
    r = segments(engine, richer.state, 0)
    ambush, pillage = engine.actions.cards.index("Ambush"), engine.actions.cards.index("Pillage")
    assert (a["card_allowed"][ambush], a["card_allowed"][pillage]) == (0.0, 1.0)
    assert (d["card_allowed"][ambush], d["card_allowed"][pillage]) == (1.0, 0.0)
    first_strike = engine.actions.cards.index("First Strike")
    # First Strike costs 4 Mana: 1 + 2 (the Warrior) is short, 2 + 2 pays.
    assert a["card_affordable"][first_strike] == 0.0 and r["card_affordable"][first_strike] == 1.0
    assert r["my_resources"][1] == np.float32(2 / 20) and a["my_resources"][1] == np.float32(1 / 20)


def test_observations_handed_out_are_independent_of_the_memo():
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    s = battle(engine, side("Orcs", {"Warrior": 1}, mana=1), side("Elves", {"Serf": 1}))
    first = engine.observe(s.state, 0)
    first[:] = 0.5  # a caller may write into its own vector
    again = engine.observe(s.state, 0)
    assert not np.array_equal(first, again)
    assert again[engine.layout.slice("card_allowed")].any()
