"""The booster sets (issue 13, cboost): real cards whose printed powers now compile, played in
scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3 (+3 against undead), Griffon
flying monster 6, Shark swimming monster 5, Ghoul undead monster 4, Seer psionicist 4, Militia
ally +2, Giant ally +4, Squire ally +1, Blessing cleric spell +2 (Def), Punch unarmed combat
+2, Wyrm flying dragon monster 8, Watchtower holding (+2 to a defender); the Harbor is the
coastal practice realm.
"""

from __future__ import annotations

from typing import Any

from combatzoo.envs.spellfire.battle.facts import carries as item_fits
from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, k, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

DRAGON_TURTLE, GAUNTLETS_OF_SWIMMING, ISLE_OF_DREAD, KARTAKASS = "AR/71", "FR/51", "RR/12", "RL/5"
PRISMATIC_SPRAY, WORD_OF_RECALL, GLYPH_OF_WARDING = "AR/60", "RL/37", "RL/38"
MIRROR_IMAGE, TIYET, GAUNTLETS_OF_COMBAT, MIND_THRUST = "AR/58", "RL/91", "DR/74", "PO/77"
OCHIMO, KNIGHTS_OF_THE_ROSE, SUN_SWORD = "FR/95", "DL/106", "RL/59"
RING_OF_HUMAN_INFLUENCE, RING_OF_JUMPING, WALL_OF_IRON = "BR/30", "FR/54", "1st/336"
ERIXITL, FZOUL, LORD_GUNTHAR, SAMURAI = "FR/85", "FR/86", "DL/24", "FR/77"


def attackable(b: Any) -> list[str]:
    """The realm slots the attacker is offered."""
    return [x.removeprefix("Attack realm ") for x in b.legal_labels(b.state.attacker)
            if x.startswith("Attack realm")]


def presentable(b: Any, player: int) -> set[str]:
    """Names of the hand cards ``player`` is offered to present as its champion."""
    hand = b.names(player, "hand")
    return {hand[int(label.split()[-1])].removeprefix("Practice ")
            for label in b.legal_labels(player) if label.startswith("Champion from hand")}


# --- reach: a swimmer's restated, an item's swimming, realms only movers may attack -------------


def test_swimmers_reach_a_coastal_realm_behind_the_front():
    # Dragon Turtle (swimmer): "Swimmer; can attack any realm that shows coastline on the card."
    # Gauntlets of Swimming: "Attached champion becomes a swimmer and may attack any realm with
    # a coastline, regardless of its position." The defender's Vale (A) covers its Harbor (B,
    # coastal) and a second Vale (C): the Turtle and the Knight with the Gauntlets may attack
    # the Vale and the Harbor; the Knight alone only the Vale.
    turtle, gauntlets = real(DRAGON_TURTLE, GAUNTLETS_OF_SWIMMING)
    e = make_engine(turtle, gauntlets)
    for pool, slots in (([DRAGON_TURTLE], ["A", "B"]),
                        ([("Knight", [GAUNTLETS_OF_SWIMMING])], ["A", "B"]),
                        (["Knight"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool),
                   side(realms=["Vale", "Harbor", "Vale"], hand=["Mage"]))
        assert attackable(b) == slots, pool


def test_the_isle_of_dread_is_reached_only_by_flyers_and_swimmers():
    # Isle of Dread: "Can defend itself as a level 7 monster. Can only be attacked by flyers or
    # swimmers." Alone in the formation (exposed): the Griffon (flyer) and the Shark (swimmer)
    # may attack it, the Knight may not.
    isle, = real(ISLE_OF_DREAD)
    e = make_engine(isle)
    for champion, slots in (("Griffon", ["A"]), ("Shark", ["A"]), ("Knight", [])):
        b = battle(e, side(realms=["Vale"], pool=[champion]),
                   side(realms=[ISLE_OF_DREAD], hand=["Squire"]))
        assert attackable(b) == slots, champion


def test_kartakass_cannot_be_attacked_by_werebeasts():
    # Kartakass: "Werebeast champions and allies cannot attack this realm." A werebeast monster
    # may not attack it; the Knight may.
    kartakass, = real(KARTAKASS)
    wolf = card(1, "T Werewolf", CardType.MONSTER, level=6, attributes=(45,))
    e = make_engine(kartakass, wolf)
    for champion, slots in (("T/1", []), ("Knight", ["A"])):
        b = battle(e, side(realms=["Vale"], pool=[champion]),
                   side(realms=[KARTAKASS], hand=["Mage"]))
        assert attackable(b) == slots, champion


# --- opposing allies discarded, opposing allies lose levels ------------------------------------


def test_prismatic_spray_discards_opposing_allies_of_level_4_or_less():
    # Prismatic Spray (wizard spell +7, Off/4): "Opposing allies of level 4 or less are
    # immediately discarded." The Knight (5) against the Mage (4): the Mage plays the Militia
    # (5 vs 6), the Knight the Giant (9 vs 6); the Spray discards the Giant (4 is 4 or less),
    # not the Mage's own Militia, and adds its 7: 5 vs 13.
    spray, = real(PRISMATIC_SPRAY)
    b = battle(make_engine(spray), side(realms=["Vale"], hand=["Knight", "Giant"]),
               side(realms=["Vale"], hand=["Mage", "Militia", PRISMATIC_SPRAY],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Militia")
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    b.play(1, "Prismatic Spray")
    assert b.totals() == [5, 13]  # the Militia still counts: 4 + 2 + 7
    assert b.b.outcome == "repelled" and b.b.winner == 1  # the Knight has nothing left
    check(b)


def test_word_of_recall_discards_one_opposing_ally():
    # Word of Recall (cleric spell, Off/4): "Pick one opposing ally card and discard it." The
    # Priest (3) plays the Giant (5 vs 7); the Knight (5) the Militia (7 vs 7, a tie: the
    # defender's) and the Squire (8 vs 7); the Priest picks one ally [decided: the strongest,
    # the Militia]: 6 vs 7. The Squire stays.
    word, = real(WORD_OF_RECALL)
    b = battle(make_engine(word), side(realms=["Vale"], hand=["Knight", "Militia", "Squire"]),
               side(realms=["Vale"], hand=["Priest", "Giant", WORD_OF_RECALL],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    b.play(1, "Giant")
    b.play(0, "Militia")
    b.play(0, "Squire")
    assert b.totals() == [8, 7]
    b.play(1, "Word of Recall")
    assert b.totals() == [6, 7]
    assert b.b.outcome == "repelled" and b.b.winner == 1  # the Knight has nothing left
    check(b)


def test_glyph_of_warding_takes_a_level_from_each_opposing_ally():
    # Glyph of Warding (cleric spell, Off/4): "All opposing allies lose 1 level." The Priest
    # (3) plays the Giant (5 vs 7); the Knight (5) the Militia (7 vs 7) and the Squire (8 vs
    # 7); the Glyph takes 1 from each of his two allies: 6 vs 7 (the Giant, the Priest's own,
    # keeps its 4).
    glyph, = real(GLYPH_OF_WARDING)
    b = battle(make_engine(glyph), side(realms=["Vale"], hand=["Knight", "Militia", "Squire"]),
               side(realms=["Vale"], hand=["Priest", "Giant", GLYPH_OF_WARDING],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    b.play(1, "Giant")
    b.play(0, "Militia")
    b.play(0, "Squire")
    assert b.totals() == [8, 7]
    b.play(1, "Glyph of Warding")
    assert b.totals() == [6, 7]
    check(b)


# --- the caster's level doubled; who may use what ----------------------------------------------


def test_mirror_image_doubles_the_casters_level():
    # Mirror Image (wizard spell, Def/4): "This spell doubles the caster's level." The Mage (4)
    # against the Knight (5): 8 vs 5 once cast.
    mirror, = real(MIRROR_IMAGE)
    b = battle(make_engine(mirror), side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", MIRROR_IMAGE], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    b.play(1, "Mirror Image")
    assert b.totals() == [5, 8]
    check(b)


def test_tiyet_casts_cleric_spells():
    # Tiyet (undead monster 5): "Undead. Casts cleric spells." Defending (and losing) against
    # the Wyrm (8) she is offered the Blessing (cleric spell, Def); the Griffon (a monster
    # without the power) is not.
    tiyet, = real(TIYET)
    e = make_engine(tiyet)
    for champion, offered in ((TIYET, {"Blessing"}), ("Griffon", set())):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm"]),
                   side(realms=["Vale"], hand=[champion, "Blessing"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, "Tiyet" if champion == TIYET else champion)
        assert plays(b, 1) == offered, champion


def test_the_gauntlets_of_combat_let_a_wizard_use_unarmed_combat():
    # Gauntlets of Combat (+4, Def): "The attached champion can use any type of unarmed combat
    # card." The Mage carrying them attacks the Wyrm (8): 4 + 4 = 8, a tie, the defender's; the
    # Mage is offered the Punch (unarmed combat, heroes' by type); without them (4 vs 8) not.
    gauntlets, = real(GAUNTLETS_OF_COMBAT)
    e = make_engine(gauntlets)
    for pool, offered in (([("Mage", [GAUNTLETS_OF_COMBAT])], {"Punch"}), (["Mage"], set())):
        b = battle(e, side(realms=["Vale"], pool=pool, hand=["Punch"]),
                   side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage", zone="pool")
        b.present(1, "Wyrm")
        assert plays(b, 0) == offered, pool


def test_mind_thrust_is_for_psionicists():
    # Mind Thrust (psionic power +4): "Psionic power. Usable by psionicist champions." The Seer
    # (psionicist 4) is offered it, the Knight is not; played, it adds its 4: 8 vs 5.
    thrust, = real(MIND_THRUST)
    e = make_engine(thrust)
    b = battle(e, side(realms=["Vale"], hand=["Knight", MIND_THRUST]),
               side(realms=["Vale"], hand=["Seer"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Seer")
    assert plays(b, 0) == set()
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Seer", MIND_THRUST], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Seer")
    assert plays(b, 1) == {"Mind Thrust"}
    b.play(1, "Mind Thrust")
    assert b.totals() == [5, 8]
    check(b)


# --- defeated twice; levels against a kind; a weapon's bonus in one case -----------------------


def test_ochimo_must_be_defeated_twice_before_he_is_discarded():
    # Ochimo (hero 4): "He must be defeated twice in a row before being discarded." The Knight
    # (5) beats him once: he goes back to his pool and the realm stands; the Griffon (6) beats
    # him again in the same battle: he is discarded and the realm razed.
    ochimo, = real(OCHIMO)
    b = battle(make_engine(ochimo), side(realms=["Vale"], hand=["Knight", "Griffon"]),
               side(realms=["Vale"], hand=[OCHIMO], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Ochimo")  # 5 vs 4: nothing to play, the defender loses the round
    assert b.find("champion_defeated_once") and b.pool_names(1) == ["Ochimo"]
    assert not b.state.players[1].razed[0]
    b.present(0, "Griffon")
    b.present(1, "Ochimo", zone="pool")  # 6 vs 4
    assert "Ochimo" in b.names(1, "discard")
    assert b.b.outcome == "razed" and b.state.players[1].razed[0]
    check(b)


def test_the_knights_of_the_rose_are_level_10_against_a_monster():
    # Knights of the Rose (hero 6): "Becomes a level 10 hero when fighting a monster." Against
    # the Griffon (monster 6): 10 vs 6; against the Mage (wizard 4): 6 vs 4.
    knights, = real(KNIGHTS_OF_THE_ROSE)
    e = make_engine(knights)
    for defender, totals in (("Griffon", [10, 6]), ("Mage", [6, 4])):
        b = battle(e, side(realms=["Vale"], hand=[KNIGHTS_OF_THE_ROSE]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knights of the Rose")
        b.present(1, defender)
        assert b.totals() == totals, defender


def test_the_sun_sword_is_plus_5_against_the_undead():
    # Sun Sword (+2, Off): "The sword becomes +5 if the opposing champion is undead." The
    # Knight carrying it: 5 + 5 = 10 against the Ghoul (undead 4); 5 + 2 = 7 against the Mage.
    sword, = real(SUN_SWORD)
    e = make_engine(sword)
    for defender, totals in (("Ghoul", [10, 4]), ("Mage", [7, 4])):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", [SUN_SWORD])]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, defender)
        assert b.totals() == totals, defender


# --- defenders barred; walls -------------------------------------------------------------------


def test_heroes_cannot_defend_against_the_ring_of_human_influence():
    # Ring of Human Influence (Off): "Heroes cannot defend against the attached champion." The
    # Griffon carrying it attacks: the defender may present the Mage but not the Knight.
    ring, = real(RING_OF_HUMAN_INFLUENCE)
    e = make_engine(ring)
    for pool, offered in (([("Griffon", [RING_OF_HUMAN_INFLUENCE])], {"Mage"}),
                          (["Griffon"], {"Mage", "Knight"})):
        b = battle(e, side(realms=["Vale"], pool=pool),
                   side(realms=["Vale"], hand=["Knight", "Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon", zone="pool")
        assert presentable(b, 1) == offered, pool


def test_the_ring_of_jumping_is_not_stopped_by_walls():
    # Ring of Jumping (+2): "The attached champion is not stopped by walls." Wall of Iron (+3):
    # "Only flyers can attack across the wall. Use on defense only." The Knight with the Ring
    # (5 + 2 = 7) against the Mage (4) + Watchtower (2): the Wall neither stops him nor adds
    # its 3: 7 vs 6, the realm is razed. Without the Ring (and with the Militia: 7 vs 6) the
    # Wall ends the battle with no victor.
    ring, wall = real(RING_OF_JUMPING, WALL_OF_IRON)
    e = make_engine(ring, wall)
    for jumping in (True, False):
        knight: Any = ("Knight", [RING_OF_JUMPING]) if jumping else "Knight"
        b = battle(e, side(realms=["Vale"], pool=[knight], hand=["Militia"]),
                   side(realms=[("Vale", False, "Watchtower")], hand=["Mage", WALL_OF_IRON],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Mage")
        if not jumping:
            b.play(0, "Militia")
        assert b.totals() == [7, 6]
        b.play(1, "Wall of Iron")
        if jumping:
            assert not b.find("battle_ended_by_card")
            assert b.b.outcome == "razed" and b.b.winner == 0
        else:
            assert b.find("battle_ended_by_card") and b.b.outcome == "ended"
        check(b)


# --- gains when defending a realm, when a card is in play --------------------------------------


def test_erixitl_gains_4_defending_maztica():
    # Erixitl (cleric 6): "This champion gains +4 levels if defending Maztica." Defending a
    # realm named Maztica against the Griffon (6): 10 vs 6; defending the Vale: 6 vs 6.
    erixitl, = real(ERIXITL)
    maztica = card(1, "Maztica", CardType.REALM)
    e = make_engine(erixitl, maztica)
    for realm, totals in (("T/1", [6, 10]), ("Vale", [6, 6])):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=[ERIXITL], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Erixitl")
        assert b.totals() == totals, realm
    # Attacking Maztica she gains nothing: 6 vs the Griffon's 6.
    b = battle(e, side(realms=["Vale"], hand=[ERIXITL]),
               side(realms=["T/1"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Erixitl")
    b.present(1, "Griffon")
    assert b.totals() == [6, 6]


def test_fzoul_gains_4_while_cyric_is_in_play():
    # Fzoul Chembryl (cleric 6): "Fzoul gains +4 levels if Cyric is in play." With a Cyric in
    # the defender's pool: 10 vs the Griffon's 6; without: 6 vs 6.
    fzoul, = real(FZOUL)
    cyric = card(1, "Cyric", CardType.WIZARD, level=9)
    e = make_engine(fzoul, cyric)
    for pool, totals in ((["T/1"], [10, 6]), ([], [6, 6])):
        b = battle(e, side(realms=["Vale"], hand=[FZOUL]),
                   side(realms=["Vale"], hand=["Griffon"], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Fzoul Chembryl")
        b.present(1, "Griffon")
        assert b.totals() == totals, pool


def test_lord_gunthar_gains_2_when_defending():
    # Lord Gunthar, Solamnic Knight (hero 5): "If used to defend a realm, Lord Gunthar gains 2
    # levels." Defending against the Griffon (6): 7 vs 6; attacking the Griffon: 5 vs 6.
    gunthar, = real(LORD_GUNTHAR)
    e = make_engine(gunthar)
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=["Vale"], hand=[LORD_GUNTHAR], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Lord Gunthar, Solamnic Knight")
    assert b.totals() == [6, 7]
    b = battle(e, side(realms=["Vale"], hand=[LORD_GUNTHAR]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Lord Gunthar, Solamnic Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]


def test_the_samurai_gain_4_defending_shou_lung():
    # Samurai (ally +5): "Gains +4 if defending Shou Lung or Kozakura." The Mage (4) defends
    # against the Griffon (6) and plays the Samurai: at a realm named Shou Lung 4 + 5 + 4 = 13;
    # at the Vale 4 + 5 = 9.
    samurai, = real(SAMURAI)
    shou_lung = card(1, "Shou Lung", CardType.REALM)
    e = make_engine(samurai, shou_lung)
    for realm, total in (("T/1", 13), ("Vale", 9)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=["Mage", SAMURAI], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Mage")
        b.play(1, "Samurai")
        assert b.totals() == [6, total], realm


# --- doubled levels: a spell's caster, a realm's defenders --------------------------------------

HASTE_SPELL, TUARHIEVEL = "DL/123", "BR/7"


def test_the_haste_spell_doubles_the_printed_level():
    # Haste Spell (wizard spell, Def/4): "For one round, the champion's original level (printed
    # on the card) is doubled." The Mage (4) against the Knight (5): 8 vs 5 once cast.
    haste, = real(HASTE_SPELL)
    b = battle(make_engine(haste), side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", HASTE_SPELL], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Haste Spell")
    assert b.totals() == [5, 8]
    check(b)


def test_tuarhievel_doubles_its_defending_elves():
    # Tuarhievel: "Double the base level of any defending elves (champions and allies)." An
    # elf hero (4) defends it against the Griffon (6): 8 vs 6. The Knight (5, no elf) defends
    # it and plays elf scouts (+2): 5 + 4 = 9; at the Vale the scouts count 2: 7.
    tuarhievel, = real(TUARHIEVEL)
    elf = card(1, "T Elf Lord", CardType.HERO, level=4, attributes=(14,))
    scouts = card(2, "T Elf Scouts", CardType.ALLY, bonus=2, attributes=(14,))
    e = make_engine(tuarhievel, elf, scouts)
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=[TUARHIEVEL], hand=["T/1"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "T Elf Lord")
    assert b.totals() == [6, 8]
    for realm, total in ((TUARHIEVEL, 9), ("Vale", 7)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=["Knight", "T/2"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Knight")
        b.play(1, "T Elf Scouts")
        assert b.totals() == [6, total], realm


# --- one opposing ally or item; an ally with a dwarf; defenders barred; allies barred ----------

BRINE_DRAGON, DEATHSTREAM, GULLY_DWARVES, GARION, BANISHMENT = (
    "DL/45", "AR/72", "DL/41", "UD/121", "PO/96")


def test_the_brine_dragon_swallows_one_opposing_ally():
    # Brine Dragon (ally +6): "One enemy ally (this player's choice) is swallowed by the brine
    # dragon, instantly defeated." The Mage (4) plays the Militia (5 vs 6), the Knight (5) the
    # Giant (9 vs 6); the Dragon swallows the Giant and adds its 6: 5 vs 12.
    brine, = real(BRINE_DRAGON)
    b = battle(make_engine(brine), side(realms=["Vale"], hand=["Knight", "Giant"]),
               side(realms=["Vale"], hand=["Mage", "Militia", BRINE_DRAGON], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Militia")
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    b.play(1, "Brine Dragon")
    assert b.totals() == [5, 12]
    check(b)


def test_deathstream_discards_one_opposing_magical_item():
    # Deathstream, Black Dragon (monster 7): "One opponent's magical item is discarded." The
    # Knight defends carrying the Sword (+2): 5 + 2 = 7 would tie the dragon's 7; the Sword is
    # discarded: 7 vs 5.
    deathstream, = real(DEATHSTREAM)
    b = battle(make_engine(deathstream), side(realms=["Vale"], hand=[DEATHSTREAM]),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Deathstream, Black Dragon")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [7, 5]
    assert "Practice Sword" in b.names(1, "discard")
    check(b)


def test_gully_dwarves_are_plus_5_with_a_dwarf_champion():
    # Gully Dwarves (ally +2): "Become +5 if allied with any dwarf champion." Defending against
    # the Griffon (6): a dwarf hero (4) with them 4 + 5 = 9; the Knight (5) with them 5 + 2 = 7.
    gully, = real(GULLY_DWARVES)
    dwarf = card(1, "T Dwarf Lord", CardType.HERO, level=4, attributes=(12,))
    e = make_engine(gully, dwarf)
    for champion, name, total in (("T/1", "T Dwarf Lord", 9), ("Knight", "Knight", 7)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=["Vale"], hand=[champion, GULLY_DWARVES], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, name)
        b.play(1, "Gully Dwarves")
        assert b.totals() == [6, total], name


def test_only_psionicists_clerics_and_heroes_defend_against_garions_sword_and_helm():
    # The Sword and Helm of Garion (+5, Off): "If the attached champion is attacking, only
    # psionicists, clerics, and heroes can defend against it." The Griffon carrying it attacks:
    # the defender may present the Knight, the Priest and the Seer, not the Mage nor the Rogue.
    garion, = real(GARION)
    b = battle(make_engine(garion), side(realms=["Vale"], pool=[("Griffon", [GARION])]),
               side(realms=["Vale"], hand=["Knight", "Priest", "Seer", "Mage", "Rogue"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    assert presentable(b, 1) == {"Knight", "Priest", "Seer"}


def test_banishment_bars_allies_against_its_psionicist():
    # Banishment (psionic power +2, Off/3/4): "No allies can be played against a psionicist
    # champion using this power." The Seer (4) defends against the Knight (5) and uses it: 5 vs
    # 6; the Knight is offered the Punch but not the Militia.
    banishment, = real(BANISHMENT)
    b = battle(make_engine(banishment), side(realms=["Vale"], hand=["Knight", "Militia", "Punch"]),
               side(realms=["Vale"], hand=["Seer", BANISHMENT], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Seer")
    assert plays(b, 0) == set() and plays(b, 1) == {"Banishment"}
    b.play(1, "Banishment")
    assert b.totals() == [5, 6]
    assert plays(b, 0) == {"Punch"}
    check(b)


# --- usable_only_by: items only some champions may carry ---------------------------------------

STAFF_OF_MAGIUS, ROD_OF_LORDLY_MIGHT, SIRRIONS_BROOCH = "DL/52", "BR/32", "PO/112"


def test_the_staff_of_magius_is_carried_by_wizards_only():
    # Staff of Magius (Dragonlance artifact +5): "Usable only by wizards." In a round a
    # Dragonlance wizard (5) is offered it from the hand, a Dragonlance hero (5) is not; carried
    # into the round, it adds 5 to the wizard: 10 vs the Griffon's 6.
    staff, = real(STAFF_OF_MAGIUS)
    wizard = card(1, "T Conjurer", CardType.WIZARD, level=5, world=World.DRAGONLANCE)
    hero = card(2, "T Swordsman", CardType.HERO, level=5, world=World.DRAGONLANCE)
    e = make_engine(staff, wizard, hero)
    for champion, name, offered in (("T/1", "T Conjurer", {"Staff of Magius"}),
                                    ("T/2", "T Swordsman", set())):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm"]),
                   side(realms=["Vale"], hand=[champion, STAFF_OF_MAGIUS], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, name)
        assert plays(b, 1) == offered, name
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=["Vale"], pool=[("T/1", [STAFF_OF_MAGIUS])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "T Conjurer", zone="pool")
    assert b.totals() == [6, 10]
    # Out of a battle the same rule: the staff fits the wizard, not the hero.
    assert item_fits(e.facts(STAFF_OF_MAGIUS), e.facts("T/1"), [])
    assert not item_fits(e.facts(STAFF_OF_MAGIUS), e.facts("T/2"), [])


def test_the_rod_of_lordly_might_fits_heroes_only():
    # Rod of Lordly Might (magical item): "Can only be attached to heroes." It fits the Knight,
    # not the Mage (the pool's attach, the spoils and the deal read the same rule); the Sword
    # (no such power) fits both.
    rod, = real(ROD_OF_LORDLY_MIGHT)
    e = make_engine(rod)
    knight, mage, sword = (e.facts(k(n)) for n in ("Knight", "Mage", "Sword"))
    assert item_fits(e.facts(ROD_OF_LORDLY_MIGHT), knight, [])
    assert not item_fits(e.facts(ROD_OF_LORDLY_MIGHT), mage, [])
    assert item_fits(sword, mage, []) and item_fits(sword, knight, [])


def test_the_rod_of_lordly_might_flies_its_hero_over_the_front():
    # Rod of Lordly Might (+4, Off): "Can only be attached to heroes. This champion and
    # attached allies are considered flyers." The Knight carrying it may attack the Vale behind
    # the front (B); without it only the front (A).
    rod, = real(ROD_OF_LORDLY_MIGHT)
    e = make_engine(rod)
    for pool, slots in (([("Knight", [ROD_OF_LORDLY_MIGHT])], ["A", "B"]), (["Knight"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool),
                   side(realms=["Vale", "Vale"], hand=["Mage"]))
        assert attackable(b) == slots, pool


def test_sirrions_brooch_shields_its_cleric_from_offensive_spells():
    # Sirrion's Brooch (+1, Def): "Usable only by clerics. Grants immunity from all offensive
    # spells, offensive magical items, and artifacts." The Priest (3) carrying it defends the
    # Vale with the Watchtower (+2): 3 + 1 + 2 = 6 against the Mage (4); the Mage casts the
    # Bolt (+3, Off), which has no effect on the Priest: 4 vs 6. Without the Brooch: 5, and the
    # Bolt counts: 7 vs 5.
    brooch, = real(SIRRIONS_BROOCH)
    e = make_engine(brooch)
    for pool, before, after in (([("Priest", [SIRRIONS_BROOCH])], [4, 6], [4, 6]),
                                (["Priest"], [4, 5], [7, 5])):
        b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt"]),
                   side(realms=[("Vale", False, "Watchtower")], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Priest", zone="pool")
        assert b.totals() == before, pool
        b.play(0, "Bolt")
        assert b.totals() == after, pool


# --- any time, cancelling a psionic power, holdings ignored, spells and items ignored, picks ----

HORNUNGS_GUESS, SYNAPTIC_STATIC, ANKHTEPOT, ANTIMAGIC_BARRIER, ARIJANI = (
    "UD/37", "DR/71", "RL/84", "DL/68", "RL/89")


def test_hornungs_guess_may_be_cast_in_the_winners_window():
    # Hornung's Guess (wizard spell, Off): "The might of Hornung is such that this spell can be
    # cast at any time." The Mage (4) with the Watchtower (+2) leads the Knight (5) 6 to 5; the
    # Knight's Squire ties it (6 vs 6, the defender's): in the winner's window the Mage is
    # offered the Guess, not the Bolt (seed 000 step F).
    guess, = real(HORNUNGS_GUESS)
    b = battle(make_engine(guess), side(realms=["Vale"], hand=["Knight", "Squire"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", HORNUNGS_GUESS, "Bolt"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Squire")
    assert b.totals() == [6, 6] and b.b.window and b.to_act() == [1]
    assert plays(b, 1) == {"Hornung's Guess"}


def test_synaptic_static_cancels_a_psionic_power():
    # Synaptic Static (psionic power): "Use this power at any time to cancel an offensive
    # psionic power card when it is first played." Seer (4) against Seer (4): the attacker's
    # Mind Blast (+3, Off) makes it 7 vs 4; the Static cancels it: 4 vs 4.
    static, = real(SYNAPTIC_STATIC)
    b = battle(make_engine(static), side(realms=["Vale"], hand=["Seer", "Mind Blast"]),
               side(realms=["Vale"], hand=["Seer", SYNAPTIC_STATIC], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Seer")
    b.play(0, "Mind Blast")
    assert b.totals() == [7, 4]
    b.play(1, "Synaptic Static")
    assert b.totals() == [4, 4]
    check(b)


def test_ankhtepot_ignores_opposing_holdings():
    # Ankhtepot (undead monster 7): "Ignores the effects of opposing holdings." The Knight (5)
    # defends the Vale with the Watchtower (+2 to a defender): 5, not 7, against Ankhtepot's 7;
    # against the Griffon (6) the Watchtower counts: 6 vs 7.
    ankhtepot, = real(ANKHTEPOT)
    e = make_engine(ankhtepot)
    for attacker, name, totals in ((ANKHTEPOT, "Ankhtepot", [7, 5]),
                                   ("Griffon", "Griffon", [6, 7])):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=[("Vale", False, "Watchtower")], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Knight")
        assert b.totals() == totals, name


def test_the_antimagic_barrier_ignores_the_opponents_magical_items():
    # Antimagic Barrier (wizard spell, Def/4): "Champion can ignore all spells and magical items
    # used by an opponent for one round of battle." The Knight carrying the Sword (+2): 7
    # against the Mage (4) with the Watchtower (+2): 6; the Mage casts the Barrier: the Sword
    # has no effect, 5 vs 6.
    barrier, = real(ANTIMAGIC_BARRIER)
    b = battle(make_engine(barrier), side(realms=["Vale"], pool=[("Knight", ["Sword"])]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", ANTIMAGIC_BARRIER],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [7, 6]
    b.play(1, "Antimagic Barrier")
    assert b.totals() == [5, 6]
    check(b)


def test_arijani_picks_the_champion_he_faces():
    # Arijani (monster 6): "When attacking, picks which champion from his opponent's pool will
    # face him." [decided, as Stryck] the weakest of the pool: the Knight (5), not the Griffon
    # (6); 6 vs 5.
    arijani, = real(ARIJANI)
    b = battle(make_engine(arijani), side(realms=["Vale"], hand=[ARIJANI]),
               side(realms=["Vale"], hand=["Wyrm"], pool=["Griffon", "Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Arijani")
    assert b.find("opponent_picked")
    assert b.find("totals")[-1].data["totals"] == [6, 5]
    check(b)


# --- realms defending themselves and their defenders' immunities; spells of monsters ------------

LAKE_ISLAND, ISLE_OF_THE_APE = "AR/97", "RR/1"
KNIGHTS_OF_THE_CROWN, SHIELD_OF_HUMA = "DL/104", "DL/107"
LIMITED_WISH, DREGOTH, ADON, THE_INVERTER, GITH = "FR/43", "AR/74", "FR/84", "PO/104", "PO/52"


def test_lake_island_is_reached_by_flyers_and_defends_as_a_level_5_monster():
    # Lake Island: "Can be attacked only by flyers or earthwalkers. Lake Island defends itself
    # as a level 5 monster." The Knight may not attack it, the Griffon may; undefended, it
    # fights the Griffon (6) at 5.
    island, = real(LAKE_ISLAND)
    e = make_engine(island)
    b = battle(e, side(realms=["Vale"], pool=["Knight"]), side(realms=[LAKE_ISLAND]))
    assert attackable(b) == []
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=[LAKE_ISLAND], hand=["Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [6, 5]


def test_the_defenders_of_the_isle_of_the_ape_shrug_off_offensive_spells():
    # Isle of the Ape: "Can defend itself as a level 9 monster. [...] Defenders are immune to
    # offensive spells and offensive psionic power cards." Undefended, it fights the Mage (4)
    # at 9; the Mage's Bolt (+3, Off) has no effect: 4 vs 9. At the Vale the Griffon (6)
    # defends and the Bolt counts: 7 vs 6.
    isle, = real(ISLE_OF_THE_APE)
    e = make_engine(isle)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt"]),
               side(realms=[ISLE_OF_THE_APE], hand=["Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [4, 9]
    b.play(0, "Bolt")
    assert b.totals() == [4, 9]
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Griffon")
    b.play(0, "Bolt")
    assert b.totals() == [7, 6]


def test_the_knights_of_the_crown_ignore_the_spells_of_monsters():
    # Knights of the Crown (hero 3): "Becomes a level 8 hero when fighting a monster; immune to
    # offensive spells cast by monsters." Against a spell-casting monster (6): 8 vs 6; its
    # Bolt (+3, Off) has no effect.
    knights, = real(KNIGHTS_OF_THE_CROWN)
    naga = card(1, "T Naga", CardType.MONSTER, level=6, uses=("d19", "o19"))
    e = make_engine(knights, naga)
    b = battle(e, side(realms=["Vale"], hand=["T/1", "Bolt"]),
               side(realms=["Vale"], hand=[KNIGHTS_OF_THE_CROWN], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Naga")
    b.present(1, "Knights of the Crown")
    assert b.totals() == [6, 8]
    b.play(0, "Bolt")
    assert b.totals() == [6, 8]


def test_the_shield_of_huma_is_plus_5_against_a_monster():
    # Shield of Huma (+3, Def): "Plus 2 additional levels when fighting a monster." The Knight
    # carrying it: 5 + 5 = 10 against the Griffon (monster), 5 + 3 = 8 against the Mage.
    shield, = real(SHIELD_OF_HUMA)
    e = make_engine(shield)
    for defender, totals in (("Griffon", [10, 6]), ("Mage", [8, 4])):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", [SHIELD_OF_HUMA])]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, defender)
        assert b.totals() == totals, defender


def test_limited_wish_cancels_an_event():
    # Limited Wish (wizard spell +1, Off): "Cancel the effects of one event card. This spell
    # can be cast any time." The Mage (4) leads the Priest (3); the Priest's Rally (+2) makes
    # it 4 vs 5; the Wish undoes the Rally and adds 1: 5 vs 3.
    wish, = real(LIMITED_WISH)
    b = battle(make_engine(wish), side(realms=["Vale"], hand=["Mage", LIMITED_WISH]),
               side(realms=["Vale"], hand=["Priest", "Rally"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Rally")
    assert b.totals() == [4, 5]
    b.play(0, "Limited Wish")
    assert b.totals() == [5, 3]
    assert b.find("event_cancelled")
    check(b)


def test_dregoth_drops_to_level_6_when_attacking():
    # Dregoth, Undead Dragon-King (monster 10): "If Dregoth attacks, his level drops to 6."
    # Attacking the Griffon (6): 6 vs 6; defending against it: 10 vs 6.
    dregoth, = real(DREGOTH)
    e = make_engine(dregoth)
    b = battle(e, side(realms=["Vale"], hand=[DREGOTH]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Dregoth, Undead Dragon-King")
    b.present(1, "Griffon")
    assert b.totals() == [6, 6]
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=["Vale"], hand=[DREGOTH], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Dregoth, Undead Dragon-King")
    assert b.totals() == [6, 10]


def test_adon_is_untouched_by_spells_and_gains_5_with_midnight():
    # Adon (cleric 5): "No spells, magic items or artifacts can be used against this champion.
    # If Midnight is in play, Adon gains +5 levels." The Knight with the Sword (+2): 7 vs 5,
    # the Sword has no effect: 5 vs 5; with Midnight in Adon's pool: 5 vs 10.
    adon, = real(ADON)
    midnight = card(1, "Midnight", CardType.WIZARD, level=9)
    e = make_engine(adon, midnight)
    for pool, totals in (([], [5, 5]), (["T/1"], [5, 10])):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])]),
                   side(realms=["Vale"], hand=[ADON], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Adon")
        assert b.totals() == totals, pool


def test_the_inverter_lets_its_wizard_use_psionic_powers():
    # The Inverter (AD&D artifact): "Usable by any wizard. This artifact enables wizards to use
    # psionic power cards." The Mage carrying it, losing to the Wyrm (8), is offered the Mind
    # Blast; without it not. The Knight may not carry it.
    inverter, = real(THE_INVERTER)
    e = make_engine(inverter)
    for pool, offered in (([("Mage", [THE_INVERTER])], {"Mind Blast"}), (["Mage"], set())):
        b = battle(e, side(realms=["Vale"], pool=pool, hand=["Mind Blast"]),
                   side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage", zone="pool")
        b.present(1, "Wyrm")
        assert plays(b, 0) == offered, pool
    assert not item_fits(e.facts(THE_INVERTER), e.facts(k("Knight")), [])


def test_gith_uses_psionic_powers():
    # Gith (monster 6): "Earth-walker. Psionicist; may use psionic power cards." Losing to the
    # Wyrm (8) it is offered the Mind Blast (+3, Off): 9 vs 8 once played.
    gith, = real(GITH)
    b = battle(make_engine(gith), side(realms=["Vale"], hand=[GITH, "Mind Blast"]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Gith")
    b.present(1, "Wyrm")
    assert plays(b, 0) == {"Mind Blast"}
    b.play(0, "Mind Blast")
    assert b.totals() == [9, 8]


# --- realms_attack_anywhere; allies barred by a champion ---------------------------------------

UNDERATHAS, OOGLY = "UD/1", "UD/119"


def test_an_underdark_realm_opens_the_opponents_realms_of_its_world():
    # UnderAthas (realm): "This realm extends under opponent's Dark Sun realms, allowing them to
    # be attacked by this player's champions and allies, regardless of position or
    # restrictions." The defender's Vale (A) covers a Dark Sun realm that heroes may not attack
    # (B) and a second Vale (C). With UnderAthas standing in his formation the Knight may
    # attack A and B; with it razed, or without it, only A.
    underathas, = real(UNDERATHAS)
    tyr = card(1, "T Tyr", CardType.REALM, world=World.DARK_SUN, effects=(
        Effect(EffectKind.NOT_ATTACKABLE_BY, card_types=(int(CardType.HERO),)),))
    e = make_engine(underathas, tyr)
    for realms, slots in (([UNDERATHAS], ["A", "B"]), ([(UNDERATHAS, True), "Vale"], ["A"]),
                          (["Vale"], ["A"])):
        b = battle(e, side(realms=realms, pool=["Knight"]),
                   side(realms=["Vale", "T/1", "Vale"], hand=["Mage"]))
        assert attackable(b) == slots, realms


def test_oogly_bars_opposing_allies_of_plus_5_or_less():
    # Oogly the Half-Orc (hero 6): "Oogly is so ferocious he scares away all opposing allies of
    # less than +6 (+5 and lower allies cannot be played against him)." The Knight (5),
    # losing to Oogly (6), may play the Punch but not the Militia (+2) nor the Giant (+4).
    oogly, = real(OOGLY)
    b = battle(make_engine(oogly),
               side(realms=["Vale"], hand=["Knight", "Militia", "Giant", "Punch"]),
               side(realms=["Vale"], hand=[OOGLY], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Oogly the Half-Orc")
    assert plays(b, 0) == {"Punch"}


# --- immune_harmful_events ----------------------------------------------------------------------

GORGON, MARBLE_ORB = "BR/64", "UD/120"


def test_the_gorgon_is_immune_to_harmful_events_only():
    # The Gorgon (monster 10): "Immune to harmful events." The Knight (5) attacks it and plays
    # a harmful event (the opposing champion loses 3): no effect, 5 vs 10; then a helpful one
    # (+2 to its player): it acts, 7 vs 10. Against an ogre (10, no such power) the harmful
    # event takes its 3: 5 vs 7.
    gorgon, = real(GORGON)
    curse = card(1, "T Curse", CardType.EVENT, world=World.NO_WORLD, attributes=(22,),
                 effects=(Effect(EffectKind.OPPONENT_LOSES, amount=3),))
    boon = card(2, "T Boon", CardType.EVENT, world=World.NO_WORLD, attributes=(23,),
                effects=(Effect(EffectKind.GAIN_LEVELS, amount=2),))
    ogre = card(3, "T Ogre", CardType.MONSTER, level=10)
    e = make_engine(gorgon, curse, boon, ogre)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/1", "T/2"]),
               side(realms=["Vale"], hand=[GORGON], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "The Gorgon")
    b.play(0, "T Curse")
    assert b.totals() == [5, 10]
    b.play(0, "T Boon")
    assert b.totals() == [7, 10]
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/1"]),
               side(realms=["Vale"], hand=["T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "T Ogre")
    b.play(0, "T Curse")
    assert b.totals() == [5, 7]


def test_the_marble_orb_shields_a_monster_from_harmful_events():
    # The Marble Orb (+3, Def): "If used by a monster, the attached champion is immune to
    # harmful events." The Griffon (monster 6) carrying it: 9; the Knight's harmful event (the
    # opposing champion loses 3) has no effect: 5 vs 9. The Mage (4) carrying it is no monster:
    # 7, and the event takes its 3: 5 vs 4.
    orb, = real(MARBLE_ORB)
    curse = card(1, "T Curse", CardType.EVENT, world=World.NO_WORLD, attributes=(22,),
                 effects=(Effect(EffectKind.OPPONENT_LOSES, amount=3),))
    e = make_engine(orb, curse)
    for defender, before, after in (("Griffon", 9, 9), ("Mage", 7, 4)):
        b = battle(e, side(realms=["Vale"], hand=["Knight", "T/1"]),
                   side(realms=["Vale"], pool=[(defender, [MARBLE_ORB])], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, defender, zone="pool")
        assert b.totals() == [5, before], defender
        b.play(0, "T Curse")
        assert b.totals() == [5, after], defender


# --- usable_by_any; unarmed combat cancelled; an unarmed combat card's immunities -------------

EVADE, BLOCK, MAGIC_RESISTANCE = "DR/98", "RR/99", "NS/98"


def test_evade_is_usable_by_any_champion_and_cancels_unarmed_combat():
    # Evade (unarmed combat, Def): "Usable by any champion. Play at any time to cancel the
    # effects of an unarmed combat card." The Mage (4, a wizard: no unarmed combat of its own)
    # with the Watchtower (+2) leads the Knight (5) 6 to 5; the Knight's Punch (+2) makes it 7
    # vs 6; the Mage's Evade cancels the Punch: 5 vs 6.
    evade, = real(EVADE)
    b = battle(make_engine(evade), side(realms=["Vale"], hand=["Knight", "Punch"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", EVADE],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Punch")
    assert b.totals() == [7, 6]
    assert plays(b, 1) == {"Evade"}
    b.play(1, "Evade")
    assert b.totals() == [5, 6]
    assert b.find("spell_cancelled")
    check(b)


def test_block_counters_an_unarmed_combat_card():
    # Block (unarmed combat, Def/4): "Unarmed combat card; usable only by heroes. This maneuver
    # counters any just-played offensive unarmed combat card, negating its effect." The
    # attacking Champion (hero 6) punches (+2): 8 against the Knight (5) with the Watchtower
    # (+2) 7; the Knight blocks: 6 vs 7.
    block, = real(BLOCK)
    b = battle(make_engine(block), side(realms=["Vale"], hand=["Champion", "Punch"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight", BLOCK],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Champion")
    b.present(1, "Knight")
    b.play(0, "Punch")
    assert b.totals() == [8, 7]
    b.play(1, "Block")
    assert b.totals() == [6, 7]
    check(b)


def test_magic_resistance_shields_its_undead_champion_from_the_bolt():
    # Magic Resistance (unarmed combat +2, undead only, Def/3/4): "Attached champion is immune
    # to offensive spells, magical items, artifacts, and blood abilities ..." The Mage (4)
    # casts the Bolt (+3, Off) against an undead monster (5, undead unarmed combat): 7 vs 5;
    # the Resistance voids it and adds its 2: 4 vs 7.
    resistance, = real(MAGIC_RESISTANCE)
    wight = card(1, "T Wight", CardType.MONSTER, level=5, attributes=(40,),
                 uses=("d102", "o102"))
    b = battle(make_engine(resistance, wight), side(realms=["Vale"], hand=["Mage", "Bolt"]),
               side(realms=["Vale"], hand=["T/1", MAGIC_RESISTANCE], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "T Wight")
    b.play(0, "Bolt")
    assert b.totals() == [7, 5]
    b.play(1, "Magic Resistance")
    assert b.totals() == [4, 7]
    check(b)


# --- an item's earthwalking, a bonus lower when attacking, a spell against unarmed combat -------

WYRM_OF_EARTHWALKING, HEROS_CHALICE, STONESKIN = "FR/117", "FR/109", "IQ/71"


def test_the_wyrm_of_earthwalking_lets_its_champion_reach_any_realm():
    # Wyrm of Earthwalking (+5, Def): "The attached champion and all allies have the
    # earthwalking ability, allowing them to attack any realm." The Knight carrying it may
    # attack the defender's three realms; without it only the front one.
    wyrm, = real(WYRM_OF_EARTHWALKING)
    e = make_engine(wyrm)
    for pool, slots in (([("Knight", [WYRM_OF_EARTHWALKING])], ["A", "B", "C"]),
                        (["Knight"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool),
                   side(realms=["Vale", "Vale", "Vale"], hand=["Mage"]))
        assert attackable(b) == slots, pool


def test_the_heros_chalice_gives_10_defending_and_5_attacking():
    # Hero's Chalice (+10): "Usable only by heroes, the attached champion gains 10 levels when
    # defending, but only 5 when attacking." The Knight (5) carrying it: 15 defending against
    # the Wyrm (8), 10 attacking the Wyrm.
    chalice, = real(HEROS_CHALICE)
    e = make_engine(chalice)
    b = battle(e, side(realms=["Vale"], hand=["Wyrm"]),
               side(realms=["Vale"], pool=[("Knight", [HEROS_CHALICE])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [8, 15]
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [HEROS_CHALICE])]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [10, 8]
    assert not item_fits(e.facts(HEROS_CHALICE), e.facts(k("Mage")), [])


def test_stoneskin_counters_unarmed_combat_for_the_round():
    # Stoneskin (wizard spell): "May be cast at any time to counter any just played unarmed
    # combat card, and makes the champion immune to unarmed combat cards for the duration of
    # that combat round." The Champion (hero 6) punches the Mage (4) + Watchtower (2): 8 vs 6;
    # Stoneskin cancels the Punch (6 vs 6); a second Punch has no effect: 6 vs 6.
    stoneskin, = real(STONESKIN)
    b = battle(make_engine(stoneskin), side(realms=["Vale"], hand=["Champion", "Punch", "Punch"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", STONESKIN],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Champion")
    b.present(1, "Mage")
    b.play(0, "Punch")
    assert b.totals() == [8, 6]
    b.play(1, "Stoneskin")
    assert b.totals() == [6, 6]
    b.play(0, "Punch")
    assert b.totals() == [6, 6]
    check(b)


# --- defeated twice with an artifact; attackers of a kind lose; swimming allies doubled; an
# artifact's ally --------------------------------------------------------------------------------

HUMAS_SHIELD, COUNT_OF_MUDEN, DWARVISH_AXE = "DL/53", "BR/109", "AR/2"


def test_the_shield_of_huma_makes_its_defender_fall_twice_and_weakens_dragons():
    # Shield of Huma (artifact): "The attached champion must be defeated twice when defending
    # before being discarded. Dragon champions lose 3 levels if attacking this champion." A
    # Dragonlance hero (5) carrying it defends: the Wyrm (dragon 8) attacks at 5, a tie (the
    # defender's); the Griffon (6) beats him once: he goes back to his pool, the realm stands.
    shield, = real(HUMAS_SHIELD)
    sturm = card(1, "T Swordsman", CardType.HERO, level=5, world=World.DRAGONLANCE)
    e = make_engine(shield, sturm)
    b = battle(e, side(realms=["Vale"], hand=["Wyrm"]),
               side(realms=["Vale"], pool=[("T/1", [HUMAS_SHIELD])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "T Swordsman", zone="pool")
    assert b.totals() == [5, 5]
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Knight"]),
               side(realms=["Vale"], pool=[("T/1", [HUMAS_SHIELD])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "T Swordsman", zone="pool")  # 6 vs 5
    assert b.find("champion_defeated_once") and b.pool_names(1) == ["T Swordsman"]
    assert not b.state.players[1].razed[0]


def test_the_count_of_muden_doubles_his_swimming_allies():
    # The Count of Müden (regent 8): "All attached swimming allies of this champion are doubled
    # in level." The Count (8) defends against the Wyrm (8); the Wyrm's Giant makes it 12 vs 8;
    # a swimming ally (+3) counts 6 with him: 14; the Militia (no swimmer) 2: 10.
    count, = real(COUNT_OF_MUDEN)
    mermen = card(1, "T Mermen", CardType.ALLY, bonus=3, attributes=(37,))
    e = make_engine(count, mermen)
    for ally, name, total in (("T/1", "T Mermen", 14), ("Militia", "Militia", 10)):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Giant"]),
                   side(realms=["Vale"], hand=[COUNT_OF_MUDEN, ally], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, "The Count of Müden")  # 8 vs 8, the defender's: the Wyrm plays
        b.play(0, "Giant")  # 12 vs 8
        b.play(1, name)
        assert b.totals() == [12, total], name


def test_the_axe_of_the_dwarvish_lords_brings_a_plus_8_ally():
    # Axe of the Dwarvish Lords (AD&D artifact +3): "In addition to the listed bonus, the Axe
    # also gives the attached champion a +8 ally in combat." The Knight carrying it: 5 + 3 + 8
    # = 16 against the Wyrm's 8.
    axe, = real(DWARVISH_AXE)
    b = battle(make_engine(axe), side(realms=["Vale"], pool=[("Knight", [DWARVISH_AXE])]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [16, 8]


# --- an unarmed combat card doubling its dragon or undead; a spell ending the battle -----------

SUPERNATURAL_STRENGTH, HOPELESSNESS = "DU/78", "FR/36"


def test_supernatural_strength_doubles_a_dragon():
    # Supernatural Strength (unarmed combat, Off/4): "Usable only by any undead or dragon
    # champion. The base level of this champion is doubled until the end of this round of
    # combat." A dragon monster (5, dragon unarmed combat) ties the Knight (5): it plays the
    # card, 10 vs 5. The Champion (a hero) is not offered it.
    strength, = real(SUPERNATURAL_STRENGTH)
    drake = card(1, "T Drake", CardType.MONSTER, level=5, attributes=(8,),
                 uses=("d101", "o101"))
    e = make_engine(strength, drake)
    b = battle(e, side(realms=["Vale"], hand=["T/1", SUPERNATURAL_STRENGTH]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Drake")
    b.present(1, "Knight")
    assert plays(b, 0) == {"Supernatural Strength"}
    b.play(0, "Supernatural Strength")
    assert b.totals() == [10, 5]
    b = battle(e, side(realms=["Vale"], hand=["Champion", SUPERNATURAL_STRENGTH]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Champion")
    b.present(1, "Wyrm")
    assert plays(b, 0) == set()


def test_the_symbol_of_hopelessness_ends_the_battle():
    # Symbol of Hopelessness (cleric spell, Off/4): "Ends the current battle immediately." The
    # Priest (3), losing to the Knight (5), casts it: the battle ends with no victor, the
    # Vale stands.
    symbol, = real(HOPELESSNESS)
    b = battle(make_engine(symbol), side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale"], hand=["Priest", HOPELESSNESS], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    b.play(1, "Symbol of Hopelessness")
    assert b.find("battle_ended_by_card") and b.b.outcome == "ended"
    assert not b.state.players[1].razed[0]
    check(b)


# --- flying allies barred and discarded; attacking any realm; a weapon against dragons ---------

ROC, TOMKIN, DRAGONLANCE = "AR/41", "BR/88", "DL/51"


def test_the_roc_bars_and_discards_flying_allies():
    # Roc (ally +8): "Flying allies cannot be played against the roc. The opponent must
    # discard any already in play." The Knight (5) with a flying ally (+3) leads the Mage (4)
    # with the Watchtower (+2) 8 to 6; the Roc discards the flyer and adds 8: 5 vs 14; the
    # Knight may still play the Militia, not a second flyer.
    roc, = real(ROC)
    hippogriff = card(1, "T Hippogriff", CardType.ALLY, bonus=3, attributes=(16,))
    e = make_engine(roc, hippogriff)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/1", "T/1", "Militia"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", ROC],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "T Hippogriff")
    assert b.totals() == [8, 6]
    b.play(1, "Roc")
    assert b.totals() == [5, 14]
    assert plays(b, 0) == {"Militia"}
    check(b)


def test_tomkin_dross_attacks_any_realm():
    # Tomkin Dross (regent 6): "Tomkin and his allies may attack any realm in play, regardless
    # of position or special power." He may attack the defender's three realms, the Knight
    # only the front one.
    tomkin, = real(TOMKIN)
    e = make_engine(tomkin)
    for champion, slots in ((TOMKIN, ["A", "B", "C"]), ("Knight", ["A"])):
        b = battle(e, side(realms=["Vale"], pool=[champion]),
                   side(realms=["Vale", "Vale", "Vale"], hand=["Mage"]))
        assert attackable(b) == slots, champion


def test_the_dragonlance_is_plus_7_against_dragons_in_a_heros_hands():
    # Dragonlance (Dragonlance artifact +3): "Usable only by heroes, the Dragonlance is +7 vs.
    # dragon champions." A Dragonlance hero (5) carrying it: 12 against the Wyrm (dragon 8),
    # 8 against the Griffon (6). A Dragonlance wizard may not carry it.
    lance, = real(DRAGONLANCE)
    hero = card(1, "T Swordsman", CardType.HERO, level=5, world=World.DRAGONLANCE)
    wizard = card(2, "T Conjurer", CardType.WIZARD, level=5, world=World.DRAGONLANCE)
    e = make_engine(lance, hero, wizard)
    for defender, totals in (("Wyrm", [12, 8]), ("Griffon", [8, 6])):
        b = battle(e, side(realms=["Vale"], pool=[("T/1", [DRAGONLANCE])]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Swordsman", zone="pool")
        b.present(1, defender)
        assert b.totals() == totals, defender
    assert not item_fits(e.facts(DRAGONLANCE), e.facts("T/2"), [])


# --- an ally weakening clerics; a sword that defeats regents -----------------------------------

FIEND, TIGHMAEVRIL = "RL/76", "BR/46"


def test_the_fiend_takes_3_levels_from_an_opposing_cleric():
    # Fiend (ally +6): "Opposing clerics lose 3 levels against this ally." The Knight (5)
    # plays it against the Priest (cleric 3) with the Watchtower (+2): 11 vs 2; against the
    # Mage (wizard 4) with the Watchtower: 11 vs 6.
    fiend, = real(FIEND)
    e = make_engine(fiend)
    for defender, totals in (("Priest", [11, 2]), ("Mage", [11, 6])):
        b = battle(e, side(realms=["Vale"], hand=["Knight", FIEND]),
                   side(realms=[("Vale", False, "Watchtower")], hand=[defender],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, defender)
        b.play(0, "Fiend")  # 5 vs 5 or 5 vs 6: the defender leads, the Knight plays
        assert b.totals() == totals, defender


def test_the_tighmaevril_sword_defeats_a_regent():
    # Tighmaevril Sword (AD&D artifact +4): "The attached champion can use blood abilities and
    # instantly defeats regent." The Knight carrying it attacks a regent (9): the regent is
    # discarded and the realm razed; against the Wyrm (8) it is 9 vs 8.
    sword, = real(TIGHMAEVRIL)
    regent = card(1, "T Lord", CardType.REGENT, level=9)
    e = make_engine(sword, regent)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [TIGHMAEVRIL])]),
               side(realms=["Vale"], hand=["T/1"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Lord")
    assert [ev.player for ev in b.find("champion_destroyed")] == [0]  # the Knight's side
    assert "T Lord" in b.names(1, "discard")
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [TIGHMAEVRIL])]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    assert not b.find("champion_destroyed") and b.totals() == [9, 8]


# --- halve_opposing_base ------------------------------------------------------------------------

LAMIA = "BR/67"


def test_the_lamia_halves_wizards_and_clerics():
    # The Lamia (monster 5): "Wizards and clerics are at half their base level (rounded down)
    # against the Lamia." Against the Mage (wizard 4): 2, 5 vs 2; against the Priest (cleric
    # 3): 1, 5 vs 1; against the Knight (hero 5): 5 vs 5.
    lamia, = real(LAMIA)
    e = make_engine(lamia)
    for defender, totals in (("Mage", [5, 2]), ("Priest", [5, 1]), ("Knight", [5, 5])):
        b = battle(e, side(realms=["Vale"], hand=[LAMIA]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "The Lamia")
        b.present(1, defender)
        assert b.totals() == totals, defender


# --- a bonus that is an ally; a champion's permanent ally; two gains; a sword for two races ----

SHADES, ORCISH_SHAMAN, PRINCE_TRISTAN, KELDA, BLACK_ROSE = (
    "RL/47", "IQ/18", "FR/96", "NS/41", "PO/8")


def test_shades_add_their_ally():
    # Shades (wizard spell +4, Def/4): "Casting this spell creates a +4 ally." The Mage (4)
    # casts it against the Knight (5): 8 vs 5.
    shades, = real(SHADES)
    b = battle(make_engine(shades), side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", SHADES], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Shades")
    assert b.totals() == [5, 8]


def test_the_orcish_shamans_tribe_fights_beside_him():
    # Orcish Shaman (cleric 4): "This champion's Orc tribe counts as a permanent +5 ally for
    # this champion." Against the Wyrm (8): 9 vs 8.
    shaman, = real(ORCISH_SHAMAN)
    b = battle(make_engine(shaman), side(realms=["Vale"], hand=[ORCISH_SHAMAN]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Orcish Shaman")
    b.present(1, "Wyrm")
    assert b.totals() == [9, 8]


def test_prince_tristan_gains_against_giants_and_defending_the_moonshaes():
    # Prince Tristan (hero 6): "Prince Tristan gains +5 levels against giants, and when
    # defending the Moonshaes." Attacking a giant (7): 11 vs 7; defending the Moonshaes against
    # the Griffon (6): 11; defending the Vale: 6.
    tristan, = real(PRINCE_TRISTAN)
    giant = card(1, "T Hill Giant", CardType.MONSTER, level=7, attributes=(17,))
    moonshaes = card(2, "Moonshaes", CardType.REALM)
    e = make_engine(tristan, giant, moonshaes)
    b = battle(e, side(realms=["Vale"], hand=[PRINCE_TRISTAN]),
               side(realms=["Vale"], hand=["T/1"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Prince Tristan")
    b.present(1, "T Hill Giant")
    assert b.totals() == [11, 7]
    for realm, total in (("T/2", 11), ("Vale", 6)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=[PRINCE_TRISTAN], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Prince Tristan")
        assert b.totals() == [6, total], realm


def test_kelda_gains_against_heroes_and_defending_a_birthright_realm():
    # Kelda Auslawsen (thief 3): "Kelda gains 5 levels against heroes and/or 3 levels if
    # defending a Birthright realm." Defending a Birthright realm against the Knight (hero 5):
    # 3 + 5 + 3 = 11; the Vale against the Knight: 8; a Birthright realm against the Griffon:
    # 6.
    kelda, = real(KELDA)
    anuire = card(1, "T Anuire", CardType.REALM, world=World.BIRTHRIGHT)
    e = make_engine(kelda, anuire)
    for attacker, realm, totals in (("Knight", "T/1", [5, 11]), ("Knight", "Vale", [5, 8]),
                                    ("Griffon", "T/1", [6, 6])):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=[realm], hand=[KELDA], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Kelda Auslawsen")
        assert b.totals() == totals, (attacker, realm)


def test_the_sword_of_the_black_rose_is_plus_7_for_an_undead_monster():
    # Sword of the Black Rose (+3, Off): "Only usable by monster champions. This sword becomes
    # a +7 weapon when used by an undead champion or werebeast." The Ghoul (undead monster 4)
    # carrying it: 11 against the Wyrm (8); the Griffon (monster 6): 9; the Knight may not
    # carry it.
    sword, = real(BLACK_ROSE)
    e = make_engine(sword)
    for champion, total in (("Ghoul", 11), ("Griffon", 9)):
        b = battle(e, side(realms=["Vale"], pool=[(champion, [BLACK_ROSE])]),
                   side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
        b.attack("A")
        b.present(0, champion, zone="pool")
        b.present(1, "Wyrm")
        assert b.totals()[0] == total, champion
    assert not item_fits(e.facts(BLACK_ROSE), e.facts(k("Knight")), [])


# --- realms with holdings opened; attackers weakened by a holding -------------------------------

THE_UNDERDARK, PHARAOHS_REST = "UD/5", "RL/20"


def test_the_underdark_opens_the_opponents_realms_with_holdings():
    # The Underdark (realm): "This realm extends under all opponent's realms that have attached
    # holdings, allowing the realms to be attacked by this player's champions and allies,
    # regardless of position or restrictions." The defender's Vale (A) covers a Vale with the
    # Watchtower (B) and a bare Vale (C): with the Underdark in his formation the Knight may
    # attack A and B; without it only A.
    underdark, = real(THE_UNDERDARK)
    e = make_engine(underdark)
    for realms, slots in (([THE_UNDERDARK], ["A", "B"]), (["Vale"], ["A"])):
        b = battle(e, side(realms=realms, pool=["Knight"]),
                   side(realms=["Vale", ("Vale", False, "Watchtower"), "Vale"], hand=["Mage"]))
        assert attackable(b) == slots, realms


def test_pharaohs_rest_weakens_the_attacker():
    # Pharaoh's Rest (holding): "The power of the ancients subtracts 3 levels from champions
    # attacking the attached realm." The Knight (5) attacks the Mage (4) at a Vale with it:
    # 2 vs 4; at a bare Vale: 5 vs 4.
    rest, = real(PHARAOHS_REST)
    e = make_engine(rest)
    for realm, totals in ((("Vale", False, PHARAOHS_REST), [2, 4]), ("Vale", [5, 4])):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=["Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        assert b.totals() == totals, realm


SWORD_OF_SHARPNESS = "DU/64"


def test_the_sword_of_sharpness_defeats_a_champion_of_level_3_or_less():
    # Sword of Sharpness (magical item +3, Off): "This weapon easily pierces the strongest
    # armor, instantly defeating champions of base level 3 or less." The Knight carrying it
    # attacks the Priest (3): the Priest is destroyed at once; against the Mage (4): 8 vs 4,
    # no destruction.
    weapon, = real(SWORD_OF_SHARPNESS)
    e = make_engine(weapon)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [SWORD_OF_SHARPNESS])]),
               side(realms=["Vale"], hand=["Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Priest")
    assert [ev.player for ev in b.find("champion_destroyed")] == [0]
    assert b.b.outcome == "razed" and "Practice Priest" in b.names(1, "discard")
    check(b)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [SWORD_OF_SHARPNESS])]),
               side(realms=["Vale"], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert not b.find("champion_destroyed") and b.totals() == [8, 4]
