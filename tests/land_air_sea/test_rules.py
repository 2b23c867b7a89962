"""Scripted Heroes of Land, Air & Sea battles, one per rule of seed 003 and RULES.md §2.

Every expected number is worked out by hand in a comment from the tables in
``envs/land_air_sea/data`` (Serf 1, Warrior 2, Paladin 4 with +1 per Warrior up to +2, Tower 3,
First Strike +2 / 4 Mana / 2 VP, Charge +4 and +3 more against First Strike / 6 Mana / 3 VP).
"""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.envs.core.errors import IllegalActionError
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine, army_strength

from .conftest import battle, side

PAY = "Pay the rest in resources"
SAC_WARRIOR = "Sacrifice a Warrior (pays 2)"
SAC_SERF = "Sacrifice a Serf (pays 1)"


def test_seed_example_human_first_strike_against_orc_charge(engine):
    # Seed 003: Humans 10 + First Strike = 12 (4 Mana, +2 VP); Orcs 8 + Charge against First
    # Strike = 15, paying 6 Mana with 4 Mana and a sacrificed Warrior (+3 VP); the Orcs win and
    # lose the Warrior afterwards. Humans: Paladin 4 + 2 Warriors 4 + Paladin bonus 2 = 10.
    # Orcs: 3 Warriors 6 + 2 Serfs 2 = 8. Humans defend without structures.
    humans = side("Humans", {"Paladin": 1, "Warrior": 2}, mana=4)
    orcs = side("Orcs", {"Warrior": 3, "Serf": 2}, mana=4)
    s = battle(engine, humans, orcs, attacker=1)
    assert engine.to_act(s.state) == [0, 1]
    s.step(player_0="Tactic: First Strike", player_1="Tactic: Charge")
    # Both may still choose to sacrifice units (secretly): both are paying.
    assert engine.to_act(s.state) == [0, 1]
    # The Orcs have 4 Mana for a 6 cost: Pay is illegal until a Warrior covers 2 of it.
    assert PAY not in s.legal_labels(1)
    s.step(player_0=PAY, player_1=SAC_WARRIOR)
    # Covered now; more units could still replace Mana ("Resources AND/OR Sacrifice Units").
    assert PAY in s.legal_labels(1) and SAC_WARRIOR in s.legal_labels(1)
    s.step(player_1=PAY)
    totals = {e.player: e.data["total"] for e in s.find("strength_total")}
    assert totals == {0: 12, 1: 15}
    won = s.find("battle_won")[0]
    assert won.player == 1
    paid = {e.player: e.data for e in s.find("tactic_paid")}
    assert paid[0] == {"resource": 4, "sacrificed": {}, "vp": 2}
    assert paid[1] == {"resource": 4, "sacrificed": {"Warrior": 1}, "vp": 3}
    h, o = s.state.players
    assert h.resources["mana"] == 0 and o.resources["mana"] == 0
    # Orcs: 3 Warriors - 1 sacrificed. Humans lose ceil(8 / 2) = 4: both Warriors (2 + 2).
    assert o.army == {"Warrior": 2, "Serf": 2}
    assert h.army == {"Paladin": 1}
    # VP: cards (+2 / +3) and the victory VP (2, decided) for the Orcs.
    assert h.vp == 2 and o.vp == 3 + 2
    assert engine.is_over(s.state)


def test_army_strength_adds_ability_bonuses_and_structures_only_when_defending(engine):
    t = engine.tables
    from combatzoo.envs.land_air_sea.state import Side

    # Paladin 4 + 3 Warriors 6 + Serf 1 = 11 natural; Paladin +1 per Warrior capped at +2.
    humans = Side("Humans", {"ore": 0, "mana": 0, "food": 0}, 0,
                  {"Paladin": 1, "Warrior": 3, "Serf": 1}, {"Tower": 1}, [])
    assert army_strength(t, humans, attacking=True, defending=False) == (11, 13)
    # Defending, the Tower (3) fights too.
    assert army_strength(t, humans, attacking=False, defending=True) == (14, 16)
    # Warlord (3) +2 only when attacking; Ranger (3) +2 only when defending.
    orcs = Side("Orcs", {"ore": 0, "mana": 0, "food": 0}, 0, {"Warlord": 1}, {}, [])
    assert army_strength(t, orcs, True, False) == (3, 5)
    assert army_strength(t, orcs, False, True) == (3, 3)
    elves = Side("Elves", {"ore": 0, "mana": 0, "food": 0}, 0, {"Ranger": 1, "Longship": 1}, {}, [])
    # Longship 2, +1 when attacking.
    assert army_strength(t, elves, True, False) == (5, 6)
    assert army_strength(t, elves, False, True) == (5, 7)


def test_tie_goes_to_the_defender(engine):
    # Attacker 2 Warriors = 4, defender 4 Serfs = 4; both play Feint (+1 each, 2 Mana): 5 vs 5.
    s = battle(engine, side("Orcs", {"Warrior": 2}, mana=2), side("Undead", {"Serf": 4}, mana=2))
    s.step(player_0="Tactic: Feint", player_1="Tactic: Feint")
    s.step(player_0=PAY, player_1=PAY)
    assert [e.data["total"] for e in s.find("strength_total")] == [5, 5]
    assert s.find("battle_won")[0].player == 1


def test_attacker_gains_one_vp_for_starting_a_battle():
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=2, attacker="alternate"))
    state = engine.new_game(np.random.default_rng(0))
    assert [p.vp for p in state.players] == [1, 0]
    assert state.history == []


def test_defender_casts_first_then_attacker_sees_it_and_may_dispel():
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    s = battle(engine, side("Humans", {"Warrior": 2}, mana=5, spellbook=["Bless", "Dispel"]),
               side("Humans", {"Warrior": 2}, mana=5, spellbook=["Bless", "Dispel"]),
               attacker=0, phase="spell")
    assert engine.to_act(s.state) == [1]  # the defender decides first (RULES.md §2)
    # Nothing to dispel yet: the defender may not cast Dispel.
    assert s.legal_labels(1) == ["Decline to cast a combat spell", "Cast Bless"]
    with pytest.raises(IllegalActionError, match="Cast Dispel"):
        s.step(player_1="Cast Dispel")
    s.step(player_1="Cast Bless")
    assert engine.to_act(s.state) == [0]
    assert "Cast Dispel" in s.legal_labels(0)
    s.step(player_0="Cast Dispel")
    assert s.find("spell_dispelled")[0].data == {"spell": "Bless"}
    # Both paid: Bless 2 Mana, Dispel 2 Mana.
    assert [p.resources["mana"] for p in s.state.players] == [3, 3]
    assert s.state.phase == "tactic"
    # Ambush (defender, 3 Food; the defender has no Food, so it sacrifices both Warriors)
    # cancels Pillage; the dispelled Bless adds nothing: 4 vs 4 + 2, the defender wins.
    s.step(player_0="Tactic: Pillage", player_1="Tactic: Ambush")
    s.step(player_1=SAC_WARRIOR)
    s.step(player_1=SAC_WARRIOR)
    s.step(player_1=PAY)
    assert s.find("tactic_cancelled")[0].player == 0
    assert [e.data["spell"] for e in s.find("strength_total")] == [0, 0]
    assert [e.data["total"] for e in s.find("strength_total")] == [4, 6]


def test_lightning_bolt_destroys_the_strongest_small_unit():
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    s = battle(engine, side("Orcs", {"Warrior": 1}, mana=3, spellbook=["Lightning Bolt"]),
               side("Humans", {"Paladin": 1, "Warrior": 1, "Serf": 1}),
               attacker=0, phase="spell")
    s.step(player_1="Decline to cast a combat spell")
    s.step(player_0="Cast Lightning Bolt")
    # Strongest unit of strength <= 2 that is a unit (not the Paladin hero): the Warrior.
    assert s.state.players[1].army == {"Paladin": 1, "Serf": 1}
    assert s.state.players[1].destroyed == {"Warrior": 1}


def test_battle_ends_without_tactic_cards_when_a_side_has_nothing_left():
    # Seed 003: "if one or both players have no Units or Structures remaining ... the Battle ends
    # and no Tactic Cards are played". The bolt kills the defender's only Serf.
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1, victory_vp=2))
    s = battle(engine, side("Orcs", {"Warrior": 1}, mana=3, spellbook=["Lightning Bolt"]),
               side("Undead", {"Serf": 1}), attacker=0, phase="spell")
    s.step(player_1="Decline to cast a combat spell")
    s.step(player_0="Cast Lightning Bolt")
    assert "battle_ends_early" in s.kinds()
    assert "tactic_revealed" not in s.kinds()
    assert engine.is_over(s.state)
    assert s.state.history[0]["winner"] == 0
    assert s.state.players[0].vp == 2


def test_sacrificed_units_count_for_strength_and_die_after_the_battle_win_or_lose(engine):
    # Attacker 3 Warriors (6) plays Charge (+4) paying 6 with 3 Warriors (no Mana): total 10,
    # and wins against 4 Serfs (4) + Feint (+1) = 5; all three Warriors are then lost.
    s = battle(engine, side("Orcs", {"Warrior": 3, "Serf": 1}),
               side("Undead", {"Serf": 4}, mana=2))
    s.step(player_0="Tactic: Charge", player_1="Tactic: Feint")
    s.step(player_0=SAC_WARRIOR, player_1=PAY)
    s.step(player_0=SAC_WARRIOR)
    s.step(player_0=SAC_WARRIOR)
    assert engine.to_act(s.state) == [0]
    assert s.legal_labels(0) == [PAY]
    s.step(player_0=PAY)
    totals = [e.data["total"] for e in s.find("strength_total")]
    assert totals == [6 + 1 + 4, 4 + 1]  # the Serf counts too: 7 natural + 4
    assert s.find("battle_won")[0].player == 0
    assert s.state.players[0].army == {"Serf": 1}  # the winner loses only its sacrificed units
    # Loser: ceil(4 / 2) = 2 damage: 2 Serfs.
    assert s.state.players[1].army == {"Serf": 2}


def test_heroes_vessels_and_structures_cannot_be_sacrificed(engine):
    codec_labels = engine.codec.labels
    assert [lbl for lbl in codec_labels if lbl.startswith("Sacrifice")] == [SAC_SERF, SAC_WARRIOR]
    # A player with only a hero and a vessel cannot cover a cost beyond its resources: the card
    # is unaffordable and ignored, and no payment step is offered.
    s = battle(engine, side("Elves", {"Ranger": 1, "Longship": 1}, mana=1),
               side("Undead", {"Serf": 2}))
    s.step(player_0="Tactic: First Strike", player_1="Tactic: Pillage")
    assert "tactic_ignored" in s.kinds()


def test_a_player_who_can_pay_must_pay(engine):
    # 4 Mana + 1 Serf against Charge (6): cannot cover it -> ignored. With 2 Serfs it can, and
    # Pay stays illegal until the cost is covered.
    s = battle(engine, side("Humans", {"Warrior": 1, "Serf": 2}, mana=4),
               side("Undead", {"Serf": 2}))
    s.step(player_0="Tactic: Charge", player_1="Tactic: Pillage")
    assert engine.to_act(s.state) == [0]
    assert PAY not in s.legal_labels(0)
    s.step(player_0=SAC_SERF)
    assert PAY not in s.legal_labels(0)
    s.step(player_0=SAC_SERF)
    assert PAY in s.legal_labels(0)
    s.step(player_0=PAY)
    assert s.find("tactic_paid")[0].data["resource"] == 4


def test_unaffordable_card_is_ignored_and_counts_as_nothing(engine):
    # Charge costs 6 Mana; 2 Mana and a lone Serf (1) cannot pay it: ignored, no cost, no VP,
    # no bonus. Defender plays Shield Wall (+1, 2 Ore, 1 VP) with a Warrior.
    s = battle(engine, side("Humans", {"Warrior": 1, "Serf": 1}, mana=2),
               side("Orcs", {"Warrior": 1}, ore=2))
    s.step(player_0="Tactic: Charge", player_1="Tactic: Shield Wall")
    s.step(player_1=PAY)
    ignored = s.find("tactic_ignored")
    assert [e.player for e in ignored] == [0]
    assert "cannot be paid" in ignored[0].text
    assert s.state.players[0].resources["mana"] == 2
    totals = [e.data["total"] for e in s.find("strength_total")]
    assert totals == [3, 2 + 1]  # 3 vs 3: a tie, the defender wins
    assert s.find("battle_won")[0].player == 1
    assert s.state.players[0].vp == 0 and s.state.players[1].vp == 1 + 2


def test_cancelled_card_costs_nothing_and_gives_no_vp(engine):
    # Shield Wall cancels First Strike: the First Strike player keeps its Mana and gains no VP.
    s = battle(engine, side("Humans", {"Warrior": 1}, mana=4),
               side("Orcs", {"Warrior": 1}, ore=2))
    s.step(player_0="Tactic: First Strike", player_1="Tactic: Shield Wall")
    s.step(player_0=PAY, player_1=PAY)
    assert s.find("tactic_cancelled")[0].player == 0
    assert s.state.players[0].resources["mana"] == 4
    assert s.state.players[1].resources["ore"] == 0
    totals = [e.data["total"] for e in s.find("strength_total")]
    assert totals == [2, 3]
    assert [p.vp for p in s.state.players] == [0, 1 + 2]


def test_cancelled_card_returns_its_sacrificed_units(engine):
    # The attacker sacrifices a Warrior for First Strike, which Shield Wall then cancels: the
    # Warrior is not lost (a cancelled card costs nothing, seed 003).
    s = battle(engine, side("Humans", {"Warrior": 3}), side("Orcs", {"Warrior": 1}, ore=2))
    s.step(player_0="Tactic: First Strike", player_1="Tactic: Shield Wall")
    s.step(player_0=SAC_WARRIOR, player_1=PAY)
    s.step(player_0=SAC_WARRIOR)
    s.step(player_0=PAY)
    assert "unit_sacrificed" not in s.kinds()
    # 6 vs 2 + 1: the attacker wins with all three Warriors.
    assert s.state.players[0].army == {"Warrior": 3}


def test_role_restricted_cards_are_ignored_for_the_wrong_side(engine):
    # Ambush is defender-only and Pillage attacker-only: played by the other role, both ignored.
    s = battle(engine, side("Humans", {"Warrior": 1}, food=3), side("Orcs", {"Warrior": 1}))
    s.step(player_0="Tactic: Ambush", player_1="Tactic: Pillage")
    reasons = {e.player: e.text for e in s.find("tactic_ignored")}
    assert "only a defender" in reasons[0] and "only an attacker" in reasons[1]
    assert s.state.players[0].resources["food"] == 3


def test_only_serfs_and_no_structure_may_not_play_charge_but_a_tower_allows_it(engine):
    s = battle(engine, side("Undead", {"Serf": 3}, mana=6), side("Orcs", {"Serf": 2}, mana=6))
    s.step(player_0="Tactic: Charge", player_1="Tactic: Feint")
    s.step(player_1=PAY)
    assert [e.player for e in s.find("tactic_ignored")] == [0]
    # The same army of Serfs defending with a Tower may play Charge.
    s = battle(engine, side("Orcs", {"Serf": 2}, mana=2),
               side("Undead", {"Serf": 3}, {"Tower": 1}, mana=6))
    s.step(player_0="Tactic: Feint", player_1="Tactic: Charge")
    s.step(player_0=PAY, player_1=PAY)
    assert s.find("tactic_ignored") == []


def test_both_conscripts_resolve_defender_first(engine):
    # Conscripts: +2 Serfs, +3 if outnumbered when it resolves. Attacker 3 Warriors (3 pieces),
    # defender 2 Serfs (2 pieces). Defender first: outnumbered 2 < 3 -> +3 Serfs (5 pieces).
    # Then the attacker: 3 < 5 -> outnumbered -> +3. Attacker first would have given it +2.
    s = battle(engine, side("Orcs", {"Warrior": 3}, food=3), side("Undead", {"Serf": 2}, food=3))
    s.step(player_0="Tactic: Conscripts", player_1="Tactic: Conscripts")
    s.step(player_0=PAY, player_1=PAY)
    conscripts = s.find("conscripts")
    assert [(e.player, e.data["count"]) for e in conscripts] == [(1, 3), (0, 3)]
    assert s.state.players[0].recruited == {"Serf": 3}


def test_loser_damage_hits_the_tower_first_then_the_cheapest_pieces(engine):
    # Defender: Tower 3 + Paladin 4 + Warrior 2 + Serf 1 = natural 10, +1 Paladin bonus = 11.
    # Attacker: 6 Warriors = 12 + Pillage (+3, free, -2 VP) = 15 vs 11 + nothing (Pillage is
    # attacker-only: ignored). Defender loses; damage ceil(10 / 2) = 5: Tower (3), Serf (1),
    # Warrior (2).
    s = battle(engine, side("Orcs", {"Warrior": 6}),
               side("Humans", {"Paladin": 1, "Warrior": 1, "Serf": 1}, {"Tower": 1}))
    s.step(player_0="Tactic: Pillage", player_1="Tactic: Pillage")
    damage = s.find("damage")[0]
    assert damage.player == 1 and damage.data["damage"] == 5
    assert damage.data["lost"] == {"Tower": 1, "Serf": 1, "Warrior": 1}
    assert s.state.players[1].army == {"Paladin": 1}
    assert s.state.players[1].structures == {}
    assert s.state.players[0].vp == -2 + 2  # Pillage -2 VP, victory +2


def test_damage_is_half_natural_strength_after_removing_sacrificed_units(engine):
    # Defender 4 Warriors (8) sacrifices 2 of them for First Strike (4 Mana, none in stock):
    # total 8 + 2 = 10 loses to 6 Warriors (12) + Pillage (3). Natural strength after removing
    # the sacrificed units: 4 -> damage 2 -> one more Warrior. The defender ends with 1 Warrior.
    s = battle(engine, side("Orcs", {"Warrior": 6}), side("Humans", {"Warrior": 4}))
    s.step(player_0="Tactic: Pillage", player_1="Tactic: First Strike")
    s.step(player_1=SAC_WARRIOR)
    s.step(player_1=SAC_WARRIOR)
    s.step(player_1=PAY)
    assert s.find("damage")[0].data == {"damage": 2, "lost": {"Warrior": 1}}
    assert s.state.players[1].army == {"Warrior": 1}
    assert s.state.players[1].destroyed == {"Warrior": 3}


def test_campaign_income_reinforcements_alternating_attacker_and_final_reward():
    cfg = LandAirSeaConfig(num_battles=2, income={"ore": 1, "mana": 2, "food": 3},
                           reinforcements={"Serf": 1}, attacker="alternate",
                           start_resources={"ore": 0, "mana": 0, "food": 0})
    engine = LandAirSeaEngine(cfg)
    state = engine.new_game(np.random.default_rng(0))
    assert state.attackers == [0, 1]
    serfs = [p.army.get("Serf", 0) for p in state.players]
    # Battle 1: both decline spells (nothing affordable but Decline), both play Pillage
    # (attacker-only: the defender's is ignored).
    pillage = engine.codec.id_of("Tactic: Pillage")
    engine.apply(state, {1: 1})
    engine.apply(state, {0: 1})
    engine.apply(state, {0: pillage, 1: pillage})
    assert state.battle == 1 and state.attacker == 1
    assert [p.resources for p in state.players] == [{"ore": 1, "mana": 2, "food": 3}] * 2
    for p in (0, 1):
        lost = state.history[0]["winner"] != p
        assert state.players[p].recruited.get("Serf", 0) == 1
        assert state.players[p].army.get("Serf", 0) >= (0 if lost else serfs[p] + 1)
    assert engine.returns(state) == [0.0, 0.0]
    while not engine.is_over(state):
        acting = engine.to_act(state)
        engine.apply(state, {p: engine.legal_actions(state, p)[-1] for p in acting})
    vp = [p.vp for p in state.players]
    expected = [0.0, 0.0] if vp[0] == vp[1] else ([1.0, -1.0] if vp[0] > vp[1] else [-1.0, 1.0])
    assert engine.returns(state) == expected
    assert len(state.history) == 2
    assert sum(state.history[0]["vp_gained"]) + sum(state.history[1]["vp_gained"]) == sum(vp)


def test_observation_after_a_bolt_resolved_on_the_attackers_decline_is_fresh():
    # Regression: the observer caches per-battle segments; the defender's Lightning Bolt is
    # resolved when the attacker declines its own spell, and the cache must not keep the
    # destroyed Warrior. A state read back from JSON has no cache: both must agree.
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    s = battle(engine, side("Orcs", {"Warrior": 2}),
               side("Elves", {"Warrior": 1}, mana=3, spellbook=["Lightning Bolt"]),
               attacker=0, phase="spell")
    before = [engine.observe(s.state, p) for p in (0, 1)]
    s.step(player_1="Cast Lightning Bolt")
    engine.observe(s.state, 0)
    s.step(player_0="Decline to cast a combat spell")
    assert s.state.players[0].army == {"Warrior": 1}
    fresh = engine.from_json(engine.to_json(s.state))
    for p in (0, 1):
        assert np.array_equal(engine.observe(s.state, p), engine.observe(fresh, p))
        assert not np.array_equal(engine.observe(s.state, p), before[p])
