"""More real cards whose printed powers now compile (issue 13, coverage by behaviour), played in
scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it
(most of these cards are not in the built-in pack). Totals are worked out in the comments from
the practice cards (``battle_helpers``): Knight hero 5, Griffon flying monster 6, Mage wizard 4,
Priest cleric 3, Wyrm flying dragon monster 8, Shark swimming monster 5, Militia ally +2, Giant
ally +4, Squire ally +1, Bolt wizard spell +3 (Off), Blessing cleric spell +2, Orb artifact +3.
"""

from __future__ import annotations

from typing import Any

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real


def plays(b: Any, player: int) -> set[str]:
    """Names of the hand cards ``player`` is offered to play."""
    hand = b.names(player, "hand")
    return {hand[int(label.split()[-1])].removeprefix("Practice ")
            for label in b.legal_labels(player) if label.startswith("Play hand")}


# --- new kinds ------------------------------------------------------------------------------------

MIKA, SAKORNIA, FEJYELSAE = "1st/165", "1st/441", "1st/447"


def test_mika_gains_3_when_the_opponent_plays_an_ally():
    # Mika the Wolf-Nomad, wizard 7: "Mika gains 3 levels when the opponent uses allies against
    # him." 7 vs the Knight's 5; the Knight's Giant (+4) makes 9, and Mika 7 + 3 = 10.
    mika, = real(MIKA)
    b = battle(make_engine(mika), side(realms=["Vale"], hand=[MIKA]),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mika the Wolf-Nomad")
    b.present(1, "Knight")
    assert b.totals() == [7, 5]
    b.play(1, "Giant")
    assert b.totals() == [10, 9]
    assert b.b.outcome == "razed" and b.b.winner == 0  # the defender has nothing more
    check(b)


def test_sakornia_gains_with_an_artifact_fejyelsae_drops_with_allies():
    # Sakornia, hero 6: "gains 3 additional levels when using an artifact." Against the Griffon
    # (6) she ties (the defender's); with the Orb (+3 artifact) she is 6 + 3 + 3 = 12.
    sakornia, fejyelsae = real(SAKORNIA, FEJYELSAE)
    e = make_engine(sakornia, fejyelsae)
    b = battle(e, side(realms=["Vale"], hand=[SAKORNIA, "Orb"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Sakornia")
    b.present(1, "Griffon")
    assert b.totals() == [6, 6]
    b.play(0, "Orb")
    assert b.totals() == [12, 6]
    check(b)
    # Fejyelsae, hero 10: "If any allies are played with Fejyelsae, she drops to level 7." 10
    # against the Wyrm (8) and Giant (+4) = 12; her Militia (+2) gives 7 + 2 = 9, not 12.
    b = battle(e, side(realms=["Vale"], hand=[FEJYELSAE, "Militia"]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Fejyelsae")
    b.present(1, "Wyrm")
    b.play(1, "Giant")
    assert b.totals() == [10, 12]
    b.play(0, "Militia")
    assert b.totals() == [9, 12]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    check(b)


BALIC, DESERT_WARRIOR, ZIGGURAT, WALL_OF_THORNS = "1st/227", "1st/325", "1st/249", "1st/363"


def test_balic_halves_the_attacking_allies_rounding_up():
    # Balic (realm): "All attacking allies are halved (round up). Balic can defend itself as a
    # level 4 hero." Knight 5 vs the realm's 4; the realm's Militia (+2, not halved): 5 vs 6; the
    # Knight's Giant (+4) counts +2: 5 + 2 = 7 vs 6 (unhalved it would be 9).
    balic, = real(BALIC)
    b = battle(make_engine(balic), side(realms=["Vale"], hand=["Knight", "Giant", "Squire"]),
               side(realms=[BALIC], hand=["Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [5, 4]
    b.play(1, "Militia")
    assert b.totals() == [5, 6]
    b.play(0, "Giant")
    assert b.totals() == [7, 6]
    check(b)


def test_the_desert_warrior_s_first_ally_counts_as_printed():
    # Desert Warrior, hero 2: "The desert warrior's first ally each round is considered a +4,
    # regardless of the ally's actual level." 2 vs the Mage's 4; the Squire (+1) counts +4: 6;
    # the Mage's Giant: 6 vs 8; the second ally, the Militia, counts its own +2: 8 vs 8.
    warrior, = real(DESERT_WARRIOR)
    b = battle(make_engine(warrior), side(realms=["Vale"], hand=[DESERT_WARRIOR, "Squire",
                                                                 "Militia"]),
               side(realms=["Vale"], hand=["Mage", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Desert Warrior")
    b.present(1, "Mage")
    assert b.totals() == [2, 4]
    b.play(0, "Squire")
    assert b.totals() == [6, 4]
    b.play(1, "Giant")
    b.play(0, "Militia")
    assert b.totals() == [8, 8]
    check(b)


def test_ziggurat_doubles_the_defender_s_wizard_spell():
    # Ziggurat (holding): "The level bonus (number in icon) of any wizard spell cast in defense
    # of the attached realm is doubled." The defending Mage (4), losing to the Knight (5), casts
    # the Bolt (+3): 4 + 6 = 10 on the Ziggurat's realm, 4 + 3 = 7 on a bare one.
    ziggurat, = real(ZIGGURAT)
    e = make_engine(ziggurat)
    for realm, total in ((("Vale", False, ZIGGURAT), 10), ("Vale", 7)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=["Mage", "Bolt"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, "Bolt")
        assert b.totals() == [5, total], realm
        check(b)


def test_wall_of_thorns_stops_only_attackers_below_level_3():
    # Wall of Thorns (cleric spell +2): "Cast only when defending. Only attackers of level 3 or
    # higher can cross the wall." A level-2 hero with the Giant (2 + 4 = 6) against the Priest
    # (3): the wall ends the battle with no victor. The Knight (5) crosses it: 5 vs 3 + 2 = 5,
    # a tie, and the battle goes on.
    wall, = real(WALL_OF_THORNS)
    squirt = card(90, "T Squirt", CardType.HERO, level=2)
    e = make_engine(wall, squirt)
    b = battle(e, side(realms=["Vale"], hand=["T/90", "Giant"]),
               side(realms=["Vale"], hand=["Priest", WALL_OF_THORNS], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Squirt")
    b.present(1, "Priest")
    b.play(0, "Giant")
    assert "Wall of Thorns" in plays(b, 1)
    b.play(1, "Wall of Thorns")
    assert b.find("battle_ended_by_card") and b.b.outcome == "ended" and b.b.winner is None
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia"]),
               side(realms=["Vale"], hand=["Priest", WALL_OF_THORNS], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    b.play(1, "Wall of Thorns")
    assert not b.find("battle_ended_by_card") and b.totals() == [5, 5]
    check(b)


# --- new phrasings of existing kinds ------------------------------------------------------------

SUZAIL, CORMYR = "1st/35", "1st/5"


def test_suzail_gives_4_levels_only_on_cormyr():
    # Suzail (holding): "If attached to Cormyr, all defenders also gain 4 levels." The Knight
    # (5) defending Cormyr with Suzail is 9 against the Griffon's 6; on the Vale, 5.
    suzail, cormyr = real(SUZAIL, CORMYR)
    e = make_engine(suzail, cormyr)
    for realm, total in (((CORMYR, False, SUZAIL), 9), (("Vale", False, SUZAIL), 5)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Knight")
        assert b.totals() == [6, total], realm
        check(b)


CORAL_KINGDOM, DAGGERDALE, GIANTDOWNS = "4th/10", "4th/7", "4th/42"


def test_the_coral_kingdom_can_be_attacked_only_by_swimmers():
    # "The Coral Kingdom can be attacked only by swimmers." The Griffon (flyer) may not attack
    # it; the Shark (swimmer) may.
    coral, = real(CORAL_KINGDOM)
    e = make_engine(coral)
    defender = side(realms=[CORAL_KINGDOM], hand=["Knight"], draw=["Squire"])
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]), dict(defender))
    assert b.legal_labels(0) == ["Make no attack / end the attack"]
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Shark"]), dict(defender))
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from hand 1"]  # the Shark only
    check(b)


def test_no_allies_may_attack_daggerdale():
    # Daggerdale: "Allies cannot be used when attacking Daggerdale." The attacking Mage, losing
    # to the Griffon, is offered its Bolt but not its Militia; on the Vale both.
    dale, = real(DAGGERDALE)
    e = make_engine(dale)
    for realm, offered in ((DAGGERDALE, {"Bolt"}), ("Vale", {"Militia", "Bolt"})):
        b = battle(e, side(realms=["Vale"], hand=["Mage", "Militia", "Bolt"]),
                   side(realms=[realm], hand=["Griffon", "Giant"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Griffon")
        assert plays(b, 0) == offered, realm
        check(b)


def test_the_giantdowns_double_a_defending_giant():
    # The Giantdowns: "Giants defending this realm are doubled in base level. Monsters defending
    # the Giantdowns gain 3 levels." A giant hero (5) defends at 10; a giant monster (5) at
    # 5 * 2 + 3 = 13; the Knight (5, no giant) at 5.
    downs, = real(GIANTDOWNS)
    hero = card(91, "T Hill Giant", CardType.HERO, level=5, attributes=(17,))
    brute = card(92, "T Stone Giant", CardType.MONSTER, level=5, attributes=(17,))
    e = make_engine(downs, hero, brute)
    for defender, name, total in (("T/91", "T Hill Giant", 10), ("T/92", "T Stone Giant", 13),
                                  ("Knight", "Knight", 5)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[GIANTDOWNS], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, name)
        assert b.totals() == [6, total], name
        check(b)


TERGOZ, ROC = "3rd/60", "4th/241"


def test_no_allies_may_be_played_against_tergoz():
    # Tergoz Tenhammer, hero 5: "Allies are so terrified they cannot be played against Tergoz."
    # The Mage (4), losing to him, is offered its Bolt but not its Militia; the Knight in his
    # place is offered both.
    tergoz, = real(TERGOZ)
    e = make_engine(tergoz)
    for name, key, offered in (("Tergoz Tenhammer", TERGOZ, {"Bolt"}),
                               ("Knight", "Knight", {"Bolt", "Militia"})):
        b = battle(e, side(realms=["Vale"], hand=[key]),
                   side(realms=["Vale"], hand=["Mage", "Militia", "Bolt"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Mage")
        assert plays(b, 1) == offered, name
        check(b)


def test_the_roc_discards_flying_allies_and_bars_more():
    # Roc (ally +8): "Flying allies cannot be played against the roc and any already in play
    # must be discarded." The defender's flying Hawk (+3) is discarded when the Roc comes in,
    # and the second Hawk is not offered; the Militia still is.
    roc, = real(ROC)
    hawk = card(93, "T Hawk", CardType.ALLY, bonus=3, attributes=(int(Attribute.FLYER),))
    e = make_engine(roc, hawk)
    b = battle(e, side(realms=["Vale"], hand=["Mage", ROC]),
               side(realms=["Vale"], hand=["Knight", "T/93", "T/93", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")  # 4 vs 5
    b.play(0, "Roc")  # 12 vs 5
    assert b.totals() == [12, 5] and plays(b, 1) == {"Militia"}  # no Hawk against the Roc
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Knight", ROC]),
               side(realms=["Vale"], hand=["Mage", "T/93", "T/93", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")  # 5 vs 4
    b.play(1, "T Hawk")  # 5 vs 7
    b.play(0, "Roc")  # the Hawk is discarded: 13 vs 4
    assert b.totals() == [13, 4] and "T Hawk" in b.names(1, "discard")
    assert plays(b, 1) == {"Militia"}
    check(b)


DISPEL_MAGIC_3RD, MERIKA = "3rd/346", "4th/326"


def test_third_edition_dispel_magic_cancels_the_opposing_spell_at_any_time():
    # Dispel Magic (3rd Edition, wizard spell): "Can be cast at any time to cancel the effects of
    # a just-cast spell or to cancel an existing spell." The Mage (4) vs the Priest (3) on the
    # Vale: the Priest's Blessing (+2) makes 4 vs 5; Dispel Magic cancels it: 4 vs 3.
    dispel, = real(DISPEL_MAGIC_3RD)
    assert {e.kind for e in dispel.effects} == {EffectKind.PLAY_ANY_TIME,
                                                EffectKind.CANCEL_SPELL}
    b = battle(make_engine(dispel), side(realms=["Vale"], hand=["Mage", DISPEL_MAGIC_3RD]),
               side(realms=["Vale"], hand=["Priest", "Blessing"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Blessing")
    assert b.totals() == [4, 5]
    b.play(0, "Dispel Magic")
    assert [ev.data["cancelled"] for ev in b.find("spell_cancelled")] == ["PR/51"]
    assert b.totals() == [4, 3]
    check(b)


def test_merika_may_use_a_blood_ability():
    # Merika, hero 3: "Merika can use blood abilities." A blood ability (+2) is offered to her,
    # not to the Knight (a hero without that power).
    merika, = real(MERIKA)
    blood = card(94, "T Bloodline", CardType.BLOOD_ABILITY, bonus=2)
    e = make_engine(merika, blood)
    for key, name, offered in ((MERIKA, "Merika", {"T Bloodline"}), ("Knight", "Knight", set())):
        b = battle(e, side(realms=["Vale"], hand=[key, "T/94"]),
                   side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Wyrm")
        assert plays(b, 0) == offered, name
        check(b)


# --- second batch: base levels, totals of allies, armed levels, negative conditions ------------

INTELLECT_DEVOURER, INTELLECT_DEVOURER_3RD, FLAME_STRIKE, DRAJ = (
    "1st/86", "3rd/86", "1st/367", "1st/221")


def test_intellect_devourer_counts_items_and_artifacts():
    # Intellect Devourer (ally +1), 1st Edition: "Immediately destroys an opposing champion of
    # level 5 or less. Count only magical item and artifact bonuses when determining level."
    # The attacking Mage (4), losing, plays it: the defending Knight (5) is destroyed; with its
    # Sword (+2 item) the Knight is 7 and stays (4 + 1 = 5 vs 7). 3rd Edition: "... of base level
    # 5 or less": the Knight with its Sword is destroyed (base level 5).
    first, third = real(INTELLECT_DEVOURER, INTELLECT_DEVOURER_3RD)
    e = make_engine(first, third)
    for key, carried, destroyed in ((INTELLECT_DEVOURER, [], True),
                                    (INTELLECT_DEVOURER, ["Sword"], False),
                                    (INTELLECT_DEVOURER_3RD, ["Sword"], True)):
        b = battle(e, side(realms=["Vale"], hand=["Mage", key]),
                   side(realms=["Vale"], pool=[("Knight", carried)], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Knight", zone="pool")
        b.play(0, "Intellect Devourer")
        assert ("Practice Knight" in b.names(1, "discard")) is destroyed, (key, carried)
        if not destroyed:
            assert b.totals() == [5, 7]
        check(b)


def test_flame_strike_destroys_allies_totalling_6_or_less():
    # Flame Strike (cleric spell): "Destroys any number of opposing allies with levels totaling 6
    # or less, selected by the caster." The attacking Knight's Giant (+4), Militia (+2) and
    # Squire (+1) total 7: the caster takes the Giant and the Militia (6 levels, the most that
    # fit), the Squire stays. Knight 5 + 7 = 12 vs the Priest's 3; after the strike 5 + 1 = 6.
    strike, = real(FLAME_STRIKE)
    b = battle(make_engine(strike), side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Priest", FLAME_STRIKE, "Blessing"], draw=["Squire"]),
               step="cards", realm="A", to_play=1,
               champions=[{"champion": "PR/20", "attached": []},
                          {"champion": "PR/22", "attached": []}],
               support=[["PR/31", "PR/30", "PR/32"], []])
    assert b.engine.totals(b.state) == [12, 3]
    b.play(1, "Flame Strike")
    destroyed = b.find("cards_destroyed")[-1].data["cards"]
    assert sorted(destroyed) == ["PR/30", "PR/31"]
    assert sorted(b.names(0, "discard")) == ["Practice Giant", "Practice Militia"]
    assert b.totals() == [6, 3]
    check(b)


def test_draj_takes_2_levels_from_an_attacker_that_cannot_fly():
    # Draj (realm): "Nonflying attackers lose 2 levels." The Knight (5) attacks at 3 against the
    # Mage (4); the Griffon (6, a flyer) keeps its 6.
    draj, = real(DRAJ)
    e = make_engine(draj)
    for attacker, level in (("Knight", 3), ("Griffon", 6)):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=[DRAJ], hand=["Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Mage")
        assert b.totals() == [level, 4], attacker
        check(b)


QUEEN_FRUMPY, ICE_STORM, FLAME = "RR/42", "4th/132", "DR/27"


def test_queen_frumpy_bars_allies_of_4_or_less():
    # Queen Frumpy (monster 5): "She is so repulsive, allies of +4 or less cannot be played
    # against her." The Knight, losing, may play its +5 Ogre but not its Giant (+4).
    frumpy, = real(QUEEN_FRUMPY)
    ogre = card(95, "T Ogre", CardType.ALLY, bonus=5)
    e = make_engine(frumpy, ogre)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Giant", "T/95"]),
               side(realms=["Vale"], hand=[QUEEN_FRUMPY], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Queen Frumpy the Fire Giant")
    assert plays(b, 0) == {"T Ogre"}
    check(b)


def test_ice_storm_destroys_champions_and_allies_of_base_level_4_or_less():
    # Ice Storm (event): "Destroys all champions and allies of base level 4 or less in play
    # anywhere." Played by the attacking Knight (5) against the Mage (4) with a Militia: the
    # Mage, the Militia and the Rogue (3) in the defender's pool are discarded.
    storm, = real(ICE_STORM)
    b = battle(make_engine(storm), side(realms=["Vale"], hand=["Knight", ICE_STORM],
                                        pool=["Griffon"]),
               side(realms=["Vale"], hand=["Mage", "Militia"], pool=["Rogue"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Militia")  # 5 vs 6
    b.play(0, "Ice Storm")
    assert sorted(b.names(1, "discard")) == ["Practice Mage", "Practice Militia",
                                             "Practice Rogue"]
    # The Knight and the Griffon are untouched (the Knight back in its pool, seed 001).
    assert sorted(b.pool_names(0)) == ["Practice Griffon", "Practice Knight"]
    check(b)


def test_flame_must_be_defeated_twice_while_defending():
    # Flame (dragon 9): "Flame must be defeated twice while defending before being discarded."
    # Beaten once (Knight 5 + Giant 4 + Orb 3 = 12 vs 9) he stays in the pool and the realm
    # stands; the Orb is still on the Knight, so the second champion attacks again.
    flame, = real(FLAME)
    b = battle(make_engine(flame), side(realms=["Vale"], hand=["Knight", "Orb", "Giant",
                                                               "Griffon"]),
               side(realms=["Vale"], hand=[FLAME], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Flame")
    b.play(0, "Orb")  # 8 vs 9
    b.play(0, "Giant")  # 12 vs 9
    assert b.find("champion_defeated_once") and "Flame" in b.pool_names(1)
    assert not b.state.players[1].razed[0]
    check(b)


# --- third batch: bypassing a defender, 3rd Edition phrasings ------------------------------------

INVISIBILITY, PHANTASMAL_FORCE = "1st/339", "3rd/347"


def test_invisibility_bypasses_a_defending_hero_and_razes_the_realm():
    # Invisibility (wizard spell): "An invisible champion can bypass a defending hero (not a
    # monster, wizard, or cleric) and destroy the realm. The defending hero returns to the pool."
    # The Mage, losing to the Knight (hero), casts it: the realm is razed, both champions go back
    # to their pools, the attacker draws spoils (seed 001). Against the Priest (cleric) nothing
    # happens.
    invisibility, force = real(INVISIBILITY, PHANTASMAL_FORCE)
    lich = card(96, "T Lich", CardType.WIZARD, level=4, attributes=(int(Attribute.UNDEAD),))
    e = make_engine(invisibility, force, lich)
    b = battle(e, side(realms=["Vale"], hand=["Mage", INVISIBILITY], draw=["Militia"]),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    b.play(0, "Invisibility")
    assert b.find("realm_razed_by_card") and b.state.players[1].razed[0]
    assert b.pool_names(1) == ["Practice Knight"] and b.pool_names(0) == ["Practice Mage"]
    assert "Practice Militia" in b.names(0, "hand")  # spoils
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Mage", INVISIBILITY]),
               side(realms=["Vale"], hand=["Priest", "Blessing"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Blessing")  # 4 vs 5
    b.play(0, "Invisibility")
    assert not b.find("realm_razed_by_card") and not b.state.players[1].razed[0]
    check(b)
    # Improved Phantasmal Force (+6): "If cast by an undead champion, he can bypass a defending
    # wizard or cleric and raze the realm." An undead wizard razes the realm defended by the
    # Mage; the living Mage casting it against a Mage only adds 6 (4 vs 4, the tie is the
    # defender's, then 10 vs 4).
    for caster, name, razed in (("T/96", "T Lich", True), ("Mage", "Mage", False)):
        b = battle(e, side(realms=["Vale"], hand=[caster, PHANTASMAL_FORCE]),
                   side(realms=["Vale"], hand=["Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Mage")
        b.play(0, "Improved Phantasmal Force")
        assert bool(b.find("realm_razed_by_card")) is razed, name
        if razed:  # seed 001: razed by card play, the defending Mage back in its pool
            assert b.pool_names(1) == ["Practice Mage"]
        else:
            assert b.totals() == [10, 4]
        check(b)


CORMYR_3RD, TROLLMOORS, THEOCRACY, URNST = "3rd/5", "3rd/30", "3rd/130", "3rd/132"


def test_third_edition_realms():
    # Cormyr (3rd): "Can cast any wizard spell." The Knight defending it may cast the Bolt.
    cormyr, trollmoors, theocracy, urnst = real(CORMYR_3RD, TROLLMOORS, THEOCRACY, URNST)
    e = make_engine(cormyr, trollmoors, theocracy, urnst)
    for realm, offered in ((CORMYR_3RD, {"Bolt"}), ("Vale", set())):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=["Knight", "Bolt"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Knight")
        assert plays(b, 1) == offered, realm
        check(b)
    # The Trollmoors: "must be defeated twice in one turn before being razed": beaten once by
    # the Griffon (6 vs the Knight's 5), the realm stands and the attacker may go on.
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Wyrm"]),
               side(realms=[TROLLMOORS], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight")
    assert not b.state.players[1].razed[0] and b.b.step == "attacker"
    check(b)
    # Theocracy of the Pale: "Clerics refuse to attack the Theocracy; clerics who defend the
    # realm, however, double their base level." The Priest may not attack it; defending it the
    # Priest is 6 against the Griffon's 6.
    b = battle(e, side(realms=["Vale"], hand=["Priest"]),
               side(realms=[THEOCRACY], hand=["Knight"], draw=["Squire"]))
    assert b.legal_labels(0) == ["Make no attack / end the attack"]
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
               side(realms=[THEOCRACY], hand=["Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Priest")
    assert b.totals() == [6, 6]
    check(b)
    # The Duchy of Urnst: "... the realm is immune to swimmers." The Shark may not attack it.
    b = battle(e, side(realms=["Vale"], hand=["Shark"]),
               side(realms=[URNST], hand=["Knight"], draw=["Squire"]))
    assert b.legal_labels(0) == ["Make no attack / end the attack"]


BAD_OMENS, FORTUNATE_OMENS, BERSERK_WRATH = "3rd/91", "3rd/92", "3rd/180"


def test_third_edition_events_for_one_side():
    # Bad Omens: "All champions and allies, other than the event player's, lose 2 levels until
    # the player's next turn." Fortunate Omens: "This player's allies gain 3 levels until his
    # next turn." Berserk Wrath!: "Only this player's heroes gain 5 levels until the end of his
    # next turn." The attacking Knight (5) with a Squire (+1) against the Griffon (6) with a
    # Militia (+2): 6 vs 8; Bad Omens: 6 vs 8 - 2 - 2 = 4; Fortunate Omens: 6 + 3 = 9 vs 8;
    # Berserk Wrath!: 11 vs 8 (the Knight is a hero).
    cards = real(BAD_OMENS, FORTUNATE_OMENS, BERSERK_WRATH)
    e = make_engine(*cards)
    for event, name, totals in ((BAD_OMENS, "Bad Omens", [6, 4]),
                                (FORTUNATE_OMENS, "Fortunate Omens", [9, 8]),
                                (BERSERK_WRATH, "Berserk Wrath!", [11, 8])):
        b = battle(e, side(realms=["Vale"], hand=["Knight", event]),
                   side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]),
                   step="cards", realm="A", to_play=0,
                   champions=[{"champion": "PR/20", "attached": []},
                              {"champion": "PR/23", "attached": []}],
                   support=[["PR/32"], ["PR/30"]])
        assert b.engine.totals(b.state) == [6, 8]
        b.play(0, name)
        assert b.totals() == totals, name
        check(b)


WAND_OF_LIGHT, TYSILN, RANGERS = "3rd/109", "3rd/163", "3rd/196"


def test_powers_against_kinds_of_champions():
    # Wand of Light (+3 item): "Any undead, werecreature, or vampire loses 2 levels against the
    # wand." The Knight with the Wand is 8; the Ghoul (undead, 4) falls to 2, the Mage stays 4.
    wand, tysiln, rangers = real(WAND_OF_LIGHT, TYSILN, RANGERS)
    dl_hero = card(97, "T Solamnic Knight", CardType.HERO, level=9, world=World.DRAGONLANCE)
    e = make_engine(wand, tysiln, rangers, dl_hero)
    for defender, total in (("Ghoul", 2), ("Mage", 4)):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", [WAND_OF_LIGHT])]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, defender)
        assert b.totals() == [8, total], defender
        check(b)
    # Tysiln San: "hates Dragonlance heroes and automatically wins any battle against them";
    # Rangers of the Hornwood: "automatically defeats all Forgotten Realms heroes" (the Knight
    # is one). Both win the round when they activate, whatever the levels.
    for key, name, defender, wins in ((TYSILN, "Tysiln San", "T/97", True),
                                      (TYSILN, "Tysiln San", "Knight", False),
                                      (RANGERS, "Rangers of the Hornwood", "Knight", True),
                                      (RANGERS, "Rangers of the Hornwood", "T/97", False)):
        b = battle(e, side(realms=["Vale"], hand=[key]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "T Solamnic Knight" if defender == "T/97" else "Knight")
        assert bool(b.find("power_wins_round")) is wins, (name, defender)
        check(b)


CISTERN_FIEND, MUL_SAVAGE, LION_OF_URIK, NECKLACE_3RD = "3rd/282", "3rd/284", "3rd/304", "3rd/320"


def test_third_edition_immunities():
    # Cistern Fiend (monster 2): "Immune to offensive and defensive spells. Enemy allies cannot
    # be used against this fiend." With its Giant the fiend is 6 against the Mage's 4: the Mage
    # is offered its Bolt but not its Militia, and the Bolt (+3) counts nothing: 6 vs 4.
    fiend, savage, lion, necklace = real(CISTERN_FIEND, MUL_SAVAGE, LION_OF_URIK, NECKLACE_3RD)
    e = make_engine(fiend, savage, lion, necklace)
    b = battle(e, side(realms=["Vale"], hand=[CISTERN_FIEND, "Giant"]),
               side(realms=["Vale"], hand=["Mage", "Bolt", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Cistern Fiend")
    b.present(1, "Mage")  # 2 vs 4
    b.play(0, "Giant")  # 6 vs 4
    assert plays(b, 1) == {"Bolt"}
    b.play(1, "Bolt")
    assert b.totals() == [6, 4]
    check(b)
    # Mul Savage (monster 6): "Immune to offensive and defensive magical items." The Knight's
    # Sword (+2) adds nothing: 5 vs 6.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])]),
               side(realms=["Vale"], hand=[MUL_SAVAGE], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mul Savage")
    assert b.totals() == [5, 6]
    check(b)
    # The Lion of Urik (monster 8): "Immune to psionic attack." The Seer's Mind Blast (+3, Off
    # psionic power) counts nothing against it: 8 vs 4. The Necklace (item): "Allows the
    # attached champion to cast wizard spells and confers immunity to psionic powers": the
    # Knight carrying it may cast the Bolt, and the Mind Blast counts nothing against it.
    b = battle(e, side(realms=["Vale"], hand=[LION_OF_URIK]),
               side(realms=["Vale"], hand=["Seer", "Mind Blast"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "The Lion of Urik")
    b.present(1, "Seer")
    b.play(1, "Mind Blast")
    assert b.totals() == [8, 4]
    check(b)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [NECKLACE_3RD])], hand=["Bolt"]),
               side(realms=["Vale"], hand=["Wyrm", "Mind Blast"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")  # 5 vs 8
    assert plays(b, 0) == {"Bolt"}
    check(b)


HELL_HOUND, PROTECTION_FROM_LIGHTNING, FIREBALL, FIRE_SHIELD = (
    "1st/190", "1st/368", "1st/331", "3rd/379")


def test_immunities_to_cards_of_a_name():
    # Hell Hound (ally +5): "All cards friendly to the hell hound are immune to fireball
    # spells." Fireball: "Destroys immediately all opposing allies of level 4 or less." The
    # defending Knight with the Hound and a Militia: the attacker's Fireball destroys nothing
    # (and the Mage stays at 4); without the Hound it takes the Militia and the Giant.
    hound, protection, fireball, shield = real(HELL_HOUND, PROTECTION_FROM_LIGHTNING, FIREBALL,
                                               FIRE_SHIELD)
    strike = card(98, "T Lightning Strike", CardType.WIZARD_SPELL, bonus=4, mark=Mark.OFF)
    e = make_engine(hound, protection, fireball, shield, strike)
    for allies, destroyed in (([HELL_HOUND, "PR/30"], []), (["PR/31", "PR/30"],
                                                            ["PR/30", "PR/31"])):
        b = battle(e, side(realms=["Vale"], hand=["Mage", FIREBALL]),
                   side(realms=["Vale"], draw=["Squire"]),
                   step="cards", realm="A", to_play=0,
                   champions=[{"champion": "PR/21", "attached": []},
                              {"champion": "PR/20", "attached": []}],
                   support=[[], allies])
        b.play(0, "Fireball")
        gone = [c for ev in b.find("cards_destroyed") for c in ev.data["cards"]]
        assert sorted(gone) == destroyed, allies
        check(b)
    # Protection from Lightning (cleric spell): "Lightning cannot harm the caster or his allies
    # in this battle." After it, the Mage's Lightning Strike (+4, Off) counts nothing: 4 vs 5
    # (the Priest 3 + Blessing 2); without it 8 vs 5.
    for protected, totals in ((True, [4, 5]), (False, [8, 5])):
        hand = ["Priest", "Blessing"] + ([PROTECTION_FROM_LIGHTNING] if protected else [])
        b = battle(e, side(realms=["Vale"], hand=["Mage", "T/98"]),
                   side(realms=["Vale"], hand=hand, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Priest")
        if protected:
            b.play(1, "Protection from Lightning")
        b.play(1, "Blessing")
        b.play(0, "T Lightning Strike")
        assert b.totals() == totals, protected
        check(b)
    # Fire Shield (wizard spell +5): "The caster and his allies are immune to all spells with
    # the words "fire" or "flame" in the name." The defending Mage plays its Militia and its
    # Fire Shield (4 + 2 + 5 = 11); the attacking Mage's Fireball then destroys nothing.
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Giant", FIREBALL]),
               side(realms=["Vale"], hand=["Mage", FIRE_SHIELD, "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Mage")  # 4 vs 4
    b.play(0, "Giant")  # 8 vs 4
    b.play(1, "Militia")  # 8 vs 6
    b.play(1, "Fire Shield")  # 8 vs 11
    b.play(0, "Fireball")  # no effect on the shielded side
    assert not b.find("cards_destroyed") and b.totals() == [8, 11]
    check(b)


KANK_LANCERS, SHIELD_OF_GORE, SHIELD_3RD, MAGIC_MISSILE, SLEEP_3RD, BORYS = (
    "3rd/255", "3rd/317", "3rd/342", "1st/334", "3rd/341", "3rd/305")


def test_kank_lancers_discard_swimmers_and_bar_more():
    # Kank Lancers (ally +6): "All opposing swimmers (champions and allies) are discarded
    # immediately; no more can be played against it." Against the Knight with a swimming
    # Otter (+3) in the round: the Otter is discarded and the second Otter is not offered.
    # Against the Shark (swimmer): the Shark is discarded by card play and loses the round.
    lancers, = real(KANK_LANCERS)
    otter = card(99, "T Otter", CardType.ALLY, bonus=3, attributes=(int(Attribute.SWIMMER),))
    e = make_engine(lancers, otter)
    b = battle(e, side(realms=["Vale"], hand=["Knight", KANK_LANCERS]),
               side(realms=["Vale"], hand=["Mage", "T/99", "T/99", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")  # 5 vs 4
    b.play(1, "T Otter")  # 5 vs 7
    b.play(0, "Kank Lancers")  # the Otter is discarded: 11 vs 4
    assert "T Otter" in b.names(1, "discard") and b.totals() == [11, 4]
    assert plays(b, 1) == {"Militia"}
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Knight", KANK_LANCERS]),
               side(realms=["Vale"], hand=["Shark", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Shark")  # 5 vs 5: the tie is the defender's
    b.play(0, "Kank Lancers")
    assert "Practice Shark" in b.names(1, "discard")
    check(b)


def test_shield_of_gore_discards_small_allies_and_bars_them():
    # Shield of Gore (item +3, Off): "Allies of less than +4 cannot be played against the
    # attached champion, and allies of +1 or +2 currently in battle are discarded." The Mage's
    # Militia (+2) is discarded when the Knight takes the Shield (5 + 3 = 8 vs 4); the Mage may
    # then play its Giant (+4) but not its Squire (+1) nor its second Militia.
    gore, = real(SHIELD_OF_GORE)
    b = battle(make_engine(gore), side(realms=["Vale"], hand=["Knight", SHIELD_OF_GORE]),
               side(realms=["Vale"], hand=["Mage", "Militia", "Squire", "Giant", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")  # 5 vs 4
    b.play(1, "Militia")  # 5 vs 6
    b.play(0, "Shield of Gore")
    assert b.names(1, "discard") == ["Practice Militia"]
    assert b.totals() == [8, 4]
    assert plays(b, 1) == {"Giant"}
    check(b)


def test_shield_negates_magic_missile_and_third_edition_spells():
    # Shield (wizard spell +2): "Negates the Magic Missile spell." The attacking Mage's Magic
    # Missile (+3, Off) makes 7 against a wizard (4, no immunity); the wizard's Shield (+2)
    # negates it: 4 vs 6. A Bolt (+3) is not negated: 7 vs 6.
    shield, missile, sleep, borys = real(SHIELD_3RD, MAGIC_MISSILE, SLEEP_3RD, BORYS)
    wizard = card(100, "T Wizard", CardType.WIZARD, level=4)
    e = make_engine(shield, missile, sleep, borys, wizard)
    for spell, name, totals in ((MAGIC_MISSILE, "Magic Missile", [4, 6]), ("Bolt", "Bolt",
                                                                            [7, 6])):
        b = battle(e, side(realms=["Vale"], hand=["Mage", spell]),
                   side(realms=["Vale"], hand=["T/100", SHIELD_3RD], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "T Wizard")  # 4 vs 4: the attacker plays first
        b.play(0, name)  # 7 vs 4
        b.play(1, "Shield")  # 7 vs 6, or 4 vs 6 once the Missile is negated
        assert b.totals() == totals, name
        check(b)
    # Sleep (3rd Edition): "Eliminates up to three opposing allies of level 1 or 2 ... Can be cast
    # during any battle, including those between opponents" (no such battle with two players):
    # of the Knight's Giant, Militia and Squire (5 + 7 = 12 vs 4) the Militia and the Squire go.
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", SLEEP_3RD, "Giant"], draw=["Squire"]),
               step="cards", realm="A", to_play=1,
               champions=[{"champion": "PR/20", "attached": []},
                          {"champion": "PR/21", "attached": []}],
               support=[["PR/31", "PR/30", "PR/32"], []])
    b.play(1, "Sleep")
    assert sorted(b.find("cards_destroyed")[-1].data["cards"]) == ["PR/30", "PR/32"]
    assert b.totals() == [9, 4]
    check(b)
    # Borys the Dragon (3rd): "Can cast wizard and cleric spells and use psionic powers": the
    # Blessing (cleric spell) is offered to him.
    b = battle(e, side(realms=["Vale"], hand=[BORYS, "Blessing"]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Borys the Dragon")
    b.present(1, "Wyrm")  # 9 vs 8
    b.play(1, "Giant")  # 9 vs 12
    assert plays(b, 0) == {"Blessing"}
    check(b)


# --- fourth batch: 4th Edition wordings -----------------------------------------------------------

BOERUINE, THORN_THRONE, STAFF_OF_STRIKING, WICKEDNESS_4TH, NECKLACE_4TH = (
    "4th/51", "4th/102", "4th/164", "4th/175", "4th/176")
HELL_HOUND_4TH, ARCHER_4TH, BRINE_DRAGON, RIKUS_4TH, KAZHAL = (
    "4th/216", "4th/232", "4th/237", "4th/259", "4th/260")


def test_fourth_edition_grants_of_uses():
    # Boeruine: "Any champion defending Boeruine can cast wizard spells and use blood
    # abilities." The Thorn Throne (holding): "Elf champions defending the attached realm may
    # cast wizard spells and use blood abilities." The Knight defending Boeruine is offered the
    # Bolt and a blood ability; on the Thorn Throne's realm only an elf hero is.
    boeruine, throne, necklace = real(BOERUINE, THORN_THRONE, NECKLACE_4TH)
    blood = card(101, "T Bloodline", CardType.BLOOD_ABILITY, bonus=2)
    elf = card(102, "T Elf Lord", CardType.HERO, level=5, attributes=(int(Attribute.ELF),))
    e = make_engine(boeruine, throne, necklace, blood, elf)
    for realm, defender, name, offered in (
            (BOERUINE, "Knight", "Knight", {"Bolt", "T Bloodline"}),
            (("Vale", False, THORN_THRONE), "Knight", "Knight", set()),
            (("Vale", False, THORN_THRONE), "T/102", "T Elf Lord", {"Bolt", "T Bloodline"})):
        b = battle(e, side(realms=["Vale"], hand=["Griffon"]),
                   side(realms=[realm], hand=[defender, "Bolt", "T/101"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, name)  # 6 vs 5 (Boeruine's own level is not the Knight's)
        assert plays(b, 1) == offered, (realm, name)
        check(b)
    # The Necklace (4th): "The attached champion can cast wizard spells and is immune to
    # offensive psionic power cards." The Knight carrying it is offered the Bolt.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [NECKLACE_4TH])], hand=["Bolt"]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    assert plays(b, 0) == {"Bolt"}
    check(b)


def test_fourth_edition_items_and_allies():
    # Staff of Striking (+3 item): "The bonus becomes +8 if attached to a cleric." The Priest
    # (3) with it is 11; the Knight (5) with it is 8.
    staff, wicked, hound, archer, brine, kazhal = real(
        STAFF_OF_STRIKING, WICKEDNESS_4TH, HELL_HOUND_4TH, ARCHER_4TH, BRINE_DRAGON, KAZHAL)
    e = make_engine(staff, wicked, hound, archer, brine, kazhal)
    for holder, total in (("Priest", 11), ("Knight", 8)):
        b = battle(e, side(realms=["Vale"], pool=[(holder, [STAFF_OF_STRIKING])]),
                   side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
        b.attack("A")
        b.present(0, holder, zone="pool")
        b.present(1, "Wyrm")
        assert b.totals() == [total, 8], holder
        check(b)
    # Elven Archer (4th, +3) and Brine Dragon (+6): one enemy ally is killed (the strongest,
    # [decided]); Shield of Wickedness (4th): one enemy ally switches sides. Against the Mage's
    # Giant and Militia (4 + 6 = 10): the Archer takes the Giant (Knight 5 + 3 = 8 vs 6), the
    # Shield takes it to the Knight's side (5 + 4 = 9 vs 6).
    for key, name, totals in ((ARCHER_4TH, "Elven Archer", [8, 6]),
                              (BRINE_DRAGON, "Brine Dragon", [11, 6]),
                              (WICKEDNESS_4TH, "Shield of Wickedness", [9, 6])):
        b = battle(e, side(realms=["Vale"], hand=["Knight", key]),
                   side(realms=["Vale"], hand=["Mage"], draw=["Squire"]),
                   step="cards", realm="A", to_play=0,
                   champions=[{"champion": "PR/20", "attached": []},
                              {"champion": "PR/21", "attached": []}],
                   support=[[], ["PR/31", "PR/30"]])
        b.play(0, name)
        assert b.totals() == totals, name
        check(b)
    # Hell Hound (4th, +5): "The hell hound and all cards in this player's force are immune to
    # offensive spells." The Mage's Bolt (+3, Off) against the Knight with the Hound counts
    # nothing: 10 vs 4.
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", "Bolt"], draw=["Squire"]),
               step="cards", realm="A", to_play=1,
               champions=[{"champion": "PR/20", "attached": []},
                          {"champion": "PR/21", "attached": []}],
               support=[[HELL_HOUND_4TH], []])
    b.play(1, "Bolt")
    assert b.totals() == [10, 4]
    check(b)
    # Captain Kazhal (hero 9): "The Captain destroys one magical item held by the opposing
    # champion at any time during the battle." Attacking the Knight with its Sword from the
    # pool: the Sword is discarded when he activates (9 vs 5).
    b = battle(e, side(realms=["Vale"], hand=[KAZHAL]),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Captain Kazhal")
    b.present(1, "Knight", zone="pool")
    assert "Practice Sword" in b.names(1, "discard") and b.totals() == [9, 5]
    check(b)


def test_fourth_edition_rikus_attacks_again():
    # Rikus (hero 6): "Rikus can attack twice per turn, provided he wins his first round of
    # combat." Having attacked this turn, he is still offered as a champion from the pool; the
    # Knight, which attacked too, is not.
    rikus, = real(RIKUS_4TH)
    e = make_engine(rikus)
    b = battle(e, side(realms=["Vale"], pool=["Knight", RIKUS_4TH]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.state.players[0].attacked = list(b.state.players[0].pool)
    b.state.cache.clear()
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from pool 1"]
    check(b)


def test_kaeriaen_gains_5_against_an_awnshegh():
    # Kaeriaen Whiteheart (regent 6, Birthright): "Can use blood abilities and cast cleric
    # spells. Gains 5 levels vs. awnswegh" (sic: awnshegh, attribute 2). Against an awnshegh
    # monster (7) she is 11; against the Griffon (6) she is 6.
    kaeriaen, = real("BR/115")
    beast = card(103, "T Awnshegh", CardType.MONSTER, level=7, attributes=(2,))
    e = make_engine(kaeriaen, beast)
    for defender, name, total in (("T/103", "T Awnshegh", 11), ("Griffon", "Griffon", 6)):
        b = battle(e, side(realms=["Vale"], hand=["BR/115", "Blessing"]),
                   side(realms=["Vale"], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Kaeriaen Whiteheart")
        b.present(1, name)
        assert b.totals()[0] == total, name
        check(b)
