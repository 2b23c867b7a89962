"""Scripted Spellfire battles for seed 000 steps A-C and I: which realm, which champion, who
may defend, declining, realms that defend themselves or must be defeated twice.

Practice cards (``envs/spellfire/practice.py``): Knight hero level 5, Griffon flying monster 6,
Shark swimming monster 5, Champion hero 6 that may attack again, Peak a realm that defends
itself as a level-4 hero and bars flyers, Harbor a coastal realm, Citadel a realm that must be
defeated twice.
"""

from __future__ import annotations

import pytest
from combatzoo.envs.core.errors import IllegalActionError

from .battle_helpers import battle, check, make_engine, side

DEFENDER_FULL = side(realms=["Vale", "Harbor", "Walls", "Vale", "Citadel", "Vale"],
                     hand=["Knight"], draw=["Militia"])


def attackable(b) -> list[str]:
    return [lab.removeprefix("Attack realm ") for lab in b.legal_labels(b.state.attacker)
            if lab.startswith("Attack realm")]


def test_only_exposed_realms_may_be_attacked_without_a_movement_power():
    # RULES.md §1 "Table": A covers B and C; B covers D and E; C covers E and F.
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight"]), DEFENDER_FULL)
    assert attackable(b) == ["A"]
    defender = side(realms=[("Vale", True), "Harbor", "Walls", "Vale", "Citadel", "Vale"],
                    hand=["Knight"])
    assert attackable(battle(e, side(realms=["Vale"], hand=["Knight"]), defender)) == ["B", "C"]
    # B razed too: D is exposed, E still shielded by C (E needs both B and C gone).
    defender["formation"][1]["razed"] = True
    assert attackable(battle(e, side(realms=["Vale"], hand=["Knight"]), defender)) == \
        ["C", "D"]
    # An empty slot shields nothing either.
    defender["formation"][2] = None
    assert attackable(battle(e, side(realms=["Vale"], hand=["Knight"]), defender)) == \
        ["D", "E", "F"]


def test_a_razed_realm_cannot_be_attacked_and_own_realms_never():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=[("Vale", True), "Harbor"], hand=[]))
    assert attackable(b) == ["B"]
    with pytest.raises(IllegalActionError):
        b.attack("A")


def test_flyer_attacks_any_realm_unless_barred_swimmer_only_coastal():
    e = make_engine()
    defender = side(realms=["Vale", "Harbor", "Vale", "Peak", "Citadel", "Vale"])
    # Griffon flies: every realm but Peak (bars flyers), A included.
    assert attackable(battle(e, side(realms=["Vale"], hand=["Griffon"]), defender)) == \
        ["A", "B", "C", "E", "F"]
    # Shark swims: the exposed A and the coastal Harbor (B).
    assert attackable(battle(e, side(realms=["Vale"], hand=["Shark"]), defender)) == ["A", "B"]
    # Both in hand: a covered realm may only be attacked by the champion that reaches it.
    b = battle(e, side(realms=["Vale"], hand=["Shark", "Knight", "Griffon"]), defender)
    b.attack("B")
    assert b.legal_labels(b.state.attacker) == ["Champion from hand 0", "Champion from hand 2"]
    check(b)


def test_the_attack_is_optional_unless_the_config_makes_it_compulsory():
    # Seed 000: "the acting player can attack one realm": making no attack is a choice.
    # optional_attack=False forces an attack whenever one is possible.
    b = battle(make_engine(optional_attack=False), side(realms=["Vale"], hand=["Knight"]),
               DEFENDER_FULL)
    assert "Make no attack / end the attack" not in b.legal_labels(0)
    b = battle(make_engine(), side(realms=["Vale"], hand=["Knight"]), DEFENDER_FULL)
    assert b.legal_labels(0) == ["Make no attack / end the attack", "Attack realm A"]
    b.step(player_0="Make no attack / end the attack")
    assert b.b.outcome == "no_attack" and b.engine.returns(b.state) == [0.0, 0.0]


def test_no_champion_no_attack_and_making_no_attack_ends_the_battle_with_no_reward():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Militia"]), DEFENDER_FULL)
    assert b.legal_labels(0) == ["Make no attack / end the attack"]
    b.step(player_0="Make no attack / end the attack")
    assert e.is_over(b.state) and b.b.outcome == "no_attack"
    assert e.returns(b.state) == [0.0, 0.0]
    check(b)


def test_champion_from_hand_or_pool_and_no_second_attack_in_the_same_turn():
    e = make_engine()
    # The Knight in the pool attacked already this turn (seed 000 step I); the Champion may
    # attack again by its power; the Griffon in hand is fresh.
    attacker = side(realms=["Vale"], hand=["Griffon"], pool=["Knight", "Champion"],
                    attacked=[])
    b = battle(e, attacker, DEFENDER_FULL)
    knight, champion = b.state.players[0].pool
    b.state.players[0].attacked = [knight, champion]
    b.state.cache.clear()
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from hand 0", "Champion from pool 1"]
    b.present(0, "Champion", zone="pool")
    assert b.b.champion[0] == champion
    check(b)


def test_pool_champion_brings_its_attachments_but_no_card_is_added_when_presented():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword", "Orb"])], hand=["Militia"]),
               side(realms=["Vale"], hand=["Griffon"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    # Step C offers no card play: only champions, declining (and a self-defending realm).
    assert b.legal_labels(1) == ["Champion from hand 0", "Decline to defend (realm razed)"]
    b.present(1, "Griffon")
    # Knight 5 + Sword 2 + Orb 3 = 10 against Griffon 6; the losing defender has no card left:
    # the round ends at once (seed 000 step F: "cannot ... play another card").
    assert b.find("totals")[0].data["totals"] == [10, 6]
    assert b.find("round_won")[0].player == 0
    assert b.attached_names(0, "Knight") == ["Practice Sword", "Practice Orb"]
    check(b)


def test_declining_razes_the_realm_and_gives_the_attacker_spoils():
    # Seed 001: "Whenever a defender declines to defend the realm, the realm is razed and the
    # battle ends. Victory spoils go to the attacker."
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Militia", "Giant"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.decline()
    assert b.state.players[1].razed[0]
    assert b.b.outcome == "razed" and b.b.winner == 0
    # The Knight did not fight: it goes to the pool; the spoils (Militia, an ally) go to hand.
    assert b.pool_names(0) == ["Practice Knight"]
    assert b.names(0, "hand") == ["Practice Militia"]
    assert b.names(0, "draw") == ["Practice Giant"]
    assert b.names(1, "draw") == ["Practice Squire"]
    assert e.returns(b.state) == [1.0, -1.0]
    check(b)


def test_the_defender_is_never_required_to_defend_and_may_use_hand_or_pool():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Griffon", "Militia"], pool=["Shark"]))
    b.attack("A")
    b.present(0, "Knight")
    assert b.legal_labels(1) == ["Champion from hand 0", "Champion from pool 0",
                                 "Decline to defend (realm razed)"]
    b.present(1, "Shark", zone="pool")
    assert b.find("champion_presented")[1].data == {"card": "PR/27", "from": "pool"}


def test_a_realm_that_defends_itself_fights_as_its_champion_with_allies_only():
    # RULES.md §1: Peak "can defend itself as a level 4 champion" (a hero): it may take
    # allies but no items or artifacts.
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Sword"]),
               side(realms=["Peak"], hand=["Militia", "Sword", "Punch"]))
    b.attack("A")
    b.present(0, "Knight")
    assert "Let the realm defend itself" in b.legal_labels(1)
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [5, 4]
    # Militia (ally) and Punch (unarmed combat, usable by a hero) but not the Sword.
    assert b.legal_labels(1) == ["Play hand 0", "Play hand 2", "Pass (play no more cards)"]
    b.play(1, "Militia")
    assert b.totals() == [5, 6]
    b.pass_(0)
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert not b.state.players[1].razed[0]
    assert "Practice Militia" in b.names(1, "discard")
    check(b)


def test_a_realm_that_must_be_defeated_twice_needs_a_second_champion():
    # Seed 000 step I: "the attacker may select another champion and attack again ... He must
    # attack the same realm ... The defending player likewise must choose a new defender if
    # choosing to defend, but he is never required to defend."
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Griffon"], draw=["Squire"]),
               side(realms=["Citadel"], hand=["Rogue", "Seer"], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    # Knight 5 beats Rogue 3; the defender has no card to play: the round ends at once.
    assert b.find("round_won")[0].player == 0
    assert not b.state.players[1].razed[0]
    assert b.b.step == "attacker" and b.b.defeats == 1
    # The Knight (now in the pool) attacked already: only the Griffon, or end the attack.
    assert b.legal_labels(0) == ["Make no attack / end the attack", "Champion from hand 0"]
    b.present(0, "Griffon")
    assert b.legal_labels(1) == ["Champion from hand 0", "Decline to defend (realm razed)"]
    b.present(1, "Seer")
    assert b.find("round_won")[1].player == 0
    assert b.state.players[1].razed[0]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.pool_names(0) == ["Practice Knight", "Practice Griffon"]
    assert b.names(0, "hand") == ["Practice Squire"]  # spoils: an ally goes to hand
    check(b)


def test_ending_the_attack_after_one_defeat_leaves_the_realm_standing():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Griffon"]),
               side(realms=["Citadel"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.step(player_0="Make no attack / end the attack")
    assert b.b.outcome == "attack_ended" and b.b.winner is None
    assert e.returns(b.state) == [0.0, 0.0]
    assert not b.state.players[1].razed[0]
    check(b)


def test_a_pool_may_grow_past_its_slots_and_the_state_still_reads_back():
    # [decided] 8 pool slots, 8 champions in the pool, a ninth attacks from the hand and
    # returns to the pool: only the first 8 can be presented, and the JSON round trip holds.
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=["Rogue"] * 8, draw=["Griffon"]),
               side(realms=["Vale", "Vale"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Knight")
    b.decline()
    assert len(b.state.players[0].pool) == 10  # the Knight and a Griffon drawn as spoils
    check(b)
