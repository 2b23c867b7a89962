"""The booster sets, third pass (issue 13, cboost3): real cards whose printed powers now
compile, played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Practice cards (``battle_helpers``): Knight hero 5, Mage wizard 4, Griffon flying monster 6,
Ghoul undead monster 4, Priest cleric 3, Vale a plain realm.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, Mark
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

GHOST_TOWER, SRI_RAJI, TOWER_OF_SPIRITS = "RR/24", "RL/15", "RR/115"
TANIS, NORDMAAR, VAMPIRIC_TOUCH, CHILL_TOUCH = "DL/36", "DL/2", "RL/48", "RL/55"
RUINS_OF_IOLONIA, JARLAXLE, MENZOBERRANZAN = "DU/32", "UD/92", "1st/2"
ORCS_OF_DRAGONSPEAR, ORCS_OF_THE_SAVAGE_FRONTIER, FIRBOLG = "FR/72", "FR/73", "FR/79"
RED_WIZARDS, KAGONESTI_ELVES, LIFE_DRAINING, NEMON_HOTEP = "FR/75", "DL/46", "PO/99", "NS/67"
UMBER_HULK, MOUNTAIN_DWARF = "UD/87", "MI/2"


def _attackers(b) -> set[str]:
    """The champions of player 0's hand the mask offers to attack the realm in slot A."""
    b.attack("A")
    return {b.names(0, "hand")[int(x.split()[-1])].removeprefix("Practice ")
            for x in b.legal_labels(0) if x.startswith("Champion")}


# --- realms and holdings that choose their attackers -----------------------------------------


def test_the_ghost_tower_and_sri_raji_bar_low_champions():
    # Ghost Tower of Iverness (holding): "The attached realm cannot be attacked by a champion of
    # base level 6 or less." Of the Knight (5), the Griffon (6) and a hero of level 7, only the
    # hero may attack the Vale it is attached to. Sri Raji (realm): "Only champions with an
    # unmodified level of 6 or higher can attack this realm": the Griffon and the hero.
    tower, sri_raji = real(GHOST_TOWER, SRI_RAJI)
    giant = card(30, "T Giant", CardType.HERO, level=7)
    e = make_engine(tower, sri_raji, giant)
    hand = ["Knight", "Griffon", "T/30"]
    b = battle(e, side(realms=["Vale"], hand=hand),
               side(realms=[("Vale", False, GHOST_TOWER)], hand=["Mage"]))
    assert _attackers(b) == {"T Giant"}
    b = battle(e, side(realms=["Vale"], hand=hand), side(realms=[SRI_RAJI], hand=["Mage"]))
    assert _attackers(b) == {"Griffon", "T Giant"}
    # The Vale alone is open to all three.
    b = battle(e, side(realms=["Vale"], hand=hand), side(realms=["Vale"], hand=["Mage"]))
    assert _attackers(b) == {"Knight", "Griffon", "T Giant"}


def test_the_tower_of_spirits_lets_only_undead_attack():
    # Tower of Spirits (holding): "Only undead may attack the attached realm." Of the Knight,
    # the Griffon (a flyer) and the Ghoul (undead), only the Ghoul may attack; it fights on.
    tower, = real(TOWER_OF_SPIRITS)
    e = make_engine(tower)
    hand = ["Knight", "Griffon", "Ghoul"]
    b = battle(e, side(realms=["Vale"], hand=hand),
               side(realms=[("Vale", False, TOWER_OF_SPIRITS)], hand=["Mage"]))
    assert _attackers(b) == {"Ghoul"}
    b.present(0, "Ghoul")
    b.present(1, "Mage")
    assert b.totals() == [4, 4]
    check(b)


# --- gains at a realm of a world --------------------------------------------------------------


def test_tanis_gains_3_defending_a_dragonlance_realm():
    # Tanis Half-Elven (hero 6): "Tanis gains 3 levels if defending a Dragonlance realm." The
    # Knight (5) attacks Nordmaar (a Dragonlance realm): Tanis 6 + 3 = 9; defending the Vale,
    # 6; attacking Nordmaar himself, 6 too (he is not defending).
    tanis, nordmaar = real(TANIS, NORDMAAR)
    e = make_engine(tanis, nordmaar)
    for realm, expected in ((NORDMAAR, [5, 9]), ("Vale", [5, 6])):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]), side(realms=[realm], hand=[TANIS]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Tanis Half-Elven")
        assert b.totals() == expected, realm
        check(b)
    b = battle(e, side(realms=["Vale"], hand=[TANIS]), side(realms=[NORDMAAR], hand=["Knight"]))
    b.attack("A")
    b.present(0, "Tanis Half-Elven")
    b.present(1, "Knight")
    assert b.totals() == [6, 5]
    check(b)


# --- spells with no effect on some champions --------------------------------------------------


def test_vampiric_touch_does_nothing_against_the_undead():
    # Vampiric Touch (wizard spell +5, Off/4): "Has no effect on undead champions." The Mage
    # (4) attacks and casts it: against the Knight (5) 4 + 5 = 9; against the Ghoul (undead, 4)
    # the spell adds nothing, 4 to 4.
    touch, = real(VAMPIRIC_TOUCH)
    for defender, expected in (("Knight", [9, 5]), ("Ghoul", [4, 4])):
        b = battle(make_engine(touch), side(realms=["Vale"], hand=["Mage", VAMPIRIC_TOUCH]),
                   side(realms=["Vale"], hand=[defender]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, defender)
        b.play(0, "Vampiric Touch")
        assert b.totals() == expected, defender
        check(b)


def test_chill_touch_does_nothing_against_undead_monsters():
    # Chill Touch (wizard spell +3, Off/4): "Does not affect undead monsters." The Mage (4)
    # casts it against the Griffon (a monster, not undead, 6): 4 + 3 = 7; against the Ghoul
    # (an undead monster, 4): 4.
    touch, = real(CHILL_TOUCH)
    for defender, expected in (("Griffon", [7, 6]), ("Ghoul", [4, 4])):
        b = battle(make_engine(touch), side(realms=["Vale"], hand=["Mage", CHILL_TOUCH]),
                   side(realms=["Vale"], hand=[defender]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, defender)
        b.play(0, "Chill Touch")
        assert b.totals() == expected, defender
        check(b)


def test_the_ruins_of_iolonia_let_only_undead_attack():
    # The Ruins of Iolonia (realm): "These ruins are so forlorn that only undead champions and
    # allies will attack this realm." Of the Knight, the Griffon and the Ghoul: the Ghoul.
    ruins, = real(RUINS_OF_IOLONIA)
    b = battle(make_engine(ruins), side(realms=["Vale"], hand=["Knight", "Griffon", "Ghoul"]),
               side(realms=[RUINS_OF_IOLONIA], hand=["Mage"]))
    assert _attackers(b) == {"Ghoul"}


def test_jarlaxle_is_doubled_defending_menzoberranzan():
    # Jarlaxle (hero 5): "When defending Menzoberranzan or any Underdark realm, Jarlaxle's level
    # is doubled." The Knight (5) attacks Menzoberranzan (an Underdark realm): 5 to 10; the
    # Vale: 5 to 5.
    jarlaxle, menzo = real(JARLAXLE, MENZOBERRANZAN)
    for realm, expected in ((MENZOBERRANZAN, [5, 10]), ("Vale", [5, 5])):
        b = battle(make_engine(jarlaxle, menzo), side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=[JARLAXLE]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Jarlaxle")
        assert b.totals() == expected, realm
        check(b)


# --- allies ---------------------------------------------------------------------------------


def test_the_orcs_gain_for_each_other_orc():
    # Orcs of Dragonspear (ally +2) and Orcs of the Savage Frontier (ally +3), both orcs:
    # "Gains +2 for each additional orc allied to the champion." The Knight (5) attacks the
    # Wyrm (8): the first orcs alone, 5 + 2 = 7; with the second, each gains 2 for the other:
    # 5 + (2 + 2) + (3 + 2) = 14.
    orcs = real(ORCS_OF_DRAGONSPEAR, ORCS_OF_THE_SAVAGE_FRONTIER)
    b = battle(make_engine(*orcs),
               side(realms=["Vale"], hand=["Knight", ORCS_OF_DRAGONSPEAR,
                                           ORCS_OF_THE_SAVAGE_FRONTIER]),
               side(realms=["Vale"], hand=["Wyrm"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Wyrm")
    b.play(0, "Orcs of Dragonspear")
    assert b.totals() == [7, 8]
    b.play(0, "Orcs of the Savage Frontier")
    assert b.totals() == [14, 8]
    check(b)


def test_the_firbolg_eliminates_the_first_weak_ally_only():
    # Firbolg (monster 6): "Eliminates first opposing ally of level 4 or less." The Knight (5)
    # attacks it and plays the Giant (+4): discarded at once, 5 to 6; then the Militia (+2)
    # stays in the round (only the first goes): 7 to 6.
    firbolg, = real(FIRBOLG)
    b = battle(make_engine(firbolg), side(realms=["Vale"], hand=["Knight", "Giant", "Militia"]),
               side(realms=["Vale"], hand=[FIRBOLG, "Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Firbolg")
    b.play(0, "Giant")
    assert b.totals() == [5, 6]
    assert "Practice Giant" in b.names(0, "discard")
    b.play(0, "Militia")
    assert b.totals() == [7, 6]
    assert [b.name_of(i) for i in b.b.support[0]] == ["Practice Militia"]
    check(b)


def test_the_red_wizards_let_the_knight_cast_wizard_spells():
    # Red Wizards (ally +5): "Allows the allied champion to cast wizard spells." The Knight (5)
    # attacks the Wyrm (8): the Bolt (wizard spell +3) is not offered until the Red Wizards
    # are in the round (10 to 8; the Wyrm's side plays the Giant, 10 to 12; then the Bolt:
    # 13 to 12).
    wizards, = real(RED_WIZARDS)
    b = battle(make_engine(wizards), side(realms=["Vale"], hand=["Knight", RED_WIZARDS, "Bolt"]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Wyrm")
    assert plays(b, 0) == {"Red Wizards"}
    b.play(0, "Red Wizards")
    assert b.totals() == [10, 8]
    b.play(1, "Giant")
    assert plays(b, 0) == {"Bolt"}
    b.play(0, "Bolt")
    assert b.totals() == [13, 12]
    check(b)


def test_the_kagonesti_elves_are_a_plain_5_ally():
    # Kagonesti Elves (ally +5, elves): "Wild elves." (the elf its facts hold): the Knight (5)
    # with them against the Wyrm (8): 10 to 8.
    elves, = real(KAGONESTI_ELVES)
    b = battle(make_engine(elves), side(realms=["Vale"], hand=["Knight", KAGONESTI_ELVES]),
               side(realms=["Vale"], hand=["Wyrm"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Wyrm")
    b.play(0, "Kagonesti Elves")
    assert b.totals() == [10, 8]
    check(b)


# --- defeating a kind outright ----------------------------------------------------------------


def test_life_draining_defeats_undead_champions_and_allies():
    # Life Draining (psionic power +2, Off/4): "Automatically defeats undead champions and
    # allies." The Seer (psionicist 4) attacks the Ghoul (undead, 4) and uses it: she wins the
    # round and the Ghoul goes to the discard pile. Against the Knight (5): the Seer plays the
    # Militia (+2), 6 to 5, the Knight an undead ally (+3), 6 to 8; the power discards the ally
    # and adds its 2: 8 to 5, the Knight stays in the round.
    draining, = real(LIFE_DRAINING)
    zombie = card(31, "T Zombie", CardType.ALLY, bonus=3, attributes=(40,))
    e = make_engine(draining, zombie)
    b = battle(e, side(realms=["Vale"], hand=["Seer", LIFE_DRAINING]),
               side(realms=["Vale"], hand=["Ghoul", "Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Ghoul")
    b.play(0, "Life Draining")
    assert b.find("round_won")[-1].player == 0
    assert "Practice Ghoul" in b.names(1, "discard")
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Seer", "Militia", LIFE_DRAINING]),
               side(realms=["Vale"], hand=["Knight", "T/31", "Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Knight")
    b.play(0, "Militia")
    b.play(1, "T Zombie")
    assert b.totals() == [6, 8]
    b.play(0, "Life Draining")
    assert b.totals() == [8, 5]
    assert "T Zombie" in b.names(1, "discard")
    assert b.state.battle is not None and b.state.battle.champion[1] is not None
    check(b)


# --- immunities -------------------------------------------------------------------------------


def test_nemon_hotep_is_immune_to_offensive_spells_but_fire_ones():
    # Nemon Hotep (cleric 12): "Immune to offensive spells except those with the word "flame"
    # or "fire" in the title." The Mage (4) attacks him: the Bolt (Off wizard spell +3) has no
    # effect, 4 to 12; a made-up Fire Bolt (Off wizard spell +3) counts: 7 to 12.
    nemon, = real(NEMON_HOTEP)
    fire = card(32, "T Fire Bolt", CardType.WIZARD_SPELL, bonus=3, mark=Mark.OFF, phases=(4,))
    b = battle(make_engine(nemon, fire), side(realms=["Vale"], hand=["Mage", "Bolt", "T/32"]),
               side(realms=["Vale"], hand=[NEMON_HOTEP]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Nemon Hotep")
    assert b.totals() == [4, 12]
    b.play(0, "Bolt")
    assert b.totals() == [4, 12]
    b.play(0, "T Fire Bolt")
    assert b.totals() == [7, 12]
    check(b)


# --- attacking an Underdark realm wherever it stands -------------------------------------------


def test_the_umber_hulk_reaches_any_underdark_realm_but_not_past_its_powers():
    # Umber Hulk (monster 6): "This monster and its allies can attack any Underdark realm,
    # regardless of position." The defender's Vale (A) shields a Vale (B) and Menzoberranzan
    # (C, an Underdark realm): the Umber Hulk may attack A and C, the Knight only A. A made-up
    # Underdark realm in C that monsters cannot attack stays barred to it (its position is
    # waived, not its powers).
    hulk, menzo = real(UMBER_HULK, MENZOBERRANZAN)
    hold = card(33, "T Deep Hold", CardType.REALM, attributes=(42,),
                effects=(Effect(EffectKind.NOT_ATTACKABLE_BY, card_types=(10,)),))
    e = make_engine(hulk, menzo, hold)

    def attacks(hand: list[str], third: str) -> set[str]:
        b = battle(e, side(realms=["Vale"], hand=hand),
                   side(realms=["Vale", "Vale", third], hand=["Mage"]))
        return {label for label in b.legal_labels(0) if label.startswith("Attack realm")}

    assert attacks([UMBER_HULK], MENZOBERRANZAN) == {"Attack realm A", "Attack realm C"}
    assert attacks(["Knight"], MENZOBERRANZAN) == {"Attack realm A"}
    assert attacks([UMBER_HULK], "T/33") == {"Attack realm A"}
    b = battle(e, side(realms=["Vale"], hand=[UMBER_HULK]),
               side(realms=["Vale", "Vale", MENZOBERRANZAN], hand=["Mage"]))
    b.attack("C")
    b.present(0, "Umber Hulk")
    b.present(1, "Mage")
    assert b.totals() == [6, 4]
    check(b)


def test_the_mountain_dwarf_defeats_a_monster_with_a_hero_an_undead_with_a_cleric():
    # Mountain Dwarf (ally +6): "Automatically defeats a monster if attached to a hero.
    # Automatically defeats an undead if attached to a cleric." With the Knight (hero, 5)
    # against the Wyrm (monster, 8): the Knight's side wins the round as it is played. With the
    # Priest (cleric, 3) against the Wyrm (a monster, not undead): no win, 3 + 6 = 9 to 8; with
    # the Priest against a made-up undead monster of level 9 (the Priest 3 + 3 against undead,
    # 6 to 9): a win.
    dwarf, = real(MOUNTAIN_DWARF)
    wight = card(34, "T Wight", CardType.MONSTER, level=9, attributes=(40,))
    for champion, defender, wins in (("Knight", "Wyrm", True), ("Priest", "Wyrm", False),
                                     ("Priest", "T/34", True)):
        b = battle(make_engine(dwarf, wight),
                   side(realms=["Vale"], hand=[champion, MOUNTAIN_DWARF]),
                   side(realms=["Vale"], hand=[defender, "Squire"]))
        b.attack("A")
        b.present(0, champion)
        b.present(1, "T Wight" if defender == "T/34" else defender)
        b.play(0, "Mountain Dwarf")
        won = b.find("round_won")
        assert bool(won and won[-1].player == 0) is wins, (champion, defender)
        if not wins:
            assert b.totals() == [9, 8]
        check(b)
