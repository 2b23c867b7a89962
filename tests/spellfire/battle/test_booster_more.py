"""The booster sets, second pass (issue 13, cboost2): real cards whose printed powers now
compile, played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Practice cards (``battle_helpers``): Knight hero 5, Mage wizard 4, Griffon flying monster 6,
Ghoul undead monster 4, Vale a plain realm, Harbor the coastal practice realm.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Card, CardType, Mark
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

REORX, FIRE_RAIN, AUGMENT_UNDEAD = "DL/94", "DL/77", "RL/51"
ALL_HOLLOWS_EVE, MAQUESTA, PHUDGE, NORDMAAR, NIGHTMARE = "RL/25", "DL/27", "DL/40", "DL/2", "BR/76"


# --- every champion and ally of some kinds, both sides ----------------------------------------


def test_reorx_raises_dwarves_not_the_knight():
    # Reorx, the Forge, Walks the Land (event): "All dwarves, gnomes, and kender (champions and
    # allies) gain 2 levels". Phudge (a dwarf hero, 2) attacks the Knight (5) and his player
    # plays Reorx: Phudge 2 + 2 = 4; the Knight (not a dwarf) stays 5.
    reorx, phudge = real(REORX, PHUDGE)
    b = battle(make_engine(reorx, phudge), side(realms=["Vale"], hand=[PHUDGE, REORX]),
               side(realms=["Vale"], hand=["Knight"]))
    b.attack("A")
    b.present(0, "Phudge, the Great Highbulp")
    b.present(1, "Knight")
    assert b.totals() == [2, 5]
    b.play(0, "Reorx, the Forge, Walks the Land")
    assert b.totals() == [4, 5]
    check(b)


def test_fire_rain_lowers_the_flyer_only():
    # Fire Rain (wizard spell, Off/4): "All flyers (champions and allies) lose 2 levels." The
    # Griffon (flying monster, 6) attacks; the defending Mage (4, a wizard) casts it: the
    # Griffon 6 - 2 = 4, the Mage (no flyer) stays 4.
    rain, = real(FIRE_RAIN)
    b = battle(make_engine(rain), side(realms=["Vale"], hand=["Griffon"]),
               side(realms=["Vale"], hand=["Mage", FIRE_RAIN]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Mage")
    assert b.totals() == [6, 4]
    b.play(1, "Fire Rain")
    assert b.totals() == [4, 4]
    check(b)


def test_augment_undead_raises_the_undead_of_either_side():
    # Augment Undead (wizard spell, Def/4): "Undead champions and allies gain 2 levels for this
    # round." The Mage (wizard, 4) attacks and, behind, casts it: against the Knight (5) neither
    # is undead, 4 to 5; against the Ghoul (undead monster, 4) the spell raises the Ghoul,
    # 4 + 2 = 6 (the printed text names no side).
    augment, = real(AUGMENT_UNDEAD)
    for defender, expected in (("Knight", [4, 5]), ("Ghoul", [4, 6])):
        b = battle(make_engine(augment), side(realms=["Vale"], hand=["Mage", AUGMENT_UNDEAD]),
                   side(realms=["Vale"], hand=[defender]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, defender)
        b.play(0, "Augment Undead")
        assert b.totals() == expected, defender
        check(b)


def test_all_hollows_eve_raises_monster_champions():
    # All Hollow's Eve (event): "All monster champions gain 3 levels until the end of this
    # player's next turn." The Knight (5) attacks the Ghoul (monster, 4), whose player plays
    # it: the Ghoul 4 + 3 = 7, the Knight stays 5.
    eve, = real(ALL_HOLLOWS_EVE)
    b = battle(make_engine(eve), side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Ghoul", ALL_HOLLOWS_EVE]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Ghoul")
    assert b.totals() == [5, 4]
    b.play(1, "All Hollow's Eve")
    assert b.totals() == [5, 7]
    check(b)


# --- gains and losses at a kind of realm ------------------------------------------------------


def test_maquesta_gains_4_attacking_a_coastal_realm():
    # Maquesta Kar-Thon (hero 3): "Maquesta gains 4 levels when attacking a realm that has a
    # coast." Against the Knight (5): at the Harbor (coastal) 3 + 4 = 7, at the Vale 3.
    maquesta, = real(MAQUESTA)
    for realm, expected in (("Harbor", [7, 5]), ("Vale", [3, 5])):
        b = battle(make_engine(maquesta), side(realms=["Vale"], hand=[MAQUESTA]),
                   side(realms=[realm], hand=["Knight"]))
        b.attack("A")
        b.present(0, "Maquesta Kar-Thon")
        b.present(1, "Knight")
        assert b.totals() == expected, realm
        check(b)


def test_phudge_lowers_attackers_of_a_dragonlance_realm():
    # Phudge, the Great Highbulp (hero 2): "... attacking champions ... lose 2 levels if he
    # defends a Dragonlance realm." The Knight (5) attacks Nordmaar (a Dragonlance realm, no
    # power): 5 - 2 = 3 against Phudge's 2; attacking the Vale it stays 5.
    phudge, nordmaar = real(PHUDGE, NORDMAAR)
    for realm, expected in ((NORDMAAR, [3, 2]), ("Vale", [5, 2])):
        b = battle(make_engine(phudge, nordmaar), side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=[PHUDGE]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Phudge, the Great Highbulp")
        assert b.totals() == expected, realm
        check(b)


def test_the_nightmare_is_8_against_wizards():
    # Nightmare (ally +4): "The Nightmare becomes +8 vs. clerics or wizards." The defending
    # Knight (5) plays it: against the Mage (wizard, 4, with the Militia +2: 6) 5 + 8 = 13;
    # against the Griffon (monster, 6) 5 + 4 = 9.
    nightmare, = real(NIGHTMARE)
    for attacker, extra, expected in (("Mage", ["Militia"], [6, 13]), ("Griffon", [], [6, 9])):
        b = battle(make_engine(nightmare), side(realms=["Vale"], hand=[attacker, *extra]),
                   side(realms=["Vale"], hand=["Knight", NIGHTMARE]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Knight")
        for name in extra:
            b.play(0, name)
        b.play(1, "Nightmare")
        assert b.totals() == expected, attacker
        check(b)


# --- immunities in the booster words ----------------------------------------------------------

ICEDAWN, GRIMM, DEMI_LICH, AMULET_VS_ARTIFACTS = "PO/39", "BR/84", "UD/115", "UD/28"


def test_icedawn_ignores_offensive_cleric_spells_not_wizard_ones():
    # Icedawn, Avatar of Auril (cleric 12): "Icedawn is immune to events, walls, and offensive
    # cleric spells." The Priest (cleric 3) attacks and casts a hand-made (Off) cleric spell +3:
    # it does nothing, 3 to 12; the Mage (4) casting the Bolt (an (Off) wizard spell +3) makes
    # 4 + 3 = 7.
    icedawn, = real(ICEDAWN)
    curse = card(1, "T Curse", CardType.CLERIC_SPELL, bonus=3, mark=Mark.OFF)
    for attacker, spell, expected in (("Priest", "T/1", [3, 12]), ("Mage", "Bolt", [7, 12])):
        b = battle(make_engine(icedawn, curse), side(realms=["Vale"], hand=[attacker, spell]),
                   side(realms=["Vale"], pool=[ICEDAWN]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Icedawn, Avatar of Auril", zone="pool")
        b.play(0, "T Curse" if spell == "T/1" else spell)
        assert b.totals() == expected, attacker
        check(b)


def test_grimm_graybeard_ignores_offensive_items_below_2():
    # Grimm Graybeard (regent 6): "Immune to offensive magical items of less than +2
    # enchantment." The Knight (5) plays a hand-made (Off) item: +1 does nothing (5 to 6); +2
    # counts (7 to 6).
    grimm, = real(GRIMM)
    for bonus, expected in ((1, [5, 6]), (2, [7, 6])):
        item = card(1, "T Dagger", CardType.MAGICAL_ITEM, bonus=bonus, mark=Mark.OFF)
        b = battle(make_engine(grimm, item), side(realms=["Vale"], hand=["Knight", "T/1"]),
                   side(realms=["Vale"], hand=[GRIMM]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Grimm Graybeard")
        b.play(0, "T Dagger")
        assert b.totals() == expected, bonus
        check(b)


def test_the_demi_lich_ignores_items_below_4():
    # The Demi-Lich Zyenj (undead monster 8): "Only magical items and artifacts of +4 or
    # higher enchantment have any effect against the Demi-Lich." The Knight (5) plays a
    # hand-made artifact: +3 does nothing (5 to 8); +4 counts (9 to 8).
    lich, = real(DEMI_LICH)
    for bonus, expected in ((3, [5, 8]), (4, [9, 8])):
        relic = card(1, "T Relic", CardType.ARTIFACT, bonus=bonus)
        b = battle(make_engine(lich, relic), side(realms=["Vale"], hand=["Knight", "T/1"]),
                   side(realms=["Vale"], hand=[DEMI_LICH]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "The Demi-Lich Zyenj")
        b.play(0, "T Relic")
        assert b.totals() == expected, bonus
        check(b)


def test_the_amulet_of_protection_from_artifacts():
    # Amulet of Protection from Artifacts (+2, Def): "The attached champion is immune to the
    # effects of all artifacts." The Knight defends with it (5 + 2 = 7); the attacking Mage (4)
    # plays the Orb (artifact +3): nothing, 4 to 7. Without the Amulet the Orb counts: 7 to 5.
    amulet, = real(AMULET_VS_ARTIFACTS)
    for pool, expected in (([("Knight", [AMULET_VS_ARTIFACTS])], [4, 7]), (["Knight"], [7, 5])):
        b = battle(make_engine(amulet), side(realms=["Vale"], hand=["Mage", "Orb"]),
                   side(realms=["Vale"], pool=pool))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Knight", zone="pool")
        b.play(0, "Orb")
        assert b.totals() == expected, pool
        check(b)


# --- who may cast what; psionic powers ----------------------------------------------------------

HAELYN, KINSLE, IRON_WILL, INTENSIFY = "BR/10", "AR/42", "PO/82", "PO/89"


def test_the_heart_of_haelyn_lets_its_defender_cast_cleric_spells_and_blood_abilities():
    # Impregnable Heart of Haelyn (realm): "Defending champions can cast cleric spells and use
    # blood abilities." The Griffon (6) attacks; the Knight (hero 5, no spells) defends and may
    # play the Blessing (cleric spell) and a hand-made blood ability there, not at the Vale.
    haelyn, = real(HAELYN)
    blood = card(1, "T Blood", CardType.BLOOD_ABILITY, bonus=2, mark=Mark.DEF)
    for realm, offered in ((HAELYN, {"Blessing", "T Blood"}), ("Vale", set())):
        b = battle(make_engine(haelyn, blood), side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=["Knight", "Blessing", "T/1"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Knight")
        assert plays(b, 1) == offered, realm
        check(b)


def test_kinsle_lets_the_knight_cast_cleric_spells():
    # Kinsle the Druid (ally +4): "In battle, Kinsle can cast cleric spells to aid the attached
    # champion." The Knight (5) against the Griffon (6) is offered the Blessing (cleric spell)
    # only once Kinsle is in the round (5 + 4 = 9; the Griffon's side then plays the Giant:
    # 10 to 9, and the Knight may cast the Blessing: 11 to 10).
    kinsle, = real(KINSLE)
    b = battle(make_engine(kinsle), side(realms=["Vale"], hand=["Griffon", "Giant"]),
               side(realms=["Vale"], hand=["Knight", KINSLE, "Blessing"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight")
    assert plays(b, 1) == {"Kinsle the Druid"}
    b.play(1, "Kinsle the Druid")
    b.play(0, "Giant")
    assert b.totals() == [10, 9]
    assert plays(b, 1) == {"Blessing"}
    b.play(1, "Blessing")
    assert b.totals() == [10, 11]
    check(b)


def test_tower_of_iron_will_shuts_out_the_mind_blast():
    # Tower of Iron Will (psionic power +3, Def): "User becomes immune to offensive psionic
    # powers ..." Two Seers (psionicists, 4): the attacker's Mind Blast ((Off) psionic power
    # +3) makes 7 to 4; the defender's Tower adds 3 and shuts the Blast out: 4 to 7.
    tower, = real(IRON_WILL)
    b = battle(make_engine(tower), side(realms=["Vale"], hand=["Seer", "Mind Blast"]),
               side(realms=["Vale"], hand=["Seer", IRON_WILL]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Seer")
    b.play(0, "Mind Blast")
    assert b.totals() == [7, 4]
    b.play(1, "Tower of Iron Will")
    assert b.totals() == [4, 7]
    check(b)


def test_intensify_doubles_the_allies():
    # Intensify (psionic power +1, Def): "Doubles the levels of all allies played on this
    # champion." The Seer (4) with the Militia (+2) and the Squire (+1): 7 against the
    # Knight's 5 and the Giant's 4 (9); Intensify (+1) doubles both allies: 4 + 1 + 2 x 3 = 11.
    intensify, = real(INTENSIFY)
    b = battle(make_engine(intensify), side(realms=["Vale"], hand=["Knight", "Giant"]),
               side(realms=["Vale"], hand=["Seer", "Militia", "Squire", INTENSIFY]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Seer")
    b.play(1, "Militia")
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    b.play(1, "Squire")
    assert b.totals() == [9, 7]
    b.play(1, "Intensify")
    assert b.totals() == [9, 11]
    check(b)


BRACELET = "PO/113"


def test_the_psionicist_bracelet_bars_wizard_spells_in_its_battle():
    # Psionicist Bracelet (magical item, usable by psionicists): "No wizard spells may be cast
    # during any battle with this champion." The Seer (4) with the Sword (+2) attacks the Mage
    # (4): the Mage is offered the Bolt (wizard spell) only when the Seer has no Bracelet.
    bracelet, = real(BRACELET)
    for items, offered in (([BRACELET, "Sword"], set()), (["Sword"], {"Bolt"})):
        b = battle(make_engine(bracelet), side(realms=["Vale"], pool=[("Seer", items)]),
                   side(realms=["Vale"], hand=["Mage", "Bolt"]))
        b.attack("A")
        b.present(0, "Seer", zone="pool")
        b.present(1, "Mage")
        assert b.totals() == [6, 4]
        assert plays(b, 1) == offered, items
        check(b)


# --- the other side's allies without their powers ----------------------------------------------

LOCATHAH, PIPER, HORNUNG = "PO/57", "AR/110", "UD/38"


def hexer() -> Card:
    """A hand-made ally +1 whose power takes 3 levels from the opposing champion."""
    return card(1, "T Hexer", CardType.ALLY, bonus=1,
                effects=(Effect(EffectKind.OPPONENT_LOSES, amount=3),))


def test_the_locathah_champion_takes_the_attackers_ally_powers():
    # Locathah Champion (monster 4): "All opposing allies lose their special powers." The
    # Knight (5) attacks; the defender plays the Militia (4 + 2 = 6); the Knight's Hexer adds
    # its +1 (6) and takes 3 from the Seer (6 - 3 = 3) but not from the Locathah (6).
    locathah, = real(LOCATHAH)
    for defender, name, expected in ((LOCATHAH, "Locathah Champion", [6, 6]),
                                     ("Seer", "Seer", [6, 3])):
        b = battle(make_engine(locathah, hexer()), side(realms=["Vale"], hand=["Knight", "T/1"]),
                   side(realms=["Vale"], hand=[defender, "Militia"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, name)
        b.play(1, "Militia")
        b.play(0, "T Hexer")
        assert b.totals() == expected, defender
        check(b)


def test_the_ghostly_piper_is_immune_to_ally_powers():
    # Ghostly Piper (monster 8): "He and any attached cards are immune to the special powers of
    # allies." The Knight (5) plays the Hexer: 6 to the Piper's 8; the Wyrm (8) drops to 5.
    piper, = real(PIPER)
    for defender, name, expected in ((PIPER, "Ghostly Piper", [6, 8]), ("Wyrm", "Wyrm", [6, 5])):
        b = battle(make_engine(piper, hexer()), side(realms=["Vale"], hand=["Knight", "T/1"]),
                   side(realms=["Vale"], hand=[defender]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, name)
        b.play(0, "T Hexer")
        assert b.totals() == expected, defender
        check(b)


def test_hornungs_baneful_deflector_shuts_out_ally_powers_this_round():
    # Hornung's Baneful Deflector (wizard spell, Def): "This player's champion and its allies
    # are immune to the special powers of allies for this round of combat." The defending Mage
    # (4) casts it and plays the Militia (6); the Knight's Hexer adds 1 (6) and takes nothing;
    # without the spell it takes 3 (6 to 3).
    hornung, = real(HORNUNG)
    for cast, expected in ((True, [6, 6]), (False, [6, 3])):
        b = battle(make_engine(hornung, hexer()), side(realms=["Vale"], hand=["Knight", "T/1"]),
                   side(realms=["Vale"], hand=["Mage", "Militia", HORNUNG]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        if cast:
            b.play(1, "Hornung's Baneful Deflector")
        b.play(1, "Militia")
        b.play(0, "T Hexer")
        assert b.totals() == expected, cast
        check(b)


SPECTRE = "RL/77"


def test_the_spectre_weakens_the_living_only():
    # Spectre (ally +4): "All enemy champions and allies (except undead) lose 1 level when
    # opposing this ally." The Knight (5) plays it (9) after the defender's ally: the Seer (4)
    # with the Militia (+2) makes 6 - 1 - 1 = 4; the Ghoul (undead, 4) with the Militia
    # 6 - 1 = 5; the Seer with a hand-made undead ally +2 6 - 1 = 5.
    spectre, = real(SPECTRE)
    zombie = card(2, "T Zombie", CardType.ALLY, bonus=2, attributes=(40,))
    for defender, ally, expected in (("Seer", "Militia", [9, 4]), ("Ghoul", "Militia", [9, 5]),
                                     ("Seer", "T/2", [9, 5])):
        b = battle(make_engine(spectre, zombie), side(realms=["Vale"], hand=["Knight", SPECTRE]),
                   side(realms=["Vale"], hand=[defender, ally]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, defender)
        b.play(1, "T Zombie" if ally == "T/2" else ally)
        b.play(0, "Spectre")
        assert b.totals() == expected, (defender, ally)
        check(b)
