"""The 4th Edition, third pass, part c (issue 13, c4th3c): real cards of 4th/387 to 4th/520
whose printed powers now compile, played in scripted battles and checked against their text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Seer psionicist 4 (Dark Sun),
Griffon monster 6 (flyer), Militia ally +2, Giant ally +4, Squire ally +1, Sword magical item +2,
Orb artifact +3, Bolt wizard spell +3 (Off), Blessing cleric spell +2 (Def), Punch unarmed combat
+2, Watchtower holding (+2 to its realm's defender). Ties go to the defender (RULES.md §1), and
the side behind plays.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

K = EffectKind

PRECOGNITION, COUNTER, STINKING_CLOUD, MINDLINK = "4th/427", "4th/437", "4th/394", "4th/426"
FIRE_AVATAR, INVISIBILITY, MIDNIGHT = "4th/472", "4th/425", "4th/487"

OGRE = card(10, "T Ogre", CardType.ALLY, bonus=4, effects=(Effect(K.OPPONENT_LOSES, amount=3),))
IMP = card(11, "T Imp", CardType.ALLY, bonus=1, effects=(Effect(K.OPPONENT_LOSES, amount=1),))
SAGE = card(12, "T Sage", CardType.CLERIC, level=3, uses=("d19", "o19"))


# --- existing kinds, the 4th Edition's wordings --------------------------------------------------


def test_precognition_plays_with_its_bonus_alone():
    # Precognition (psionic power +4, Off): "The opposing player must reveal the next two cards
    # he plans to play in this combat." Nothing in the battle reads it: the Seer (4) behind the
    # Knight (5) plays it and leads 8 to 5; no card of the Knight's side moves.
    precognition, = real(PRECOGNITION)
    b = battle(make_engine(precognition), side(realms=["Vale"], hand=["Seer", PRECOGNITION]),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Knight")
    assert b.totals() == [4, 5]
    b.play(0, "Precognition")
    assert b.totals() == [8, 5]
    assert b.names(1, "hand") == ["Practice Giant"]
    check(b)


def test_counter_negates_a_just_played_unarmed_combat_card():
    # Counter (unarmed combat, Def): "Usable by all champions. This unarmed combat card negates
    # a just-played unarmed combat card." The Mage (a wizard: no unarmed combat of its own)
    # with the Watchtower (+2) leads the Knight 6 to 5; the Knight's Punch (+2) makes 7 to 6;
    # the Mage plays Counter and the Punch goes: 5 to 6.
    counter, = real(COUNTER)
    b = battle(make_engine(counter), side(realms=["Vale"], hand=["Knight", "Punch"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", COUNTER],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Punch")
    assert b.totals() == [7, 6]
    assert plays(b, 1) == {"Counter"}
    b.play(1, "Counter")
    assert b.totals() == [5, 6]
    assert "Practice Punch" in b.names(0, "discard")
    check(b)


def test_stinking_cloud_discards_small_allies_and_silences_big_ones():
    # Stinking Cloud (wizard spell, Off): "All opposing allies of level 3 or less are
    # discarded. Opposing allies of level 4 or higher lose their special powers." Knight 5 vs
    # Mage 4 + Watchtower 2 = 6; Militia (+2): 7 to 6; Bolt (+3): 7 to 9; the Ogre (+4, the
    # opposing champion loses 3): 11 to 6. The Cloud discards the Militia and takes the Ogre's
    # power: 5 + 4 = 9 to 9. The Imp (+1, the opposing champion loses 1) played after it is
    # below level 4: it keeps its power, 10 to 8.
    cloud, = real(STINKING_CLOUD)
    b = battle(make_engine(cloud, OGRE, IMP),
               side(realms=["Vale"], hand=["Knight", "Militia", "T/10", "T/11"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "Bolt", STINKING_CLOUD],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 6]
    b.play(0, "Militia")
    b.play(1, "Bolt")
    assert b.totals() == [7, 9]
    b.play(0, "T Ogre")
    assert b.totals() == [11, 6]
    b.play(1, "Stinking Cloud")
    assert b.totals() == [9, 9]
    assert "Practice Militia" in b.names(0, "discard")
    b.play(0, "T Imp")
    assert b.totals() == [10, 8]
    check(b)


def test_mindlink_lets_the_champion_cast_spells_and_fight_unarmed_this_round():
    # Mindlink (psionic power +4): "Allows the champion to cast cleric and wizard spells, use
    # blood abilities, and use unarmed combat cards for this round of battle." The Seer (a
    # psionicist, 4) behind the Knight (5) may play only Mindlink: 8 to 5. The Knight's Giant
    # makes 8 to 9, and the Seer may now cast the Bolt and the Blessing and punch: Bolt, 11 to 9.
    mindlink, = real(MINDLINK)
    b = battle(make_engine(mindlink),
               side(realms=["Vale"], hand=["Seer", MINDLINK, "Bolt", "Blessing", "Punch"]),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Knight")
    assert plays(b, 0) == {"Mindlink"}
    b.play(0, "Mindlink")
    assert b.totals() == [8, 5]
    b.play(1, "Giant")
    assert plays(b, 0) == {"Bolt", "Blessing", "Punch"}
    b.play(0, "Bolt")
    assert b.totals() == [11, 9]
    check(b)


def test_the_elemental_avatar_of_fire_gives_dark_sun_champions_a_fire_elemental():
    # Elemental Avatar of Fire (cleric 15, Dark Sun): "All Dark Sun champions of this player
    # gain a +5 fire elemental as an ally that cannot be forced to switch sides or be discarded
    # through cardplay." From the pool: the Seer (Dark Sun, 4) fights at 9 against the Knight;
    # the Knight (Forgotten Realms, 5) of the same player gains nothing.
    avatar, = real(FIRE_AVATAR)
    b = battle(make_engine(avatar), side(realms=["Vale"], pool=[FIRE_AVATAR, "Seer"]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer", zone="pool")
    b.present(1, "Knight")
    assert b.totals() == [9, 5]
    check(b)
    b = battle(make_engine(avatar), side(realms=["Vale"], pool=[FIRE_AVATAR, "Knight"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    check(b)


def test_superior_invisibility_slips_past_a_weak_wizard_and_razes_the_realm():
    # Superior Invisibility (psionic power, Def): "An invisible champion can bypass a defending
    # wizard or cleric of base level 4 or less and raze the realm. The defending champion
    # returns to his pool." The Seer (4) ties the Mage (wizard 4): the realm is razed, both
    # champions go back to their pools and the attacker draws spoils (seed 001).
    invisibility, = real(INVISIBILITY)
    b = battle(make_engine(invisibility), side(realms=["Vale"], hand=["Seer", INVISIBILITY],
                                              draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Mage")
    b.play(0, "Superior Invisibility")
    assert b.state.players[1].razed[0]
    assert b.pool_names(1) == ["Practice Mage"] and b.pool_names(0) == ["Practice Seer"]
    check(b)


def test_superior_invisibility_does_not_bypass_a_hero():
    # The same card against the Knight (a hero, 5): no razing, the battle goes on (4 to 5).
    invisibility, = real(INVISIBILITY)
    b = battle(make_engine(invisibility),
               side(realms=["Vale"], hand=["Seer", INVISIBILITY, "Militia"]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Knight")
    b.play(0, "Superior Invisibility")
    assert not b.state.players[1].razed[0] and b.b.champion[1] is not None
    assert b.totals() == [4, 5]
    check(b)


def test_midnight_4th_vetoes_the_opponents_wizard_spells_only():
    # Midnight, Goddess of Magic (wizard 15): "While in play, all champions that use wizard
    # spells must ask her permission to cast them." The Sage (cleric 3 that may cast wizard
    # spells) behind the Knight (5): with Midnight in the Knight's player's pool, the Sage may
    # cast the Blessing (a cleric spell) but not the Bolt; without her, both.
    midnight, = real(MIDNIGHT)
    for pool, offered in (([MIDNIGHT], {"Blessing"}), ([], {"Bolt", "Blessing"})):
        b = battle(make_engine(midnight, SAGE),
                   side(realms=["Vale"], hand=["T/12", "Bolt", "Blessing"]),
                   side(realms=["Vale"], hand=["Knight"], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Sage")
        b.present(1, "Knight")
        assert plays(b, 0) == offered
        check(b)


def test_midnight_4th_destroys_the_opposing_champions_magical_items():
    # "She destroys all magical items held by the opposing champion." The Knight with the Sword
    # (+2) attacks; Midnight defends: the Sword goes to the discard pile, 5 to 15.
    midnight, = real(MIDNIGHT)
    b = battle(make_engine(midnight),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]),
               side(realms=["Vale"], hand=[MIDNIGHT], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Midnight, Goddess of Magic")
    assert "Practice Sword" in b.names(0, "discard")
    assert b.totals()[0] == 5
    check(b)



# --- new kinds (effects.py, "Added for the 4th Edition, third pass") ----------------------------

PHOBIA, FEAR, BLIND_SIDE, SHADOW_ENGINES = "4th/428", "4th/443", "4th/440", "4th/404"
WITHER_TOUCH, URDLEN = "4th/449", "4th/474"

PSION = card(13, "T Psion", CardType.PSIONICIST, level=7)
BARON = card(17, "T Baron", CardType.REGENT, level=5)
TROLL = card(14, "T Troll", CardType.ALLY, bonus=7)
DROW = card(15, "T Drow", CardType.WIZARD, level=5, attributes=(10, 14))
MOLE = card(16, "T Mole", CardType.ALLY, bonus=3, attributes=(13,))


def test_phobia_amplification_subtracts_the_champions_base_level():
    # Phobia Amplification (psionic power, Off): "The base level of this champion is subtracted
    # from the base level of the target. If the opponent is reduced below level 0, he remains
    # in combat at a negative total." The Psion (7) against the Knight (5) with the Orb (+3) on
    # the Watchtower's realm (+2): 7 to 10. Played: the Knight's base 5 - 7 = -2, plus 5 = 3
    # (not 0 + 5: his base stays below 0).
    phobia, = real(PHOBIA)
    b = battle(make_engine(phobia, PSION), side(realms=["Vale"], hand=["T/13", PHOBIA]),
               side(realms=[("Vale", False, "Watchtower")], pool=[("Knight", ["Orb"])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Psion")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [7, 10]
    b.play(0, "Phobia Amplification")
    assert b.totals() == [7, 3]
    check(b)


def test_fear_discards_the_allies_under_the_card_digit():
    # Fear (blood ability +3, Off): "All opposing allies whose plus is less than the last digit
    # of the attached champion's card number are immediately discarded." The Baron is card
    # T/17: digit 7. The Knight attacks the Baron (5 to 5, the attacker behind): Militia, 7 to
    # 5; the Baron's Giant, 7 to 9; the Troll (+7), 14 to 9. Fear: the Militia (+2 < 7) goes,
    # the Troll (+7, not less) stays: 12 to 12, the tie to the defender.
    fear, = real(FEAR)
    b = battle(make_engine(fear, BARON, TROLL),
               side(realms=["Vale"], hand=["T/17", "Giant", FEAR], draw=["Squire"]),
               side(realms=["Vale"], hand=["Knight", "Militia", "T/14"]), attacker=1)
    b.attack("A")
    b.present(1, "Knight")
    b.present(0, "T Baron")
    b.play(1, "Militia")
    b.play(0, "Giant")
    b.play(1, "T Troll")
    assert b.totals() == [9, 14]
    b.play(0, "Fear")
    assert b.totals() == [12, 12]
    assert "Practice Militia" in b.names(1, "discard")
    check(b)


def test_blind_side_discards_the_highest_card_played():
    # Blind Side! (unarmed combat +4, Off): "Usable only by elf (drow) champions. This can be
    # played at any time to discard the highest ally, spell, or psionic power card played
    # during this round of combat." The Drow (wizard 5, a drow) ties the Knight: Squire, 6 to 5;
    # Militia, 6 to 7; Bolt, 9 to 7; Giant, 9 to 11. Blind Side! takes the Giant (+4, above the
    # Militia's +2): 13 to 7. The Knight (a hero, no drow) is never offered it.
    blind_side, = real(BLIND_SIDE)
    b = battle(make_engine(blind_side, DROW),
               side(realms=["Vale"], hand=["T/15", "Squire", "Bolt", BLIND_SIDE]),
               side(realms=["Vale"], hand=["Knight", "Militia", "Giant", BLIND_SIDE],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Drow")
    b.present(1, "Knight")
    b.play(0, "Squire")
    assert "Blind Side!" not in plays(b, 1)
    b.play(1, "Militia")
    b.play(0, "Bolt")
    b.play(1, "Giant")
    assert b.totals() == [9, 11]
    assert "Blind Side!" in plays(b, 0)
    b.play(0, "Blind Side!")
    assert b.totals() == [13, 7]
    assert "Practice Giant" in b.names(1, "discard")
    check(b)


def test_shadow_engines_discards_the_defenders_holding():
    # Shadow Engines (cleric spell, Off): "Discard any holding of an opponent." The Priest (3)
    # attacks the Knight (5) on the Watchtower's realm (+2): 3 to 7. The spell discards the
    # Watchtower (the holding of the realm fought over): 3 to 5.
    engines, = real(SHADOW_ENGINES)
    b = battle(make_engine(engines), side(realms=["Vale"], hand=["Priest", SHADOW_ENGINES]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Knight")
    assert b.totals() == [3, 7]
    b.play(0, "Shadow Engines")
    assert b.totals() == [3, 5]
    assert b.state.players[1].holdings[0] is None
    assert "Practice Watchtower" in b.names(1, "discard")
    check(b)


def test_wither_touch_sends_the_defeated_champion_to_the_abyss():
    # Wither Touch (blood ability +5, Off): "Any champion defeated by the attached champion is
    # sent to the Abyss rather than the discard pile." The Baron (regent 5) ties the Knight and
    # plays it: 10 to 5; the Militia, 10 to 7; the Knight loses the round. He goes to the
    # Abyss, his Militia (an ally, not a champion) to the discard pile.
    wither, = real(WITHER_TOUCH)
    b = battle(make_engine(wither, BARON), side(realms=["Vale"], hand=["T/17", WITHER_TOUCH]),
               side(realms=["Vale"], hand=["Knight", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Baron")
    b.present(1, "Knight")
    b.play(0, "Wither Touch")
    b.play(1, "Militia")
    assert "Practice Knight" in b.names(1, "abyss")
    assert "Practice Militia" in b.names(1, "discard")
    check(b)


def test_urdlen_devours_the_earthwalking_allies_from_the_pool():
    # Urdlen (monster 14): "Urdlen devours all earthwalking allies that oppose any of this
    # player's champions." With Urdlen in the attacker's pool, the Mage (4) behind the Knight
    # (5) may play the Militia but not the Mole (an earthwalking ally); without him, both.
    urdlen, = real(URDLEN)
    for pool, offered in (([URDLEN], {"Militia"}), ([], {"Militia", "T Mole"})):
        b = battle(make_engine(urdlen, MOLE), side(realms=["Vale"], hand=["Knight"], pool=pool),
                   side(realms=["Vale"], hand=["Mage", "Militia", "T/16"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        assert plays(b, 1) == offered
        check(b)


# --- readings added to existing kinds (turn_spell's card_types, may_use's "player") -------------

REVERSAL, EMERALD_THRONE = "4th/435", "4th/467"

ELF = card(18, "T Elf", CardType.HERO, level=4, attributes=(14,))
ELFMAGE = card(19, "T Elfmage", CardType.WIZARD, level=5, attributes=(14,))
KICK = card(20, "T Kick", CardType.UNARMED_COMBAT, bonus=3, mark=Mark.OFF)


def test_reversal_turns_an_offensive_unarmed_combat_card_on_its_user():
    # Reversal (unarmed combat, Def): "Usable by all champions. This maneuver turns a
    # just-played offensive unarmed combat card back upon its user." The Knight (5) behind the
    # Mage (4) + Watchtower (2) kicks (+3, Off): 8 to 6. The Mage (a wizard) reverses it: the
    # Kick's +3 fights for the Mage, 5 to 9.
    reversal, = real(REVERSAL)
    b = battle(make_engine(reversal, KICK), side(realms=["Vale"], hand=["Knight", "T/20"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", REVERSAL],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "T Kick")
    assert b.totals() == [8, 6]
    b.play(1, "Reversal")
    assert b.totals() == [5, 9]
    check(b)


def test_reversal_leaves_an_unmarked_unarmed_combat_card_alone():
    # The Punch (+2) has no (Off) mark: Reversal does not turn it, 7 to 6 stays.
    reversal, = real(REVERSAL)
    b = battle(make_engine(reversal), side(realms=["Vale"], hand=["Knight", "Punch"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", REVERSAL],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Punch")
    b.play(1, "Reversal")
    assert b.totals() == [7, 6]
    check(b)


def test_the_emerald_throne_lets_every_elf_of_its_player_fight_unarmed_and_psionically():
    # The Emerald Throne (artifact +5): "Usable only by an elf champion from any world. All
    # elves of this player can use unarmed combat, psionic power, and blood ability cards."
    # The Throne on the Elf in the pool: the Elfmage (an elf wizard, 5) tied by the Knight may
    # punch and use the Mind Blast besides casting the Bolt; the Mage (no elf) only casts.
    throne, = real(EMERALD_THRONE)
    hand = ["Punch", "Mind Blast", "Bolt"]
    for fighter, offered in (("T Elfmage", {"Punch", "Mind Blast", "Bolt"}), ("Mage", {"Bolt"})):
        b = battle(make_engine(throne, ELF, ELFMAGE),
                   side(realms=["Vale"], hand=hand,
                        pool=[("T/18", [EMERALD_THRONE]), "T/19", "Mage"]),
                   side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, fighter, zone="pool")
        b.present(1, "Knight")  # 5 to 5 or 4 to 5: the attacker behind either way
        assert plays(b, 0) == offered
        check(b)


def test_the_emerald_throne_is_carried_by_elves_only():
    # "Usable only by an elf champion": the Elf may take it from the hand into a round, the
    # Knight not.
    throne, = real(EMERALD_THRONE)
    for fighter, offered in (("T/18", {"The Emerald Throne"}), ("Knight", set())):
        b = battle(make_engine(throne, ELF),
                   side(realms=["Vale"], hand=[fighter, EMERALD_THRONE]),
                   side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight" if fighter == "Knight" else "T Elf")
        b.present(1, "Griffon")
        assert plays(b, 0) == offered
        check(b)


RAKE, HEROIC_EFFORT = "4th/438", "4th/441"

WIGHT = card(21, "T Wight", CardType.MONSTER, level=5, attributes=(40,), uses=("d102", "o102"))


def test_rake_makes_the_opponent_discard_its_weakest_card():
    # Rake! (unarmed combat +3, Off): "Usable only by undead champions. The opposing champion
    # must discard one card from the current round of combat." The Wight (undead 5) attacks
    # the Knight with the Sword (+2): 5 to 7; Giant, 9 to 7; Squire, 9 to 8; Militia, 9 to 10.
    # Rake!: 12, and the Knight's side gives up its weakest card, the Squire (+1; the Militia
    # and the Sword are +2): 12 to 9.
    rake, = real(RAKE)
    b = battle(make_engine(rake, WIGHT), side(realms=["Vale"], hand=["T/21", "Giant", RAKE]),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Squire", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Wight")
    b.present(1, "Knight", zone="pool")
    b.play(0, "Giant")
    b.play(1, "Squire")
    b.play(1, "Militia")
    assert b.totals() == [9, 10]
    b.play(0, "Rake!")
    assert b.totals() == [12, 9]
    assert b.find("cards_destroyed")[-1].data["cards"] == ["PR/32"]  # the Squire
    check(b)


def test_heroic_effort_strips_the_strongest_attachment_and_costs_the_hero():
    # Heroic Effort (unarmed combat, Off): "Usable only by heroes. The attached hero can discard
    # any single card attached to an opposing champion. Win or lose, the hero is discarded at
    # the end of the battle." The Mage with the Sword (+2) and the Orb (+3) leads the Knight 9
    # to 5; the Effort discards the Orb (the hero's best, the larger bonus): 5 to 6; the Giant,
    # 9 to 6. The Knight wins, the realm is razed, and the Knight is discarded after the round.
    effort, = real(HEROIC_EFFORT)
    b = battle(make_engine(effort), side(realms=["Vale"], hand=["Knight", HEROIC_EFFORT, "Giant"],
                                        draw=["Squire"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "Orb"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", zone="pool")
    assert b.totals() == [5, 9]
    b.play(0, "Heroic Effort")
    assert b.totals() == [5, 6]
    assert "Practice Orb" in b.names(1, "discard")
    b.play(0, "Giant")
    assert b.state.players[1].razed[0]
    assert "Practice Knight" in b.names(0, "discard")
    assert "Practice Knight" not in b.pool_names(0)
    check(b)


EVASION = "4th/387"
APPRENTICE = card(22, "T Apprentice", CardType.WIZARD, level=3)
ARCHMAGE = card(23, "T Archmage", CardType.WIZARD, level=9)


def test_elminsters_evasion_sacrifices_a_pool_wizard_to_escape():
    # Elminster's Evasion (wizard spell, Def): "A wizard who casts this spell can sacrifice
    # another wizard from his pool to escape defeat, but the opponent still gains spoils (if
    # applicable)." The Mage (wizard 4) casts it behind the Knight (5) and loses the round 4 to
    # 5: the Apprentice (wizard 3) of his pool is discarded in his place, the Mage returns to
    # the pool, and the defender draws its spoils all the same (the attacker was repelled).
    evasion, = real(EVASION)
    b = battle(make_engine(evasion, APPRENTICE),
               side(realms=["Vale"], hand=["Mage", EVASION], pool=["T/22"]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Elminster's Evasion")  # nothing more to play: the round is lost
    assert b.find("champion_sacrificed")
    assert b.pool_names(0) == ["Practice Mage"]
    assert "T Apprentice" in b.names(0, "discard")
    assert b.find("spoils_drawn") and b.b.outcome == "repelled"
    check(b)


def test_elminsters_evasion_keeps_a_stronger_wizard():
    # [decided] the owner's best: the Archmage (9) is worth more than the Mage (4), so the
    # Mage is discarded as usual and the Archmage stays in the pool.
    evasion, = real(EVASION)
    b = battle(make_engine(evasion, ARCHMAGE),
               side(realms=["Vale"], hand=["Mage", EVASION], pool=["T/23"]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Elminster's Evasion")  # nothing more to play: the round is lost
    assert not b.find("champion_sacrificed")
    assert b.pool_names(0) == ["T Archmage"]
    assert "Practice Mage" in b.names(0, "discard")
    check(b)


PHARAOHS = "4th/466"


def test_the_throne_of_the_pharaohs_negates_and_bars_events():
    # Throne of the Pharaohs (artifact +3, AD&D: any world): "When brought into play, all
    # events in play are negated and no more can be played as long as the Throne of the
    # Pharaohs remains in play." Knight 5 vs Mage 4: the Mage's Rally (+2), 5 to 6; the Knight
    # takes up the Throne: the Rally goes, 8 to 4; the Mage may play the Militia, not the
    # second Rally.
    throne, = real(PHARAOHS)
    b = battle(make_engine(throne), side(realms=["Vale"], hand=["Knight", PHARAOHS]),
               side(realms=["Vale"], hand=["Mage", "Rally", "Rally", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Rally")
    assert b.totals() == [5, 6]
    b.play(0, "Throne of the Pharaohs")
    assert b.totals() == [8, 4]
    assert "Practice Rally" in b.names(1, "discard")
    assert plays(b, 1) == {"Militia"}
    check(b)


def test_the_throne_of_the_pharaohs_in_a_pool_bars_both_players_events():
    # From its player's pool, the Throne bars the events of both players: the Knight's player
    # may not play its own Rally either.
    throne, = real(PHARAOHS)
    b = battle(make_engine(throne),
               side(realms=["Vale"], hand=["Mage", "Rally", "Militia"],
                    pool=[("Knight", [PHARAOHS])]),
               side(realms=["Vale"], hand=["Griffon", "Rally"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Griffon")
    assert plays(b, 0) == {"Militia"}
    check(b)


NATURES_THRONE = "4th/461"
CLIFF = card(24, "T Cliff", CardType.REALM, effects=(
    Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",)),))
FORT = card(25, "T Fort", CardType.REALM, effects=(
    Effect(K.NOT_ATTACKABLE_BY, card_types=(int(CardType.HERO),)),))


def _attackable(b) -> list[str]:
    return [x.removeprefix("Attack realm ") for x in b.legal_labels(b.state.attacker)
            if x.startswith("Attack realm")]


def test_natures_throne_opens_a_realm_only_flyers_may_attack():
    # Nature's Throne (artifact +6, AD&D): "Usable by any champion from any world. Nature's
    # Throne strips any special movement requirement (swimmers, flyers, etc) from any realm
    # that this player's champions attack." The Cliff (A) may be attacked only by flyers: with
    # the Throne on the Mage in the pool, the Knight may attack it; without it, nobody. The Fort
    # (B, behind the Cliff) bars heroes and is not exposed: that stays.
    throne, = real(NATURES_THRONE)
    for pool, slots in (([("Mage", [NATURES_THRONE]), "Knight"], ["A"]), (["Mage", "Knight"], [])):
        b = battle(make_engine(throne, CLIFF, FORT), side(realms=["Vale"], pool=pool),
                   side(realms=["T/24", "T/25"], hand=["Mage"]))
        assert _attackable(b) == slots, pool
        check(b)


SYLVAN_POOL = "4th/513"


def test_the_sylvan_pool_gives_nothing_in_a_battle():
    # The Sylvan Pool (holding, no bonus): "Can be attached to any realm. Each time a realm or
    # holding is removed from play, this player draws one card." The Knight (5) defending its
    # realm fights at 5 against the Mage (4): the holding adds nothing.
    pool, = real(SYLVAN_POOL)
    b = battle(make_engine(pool), side(realms=["Vale"], hand=["Mage"]),
               side(realms=[("Vale", False, SYLVAN_POOL)], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    assert b.totals() == [4, 5]
    check(b)


BARBARIC_ALLIES = "4th/512"
BULLY = card(26, "T Bully", CardType.HERO, level=6, effects=(Effect(K.ALLIES_BARRED),))


def test_barbaric_allies_ignore_the_cards_that_bar_allies():
    # Barbaric Allies (ally +7): "These allies can be played in combat regardless of cards that
    # prohibit allies from being played." The Bully (6) bars every opposing ally: the Knight
    # (5) behind him may play the Barbaric Allies, not the Militia; with them, 12 to 6.
    barbarians, = real(BARBARIC_ALLIES)
    b = battle(make_engine(barbarians, BULLY), side(realms=["Vale"], hand=["T/26"]),
               side(realms=["Vale"], hand=["Knight", "Militia", BARBARIC_ALLIES],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Bully")
    b.present(1, "Knight")
    assert plays(b, 1) == {"Barbaric Allies"}
    b.play(1, "Barbaric Allies")
    assert b.totals() == [6, 12]
    check(b)


def test_barbaric_allies_raze_an_attackers_realm_after_a_successful_defense():
    # "If played during a successful defense of a realm, one of the attacker's realms is razed
    # (chosen by the attacker)." The Mage (4) with the Barbaric Allies (+7) repels the Knight
    # (5), 11 to 5: the attacker's last standing realm (B, its choice [decided]) is razed.
    barbarians, = real(BARBARIC_ALLIES)
    b = battle(make_engine(barbarians), side(realms=["Vale", "Harbor"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", BARBARIC_ALLIES], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Barbaric Allies")  # 5 to 11: the Knight has nothing to play
    assert b.b.outcome == "repelled"
    assert b.state.players[0].razed == [False, True] + [False] * 4
    assert not b.state.players[1].razed[0]
    check(b)


def test_barbaric_allies_raze_when_the_attacker_is_discarded_by_card_play():
    # The Priest (3) attacks the Mage (4): Blessing, 5 to 4; Barbaric Allies, 5 to 11; Giant,
    # Militia and Squire, 12 to 11; the Mage's Banishing discards the Priest (level 3, "4 or
    # less"): the attack is repelled and the attacker's realm B razed.
    barbarians, = real(BARBARIC_ALLIES)
    b = battle(make_engine(barbarians),
               side(realms=["Vale", "Harbor"], hand=["Priest", "Blessing", "Giant", "Militia",
                                                     "Squire"]),
               side(realms=["Vale"], hand=["Mage", BARBARIC_ALLIES, "Banishing"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Mage")
    b.play(0, "Blessing")
    b.play(1, "Barbaric Allies")
    for ally in ("Giant", "Militia", "Squire"):
        b.play(0, ally)
    assert b.totals() == [12, 11]
    b.play(1, "Banishing")
    assert b.b.outcome == "repelled" and "Practice Priest" in b.names(0, "discard")
    assert b.state.players[0].razed == [False, True] + [False] * 4
    check(b)


TAIL_SLAP = "4th/439"
DRAKE = card(27, "T Drake", CardType.MONSTER, level=6, attributes=(8,), uses=("d101", "o101"))
BAT = card(28, "T Bat", CardType.ALLY, bonus=1, attributes=(16,))
PEASANT = card(29, "T Peasant", CardType.HERO, level=2)


def test_tail_slap_weakens_and_sweeps_away_the_nonflyers():
    # Tail Slap (unarmed combat +2, Off): "Usable only by dragons. All nonflying opponents lose
    # two levels. If reduced to level 0 or less, they are discarded." The Drake (dragon 6)
    # against the Knight (5) on the Watchtower's realm (+2): 6 to 7; Militia, 8 to 7; the Bat
    # (+1, a flyer), 8 to 8. Tail Slap: 10; the Knight 5 - 2, the Bat untouched: 10 to 6. Behind,
    # the Knight may play the Giant (+4, 2 after the loss) but not the Squire (+1: reduced below
    # 1, it would be discarded): Giant, 10 to 8.
    slap, = real(TAIL_SLAP)
    b = battle(make_engine(slap, DRAKE, BAT), side(realms=["Vale"], hand=["T/27", "Militia",
                                                                       TAIL_SLAP]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight", "T/28", "Squire",
                                                                  "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Drake")
    b.present(1, "Knight")
    b.play(0, "Militia")
    b.play(1, "T Bat")
    assert b.totals() == [8, 8]
    b.play(0, "Tail Slap")
    assert b.totals() == [10, 6]
    assert plays(b, 1) == {"Giant"}
    b.play(1, "Giant")
    assert b.totals() == [10, 8]
    check(b)


def test_tail_slap_discards_a_nonflying_ally_and_champion_reduced_to_0():
    # The Peasant (hero 2) on the Watchtower's realm (+2) behind the Drake, 4 to 6: Squire (+1),
    # 5 to 6; Giant (+4), 9 to 6. Tail Slap: the Squire (+1) and the Peasant (2) fall to 0 or
    # less and are discarded, the Giant (+4) not: the defender loses the round, the realm is
    # razed.
    slap, = real(TAIL_SLAP)
    b = battle(make_engine(slap, DRAKE, PEASANT),
               side(realms=["Vale"], hand=["T/27", TAIL_SLAP], draw=["Squire"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["T/29", "Squire", "Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Drake")
    b.present(1, "T Peasant")
    b.play(1, "Squire")
    b.play(1, "Giant")
    assert b.totals() == [6, 9]
    b.play(0, "Tail Slap")
    assert b.find("cards_destroyed")[-1].data["cards"] == ["PR/32"]  # the Squire alone
    assert "T Peasant" in b.names(1, "discard")
    assert b.state.players[1].razed[0]
    check(b)


BOOT, CAVES, PERSUASION = "4th/434", "4th/505", "4th/450"


def test_boot_to_the_head_defeats_on_a_0_or_a_1():
    # Boot to the Head (unarmed combat +1, Off): "Usable only by heroes. An opposing wizard,
    # cleric, thief, or regent draws and discards a card, noting its last digit. If the digit
    # is a 0 or a 1, the opponent is defeated." The Knight (5) behind the Mage (4) on the
    # Watchtower's realm (+2) kicks: 6 to 6, and the Mage's player draws its top card: the
    # Militia (PR/30, digit 0) or the Giant (PR/31, 1) defeat the Mage (the realm is razed);
    # the Squire (PR/32, 2) does not, the round goes on at 6 to 6.
    boot, = real(BOOT)
    for top, defeated in (("Militia", True), ("Giant", True), ("Squire", False)):
        b = battle(make_engine(boot), side(realms=["Vale"], hand=["Knight", BOOT],
                                          draw=["Squire"]),
                   side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "Orb"],
                        draw=[top]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(0, "Boot to the Head")
        assert f"Practice {top}" in b.names(1, "discard"), top
        assert b.state.players[1].razed[0] is defeated, top
        if not defeated:
            assert b.totals() == [6, 6]
        check(b)


def test_boot_to_the_head_leaves_a_hero_alone():
    # Only "an opposing wizard, cleric, thief, or regent" draws: the Champion (hero 6) kicks the
    # Knight (a hero) on the Watchtower's realm (7): 7 to 7, and the Knight's draw pile is
    # untouched.
    boot, = real(BOOT)
    b = battle(make_engine(boot), side(realms=["Vale"], hand=["Champion", BOOT, "Squire"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Champion")
    b.present(1, "Knight")
    b.play(0, "Boot to the Head")
    assert b.names(1, "draw") == ["Practice Militia"]
    assert b.totals() == [7, 7]
    check(b)


def test_the_caves_of_mystery_swallow_a_strong_attacker():
    # Caves of Mystery (holding): "Attacking champions of base level 9 or higher draw and
    # discard a card, noting the last digit. If that number is 3 or less, they have
    # underestimated the danger and are discarded. This player draws spoils." The Archmage
    # (wizard 9) attacks the Caves' realm: its player draws the Militia (PR/30, digit 0): the
    # Archmage is discarded, the attack repelled, the defender draws spoils. With the Orb
    # (PR/45, digit 5) on top, the Archmage fights on (9 to 4).
    caves, = real(CAVES)
    for top, swallowed in (("Militia", True), ("Orb", False)):
        b = battle(make_engine(caves, ARCHMAGE),
                   side(realms=["Vale"], hand=["T/23"], draw=[top]),
                   side(realms=[("Vale", False, CAVES)], hand=["Mage", "Militia"],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Archmage")
        b.present(1, "Mage")
        assert f"Practice {top}" in b.names(0, "discard"), top
        if swallowed:
            assert "T Archmage" in b.names(0, "discard") and b.b.outcome == "repelled"
            assert b.find("spoils_drawn")[-1].player == 1
        else:
            assert b.b.champion[0] is not None and b.totals() == [9, 4]
        check(b)


def test_the_caves_of_mystery_let_a_weaker_attacker_pass():
    # The Knight (5, below 9) draws nothing.
    caves, = real(CAVES)
    b = battle(make_engine(caves), side(realms=["Vale"], hand=["Knight"], draw=["Militia"]),
               side(realms=[("Vale", False, CAVES)], hand=["Mage", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.names(0, "draw") == ["Practice Militia"] and b.totals() == [5, 4]
    check(b)


def test_persuasion_sends_away_as_many_allies_as_the_digit():
    # Persuasion (blood ability, Off): "Attached champion draws and discards a card, noting the
    # last digit of the card number. This is the number of opposing allies (chosen by the
    # opponent) which are persuaded not to fight. Allies are sent to the discard pile." The
    # Knight attacks the Baron (regent 5): Squire, 5 to 6; the Baron's Squire, 6 to 6; Militia,
    # 6 to 8. Persuasion: the Baron's player draws the Giant (PR/31, digit 1): one ally goes,
    # the opponent's choice, its weakest: the Squire (+1): 6 to 7.
    persuasion, = real(PERSUASION)
    b = battle(make_engine(persuasion, BARON),
               side(realms=["Vale"], hand=["T/17", "Squire", PERSUASION], draw=["Giant"]),
               side(realms=["Vale"], hand=["Knight", "Squire", "Militia"], draw=["Squire"]),
               attacker=1)
    b.attack("A")
    b.present(1, "Knight")
    b.present(0, "T Baron")
    b.play(1, "Squire")
    b.play(0, "Squire")
    b.play(1, "Militia")
    assert b.totals() == [6, 8]
    b.play(0, "Persuasion")
    assert b.totals() == [6, 7]
    assert "Practice Giant" in b.names(0, "discard")
    assert b.find("cards_destroyed")[-1].data["cards"] == ["PR/32"]
    check(b)


GUENHWYVAR = "4th/458"
LORD = card(30, "T Lord", CardType.HERO, level=7, world=World.GREYHAWK)


def test_guenhwyvar_goes_to_another_forgotten_realms_champion():
    # Guenhwyvar (artifact +5, Forgotten Realms): "If the attached champion is defeated,
    # Guenhwyvar may be attached to any other Forgotten Realms champion in the player's pool."
    # The Knight with it (10) loses to the Archmage (9) and the Militia (+2), 10 to 11: the
    # Knight is discarded, the panther goes to the Mage (Forgotten Realms, 4), not to the Lord
    # (Greyhawk, 7).
    guen, = real(GUENHWYVAR)
    b = battle(make_engine(guen, ARCHMAGE, LORD),
               side(realms=["Vale"], pool=[("Knight", [GUENHWYVAR]), "T/30", "Mage"]),
               side(realms=["Vale"], hand=["T/23", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Archmage")
    assert b.totals() == [10, 9]
    b.play(1, "Militia")  # 10 to 11: the Knight has nothing to play
    assert "Practice Knight" in b.names(0, "discard")
    assert b.attached_names(0, "Mage") == ["Guenhwyvar"]
    assert "Guenhwyvar" not in b.names(0, "discard")
    check(b)


def test_guenhwyvar_is_discarded_without_a_forgotten_realms_champion():
    # With only the Lord (Greyhawk) left in the pool, Guenhwyvar is discarded with the Knight.
    guen, = real(GUENHWYVAR)
    b = battle(make_engine(guen, ARCHMAGE, LORD),
               side(realms=["Vale"], pool=[("Knight", [GUENHWYVAR]), "T/30"]),
               side(realms=["Vale"], hand=["T/23", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Archmage")
    b.play(1, "Militia")
    assert "Guenhwyvar" in b.names(0, "discard")
    assert b.attached_names(0, "T Lord") == []
    check(b)
