"""The 3rd Edition (issue 13, c3rd): real cards whose printed powers now compile, played in
scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Griffon flying monster 6, Wyrm
flying dragon monster 8, Militia ally +2, Giant ally +4 (no giant attribute), Squire ally +1;
practice realms are of the Forgotten Realms. Hand-made cards (set ``T``) stand for a realm of
another world or a champion or ally of some race.
"""

from __future__ import annotations

from dataclasses import replace

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

NEEVA, HAVLOR, HAMMER, ORB, HERMINARD, FLY = ("3rd/259", "3rd/64", "3rd/94", "3rd/157",
                                               "3rd/264", "3rd/343")
MALATRA = "1st/432"
GIANT = 17  # CrossFire attribute id of giants

#: A Dark Sun realm and a Greyhawk realm (hand-made).
OASIS = card(1, "T Oasis", CardType.REALM, world=World.DARK_SUN)
KEEP = card(2, "T Keep", CardType.REALM, world=World.GREYHAWK)


# --- existing kinds, new phrasings ----------------------------------------------------------------


def test_neeva_doubles_her_level_defending_a_dark_sun_realm():
    # Neeva, hero 7: "When defending a Dark Sun realm, her level is doubled." Against the Knight
    # (5): 14 at the Oasis (Dark Sun), 7 at the Vale (Forgotten Realms).
    neeva, = real(NEEVA)
    e = make_engine(neeva, OASIS)
    for realm, total in (("T/1", 14), ("Vale", 7)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=[NEEVA], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Neeva")
        assert b.totals() == [5, total], realm
    # Attacking the Oasis she is not defending: 7 against the Mage's 4.
    b = battle(e, side(realms=["Vale"], hand=[NEEVA]), side(realms=["T/1"], hand=["Mage"]))
    b.attack("A")
    b.present(0, "Neeva")
    b.present(1, "Mage")
    assert b.totals() == [7, 4]


def test_king_havlor_fights_with_his_permanent_sword():
    # King Havlor II, hero 5: "has a permanent +5 magical item (flaming sword) attached to him":
    # 5 + 5 = 10 against the Mage's 4 plus the Giant (8): he still wins.
    havlor, = real(HAVLOR)
    b = battle(make_engine(havlor), side(realms=["Vale"], hand=[HAVLOR]),
               side(realms=["Vale"], hand=["Mage", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "King Havlor II")
    b.present(1, "Mage")
    assert b.totals() == [10, 4]
    b.play(1, "Giant")
    assert b.totals() == [10, 8]
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)


def test_dwarven_hammer_slays_opposing_giants():
    # Dwarven Hammer (+3, Off): "slays any giant opposing the attached champion." The Knight
    # carries it. A giant champion defending is discarded as the round starts: the defender has
    # lost the round. Against the Mage (5 + 3 = 8 vs 4) the defender may play the Militia but
    # not a giant ally.
    hammer, = real(HAMMER)
    ettin = card(3, "T Ettin", CardType.MONSTER, level=9, attributes=(GIANT,))
    hill_giants = card(4, "T Hill Giants", CardType.ALLY, bonus=5, attributes=(GIANT,))
    e = make_engine(hammer, ettin, hill_giants)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [HAMMER])]),
               side(realms=["Vale", "Harbor"], hand=["T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Ettin")
    assert "T Ettin" in b.names(1, "discard")
    assert b.state.players[1].razed[0] and b.b.winner == 0
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [HAMMER])]),
               side(realms=["Vale"], hand=["Mage", "T/4", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [8, 4]
    assert plays(b, 1) == {"Militia"}
    check(b)


def test_orb_of_dragonkind_3rd_keeps_dragons_and_monsters_from_greyhawk_realms():
    # Orb of Dragonkind (3rd, artifact): "This player's Greyhawk realms cannot be attacked by
    # dragons or monsters." Carried by the defender's Priest (in its pool), it keeps the Wyrm
    # (a dragon monster) from the Keep (Greyhawk) but not from the Vale; the Knight may attack.
    orb, = real(ORB)
    e = make_engine(orb, KEEP)
    for realm, pool, attackers in (
            ("T/2", [("Priest", [ORB])], {"Practice Knight"}),
            ("T/2", ["Priest"], {"Practice Knight", "Practice Wyrm"}),
            ("Vale", [("Priest", [ORB])], {"Practice Knight", "Practice Wyrm"})):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Knight"]),
                   side(realms=[realm], pool=pool))
        b.attack("A")
        offered = {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
                   if x.startswith("Champion")}
        assert offered == attackers, (realm, pool)


def test_herminard_takes_his_victor_with_him_at_a_dark_sun_realm():
    # Herminard, hero 4: "if he dies when defending a Dark Sun realm, the opposing champion
    # (though victorious) must be discarded too." The Knight (5) beats him at the Oasis: the
    # realm is razed as usual, then the Knight is discarded (outside of the battle, seed 001).
    # At the Vale, the Knight returns to its pool.
    herminard, = real(HERMINARD)
    e = make_engine(herminard, OASIS)
    for realm, knight_discarded in (("T/1", True), ("Vale", False)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
                   side(realms=[realm, "Harbor"], hand=[HERMINARD], draw=["Militia"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Herminard")
        assert b.totals() == [5, 4]
        assert b.b.outcome == "razed" and b.b.winner == 0
        assert ("Practice Knight" in b.names(0, "discard")) is knight_discarded, realm
        assert (b.pool_names(0) == ["Practice Knight"]) is not knight_discarded
        check(b)
    # Winning (the Mage's 4 against his 4: ties go to the defender) sets off nothing.
    b = battle(e, side(realms=["Vale"], hand=["Mage"], draw=["Squire"]),
               side(realms=["T/1"], hand=[HERMINARD], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Herminard")
    assert b.b.winner == 1 and not b.find("after_battle_discard")


def test_fly_lifts_the_caster_over_malatras_halving():
    # Fly (wizard spell, Def/3/4): "One champion and/or ally becomes a flyer." Malatra halves
    # attackers that are not flyers ("The level of attacking champions and allies that are not
    # flyers is halved"): the Mage attacks at 4 - 2 = 2; with Fly cast, at 4.
    fly, malatra = real(FLY, MALATRA)
    b = battle(make_engine(fly, malatra), side(realms=["Vale"], hand=["Mage", FLY]),
               side(realms=[MALATRA], hand=["Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    assert b.totals() == [2, 3]
    b.play(0, "Fly")
    assert b.totals() == [4, 3]
    check(b)


SUNNDI, ERELLIKA = "3rd/138", "3rd/262"


def test_county_of_sunndi_doubles_its_defenders_spells():
    # County of Sunndi: "Any champion can use wizard spells when defending the County of
    # Sunndi; spells are doubled in level." The Knight (a hero) defends it against the Griffon
    # (6) and casts the Bolt (+3): 5 + 2 x 3 = 11. The Mage attacking it casts the Bolt at +3.
    sunndi, = real(SUNNDI)
    e = make_engine(sunndi)
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=[SUNNDI], hand=["Knight", "Bolt"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight")
    assert b.totals() == [6, 5] and plays(b, 1) == {"Bolt"}
    b.play(1, "Bolt")
    assert b.totals() == [6, 11]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt"]),
               side(realms=[SUNNDI], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Bolt")
    assert b.totals() == [7, 5]


def test_erellika_negates_psionics_defending_and_holdings_attacking():
    # Erellika, hero 2: "When defending, negates all psionic powers for that battle. When
    # attacking, negates the powers of all enemy holdings for the duration of that battle."
    erellika, = real(ERELLIKA)
    e = make_engine(erellika)
    # The Seer (4) attacks; Erellika and the Giant lead 6 to 4; the Seer's Mind Blast (+3,
    # a psionic power) adds nothing: 4 to 6 still, and the realm stands.
    b = battle(e, side(realms=["Vale"], hand=["Seer", "Mind Blast"]),
               side(realms=["Vale"], hand=[ERELLIKA, "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Erellika")
    b.play(1, "Giant")
    assert b.totals() == [4, 6]
    b.play(0, "Mind Blast")
    assert b.totals() == [4, 6]
    check(b)
    # Attacking the Vale with the Watchtower (+2 to its defender): the Knight defends at 5,
    # not 7; the Mage attacking it faces 7.
    for attacker, totals in ((ERELLIKA, [2, 5]), ("Mage", [4, 7])):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=[("Vale", False, "Watchtower")], hand=["Knight"]))
        b.attack("A")
        b.present(0, "Erellika" if attacker == ERELLIKA else "Mage")
        b.present(1, "Knight")
        assert b.totals() == totals, attacker


# --- immune_to_weak -------------------------------------------------------------------------------

GRYPHT, HORNHEAD = "3rd/75", "3rd/81"
#: Offensive magical items of +3 and +4 (hand-made); the practice Sword (+2) has no mark.
DAGGER = card(10, "T Dagger", CardType.MAGICAL_ITEM, bonus=3, mark=Mark.OFF)
BLADE = card(11, "T Blade", CardType.MAGICAL_ITEM, bonus=4, mark=Mark.OFF)


def test_grypht_and_hornhead_shrug_off_weak_magical_items():
    # Grypht the Saurial, wizard 4: "Negates the levels and special powers of all offensive
    # magical items of less than +4 enchantment." The Knight (5) attacks him carrying the
    # Dagger (+3, Off): 5; the Blade (+4, Off): 9; the Sword (+2, not offensive): 7.
    grypht, hornhead = real(GRYPHT, HORNHEAD)
    e = make_engine(grypht, hornhead, DAGGER, BLADE)
    for item, total in (("T/10", 5), ("T/11", 9), ("Sword", 7)):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", [item])]),
                   side(realms=["Vale"], hand=[GRYPHT], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Grypht the Saurial")
        assert b.totals() == [total, 4], item
    # Hornhead Saurial (+3 ally): "The attached champion and all his allies are immune to
    # magical items of +3 or less." The Knight carries the Sword (+2) and the Blade (+4): 11
    # against the Mage's 4; the Mage plays Hornhead: 7, and the Sword no longer counts: 9.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword", "T/11"])]),
               side(realms=["Vale"], hand=["Mage", HORNHEAD], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [11, 4]
    b.play(1, "Hornhead Saurial")
    assert b.totals() == [9, 7]
    check(b)


# --- zero_opposing_level, gain_per_own_cards, opposing_allies_lose_unless, all_allies_gain ------

IRON_LEGION, CALIMSHAN, CHATHRANG, THRI_KREEN = "3rd/59", "3rd/9", "3rd/287", "3rd/289"
EAGLES = card(12, "T Eagles", CardType.ALLY, bonus=2, attributes=(Attribute.FLYER,))
ELVES = card(13, "T Elves", CardType.ALLY, bonus=3, attributes=(Attribute.ELF,))


def test_the_iron_legion_brings_opposing_heroes_to_level_0():
    # The Iron Legion (+3 ally): "This ally instills fear in all opposing heroes, reducing
    # their base level to 0 in battle." The Mage (4) plays it against the Knight (a hero, 5,
    # carrying the Sword +2): 0 + 2 against 7. Against the Griffon (a monster, 6): 6 to 7.
    legion, = real(IRON_LEGION)
    e = make_engine(legion)
    for attacker, zone, totals in (("Knight", "pool", [2, 7]), ("Griffon", "hand", [6, 7])):
        p0 = (side(realms=["Vale"], pool=[("Knight", ["Sword"])]) if zone == "pool"
              else side(realms=["Vale"], hand=["Griffon"]))
        b = battle(e, p0, side(realms=["Vale"], hand=["Mage", IRON_LEGION], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker, zone=zone)
        b.present(1, "Mage")
        b.play(1, "The Iron Legion")
        assert b.totals() == totals, attacker
        check(b)


def test_calimshan_rewards_each_magical_item_of_its_defender():
    # Calimshan (realm): "Defending champions gain +1 for each magical item they own." The
    # Knight defends it with the Sword (+2) and the Shield (+1): 5 + 3 + 2 = 10 against the
    # Griffon (6). The Knight attacking it with the Sword gains nothing: 7 to the Mage's 4.
    calimshan, = real(CALIMSHAN)
    e = make_engine(calimshan)
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=[CALIMSHAN], pool=[("Knight", ["Sword", "Shield"])]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [6, 10]
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])]),
               side(realms=[CALIMSHAN], hand=["Mage"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [7, 4]


def test_chathrang_weakens_opposing_allies_that_do_not_fly():
    # Cha'thrang (+1 ally): "All nonflying allies opposing the Cha'thrnag lose 4 levels." The
    # Mage (4) and the Militia (+2) lead the Knight 6 to 5; the Knight plays Cha'thrang: 6
    # against 4 + 2 - 4 = 2; the Mage's Eagles (+2, flyers) lose nothing: 6 to 4.
    chathrang, = real(CHATHRANG)
    b = battle(make_engine(chathrang, EAGLES),
               side(realms=["Vale"], hand=["Knight", CHATHRANG]),
               side(realms=["Vale"], hand=["Mage", "Militia", "T/12"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Militia")
    assert b.totals() == [5, 6]
    b.play(0, "Cha'thrang")
    assert b.totals() == [6, 2]
    b.play(1, "T Eagles")
    assert b.totals() == [6, 4]
    check(b)


def test_thri_kreen_frighten_elves_on_both_sides():
    # Thri-kreen (+3 ally): "All nonhuman allies (elves, dwarves, and halflings) lose 2 levels
    # for fear of the thri-kreen." The Mage (4) and the Giant (+4) hold the Knight (5) and its
    # Elves (+3) 8 to 8 (ties to the defender); the Knight plays the Thri-kreen: 5 + 3 + 3 - 2
    # = 9. The Mage's own Elves then add 3 - 2: 9 to 9.
    thri_kreen, = real(THRI_KREEN)
    b = battle(make_engine(thri_kreen, ELVES),
               side(realms=["Vale"], hand=["Knight", "T/13", THRI_KREEN]),
               side(realms=["Vale"], hand=["Mage", "Giant", "T/13"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Giant")
    b.play(0, "T Elves")
    assert b.totals() == [8, 8]
    b.play(0, "Thri-kreen")
    assert b.totals() == [9, 8]
    b.play(1, "T Elves")
    assert b.totals() == [9, 9]
    check(b)


# --- self_levels (a condition) --------------------------------------------------------------------

CHAIN_LIGHTNING, STICKS = "3rd/390", "3rd/351"


def test_chain_lightning_and_sticks_to_snakes_grow_with_their_casters_level():
    # Chain Lightning (+5, Off): "This spell's bonus increases to +7 if cast by a champion of
    # level 7 or higher." Against the Knight (5) and the Giant (+4): a level 7 wizard casts it
    # at +7 (7 + 7 = 14 to 9); against the Knight alone the Mage (4) casts it at +5 (9 to 5).
    chain, sticks = real(CHAIN_LIGHTNING, STICKS)
    archmage = card(20, "T Archmage", CardType.WIZARD, level=7)
    e = make_engine(chain, archmage)
    b = battle(e, side(realms=["Vale"], hand=["T/20", CHAIN_LIGHTNING]),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Archmage")
    b.present(1, "Knight")
    b.play(1, "Giant")
    assert b.totals() == [7, 9]
    b.play(0, "Chain Lightning")
    assert b.totals() == [14, 9]
    b = battle(e, side(realms=["Vale"], hand=["Mage", CHAIN_LIGHTNING]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Chain Lightning")
    assert b.totals() == [9, 5]
    # Sticks to Snakes (cleric spell +4, Off): "Increases to +6 if cast by a level 7 or 8
    # champion, and increases to +8 if cast by a level 9 or higher champion." Clerics of these
    # levels attack the Knight carrying the Orb, the Sword and the Shield (5 + 3 + 2 + 1 = 11)
    # and cast it.
    for level, bonus in ((6, 4), (7, 6), (8, 6), (9, 8), (11, 8)):
        cleric = card(21, "T Patriarch", CardType.CLERIC, level=level)
        b = battle(make_engine(sticks, cleric), side(realms=["Vale"], hand=["T/21", STICKS]),
                   side(realms=["Vale"], pool=[("Knight", ["Orb", "Sword", "Shield"])],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Patriarch")
        b.present(1, "Knight", zone="pool")
        assert b.totals() == [level, 11]
        b.play(0, "Sticks to Snakes")
        assert b.totals() == [level + bonus, 11], level
    check(b)


# --- not_attackable_by_weak; "can only be attacked by clerics" ------------------------------------

VAASA, ZHENTIL_RUINS = "3rd/14", "3rd/3"


def _attackers(b) -> set[str]:
    b.attack("A")
    return {b.names(0, "hand")[int(x.split()[-1])].removeprefix("Practice ")
            for x in b.legal_labels(0) if x.startswith("Champion")}


def test_vaasa_and_the_ruins_of_zhentil_keep_choose_their_attackers():
    # Vaasa: "Heroes of base level 3 or less cannot attack it." The Page (hero 3) may not; the
    # Knight (hero 5) and the Rogue (a thief of level 3) may. Ruins of Zhentil Keep: "can only
    # be attacked by clerics": of the four, only the Priest.
    vaasa, ruins = real(VAASA, ZHENTIL_RUINS)
    page = card(30, "T Page", CardType.HERO, level=3)
    e = make_engine(vaasa, ruins, page)
    hand = ["T/30", "Knight", "Rogue", "Priest"]
    b = battle(e, side(realms=["Vale"], hand=hand), side(realms=[VAASA], hand=["Mage"]))
    assert _attackers(b) == {"Knight", "Rogue", "Priest"}
    b = battle(e, side(realms=["Vale"], hand=hand), side(realms=[ZHENTIL_RUINS], hand=["Mage"]))
    assert _attackers(b) == {"Priest"}
    # With neither realm standing in front, the Vale behind them is open to all four.
    b = battle(e, side(realms=["Vale"], hand=hand), side(realms=["Vale"], hand=["Mage"]))
    assert _attackers(b) == {"T Page", "Knight", "Rogue", "Priest"}
    # The ruins defend themselves as a level 5 monster against the Priest (3).
    b = battle(e, side(realms=["Vale"], hand=["Priest"]),
               side(realms=[ZHENTIL_RUINS], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [3, 5]
    check(b)


# --- attack_anywhere on a carried item ------------------------------------------------------------

FALCON = "3rd/200"


def test_falcon_figurine_carries_its_champion_anywhere():
    # Falcon Figurine (+1, Def): "Confers the ability to teleport; the attached champion and all
    # allies can attack any realm, regardless of powers." The defender's Peak (A: flyers cannot
    # attack it) shields its Vale (B). The Knight carrying the Figurine may attack both; the
    # Griffon (a flyer) without it only the Vale; the bare Knight only the Peak.
    falcon, = real(FALCON)
    e = make_engine(falcon)
    for pool, realms in (([("Knight", [FALCON])], ["A", "B"]), (["Griffon"], ["B"]),
                         (["Knight"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool),
                   side(realms=["Peak", "Vale"], hand=["Mage"]))
        assert [x.removeprefix("Attack realm ") for x in b.legal_labels(0)
                if x.startswith("Attack")] == realms, pool
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [FALCON])]),
               side(realms=["Peak", "Vale"], hand=["Mage"], draw=["Squire"]))
    b.attack("B")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [6, 4]
    check(b)


# --- namesake_bonus, items_barred_over, win_over_total, double_card_bonus of weapons -----------

GITH, WAR_PARTY, VERRASI, KEVINS_BLADE, WINGED_HORROR = ("3rd/308", "3rd/54", "3rd/302",
                                                         "3rd/206", "3rd/194")
WEAPON = 44  # CrossFire attribute id of magical item weapons


def test_gith_and_war_parties_grow_in_numbers():
    # Gith (+1 ally): "If two gith are played in the same round of combat, each increases to a
    # +7." The Knight (5) trails the Mage and the Giant (8): one Gith makes 6; a second makes
    # 5 + 7 + 7 = 19.
    gith, war_party = real(GITH, WAR_PARTY)
    b = battle(make_engine(gith), side(realms=["Vale"], hand=["Knight", GITH, GITH]),
               side(realms=["Vale"], hand=["Mage", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Giant")
    b.play(0, "Gith")
    assert b.totals() == [6, 8]
    b.play(0, "Gith")
    assert b.totals() == [19, 8]
    check(b)
    # War Party (+4 ally): "If more than two of this card are involved in one round of combat
    # (on either side), each war party receives an additional +4 for each war party in play."
    # Knight 5 + one War Party = 9 against the Mage's 8; the Mage's War Party makes 12; the
    # Knight's second makes three in the round: each gets 4 x 3 = 12 more: 5 + 2 x 16 = 37
    # against 4 + 4 + 16 = 24.
    b = battle(make_engine(war_party),
               side(realms=["Vale"], hand=["Knight", WAR_PARTY, WAR_PARTY]),
               side(realms=["Vale"], hand=["Mage", "Giant", WAR_PARTY], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Giant")
    b.play(0, "War Party")
    assert b.totals() == [9, 8]
    b.play(1, "War Party")
    assert b.totals() == [9, 12]
    b.play(0, "War Party")
    assert b.totals() == [37, 24]
    check(b)


def test_verrasi_bars_strong_magical_items():
    # Verrasi (+2 ally): "No magical items with a bonus greater than +3 can be played after
    # Verrasi joins the battle." With Verrasi beside the Mage (6 to 5), the Knight may play
    # the Sword (+2) but not the Blade (+4); then the Mage may not play its Blade either.
    verrasi, = real(VERRASI)
    e = make_engine(verrasi, BLADE)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Sword", "T/11"]),
               side(realms=["Vale"], hand=["Mage", VERRASI, "T/11", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert plays(b, 1) == {"Verrasi", "T Blade", "Militia"}
    b.play(1, "Verrasi")
    assert b.totals() == [5, 6]
    assert plays(b, 0) == {"Sword"}
    b.play(0, "Sword")
    assert b.totals() == [7, 6]
    assert plays(b, 1) == {"Militia"}
    check(b)


def test_kevins_blade_of_doom_wins_above_20():
    # Kevin's Blade of Doom (+2, Off): "If the combat level of the attached hero or monster is
    # greater than 20 (after all modifiers), the champion automatically wins the battle."
    blade, = real(KEVINS_BLADE)
    titan = card(40, "T Titan", CardType.MONSTER, level=19)
    warlock = card(41, "T Warlock", CardType.WIZARD, level=19)
    ogre = card(42, "T Ogre", CardType.MONSTER, level=15)
    e = make_engine(blade, titan, warlock, ogre)
    # A monster of 19 with it: 21 when the round starts, won at once; a wizard of 19: no.
    for champion, name, wins in (("T/40", "T Titan", True), ("T/41", "T Warlock", False)):
        b = battle(e, side(realms=["Vale"], pool=[(champion, [KEVINS_BLADE])]),
                   side(realms=["Vale", "Harbor"], hand=["Knight", "Giant"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name, zone="pool")
        b.present(1, "Knight")
        assert b.totals() == [21, 5]
        assert bool(b.find("power_wins_round")) is wins, name
        assert (b.b.outcome == "razed") is wins
    # The Ogre (15 + 2 = 17) against the Knight with the Orb, the Sword and the Shield (11):
    # the Giant and the Militia bring the Knight to 17; the Ogre's Giant makes 21, above 20:
    # the round is won at once, the Squire still in the defender's hand.
    b = battle(e, side(realms=["Vale"], pool=[("T/42", [KEVINS_BLADE])], hand=["Giant"]),
               side(realms=["Vale", "Harbor"], pool=[("Knight", ["Orb", "Sword", "Shield"])],
                    hand=["Giant", "Militia", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Ogre", zone="pool")
    b.present(1, "Knight", zone="pool")
    b.play(1, "Giant")
    b.play(1, "Militia")
    assert b.totals() == [17, 17]
    b.play(0, "Giant")
    assert b.find("power_wins_round") and b.b.winner == 0 and b.b.outcome == "razed"
    assert "Practice Squire" in b.names(1, "hand")
    check(b)


def test_winged_horror_doubles_its_weapons():
    # Winged Horror, monster 7: "Any magical item weapons attached to the horror are doubled in
    # level." It carries a Flameblade (+3, a weapon) and the Sword (+2, no weapon attribute in
    # the practice pack): 7 + 2 x 3 + 2 = 15. The Knight with the same cards: 5 + 3 + 2.
    horror, = real(WINGED_HORROR)
    flameblade = card(43, "T Flameblade", CardType.MAGICAL_ITEM, bonus=3, attributes=(WEAPON,))
    e = make_engine(horror, flameblade)
    for champion, name, total in ((WINGED_HORROR, "Winged Horror", 15),
                                  ("Knight", "Knight", 10)):
        b = battle(e, side(realms=["Vale"], pool=[(champion, ["T/43", "Sword"])]),
                   side(realms=["Vale"], hand=["Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name, zone="pool")
        b.present(1, "Mage")
        assert b.totals() == [total, 4], name


# --- immune_to_named (Quagmiela), gain_per_other_ally, psionics_veto ------------------------------

QUAGMIELA, COLLEEN, SKELETON, SADIRA = "3rd/177", "1st/462", "3rd/193", "3rd/260"


def test_quagmiela_stands_against_the_lovely_colleen():
    # Lovely Colleen, hero 7: "Colleen wins the round automatically if the opposing champion is
    # a monster." Quagmiela the Dragon (monster 5): "Alone of monsters, Quagmiela can stand
    # against the Lovely Colleen ...; combat is resolved normally": 7 to 5, no automatic win;
    # the Griffon (a monster) loses to her at once.
    quagmiela, colleen = real(QUAGMIELA, COLLEEN)
    e = make_engine(quagmiela, colleen)
    for defender, name, at_once in ((QUAGMIELA, "Quagmiela the Dragon", False),
                                    ("Griffon", "Griffon", True)):
        b = battle(e, side(realms=["Vale"], hand=[COLLEEN]),
                   side(realms=["Vale", "Harbor"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Lovely Colleen")
        b.present(1, name)
        assert bool(b.find("power_wins_round")) is at_once, name
        if not at_once:  # fought out: 7 to 5, the defender with nothing to play
            assert b.find("totals")[-1].data["totals"] == [7, 5]
        assert b.b.winner == 0 and b.b.outcome == "razed"
        check(b)


def test_skeletons_multiply():
    # Skeleton (+1 ally, undead): "It gains 4 levels for each additional undead ally played with
    # it." The Knight (5) trails the Mage and the Giant (8): with the Skeleton 6; with the
    # Zombies (+2, undead) too, 5 + (1 + 4) + 2 = 12; the Militia (not undead) adds 2 only.
    skeleton, = real(SKELETON)
    zombies = card(50, "T Zombies", CardType.ALLY, bonus=2, attributes=(Attribute.UNDEAD,))
    b = battle(make_engine(skeleton, zombies),
               side(realms=["Vale"], hand=["Knight", SKELETON, "T/50"]),
               side(realms=["Vale"], hand=["Mage", "Giant", "Giant", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Giant")
    b.play(0, "Skeleton")
    assert b.totals() == [6, 8]
    b.play(0, "T Zombies")
    assert b.totals() == [12, 8]
    check(b)


def test_sadira_vetoes_opposing_psionicists():
    # Sadira, wizard 4: "Sadira can use any psionic power. Psionicists must ask her permission
    # to use psionic powers, though they can still use their stated special abilities." In the
    # defender's pool, she keeps the attacking Seer (a psionicist, 4 against the Mage's 4) from
    # its Mind Blast; without her it is offered. Defending herself against the Knight, she may
    # play it.
    sadira, = real(SADIRA)
    e = make_engine(sadira)
    for pool, offered in (([SADIRA], {"Militia"}), ([], {"Militia", "Mind Blast"})):
        b = battle(e, side(realms=["Vale"], hand=["Seer", "Mind Blast", "Militia"]),
                   side(realms=["Vale"], hand=["Mage"], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Seer")
        b.present(1, "Mage")
        assert b.totals() == [4, 4]
        assert plays(b, 0) == offered, pool
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=[SADIRA, "Mind Blast"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Sadira")
    assert plays(b, 1) == {"Mind Blast"}
    b.play(1, "Mind Blast")
    assert b.totals() == [5, 7]
    check(b)


# --- realm gates by name and for avatars, realms_allies_doubled, destroy_items of artifacts -------

RASHEMEN, MEKILLOT, FORT_MELIDOR_3RD, HALFLINGS = "3rd/22", "3rd/232", "3rd/247", "3rd/253"


def test_rashemen_bars_red_wizards_and_weakens_other_wizards():
    # Rashemen: "Red Wizard champions may not attack Rashemen. All other wizards lose 2 levels
    # when attacking." A Red Wizard of Thay may not attack it; the Mage (4) attacks at 2
    # against the Knight (5); the Griffon at its 6.
    rashemen, = real(RASHEMEN)
    red = card(51, "T Red Wizard of Thay", CardType.WIZARD, level=6)
    e = make_engine(rashemen, red)
    b = battle(e, side(realms=["Vale"], hand=["T/51", "Mage", "Griffon"]),
               side(realms=[RASHEMEN], hand=["Knight"]))
    assert _attackers(b) == {"Mage", "Griffon"}
    for attacker, total in (("Mage", 2), ("Griffon", 6)):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=[RASHEMEN], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Knight")
        assert b.totals() == [total, 5], attacker


def test_mekillot_keeps_avatars_from_its_players_realms():
    # Mekillot (holding): "Avatars cannot attack any realm held by this player." Attached to
    # the defender's Harbor, it keeps an avatar from its Vale too; the Knight may attack.
    mekillot, = real(MEKILLOT)
    avatar = replace(card(52, "T Avatar", CardType.HERO, level=9), avatar=True)
    e = make_engine(mekillot, avatar)
    for realms, attackers in (([("Vale", False), ("Harbor", False, MEKILLOT)], {"Knight"}),
                              (["Vale", "Harbor"], {"Knight", "T Avatar"})):
        b = battle(e, side(realms=["Vale"], hand=["T/52", "Knight"]),
                   side(realms=realms, hand=["Mage"]))
        assert _attackers(b) == attackers, realms


def test_fort_melidor_3rd_doubles_allies_at_dark_sun_realms():
    # Fort Melidor (3rd, holding): "Allies defending any Dark Sun realm held by this player are
    # doubled in level." The Mage (4) with the Militia (+2) defends the Oasis (Dark Sun), the
    # Fort on the player's Vale: 4 + 2 x 2 = 8; defending the Vale, the Fort on the Oasis: 6.
    fort, = real(FORT_MELIDOR_3RD)
    e = make_engine(fort, OASIS)
    for realms, total in ((["T/1", ("Vale", False, FORT_MELIDOR_3RD)], 8),
                          (["Vale", ("T/1", False, FORT_MELIDOR_3RD)], 6)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=realms, hand=["Mage", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, "Militia")
        assert b.totals() == [5, total], realms
        check(b)


def test_halfling_mercenaries_strip_the_opposing_items_and_artifact():
    # Halfling Mercenaries (+1 ally): "Strip any existing artifact and magical items from an
    # opponent; do not affect any played after the mercenaries are in play." The Knight with
    # the Orb (+3) and the Sword (+2) leads the Mage 10 to 4; the Mercenaries send both to the
    # Knight's discard pile: 5 to 5. The Blade (+4) played after them counts: 9 to 5.
    halflings, = real(HALFLINGS)
    b = battle(make_engine(halflings, BLADE),
               side(realms=["Vale"], pool=[("Knight", ["Orb", "Sword"])], hand=["T/11"]),
               side(realms=["Vale"], hand=["Mage", HALFLINGS], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [10, 4]
    b.play(1, "Halfling Mercenaries")
    assert b.totals() == [5, 5]
    assert sorted(b.names(0, "discard")) == ["Practice Orb", "Practice Sword"]
    b.play(0, "T Blade")
    assert b.totals() == [9, 5]
    check(b)


# --- opponents_hand_size (the whole game) ---------------------------------------------------------

PERRENLAND = "3rd/126"


def test_perrenland_shrinks_the_opposing_hand_limit():
    # Perrenland (realm): "Maximum hand size for all opposing players is reduced by one." In
    # player_1's formation it takes player_0's phase-5 limit from 8 to 7 (player_1's stays 8):
    # with 8 cards player_0 discards one; razed, it has no power.
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from tests.spellfire.game.test_game_rules import Turn, table

    perrenland, = real(PERRENLAND)
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(perrenland,)))
    hand = ["Knight", "Sword", "Bolt", "Militia", "Giant", "Squire", "Punch", "Rally"]
    state = table(eng, side(realms=["Vale"], hand=hand),
                  side(realms=[PERRENLAND, "Harbor"]), phase=5)
    assert eng.hand_limit(state, 0) == 7 and eng.hand_limit(state, 1) == 8
    turn = Turn(eng, state)
    assert len(turn.labels()) == 8  # discard any one of the 8
    turn.play("Discard hand 0")
    assert len(state.table.players[0].discard) == 1
    limit, = turn.find("hand_limit")
    assert limit.data["limit"] == 7 and limit.data["cards"] == [PERRENLAND]
    state = table(eng, side(realms=["Vale"], hand=hand),
                  side(realms=[(PERRENLAND, True), "Harbor"]), phase=5)
    assert eng.hand_limit(state, 0) == 8


# --- discard_after_round to the Abyss; Ogo --------------------------------------------------------

HORRORS, OGO = "3rd/96", "3rd/233"


def test_horrors_of_the_abyss_send_the_opposing_champion_and_the_spell_to_the_abyss():
    # Horrors of the Abyss (+5, Off/4/5): "After the round of battle is concluded (win or lose),
    # this spell and the opposing champion are sent to the Abyss." The Mage (4) casts it
    # against the Knight (5): 9 to 5; the Knight's Giant makes 9 to 9 and the defender wins
    # the round (ties to the defender). The Knight, back in its pool, and the spell go to the
    # Abyss after the round; the Giant and the Mage to the discard piles as usual.
    horrors, = real(HORRORS)
    b = battle(make_engine(horrors), side(realms=["Vale"], hand=["Mage", HORRORS]),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Horrors of the Abyss")
    assert b.totals() == [9, 5]
    b.play(1, "Giant")
    assert b.totals() == [9, 9]
    assert b.b.winner == 1 and b.b.outcome == "repelled"
    assert b.names(1, "abyss") == ["Practice Knight"] and b.pool_names(1) == []
    assert b.names(0, "abyss") == ["Horrors of the Abyss"]
    assert b.names(0, "discard") == ["Practice Mage"]
    assert b.names(1, "discard") == ["Practice Giant"]
    assert b.find("after_battle_abyss")
    check(b)


def test_ogo_weakens_attackers_and_discards_those_brought_to_0():
    # Ogo (holding): "All champions and allies who attack the attached realm lose 3 levels -
    # any reduced to 0 are discarded immediately." The Knight (5) attacks at 2 against the
    # Mage (4); its Militia (+2) would be reduced to 0 (it may not be played), its Giant (+4)
    # adds 1. A hero of level 3 is discarded as the round starts.
    ogo, = real(OGO)
    page = card(30, "T Page", CardType.HERO, level=3)
    e = make_engine(ogo, page)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia", "Giant"]),
               side(realms=[("Vale", False, OGO)], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [2, 4]
    assert plays(b, 0) == {"Giant"}
    b.play(0, "Giant")
    assert b.totals() == [3, 4]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["T/30"]),
               side(realms=[("Vale", False, OGO)], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Page")
    b.present(1, "Mage")
    assert b.names(0, "discard") == ["T Page"] and b.b.winner == 1
    check(b)


# --- negate_powers --------------------------------------------------------------------------------

SHAYIRA, KACHA, INHUMAN = "3rd/270", "3rd/273", "3rd/285"


def test_shayira_negates_the_powers_played_against_her():
    # Shayira, cleric 3: "Negates the special powers (but not the bonuses) of all cards played
    # against her." With the Giant she leads the Mage 7 to 4. The Mage's Banishing (destroys
    # a champion of level 4 or less) leaves her standing; the Rally (+2 to its side by its
    # power) adds nothing; the Bolt's +3 (a bonus) counts: 7 to 7. The Priest (3) in her place
    # is banished.
    shayira, = real(SHAYIRA)
    e = make_engine(shayira)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Banishing", "Rally", "Bolt"]),
               side(realms=["Vale"], hand=[SHAYIRA, "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Shayira")
    b.play(1, "Giant")
    assert b.totals() == [4, 7]
    b.play(0, "Banishing")
    assert b.b.champion[1] is not None and b.totals() == [4, 7]
    b.play(0, "Rally")
    assert b.totals() == [4, 7]
    b.play(0, "Bolt")
    assert b.totals() == [7, 7]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Banishing"]),
               side(realms=["Vale", "Harbor"], hand=["Priest", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Giant")
    b.play(0, "Banishing")
    assert "Practice Priest" in b.names(1, "discard")


def test_kacha_and_inhuman_negate_weak_allies_powers():
    # Cha'thrang (+1 ally): "All nonflying allies opposing the Cha'thrnag lose 4 levels."
    # Ka'Cha (+3 ally): "Negates the power of all +1 or +2 allies played against him."
    # Inhuman (+2 ally): "Attached champion and allies are immune to ally powers for this round
    # of combat." The Mage (4) leads the Knight (5) with Ka'Cha (7) or Inhuman (6); the
    # Knight's Cha'thrang (+1) takes nothing from them: 6 to 7, 6 to 6. With the Giant (+4)
    # instead it takes 4: 6 to 4.
    kacha, inhuman, chathrang = real(KACHA, INHUMAN, CHATHRANG)
    e = make_engine(kacha, inhuman, chathrang)
    for ally, name, totals in ((KACHA, "Ka'Cha", [6, 7]), (INHUMAN, "Inhuman", [6, 6]),
                               ("Giant", "Giant", [6, 4])):
        b = battle(e, side(realms=["Vale"], hand=["Knight", CHATHRANG]),
                   side(realms=["Vale"], hand=["Mage", ally], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, name)
        b.play(0, "Cha'thrang")
        assert b.totals() == totals, name
        check(b)


# --- items_kept -----------------------------------------------------------------------------------

MORDENKAINEN = "3rd/162"


def test_mordenkainen_keeps_his_magical_items():
    # Mordenkainen, wizard 7: "Any magical item attached to Mordenkainen cannot be removed by any
    # means." He attacks with the Orb (+3, an artifact) and the Sword (+2): 12 against the
    # Mage's 4. The Halfling Mercenaries (+1: "strip any existing artifact and magical items")
    # take the Orb only: 9 to 5; a storm that destroys every magical item in play leaves the
    # Sword on him (and takes the Mage's Shield).
    mordenkainen, halflings = real(MORDENKAINEN, HALFLINGS)
    storm = card(60, "T Storm", CardType.EVENT, world=World.NO_WORLD, effects=(
        Effect(EffectKind.DESTROY_ALL, card_types=(int(CardType.MAGICAL_ITEM),)),))
    b = battle(make_engine(mordenkainen, halflings, storm),
               side(realms=["Vale"], pool=[(MORDENKAINEN, ["Orb", "Sword"])]),
               side(realms=["Vale"], pool=[("Mage", ["Shield"])], hand=[HALFLINGS, "T/60"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mordenkainen", zone="pool")
    b.present(1, "Mage", zone="pool")
    assert b.totals() == [12, 5]
    b.play(1, "Halfling Mercenaries")
    assert b.totals() == [9, 6] and b.names(0, "discard") == ["Practice Orb"]
    b.play(1, "T Storm")
    assert b.totals() == [9, 5] and "Practice Shield" in b.names(1, "discard")
    # The round is over (the Mage has nothing more): Mordenkainen is back in his pool, the
    # Sword still on him.
    assert b.b.winner == 0 and b.attached_names(0, "Mordenkainen") == ["Practice Sword"]
    check(b)


# --- discard_after_round of both champions (a holding) -------------------------------------------

CASTLE_DRAW = "3rd/37"


def test_castle_draw_discards_both_champions_win_or_lose():
    # Castle Draw (holding): "The foul air of Castle Draw causes each attacking champion to
    # become ill. All champions, even if victorious, are discarded." The Knight (5) beats the
    # Mage (4) at the attached Vale: the realm is razed, then the Knight leaves its pool for the
    # discard pile. With the Giant the Mage wins (8 to 5): the Knight is discarded as the
    # loser, and the Mage, back in its pool, after the round.
    draw, = real(CASTLE_DRAW)
    e = make_engine(draw)
    b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=[("Vale", False, CASTLE_DRAW), "Harbor"], hand=["Mage"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.b.winner == 0 and b.state.players[1].razed[0]
    assert b.pool_names(0) == [] and "Practice Knight" in b.names(0, "discard")
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=[("Vale", False, CASTLE_DRAW)], hand=["Mage", "Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Giant")
    assert b.b.winner == 1 and b.b.outcome == "repelled"
    assert b.pool_names(1) == [] and "Practice Mage" in b.names(1, "discard")
    check(b)


# --- attack_again on a carried item, discard_after_razing ---------------------------------------

ORB_OF_DOOM = "3rd/104"


def test_the_orb_of_doom_attacks_again_and_falls_with_a_realm():
    # Orb of Doom (+2, Def): "The attached champion can attack again this round if victorious.
    # If he razes a realm, the champion and all attachments are discarded." The Knight with it
    # (7) beats the Mage (4) at the Citadel (must be defeated twice): the realm stands and the
    # Knight, back in its pool, may be sent again; without the Orb it may not.
    orb, = real(ORB_OF_DOOM)
    e = make_engine(orb)
    for pool, again in (([("Knight", [ORB_OF_DOOM])], True), (["Knight"], False)):
        b = battle(e, side(realms=["Vale"], pool=pool, hand=["Griffon"], draw=["Squire"]),
                   side(realms=["Citadel"], hand=["Mage", "Priest"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Mage")
        assert b.find("realm_defeated") and not b.state.players[1].razed[0]
        assert ("Champion from pool 0" in b.legal_labels(0)) is again, pool
        assert "Champion from hand 0" in b.legal_labels(0)
        check(b)
    # At the Vale it razes the realm: the attacker draws its spoils as usual, then the Knight
    # and the Orb go to the discard pile.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [ORB_OF_DOOM])], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [7, 4] and b.state.players[1].razed[0] and b.b.winner == 0
    assert b.pool_names(0) == []
    assert sorted(b.names(0, "discard")) == ["Orb of Doom", "Practice Knight"]
    assert b.names(0, "hand") == ["Practice Squire"]  # the spoils, drawn before
    check(b)


# --- win_round with opponent_escapes: Charm Monster ----------------------------------------------

CHARM_MONSTER = "3rd/376"


def test_charm_monster_wins_the_round_and_sends_the_monster_home():
    # Charm Monster (wizard spell, Off/4): "An opposing monster returns to its pool; the caster
    # wins this round of battle." The Mage (4) trails the Griffon (a monster, 6) and casts it:
    # the round is the Mage's, the realm is razed, and the Griffon goes back to its pool (not
    # to the discard pile). Against the Knight (a hero) it does nothing: 4 to 5.
    charm, = real(CHARM_MONSTER)
    e = make_engine(charm)
    b = battle(e, side(realms=["Vale"], hand=["Mage", CHARM_MONSTER], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Griffon")
    assert b.totals() == [4, 6]
    b.play(0, "Charm Monster")
    assert b.b.winner == 0 and b.b.outcome == "razed" and b.state.players[1].razed[0]
    assert b.pool_names(1) == ["Practice Griffon"] and "Practice Griffon" not in b.names(
        1, "discard")
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Mage", CHARM_MONSTER], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Knight"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Charm Monster")
    assert b.totals() == [4, 5] and not b.find("power_wins_round")


# --- The Wolf Nomads (immune_to_named on a realm), Azhul the Hasty (attack_again) ----------------

WOLF_NOMADS, IUZ, AZHUL = "3rd/118", "1st/167", "3rd/266"


def test_the_wolf_nomads_fear_dragons_and_shrug_off_iuz():
    # The Wolf Nomads (realm): "The Wolf Nomads are immune to the power of Iuz the Evil. But
    # they are fearful of dragons, and dragons gain 1 level when attacking this realm." The Wyrm
    # (a dragon, 8) attacks it at 9 against the Knight's 5; the Griffon at its 6.
    nomads, iuz = real(WOLF_NOMADS, IUZ)
    e = make_engine(nomads, iuz)
    for attacker, total in (("Wyrm", 9), ("Griffon", 6)):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=[WOLF_NOMADS], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Knight")
        assert b.totals() == [total, 5], attacker
    # Iuz the Evil (monster 8): "If defeated, Iuz forces one razed enemy realm to be
    # discarded, or razes one realm." Defending against the Wyrm and the Giant (12), he is
    # defeated; his razing passes over the attacker's Wolf Nomads (A) for its Vale (B).
    for realms, razed in (([WOLF_NOMADS, "Vale"], [False, True]),
                          (["Harbor", "Vale"], [True, False])):
        b = battle(e, side(realms=realms, hand=["Wyrm", "Giant"], draw=["Squire"]),
                   side(realms=["Vale", "Harbor"], hand=[IUZ], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, "Iuz the Evil")
        b.play(0, "Giant")
        assert b.b.winner == 0 and b.find("after_battle_realm")
        assert b.state.players[0].razed[:2] == razed, realms
        check(b)


def test_azhul_the_hasty_attacks_again():
    # Azhul the Hasty, hero 4: "Azhul may attack with new allies as many times as he wants every
    # turn until he razes a realm or is defeated." Winning a round at the Citadel (must be
    # defeated twice), he may be sent again; the Knight may not.
    azhul, = real(AZHUL)
    e = make_engine(azhul)
    for champion, name, again in ((AZHUL, "Azhul the Hasty", True), ("Knight", "Knight", False)):
        b = battle(e, side(realms=["Vale"], pool=[champion], hand=["Griffon"], draw=["Squire"]),
                   side(realms=["Citadel"], hand=["Priest"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name, zone="pool")
        b.present(1, "Priest")  # 3 against 4 or 5, nothing to play: the round is lost
        assert b.find("realm_defeated") and not b.state.players[1].razed[0], name
        assert ("Champion from pool 0" in b.legal_labels(0)) is again, name


# --- player-wide holdings (the mark "player"): the Ancient Arms ---------------------------------

AA_HORNED, AA_GREYHAWK, AA_GREAT_KINGDOM, AA_NYROND, ARMS_GREAT_KINGDOM_1ST = (
    "3rd/142", "3rd/144", "3rd/145", "3rd/147", "1st/145")
TROLL = card(70, "T Troll", CardType.MONSTER, level=5)
GREYHAWK_TROLL = card(71, "T Hill Troll", CardType.MONSTER, level=5, world=World.GREYHAWK)


def _targets(b, attacker: str, zone: str = "hand") -> list[str]:
    """The realms ``attacker`` may attack (Attack realm X, then is it offered there?)."""
    out = []
    for slot in ("A", "B"):
        c = b.engine.clone(b.state)
        if f"Attack realm {slot}" not in b.legal_labels(0):
            continue
        b2 = type(b)(b.engine, c)
        b2.attack(slot)
        names = b2.names(0, zone)
        if any(names[int(x.split()[-1])] == attacker for x in b2.legal_labels(0)
               if x.startswith(f"Champion from {zone}")):
            out.append(slot)
    return out


def test_the_ancient_arms_give_movement_to_the_players_monsters():
    # Ancient Arms of Nyrond (holding): "This player's monsters have the ability to fly, swim, or
    # earthwalk as needed." On any realm of the attacker, it lets the Troll (a monster with no
    # movement) attack the defender's Harbor (B) behind its Vale (A); not the Knight (a hero).
    # Ancient Arms of the Horned Society: "This player's Greyhawk monsters all have the ability
    # to earthwalk, as do their allies": the Greyhawk troll, not the other.
    horned, nyrond = real(AA_HORNED, AA_NYROND)
    e = make_engine(horned, nyrond, TROLL, GREYHAWK_TROLL)
    defender = side(realms=["Vale", "Harbor"], hand=["Mage"])
    for arms, champion, name, slots in (
            (AA_NYROND, "T/70", "T Troll", ["A", "B"]), (AA_NYROND, "Knight", "Practice Knight",
                                                         ["A"]),
            (None, "T/70", "T Troll", ["A"]),
            (AA_HORNED, "T/71", "T Hill Troll", ["A", "B"]),
            (AA_HORNED, "T/70", "T Troll", ["A"])):
        realms = ["Harbor", ("Vale", False, arms) if arms else "Vale"]
        for zone in ("hand", "pool"):
            mine = side(realms=realms, **{zone: [champion]})
            b = battle(e, mine, defender)
            assert _targets(b, name, zone) == slots, (arms, name, zone)


def test_the_ancient_arms_of_greyhawk_double_undead_while_iuz_is_in_play():
    # Ancient Arms of Greyhawk (holding): "If Iuz the Evil is in play, this player's undead are
    # doubled in base level." The Ghoul (undead, 4) attacks the Knight (5): 8 with Iuz in its
    # player's pool, or in the other's; 4 without him.
    arms, iuz = real(AA_GREYHAWK, IUZ)
    e = make_engine(arms, iuz)
    for mine, theirs, total in (([IUZ], [], 8), ([], [IUZ], 8), ([], [], 4)):
        b = battle(e, side(realms=[("Vale", False, AA_GREYHAWK)], hand=["Ghoul"], pool=mine),
                   side(realms=["Vale"], hand=["Knight"], pool=theirs, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Ghoul")
        b.present(1, "Knight")
        assert b.totals() == [total, 5], (mine, theirs)


def test_the_arms_of_the_great_kingdom_raise_undead_allies_attacking_too():
    # Ancient Arms of the Great Kingdom (3rd): "All undead allies of this player are tripled in
    # level, when attacking or defending"; Arms of the Great Kingdom (1st): "... doubled in
    # level, whether attacking or defending." The Knight (5) attacks the Griffon (6) and plays
    # the Zombies (+2, undead): 5 + 3 x 2 = 11, 5 + 2 x 2 = 9; the Militia (not undead) +2.
    third, first = real(AA_GREAT_KINGDOM, ARMS_GREAT_KINGDOM_1ST)
    zombies = card(50, "T Zombies", CardType.ALLY, bonus=2, attributes=(Attribute.UNDEAD,))
    e = make_engine(third, first, zombies)
    for arms, ally, total in ((AA_GREAT_KINGDOM, "T/50", 11), (ARMS_GREAT_KINGDOM_1ST, "T/50", 9),
                              (AA_GREAT_KINGDOM, "Militia", 7)):
        b = battle(e, side(realms=["Vale", ("Harbor", False, arms)], hand=["Knight", ally]),
                   side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Griffon")
        b.play(0, "T Zombies" if ally == "T/50" else "Militia")
        assert b.totals() == [total, 6], (arms, ally)
        check(b)


# --- opposing_to_abyss ----------------------------------------------------------------------------

TKKYL, DUNGEON_OF_GULG = "3rd/265", "3rd/248"


def test_tkkyl_eats_the_allies_played_against_him():
    # T'kkyl, hero 3: "Although allies may be played against T'kkyl, if successful the
    # thri-kreen eats them. (They are sent to the Abyss and not the discard pile.)" With the
    # Giant he holds the Knight and its Militia 7 to 7 (ties to the defender): the Militia goes
    # to the Abyss, the Knight to the discard pile, T'kkyl's own Giant to his discard pile.
    tkkyl, = real(TKKYL)
    b = battle(make_engine(tkkyl), side(realms=["Vale"], hand=["Knight", "Militia"]),
               side(realms=["Vale"], hand=[TKKYL, "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "T'kkyl")
    b.play(1, "Giant")
    b.play(0, "Militia")
    assert b.totals() == [7, 7] and b.b.winner == 1
    assert b.names(0, "abyss") == ["Practice Militia"]
    assert b.names(0, "discard") == ["Practice Knight"]
    assert b.names(1, "discard") == ["Practice Giant"]
    check(b)


def test_dungeon_of_gulg_sends_attackers_to_the_abyss():
    # Dungeon of Gulg (holding): "All champions (if defeated) and allies who attack this realm
    # are sent to the Abyss at the end of battle." The Knight and its Militia (7) lose to the
    # Mage and the Giant (8): both go to the Abyss. Winning (7 to 5 against the Mage and the
    # Squire), the Knight returns to its pool; its Militia goes to the Abyss.
    dungeon, = real(DUNGEON_OF_GULG)
    e = make_engine(dungeon)
    for ally, knight_lost in (("Giant", True), ("Squire", False)):
        b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia"], draw=["Squire"]),
                   side(realms=[("Vale", False, DUNGEON_OF_GULG), "Harbor"], hand=["Mage", ally],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, ally)
        b.play(0, "Militia")
        assert (b.b.winner == 1) is knight_lost
        abyss = sorted(b.names(0, "abyss"))
        assert abyss == (["Practice Knight", "Practice Militia"] if knight_lost
                         else ["Practice Militia"]), ally
        assert (b.pool_names(0) == ["Practice Knight"]) is not knight_lost
        check(b)


# --- back_to_hand ---------------------------------------------------------------------------------

PUNISHER = "3rd/307"


def test_the_punisher_returns_to_the_hand_after_a_lost_round():
    # Punisher (+3 ally): "If on the losing side of a battle, the punisher returns to the
    # player's hand instead of being discarded." The Knight and the Punisher (8) tie the Mage
    # and the Giant (8): the defender wins, the Knight is discarded, the Punisher goes back to
    # its player's hand. Against the Mage and the Militia (6) they win, and the Punisher is
    # discarded as every ally of a round.
    punisher, = real(PUNISHER)
    e = make_engine(punisher)
    for ally, lost in (("Giant", True), ("Militia", False)):
        b = battle(e, side(realms=["Vale"], hand=["Knight", PUNISHER], draw=["Squire"]),
                   side(realms=["Vale", "Harbor"], hand=["Mage", ally], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, ally)
        b.play(0, "Punisher")
        assert (b.b.winner == 1) is lost, ally
        assert ("Punisher" in b.names(0, "hand")) is lost
        assert ("Punisher" in b.names(0, "discard")) is not lost
        check(b)


AA_VELUNA = "3rd/209"


def test_the_ancient_arms_of_veluna_resurrect_the_allies_of_a_greyhawk_defence():
    # Ancient Arms of Veluna (holding): "All allies played in the successful defense of any
    # Greyhawk realm held by this player are resurrected (returned to his hand) instead of
    # discarded." The Mage and the Militia (6) hold the Keep (Greyhawk) against the Knight (5):
    # the Militia goes back to the hand, the Arms on the player's Vale. At the Vale, or when the
    # Knight wins (with the Giant, 9), the Militia is discarded.
    veluna, = real(AA_VELUNA)
    e = make_engine(veluna, KEEP)
    for realms, attacker_ally, back in (
            (["T/2", ("Vale", False, AA_VELUNA)], None, True),
            ([("Vale", False, AA_VELUNA), "T/2"], None, False),
            (["T/2", ("Vale", False, AA_VELUNA)], "Giant", False)):
        b = battle(e, side(realms=["Vale"], hand=["Knight", *([attacker_ally] if attacker_ally
                                                              else [])], draw=["Squire"]),
                   side(realms=realms, hand=["Mage", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, "Militia")
        if attacker_ally:
            b.play(0, attacker_ally)
        assert ("Practice Militia" in b.names(1, "hand")) is back, (realms, attacker_ally)
        assert ("Practice Militia" in b.names(1, "discard")) is not back
        check(b)
