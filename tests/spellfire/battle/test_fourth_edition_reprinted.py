"""4th Edition cards reprinted in Artifacts and Forgotten Realms (issue 13, c4th5b): real cards
whose printed powers now compile, played in scripted battles and checked against their text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Griffon monster 6 (flyer),
Militia ally +2, Giant ally +4, Squire ally +1. Ties go to the defender (RULES.md §1), and the
side behind plays.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

K = EffectKind

DEATH_LINK = "4th/381"
DEATH_LINK_FR = "FR/39"


def test_death_link_compiles_to_avenge_discard_in_both_printings():
    # "If the casting champion is defeated, the opposing champion is also discarded." (Def/4),
    # the same words in 4th/381 and FR/39.
    for link in real(DEATH_LINK, DEATH_LINK_FR):
        assert [e.kind for e in link.effects] == [K.AVENGE_DISCARD]


def test_death_link_takes_the_victor_with_the_defeated_caster():
    # Death Link (wizard spell +2, Def/4): "If the casting champion is defeated, the opposing
    # champion is also discarded." The Knight (5) attacks; the Mage (4) defends and casts it:
    # 5 to 6. The Giant (+4) makes 9 to 6; the Mage, with nothing left to play, loses the
    # round: the realm is razed, the Mage discarded, and (after the round, seed 001) the
    # Knight discarded too.
    link, = real(DEATH_LINK)
    b = battle(make_engine(link), side(realms=["Vale"], hand=["Knight", "Giant"],
                                       draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage", DEATH_LINK], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    b.play(1, "Death Link")
    assert b.totals() == [5, 6]
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert "Practice Mage" in b.names(1, "discard")
    assert "Practice Knight" in b.names(0, "discard")
    assert b.pool_names(0) == []
    check(b)


def test_death_link_on_the_winning_side_discards_nobody():
    # The Mage (4) with Death Link (+2) holds the Knight (5): 5 to 6, the Knight's side has
    # nothing left to play and loses; the caster is not defeated, so nothing more happens: the
    # Knight alone is discarded (losing), the Mage returns to its pool.
    link, = real(DEATH_LINK)
    b = battle(make_engine(link), side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage", DEATH_LINK], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Death Link")
    assert b.b.winner == 1
    assert b.pool_names(1) == ["Practice Mage"]
    assert "Practice Knight" in b.names(0, "discard")
    assert not b.find("after_battle_discard")
    check(b)


NEW_GIUSTENAL, NEW_GIUSTENAL_AR, DREGOTH = "4th/31", "AR/91", "AR/74"


def test_new_giustenal_compiles_in_both_printings():
    # "New Giustenal cannot be attacked by flyers (except Dregoth). If razed, this realm can be
    # rebuilt by discarding only one card." (4th/31); AR/91: "Cannot be attacked by flyers,
    # except Dregoth. ... discarding only 1 card."
    for realm in real(NEW_GIUSTENAL, NEW_GIUSTENAL_AR):
        bar, cost = realm.effects
        assert (bar.kind, bar.movement, bar.names) == (K.NOT_ATTACKABLE_BY, ("flyer",),
                                                       ("dregoth",))
        assert (cost.kind, cost.amount) == (K.REBUILD_COST, 1)


def test_new_giustenal_bars_flyers_but_dregoth():
    # New Giustenal in the defender's slot A: the Griffon (a flyer) may not attack it; the
    # Knight (no flyer) may; Dregoth, Undead Dragon-King ("undead flyer") is the exception.
    giustenal, dregoth = real(NEW_GIUSTENAL, DREGOTH)
    b = battle(make_engine(giustenal, dregoth),
               side(realms=["Vale"], hand=["Griffon", "Knight", DREGOTH]),
               side(realms=[NEW_GIUSTENAL], hand=["Priest"], draw=["Militia"]))
    b.attack("A")
    offered = {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
               if x.startswith("Champion")}
    assert offered == {"Practice Knight", "Dregoth, Undead Dragon-King"}
    check(b)


DRAGONSLAYER, DRAGONSLAYER_FR = "4th/177", "FR/48"
DRAKE = card(13, "T Drake", CardType.MONSTER, level=6, attributes=(Attribute.DRAGON,),
             effects=(Effect(K.GAIN_LEVELS, amount=3),))
WYVERN = card(14, "T Wyvern", CardType.ALLY, bonus=2, attributes=(Attribute.DRAGON,),
              effects=(Effect(K.OPPONENT_LOSES, amount=2),))
OGRE = card(15, "T Ogre", CardType.ALLY, bonus=2, effects=(Effect(K.OPPONENT_LOSES, amount=2),))


def test_dragonslayer_compiles_in_both_printings():
    # 4th/177: "Cancels the powers of any dragon champion or ally opposing the attached
    # champion in battle."; FR/48: "Cancel the powers of any dragon champions or allies
    # opposing this champion in battle."
    for item in real(DRAGONSLAYER, DRAGONSLAYER_FR):
        assert [(e.kind, e.attributes) for e in item.effects] == [
            (K.NEGATE_POWERS, (int(Attribute.DRAGON),))]


def test_dragonslayer_cancels_the_powers_of_opposing_dragons():
    # Dragonslayer (magical item +4): "Cancels the powers of any dragon champion or ally
    # opposing the attached champion in battle." The Knight (5) carries it: 9. The Drake
    # (dragon monster 6, "+3 levels") defends at 6, its power cancelled: 9 to 6. The Wyvern
    # (dragon ally +2, "the opposing champion loses 2") adds its 2 only: 9 to 8. The Ogre
    # (ally +2, the same power, no dragon) keeps it: 9 - 2 = 7 to 10.
    slayer, = real(DRAGONSLAYER)
    e = make_engine(slayer, DRAKE, WYVERN, OGRE)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [DRAGONSLAYER])], draw=["Squire"]),
               side(realms=["Vale"], hand=["T/13", "T/14", "T/15"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Drake")
    assert b.totals() == [9, 6]
    b.play(1, "T Wyvern")
    assert b.totals() == [9, 8]
    b.play(1, "T Ogre")
    assert b.totals() == [7, 10]
    check(b)


def test_without_dragonslayer_the_dragons_keep_their_powers():
    # The same round with the Knight bare: Knight 5 against the Drake's 6 + 3 = 9.
    b = battle(make_engine(DRAKE, WYVERN), side(realms=["Vale"], pool=["Knight"],
                                                hand=["Squire"]),
               side(realms=["Vale"], hand=["T/13", "T/14"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Drake")
    assert b.totals() == [5, 9]
    check(b)


SPELLBOOK, SPELLBOOK_AR = "4th/189", "AR/30"


def test_spellbook_compiles_in_both_printings():
    # "The spellcaster with this item can retain up to two spells after winning a round of
    # combat to use in another battle. Only phase 4 spells can be saved." (AR/30: "step 4").
    for item in real(SPELLBOOK, SPELLBOOK_AR):
        assert [(e.kind, e.count) for e in item.effects] == [(K.SPELLS_KEPT, 2)]


def test_spellbook_keeps_the_best_two_spells_of_a_round_won():
    # Spellbook (magical item, no bonus): "The spellcaster with this item can retain up to two
    # spells after winning a round of combat to use in another battle." The Mage (wizard 4)
    # carries it and attacks the Knight (5): Bolt (+3) 7 to 5; Giant (+4) 7 to 9; Bolt 10 to
    # 9; Militia (+2) 10 to 11; a third Bolt, 13 to 11, and the Knight's side has no card
    # left. The Mage wins: the realm is razed; two of the three Bolts go back to
    # player_0's hand, the third to its discard pile.
    book, = real(SPELLBOOK)
    b = battle(make_engine(book), side(realms=["Vale"], pool=[("Mage", [SPELLBOOK])],
                                       hand=["Bolt", "Bolt", "Bolt"], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Knight", "Giant", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage", zone="pool")
    b.present(1, "Knight")
    for player, card_name, totals in ((0, "Bolt", [7, 5]), (1, "Giant", [7, 9]),
                                      (0, "Bolt", [10, 9]), (1, "Militia", [10, 11]),
                                      (0, "Bolt", [13, 11])):
        b.play(player, card_name)
        assert b.totals() == totals
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(0, "hand").count("Practice Bolt") == 2
    assert b.names(0, "discard").count("Practice Bolt") == 1
    assert b.attached_names(0, "Practice Mage") == ["Spellbook"]
    check(b)


def test_spellbook_keeps_nothing_after_a_round_lost():
    # The Mage (4) with the Spellbook casts Bolt (+3): 7 to 5; the Giant (+4): 7 to 9, and
    # the Mage's side has no card left: it loses the round, and its Bolt stays discarded.
    book, = real(SPELLBOOK)
    b = battle(make_engine(book), side(realms=["Vale"], pool=[("Mage", [SPELLBOOK])],
                                       hand=["Bolt"], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage", zone="pool")
    b.present(1, "Knight")
    b.play(0, "Bolt")
    b.play(1, "Giant")
    assert b.b.winner == 1
    assert "Practice Bolt" in b.names(0, "discard") and "Practice Bolt" not in b.names(0, "hand")
    check(b)


FLAMING_FIST, FLAMING_FIST_FR = "4th/238", "FR/65"


def test_flaming_fist_compiles_in_both_printings():
    # 4th/238: "After a round of combat is resolved when using this ally, the losing player
    # must immediately discard one magical item or artifact from his pool or hand, or raze one
    # of his realms."; FR/65: "When the Flaming Fist is used in combat, the losing player must
    # immediately discard one magical item or artifact from pool or hand, or else raze one of
    # his own realms."
    for ally in real(FLAMING_FIST, FLAMING_FIST_FR):
        assert [e.kind for e in ally.effects] == [K.LOSER_ITEM_OR_REALM]
        assert ally.level.bonus == 9


def test_flaming_fist_makes_the_loser_discard_its_weakest_item():
    # The Knight (5) attacks the Mage (4); the Mage's side plays the Militia (+2): 5 to 6; the
    # Knight's plays the Flaming Fist (+9): 14 to 6, and the Mage's side has nothing left: it
    # loses the round (realm A razed, the Mage discarded). Then the losing player discards
    # one item of its pool or hand: [decided] its weakest, the Shield (+1) its Priest carries
    # (not the Sword, +2).
    fist, = real(FLAMING_FIST)
    b = battle(make_engine(fist), side(realms=["Vale"], hand=["Knight", FLAMING_FIST],
                                       draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage", "Militia"],
                    pool=[("Priest", ["Sword", "Shield"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Militia")
    assert b.totals() == [5, 6]
    b.play(0, "Flaming Fist")
    assert b.totals() == [14, 6]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert "Practice Shield" in b.names(1, "discard")
    assert b.attached_names(1, "Practice Priest") == ["Practice Sword"]
    assert b.state.players[1].razed[:2] == [True, False]
    check(b)


def test_flaming_fist_razes_a_realm_of_a_loser_with_no_item():
    # The Mage's side plays the Flaming Fist (+9) against the attacking Knight: 5 to 13; the
    # Knight's side has nothing left and loses (the Knight discarded, the battle over). The
    # losing player (the attacker, whichever side played the card) has no item in its pool or
    # hand: its first standing realm, A (the Vale), is razed.
    fist, = real(FLAMING_FIST)
    b = battle(make_engine(fist), side(realms=["Vale", "Harbor"], hand=["Knight"],
                                       draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", FLAMING_FIST], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Flaming Fist")
    assert b.totals() == [5, 13]
    assert b.b.winner == 1
    assert b.state.players[0].razed[:2] == [True, False]
    assert b.state.players[1].razed[0] is False
    check(b)


CELIK = "4th/35"


def _carried(b, player: int) -> list[str]:
    """The names of the cards the player's champion in the round carries."""
    champion = b.b.champion[player]
    return [b.name_of(i) for i in b.state.players[player].attached.get(champion, [])]


def test_celik_strips_the_cheaper_type_and_bars_it():
    # Celik (realm): "Champions attacking Celik must discard all attached magical items or
    # artifacts (attacker's choice), and cannot add more of the type chosen during battle."
    # The Knight (5) attacks carrying the Sword (magical item +2) and the Orb (artifact +3):
    # [decided] it gives up the cheaper type, the items (2 < 3): the Sword is discarded, and
    # it fights at 5 + 3 = 8. The Mage (4) with the Giant (+4) ties it, 8 to 8 (ties go to
    # the defender): behind, the Knight's side may play the Squire but not the Shield (a
    # magical item, the type chosen).
    celik, = real(CELIK)
    b = battle(make_engine(celik), side(realms=["Vale"], pool=[("Knight", ["Sword", "Orb"])],
                                        hand=["Shield", "Squire"], draw=["Squire"]),
               side(realms=[CELIK, "Harbor"], hand=["Mage", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    assert _carried(b, 0) == ["Practice Orb"]
    assert b.names(0, "discard") == ["Practice Sword"]
    b.present(1, "Mage")
    assert b.totals() == [8, 4]
    b.play(1, "Giant")
    assert b.totals() == [8, 8]
    assert plays(b, 0) == {"Squire"}
    check(b)


def test_celik_leaves_a_champion_its_only_type():
    # The Knight carries the Sword (+2) only: it chooses the artifacts, which it has none of,
    # and keeps the Sword: 7. Artifacts are barred, magical items are not: behind the Mage
    # (4) with the Giant (+4), 7 to 8, it may play the Shield (a magical item) or the Squire.
    celik, = real(CELIK)
    b = battle(make_engine(celik), side(realms=["Vale"], pool=[("Knight", ["Sword"])],
                                        hand=["Shield", "Squire"], draw=["Squire"]),
               side(realms=[CELIK, "Harbor"], hand=["Mage", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    assert _carried(b, 0) == ["Practice Sword"]
    b.present(1, "Mage")
    b.play(1, "Giant")
    assert b.totals() == [7, 8]
    assert plays(b, 0) == {"Shield", "Squire"}
    check(b)


STONE_GIANT, STONE_GIANT_FR = "4th/264", "FR/82"


def test_stone_giant_compiles_in_both_printings():
    # 4th/264: "If in a player's pool, the stone giant may destroy one enemy ally of level 4 or
    # less during each round of combat."; FR/82: "While in a pool, if not used in combat, each
    # combat round the stone giant may destroy one enemy ally of level 4 or lower in play."
    for giant in real(STONE_GIANT, STONE_GIANT_FR):
        assert [(e.kind, e.amount) for e in giant.effects] == [(K.POOL_DESTROYS_ALLY, 4)]


def test_stone_giant_in_the_pool_destroys_the_first_small_ally_of_the_round():
    # The defender's Stone Giant waits in its pool; the Griffon (6) defends against the
    # Knight (5). Behind, the Knight's side plays the Giant (ally +4, "level 4 or less"): the
    # Stone Giant destroys it, 5 to 6. The Militia (+2) played next stays (one ally per
    # round): 7 to 6, and the Griffon's side, with nothing to play, loses the round.
    stone, = real(STONE_GIANT)
    b = battle(make_engine(stone), side(realms=["Vale"], hand=["Knight", "Giant", "Militia"],
                                        draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon"], pool=[STONE_GIANT],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    b.play(0, "Giant")
    assert b.totals() == [5, 6]
    assert b.names(0, "discard") == ["Practice Giant"]
    b.play(0, "Militia")
    assert b.totals() == [7, 6]
    assert b.b.winner == 0
    assert b.pool_names(1) == ["Stone Giant"]
    check(b)


def test_stone_giant_fighting_in_the_round_destroys_nothing():
    # "If in a player's pool": the Stone Giant (6) defending in the round is not in its pool,
    # so the Knight's Giant (+4) stays: 9 to 6.
    stone, = real(STONE_GIANT)
    b = battle(make_engine(stone), side(realms=["Vale"], hand=["Knight", "Giant"],
                                        draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=[STONE_GIANT], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Stone Giant")
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    check(b)


CELIK_AR = "AR/96"


def test_celiks_artifacts_printing_strips_both_types():
    # Celik (AR/96): "Any champion attacking Celik, must discard all attached magical items or
    # artifacts, and cannot add more during battle." No choice printed: the Knight gives up
    # the Sword and the Orb and fights at 5; the Mage (4) with the Giant (+4) leads 8 to 5, and
    # the Knight's side may play the Squire, not the Shield.
    celik, = real(CELIK_AR)
    b = battle(make_engine(celik), side(realms=["Vale"], pool=[("Knight", ["Sword", "Orb"])],
                                        hand=["Shield", "Squire"], draw=["Squire"]),
               side(realms=[CELIK_AR, "Harbor"], hand=["Mage", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    assert _carried(b, 0) == []
    assert sorted(b.names(0, "discard")) == ["Practice Orb", "Practice Sword"]
    b.present(1, "Mage")
    b.play(1, "Giant")
    assert b.totals() == [5, 8]
    assert plays(b, 0) == {"Squire"}
    check(b)


WAND, WAND_FR = "4th/180", "FR/57"


def test_wand_of_wonder_compiles_in_both_printings():
    # 4th/180: "Draw and discard a card each time the wand is used in combat, noting the last
    # digit of the card's number. The wand's level bonus is equal to that digit."; FR/57:
    # "... used in a battle ... For that combat, the attached champion gains bonus levels
    # equal to that digit."
    for item in real(WAND, WAND_FR):
        assert [e.kind for e in item.effects] == [K.BONUS_FROM_DIGIT]


def test_wand_of_wonder_carried_is_worth_the_digit_drawn():
    # The Knight (5) attacks carrying the Wand; as the round begins, player_0 draws and
    # discards its top card, the Griffon (card number 23: digit 3): 5 + 3 = 8 to the Mage's 4.
    wand, = real(WAND)
    b = battle(make_engine(wand), side(realms=["Vale"], pool=[("Knight", [WAND])],
                                       draw=["Griffon", "Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [8, 4]
    assert b.names(0, "discard") == ["Practice Griffon"]
    assert b.names(0, "draw") == ["Practice Squire"]
    check(b)


def test_wand_of_wonder_played_from_the_hand_draws_too():
    # The Mage (4) defends against the Knight (5) and plays the Wand from its hand: player_1
    # draws the Shark (27: digit 7): 4 + 7 = 11 to 5.
    wand, = real(WAND)
    b = battle(make_engine(wand), side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Mage", WAND], draw=["Shark", "Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Wand of Wonder")
    assert b.totals() == [5, 11]
    assert b.names(1, "discard") == ["Practice Shark"]
    check(b)


NINJAS, NINJAS_FR = "4th/239", "FR/70"


def test_ninjas_compile_in_both_printings():
    # 4th/239: "When used in combat, this player can draw one card at random from his
    # opponent's hand, playing it against the opponent if possible, discarding it otherwise.";
    # FR/70: "When used in combat, draw one card at random from the opponent's hand, ..."
    for ally in real(NINJAS, NINJAS_FR):
        assert [e.kind for e in ally.effects] == [K.HAND_CARD_TURNED]


def test_ninjas_play_an_ally_taken_from_the_opponents_hand():
    # Ninjas (ally +1): the Knight (5) behind the Griffon (6) plays them: 6 to 6. They draw
    # the one card of the defender's hand, the Giant (ally +4), and play it against the
    # defender: 10 to 6. The defender has nothing left and loses; the Giant goes back to its
    # owner's discard pile.
    ninjas, = real(NINJAS)
    b = battle(make_engine(ninjas), side(realms=["Vale"], hand=["Knight", NINJAS],
                                         draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    b.play(0, "Ninjas")
    assert b.b.winner == 0 and b.b.outcome == "razed"
    assert b.find("round_won")[-1].data["totals"] == [10, 6]
    assert "Practice Giant" in b.names(1, "discard")
    assert b.names(1, "hand") == []
    check(b)


def test_ninjas_discard_a_card_they_cannot_play():
    # The card drawn is the Priest, a champion: it cannot be played into the round, so it is
    # discarded; the Knight with the Ninjas ties the Griffon, 6 to 6, and loses (ties go to
    # the defender).
    ninjas, = real(NINJAS)
    b = battle(make_engine(ninjas), side(realms=["Vale"], hand=["Knight", NINJAS],
                                         draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon", "Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Ninjas")
    assert b.names(1, "discard") == ["Practice Priest"]
    assert b.b.winner == 1
    check(b)
