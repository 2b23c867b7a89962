"""Audit 5 (issue 13): an independent check of the cards modelled in first_a, first_b,
first_c, c4th5a and c4th5b, played in new scripted battles against their printed text.

Cards are read from the CrossFire data; a test skips without it. Practice cards
(``battle_helpers``): Knight hero 5, Mage wizard 4 (immune to offensive spells), Priest cleric
3, Griffon monster 6 (flyer), Wyrm monster 8 (dragon, flyer), Seer Dark Sun psionicist 4,
Militia ally +2, Giant ally +4, Squire ally +1. Ties go to the defender (RULES.md §1).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

GLADIATORS, WAND, STONE_GIANT = "4th/223", "4th/180", "4th/264"
LICH, INVISIBILITY, HORROR = "4th/265", "1st/370", "1st/106"

UNDEAD = 40
T_CLERIC = card(60, "T Cleric", CardType.CLERIC, level=3)


def test_gladiators_carried_count_their_bonus_once() -> None:
    # Gladiators (ally +9) remain with the Dark Sun champion they were played with. The Seer
    # (4) already carrying them attacks the Knight (5): 4 + 9 = 13 to 5, not 22.
    (glad,) = real(GLADIATORS)
    b = battle(make_engine(glad), side(realms=["Harbor"], pool=[("Seer", [GLADIATORS])],
                                       draw=["Squire"]),
               side(realms=["Vale"], pool=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer", "pool")
    b.present(1, "Knight", "pool")
    assert b.find("round_won")[-1].data["totals"] == [13, 5]
    assert b.attached_names(0, "Seer") == ["Gladiators"]
    check(b)


def test_gladiators_go_to_the_discard_pile_with_their_defeated_champion() -> None:
    # "until he is defeated": the Seer (4 + 9 = 13) defends against the Wyrm (8) with the
    # Giant (+4) and the Militia (+2): 14 to 13; the Seer is defeated, the Gladiators go to
    # player_1's discard pile with it.
    (glad,) = real(GLADIATORS)
    b = battle(make_engine(glad), side(realms=["Harbor"], hand=["Wyrm", "Giant", "Militia"],
                                       draw=["Squire"]),
               side(realms=["Vale", "Harbor"], pool=[("Seer", [GLADIATORS])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Seer", "pool")
    assert b.totals() == [8, 13]
    b.play(0, "Giant")
    b.play(0, "Militia")
    assert b.find("round_won")[-1].data["totals"] == [14, 13]
    assert sorted(b.names(1, "discard")) == ["Gladiators", "Practice Seer"]
    assert b.pool_names(1) == []
    check(b)


def test_wand_of_wonder_fr_reads_the_last_digit_of_a_real_card_number() -> None:
    # FR/57: "Draw and discard a card each time the wand is used in a battle, noting the last
    # digit of the card's number. For that combat, the attached champion gains bonus levels
    # equal to that digit." The Knight (5) carries it and attacks; player_0's top card is
    # South Ledopolus, 1st/230: digit 0, so 5 + 0 = 5 to the Mage's 4 (its "+?" adds nothing
    # of its own). The next top card, Spell of Formless Horror (1st/106), is not drawn.
    wand, ledo, horror = real("FR/57", "1st/230", HORROR)
    b = battle(make_engine(wand, ledo, horror),
               side(realms=["Vale"], pool=[("Knight", ["FR/57"])], draw=["1st/230", HORROR]),
               side(realms=["Vale", "Harbor"], hand=["Mage", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    assert b.names(0, "discard") == ["South Ledopolus"]
    assert b.names(0, "draw") == ["Spell of Formless Horror"]
    b.play(1, "Militia")
    # 5 to 6: player_0 has nothing to play and loses the round; the Wand's digit is gone.
    assert b.b.winner == 1 and b.b.digits == {}
    check(b)


def test_stone_giant_destroys_one_ally_per_round_not_two() -> None:
    # "may destroy one enemy ally of level 4 or less during each round of combat": the Stone
    # Giant in player_1's pool destroys the Militia (+2), the first ally player_0 plays; the
    # Squire (+1) played next stays: Knight 5 + 1 = 6 to the Griffon's 6. With its hand empty
    # player_0 loses the tie (ties go to the defender).
    (giant,) = real(STONE_GIANT)
    b = battle(make_engine(giant), side(realms=["Vale"], hand=["Knight", "Militia", "Squire"],
                                        draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon"], pool=[STONE_GIANT],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    b.play(0, "Militia")
    assert "Practice Militia" in b.names(0, "discard")
    assert b.totals() == [5, 6]
    b.play(0, "Squire")
    won = b.find("round_won")[-1].data
    assert (won["totals"], b.b.winner) == ([6, 6], 1)
    check(b)


def test_invisibility_to_undead_ignores_allies_made_undead_by_the_lich_conclave() -> None:
    # Lich Conclave (monster 5, undead): "all allies played with it become undead". Against
    # a cleric (3) under Invisibility to Undead ("this champion ignores undead opponents"),
    # the Conclave counts 0 and so does the Militia (+2) played with it: 0 to 3.
    lich, invis = real(LICH, INVISIBILITY)
    b = battle(make_engine(lich, invis, T_CLERIC),
               side(realms=["Vale"], hand=[LICH, "Militia"], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["T/60", INVISIBILITY], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Lich Conclave")
    b.present(1, "T Cleric")
    assert b.totals() == [5, 3]
    b.play(1, "Invisibility to Undead")
    assert b.totals() == [0, 3]
    b.play(0, "Militia")
    assert b.totals() == [0, 3]
    check(b)


def test_formless_horror_on_an_immune_mage_does_nothing_and_adds_nothing() -> None:
    # Spell of Formless Horror ("-3", Off): cast by the attacking Mage (4) on the defending
    # Mage (4), immune to offensive spells: no effect, and its printed -3 does not lower the
    # caster either: 4 to 4.
    (horror,) = real(HORROR)
    b = battle(make_engine(horror), side(realms=["Vale"], hand=["Mage", HORROR],
                                         draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Mage")
    assert b.totals() == [4, 4]
    b.play(0, "Spell of Formless Horror")
    assert b.totals() == [4, 4]
    check(b)


def test_annulus_carried_adds_its_printed_bonus_in_battle() -> None:
    # Annulus (artifact "+3"): its power (the opponent's hand seen at the start of its owner's
    # turn) acts outside battles; its printed +3 still counts for its champion: the Knight (5)
    # carrying it attacks the Mage (4): 8 to 4.
    (annulus,) = real("1st/411")
    b = battle(make_engine(annulus), side(realms=["Vale"], pool=[("Knight", ["1st/411"])],
                                          draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    b.present(1, "Mage")
    assert b.totals() == [8, 4]
    check(b)


def test_death_link_cast_by_the_losing_attacker_takes_the_defender_along() -> None:
    # Death Link (wizard spell +2, Def/4): "If the casting champion is defeated, the opposing
    # champion is also discarded." The attacking Mage (4) casts it: 6 to the Knight's 5; the
    # Giant (+4): 6 to 9; the Mage has nothing left and is defeated: the Knight is discarded
    # too (after the round), though its side won the battle.
    (link,) = real("4th/381")
    b = battle(make_engine(link), side(realms=["Vale"], hand=["Mage", "4th/381"],
                                       draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Death Link")
    assert b.totals() == [6, 5]
    b.play(1, "Giant")
    assert b.b.winner == 1 and b.b.outcome == "repelled"
    assert b.names(0, "discard") == ["Practice Mage", "Death Link"]
    assert sorted(b.names(1, "discard")) == ["Practice Giant", "Practice Knight"]
    check(b)


def test_flaming_fist_takes_an_item_the_defeated_champion_did_not_carry() -> None:
    # Flaming Fist (ally +9): "the losing player must immediately discard one magical item or
    # artifact from his pool or hand". The Mage defends from the pool carrying the Shield (+1)
    # and loses (5 + 9 to 4 + 1 + 2); the Mage and its Shield go to the discard pile as a
    # defeated champion's cards; the item the loser then gives up is the one still in its
    # pool, the Priest's Sword.
    (fist,) = real("4th/238")
    b = battle(make_engine(fist), side(realms=["Vale"], hand=["Knight", "4th/238"],
                                       draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Militia"],
                    pool=[("Mage", ["Shield"]), ("Priest", ["Sword"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", "pool")
    assert b.totals() == [5, 5]
    b.play(0, "Flaming Fist")
    b.play(1, "Militia")
    assert b.b.winner == 0
    assert sorted(b.names(1, "discard")) == ["Practice Mage", "Practice Militia",
                                             "Practice Shield", "Practice Sword"]
    assert b.pool_names(1) == ["Practice Priest"] and b.attached_names(1, "Priest") == []
    assert b.state.players[1].razed[:2] == [True, False]
    check(b)


def test_galek_and_ninjas_for_the_defender_leave_the_attackers_cards_in_its_piles() -> None:
    # Galek (ally +2) for the defending Knight (5) against the Griffon (6): "draw a card from
    # the opposing player's draw pile, playing it on this player's side if applicable": the
    # attacker's top card, the Militia (+2), fights for the Knight: 9 to 6. The Militia goes
    # back to its owner's (the attacker's) discard pile when the round ends.
    (galek,) = real("4th/227")
    b = battle(make_engine(galek), side(realms=["Vale"], hand=["Griffon"],
                                        draw=["Militia", "Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Knight", "4th/227"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight")
    b.play(1, "Galek")
    assert b.find("round_won")[-1].data["totals"] == [6, 9]
    assert sorted(b.names(0, "discard")) == ["Practice Griffon", "Practice Militia"]
    assert b.names(0, "draw") == ["Practice Squire"] and b.names(1, "discard") == ["Galek"]
    check(b)


def test_sembia_reads_a_magical_champions_ally_at_its_level() -> None:
    # Sembia: "Attacking players must discard a card from their hand or pool for each champion
    # sent forward." With an empty hand the attacker gives up [decided] its lowest-level pool
    # champion. Magical Champion: "The ally becomes a champion (hero) ... Its level is
    # unchanged": the Giant (ally +4) carrying it is a champion of level 4, above the Priest
    # (3), which goes (not the Giant, as if its level were 0).
    sembia, magical = real("4th/3", "1st/402")
    b = battle(make_engine(sembia, magical),
               side(realms=["Vale"], pool=["Knight", ("Giant", ["1st/402"]), "Priest"],
                    draw=["Squire"]),
               side(realms=["4th/3"], pool=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    assert b.names(0, "discard") == ["Practice Priest"]
    assert b.pool_names(0) == ["Practice Giant"]
    check(b)
