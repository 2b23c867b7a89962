"""Issue 13, audit 3: real cards modelled tonight (the 1st Edition long tail and rest, the 3rd
and 4th Editions, the booster sets), played in scripted battles and checked against their
printed text (quoted in each test).

Cards are read from the CrossFire data (``../shared/data/crossfire``; the built-in pack
otherwise); a test skips when a card is in neither. Totals are worked out in the comments from
the practice cards (``battle_helpers``): Knight hero 5, Griffon flying monster 6, Mage wizard 4,
Militia ally +2, Giant ally +4, Squire ally +1. Hand-made cards (set ``T``) are of the types,
levels and attributes the comments give (attribute 37 swimmer, 16 flyer).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.crossfire import Record
from combatzoo.envs.spellfire.cards.effects import EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

SWIMMER = 37

# --- movement adjectives in a subject (RULES.md §1 movement powers) ---------------------------

THRONE_OF_THE_SEAS = "4th/465"


def _throne_battle(champion_attrs: tuple[int, ...]):
    # A hand-made hero of level 5 (with the attributes given) carrying Throne of the Seas
    # (artifact +5), attacking a hand-made hero of level 14. The attacker, losing, plays a
    # hand-made swimming ally (+1, a swimmer), then the Militia (+2, no swimmer).
    throne, = real(THRONE_OF_THE_SEAS)
    hero = card(1, "T Diver", CardType.HERO, level=5, attributes=champion_attrs)
    eel = card(2, "T Eel", CardType.ALLY, bonus=1, attributes=(SWIMMER,))
    lord = card(3, "T Lord", CardType.HERO, level=14)
    b = battle(make_engine(throne, hero, eel, lord),
               side(realms=["Vale"], hand=["T/2", "Militia"],
                    pool=[("T/1", [THRONE_OF_THE_SEAS])]),
               side(realms=["Vale", "Harbor"], hand=["T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Diver", zone="pool")
    b.present(1, "T Lord")
    return b


def test_throne_of_the_seas_raises_swimmers_only():
    # Throne of the Seas: "Swimming champions and allies gain 2 levels." The swimming hero:
    # 5 + 5 (the artifact) + 2 = 12 against 14. The swimming ally: +1 + 2 = 3 (15 against 14).
    b = _throne_battle((SWIMMER,))
    assert b.totals() == [12, 14]
    b.play(0, "T Eel")
    assert b.totals() == [15, 14]
    check(b)


def test_throne_of_the_seas_does_not_raise_a_champion_that_cannot_swim():
    # The same hero without the swimmer attribute: 5 + 5 = 10, no gain of its own; the
    # swimming ally still gains (+1 + 2 = 3: 13); the Militia is no swimmer: +2 only (15).
    # (Before audit 3 "swimming" was not read: the hero made 12, and 12 + 3 + 4 = 19.)
    b = _throne_battle(())
    assert b.totals() == [10, 14]
    b.play(0, "T Eel")
    assert b.totals() == [13, 14]
    b.play(0, "Militia")
    assert b.totals() == [15, 14]
    check(b)


def _compile(text: str, type_: int = int(CardType.ARTIFACT)):
    rec = Record("T", 1, "+3", CardType(type_), 1, False, "T Card", text, "C", "", (), (), "1")
    return compile_card(rec)


def test_movement_adjectives_name_the_gainers():
    # "Flying allies gain 2 levels": the ally gain reads the flyer attribute (16), not every
    # ally; "non-swimming ..." (a movement negated) is not expressible: not modelled.
    effects, power = _compile("Flying allies gain 2 levels.")
    assert power is Power.MODELLED
    assert [(e.kind, e.attributes) for e in effects] == [(EffectKind.ALLIES_GAIN, (16,))]
    _, power = _compile("All non-swimming champions and allies gain 2 levels.")
    assert power is Power.UNMODELLED


# --- the sample (seed 133): cards played where their text shows -------------------------------

RARY, MALAR, ANKHTEPOT, MAGNIFY, MARILITH = "IT/161", "IT/89", "RL/84", "PO/94", "4th/242"


def test_rary_gains_against_a_wizard_when_attacking():
    # Rary the Traitor, wizard 4: "Rary gains 3 levels when fighting a wizard and/or 3 levels
    # when defending a realm with an attached holding." Attacking the Mage (wizard 4): 7 to 4.
    rary, = real(RARY)
    b = battle(make_engine(rary), side(realms=["Vale"], hand=[RARY]),
               side(realms=["Vale", "Harbor"], hand=["Mage"]))
    b.attack("A")
    b.present(0, "Rary the Traitor")
    b.present(1, "Mage")
    assert b.totals() == [7, 4]
    check(b)


def test_rary_gains_both_when_defending_a_realm_with_a_holding_against_a_wizard():
    # Rary defends Vale, which holds the Watchtower (+2 to defenders), against the Mage:
    # 4 + 3 (a wizard) + 3 (a realm with a holding) + 2 (the Watchtower) = 12; against the
    # Knight (no wizard): 4 + 3 + 2 = 9.
    for foe, want in (("Mage", 12), ("Knight", 9)):
        rary, = real(RARY)
        b = battle(make_engine(rary), side(realms=["Vale"], hand=[foe]),
                   side(realms=[("Vale", False, "Watchtower"), "Harbor"], hand=[RARY]))
        b.attack("A")
        b.present(0, foe)
        b.present(1, "Rary the Traitor")
        assert b.totals()[1] == want, foe
        check(b)


def test_cleric_of_malar_gains_attacking_a_realm_outside_the_forgotten_realms():
    # Cleric of Malar, cleric 4: "This cleric gains 2 levels when attacking realms from
    # outside the Forgotten Realms." Against the Knight (5) at a hand-made Greyhawk realm:
    # 6; at the practice Vale (a Forgotten Realms realm): 4.
    from combatzoo.envs.spellfire.cards.cards import World

    keep = card(5, "T Keep", CardType.REALM, world=World.GREYHAWK)
    for realm, want in (("T/5", 6), ("Vale", 4)):
        malar, = real(MALAR)
        b = battle(make_engine(malar, keep), side(realms=["Vale"], hand=[MALAR]),
                   side(realms=[realm, "Harbor"], hand=["Knight"]))
        b.attack("A")
        b.present(0, "Cleric of Malar")
        b.present(1, "Knight")
        assert b.totals() == [want, 5], realm
        check(b)


def test_ankhtepot_ignores_opposing_holdings_but_not_its_own():
    # Ankhtepot, monster 7: "Ignores the effects of opposing holdings." Attacking Vale with the
    # Watchtower (+2 to defenders): the Knight stays at 5 (7 to 5). Defending its own Vale
    # with the Watchtower against the Knight: 7 + 2 = 9.
    ankh, = real(ANKHTEPOT)
    b = battle(make_engine(ankh), side(realms=["Vale"], hand=[ANKHTEPOT]),
               side(realms=[("Vale", False, "Watchtower"), "Harbor"], hand=["Knight"]))
    b.attack("A")
    b.present(0, "Ankhtepot")
    b.present(1, "Knight")
    assert b.totals() == [7, 5]
    check(b)
    b = battle(make_engine(ankh), side(realms=["Vale"], hand=["Knight"]),
               side(realms=[("Vale", False, "Watchtower"), "Harbor"], hand=[ANKHTEPOT]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Ankhtepot")
    assert b.totals() == [5, 9]
    check(b)


def test_magnify_doubles_the_psionicist_s_level():
    # Magnify, psionic power (+1): "A champion using this power doubles his level for the
    # duration of this battle. (Def/4)" The Seer (psionicist 4) defends against the Knight
    # (5) and uses it: 4 doubled is 8; the card's +1 makes 9.
    magnify, = real(MAGNIFY)
    b = battle(make_engine(magnify), side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale", "Harbor"], hand=["Seer", MAGNIFY]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Seer")
    assert b.totals() == [5, 4]
    b.play(1, "Magnify")
    assert b.totals() == [5, 9]
    check(b)


def test_marilith_bars_the_opposing_player_s_events_only():
    # Marilith, Tanar'ri, ally +7: "The opposing player cannot play any events for the rest of
    # this round of battle." The Knight (5) against a hand-made hero of 10 plays Marilith
    # (12 to 10); the defender may play the Squire, not the Rally (an event).
    from .test_card_powers_more import plays

    marilith, = real(MARILITH)
    lord = card(3, "T Lord", CardType.HERO, level=10)
    b = battle(make_engine(marilith, lord), side(realms=["Vale"], hand=["Knight", MARILITH]),
               side(realms=["Vale", "Harbor"], hand=["T/3", "Rally", "Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "T Lord")
    b.play(0, "Marilith, Tanar'ri")
    assert b.totals() == [12, 10]
    assert plays(b, 1) == {"Squire"}
    check(b)


UNDERTORIL = "UD/7"


def _attackable(b) -> set[str]:
    return {label.removeprefix("Attack realm ") for label in b.legal_labels(0)
            if label.startswith("Attack realm")}


def test_undertoril_reaches_forgotten_realms_realms_behind_the_front():
    # UnderToril (realm): "This realm extends under opponents' Forgotten Realms realms,
    # allowing them to be attacked by this player's champions and allies, regardless of
    # position or restrictions." The defender's formation: A Vale, B Vale, C a hand-made
    # Greyhawk realm. Without UnderToril only A is exposed (RULES.md §1 formation); with it,
    # B (Forgotten Realms) too, not C (Greyhawk).
    from combatzoo.envs.spellfire.cards.cards import World

    under, = real(UNDERTORIL)
    keep = card(5, "T Keep", CardType.REALM, world=World.GREYHAWK)
    e = make_engine(under, keep)
    foe = side(realms=["Vale", "Vale", "T/5"], hand=["Mage"])
    b = battle(e, side(realms=["Harbor"], hand=["Knight"]), foe)
    assert _attackable(b) == {"A"}
    b = battle(e, side(realms=[UNDERTORIL], hand=["Knight"]), foe)
    assert _attackable(b) == {"A", "B"}
    check(b)


MIDNIGHT = "2nd/46"


def test_midnight_destroys_the_opposing_champion_s_magical_items():
    # Midnight, Goddess of Magic, wizard 7: "She also destroys all magical items held by the
    # opposing champion." The Knight defends with the Sword (+2) and the Shield (+1): without
    # them 5, against her 7; both go to the discard pile.
    midnight, = real(MIDNIGHT)
    b = battle(make_engine(midnight), side(realms=["Vale"], hand=[MIDNIGHT]),
               side(realms=["Vale", "Harbor"], pool=[("Knight", ["Sword", "Shield"])],
                    hand=["Squire"]))
    b.attack("A")
    b.present(0, "Midnight, Goddess of Magic")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [7, 5]
    assert sorted(b.names(1, "discard")) == ["Practice Shield", "Practice Sword"]
    check(b)


CHARM_AURA, HARPY = "4th/447", "4th/344"


def test_charm_aura_leaves_allies_played_after_it():
    # Charm Aura (blood ability, Off): "All opposing allies of +5 or less are forced to switch
    # sides. Allies played after this blood ability are unaffected." The Knight (5) and the
    # Giant (+4) against The Harpy (5, a regent) and the Squire (+1): 9 to 6; Charm Aura takes
    # the Giant: 5 to 10. The Knight's Militia (+2), played after, stays: 7 to 10.
    aura, harpy = real(CHARM_AURA, HARPY)
    b = battle(make_engine(aura, harpy),
               side(realms=["Vale"], hand=["Knight", "Giant", "Militia"]),
               side(realms=["Vale", "Harbor"], hand=[HARPY, CHARM_AURA, "Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "The Harpy")
    b.play(0, "Giant")
    b.play(1, "Squire")
    assert b.totals() == [9, 6]
    b.play(1, "Charm Aura")
    assert b.totals() == [5, 10]
    b.play(0, "Militia")
    assert b.totals() == [7, 10]
    check(b)


def test_undertoril_lifts_a_realm_s_restrictions():
    # "... regardless of position or restrictions": the Peak (Forgotten Realms) cannot be
    # attacked by flyers; the Griffon (a flyer: any realm, RULES.md §1 movement) may attack it
    # from UnderToril, not from the Harbor (only the Vale behind it).
    under, = real(UNDERTORIL)
    e = make_engine(under)
    foe = side(realms=["Peak", "Vale"], hand=["Mage"])
    b = battle(e, side(realms=["Harbor"], hand=["Griffon"]), foe)
    assert _attackable(b) == {"B"}
    b = battle(e, side(realms=[UNDERTORIL], hand=["Griffon"]), foe)
    assert _attackable(b) == {"A", "B"}
    check(b)


TRIDENT = "4th/206"


def test_throne_of_the_seas_reads_a_movement_gained_from_an_item():
    # Trident of Fish Command (+2): "The attached champion becomes a swimmer". The hero of the
    # battle above, no swimmer of its own, carrying the Throne and the Trident: 5 + 5 + 2 and
    # 2 more as a swimmer = 14 against 14.
    throne, trident = real(THRONE_OF_THE_SEAS, TRIDENT)
    hero = card(1, "T Diver", CardType.HERO, level=5)
    lord = card(3, "T Lord", CardType.HERO, level=14)
    b = battle(make_engine(throne, trident, hero, lord),
               side(realms=["Vale"], hand=["Militia"],
                    pool=[("T/1", [THRONE_OF_THE_SEAS, TRIDENT])]),
               side(realms=["Vale", "Harbor"], hand=["T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Diver", zone="pool")
    b.present(1, "T Lord")
    assert b.totals() == [14, 14]
    check(b)
