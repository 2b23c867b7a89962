"""The 4th Edition, second round for 178-520 (issue 13, c4th4): real cards of 4th/178 to
4th/520 whose printed powers now compile, played in scripted battles and checked against their
text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Militia ally +2, Giant ally +4,
Squire ally +1, Sword magical item +2, Orb artifact +3, Watchtower holding (+2 to its realm's
defender). Ties go to the defender (RULES.md §1), and the side behind plays.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, World

from .battle_helpers import battle, card, check, k, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

SELKIE, MADMAN, DARK_HAVEN, SLOTH = "4th/250", "4th/353", "4th/188", "4th/230"
PEARL, AQUAMARINA = "4th/304", "4th/306"
MASTER_THE_MAGIC, MASTER_STRATEGIST, FORBIDDEN = "4th/499", "4th/500", "4th/494"
TIME_OF_TROUBLES, POWER_OF_FAITH = "4th/492", "4th/493"

NECROMANCER = card(1, "T Necromancer", CardType.WIZARD, level=4, world=World.RAVENLOFT,
                   uses=("d19", "o19"))


# --- existing kinds, the 4th Edition's wordings --------------------------------------------------


def test_the_selkie_charms_the_opponent_into_discarding_its_weakest_card():
    # Selkie (ally +3): "Swimmer. The selkie can charm the opposing champion into discarding
    # one card in its force (chosen by that player)." The Knight (5) attacks the Mage (4) with
    # the Sword (+2) and the Orb (+3): 5 to 9. The Selkie: 8 to 9, and the Mage's side gives up
    # its weakest card, the Sword (+2): 8 to 7.
    selkie, = real(SELKIE)
    b = battle(make_engine(selkie), side(realms=["Vale"], hand=["Knight", SELKIE]),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "Orb"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", zone="pool")
    assert b.totals() == [5, 9]
    b.play(0, "Selkie")
    assert b.totals() == [8, 7]
    assert b.find("cards_destroyed")[-1].data["cards"] == [k("Sword")]  # not the Orb
    check(b)


def test_madman_enraged_discards_the_defenders_holding_as_he_attacks():
    # Madman Enraged (hero 5): "During combat, this ghoul goes into a berserk rage and destroys
    # one of the opposing player's holdings (this player's choice)." He attacks the realm with
    # the Watchtower (+2 to its defender); the Knight (5) defends. As the round starts the
    # Watchtower is discarded (the attacker's best: the holding of the realm fought over), so
    # the totals are 5 to 5, not 5 to 7.
    madman, = real(MADMAN)
    b = battle(make_engine(madman), side(realms=["Vale"], hand=[MADMAN]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Madman Enraged")
    b.present(1, "Knight")
    assert b.state.players[1].holdings[0] is None
    assert "Practice Watchtower" in b.names(1, "discard")
    assert b.totals() == [5, 5]
    check(b)


def test_madman_enraged_discards_the_attackers_holding_as_he_defends():
    # As the defender, the Madman destroys one holding of the attacking player: its only one,
    # the Watchtower on its realm A. The totals do not move (the attacker's holding gives no
    # levels to an attacker): the Knight 5, the Madman 5.
    madman, = real(MADMAN)
    b = battle(make_engine(madman),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale"], hand=[MADMAN], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Madman Enraged")
    assert b.state.players[0].holdings[0] is None
    assert "Practice Watchtower" in b.names(0, "discard")
    assert b.totals() == [5, 5]
    check(b)


# --- own_base_halved ------------------------------------------------------------------------------


def test_dark_haven_halves_the_base_level_and_shields_its_champion():
    # Dark Haven (magical item, level field "-1/2", Def): "The attached champion is protected
    # from all offensive spells, magical items, psionics, unarmed combat cards, and blood
    # abilities. But his base level is halved (rounded down)." The Mage (4) attacks the Knight
    # (5) carrying Dark Haven and the Sword (+2): 4 to 5 // 2 + 0 + 2 = 4 (not 5 + 2 - 1 = 6).
    # The tie is the defender's; the Mage casts the Bolt (+3, Off), which does not reach the
    # protected Knight: still 4 to 4, and the Knight wins the round.
    haven, = real(DARK_HAVEN)
    b = battle(make_engine(haven), side(realms=["Vale"], hand=["Mage", "Bolt"], draw=["Squire"]),
               side(realms=["Vale"], pool=[("Knight", [DARK_HAVEN, "Sword"])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [4, 4]
    b.play(0, "Bolt")
    assert b.totals() == [4, 4]
    check(b)


# --- hand_discards_weakest ------------------------------------------------------------------------


def test_the_athasian_sloth_makes_the_opponent_discard_two_weak_cards_from_its_hand():
    # Athasian Sloth (ally +8): "When played in battle, the opposing player must immediately
    # discard two cards from his hand." The Priest (3) attacks the Knight (5): 3 to 5. The
    # Sloth: 11 to 5, and the Knight's player gives up its two weakest cards, the Squire (+1)
    # and the Militia (+2); it keeps the Giant (+4), plays it: 11 to 9.
    sloth, = real(SLOTH)
    b = battle(make_engine(sloth), side(realms=["Vale"], hand=["Priest", SLOTH]),
               side(realms=["Vale"], hand=["Knight", "Squire", "Giant", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Knight")
    assert b.totals() == [3, 5]
    b.play(0, "Athasian Sloth")
    assert b.totals() == [11, 5]
    assert b.names(1, "hand") == ["Practice Giant"]
    assert sorted(b.names(1, "discard")) == ["Practice Militia", "Practice Squire"]
    b.play(1, "Giant")
    assert b.totals() == [11, 9]
    check(b)


# --- shared_artifact ------------------------------------------------------------------------------


def test_aquamarinas_artifact_functions_for_her_sister_pearl():
    # Aquamarina (cleric 7): "Swimmer. An artifact attached to Aquamarina also functions for
    # her sisters, Pearl and Amber." She waits in the defender's pool with the Orb (+3). Pearl
    # (cleric 3) defends against the Knight (5): 5 to 3 + 3 = 6. The Priest (3), no sister,
    # gets nothing from it: 5 to 3.
    pearl, aquamarina = real(PEARL, AQUAMARINA)
    for defender, total in (("Pearl", 6), ("Priest", 3)):
        hand = [PEARL] if defender == "Pearl" else ["Priest"]
        b = battle(make_engine(pearl, aquamarina), side(realms=["Vale"], hand=["Knight"]),
                   side(realms=["Vale"], pool=[(AQUAMARINA, ["Orb"])], hand=hand,
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, defender)
        assert b.totals() == [5, total], defender
        assert b.attached_names(1, "Aquamarina") == ["Practice Orb"]  # it stays with her
        check(b)


# --- no_cards on a rule card in play --------------------------------------------------------------


def test_master_the_magic_bars_allies_and_psionic_powers_for_both_players():
    # Master the Magic (rule card, in the attacker's rule zone): "Allies and psionic power cards
    # cannot be played. Any such cards already in play are discarded when this rule card is
    # played." The Seer (4), behind the Knight (5), is offered the Rally (an event) only, not
    # the Militia (ally) nor the Mind Blast (psionic power); without the rule card, all three.
    # The attacker's Giant (ally) is barred too; its Punch (unarmed combat) is not.
    rule, = real(MASTER_THE_MAGIC)
    for in_play, defender_plays, attacker_plays in (
            (True, {"Rally"}, {"Punch"}), (False, {"Rally", "Militia", "Mind Blast"}, None)):
        attacker = side(realms=["Vale"], hand=["Knight", "Giant", "Punch"], draw=["Squire"])
        if in_play:
            attacker["rule"] = [MASTER_THE_MAGIC]
        b = battle(make_engine(rule), attacker,
                   side(realms=["Vale"], hand=["Seer", "Militia", "Mind Blast", "Rally"],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Seer")
        assert b.totals() == [5, 4]
        assert plays(b, 1) == defender_plays
        if attacker_plays is not None:
            b.play(1, "Rally")  # +2: 5 to 6, the Knight's side behind
            assert plays(b, 0) == attacker_plays
            assert b.names(0, "rule") == ["Master the Magic"]
        check(b)


def test_the_master_strategist_bars_spells_from_the_defenders_rule_zone():
    # The Master Strategist (rule card, in the defender's rule zone): "Spells and blood
    # abilities cannot be played." The Mage (4), behind the Knight (5), may play the Militia
    # but not the Bolt (a wizard spell); without the rule card, both.
    rule, = real(MASTER_STRATEGIST)
    for in_play, offered in ((True, {"Militia"}), (False, {"Militia", "Bolt"})):
        defender = side(realms=["Vale"], hand=["Mage", "Bolt", "Militia"], draw=["Squire"])
        if in_play:
            defender["rule"] = [MASTER_STRATEGIST]
        b = battle(make_engine(rule), side(realms=["Vale"], hand=["Knight"]), defender)
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        assert plays(b, 1) == offered
        check(b)


# --- offensive_world_only -------------------------------------------------------------------------


def test_forbidden_knowledge_leaves_offensive_cards_to_their_worlds():
    # Forbidden Knowledge (rule card, in the attacker's rule zone): "Only Ravenloft champions
    # can cast offensive wizard spells. Only Dark Sun champions can use offensive psionic
    # power cards. ..." Behind the Knight (5): the Mage (4, Forgotten Realms) may not cast the
    # Bolt (+3, Off) but may play the Militia; the hand-made Necromancer (wizard 4, Ravenloft)
    # may cast it; the Seer (4, Dark Sun) may use the Mind Blast (+3, Off). Without the rule
    # card the Mage may cast the Bolt.
    rule, = real(FORBIDDEN)
    for defender, in_play, offered in (
            ("Mage", True, {"Militia"}), ("Mage", False, {"Militia", "Bolt"}),
            ("T/1", True, {"Militia", "Bolt"}), ("Seer", True, {"Militia", "Mind Blast"})):
        attacker = side(realms=["Vale"], hand=["Knight"])
        if in_play:
            attacker["rule"] = [FORBIDDEN]
        hand = [defender, "Militia", "Mind Blast" if defender == "Seer" else "Bolt"]
        b = battle(make_engine(rule, NECROMANCER), attacker,
                   side(realms=["Vale"], hand=hand, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "T Necromancer" if defender == "T/1" else defender)
        assert b.totals() == [5, 4]
        assert plays(b, 1) == offered, (defender, in_play)
        check(b)


# --- combat_level_cap and rule_world_gain ---------------------------------------------------------


def test_time_of_troubles_keeps_high_champions_out_and_raises_the_forgotten_realms():
    # Time of Troubles (rule card, in the attacker's rule zone): "No champion of base level 7
    # or greater (before magical items and other attached modifiers) may be involved in
    # combat. All Forgotten Realms champions and allies gain 1 level." The Wyrm (8) may not
    # attack (only the Knight, 5, is offered) nor defend (only the Mage, 4, with the Sword).
    # Knight 5 + 1 = 6 to Mage 4 + 2 + 1 = 7; the Militia (+2, Forgotten Realms): 9 to 7.
    # Without the rule card both Wyrms are offered and nobody gains: 5 to 6.
    rule, = real(TIME_OF_TROUBLES)
    for in_play in (True, False):
        attacker = side(realms=["Vale"], hand=["Knight", "Wyrm", "Militia"])
        if in_play:
            attacker["rule"] = [TIME_OF_TROUBLES]
        b = battle(make_engine(rule), attacker,
                   side(realms=["Vale"], pool=[("Mage", ["Sword"]), "Wyrm"], draw=["Squire"]))
        b.attack("A")
        offered = ["Champion from hand 0"] if in_play else ["Champion from hand 0",
                                                            "Champion from hand 1"]
        assert b.legal_labels(0) == offered
        b.present(0, "Knight")
        assert ("Champion from pool 1" in b.legal_labels(1)) is not in_play
        b.present(1, "Mage", zone="pool")
        if not in_play:
            assert b.totals() == [5, 6]
            continue
        assert b.totals() == [6, 7]
        b.play(0, "Militia")
        assert b.totals() == [9, 7]
        check(b)
    # A champion of another world gains nothing: the Priest (3, Greyhawk) against the Knight.
    attacker = side(realms=["Vale"], hand=["Knight"])
    attacker["rule"] = [TIME_OF_TROUBLES]
    b = battle(make_engine(rule), attacker,
               side(realms=["Vale"], hand=["Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    assert b.totals() == [6, 3]


def test_the_power_of_faith_halves_and_bars_against_the_undead():
    # The Power of Faith (rule card, in the attacker's rule zone): "All champions except
    # clerics battle undead champions at half their base level, and allies of less than +4
    # cannot be played against undead champions by non-clerics." The Knight (hero 5) attacks
    # the Ghoul (undead 4): 5 // 2 = 2 to 4; behind, he may play the Giant (+4) but not the
    # Militia (+2): 6 to 4. Without the rule card: 5 to 4, the Ghoul's side behind.
    rule, = real(POWER_OF_FAITH)
    for in_play in (True, False):
        attacker = side(realms=["Vale"], hand=["Knight", "Militia", "Giant"])
        if in_play:
            attacker["rule"] = [POWER_OF_FAITH]
        b = battle(make_engine(rule), attacker,
                   side(realms=["Vale"], hand=["Ghoul", "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Ghoul")
        if not in_play:
            assert b.totals() == [5, 4]
            continue
        assert b.totals() == [2, 4]
        assert plays(b, 0) == {"Giant"}
        b.play(0, "Giant")
        assert b.totals() == [6, 4]
        check(b)
    # A cleric is spared: the Priest (3, +3 against the undead) is not halved: 6 to 4; the
    # Ghoul (a monster, not facing an undead champion) may play its Squire (+1).
    attacker = side(realms=["Vale"], hand=["Priest"])
    attacker["rule"] = [POWER_OF_FAITH]
    b = battle(make_engine(rule), attacker,
               side(realms=["Vale"], hand=["Ghoul", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Ghoul")
    assert b.totals() == [6, 4]
    assert plays(b, 1) == {"Squire"}
    check(b)
