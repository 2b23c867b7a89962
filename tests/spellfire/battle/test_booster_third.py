"""The booster sets, third pass (issue 13, cboost3): real cards whose printed powers now
compile, played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Practice cards (``battle_helpers``): Knight hero 5, Mage wizard 4, Griffon flying monster 6,
Ghoul undead monster 4, Priest cleric 3, Vale a plain realm.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

GHOST_TOWER, SRI_RAJI, TOWER_OF_SPIRITS = "RR/24", "RL/15", "RR/115"
TANIS, NORDMAAR, VAMPIRIC_TOUCH, CHILL_TOUCH = "DL/36", "DL/2", "RL/48", "RL/55"


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
