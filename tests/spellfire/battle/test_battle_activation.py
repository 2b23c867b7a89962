"""Seed 002's order of activation and seed 000 step D (powers that end the round at once).

Order: realm, holding, the attacking champion and its cards (a artifacts, b allies, c magical
items, ...), then the defending champion and its cards. Within one group (note 4): highest
bonus first, then alphabetically, then lowest card number for same-name cards.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .battle_helpers import battle, card, check, make_engine, side

BAND = card(10, "T Band", CardType.MAGICAL_ITEM, bonus=1)
CHARM_A = card(11, "T Charm", CardType.MAGICAL_ITEM, bonus=1)
CHARM_B = card(9, "T Charm", CardType.MAGICAL_ITEM, bonus=1)
BASILISK = card(12, "T Basilisk", CardType.MONSTER, level=3, world=World.NO_WORLD,
                effects=(Effect(EffectKind.DESTROY_CHAMPION, amount=5,
                                condition=Condition(When.ATTACKING)),))
MEDUSA = card(13, "T Medusa", CardType.MONSTER, level=2, world=World.NO_WORLD,
              effects=(Effect(EffectKind.DESTROY_CHAMPION, amount=0),))


def order_names(b) -> list[str]:
    e = b.engine
    return [e.facts(key).name for _, key in b.find("activation")[0].data["order"]]


def test_order_of_activation_with_ties_broken_by_bonus_name_and_number():
    e = make_engine(BAND, CHARM_A, CHARM_B)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/11", "Shield", "Sword", "T/9",
                                                          "Orb", "T/10"])]),
               side(realms=[("Walls", False, "Watchtower")], pool=[("Griffon", ["Sword"])]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon", zone="pool")
    assert order_names(b) == [
        "Practice Walls", "Practice Watchtower",  # 3 realm, 4 holding
        "Practice Knight",  # 7 the attacking champion
        "Practice Orb",  # 7a artifacts
        "Practice Sword",  # 7c magical items: +2 first
        "Practice Shield", "T Band", "T Charm", "T Charm",  # +1: by name
        "Practice Griffon", "Practice Sword"]  # 8 the defender
    charms = [key for _, key in b.find("activation")[0].data["order"] if key in ("T/9", "T/11")]
    assert charms == ["T/9", "T/11"]  # same name: lowest card number first
    check(b)


def test_an_attacking_power_that_wins_before_the_defender_activates_razes_the_realm():
    # Seed 000 step D: "If an attacker wins the round of battle through the use of his special
    # power (before the defender gets to activate his special power), the defender is
    # discarded and combat ends. The realm is razed." The Basilisk destroys a level 5 or less
    # champion when attacking; the Medusa would destroy any champion, but activates later.
    e = make_engine(BASILISK, MEDUSA)
    b = battle(e, side(realms=["Vale"], hand=["T/12", "Giant"]),
               side(realms=["Vale"], hand=["T/13", "Militia"]))
    b.attack("A")
    b.present(0, "T Basilisk")
    b.present(1, "T Medusa")
    # RULES.md §1: the defender, about to lose at once, may play one card (its Militia
    # changes nothing); it passes.
    assert b.find("answer_offered") and b.to_act() == [1]
    b.pass_(1)
    assert b.find("champion_destroyed")[0].player == 0
    assert not b.find("totals")  # no card play: combat ended at step D
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(1, "discard") == ["T Medusa"]
    check(b)


def test_a_defending_power_destroys_the_attacker():
    e = make_engine(MEDUSA)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Giant"]),
               side(realms=["Vale"], hand=["T/13"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "T Medusa")
    b.pass_(0)  # RULES.md §1: the attacker's one card against the Medusa; it plays none
    assert b.find("champion_destroyed")[0].player == 1
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(1, "hand") == ["Practice Militia"]  # spoils
    check(b)


def test_a_power_whose_condition_fails_does_nothing():
    # The Basilisk destroys only when attacking and only level 5 or less: a Griffon (6) stands.
    e = make_engine(BASILISK)
    b = battle(e, side(realms=["Vale"], hand=["T/12", "Giant"]),
               side(realms=["Vale"], hand=["Griffon"]))
    b.attack("A")
    b.present(0, "T Basilisk")
    b.present(1, "Griffon")
    assert not b.find("champion_destroyed")
    assert b.totals() == [3, 6] and b.to_act() == [0]
