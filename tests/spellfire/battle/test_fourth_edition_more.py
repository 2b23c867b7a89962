"""The 4th Edition, second pass (issue 13, c4th2): real cards whose printed powers now compile,
played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Militia ally +2, Giant ally +4,
Squire ally +1, Sword magical item +2 (no mark), Orb artifact +3, Bolt wizard spell +3 (Off),
Blessing cleric spell +2 (Def); the Vale is a realm with no coast, the Harbor a coastal one.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

SHAYIRA, HORNHEAD, HALFLINGS = "4th/286", "4th/211", "4th/222"
LIGHTNING_BOLT, CRUSHING_FIST = "4th/364", "4th/369"
MERMAID, CAPE, THOUGHT_EATER = "4th/245", "4th/520", "4th/243"
CHATHRANG = "3rd/287"

DAGGER = card(1, "T Dagger", CardType.MAGICAL_ITEM, bonus=3, mark=Mark.OFF)
BLADE = card(2, "T Blade", CardType.MAGICAL_ITEM, bonus=4, mark=Mark.OFF)
AXE = card(3, "T Axe", CardType.MAGICAL_ITEM, bonus=5)
CURSE = card(4, "T Curse", CardType.EVENT, world=World.NO_WORLD, attributes=(22,),
             effects=(Effect(EffectKind.OPPONENT_LOSES, amount=3),))


# --- existing kinds, the 4th Edition's wordings --------------------------------------------------


def test_shayira_4th_negates_the_powers_but_not_the_levels_played_against_her():
    # Shayira (4th), cleric 3: "negates the special powers (but not the level) of all cards
    # played against her." With the Giant she leads the Mage 7 to 4. The Mage's Banishing
    # (destroys a champion of level 4 or less) leaves her standing; the Rally (+2 by its power)
    # adds nothing; the Bolt's +3 (its level) counts: 7 to 7.
    shayira, = real(SHAYIRA)
    b = battle(make_engine(shayira),
               side(realms=["Vale"], hand=["Mage", "Banishing", "Rally", "Bolt"]),
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


def test_hornhead_saurial_4th_is_proof_against_weak_offensive_items():
    # Hornhead Saurial (4th, ally +3): "The attached champion and his allies are immune to
    # offensive magical items of +3 or less." The Knight carries the Sword (+2, no mark), the
    # Dagger (+3, Off) and the Blade (+4, Off): 5 + 2 + 3 + 4 = 14 against the Mage's 4. The
    # Mage plays the Saurial: 4 + 3 = 7, and only the Dagger stops counting: 11.
    hornhead, = real(HORNHEAD)
    b = battle(make_engine(hornhead, DAGGER, BLADE),
               side(realms=["Vale"], pool=[("Knight", ["Sword", "T/1", "T/2"])]),
               side(realms=["Vale"], hand=["Mage", HORNHEAD], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [14, 4]
    b.play(1, "Hornhead Saurial")
    assert b.totals() == [11, 7]
    check(b)


def test_halfling_mercenaries_4th_strip_the_items_already_there():
    # Halfling Mercenaries (4th, ally +1): "This ally strips any existing artifact and magical
    # items from an opponent but has no effect on those played after them." The Knight with the
    # Orb (+3) and the Sword (+2) leads the Mage 10 to 4; the Mercenaries send both to the
    # Knight's discard pile: 5 to 5. The Blade (+4) played after them counts: 9 to 5.
    halflings, = real(HALFLINGS)
    b = battle(make_engine(halflings, BLADE),
               side(realms=["Vale"], pool=[("Knight", ["Orb", "Sword"])], hand=["T/2"]),
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


def test_lightning_bolt_4th_destroys_the_stronger_of_an_ally_or_an_item():
    # Lightning Bolt (4th, wizard spell +5, Off): "Immediately destroys one opposing ally of
    # level 4 or less, or one magical item, of the caster's choice." [decided] the larger bonus.
    bolt, = real(LIGHTNING_BOLT)
    e = make_engine(bolt)
    for ally, gone, totals in (
            # Knight 5 + Sword 2 + Squire 1 = 8: the Sword (+2) goes; 5 + 1 = 6 against the
            # Mage's 4 + 5 = 9.
            ("PR/32", "Practice Sword", [6, 9]),
            # Knight 5 + Sword 2 + Giant 4 = 11: the Giant (+4) goes; 5 + 2 = 7 against 9.
            ("PR/31", "Practice Giant", [7, 9])):
        b = battle(e, side(realms=["Vale"], draw=["Squire"]),
                   side(realms=["Vale"], hand=[LIGHTNING_BOLT], draw=["Militia"]),
                   step="cards", realm="A", to_play=1,
                   champions=[{"champion": "PR/20", "attached": ["PR/40"]},
                              {"champion": "PR/21"}], support=[[ally], []])
        b.play(1, "Lightning Bolt")
        assert b.totals() == totals, ally
        assert gone in b.names(0, "discard")
        check(b)


def test_crushing_fist_4th_adds_its_levels_or_crushes_a_stronger_item():
    # Crushing Fist (4th, wizard spell +4, Off): "The crushing fist adds 4 levels or destroys
    # one magical item, chosen by the caster." [decided] the caster's best. The Knight's Sword
    # (+2) is worth less than 4 levels: 4 + 4 = 8 against 5 + 2 = 7, the Sword stays.
    fist, = real(CRUSHING_FIST)
    e = make_engine(fist, AXE)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", CRUSHING_FIST], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    b.play(1, "Crushing Fist")
    assert b.totals() == [7, 8]
    assert not b.find("cards_destroyed")
    # The Axe (+5) is worth more: the Fist crushes it and adds nothing: 5 against 4.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/3"])], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", CRUSHING_FIST], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [10, 4]
    b.play(1, "Crushing Fist")
    assert b.find("cards_destroyed")[-1].data["cards"] == ["T/3"]
    assert b.find("totals")[-1].data["totals"] == [5, 4]
    assert "T Axe" in b.names(0, "discard")
    check(b)


def test_mermaid_is_doubled_defending_a_coastal_realm():
    # Mermaid (ally +4): "This ally's level is doubled when defending a realm showing a
    # coastline." With the Mage (4) defending the Harbor (coastal) against the Knight (5):
    # 4 + 8 = 12; at the Vale (no coast): 4 + 4 = 8. Attacking the Harbor with the Knight
    # (she is not defending): 5 + 4 = 9 against the Mage's 4.
    mermaid, = real(MERMAID)
    e = make_engine(mermaid)
    for realm, total in (("Harbor", 12), ("Vale", 8)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=["Mage", MERMAID], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, "Mermaid")
        assert b.totals() == [5, total], realm
        check(b)
    b = battle(e, side(realms=["Vale"], hand=["Knight", MERMAID]),
               side(realms=["Harbor"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Mermaid")
    assert b.totals() == [9, 6]
    check(b)


def test_the_winners_cape_shields_every_champion_from_offensive_spells():
    # The Winner's Cape (artifact +10, TSR: any champion may carry it): "All of this player's
    # champions are immune to offensive spells (including Wish) and the attached is also immune
    # to harmful events." The Knight carries it in the defender's pool; the Priest (3) defends
    # against the Mage (4) and plays the Blessing: 4 to 5. The Mage's Bolt (+3, Off) has no
    # effect; a harmful event taking 3 levels does (the Priest is not the attached): 4 to 2.
    cape, = real(CAPE)
    e = make_engine(cape, CURSE)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt", "T/4"]),
               side(realms=["Vale"], hand=["Priest", "Blessing"], pool=[("Knight", [CAPE])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Blessing")
    assert b.totals() == [4, 5]
    b.play(0, "Bolt")
    assert b.totals() == [4, 5]
    b.play(0, "T Curse")
    assert b.totals() == [4, 2]
    check(b)
    # The Knight with the Cape in the battle: 5 + 10 = 15; neither the event nor the Bolt
    # takes anything from him.
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt", "T/4"]),
               side(realms=["Vale"], pool=[("Knight", [CAPE])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [4, 15]
    b.play(0, "T Curse")
    assert b.totals() == [4, 15]
    b.play(0, "Bolt")
    assert b.totals() == [4, 15]
    check(b)


def test_thought_eater_stops_spells_and_the_opposing_allies_powers():
    # Thought Eater (ally -2): "When this ally is played, the opposing champion can no longer
    # cast spells, and his allies' special powers are negated." The Knight (5) attacks the Mage
    # (4), who plays the Militia: 5 to 6, with the Bolt still offered. The Knight plays the
    # Thought Eater (5 - 2 = 3) and the Giant: 7 to 6. The Mage is offered no spell now; its
    # Cha'thrang (+1: "all nonflying allies opposing the Cha'thrang lose 4 levels") adds its
    # level but takes nothing from the Knight's allies: 7 to 7.
    eater, chathrang = real(THOUGHT_EATER, CHATHRANG)
    b = battle(make_engine(eater, chathrang),
               side(realms=["Vale"], hand=["Knight", THOUGHT_EATER, "Giant"]),
               side(realms=["Vale"], hand=["Mage", "Militia", "Bolt", CHATHRANG],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert "Bolt" in plays(b, 1)
    b.play(1, "Militia")
    assert b.totals() == [5, 6]
    b.play(0, "Thought Eater")
    assert b.totals() == [3, 6]
    b.play(0, "Giant")
    assert b.totals() == [7, 6]
    assert plays(b, 1) == {"Cha'thrang"}
    b.play(1, "Cha'thrang")
    assert b.totals() == [7, 7]
    check(b)


NERANAL, LOST_OASIS = "4th/313", "4th/95"
SEALS = card(5, "T Seals", CardType.ALLY, bonus=3, attributes=(37,))
DOLPHINS = card(6, "T Dolphins", CardType.ALLY, bonus=2, attributes=(37,))


def test_neranals_shark_adds_four_and_devours_the_first_swimming_ally():
    # Neranal, cleric 5: "has a pet shark as a +4 swimming ally that devours (discards) the
    # first swimming ally played against this champion." Defending against the Knight: 5 to
    # 5 + 4 = 9. The Knight's Seals (+3, swimmers) are discarded at once: 5 to 9; the Dolphins
    # (+2, swimmers), the second, stay: 7 to 9; the Giant (+4): 11 to 9.
    neranal, = real(NERANAL)
    b = battle(make_engine(neranal, SEALS, DOLPHINS),
               side(realms=["Vale"], hand=["Knight", "T/5", "T/6", "Giant"]),
               side(realms=["Vale"], hand=[NERANAL], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Neranal")
    assert b.totals() == [5, 9]
    b.play(0, "T Seals")
    assert "T Seals" in b.names(0, "discard")
    assert b.totals() == [5, 9]
    b.play(0, "T Dolphins")
    assert b.totals() == [7, 9]
    b.play(0, "Giant")
    assert b.totals() == [11, 9]
    check(b)


def test_lost_oasis_4th_draws_and_plays_a_card_when_its_realm_is_attacked():
    # Lost Oasis (4th, holding): "This player can draw one card and play it immediately whenever
    # this realm is attacked." The Mage (4) defends against the Knight (5); the defender draws
    # the Giant (+4) and plays it at once: 8 against 5.
    oasis, = real(LOST_OASIS)
    b = battle(make_engine(oasis), side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=[("Vale", False, LOST_OASIS)], hand=["Mage"],
                    draw=["Giant", "Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.find("drawn_for_defense")
    assert b.find("totals")[-1].data["totals"] == [5, 8]
    check(b)


SADIRA, FALCON = "4th/277", "4th/167"


def test_sadira_4th_vetoes_opposing_psionicists():
    # Sadira (4th), wizard 4: "Sadira can use psionic power cards. Psionicists must ask her
    # permission to use psionic power cards." In the defender's pool she keeps the attacking
    # Seer (a psionicist, 4 against the Mage's 4) from its Mind Blast; without her it is
    # offered.
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


def test_falcon_figurine_4th_carries_its_champion_anywhere():
    # Falcon Figurine (4th, +1, Def): "Confers the ability to teleport; the attached champion
    # and its allies can attack any realm, regardless of position or powers." The defender's
    # Peak (A: flyers cannot attack it) shields its Vale (B). The Knight carrying the Figurine
    # may attack both; the Griffon (a flyer) without it only the Vale; the bare Knight only
    # the Peak.
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


GIANTS_RUN = "4th/13"
ETTIN = card(7, "T Ettin", CardType.MONSTER, level=7, attributes=(17,), uses=("o18", "d18"))
KICK = card(8, "T Kick", CardType.UNARMED_COMBAT, bonus=3, mark=Mark.OFF)


def test_giants_run_mountains_admit_only_flyers_and_giants():
    # Giant's Run Mountains (realm): "can be attacked only by flyers or giants. Its defenders
    # are immune to offensive unarmed combat cards." The Knight may not attack it; the Griffon
    # (a flyer) and the Ettin (a giant) may.
    mountains, = real(GIANTS_RUN)
    e = make_engine(mountains, ETTIN, KICK)
    for pool, realms in ((["Knight"], []), (["Griffon"], ["A"]), (["T/7"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool), side(realms=[GIANTS_RUN], hand=["Mage"]))
        assert [x.removeprefix("Attack realm ") for x in b.legal_labels(0)
                if x.startswith("Attack")] == realms, pool
    # The Ettin (7) against the Mage (4) and the Giant (+4): 7 to 8. Its Kick (unarmed +3,
    # Off) has no effect on the mountains' defender; the Militia then counts: 9 to 8. At the
    # Vale the Kick counts: 10 to 8.
    for realm, totals in ((GIANTS_RUN, [7, 8]), ("Vale", [10, 8])):
        b = battle(e, side(realms=["Vale"], pool=["T/7"], hand=["T/8", "Militia"]),
                   side(realms=[realm], hand=["Mage", "Giant"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Ettin", zone="pool")
        b.present(1, "Mage")
        b.play(1, "Giant")
        assert b.totals() == [7, 8]
        b.play(0, "T Kick")
        assert b.totals() == totals, realm
        if realm == GIANTS_RUN:
            b.play(0, "Militia")
            assert b.totals() == [9, 8]
        check(b)


EARTH_AVATAR = "4th/469"
WARDEN = card(9, "T Warden", CardType.HERO, level=4, effects=(
    Effect(EffectKind.GAIN_LEVELS, amount=3, condition=Condition(vs_attributes=(13,))),))


def test_the_elemental_avatar_of_earth_makes_its_players_champions_earthwalkers():
    # Elemental Avatar of Earth (cleric 15, an earthwalker): "All champions of this player are
    # granted the earthwalking ability." The defender's Peak (A) shields its Vale (B). With the
    # avatar in the attacker's pool the Knight from the hand may attack the Vale (an
    # earthwalker reaches any realm); with the Mage in the pool instead, only the Peak is
    # offered. At the Vale the Warden (hero 4, +3 against earthwalkers) fights the Knight at
    # 4 + 3 = 7 against 5.
    avatar, = real(EARTH_AVATAR)
    e = make_engine(avatar, WARDEN)
    b = battle(e, side(realms=["Vale"], pool=["Mage"], hand=["Knight"]),
               side(realms=["Peak", "Vale"], hand=["T/9"]))
    assert [x.removeprefix("Attack realm ") for x in b.legal_labels(0)
            if x.startswith("Attack")] == ["A"]
    b = battle(e, side(realms=["Vale"], pool=[EARTH_AVATAR], hand=["Knight"]),
               side(realms=["Peak", "Vale"], hand=["T/9"], draw=["Squire"]))
    b.attack("B")
    offered = {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
               if x.startswith("Champion")}
    assert offered == {"Practice Knight"}
    b.present(0, "Knight")
    b.present(1, "T Warden")
    assert b.totals() == [5, 7]
    check(b)


MATURE_GOLD, YOUNG_GOLD = "4th/267", "1st/188"


def test_the_mature_gold_dragon_gains_four_with_her_younger_self_in_play():
    # Mature Gold Dragon (monster 8): "She gains 4 levels if her younger self is in play
    # anywhere" ([decided] the Young Gold Dragon). Defending against the Knight (5): 8 with the
    # Mage in her pool, 8 + 4 = 12 with the Young Gold Dragon there, and 12 too with it in the
    # attacker's pool.
    mature, young = real(MATURE_GOLD, YOUNG_GOLD)
    e = make_engine(mature, young)
    for own, other, total in ((["Mage"], [], 8), ([YOUNG_GOLD], [], 12), ([], [YOUNG_GOLD], 12)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=other),
                   side(realms=["Vale"], hand=[MATURE_GOLD], pool=own, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mature Gold Dragon")
        assert b.totals() == [5, total], (own, other)
        check(b)


SHIELD_OF_DESTRUCTION, SHIELD_OF_ANNIHILATION = "4th/172", "4th/173"


def test_the_shield_of_destruction_absorbs_one_offensive_spell():
    # Shield of Destruction (magical item +2, Def): "Absorbs the effects of one offensive spell
    # of this player's choice played against the attached champion in combat" ([decided] the
    # first one). The Knight carries it: 5 + 2 = 7 against the Mage's 4. The Mage's first Bolt
    # (+3, Off) is absorbed (discarded): 4 to 7; the second counts: 7 to 7.
    shield, = real(SHIELD_OF_DESTRUCTION)
    e = make_engine(shield)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt", "Bolt"]),
               side(realms=["Vale"], pool=[("Knight", [SHIELD_OF_DESTRUCTION])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [4, 7]
    b.play(0, "Bolt")
    assert b.find("spell_cancelled") and b.totals() == [4, 7]
    assert "Practice Bolt" in b.names(0, "discard")
    b.play(0, "Bolt")
    assert b.totals() == [7, 7]
    check(b)
    # A (Def) spell is not offensive: the Priest's Blessing (+2) counts, 5 to 7.
    b = battle(e, side(realms=["Vale"], hand=["Priest", "Blessing"]),
               side(realms=["Vale"], pool=[("Knight", [SHIELD_OF_DESTRUCTION])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Knight", zone="pool")
    b.play(0, "Blessing")
    assert not b.find("spell_cancelled") and b.totals() == [5, 7]
    check(b)


def test_the_shield_of_annihilation_annihilates_one_opposing_ally():
    # Shield of Annihilation (magical item +2, Off): "Instantly annihilates one opposing enemy
    # ally of this player's choice played against the attached campion in combat" ([decided]
    # the first one). The Knight carries it: 7 against the Mage's 4. The Mage's Giant (+4) is
    # discarded: 4 to 7; its Militia (+2) then counts: 6 to 7.
    shield, = real(SHIELD_OF_ANNIHILATION)
    b = battle(make_engine(shield), side(realms=["Vale"], hand=["Mage", "Giant", "Militia"]),
               side(realms=["Vale"], pool=[("Knight", [SHIELD_OF_ANNIHILATION])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [4, 7]
    b.play(0, "Giant")
    assert "Practice Giant" in b.names(0, "discard") and b.totals() == [4, 7]
    b.play(0, "Militia")
    assert b.totals() == [6, 7]
    check(b)
