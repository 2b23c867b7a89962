"""The 4th Edition (issue 13): real cards whose printed powers now compile, played in scripted
battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3 (+3 against undead; Greyhawk),
Griffon flying monster 6, Wyrm flying dragon monster 8, Shark swimming monster 5, Ghoul undead
monster 4, Seer psionicist 4, Militia ally +2, Giant ally +4, Squire ally +1, Bolt wizard spell
+3 (Off), Mind Blast psionic power +3 (Off), Watchtower holding (+2 to a defender); practice
realms and the Knight are of the Forgotten Realms.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.battle.facts import carries, facts_of
from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, k, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

HARP, PIPES, GLORIANA, TREASURE = "4th/194", "4th/190", "1st/443", "4th/130"
HARPY, BLINK, SANCTUARY, FLEEING, BOOTS = "4th/344", "4th/373", "4th/398", "4th/359", "4th/186"
MISTMOOR, MINERVA, PASSAGE = "4th/44", "4th/333", "4th/517"
SILENCE, CHOKE_HOLD, ELMINSTER, DISPEL = "4th/380", "4th/436", "4th/271", "4th/400"
NEEVA, TYR, FIRE_GIANT, VECNA = "4th/261", "4th/28", "4th/310", "4th/453"
NET, FORMORIAN, TRIDENT, ISIKA = "4th/169", "4th/309", "4th/206", "4th/325"
DAGGER, BEALA, ADON, MIDNIGHT = "4th/202", "4th/332", "4th/282", "4th/487"


# --- carried_only_by ------------------------------------------------------------------------------


def test_the_harp_of_kings_is_carried_by_regents_only():
    # The Harp of Kings (+5 magical item): "Usable only by regents, ..." The Knight (a hero, 5)
    # losing to the Griffon (6) is not offered the Harp; The Harpy (a regent, 5) is: 5 + 5 = 10.
    harp, harpy = real(HARP, HARPY)
    e = make_engine(harp, harpy)
    b = battle(e, side(realms=["Vale"], hand=["Knight", HARP, "Militia"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    assert plays(b, 0) == {"Militia"}
    b = battle(e, side(realms=["Vale"], hand=[HARPY, HARP, "Militia"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "The Harpy")
    b.present(1, "Griffon")
    assert plays(b, 0) == {"Militia", "The Harp of Kings"}
    b.play(0, "The Harp of Kings")
    assert b.totals() == [10, 6]
    check(b)
    # The whole game reads the same rule (phase 3, the deal, spoils: facts.carries).
    assert not carries(facts_of(harp), facts_of(real("1st/45")[0]), [])  # Drizzt, a hero
    assert carries(facts_of(harp), facts_of(harpy), [])


# --- immune_to_slaying ----------------------------------------------------------------------------


def test_pans_pipes_spare_a_flying_monster_from_a_gust_of_wind():
    # Gloriana (wizard 6): "can cause a gust of wind to blow all flyers out of battle" (it
    # destroys a flying champion as it activates). Pan's Pipes (+4, monsters only): "the attached
    # champion is immune to cards that instantly kill monsters, flyers, or swimmers." The
    # Griffon (a flying monster) without the Pipes is destroyed at once; with them it stays:
    # 6 + 4 = 10 vs Gloriana's 6.
    pipes, gloriana = real(PIPES, GLORIANA)
    e = make_engine(pipes, gloriana)
    b = battle(e, side(realms=["Vale"], pool=["Griffon"]),
               side(realms=["Vale"], hand=[GLORIANA], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "Gloriana")
    assert b.find("champion_destroyed")
    assert b.b.outcome == "repelled" and "Practice Griffon" in b.names(0, "discard")
    b = battle(e, side(realms=["Vale"], pool=[("Griffon", [PIPES])]),
               side(realms=["Vale"], hand=[GLORIANA], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "Gloriana")
    assert not b.find("champion_destroyed")
    assert b.totals() == [10, 6]
    check(b)


def test_pans_pipes_spare_their_monster_from_treasure():
    # Treasure (event): "discard all monsters in battle or pools." The Griffon (6) carries Pan's
    # Pipes (+4): 10 vs the Wyrm (8); the Wyrm's Militia ties 10-10 (the defender's); Treasure:
    # the Griffon stays in the battle; the Shark in the same pool (a monster without the Pipes)
    # is discarded; the defending Wyrm is a monster too and is discarded by card play: the
    # attacker wins the round (seed 001).
    pipes, treasure = real(PIPES, TREASURE)
    b = battle(make_engine(pipes, treasure),
               side(realms=["Vale"], pool=[("Griffon", [PIPES]), "Shark"], hand=[TREASURE]),
               side(realms=["Vale"], hand=["Wyrm", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [10, 8]
    b.play(1, "Militia")
    assert b.totals() == [10, 10]
    b.play(0, "Treasure")
    assert "Practice Shark" in b.names(0, "discard")
    assert "Practice Griffon" not in b.names(0, "discard")
    assert "Practice Wyrm" in b.names(1, "discard")
    assert b.b.winner == 0
    check(b)


# --- escape: the 4th Edition's wordings -----------------------------------------------------------


def test_blink_and_sanctuary_send_the_loser_back_to_its_pool():
    # Blink (wizard spell, Def): "A champion who is about to lose a round of battle escapes to
    # the player's pool, but the round is still lost." Sanctuary (cleric spell, Def): "The
    # cleric who casts Sanctuary loses the round of battle but is not discarded; it returns to
    # the pool instead." The Knight (5, losing to the Griffon's 6) may cast neither, so a wizard
    # and a cleric cast them: the round is lost, the champion is back in its pool, no spoils.
    blink, sanctuary = real(BLINK, SANCTUARY)
    e = make_engine(blink, sanctuary)
    for champion, spell in (("Mage", "Blink"), ("Priest", "Sanctuary")):
        b = battle(e, side(realms=["Vale"], hand=[champion, BLINK if spell == "Blink"
                                                  else SANCTUARY]),
                   side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
        b.attack("A")
        b.present(0, champion)
        b.present(1, "Griffon")
        b.play(0, spell)
        assert b.b.outcome == "repelled" and b.b.winner == 1, spell
        assert b.pool_names(0) == [f"Practice {champion}"], spell
        assert b.find("champion_escapes") and b.b.spoils == [None, None], spell
        check(b)


def test_fleeing_adventurers_flee_only_a_psionicist_or_a_regent():
    # Fleeing Adventurers (hero 3): "If defeated by a psionicist or regent, this champion can
    # flee back to its pool rather than being discarded." Defending against the Seer (a
    # psionicist, 4) they lose 4-3 and go back to the pool; against the Knight (5) they are
    # discarded.
    fleeing, = real(FLEEING)
    e = make_engine(fleeing)
    for attacker, escapes in (("Seer", True), ("Knight", False)):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=["Vale"], hand=[FLEEING], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Fleeing Adventurers")
        assert b.b.outcome == "razed" and b.b.winner == 0
        assert (b.pool_names(1) == ["Fleeing Adventurers"]) is escapes, attacker
        assert ("Fleeing Adventurers" in b.names(1, "discard")) is not escapes, attacker
        check(b)


def test_winged_boots_retreat_from_a_nonflying_champion_only():
    # Winged Boots (+2): "The attached champion becomes a flyer. If he is defeated in battle by
    # a nonflying champion, he can retreat from combat to his pool instead of being discarded."
    # The Knight with the Boots (7) defends against the Wyrm (8, a flyer): discarded; against
    # a Level 8 hero that does not fly: back to the pool.
    boots, = real(BOOTS)
    hero = card(1, "T Lord", CardType.HERO, level=8)
    e = make_engine(boots, hero)
    for attacker, escapes in (("Wyrm", False), ("T/1", True)):
        b = battle(e, side(realms=["Vale"], hand=[attacker]),
                   side(realms=["Vale"], pool=[("Knight", [BOOTS])], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm" if attacker == "Wyrm" else "T Lord")
        b.present(1, "Knight", zone="pool")
        assert b.totals() == [8, 7]
        assert b.b.winner == 0
        assert (b.pool_names(1) == ["Practice Knight"]) is escapes, attacker
        check(b)


def test_the_mistmoor_lets_its_defeated_defender_escape():
    # The Mistmoor (realm): "... allowing a defeated defender to escape back to his pool with
    # attachments, rather than being discarded." The Knight with the Sword (5 + 2) defends it
    # against the Griffon (6) and its Giant (+4): 10 vs 7, the realm is razed, the Knight goes
    # back to the pool with its Sword. At the Vale the Knight and the Sword are discarded.
    mistmoor, = real(MISTMOOR)
    e = make_engine(mistmoor)
    for realm, escapes in ((MISTMOOR, True), ("Vale", False)):
        b = battle(e, side(realms=["Vale"], hand=["Griffon", "Giant"]),
                   side(realms=[realm], pool=[("Knight", ["Sword"])], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon")
        b.present(1, "Knight", zone="pool")
        assert b.totals() == [6, 7]
        b.play(0, "Giant")
        assert b.totals() == [10, 7]
        assert b.b.outcome == "razed" and b.b.winner == 0
        assert (b.pool_names(1) == ["Practice Knight"]) is escapes, realm
        if escapes:
            assert b.attached_names(1, "Knight") == ["Practice Sword"]
        else:
            assert {"Practice Knight", "Practice Sword"} <= set(b.names(1, "discard"))
        check(b)


def test_minerva_and_mystic_passage_retreat_when_about_to_lose():
    # Minerva (psionicist 7): "If she is about to lose a battle, she can retreat back to her
    # pool, though the battle is still lost." Mystic Passage (psionic power, Def): "...
    # returning to your pool defeated but not discarded." Minerva defends against the Wyrm
    # (8): the realm falls, she is back in her pool. The Seer (4) attacking the Griffon (6)
    # plays Mystic Passage: the attack is repelled, the Seer is back in its pool.
    minerva, passage = real(MINERVA, PASSAGE)
    e = make_engine(minerva, passage)
    b = battle(e, side(realms=["Vale"], hand=["Wyrm"]),
               side(realms=["Vale"], hand=[MINERVA], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Minerva")
    assert b.b.outcome == "razed" and b.pool_names(1) == ["Minerva"]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Seer", PASSAGE]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Griffon")
    b.play(0, "Mystic Passage")
    assert b.b.outcome == "repelled" and b.pool_names(0) == ["Practice Seer"]
    check(b)


# --- spells_barred, immunities, cancel_spell: 4th Edition wordings ------------------------------


def test_power_word_silence_and_choke_hold_bar_the_opposing_spells():
    # Power Word, Silence (wizard spell, Off): "The opposing champion cannot cast spells for
    # this round of combat." Choke Hold (hero unarmed combat, Off): "An opposing spellcaster
    # cannot cast spells for this round of combat." The Mage (4) defends against a level 3
    # wizard casting Silence, or a level 3 hero using Choke Hold; with the attacker's Giant
    # (7 vs 4) the Mage is offered the Bolt and the Militia, after Silence / Choke Hold only
    # the Militia.
    silence, choke = real(SILENCE, CHOKE_HOLD)
    conjurer = card(1, "T Conjurer", CardType.WIZARD, level=3)
    squire_hero = card(2, "T Page", CardType.HERO, level=3)
    e = make_engine(silence, choke, conjurer, squire_hero)
    for attacker, name, spell in (("T/1", "T Conjurer", SILENCE), ("T/2", "T Page", CHOKE_HOLD)):
        b = battle(e, side(realms=["Vale"], hand=[attacker, spell, "Giant"]),
                   side(realms=["Vale"], hand=["Mage", "Bolt", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Mage")
        assert b.totals() == [3, 4]
        b.play(0, "Giant")
        assert b.totals() == [7, 4]
        assert plays(b, 1) == {"Bolt", "Militia"}
        b.play(1, "Militia")
        assert b.totals() == [7, 6]
        b = battle(e, side(realms=["Vale"], hand=[attacker, spell, "Giant"]),
                   side(realms=["Vale"], hand=["Mage", "Bolt", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Mage")
        b.play(0, "Power Word, Silence" if spell == SILENCE else "Choke Hold")
        assert plays(b, 0) == {"Giant"}
        b.play(0, "Giant")
        assert plays(b, 1) == {"Militia"}, spell
        check(b)


def test_elminster_is_immune_to_offensive_spells_and_psionic_powers():
    # Elminster the Mage (wizard 9): "immune to offensive spells and offensive psionic power
    # cards." The Seer (4) attacks him with the Giant (+4) and Mind Blast (+3, Off): 8 vs 9,
    # then the Mind Blast has no effect (still 8); a Militia makes 10.
    elminster, = real(ELMINSTER)
    b = battle(make_engine(elminster),
               side(realms=["Vale"], hand=["Seer", "Giant", "Mind Blast", "Militia"]),
               side(realms=["Vale"], hand=[ELMINSTER], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Elminster the Mage")
    assert b.totals() == [4, 9]
    b.play(0, "Giant")
    b.play(0, "Mind Blast")
    assert b.totals() == [8, 9]
    b.play(0, "Militia")
    assert b.totals() == [10, 9]
    check(b)


def test_dispel_cancels_a_psionic_power():
    # Dispel (cleric spell, Def): "Can be cast at any time to cancel the effects of an existing
    # or just-cast spell, blood ability, or psionic power card." The Seer (4) plays Mind Blast
    # (+3) against the Priest (3 + Watchtower 2): 7 vs 5; the Priest casts Dispel: the Mind
    # Blast leaves the round, 4 vs 5.
    dispel, = real(DISPEL)
    b = battle(make_engine(dispel), side(realms=["Vale"], hand=["Seer", "Mind Blast"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Priest", DISPEL],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Priest")
    assert b.totals() == [4, 5]
    b.play(0, "Mind Blast")
    assert b.totals() == [7, 5]
    b.play(1, "Dispel")
    assert b.totals() == [4, 5]
    assert "Practice Mind Blast" in b.names(0, "discard")
    check(b)


# --- gains and doubling: 4th Edition wordings --------------------------------------------------


def test_neeva_doubles_defending_a_dark_sun_realm():
    # Neeva (Dark Sun hero 7): "If defending a Dark Sun realm, Neeva's base level is doubled."
    # Defending Tyr (a Dark Sun realm) she is 14 against the Knight's 5; at the Vale, 7.
    neeva, tyr = real(NEEVA, TYR)
    e = make_engine(neeva, tyr)
    for realm, level in ((TYR, 14), ("Vale", 7)):
        b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia"]),
                   side(realms=[realm], hand=[NEEVA], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Neeva")
        assert b.totals() == [5, level], realm
    check(b)


def test_the_fire_giant_gains_against_a_swimmer():
    # Fire Giant (monster 8): "gains an additional 4 levels when fighting swimming champions."
    # Against the Shark (a swimmer, 5): 12; against the Knight: 8.
    giant, = real(FIRE_GIANT)
    e = make_engine(giant)
    for defender, level in (("Shark", 12), ("Knight", 8)):
        b = battle(e, side(realms=["Vale"], hand=[FIRE_GIANT]),
                   side(realms=["Vale"], hand=[defender, "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Fire Giant")
        b.present(1, defender)
        assert b.totals()[0] == level, defender


def test_the_eye_and_hand_of_vecna_give_5_attacking_and_2_defending():
    # Eye and Hand of Vecna (Greyhawk artifact, +5/+2): "gains 5 levels when attacking, but
    # only 2 levels when defending." The Priest (Greyhawk, 3) carries it: 8 attacking, 5
    # defending.
    vecna, = real(VECNA)
    e = make_engine(vecna)
    b = battle(e, side(realms=["Vale"], pool=[("Priest", [VECNA])]),
               side(realms=["Vale"], hand=["Griffon", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest", zone="pool")
    b.present(1, "Griffon")
    assert b.totals() == [8, 6]
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Squire"]),
               side(realms=["Vale"], pool=[("Priest", [VECNA])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Priest", zone="pool")
    assert b.totals() == [6, 5]
    check(b)


def test_beala_doubles_against_undead_and_adon_gains_with_midnight():
    # Beala (psionicist 5): "she doubles her base level whenever in battle with them [undead]."
    # Against the Ghoul (undead, 4): 10; against the Knight: 5. Adon (cleric 5): "If Midnight
    # is in play, Adon gains 5 levels": with Midnight, Goddess of Magic in his pool, 10.
    beala, adon, midnight = real(BEALA, ADON, MIDNIGHT)
    e = make_engine(beala, adon, midnight)
    for attacker, level in (("Ghoul", 10), ("Knight", 5)):
        b = battle(e, side(realms=["Vale"], hand=[attacker, "Giant"]),
                   side(realms=["Vale"], hand=[BEALA], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Beala")
        assert b.totals()[1] == level, attacker
    for pool, level in (([MIDNIGHT], 10), ([], 5)):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Giant"]),
                   side(realms=["Vale"], hand=[ADON], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, "Adon")
        assert b.totals() == [8, level], pool
    check(b)


def test_isika_lifts_her_allies_and_weakens_the_others():
    # Isika (hero 4): "those [allies] played with her gain 2 levels and those played against her
    # lose 2 levels." Isika + Militia (2 + 2) = 8 vs the Knight 5 + Giant (4 - 2) = 7.
    isika, = real(ISIKA)
    b = battle(make_engine(isika), side(realms=["Vale"], hand=[ISIKA, "Militia"]),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Isika")
    b.present(1, "Knight")
    assert b.totals() == [4, 5]
    b.play(0, "Militia")
    assert b.totals() == [8, 5]
    b.play(1, "Giant")
    assert b.totals() == [8, 7]
    check(b)


# --- allies barred, after the round: 4th Edition wordings --------------------------------------


def test_the_net_of_entrapment_bars_and_discards_opposing_allies():
    # Net of Entrapment (magical item, Off): "This champion's opponent cannot play allies. Any
    # already in play are discarded." The Mage (4) with the Militia (6) leads the Knight (5);
    # the Knight plays the Net: the Militia is discarded (4 vs 5), and the Mage may play the
    # Bolt but no ally.
    net, = real(NET)
    b = battle(make_engine(net), side(realms=["Vale"], hand=["Knight", NET]),
               side(realms=["Vale"], hand=["Mage", "Militia", "Giant", "Bolt"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Militia")
    assert b.totals() == [5, 6]
    b.play(0, "Net of Entrapment")
    assert b.totals() == [5, 4]
    assert "Practice Militia" in b.names(1, "discard")
    assert plays(b, 1) == {"Bolt"}
    check(b)


def test_formorian_harpy_and_trident_bar_allies():
    # Formorian Giant: "no allies can be played in combat against him." The Harpy: "No flying
    # allies can be played against this champion." Trident of Fish Command (+2): "swimming
    # allies cannot be played against him." The Knight (5), losing, is offered: against the
    # Formorian (6) no ally; against the Harpy (5 + Watchtower 2) no flying ally; against the
    # Knight with the Trident (5 + 2 + 2) no swimming ally.
    formorian, harpy, trident = real(FORMORIAN, HARPY, TRIDENT)
    flying = card(1, "T Hawk", CardType.ALLY, bonus=2, attributes=(16,))
    swimming = card(2, "T Dolphin", CardType.ALLY, bonus=2, attributes=(37,))
    e = make_engine(formorian, harpy, trident, flying, swimming)
    cases = ((FORMORIAN, "Formorian Giant", "hand", set()),
             (HARPY, "The Harpy", "hand", {"Militia", "T Dolphin"}),
             ("Knight", "Knight", "pool", {"Militia", "T Hawk"}))
    for defender, name, zone, offered in cases:
        home = side(realms=[("Vale", False, "Watchtower")], hand=[defender] if zone == "hand"
                    else [], pool=[("Knight", [TRIDENT])] if zone == "pool" else [],
                    draw=["Squire"])
        b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia", "T/1", "T/2"]), home)
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, name, zone=zone)
        assert plays(b, 0) == offered, name


def test_the_dagger_of_venom_discards_the_opponent_unless_undead():
    # Dagger of Venom (+1, Off): "Win or lose, the opposing champion is discarded at the end of
    # a round of combat with the attached champion. Undead champions are immune to this
    # power." The Knight with the Dagger (6) loses to the Wyrm (8): the Wyrm is discarded after
    # the round all the same. The Ghoul (4, undead) with the Giant (+4) beats the Knight 8-6
    # and is not discarded.
    dagger, = real(DAGGER)
    e = make_engine(dagger)
    b = battle(e, side(realms=["Vale"], hand=["Wyrm"]),
               side(realms=["Vale"], pool=[("Knight", [DAGGER])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [8, 6]
    assert b.b.winner == 0
    assert "Practice Wyrm" in b.names(0, "discard")
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Ghoul", "Giant"]),
               side(realms=["Vale"], pool=[("Knight", [DAGGER])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Ghoul")
    b.present(1, "Knight", zone="pool")
    b.play(0, "Giant")
    assert b.totals() == [8, 6]
    assert b.b.winner == 0
    assert "Practice Ghoul" not in b.names(0, "discard")
    check(b)


# --- zero_opposing_level -------------------------------------------------------------------------


def test_the_iron_legion_and_the_skeletal_lord_take_the_opposing_level_to_0():
    # The Iron Legion (+3 ally): "This ally instills fear in all opposing heroes, reducing their
    # base level to 0 during that round of combat." Skeletal Lord (+7 ally): "... strikes fear
    # in all opposing champions (except clerics), reducing their base level to 0." The Mage (4)
    # against the Knight (5) with the Sword (+2): the Legion leaves the Knight 0 + 2 = 2 (the
    # Mage 4 + 3 = 7). The Skeletal Lord against the Priest (3, a cleric) leaves him 3; against
    # the Knight, 0 + 2.
    legion, lord = real("4th/209", "4th/217")
    e = make_engine(legion, lord)
    cases = (("4th/209", "Knight", [7, 2]), ("4th/217", "Knight", [11, 2]),
             ("4th/217", "Priest", [11, 5]), ("4th/209", "Priest", [7, 5]))
    for ally, defender, totals in cases:
        b = battle(e, side(realms=["Vale"], hand=["Mage", ally]),
                   side(realms=["Vale"], pool=[(defender, ["Sword"])], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, defender, zone="pool")
        assert b.totals() == [4, {"Knight": 7, "Priest": 5}[defender]]
        b.play(0, "The Iron Legion" if ally == "4th/209" else "Skeletal Lord")
        assert b.totals() == totals, (ally, defender)
        check(b)


# --- realms and holdings: 4th Edition wordings ---------------------------------------------------


def test_the_ruins_of_zhentil_keep_are_attacked_only_by_clerics():
    # Ruins of Zhentil Keep: "can be attacked only by clerics." The Knight (a hero) and the
    # Griffon (a flying monster) may not attack it, the Priest may.
    ruins, = real("4th/2")
    b = battle(make_engine(ruins), side(realms=["Vale"], hand=["Knight", "Griffon", "Priest"]),
               side(realms=["4th/2"], hand=["Mage"]))
    b.attack("A")
    champions = {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
                 if x.startswith("Champion")}
    assert champions == {"Practice Priest"}


def test_black_waters_and_bulwark_of_the_4th_edition():
    # Black Waters (4th): "No werecreature or monster can attack any realm in this player's
    # formation": on realm B it keeps the Griffon from realm A. Fortification: Bulwark
    # (Greyhawk holding): "Allies defending any Greyhawk realm by this player each gain 3
    # levels": the Mage (4) defending a Greyhawk realm plays the Militia: 4 + 2 + 3 = 9.
    waters, bulwark = real("4th/98", "4th/88")
    keep = card(1, "T Keep", CardType.REALM, world=World.GREYHAWK)
    e = make_engine(waters, bulwark, keep)
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Knight"]),
               side(realms=["Vale", ("Harbor", False, "4th/98")], hand=["Mage"]))
    b.attack("A")
    champions = {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
                 if x.startswith("Champion")}
    assert champions == {"Practice Knight"}
    for realms, total in ((["T/1", ("Vale", False, "4th/88")], 9), (["Vale", "T/1"], 6)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=realms, hand=["Mage", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        b.play(1, "Militia")
        assert b.totals() == [5, total], realms
        check(b)


def test_estwilde_milborne_and_lhespenbog():
    # Estwilde: "Flyers, swimmers, and earthwalkers who defend this realm are immune to
    # offensive spells": the Mage (4) attacks the Griffon (6, a flyer) defending it; its Bolt
    # (+3, Off) has no effect. Milborne: "defenders are immune to offensive spells, and swimming
    # defenders are doubled in base level": the Shark (5) defends it at 10. Lhespenbog
    # (holding): "reducing all attacking champions and allies to half their base levels
    # (rounded up)": the Knight (5 -> 3) and its Militia (2 -> 1) against the Mage (4).
    estwilde, milborne, bog = real("4th/56", "4th/66", "4th/80")
    e = make_engine(estwilde, milborne, bog)
    b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt", "Squire"]),
               side(realms=["4th/56"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Griffon")
    b.play(0, "Bolt")
    assert b.totals() == [4, 6]  # the Bolt has no effect on the flying defender
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Giant"]),
               side(realms=["4th/66"], hand=["Shark"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Shark")
    assert b.totals() == [5, 10]
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia", "Giant"]),
               side(realms=[("Vale", False, "4th/80")], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [3, 4]
    b.play(0, "Militia")
    assert b.totals() == [4, 4]
    check(b)


# --- with_own_champions: the adventurers ------------------------------------------------------


def test_the_adventurers_strengthen_each_other_from_the_pool():
    # Photed: "When Photed is in a pool with one or more other adventurers, each adventurer
    # gains 1 to his base level." Vitralis: "... with two or more other adventurers, each
    # adventurer gains a +3 ally ..." Larn: "... with two or more other adventurers, all phase 4
    # spells cast by an adventurer are doubled in level." Sharla (wizard 5): "... with three or
    # more other adventurers, each adventurer becomes immune to offensive wizard spells."
    photed, sharla, vitralis, larn = real("4th/289", "4th/290", "4th/292", "4th/293")
    ward = card(1, "T Ward", CardType.WIZARD_SPELL, bonus=2, mark=Mark.DEF)
    e = make_engine(photed, sharla, vitralis, larn, ward)
    # Sharla alone in her pool: 5. With Photed beside her: 6. The Knight (not an adventurer)
    # with Photed beside him: 5.
    cases = ((["4th/290"], "Sharla", 5), (["4th/290", "4th/289"], "Sharla", 6),
             (["Knight", "4th/289"], "Knight", 5))
    for pool, fighter, level in cases:
        b = battle(e, side(realms=["Vale"], pool=pool),
                   side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, fighter, zone="pool")
        b.present(1, "Wyrm")
        assert b.totals() == [level, 8], pool
    # All four: Sharla 5 + 1 (Photed) + 3 (Vitralis) = 9 vs the Mage 4 + Watchtower 2; the
    # Mage's Giant makes 10; Sharla's Ward (+2) counts twice (Larn): 13; the Mage's Bolt (+3,
    # an offensive wizard spell) has no effect on her (Sharla).
    b = battle(e, side(realms=["Vale"], pool=["4th/290", "4th/289", "4th/292", "4th/293"],
                       hand=["T/1"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "Giant", "Bolt"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Sharla", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [9, 6]
    b.play(1, "Giant")
    assert b.totals() == [9, 10]
    b.play(0, "T Ward")
    assert b.totals() == [13, 10]
    b.play(1, "Bolt")
    assert b.totals() == [13, 10]
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)


def test_ssilcroth_bars_defending_allies_against_its_adventurers():
    # Ssilcroth: "When Ssilcroth is in a pool with four or more other adventurers, allies
    # cannot be used to defend against an attack by this player's adventurers." With Photed,
    # Sharla, Vitralis and Larn beside it, Sharla attacks the Wyrm: the Wyrm is offered no ally
    # (the Giant); with three of them only, it is.
    cards = real("4th/296", "4th/289", "4th/290", "4th/292", "4th/293")
    e = make_engine(*cards)
    for pool, offered in ((["4th/290", "4th/296", "4th/289", "4th/292", "4th/293"], set()),
                          (["4th/290", "4th/296", "4th/289", "4th/292"], {"Giant"})):
        b = battle(e, side(realms=["Vale"], pool=pool, hand=["Militia"]),
                   side(realms=["Vale"], hand=["Seer", "Giant"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Sharla", zone="pool")
        b.present(1, "Seer")
        assert plays(b, 1) == offered, pool


# --- events_barred, allies_stay, gain_per_own_cards, cancel_event ---------------------------------


def test_marilith_bars_the_opposing_events():
    # Marilith, Tanar'ri (+7 ally): "The opposing player cannot play any events for the rest of
    # this round of battle, including Calm." The Knight (5) losing to the Griffon (6) plays
    # Marilith: 12 vs 6, and the Griffon is offered the Militia but not the Rally (an event);
    # after the Giant instead (9 vs 6) it is offered both.
    marilith, = real("4th/242")
    e = make_engine(marilith)
    for ally, offered in (("Marilith, Tanar'ri", {"Militia"}), ("Giant", {"Militia", "Rally"})):
        b = battle(e, side(realms=["Vale"], hand=["Knight", "4th/242", "Giant"]),
                   side(realms=["Vale"], hand=["Griffon", "Militia", "Rally"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Griffon")
        b.play(0, ally)
        assert plays(b, 1) == offered, ally


def test_rampart_and_the_skeletal_minion_keep_allies_from_switching_sides():
    # Traitor (event): "One ally of this player's choice switches sides" (the strongest). The
    # Knight (5) and its Giant (+4) lead the Griffon (6) 9 to 6; Traitor takes the Giant: 5 vs
    # 10. With Fortification: Rampart on the Knight's realm ("This player's allies, whether
    # attacking or defending, cannot be forced to switch sides") the Giant stays: 9 vs 6. The
    # Skeletal Minion (+3, undead): "This ally and any other undead allies played with it
    # cannot be forced to switch sides": 8 vs 6, and Traitor takes nothing.
    traitor, rampart, minion = real("1st/403", "4th/82", "4th/218")
    e = make_engine(traitor, rampart, minion)
    cases = (("Vale", "Giant", [5, 10]), (("Vale", False, "4th/82"), "Giant", [9, 6]),
             ("Vale", "Skeletal Minion", [8, 6]))
    for realm, ally, totals in cases:
        b = battle(e, side(realms=[realm], hand=["Knight", "Giant", "4th/218"]),
                   side(realms=["Vale"], hand=["Griffon", "1st/403"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Griffon")
        b.play(0, ally)
        b.play(1, "Traitor")
        assert b.totals() == totals, (realm, ally)
        check(b)


def test_the_cyclops_gains_per_magical_item():
    # Cyclops (monster 7): "The cyclops gains 2 levels for each magical item attached to him."
    # With the Sword (+2): 7 + 2 + 2 = 11; with the Sword and the Shield (+1): 7 + 3 + 4 = 14;
    # the Orb (an artifact, +3) adds only its bonus.
    cyclops, = real("4th/307")
    e = make_engine(cyclops)
    for carried, total in ((["Sword"], 11), (["Sword", "Shield"], 14), (["Orb"], 10)):
        b = battle(e, side(realms=["Vale"], pool=[("4th/307", carried)]),
                   side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Cyclops", zone="pool")
        b.present(1, "Wyrm")
        assert b.totals() == [total, 8], carried
        check(b)


def test_limited_wish_cancels_the_opposing_event():
    # Limited Wish (wizard spell +1, Def): "This spell can be cast at any time to negate the
    # effect of any event card." The Knight (5) plays the Rally (+2) against the Mage (4) and
    # Watchtower (2): 7 vs 6; the Mage casts Limited Wish: the Rally goes, 5 vs 7.
    wish, = real("4th/382")
    b = battle(make_engine(wish), side(realms=["Vale"], hand=["Knight", "Rally"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "4th/382"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Rally")
    assert b.totals() == [7, 6]
    b.play(1, "Limited Wish")
    assert b.totals() == [5, 7]
    assert "Practice Rally" in b.names(0, "discard")
    check(b)


# --- self_levels, vs_levels (conditions) ---------------------------------------------------------


def test_magic_missile_and_armor_grow_with_their_casters_level():
    # Magic Missile (+3, Off): "The level bonus increases to +5 if cast by a level 7 or 8
    # champion or to +9 if cast by a champion of level 9 or higher." Armor (Def): "increase the
    # caster's base level by 1 if cast by a champion level 5 or less; by 3 if level 6-9; or by
    # 5 if level 10+." Wizards of level 4 (the Mage), 7 and 10 attack a level 30 monster and
    # cast both.
    missile, armor = real("4th/365", "4th/396")
    adept = card(1, "T Adept", CardType.WIZARD, level=7)
    archmage = card(2, "T Archmage", CardType.WIZARD, level=10)
    colossus = card(3, "T Colossus", CardType.MONSTER, level=30)
    e = make_engine(missile, armor, adept, archmage, colossus)
    # (wizard, its name, its level, after Magic Missile, after Armor too)
    cases = (("Mage", "Mage", 4, 4 + 3, 4 + 3 + 1), ("T/1", "T Adept", 7, 7 + 5, 7 + 5 + 3),
             ("T/2", "T Archmage", 10, 10 + 9, 10 + 9 + 5))
    for wizard, name, level, missiled, armored in cases:
        b = battle(e, side(realms=["Vale"], hand=[wizard, "4th/365", "4th/396"]),
                   side(realms=["Vale"], hand=["T/3"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "T Colossus")
        assert b.totals() == [level, 30]
        b.play(0, "Magic Missile")
        assert b.totals() == [missiled, 30], wizard
        b.play(0, "Armor")
        assert b.totals() == [armored, 30], wizard
        check(b)


def test_the_holy_avenger_is_plus_10_against_a_champion_of_level_8_or_more():
    # Holy Avenger (+7, Off): "This sword is +10 vs. any champion with a base level of 8 or
    # higher." The Knight (5) with it: 15 against the Wyrm (8), 12 against the Griffon (6).
    avenger, = real("4th/207")
    e = make_engine(avenger)
    for defender, total in (("Wyrm", 15), ("Griffon", 12)):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", ["4th/207"])]),
                   side(realms=["Vale"], hand=[defender, "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, defender)
        assert b.totals()[0] == total, defender
        check(b)


# --- more 4th Edition wordings of existing kinds; realm_attributes -----------------------------


def test_damara_doubles_its_forgotten_realms_defender_only():
    # Damara (realm): "Doubles the level of a defending Forgotten Realms champion as he is sent
    # forward; cards subsequently played are not doubled." The Knight (Forgotten Realms, 5)
    # defends at 10, his Militia adds 2 (12); the Priest (Greyhawk, 3) at 3.
    damara, = real("4th/6")
    e = make_engine(damara)
    for defender, level in (("Knight", 10), ("Priest", 3)):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Giant"]),
                   side(realms=["4th/6"], hand=[defender, "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, defender)
        assert b.totals() == [8, level], defender
    b.play(1, "Militia")
    assert b.totals() == [8, 5]
    b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Giant"]),
               side(realms=["4th/6"], hand=["Knight", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Knight")
    b.play(0, "Giant")
    b.play(1, "Militia")
    assert b.totals() == [12, 12]
    check(b)


def test_the_clay_golem_rips_away_the_opposing_allies():
    # Clay Golem (+4 ally): "rips away allies from the opposing champion, who must discard any
    # already played. The ally continues to rip away any more played." The Knight (5) and its
    # Militia (+2) lead the Mage (4) and Watchtower (2) 7-6; the Mage's Clay Golem discards the
    # Militia: 5 vs 10; the Knight may then play no ally (not the Giant), only the Punch.
    golem, = real("4th/247")
    b = battle(make_engine(golem), side(realms=["Vale"], hand=["Knight", "Militia", "Giant",
                                                             "Punch"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "4th/247"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Militia")
    assert b.totals() == [7, 6]
    b.play(1, "Clay Golem")
    assert b.totals() == [5, 10]
    assert "Practice Militia" in b.names(0, "discard")
    assert plays(b, 0) == {"Punch"}
    check(b)


def test_arden_glimrock_sends_drow_back_and_kills_drow_allies():
    # Arden Glimrock (cleric 8): "No drow can stand against this mighty leader; drow allies
    # are instantly killed, and drow champions return to their pools, defeated." Malleyahl (a
    # drow hero) attacking him loses the round at once and goes back to its pool; the Knight
    # may not play a drow ally against him.
    arden, malleyahl = real("4th/318", "4th/322")
    dark_elf = card(1, "T Dark Elf", CardType.ALLY, bonus=3, attributes=(10, 14))
    e = make_engine(arden, malleyahl, dark_elf)
    b = battle(e, side(realms=["Vale"], hand=["4th/322", "Giant"]),
               side(realms=["Vale"], hand=["4th/318"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Malleyahl")
    b.present(1, "Arden Glimrock")
    assert b.b.threat is not None  # RULES.md §1: the side about to lose may answer; it passes
    b.pass_(0)
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.pool_names(0) == ["Malleyahl"]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/1", "Militia"]),
               side(realms=["Vale"], hand=["4th/318"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Arden Glimrock")
    assert plays(b, 0) == {"Militia"}


def test_malleyahl_gains_defending_an_underdark_realm():
    # Malleyahl (hero 4): "gains 3 levels when defending an Underdark realm". At an Underdark
    # realm (attribute 42) she defends at 7; at the Vale at 4.
    malleyahl, = real("4th/322")
    deep = card(1, "T Deep Halls", CardType.REALM, attributes=(42,))
    e = make_engine(malleyahl, deep)
    for realm, level in (("T/1", 7), ("Vale", 4)):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Giant"]),
                   side(realms=[realm], hand=["4th/322", "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wyrm")
        b.present(1, "Malleyahl")
        assert b.totals() == [8, level], realm
        check(b)


# --- cards_barred, no_cards; an AD&D artifact's extra ally ----------------------------------------


def test_mindwipe_and_body_weaponry_bar_card_types():
    # Mindwipe (psionic power, Off): "An opposing champion cannot cast any spells or use psionic
    # power cards for the rest of this round of battle." A level 4 psionicist attacks a level 4
    # wizard who uses psionic powers too (+ Watchtower 2): before Mindwipe the wizard would be
    # offered the Bolt, the Mind Blast and the Militia; after it (and the Giant: 8 vs 6), only
    # the Militia.
    mindwipe, weaponry = real("4th/432", "4th/429")
    mentalist = card(1, "T Mentalist", CardType.PSIONICIST, level=4)
    mindmage = card(2, "T Mindmage", CardType.WIZARD, level=4, uses=("d11", "o11"))
    e = make_engine(mindwipe, weaponry, mentalist, mindmage)
    for spell, offered in (("Giant", {"Bolt", "Mind Blast", "Militia"}), ("Mindwipe",
                                                                          {"Militia"})):
        b = battle(e, side(realms=["Vale"], hand=["T/1", "4th/432", "Giant"]),
                   side(realms=[("Vale", False, "Watchtower")],
                        hand=["T/2", "Bolt", "Mind Blast", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Mentalist")
        b.present(1, "T Mindmage")
        b.play(0, spell)
        if spell == "Mindwipe":
            b.play(0, "Giant")
        assert b.totals() == [8, 6]
        assert plays(b, 1) == offered, spell
    # Body Weaponry (+6, Off): "Discards any unarmed combat cards in play and prevents further
    # unarmed combat cards from being used this round." The Knight (5) with the Punch (+2)
    # leads the Seer (4) + Watchtower 2, 7-6; Body Weaponry discards the Punch: 5 vs 12; the
    # Knight is offered the Militia, not his second Punch.
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Punch", "Punch", "Militia"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Seer", "4th/429"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Seer")
    b.play(0, "Punch")
    assert b.totals() == [7, 6]
    b.play(1, "Body Weaponry")
    assert b.totals() == [5, 12]
    assert "Practice Punch" in b.names(0, "discard")
    assert plays(b, 0) == {"Militia"}
    check(b)


def test_the_axe_of_the_dwarvish_lords_brings_a_plus_8_ally():
    # Axe of the Dwarvish Lords (AD&D artifact, +3): "The Axe can be attached to any champion
    # [an AD&D artifact: any world's]. In addition to the listed bonus, the Axe also gives the
    # attached champion a +8 ally." The Priest (Greyhawk, 3) carries it: 3 + 3 + 8 = 14.
    axe, = real("4th/457")
    assert carries(facts_of(axe), facts_of(card(1, "T Abbot", CardType.CLERIC, level=3,
                                               world=World.GREYHAWK)), [])
    b = battle(make_engine(axe), side(realms=["Vale"], pool=[("Priest", ["4th/457"])]),
               side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [14, 8]
    check(b)


# --- immune_harmful_events; carried_only_by with both fields -------------------------------------


def test_the_orb_of_power_shields_from_harmful_events():
    # Orb of Power (magical item, Def): "Offensive spells, offensive magical items, and harmful
    # events have no effect against the attached champion." The Griffon (a monster, 6) carries
    # it: Treasure (a harmful event: "discard all monsters in battle or pools") leaves it in the
    # battle, while the Shark in its pool is discarded; a harmful event taking 3 levels from the
    # opposing champion has no effect on it either (the Militia then counts: 6 vs 7).
    orb, treasure = real("4th/170", TREASURE)
    curse = card(1, "T Curse", CardType.EVENT, world=World.NO_WORLD, attributes=(22,),
                 effects=(Effect(EffectKind.OPPONENT_LOSES, amount=3),))
    e = make_engine(orb, treasure, curse)
    b = battle(e, side(realms=["Vale"], pool=[("Griffon", ["4th/170"]), "Shark"]),
               side(realms=["Vale"], hand=["Knight", TREASURE, "T/1", "Bolt", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "Knight")
    assert b.totals() == [6, 5]
    b.play(1, "Treasure")
    assert "Practice Shark" in b.names(0, "discard")
    assert b.b.champion[0] is not None and b.b.outcome is None
    b.play(1, "T Curse")
    assert b.totals() == [6, 5]
    b.play(1, "Militia")
    assert b.totals() == [6, 7]
    check(b)
    # Without the Orb, Treasure discards the Griffon (card play: the defender wins the round).
    b = battle(e, side(realms=["Vale"], pool=["Griffon", "Shark"]),
               side(realms=["Vale"], hand=["Knight", TREASURE], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "Knight")
    b.play(1, "Treasure")
    assert "Practice Griffon" in b.names(0, "discard") and b.b.winner == 1


def test_the_wand_of_orcus_is_carried_by_undead_monsters_and_slays():
    # Wand of Orcus (AD&D artifact, +9): "This wand can be attached to any undead monster
    # champion. When the wand is used in battle against an opposing champion of level 8 or
    # less, the opponent is instantly slain (discarded)." The Ghoul (an undead monster) may
    # carry it, the Griffon (a monster, not undead) and an undead hero may not. The Ghoul with
    # it attacks the Wyrm (8): slain at once.
    wand, = real("4th/456")
    wight = card(1, "T Wight", CardType.HERO, level=5, attributes=(40,))
    e = make_engine(wand, wight)
    for holder, fits in (("Ghoul", True), ("Griffon", False)):
        assert carries(facts_of(wand), e.facts(k(holder)), []) is fits, holder
    assert not carries(facts_of(wand), facts_of(wight), [])
    b = battle(e, side(realms=["Vale"], pool=[("Ghoul", ["4th/456"])]),
               side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Ghoul", zone="pool")
    b.present(1, "Wyrm")
    assert b.b.threat is not None
    b.pass_(1)
    assert b.find("champion_destroyed") and "Practice Wyrm" in b.names(1, "discard")
    check(b)


def test_the_winged_horror_doubles_its_weapons():
    # Winged Horror (monster 5): "Any magical item weapons attached to the Horror are doubled in
    # level." With a +3 weapon (attribute 44) and a +2 ring: 5 + 6 + 2 = 13.
    horror, = real("4th/266")
    blade = card(1, "T Blade", CardType.MAGICAL_ITEM, bonus=3, attributes=(44,))
    ring = card(2, "T Ring", CardType.MAGICAL_ITEM, bonus=2)
    b = battle(make_engine(horror, blade, ring),
               side(realms=["Vale"], pool=[("4th/266", ["T/1", "T/2"])]),
               side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Winged Horror", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [13, 8]
    check(b)


def test_tyrol_negates_an_offensive_unarmed_combat_card():
    # Tyrol (+4 ally): "Tyrol can be played at any time to negate an offensive unarmed combat
    # card. He gains 2 levels if played with a regent." The Knight (5) attacks The Harpy (a
    # regent, 5) and plays a +3 offensive unarmed combat card: 8 vs 5; Tyrol negates it: 5 vs
    # 5 + 4 + 2. The Punch (+2, not offensive) stays: 7 vs 11.
    tyrol, harpy = real("4th/215", HARPY)
    kick = card(1, "T Kick", CardType.UNARMED_COMBAT, bonus=3, mark=Mark.OFF)
    e = make_engine(tyrol, harpy, kick)
    for blow, name, totals in (("T/1", "T Kick", [5, 11]), ("Punch", "Punch", [7, 11])):
        b = battle(e, side(realms=["Vale"], hand=["Knight", blow]),
                   side(realms=["Vale"], hand=[HARPY, "4th/215"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "The Harpy")
        b.play(0, name)
        b.play(1, "Tyrol")
        assert b.totals() == totals, blow
        assert (b.find("spell_cancelled") != []) is (blow == "T/1")
        check(b)


def test_the_roper_feels_only_fire():
    # Roper (monster 9): "Only offensive spells and magical items that have the word "fire" in
    # their title have any effect on this monster." The Mage (4) with the Giant (+4) attacks it:
    # 8 vs 9; the Bolt (+3, Off) has no effect (8), a +2 offensive "Fire Dart" counts: 10.
    roper, = real("4th/321")
    dart = card(1, "T Fire Dart", CardType.WIZARD_SPELL, bonus=2, mark=Mark.OFF)
    b = battle(make_engine(roper, dart), side(realms=["Vale"], hand=["Mage", "Giant", "Bolt",
                                                                    "T/1"]),
               side(realms=["Vale"], hand=["4th/321"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Roper")
    b.play(0, "Giant")
    assert b.totals() == [8, 9]
    b.play(0, "Bolt")
    assert b.totals() == [8, 9]
    b.play(0, "T Fire Dart")
    assert b.totals() == [10, 9]
    check(b)


# --- allies_gain_movement ------------------------------------------------------------------------


def test_tyrinon_s_flying_allies_are_not_halved_by_malatra():
    # Malatra, the Living Jungle (1st Edition realm, defends as a level 6 monster): "The level of
    # attacking champions and allies that are not flyers is halved." Tyrinon (flying hero 5):
    # "Tyrinon's allies all become flyers. They are strengthened by his presence, and each
    # gains 2 levels." His Giant (+4) flies: 5 + 4 + 2 = 11. The Griffon's Giant is halved:
    # 6 + 2 = 8. Wind Walk (cleric spell): "The champion and his allies are considered flyers
    # for this round of battle": the Priest (3, halved to 2) and its Giant (halved to 2) make
    # 4, then 3 + 4 = 7 after Wind Walk.
    malatra, tyrinon, wind_walk = real("1st/432", "4th/258", "4th/399")
    e = make_engine(malatra, tyrinon, wind_walk)
    for attacker, name, total in (("4th/258", "Tyrinon", 11), ("Griffon", "Griffon", 8)):
        b = battle(e, side(realms=["Vale"], hand=[attacker, "Giant"]),
                   side(realms=["1st/432"], draw=["Squire"]))
        b.attack("A")
        b.present(0, name)
        b.step(player_1="Let the realm defend itself")
        assert b.totals() == [5 if name == "Tyrinon" else 6, 6]
        b.play(0, "Giant")
        assert b.find("totals")[-1].data["totals"] == [total, 6], name
    b = battle(e, side(realms=["Vale"], hand=["Priest", "Giant", "4th/399", "Militia"]),
               side(realms=["1st/432"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [2, 6]
    b.play(0, "Giant")
    assert b.totals() == [4, 6]
    b.play(0, "Wind Walk")
    assert b.find("totals")[-1].data["totals"] == [7, 6]
    check(b)


def test_the_flesh_golem_rips_away_magical_items():
    # Flesh Golem (+5 ally): "rips away magical items from the opposing champion, who must
    # discard all attached magical items. The ally continues to rip away any more played." The
    # Knight with the Sword (5 + 2) leads the Mage (4) and Watchtower (2) 7-6; the Flesh Golem
    # discards the Sword: 5 vs 11; the Knight may play the Militia, not the Shield.
    golem, = real("4th/235")
    b = battle(make_engine(golem),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Shield", "Militia"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "4th/235"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [7, 6]
    b.play(1, "Flesh Golem")
    assert b.totals() == [5, 11]
    assert "Practice Sword" in b.names(0, "discard")
    assert plays(b, 0) == {"Militia"}
    check(b)


def test_charm_aura_takes_the_opposing_allies_of_plus_5_or_less():
    # Charm Aura (blood ability, Off): "All opposing allies of +5 or less are forced to switch
    # sides." The Knight (5) plays the Giant (+4) or a +6 Ogre against The Harpy (5, a regent:
    # blood abilities), which plays the Squire (+1) then Charm Aura: the Giant switches (5 vs
    # 10), the Ogre does not (11 vs 6).
    aura, harpy = real("4th/447", HARPY)
    ogre = card(1, "T Ogre", CardType.ALLY, bonus=6)
    e = make_engine(aura, harpy, ogre)
    for ally, name, totals in (("Giant", "Giant", [5, 10]), ("T/1", "T Ogre", [11, 6])):
        b = battle(e, side(realms=["Vale"], hand=["Knight", ally, "Militia"]),
                   side(realms=["Vale"], hand=[HARPY, "4th/447", "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "The Harpy")
        b.play(0, name)
        b.play(1, "Squire")
        b.play(1, "Charm Aura")
        assert b.totals() == totals, name
        check(b)


def test_pearl_and_amber_help_their_sisters_from_the_pool():
    # Pearl (cleric 3): "Pearl can bless all allies played with her or her sisters, Amber and
    # Aquamarina, giving each ally a +2 bonus." Amber (cleric 5): "Amber can magically enhance
    # all magical items held by her or her sisters, Pearl and Aquamarina, giving each item a +2
    # bonus." Amber with the Sword, Pearl in the pool: 5 + 2 + 2 = 9 vs the Wyrm (8); the Wyrm's
    # Giant makes 12; Amber's Militia counts 2 + 2 (Pearl): 13. The Priest with the Sword and
    # Pearl beside him: 3 + 2 = 5, and his Militia only +2: 7.
    pearl, amber = real("4th/304", "4th/305")
    e = make_engine(pearl, amber)
    b = battle(e, side(realms=["Vale"], pool=[("4th/305", ["Sword"]), "4th/304"],
                       hand=["Militia"]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Amber", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [9, 8]
    b.play(1, "Giant")
    assert b.totals() == [9, 12]
    b.play(0, "Militia")
    assert b.totals() == [13, 12]
    check(b)
    b = battle(e, side(realms=["Vale"], pool=[("Priest", ["Sword"]), "4th/304"],
                       hand=["Militia"]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [5, 8]
    b.play(0, "Militia")
    assert b.totals() == [7, 8]
    check(b)


def test_only_swimming_allies_against_the_death_ship():
    # The Death Ship (undead swimming monster 4): "Only swimming allies may be played against
    # this champion." With the Giant it leads the Knight 8-5; the Knight is offered a swimming
    # ally (+2), not the Militia.
    ship, = real("4th/355")
    dolphin = card(1, "T Dolphin", CardType.ALLY, bonus=2, attributes=(37,))
    b = battle(make_engine(ship, dolphin), side(realms=["Vale"], hand=["4th/355", "Giant"]),
               side(realms=["Vale"], hand=["Knight", "Militia", "T/1"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "The Death Ship")
    b.present(1, "Knight")
    b.play(0, "Giant")
    assert b.totals() == [8, 5]
    assert plays(b, 1) == {"T Dolphin"}
    b.play(1, "T Dolphin")
    assert b.totals() == [8, 7]
    check(b)


def test_fortification_barricade_halves_attackers_rounding_down():
    # Fortification: Barricade (holding): "The base level of all champions and allies attacking
    # the attached realm is halved (rounded down)." The Knight (5 -> 2), its Giant (4 -> 2) and
    # Militia (2 -> 1) against the Mage (4): 2, 4, 5 (Lhespenbog, rounding up, gives 3 for 5).
    barricade, = real("4th/89")
    b = battle(make_engine(barricade), side(realms=["Vale"], hand=["Knight", "Giant", "Militia"]),
               side(realms=[("Vale", False, "4th/89")], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [2, 4]
    b.play(0, "Giant")
    assert b.totals() == [4, 4]
    b.play(0, "Militia")
    assert b.find("totals")[-1].data["totals"] == [5, 4]
    check(b)
